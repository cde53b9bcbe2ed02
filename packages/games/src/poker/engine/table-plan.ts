import { invariant } from './chips.ts';
import { InvalidHandOptions } from './illegal-action.ts';
import type { BlindAssignment, Chips, ExtraPost, HeadsUpBlinds } from './types.ts';

/**
 * Who is dealt in next, where the button goes, who posts what. The seeds differ (000-001:D-07..09,
 * A-09..11; 003:R-ENTRY-*, R-REENTRY-*), so the table picks a profile:
 *
 * "dead-button" (000 Art. 7, 12): the big blind moves to the next player every hand; last hand's big
 *   blind seat posts the small blind (dead when that player is gone); last hand's small blind seat
 *   gets the button (dead when empty). A new player takes the big blind or posts a big blind
 *   anywhere; a player who missed the big blind posts one to come back.
 * "moving-button" (001 §2.4, §11.4–11.5; 003 §2.3): the button goes to the next player who played,
 *   the blinds follow it. A new or returning player may come in on the big blind, never on the small
 *   blind: the small blind is the first player after the button who is already playing, and anyone
 *   wanting in before that seat waits (decision D-810); elsewhere a new player posts a big blind, a
 *   returning player posts a big blind if the big blind passed their seat and a small blind too
 *   (dead) if the button did.
 * Posts are live for the big-blind part and dead for the small-blind part (000-001,
 * 003:§5-27). At a table's first hand nobody posts extra (000-001:A-11).
 */
export type ButtonRule = 'dead-button' | 'moving-button';

export type SeatIntent =
  | { readonly seat: number; readonly kind: 'playing' }
  | { readonly seat: number; readonly kind: 'sitting-out' }
  /** Sat down and wants in; `waitForBigBlind` = rather wait than post. */
  | { readonly seat: number; readonly kind: 'joining'; readonly waitForBigBlind: boolean }
  /** Back from sitting out; the flags are what `missed` reported while they were out. */
  | { readonly seat: number; readonly kind: 'returning'; readonly missedBigBlind: boolean; readonly missedButton: boolean };

export interface Positions {
  readonly buttonSeat: number;
  /** Where the small blind was due, posted or not (the dead-button rule moves the button here). */
  readonly smallBlindPosition: number;
  readonly bigBlindSeat: number;
}

export interface TablePlanOptions {
  readonly seatCount: number;
  readonly buttonRule: ButtonRule;
  readonly headsUpBlinds: HeadsUpBlinds;
  readonly smallBlind: Chips;
  readonly bigBlind: Chips;
  readonly seats: readonly SeatIntent[];
  /** Last hand's positions; null at a table's first hand. */
  readonly previous: Positions | null;
  /** First hand only: where the button starts (a draw the table made). */
  readonly firstButtonSeat?: number;
}

export interface HandPlan {
  readonly buttonSeat: number;
  readonly blinds: BlindAssignment;
  readonly dealtIn: readonly number[];
  /** Seats that want in but must wait this hand. */
  readonly waiting: readonly number[];
  readonly positions: Positions;
  /** Seats not dealt in that the big blind or the button passed this hand (the table accumulates them). */
  readonly missed: readonly { readonly seat: number; readonly bigBlind: boolean; readonly button: boolean }[];
}

/** Seats clockwise strictly after `from`, wrapping around the table, `from` itself last. */
function seatsAfter(seatCount: number, from: number): number[] {
  return Array.from({ length: seatCount }, (_, k) => ((from + k) % seatCount) + 1);
}

/** Whether `seat` lies strictly between `from` and `to` going clockwise. */
function strictlyBetween(seatCount: number, from: number, to: number, seat: number): boolean {
  const walk = seatsAfter(seatCount, from);
  return walk.indexOf(seat) < walk.indexOf(to) && seat !== to;
}

