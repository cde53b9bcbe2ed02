import type { Card } from '../../cards/index.ts';
import { SeededRng, shuffle } from '../../rng/index.ts';
import type { HandRanking, HandStrength } from '../evaluator/ranking.ts';
import { findWinners } from '../evaluator/find-winners.ts';
import { buildPots } from '../engine/pots.ts';
import { showdownSequence } from '../engine/showdown.ts';
import { invariant, splitEvenly, sumChips } from '../engine/chips.ts';
import type { Chips } from '../engine/types.ts';
import { studDeck, type DrawGame, type FixedLimitGame, type StudGame } from './games.ts';
import { bringInPlayer, openerByBoard, showsOpenPair } from './stud-board.ts';

/**
 * The fixed-limit hand engine for the stud and draw games (issue 20): pure and deterministic; a
 * state plus a move gives a new state (the old one is never changed). Players are indexed
 * clockwise from the dealer's left: in stud player 0 sits left of the dealer; in the draw games
 * the button is the last player, so with three or more players 0 is the small blind and 1 the big
 * blind, and heads-up 0 is the big blind and 1 the button, who posts the small blind.
 */

export interface FixedLimitStakes {
  /** Every player's ante (stud always, 000-001 VAR-ST-02; draw games optionally). */
  readonly ante: Chips;
  /** Stud only (000-001 VAR-ST-04, 002 STUD-04). */
  readonly bringIn: Chips;
  /** Draw games only. */
  readonly smallBlind: Chips;
  readonly bigBlind: Chips;
  /** Small bet: stud 3rd and 4th street, draw the first two rounds (002 STUD-05, PK-STR-08). */
  readonly smallBet: Chips;
  /** Big bet: stud 5th street on (002 STUD-07), draw the later rounds. */
  readonly bigBet: Chips;
}

/** Where the rule books (and PokerKit) differ; a table's profile picks (by-capability §3d). */
export interface FixedLimitRules {
  /** Bets per round, the opening bet or completion included (000-001 BET-11: 4). */
  readonly betsMax: number;
  /** Whether the big blind counts as the opening bet toward `betsMax` (000-001 A-04: yes; PokerKit: no). */
  readonly blindCountsAsBet: boolean;
  /**
   * An all-in raise short of a full bet reopens the betting for players who already acted:
   * 'half-bet' when it is at least half a bet (the common fixed-limit rule) or only 'full-raise'
   * (PokerKit: consecutive short all-ins count once they add up to a full bet).
   */
  readonly shortAllInReopens: 'half-bet' | 'full-raise';
  /** Equal boards on 4th–7th street: 'position' (000-001 VAR-ST-06) or 'suit' (002 AMB-STUD-FIRST). */
  readonly boardTie: 'position' | 'suit';
  /** Before the draw: the first player after the big blind (002 DRAW5-01) or the SB seat (000-001 A-12, 003 R-DRAW-02). */
  readonly drawFirstActor: 'after-big-blind' | 'small-blind-seat';
}

export const defaultFixedLimitRules: FixedLimitRules = Object.freeze({
  betsMax: 4,
  blindCountsAsBet: true,
  shortAllInReopens: 'half-bet',
  boardTie: 'suit',
  drawFirstActor: 'after-big-blind',
});

export interface FixedLimitHandOptions {
  readonly game: FixedLimitGame;
  readonly stakes: FixedLimitStakes;
  readonly rules?: FixedLimitRules;
  readonly stacks: readonly Chips[];
  /** The deck for this hand, shuffled (the seed commitment covers it). */
  readonly deck: readonly Card[];
  /** Seed of the discard reshuffles (draw games, 002 DRAW5-05), from the hand's round seed. */
  readonly reshuffleSeed?: string;
  /**
   * Draw games: who posts which blind and the extra posts of players coming in (the table's planner,
   * 000-001:BTN-08..11, D-2051). Absent: player 0 the small blind and 1 the big (heads-up the other way round).
   */
  readonly blinds?: FixedLimitBlinds;
  /** Whether a beaten hand may be mucked at the showdown (the table's `muckAllowed`, D-812, D-2050). Absent: no. */
  readonly muckAllowed?: boolean;
}

