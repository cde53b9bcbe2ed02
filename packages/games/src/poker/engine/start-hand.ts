import { type Card } from '../../cards/index.ts';
import { shuffle, type Rng } from '../../rng/index.ts';
import { maxChips } from './chips.ts';
import { clockwiseAfterSeat, freezeDraft, indexOfSeat, type Draft } from './draft.ts';
import { InvalidHandOptions } from './illegal-action.ts';
import { transition } from './machine.ts';
import { defaultTableRules, validateRakeRule, validateTableRules } from './rules.ts';
import {
  allAutomations,
  type Automation,
  type BlindAssignment,
  type HandConfig,
  type SeatedPlayer,
  type Stakes,
  type TableRules,
  type Transition,
  type Variant,
} from './types.ts';

export interface StartHandOptions {
  readonly handId: string;
  readonly variant: Variant;
  readonly stakes: Stakes;
  /** Defaults to `defaultTableRules`. */
  readonly rules?: TableRules;
  /** Seats at the table (2..10); seat numbers run 1..seatCount clockwise. */
  readonly seatCount: number;
  /** May be an empty seat (dead button, 000-001:A-09). */
  readonly buttonSeat: number;
  /** Dealt-in players, any order. */
  readonly players: readonly SeatedPlayer[];
  /** Who posts which blind; default: derived from the button (see `defaultBlinds`). */
  readonly blinds?: Partial<BlindAssignment>;
  /** The deck order to deal from (replays, tests) … */
  readonly deck?: readonly Card[];
  /** … or the generator that shuffles the variant's deck. Exactly one of the two. */
  readonly rng?: Rng;
  /** Enabled automations; default all. */
  readonly automations?: readonly Automation[];
}

/**
 * Blinds from the button: the first player left of it posts the small blind, the next the big
 * blind (000-001:BTN-04, 003:R-TH-02 A, 004:GAM-PT-02). Heads-up the default is the usual convention,
 * the button posting the small blind (000-001:A-08); "literal-left-of-button" follows 003:R-TH-06.
 */
export function defaultBlinds(players: readonly SeatedPlayer[], buttonSeat: number, rules: TableRules): BlindAssignment {
  const sorted = [...players].sort((a, b) => a.seat - b.seat);
  const order = clockwiseAfterSeat(sorted, buttonSeat).map((k) => sorted[k]!.seat);
  const buttonPlays = sorted.some((player) => player.seat === buttonSeat);
  if (sorted.length === 2 && buttonPlays && rules.headsUpBlinds === 'button-posts-small-blind') {
    return { smallBlindSeat: buttonSeat, bigBlindSeat: order[0]!, straddleSeat: null, extraPosts: [] };
  }
  return { smallBlindSeat: order[0]!, bigBlindSeat: order[1]!, straddleSeat: null, extraPosts: [] };
}

/** Deals a new hand and runs every enabled automation up to the first decision. */
export function startHand(options: StartHandOptions): Transition {
  const rules = options.rules ?? defaultTableRules;
  const players = [...options.players].sort((a, b) => a.seat - b.seat);
  const blinds = { ...defaultBlinds(players, options.buttonSeat, rules), ...options.blinds };
  validateOptions(options, rules, players, blinds);
  const config: HandConfig = Object.freeze({
    handId: options.handId,
    variant: options.variant,
    stakes: options.stakes,
    rules,
    seatCount: options.seatCount,
    buttonSeat: options.buttonSeat,
    blinds: Object.freeze({ ...blinds, extraPosts: Object.freeze(blinds.extraPosts.map((post) => Object.freeze({ ...post }))) }),
    automations: Object.freeze([...(options.automations ?? allAutomations)]),
  });
  const cap = options.stakes.contributionMax;
  const draft: Draft = {
    config,
    deck: Object.freeze(options.deck ? [...options.deck] : shuffle(options.variant.deck, options.rng!)),
    deckIndex: 0,
    players: players.map((player) => {
      const reserved = cap === null ? 0n : maxChips(0n, player.stack - cap);
      return {
        seat: player.seat,
        name: player.name,
        startingStack: player.stack,
        reserved,
        stack: player.stack - reserved,
        bet: 0n,
        contributed: 0n,
        dead: 0n,
        hole: [],
        status: 'active',
        needsToAct: false,
        mayRaise: false,
        showdown: 'none',
        runCountChoice: null,
      };
    }),
    phase: 'forced-bets',
    street: -1,
    boards: [[]],
    betting: null,
    lastRound: null,
    pots: [],
    showdownOrder: [],
    result: null,
    operations: [],
  };
  return transition(freezeDraft(draft), () => undefined);
}

