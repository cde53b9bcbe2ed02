import { invariant, maxChips, minChips } from './chips.ts';
import {
  canAct,
  clockwiseAfterIndex,
  clockwiseAfterSeat,
  inHand,
  potTotal,
  record,
  type Draft,
  type MutablePlayer,
} from './draft.ts';
import type { IllegalActionReason } from './illegal-action.ts';
import type { ActionKind, BettingRound, Chips, HandState, PlayerState } from './types.ts';

/**
 * Betting rounds. Amounts are "street bet after the action" (bet-to, raise-to). Rules pinned here:
 * - the minimum bet is the big blind; the minimum raise increment is max(BB, the last full raise
 *   increment) (004:AMB-34, 000-001:BET-16, 003:R-NL-02);
 * - an all-in short of a full raise does not reopen betting for players who already acted, and
 *   short all-ins that add up to a full raise do (000-001:A-07); at fixed limit an all-in of half
 *   a bet or more is a full one (000-001:A-05);
 * - pot limit: raise-to ≤ highest bet + pot (all chips in, current bets included) + the call
 *   (000-001:BET-14, A-06; 004:AMB-35);
 * - fixed limit: bets and raises of exactly the small/big bet, at most `fixedLimitBetsMax` bets a
 *   round with the big blind counting as the first pre-flop (000-001:A-04), uncapped when the table
 *   says so and only two players can act when the round starts (003:R-FL-03).
 */

/** The nominal blind level pre-flop: the straddle when one was posted, else the big blind. */
function blindLevel(draft: Draft): Chips {
  const { blinds, stakes } = draft.config;
  return blinds.straddleSeat !== null ? stakes.straddle : stakes.bigBlind;
}

export function beginBettingRound(draft: Draft, street: number): void {
  draft.street = street;
  const preflop = street === 0;
  const level = preflop ? blindLevel(draft) : 0n;
  let highestBet = level;
  for (const player of draft.players) highestBet = maxChips(highestBet, player.bet);
  const ableCount = draft.players.filter(canAct).length;
  for (const player of draft.players) {
    // A lone player who can act only answers chips the others really put in: facing a big blind
    // all-in for less than the small blind, the small blind has nothing to call.
    player.needsToAct = canAct(player) && (ableCount >= 2 || player.bet < highestOtherBet(draft.players, player));
    player.mayRaise = canAct(player);
  }
  const { config } = draft;
  draft.betting = {
    street,
    highestBet,
    lastFullBet: level,
    minRaiseIncrement: preflop ? level : config.stakes.bigBlind,
    betCount: preflop ? 1 : 0,
    capped: config.variant.structure === 'fixed-limit' && !(config.rules.fixedLimitHeadsUpUncapped && ableCount === 2),
    actorIndex: null,
    aggressorIndex: null,
  };
  const lastBlindSeat = config.blinds.straddleSeat ?? config.blinds.bigBlindSeat;
  const order = clockwiseAfterSeat(draft.players, preflop ? lastBlindSeat : config.buttonSeat);
  draft.betting.actorIndex = order.find((index) => draft.players[index]!.needsToAct) ?? null;
  if (draft.betting.actorIndex !== null) draft.lastRound = { street, aggressorIndex: null };
  draft.phase = draft.betting.actorIndex === null ? 'bet-collection' : 'betting';
}

function highestOtherBet(players: readonly PlayerState[], player: PlayerState): Chips {
  let highest = 0n;
  for (const other of players) if (other !== player) highest = maxChips(highest, other.bet);
  return highest;
}

export function fixedLimitBetSize(state: Pick<HandState, 'config'>, street: number): Chips {
  const plan = state.config.variant.streets[street];
  invariant(plan !== undefined, 'street out of range');
  // 000-001:A-39: small bet = big blind, big bet = twice the big blind.
  return plan.fixedLimitBetSize === 'small' ? state.config.stakes.bigBlind : 2n * state.config.stakes.bigBlind;
}

export interface ActionLimits {
  readonly toCall: Chips;
  readonly allInTo: Chips;
  /** Why the player may not bet or raise now, or null. */
  readonly aggressionBlocked: IllegalActionReason | null;
  /** Bet-to (when nothing is bet yet) or raise-to range, already clipped to the stack. */
  readonly range: { readonly min: Chips; readonly max: Chips } | null;
}

/** What the player at `index` may put in, from the state alone. */
export function actionLimits(state: Pick<HandState, 'config' | 'players' | 'betting'>, index: number): ActionLimits {
  const round = state.betting;
  const player = state.players[index];
  invariant(round !== null && player !== undefined, 'limits need a betting round and a player');
  const allInTo = player.bet + player.stack;
  const toCall = minChips(round.highestBet - player.bet, player.stack);
  const aggressionBlocked = blockAggression(state, index, allInTo);
  if (aggressionBlocked !== null) return { toCall, allInTo, aggressionBlocked, range: null };
  const [min, max] = wantedRange(state, round, player);
  // Short of the minimum, the only bet or raise left is all-in (000-001:BET-17).
  return {
    toCall,
    allInTo,
    aggressionBlocked,
    range: { min: minChips(min, allInTo), max: minChips(maxChips(max, min), allInTo) },
  };
}