/** The forced bets of a draw hand by player index (engine order). */
export interface FixedLimitBlinds {
  /** Null: no small blind this hand (nobody plays on the seat where it falls). */
  readonly small: number | null;
  readonly big: number;
  /** Extra posts: `live` counts toward the player's bet (a big blind), `dead` goes to the pot (a missed small blind). */
  readonly posts: readonly { readonly player: number; readonly live: Chips; readonly dead: Chips }[];
}

/** The engine's blinds when the table names none: player 0 posts the small blind, 1 the big (heads-up the reverse). */
export function defaultFixedLimitBlinds(players: number): FixedLimitBlinds {
  return players === 2 ? { small: 1, big: 0, posts: [] } : { small: 0, big: 1, posts: [] };
}

export type FixedLimitMove =
  | { readonly kind: 'fold' }
  | { readonly kind: 'check' }
  | { readonly kind: 'call' }
  | { readonly kind: 'bring-in' }
  /** bet, raise or (stud) complete, to this street bet. */
  | { readonly kind: 'raise'; readonly to: Chips }
  | { readonly kind: 'draw'; readonly discard: readonly Card[] };

export interface FixedLimitLegal {
  readonly player: number;
  readonly kind: 'bet' | 'bring-in' | 'draw';
  readonly fold: boolean;
  readonly check: boolean;
  /** Chips a call adds; null when there is nothing to call or on the bring-in decision. */
  readonly call: Chips | null;
  /** The bring-in amount (bring-in decision only). */
  readonly bringIn: Chips | null;
  /** Bet/raise/complete to: `min` = `max` except the 4th-street open-pair choice (000-001 BET-12). */
  readonly raiseTo: { readonly min: Chips; readonly max: Chips } | null;
  /** Draw: how many cards may be exchanged. */
  readonly discardMax: number | null;
}

export type FixedLimitOperation =
  | { readonly kind: 'ante'; readonly player: number; readonly amount: Chips }
  | { readonly kind: 'blind'; readonly player: number; readonly blind: 'small' | 'big'; readonly amount: Chips }
  /** A player coming in posts: `live` as a big blind (his bet), `dead` to the pot (000-001:BTN-08..11, A-10). */
  | { readonly kind: 'post'; readonly player: number; readonly live: Chips; readonly dead: Chips }
  | {
      readonly kind: 'deal';
      readonly street: number;
      readonly player: number;
      readonly cards: readonly Card[];
      readonly up: readonly boolean[];
    }
  | { readonly kind: 'community'; readonly card: Card }
  | { readonly kind: 'bring-in'; readonly player: number; readonly amount: Chips }
  | {
      readonly kind: 'action';
      readonly street: number;
      readonly player: number;
      readonly action: 'fold' | 'check' | 'call' | 'bet' | 'raise' | 'complete';
      readonly added: Chips;
      readonly to: Chips;
      readonly allIn: boolean;
    }
  | {
      readonly kind: 'draw';
      readonly draw: number;
      readonly player: number;
      readonly discarded: readonly Card[];
      readonly received: readonly Card[];
    }
  | { readonly kind: 'reshuffle'; readonly draw: number; readonly cards: number }
  | {
      readonly kind: 'show';
      readonly player: number;
      readonly cards: readonly Card[];
      readonly high: string;
      readonly low: string | null;
    }
  /** A beaten hand given up unshown where the table allows it (D-812, D-2050); the record keeps its cards (002:PK-SHOW-04). */
  | { readonly kind: 'muck'; readonly player: number; readonly cards: readonly Card[] }
  | {
      readonly kind: 'award';
      readonly pot: number;
      readonly half: 'whole' | 'high' | 'low';
      readonly player: number;
      readonly amount: Chips;
    };

export interface FixedLimitPlayer {
  readonly startingStack: Chips;
  stack: Chips;
  bet: Chips;
  contributed: Chips;
  /** The dead part of what the player put in (a missed small blind posted to come back): it buys no share of a pot. */
  dead: Chips;
  status: 'active' | 'folded' | 'all-in';
  cards: Card[];
  up: boolean[];
  needsToAct: boolean;
  mayRaise: boolean;
  won: Chips;
}

