import { parseCards, type Card } from '../../../cards/index.ts';
import { act, type PlayerAction } from '../actions.ts';
import { chooseRunCount } from '../steps.ts';
import { startHand, type StartHandOptions } from '../start-hand.ts';
import type {
  Automation,
  BettingStructure,
  BlindAssignment,
  Chips,
  HandState,
  Operation,
  Stakes,
  TableRules,
  Variant,
} from '../types.ts';
import { createVariant, type GameKind, type VariantRankings } from '../variants.ts';
import { testRankings } from './test-rankings.ts';

/** Test helpers: rigged decks, compact action scripts. Not part of the public API. */

export function testVariant(game: GameKind, structure: BettingStructure, rankings: VariantRankings = testRankings): Variant {
  return createVariant(game, structure, rankings);
}

export function testStakes(smallBlind: Chips, bigBlind: Chips, extra: Partial<Stakes> = {}): Stakes {
  return {
    smallBlind,
    bigBlind,
    ante: 0n,
    anteMode: 'none',
    straddle: 2n * bigBlind,
    rake: { rateBps: 0, capPerHand: null, noFlopNoDrop: true },
    contributionMax: null,
    ...extra,
  };
}

/**
 * A deck that deals the given hole cards and boards: hole cards go one per circuit from the first
 * seat left of the button, then the board cards of run 0, then of later runs; every other card
 * follows in deck order. Seats without given cards get the next unused cards.
 */
export function riggedDeck(
  variant: Variant,
  seats: readonly number[],
  buttonSeat: number,
  holes: Readonly<Record<number, string>>,
  boards: readonly string[] = [],
): Card[] {
  const sorted = [...seats].sort((a, b) => a - b);
  const first = sorted.findIndex((seat) => seat > buttonSeat);
  const order = sorted.map((_, k) => sorted[((first === -1 ? 0 : first) + k) % sorted.length]!);
  const given = new Set<Card>([
    ...Object.values(holes).flatMap((text) => parseCards(text)),
    ...boards.flatMap((text) => parseCards(text)),
  ]);
  const spare = variant.deck.filter((card) => !given.has(card));
  const take = (): Card => spare.shift()!;
  const deck: Card[] = [];
  for (let circuit = 0; circuit < variant.holeCardCount; circuit++) {
    for (const seat of order) deck.push(holes[seat] ? parseCards(holes[seat]!)[circuit]! : take());
  }
  for (const board of boards) deck.push(...parseCards(board));
  return [...deck, ...spare];
}

export interface TestHandOptions {
  readonly variant?: Variant;
  readonly stakes?: Stakes;
  readonly rules?: TableRules;
  readonly seatCount?: number;
  readonly button: number;
  /** seat → stack */
  readonly stacks: Readonly<Record<number, number | bigint>>;
  /** seat → name; default "P<seat>" */
  readonly names?: Readonly<Record<number, string>>;
  readonly holes?: Readonly<Record<number, string>>;
  /** Board of run 0 (up to five cards), then boards of later runs. */
  readonly boards?: readonly string[];
  readonly blinds?: Partial<BlindAssignment>;
  readonly automations?: readonly Automation[];
}

export function testHandOptions(options: TestHandOptions): StartHandOptions {
  const variant = options.variant ?? testVariant('holdem', 'no-limit');
  const seats = Object.keys(options.stacks).map(Number);
  return {
    handId: 'test-hand',
    variant,
    stakes: options.stakes ?? testStakes(1n, 2n),
    rules: options.rules,
    seatCount: options.seatCount ?? 10,
    buttonSeat: options.button,
    players: seats.map((seat) => ({ seat, name: options.names?.[seat] ?? `P${seat}`, stack: BigInt(options.stacks[seat]!) })),
    blinds: options.blinds,
    deck: riggedDeck(variant, seats, options.button, options.holes ?? {}, options.boards ?? []),
    automations: options.automations,
  };
}

export function deal(options: TestHandOptions): HandState {
  return startHand(testHandOptions(options)).state;
}

/**
 * Plays a script like "4:r7 5:f 1:c 2:x 3:b10 4:a 6:t 2:run2": f fold, x check, c call, b<to> bet,
 * r<to> raise, a all-in, t time-out, run<n> run-count proposal.
 */
export function play(state: HandState, script: string): HandState {
  let current = state;
  for (const token of script.trim().split(/\s+/).filter(Boolean)) {
    const [seatText, move] = token.split(':') as [string, string];
    const seat = Number(seatText);
    current = move.startsWith('run')
      ? chooseRunCount(current, seat, Number(move.slice(3))).state
      : act(current, seat, parseMove(move)).state;
  }
  return current;
}

function parseMove(move: string): PlayerAction {
  const amount = (): bigint => BigInt(move.slice(1));
  switch (move[0]) {
    case 'f':
      return { kind: 'fold' };
    case 'x':
      return { kind: 'check' };
    case 'c':
      return { kind: 'call' };
    case 'b':
      return { kind: 'bet', amount: amount() };
    case 'r':
      return { kind: 'raise', to: amount() };
    case 'a':
      return { kind: 'all-in' };
    case 't':
      return { kind: 'time-out' };
    default:
      throw new Error(`unknown move ${move}`);
  }
}

export function stackOf(state: HandState, seat: number): bigint {
  const result = state.result?.players.find((player) => player.seat === seat);
  if (result) return result.endingStack;
  const player = state.players.find((p) => p.seat === seat)!;
  return player.stack + player.reserved;
}

export function wonBy(state: HandState): Record<number, bigint> {
  const won: Record<number, bigint> = {};
  for (const player of state.result?.players ?? []) if (player.won > 0n) won[player.seat] = player.won;
  return won;
}

export function operationsOf<K extends Operation['kind']>(state: HandState, kind: K): Extract<Operation, { kind: K }>[] {
  return state.operations.filter((operation): operation is Extract<Operation, { kind: K }> => operation.kind === kind);
}