function blockAggression(
  state: Pick<HandState, 'config' | 'players' | 'betting'>,
  index: number,
  allInTo: Chips,
): IllegalActionReason | null {
  const round = state.betting!;
  if (!state.players[index]!.mayRaise) return 'betting-not-reopened';
  if (round.capped && round.betCount >= state.config.rules.fixedLimitBetsMax) return 'raise-cap-reached';
  if (!state.players.some((other, k) => k !== index && canRespond(other, round.highestBet))) return 'no-opponent-can-respond';
  if (allInTo <= round.highestBet) return 'insufficient-chips';
  return null;
}

/**
 * Whether `other` could answer a bet or raise above `highestBet`: still able to act and holding
 * chips beyond the current bet. Opponents who are all-in, or whose every chip only reaches the
 * current bet, could at most call what is already bet, so a raise would only come back as an
 * uncalled bet: the offer is a call (000-001:BET-07, BET-02; decision D-1601).
 */
function canRespond(other: PlayerState, highestBet: Chips): boolean {
  return canAct(other) && other.bet + other.stack > highestBet;
}

/** [min, max] bet-to or raise-to before clipping to the player's chips. */
function wantedRange(state: Pick<HandState, 'config' | 'players'>, round: BettingRound, player: PlayerState): [Chips, Chips] {
  const { structure } = state.config.variant;
  const unbounded = player.bet + player.stack;
  if (structure === 'fixed-limit') {
    const size = fixedLimitBetSize(state, round.street);
    const target = round.highestBet === 0n ? size : round.lastFullBet + size;
    return [target, target];
  }
  const bigBlind = state.config.stakes.bigBlind;
  const min = round.highestBet === 0n ? bigBlind : round.highestBet + round.minRaiseIncrement;
  if (structure === 'no-limit') return [min, unbounded];
  const pot = potTotal(state.players);
  const max = round.highestBet === 0n ? pot : round.highestBet + pot + (round.highestBet - player.bet);
  return [min, max];
}

/**
 * Whether a bet or raise to `to` is a full one (reopens betting, counts toward the fixed-limit cap).
 * Fixed limit: an all-in of at least half a bet counts as a full bet or raise, and the next raise
 * goes a whole bet above it; less than half does neither, and the next player completes the bet
 * (000-001:A-05, decision D-803). Voluntary fixed-limit raises are always full.
 */
function isFullRaise(draft: Draft, round: BettingRound, to: Chips): boolean {
  if (draft.config.variant.structure === 'fixed-limit')
    return 2n * (to - round.highestBet) >= fixedLimitBetSize(draft, round.street);
  return to - round.lastFullBet >= round.minRaiseIncrement;
}

/** Applies an already verified action to the draft and moves the turn on. */
export function applyAction(draft: Draft, index: number, action: ActionKind, to: Chips, timedOut: boolean): void {
  const round = draft.betting!;
  const player = draft.players[index]!;
  const before = player.bet;
  if (action === 'fold') player.status = 'folded';
  if (action === 'call') putIn(player, minChips(round.highestBet - player.bet, player.stack));
  if (action === 'bet' || action === 'raise') {
    putIn(player, to - player.bet);
    raiseTo(draft, index, to);
  }
  player.needsToAct = false;
  player.mayRaise = false;
  const allIn = player.status === 'all-in';
  record(draft, { kind: 'action', seat: player.seat, action, added: player.bet - before, betAfter: player.bet, allIn, timedOut });
  moveTurn(draft, index);
}

function putIn(player: MutablePlayer, amount: Chips): void {
  invariant(amount >= 0n && amount <= player.stack, 'a player can only put in chips they have');
  player.stack -= amount;
  player.bet += amount;
  player.contributed += amount;
  if (player.stack === 0n) player.status = 'all-in';
}

function raiseTo(draft: Draft, index: number, to: Chips): void {
  const round = draft.betting!;
  invariant(to > round.highestBet, 'a bet or raise must exceed the highest bet');
  const full = isFullRaise(draft, round, to);
  if (full) {
    round.betCount += 1;
    round.minRaiseIncrement = maxChips(round.minRaiseIncrement, to - round.highestBet);
    round.lastFullBet = to;
  }
  round.highestBet = to;
  round.aggressorIndex = index;
  draft.lastRound = { street: round.street, aggressorIndex: index };
  draft.players.forEach((other, k) => {
    if (k === index || !canAct(other)) return;
    other.needsToAct = true;
    if (full) other.mayRaise = true;
  });
}

function moveTurn(draft: Draft, index: number): void {
  const round = draft.betting!;
  const remaining = draft.players.filter(inHand).length;
  // Once only one player can act, they answer only chips really put in against them; asking them
  // anyway could let them fold away a side pot nobody else contests.
  const able = draft.players.filter(canAct);
  if (able.length === 1 && able[0]!.bet >= highestOtherBet(draft.players, able[0]!)) able[0]!.needsToAct = false;
  const next = clockwiseAfterIndex(draft.players.length, index).find(
    (k) => draft.players[k]!.needsToAct && canAct(draft.players[k]!),
  );
  round.actorIndex = remaining > 1 && next !== undefined ? next : null;
  if (round.actorIndex === null) draft.phase = 'bet-collection';
}