export interface FixedLimitState {
  readonly game: FixedLimitGame;
  readonly stakes: FixedLimitStakes;
  readonly rules: FixedLimitRules;
  readonly ranking: HandRanking;
  readonly reshuffleSeed: string;
  deck: Card[];
  deckIndex: number;
  /** Stud with too few cards for 7th street: the shared face-up card (000-001 DECK-08). */
  community: Card[];
  /** Draw games: discards not yet reshuffled. */
  muck: Card[];
  players: FixedLimitPlayer[];
  phase: 'betting' | 'drawing' | 'complete';
  /** Betting round: stud 0 = 3rd street … 4 = 7th; draw 0 = before the first draw … */
  street: number;
  highest: Chips;
  lastFullTo: Chips;
  betCount: number;
  unit: Chips;
  /** Stud 3rd street: the player who must bring in or complete; null once done. */
  bringInPlayer: number | null;
  completed: boolean;
  /** A voluntary full bet, raise or completion was made this round (the blinds and bring-in are not). */
  fullBetMade: boolean;
  openPairOption: boolean;
  actor: number | null;
  /** Draws done; the drawer during a draw. */
  draws: number;
  drawer: number | null;
  reshuffles: number;
  /** Who opened each betting round (null when nobody could act). */
  openers: (number | null)[];
  /** The last player to bet, raise or complete in the last round in which anyone could act (shows first, 002 STUD-10). */
  lastAggressor: number | null;
  readonly muckAllowed: boolean;
  log: FixedLimitOperation[];
}

export class IllegalFixedLimitMove extends Error {
  override readonly name = 'IllegalFixedLimitMove';
}

function clone(state: FixedLimitState): FixedLimitState {
  return {
    ...state,
    deck: state.deck,
    community: [...state.community],
    muck: [...state.muck],
    players: state.players.map((player) => ({ ...player, cards: [...player.cards], up: [...player.up] })),
    openers: [...state.openers],
    log: [...state.log],
  };
}

const minOf = (a: Chips, b: Chips): Chips => (a < b ? a : b);

export function startFixedLimitHand(options: FixedLimitHandOptions): FixedLimitState {
  const { game, stakes } = options;
  const rules = options.rules ?? defaultFixedLimitRules;
  const count = options.stacks.length;
  if (count < 2 || count > game.playersMax)
    throw new RangeError(`${game.name} is dealt to 2–${game.playersMax} players, not ${count}`);
  if (options.stacks.some((stack) => stack <= 0n)) throw new RangeError('every player needs chips');
  const gameDeck = game.family === 'draw' ? game.deckFor(count) : studDeck();
  if (new Set(options.deck).size !== options.deck.length || options.deck.some((card) => !gameDeck.includes(card))) {
    throw new RangeError(`the deck must be distinct cards of the ${gameDeck.length}-card deck`);
  }
  const state: FixedLimitState = {
    game,
    stakes,
    rules,
    ranking: game.family === 'draw' ? game.rankingFor(count) : game.ranking,
    reshuffleSeed: options.reshuffleSeed ?? 'reshuffle',
    deck: [...options.deck],
    deckIndex: 0,
    community: [],
    muck: [],
    players: options.stacks.map((stack) => ({
      startingStack: stack,
      stack,
      bet: 0n,
      contributed: 0n,
      dead: 0n,
      status: 'active',
      cards: [],
      up: [],
      needsToAct: false,
      mayRaise: false,
      won: 0n,
    })),
    phase: 'betting',
    street: 0,
    highest: 0n,
    lastFullTo: 0n,
    betCount: 0,
    unit: stakes.smallBet,
    bringInPlayer: null,
    completed: false,
    fullBetMade: false,
    openPairOption: false,
    actor: null,
    draws: 0,
    drawer: null,
    reshuffles: 0,
    openers: [],
    lastAggressor: null,
    muckAllowed: options.muckAllowed === true,
    log: [],
  };
  if (stakes.ante > 0n) {
    state.players.forEach((player, index) => {
      const amount = put(player, stakes.ante, false);
      if (amount > 0n) state.log.push({ kind: 'ante', player: index, amount });
    });
  }
  if (game.family === 'stud') startStud(state, game);
  else startDraw(state, game, options.blinds ?? defaultFixedLimitBlinds(count));
  return state;
}

/** Moves `amount` (or what is left) from the stack; `asBet` also counts it toward the street bet. */
function put(player: FixedLimitPlayer, amount: Chips, asBet: boolean): Chips {
  const paid = minOf(amount, player.stack);
  player.stack -= paid;
  player.contributed += paid;
  if (asBet) player.bet += paid;
  if (player.stack === 0n) player.status = 'all-in';
  return paid;
}