export function planNextHand(options: TablePlanOptions): HandPlan {
  const intents = new Map(options.seats.map((intent) => [intent.seat, intent]));
  invariant(intents.size === options.seats.length, 'one intent per seat');
  const wantsIn = (seat: number): boolean => {
    const kind = intents.get(seat)?.kind;
    return kind === 'playing' || kind === 'joining' || kind === 'returning';
  };
  const players = [...intents.keys()].filter(wantsIn);
  if (players.length < 2) throw new InvalidHandOptions('a hand needs at least two players');
  let positions: PlannedPositions;
  if (players.length === 2 && options.headsUpBlinds === 'button-posts-small-blind')
    positions = headsUpPositions(options, wantsIn);
  else if (options.previous === null) positions = firstPositions(options, wantsIn);
  else
    positions =
      options.buttonRule === 'dead-button' ? deadButtonPositions(options, wantsIn) : movingButtonPositions(options, wantsIn);
  return assemble(options, positions, wantsIn);
}

type PlannedPositions = Positions & {
  readonly smallBlindSeat: number | null;
  /** Seats that want in but sit where the small blind falls, so they wait (moving button only). */
  readonly smallBlindWaiting: readonly number[];
};

/** Heads-up convention (000-001:A-08): the button posts the small blind; the big blind alternates. */
function headsUpPositions(options: TablePlanOptions, wantsIn: (seat: number) => boolean): PlannedPositions {
  let buttonSeat: number;
  if (options.previous === null) buttonSeat = options.firstButtonSeat ?? 0;
  else if (options.buttonRule === 'dead-button')
    buttonSeat = seatsAfter(options.seatCount, options.previous.bigBlindSeat).find(wantsIn)!;
  else buttonSeat = seatsAfter(options.seatCount, options.previous.buttonSeat).find(wantsIn)!;
  if (!wantsIn(buttonSeat)) throw new InvalidHandOptions('the first hand needs a button on a player');
  // Dead-button rule: the big blind moves on, so the other player has the button.
  if (options.previous !== null && options.buttonRule === 'dead-button')
    buttonSeat = seatsAfter(options.seatCount, buttonSeat).find(wantsIn)!;
  const bigBlindSeat = seatsAfter(options.seatCount, buttonSeat).find(wantsIn)!;
  return { buttonSeat, smallBlindPosition: buttonSeat, smallBlindSeat: buttonSeat, bigBlindSeat, smallBlindWaiting: [] };
}

function firstPositions(options: TablePlanOptions, wantsIn: (seat: number) => boolean): PlannedPositions {
  const button = options.firstButtonSeat;
  if (button === undefined || !wantsIn(button)) throw new InvalidHandOptions('the first hand needs a button on a player');
  const [small, big] = seatsAfter(options.seatCount, button).filter(wantsIn);
  return {
    buttonSeat: button,
    smallBlindPosition: small!,
    smallBlindSeat: small!,
    bigBlindSeat: big ?? button,
    smallBlindWaiting: [],
  };
}

function deadButtonPositions(options: TablePlanOptions, wantsIn: (seat: number) => boolean): PlannedPositions {
  const previous = options.previous!;
  const bigBlindSeat = seatsAfter(options.seatCount, previous.bigBlindSeat).find(wantsIn)!;
  const smallStillPlays = options.seats.some((intent) => intent.seat === previous.bigBlindSeat && intent.kind === 'playing');
  return {
    buttonSeat: previous.smallBlindPosition,
    smallBlindPosition: previous.bigBlindSeat,
    smallBlindSeat: smallStillPlays ? previous.bigBlindSeat : null,
    bigBlindSeat,
    smallBlindWaiting: [],
  };
}