function validateOptions(
  options: StartHandOptions,
  rules: TableRules,
  players: readonly SeatedPlayer[],
  blinds: BlindAssignment,
): void {
  const { variant, stakes } = options;
  validateTableRules(rules);
  validateRakeRule(stakes.rake);
  validateSeating(options, players, variant);
  if (stakes.bigBlind <= 0n || stakes.smallBlind < 0n || stakes.smallBlind > stakes.bigBlind)
    throw new InvalidHandOptions('blinds must satisfy 0 ≤ small blind ≤ big blind, big blind > 0');
  if (stakes.ante < 0n) throw new InvalidHandOptions('the ante must not be negative');
  if (stakes.contributionMax !== null && stakes.contributionMax <= 0n)
    throw new InvalidHandOptions('contributionMax must be positive');
  if ((options.deck === undefined) === (options.rng === undefined))
    throw new InvalidHandOptions('give exactly one of deck and rng');
  if (options.deck) validateDeck(options.deck, variant);
  validateBlinds(options, rules, players, blinds);
}

function validateSeating(options: StartHandOptions, players: readonly SeatedPlayer[], variant: Variant): void {
  if (!Number.isInteger(options.seatCount) || options.seatCount < 2 || options.seatCount > 10)
    throw new InvalidHandOptions('a table has 2 to 10 seats');
  if (players.length < 2) throw new InvalidHandOptions('a hand needs at least two players (000-001:TBL-02, 004:GAM-P-01)');
  if (players.length > variant.playersMax)
    throw new InvalidHandOptions(`${variant.name} deals to at most ${variant.playersMax} players`);
  const seats = new Set(players.map((player) => player.seat));
  if (seats.size !== players.length) throw new InvalidHandOptions('two players on one seat');
  for (const player of players) {
    if (!Number.isInteger(player.seat) || player.seat < 1 || player.seat > options.seatCount)
      throw new InvalidHandOptions(`seat ${player.seat} is not at this table`);
    if (player.stack <= 0n) throw new InvalidHandOptions(`seat ${player.seat} has no chips to play`);
  }
  if (!Number.isInteger(options.buttonSeat) || options.buttonSeat < 1 || options.buttonSeat > options.seatCount)
    throw new InvalidHandOptions('the button must be on a seat of this table');
}

function validateDeck(deck: readonly Card[], variant: Variant): void {
  const expected = [...variant.deck].sort((a, b) => a - b).join();
  if ([...deck].sort((a, b) => a - b).join() !== expected)
    throw new InvalidHandOptions(`the deck must be an order of the ${variant.deck.length}-card ${variant.name} deck`);
}

function validateBlinds(
  options: StartHandOptions,
  rules: TableRules,
  players: readonly SeatedPlayer[],
  blinds: BlindAssignment,
): void {
  const seated = (seat: number | null): boolean => seat === null || indexOfSeat(players, seat) !== -1;
  if (!seated(blinds.smallBlindSeat) || !seated(blinds.bigBlindSeat) || blinds.smallBlindSeat === blinds.bigBlindSeat)
    throw new InvalidHandOptions('the blinds must be posted by two different dealt-in players');
  for (const post of blinds.extraPosts) {
    if (!seated(post.seat) || post.live < 0n || post.dead < 0n || post.live > options.stakes.bigBlind)
      throw new InvalidHandOptions(`bad extra post for seat ${post.seat}`);
  }
  if (blinds.straddleSeat === null) return;
  // 003:R-TH-02 B: only on straddle tables, by the player left of the big blind, for more than the big blind.
  const leftOfBigBlind = players[clockwiseAfterSeat(players, blinds.bigBlindSeat)[0]!]!.seat;
  if (!rules.straddleAllowed) throw new InvalidHandOptions('this table does not allow straddles');
  if (options.variant.structure === 'fixed-limit')
    throw new InvalidHandOptions('no straddle at fixed limit (decision, 003:§5-44)');
  if (players.length < 3 || blinds.straddleSeat !== leftOfBigBlind)
    throw new InvalidHandOptions('only the player left of the big blind may straddle, with three or more players');
  if (options.stakes.straddle <= options.stakes.bigBlind)
    throw new InvalidHandOptions('a straddle must be bigger than the big blind');
}