function draw(state: FixedLimitState, count: number): Card[] {
  invariant(state.deckIndex + count <= state.deck.length, 'the stub holds the cards to deal');
  const cards = state.deck.slice(state.deckIndex, state.deckIndex + count);
  state.deckIndex += count;
  return cards;
}

function startStud(state: FixedLimitState, game: StudGame): void {
  // The first street's cards (Seven Card Stud: two down and one up, 000-001 VAR-ST-03; Sökö one
  // down and one up, VAR-SK-03), one card at a time round the table from the dealer's left.
  const first = game.streets[0]!;
  first.forEach((up) => {
    state.players.forEach((player) => {
      player.cards.push(draw(state, 1)[0]!);
      player.up.push(up);
    });
  });
  state.players.forEach((player, index) =>
    state.log.push({ kind: 'deal', street: 0, player: index, cards: [...player.cards], up: [...player.up] }),
  );
  const upCards = state.players.map((player) => player.cards[first.length - 1]!);
  if (game.bringInCard === 'none') {
    // Sökö: no bring-in; the highest up-card opens, equal ranks by suit ♠ > ♥ > ♦ > ♣ (000-001 VAR-SK-04).
    const opener = openerByBoard(
      upCards.map((card) => [card]),
      'high',
      'suit',
    );
    state.openers.push(opener);
    beginRound(state, opener, state.stakes.smallBet, 0n, 0);
    return;
  }
  const low = bringInPlayer(upCards, game.bringInCard);
  state.openers.push(low);
  beginRound(state, 0, state.stakes.smallBet, 0n, 0);
  // A low card with no chips left (all in on the ante) cannot bring in: the next player with chips does (D-2006).
  const bringIn = nextActive(state, low, true);
  if (state.actor !== null && bringIn !== null) {
    state.bringInPlayer = bringIn;
    state.actor = bringIn;
  }
}

function startDraw(state: FixedLimitState, game: DrawGame, blinds: FixedLimitBlinds): void {
  const count = state.players.length;
  const valid = (index: number | null): boolean => index === null || (Number.isInteger(index) && index >= 0 && index < count);
  if (
    !valid(blinds.small) ||
    !valid(blinds.big) ||
    blinds.small === blinds.big ||
    blinds.posts.some((post) => !valid(post.player))
  )
    throw new RangeError('the blinds must name distinct players of the hand');
  const { small, big } = blinds;
  // A player all in on the ante posts no blind (nothing is logged for a post of nothing).
  for (const [index, blind, amount] of [
    [small, 'small', state.stakes.smallBlind],
    [big, 'big', state.stakes.bigBlind],
  ] as const) {
    if (index === null) continue;
    const player = state.players[index]!;
    if (player.status !== 'active') continue;
    state.log.push({ kind: 'blind', player: index, blind, amount: put(player, amount, true) });
  }
  // A player coming in or back posts a big blind (live) and a missed small blind (dead) (000-001:BTN-08..11, A-10).
  for (const post of blinds.posts) {
    const player = state.players[post.player]!;
    if (player.status !== 'active') continue;
    const live = put(player, post.live, true);
    const dead = player.status === 'active' ? put(player, post.dead, false) : 0n;
    player.dead += dead;
    state.log.push({ kind: 'post', player: post.player, live, dead });
  }
  for (let round = 0; round < game.cardCount; round++) {
    state.players.forEach((player) => {
      player.cards.push(draw(state, 1)[0]!);
      player.up.push(false);
    });
  }
  state.players.forEach((player, index) =>
    state.log.push({ kind: 'deal', street: 0, player: index, cards: [...player.cards], up: [...player.up] }),
  );
  const highest = state.players.reduce((top, player) => (player.bet > top ? player.bet : top), 0n);
  // 002 DRAW5-01: the first player after the big blind; 000-001 A-12: the seat left of the dealer (player 0).
  const first = state.rules.drawFirstActor === 'after-big-blind' ? (big + 1) % count : 0;
  beginRound(state, first, state.stakes.smallBet, highest, state.rules.blindCountsAsBet ? 1 : 0);
}