function movingButtonPositions(options: TablePlanOptions, wantsIn: (seat: number) => boolean): PlannedPositions {
  const previous = options.previous!;
  const played = (seat: number): boolean => options.seats.some((intent) => intent.seat === seat && intent.kind === 'playing');
  // 001 §2.4: only players who are playing can hold the button.
  const buttonSeat =
    seatsAfter(options.seatCount, previous.buttonSeat).find(played) ??
    seatsAfter(options.seatCount, previous.buttonSeat).find(wantsIn)!;
  const inOrder = seatsAfter(options.seatCount, buttonSeat).filter((seat) => wantsIn(seat) && seat !== buttonSeat);
  // Nobody comes in on the small blind (000-001:BTN-10, BTN-11; 003:R-ENTRY-03, R-REENTRY-04): the
  // small blind passes to the next player already playing, so no seat posts the big blind twice in
  // a row (000-001:A-09, T-09). With no such player there is no small blind at all.
  const smallBlindAt = inOrder.findIndex(played);
  if (smallBlindAt === -1)
    return {
      buttonSeat,
      smallBlindPosition: inOrder[0]!,
      smallBlindSeat: null,
      bigBlindSeat: inOrder[0]!,
      smallBlindWaiting: [],
    };
  const smallBlindSeat = inOrder[smallBlindAt]!;
  const bigBlindSeat = inOrder[smallBlindAt + 1] ?? buttonSeat;
  return {
    buttonSeat,
    smallBlindPosition: inOrder[0]!,
    smallBlindSeat,
    bigBlindSeat,
    smallBlindWaiting: inOrder.slice(0, smallBlindAt),
  };
}

function assemble(options: TablePlanOptions, positions: PlannedPositions, wantsIn: (seat: number) => boolean): HandPlan {
  const extraPosts: ExtraPost[] = [];
  const waiting: number[] = [];
  const dealtIn: number[] = [];
  for (const intent of [...options.seats].sort((a, b) => a.seat - b.seat)) {
    if (!wantsIn(intent.seat)) continue;
    const decision = entryOf(options, positions, intent);
    if (decision === 'wait') waiting.push(intent.seat);
    else dealtIn.push(intent.seat);
    if (decision !== 'wait' && decision !== 'free') extraPosts.push(decision);
  }
  if (dealtIn.length < 2) throw new InvalidHandOptions('fewer than two players can be dealt in');
  const { smallBlindSeat, buttonSeat } = positions;
  return {
    buttonSeat,
    blinds: {
      smallBlindSeat,
      bigBlindSeat: positions.bigBlindSeat,
      straddleSeat: null,
      extraPosts: extraPosts.filter((post) => post.seat !== smallBlindSeat),
    },
    dealtIn,
    waiting,
    positions: { buttonSeat, smallBlindPosition: positions.smallBlindPosition, bigBlindSeat: positions.bigBlindSeat },
    missed: missedBy(options, positions, dealtIn),
  };
}

/** How a seat enters this hand: normally ("free"), with a post, or not at all. */
function entryOf(options: TablePlanOptions, positions: PlannedPositions, intent: SeatIntent): ExtraPost | 'free' | 'wait' {
  const seat = intent.seat;
  if (
    intent.kind === 'playing' ||
    options.previous === null ||
    seat === positions.bigBlindSeat ||
    seat === positions.smallBlindSeat
  )
    return 'free';
  if (positions.smallBlindWaiting.includes(seat)) return 'wait';
  if (intent.kind === 'joining') return intent.waitForBigBlind ? 'wait' : { seat, live: options.bigBlind, dead: 0n };
  if (intent.kind !== 'returning') return 'wait';
  if (options.buttonRule === 'moving-button' && intent.missedButton)
    return { seat, live: options.bigBlind, dead: options.smallBlind };
  return intent.missedBigBlind || intent.missedButton ? { seat, live: options.bigBlind, dead: 0n } : 'free';
}

function missedBy(options: TablePlanOptions, positions: Positions, dealtIn: readonly number[]): HandPlan['missed'] {
  const previous = options.previous;
  if (previous === null) return [];
  return options.seats
    .filter((intent) => intent.kind !== 'playing' && !dealtIn.includes(intent.seat))
    .map((intent) => ({
      seat: intent.seat,
      bigBlind:
        intent.seat === positions.bigBlindSeat ||
        strictlyBetween(options.seatCount, previous.bigBlindSeat, positions.bigBlindSeat, intent.seat),
      button:
        intent.seat === positions.buttonSeat ||
        strictlyBetween(options.seatCount, previous.buttonSeat, positions.buttonSeat, intent.seat),
    }))
    .filter((entry) => entry.bigBlind || entry.button);
}