/** Opens a betting round at `first` (or the next player with chips), or skips it when nobody can act. */
function beginRound(state: FixedLimitState, first: number, unit: Chips, highest: Chips, betCount: number): void {
  state.phase = 'betting';
  state.unit = unit;
  state.highest = highest;
  state.lastFullTo = highest;
  state.betCount = betCount;
  state.completed = false;
  state.fullBetMade = false;
  state.bringInPlayer = null;
  for (const player of state.players) {
    player.needsToAct = player.status === 'active';
    player.mayRaise = player.status === 'active';
  }
  state.actor = null;
  const opener = nextActive(state, first, true);
  if (opener !== null && mustAct(state, opener)) state.actor = opener;
  // A round in which someone can act starts the count of aggressors afresh (D-812's "last betting round in which anyone could act").
  if (state.actor !== null) state.lastAggressor = null;
  if (state.game.family === 'stud' && state.street > 0) state.openers.push(state.actor === null ? null : opener);
  else if (state.game.family === 'draw') state.openers.push(state.actor === null ? null : opener);
  if (state.actor === null) endRound(state);
}

/** The first active (not folded, not all-in) player from `from` clockwise (inclusive or not). */
function nextActive(state: FixedLimitState, from: number, inclusive: boolean): number | null {
  const count = state.players.length;
  for (let step = inclusive ? 0 : 1; step <= count; step++) {
    const index = (from + step) % count;
    if (state.players[index]!.status === 'active') return index;
  }
  return null;
}

/**
 * Whether `index` still has a decision this round: it has one pending, and it is not the only
 * player with chips who has already matched the largest bet (nobody is left to bet against).
 */
function mustAct(state: FixedLimitState, index: number): boolean {
  const player = state.players[index]!;
  if (player.status !== 'active' || !player.needsToAct) return false;
  const others = state.players.filter((other, k) => k !== index && other.status === 'active').length;
  return others > 0 || player.bet < state.highest;
}

function inHand(state: FixedLimitState): number[] {
  return state.players.flatMap((player, index) => (player.status === 'folded' ? [] : [index]));
}

export function legalMoves(state: FixedLimitState): FixedLimitLegal | null {
  if (state.phase === 'drawing' && state.drawer !== null) {
    return {
      player: state.drawer,
      kind: 'draw',
      fold: false,
      check: false,
      call: null,
      bringIn: null,
      raiseTo: null,
      discardMax: Math.min((state.game as DrawGame).discardMax, drawable(state)),
    };
  }
  if (state.phase !== 'betting' || state.actor === null) return null;
  const index = state.actor;
  const player = state.players[index]!;
  if (state.bringInPlayer === index) {
    const completeTo = minOf(state.stakes.smallBet, player.stack + player.bet);
    const bringIn = minOf(state.stakes.bringIn, player.stack);
    return {
      player: index,
      kind: 'bring-in',
      fold: false,
      check: false,
      call: null,
      bringIn,
      // A stack no bigger than the bring-in can still "complete" all in (PokerKit offers it; the same chips).
      raiseTo: { min: completeTo, max: completeTo },
      discardMax: null,
    };
  }
  const owed = state.highest - player.bet;
  const call = minOf(owed, player.stack);
  let raiseTo: { min: Chips; max: Chips } | null = null;
  // A raise needs someone left to answer it: not when every other player still in is all in.
  const answerable = state.players.some(
    (other, k) => k !== index && other.status === 'active' && other.bet + other.stack > state.highest,
  );
  if (player.mayRaise && answerable && state.betCount < state.rules.betsMax && player.stack > call) {
    const completing =
      state.game.family === 'stud' && state.game.bringInCard !== 'none' && state.street === 0 && !state.completed;
    const target = completing ? state.stakes.smallBet : state.highest + state.unit;
    const allIn = player.bet + player.stack;
    const min = minOf(target, allIn);
    let max = min;
    if (state.openPairOption && state.highest === 0n) max = minOf(state.stakes.bigBet, allIn);
    raiseTo = { min, max };
  }
  return {
    player: index,
    kind: 'bet',
    fold: owed > 0n,
    check: owed === 0n,
    call: owed > 0n ? call : null,
    bringIn: null,
    raiseTo,
    discardMax: null,
  };
}

/** Cards a drawer can be given: the stub plus the other players' discards (never his own, 002 AMB-RESHUFFLE). */
function drawable(state: FixedLimitState): number {
  return state.deck.length - state.deckIndex + state.muck.length;
}

export function applyMove(previous: FixedLimitState, move: FixedLimitMove): FixedLimitState {
  const legal = legalMoves(previous);
  if (legal === null) throw new IllegalFixedLimitMove('no move is pending: the hand is complete');
  const state = clone(previous);
  if (legal.kind === 'draw') {
    if (move.kind !== 'draw') throw new IllegalFixedLimitMove(`player ${legal.player} must draw`);
    applyDraw(state, legal, move.discard);
    return state;
  }
  if (move.kind === 'draw') throw new IllegalFixedLimitMove('no draw is pending');
  const index = legal.player;
  const player = state.players[index]!;
  const street = state.street;
  if (legal.kind === 'bring-in') {
    if (move.kind === 'bring-in') {
      const amount = put(player, legal.bringIn!, true);
      state.highest = player.bet;
      state.log.push({ kind: 'bring-in', player: index, amount });
      state.bringInPlayer = null;
      player.needsToAct = false;
      player.mayRaise = false;
      advance(state, index);
      return state;
    }
    if (move.kind !== 'raise') throw new IllegalFixedLimitMove('the bring-in player brings in or completes');
    state.bringInPlayer = null;
  }
  switch (move.kind) {
    case 'fold':
      if (!legal.fold) throw new IllegalFixedLimitMove('nothing to fold to: check');
      player.status = 'folded';
      player.needsToAct = false;
      state.log.push({ kind: 'action', street, player: index, action: 'fold', added: 0n, to: player.bet, allIn: false });
      break;
    case 'check':
      if (!legal.check) throw new IllegalFixedLimitMove('facing a bet: call, raise or fold');
      // A check keeps the right to raise a later short all-in bet: only facing a bet and calling it gives that up.
      player.needsToAct = false;
      state.log.push({ kind: 'action', street, player: index, action: 'check', added: 0n, to: player.bet, allIn: false });
      break;
    case 'call': {
      if (legal.call === null) throw new IllegalFixedLimitMove('nothing to call');
      const added = put(player, legal.call, true);
      player.needsToAct = false;
      // Calling gives up the right to re-raise a later short all-in only once a voluntary full bet stands
      // (PokerKit: calling a short opening bet, or the big blind, keeps it).
      if (state.fullBetMade) player.mayRaise = false;
      state.log.push({
        kind: 'action',
        street,
        player: index,
        action: 'call',
        added,
        to: player.bet,
        allIn: player.stack === 0n,
      });
      break;
    }
    case 'raise': {
      const range = legal.raiseTo;
      if (range === null) throw new IllegalFixedLimitMove('no bet or raise is open');
      if (move.to !== range.min && move.to !== range.max) {
        throw new IllegalFixedLimitMove(
          `fixed limit: to ${range.min}${range.max !== range.min ? ` or ${range.max}` : ''}, not ${move.to}`,
        );
      }
      const action =
        state.game.family === 'stud' && street === 0 && !state.completed ? 'complete' : state.highest === 0n ? 'bet' : 'raise';
      const added = put(player, move.to - player.bet, true);
      if (action === 'complete') state.completed = true;
      // Fourth street open pair: a big opening bet sets the unit for the rest of the round (002 STUD-06).
      if (state.openPairOption && move.to === state.stakes.bigBet && range.max !== range.min) state.unit = state.stakes.bigBet;
      state.openPairOption = false;
      const fullUnit = action === 'complete' ? state.stakes.smallBet : state.unit;
      const increment = player.bet - state.lastFullTo;
      const full = action === 'complete' ? player.bet >= state.stakes.smallBet : increment >= fullUnit;
      const reopens = full || (state.rules.shortAllInReopens === 'half-bet' && increment * 2n >= fullUnit);
      state.highest = player.bet;
      state.betCount++;
      if (reopens) state.lastFullTo = player.bet;
      if (full) state.fullBetMade = true;
      state.lastAggressor = index;
      for (const [k, other] of state.players.entries()) {
        if (k === index || other.status !== 'active') continue;
        other.needsToAct = true;
        if (reopens) other.mayRaise = true;
      }
      player.needsToAct = false;
      player.mayRaise = false;
      state.log.push({ kind: 'action', street, player: index, action, added, to: player.bet, allIn: player.stack === 0n });
      break;
    }
    case 'bring-in':
      throw new IllegalFixedLimitMove('no bring-in is pending');
  }
  advance(state, index);
  return state;
}

function advance(state: FixedLimitState, from: number): void {
  if (inHand(state).length === 1) {
    finish(state);
    return;
  }
  const count = state.players.length;
  for (let step = 1; step <= count; step++) {
    const index = (from + step) % count;
    if (mustAct(state, index)) {
      state.actor = index;
      return;
    }
  }
  state.actor = null;
  endRound(state);
}

function endRound(state: FixedLimitState): void {
  for (const player of state.players) player.bet = 0n;
  state.actor = null;
  if (inHand(state).length === 1) {
    finish(state);
    return;
  }
  const game = state.game;
  if (game.family === 'stud') {
    if (state.street === game.streets.length - 1) {
      finish(state);
      return;
    }
    state.street++;
    dealStudStreet(state, game);
    return;
  }
  if (state.street === game.draws) {
    finish(state);
    return;
  }
  state.phase = 'drawing';
  state.draws = state.street + 1;
  state.drawer = inHand(state)[0]!;
}

function dealStudStreet(state: FixedLimitState, game: StudGame): void {
  const street = state.street;
  const live = inHand(state);
  const remaining = state.deck.length - state.deckIndex;
  const up = game.streets[street]![0]!;
  const last = street === game.streets.length - 1;
  if (last && remaining < live.length) {
    // 000-001 VAR-ST-09 / DECK-08: the deck cannot give everyone a last card: one face-up community card.
    const card = draw(state, 1)[0]!;
    state.community.push(card);
    state.log.push({ kind: 'community', card });
  } else {
    for (const index of live) {
      const player = state.players[index]!;
      const card = draw(state, 1)[0]!;
      player.cards.push(card);
      player.up.push(up);
      state.log.push({ kind: 'deal', street, player: index, cards: [card], up: [up] });
    }
  }
  const boards = state.players.map((player) =>
    player.status === 'folded' ? null : [...player.cards.filter((_, k) => player.up[k]), ...state.community],
  );
  const opener = openerByBoard(boards, game.openerBoard, state.rules.boardTie);
  state.openPairOption = street === 1 && game.openPairBigBet && showsOpenPair(boards);
  beginRound(state, opener, street >= game.bigBetFrom ? state.stakes.bigBet : state.stakes.smallBet, 0n, 0);
}

function applyDraw(state: FixedLimitState, legal: FixedLimitLegal, discard: readonly Card[]): void {
  const index = legal.player;
  const player = state.players[index]!;
  if (new Set(discard).size !== discard.length || discard.some((card) => !player.cards.includes(card))) {
    throw new IllegalFixedLimitMove("discards must be distinct cards of the player's hand");
  }
  if (discard.length > legal.discardMax!) {
    throw new IllegalFixedLimitMove(`at most ${legal.discardMax} cards may be exchanged in this draw`);
  }
  const stub = state.deck.length - state.deckIndex;
  if (discard.length > stub) {
    // 002 DRAW5-05 / AMB-RESHUFFLE: the discards (not this drawer's) are shuffled into a new stub.
    const rng = new SeededRng(`${state.reshuffleSeed}:${state.reshuffles}`);
    const fresh = shuffle(state.muck, rng);
    state.deck = [...state.deck.slice(state.deckIndex), ...fresh];
    state.deckIndex = 0;
    state.log.push({ kind: 'reshuffle', draw: state.draws, cards: fresh.length });
    state.muck = [];
    state.reshuffles++;
  }
  const received = draw(state, discard.length);
  player.cards = [...player.cards.filter((card) => !discard.includes(card)), ...received];
  state.muck.push(...discard);
  state.log.push({ kind: 'draw', draw: state.draws, player: index, discarded: [...discard], received });
  const live = inHand(state);
  const next = live.find((k) => k > index);
  if (next !== undefined) {
    state.drawer = next;
    return;
  }
  state.drawer = null;
  state.street = state.draws;
  beginRound(state, 0, state.street >= 2 ? state.stakes.bigBet : state.stakes.smallBet, 0n, 0);
}

/**
 * Showdown (or the last player left) and the payout: pots by contribution levels (dead posts buy no
 * share), hi/lo halves, splits. The hands are shown in D-812's order (002 STUD-10, PK-SHOW-03): the
 * last player to bet or raise in the last round in which anyone could act first, else the first
 * player from the dealer's left ("seat 1, then seat 2"), then clockwise. Where the table allows
 * mucking, a hand that can no longer win any pot it claims is mucked once another claimant of each of
 * those pots has shown, never an all-in hand (the flop engine's rule, `mayMuck`/`couldWin`); a
 * mucked hand gives up every pot.
 */
function finish(state: FixedLimitState): void {
  state.phase = 'complete';
  state.actor = null;
  state.drawer = null;
  const live = inHand(state);
  const pots = buildPots(
    state.players.map((player) => player.contributed),
    state.players.map((player) => player.status !== 'folded'),
    state.players.map((player) => player.dead),
  );
  const showdown = live.length > 1;
  const high: (HandStrength | null)[] = state.players.map(() => null);
  const low: (HandStrength | null)[] = state.players.map(() => null);
  const lowRanking = state.game.family === 'stud' ? state.game.lowRanking : null;
  const shown = new Set<number>();
  if (showdown) {
    for (const index of live) {
      const player = state.players[index]!;
      high[index] = state.ranking.strength(player.cards, state.community);
      low[index] = lowRanking ? lowRanking.strength(player.cards, state.community) : null;
    }
    const claimed = (index: number) => pots.filter((pot) => pot.amount > 0n && pot.eligible.includes(index));
    const mayMuck = (index: number): boolean =>
      state.muckAllowed &&
      state.players[index]!.status !== 'all-in' &&
      claimed(index).every((pot) => pot.eligible.some((k) => k !== index && shown.has(k)));
    const couldWin = (index: number): boolean =>
      claimed(index).some((pot) => {
        const others = pot.eligible.filter((k) => k !== index && shown.has(k));
        const bestHigh = Math.max(...others.map((k) => high[k]!.value));
        const bestLow = Math.max(...others.map((k) => low[k]?.value ?? Number.NEGATIVE_INFINITY));
        const mine = low[index];
        return high[index]!.value >= bestHigh || (mine !== null && mine !== undefined && mine.value >= bestLow);
      });
    for (const index of showdownSequence(live, state.lastAggressor)) {
      const player = state.players[index]!;
      if (mayMuck(index) && !couldWin(index)) {
        state.log.push({ kind: 'muck', player: index, cards: [...player.cards] });
        continue;
      }
      shown.add(index);
      state.log.push({
        kind: 'show',
        player: index,
        cards: [...player.cards],
        high: high[index]!.describe(),
        low: lowRanking ? (low[index]?.describe() ?? null) : null,
      });
    }
  }
  pots.forEach((pot, potIndex) => {
    if (pot.amount === 0n) return;
    // A mucked hand gives up every pot; every pot keeps a shown claimant (a muck waits for one).
    const claimants = showdown ? pot.eligible.filter((k) => shown.has(k)) : pot.eligible;
    invariant(claimants.length > 0, 'every pot has a claimant');
    const award = (half: 'whole' | 'high' | 'low', amount: Chips, strengths: readonly (HandStrength | null)[]): void => {
      const winners = showdown ? findWinners(claimants.map((k) => strengths[k]!)).map((k) => claimants[k]!) : claimants;
      // Equal shares; odd chips one each from the first winner clockwise from the dealer's left (D-2008).
      const shares = splitEvenly(amount, winners.length);
      winners.forEach((winner, k) => {
        state.players[winner]!.won += shares[k]!;
        state.log.push({ kind: 'award', pot: potIndex, half, player: winner, amount: shares[k]! });
      });
    };
    const lows = claimants.map((k) => low[k] ?? null);
    if (showdown && lowRanking && lows.some((strength) => strength !== null)) {
      const lowHalf = pot.amount / 2n;
      award('high', pot.amount - lowHalf, high);
      award('low', lowHalf, low);
    } else {
      award('whole', pot.amount, high);
    }
  });
  invariant(
    sumChips(state.players.map((player) => player.won)) === sumChips(state.players.map((player) => player.contributed)),
    'every chip put in is paid out',
  );
}

export function finalStacks(state: FixedLimitState): Chips[] {
  invariant(state.phase === 'complete', 'the hand is complete');
  return state.players.map((player) => player.stack + player.won);
}

/** Whether nothing but a forced step remains (used by drivers that want to know whose turn it is). */
export function pendingPlayer(state: FixedLimitState): number | null {
  return state.phase === 'drawing' ? state.drawer : state.actor;
}
