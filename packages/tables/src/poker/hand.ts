import { formatCard, poker, type Rng } from '@casino/games';
import type { AllInEquityView, CompletedHand, PlayerCommand } from './runtime-types.ts';
import { flopHistoryOf } from './fixed-limit-running.ts';
import { refusal, seatIntent, wantsIn, type SeatRecord } from './seats.ts';

/** The hand a table is running: the engine's state and the table's clock for the player to act. */
export interface RunningHand {
  readonly handId: string;
  readonly handNumber: number;
  state: poker.HandState;
  /** The player to act's deadline (ms since the epoch), null when nobody is to act. */
  deadlineMs: number | null;
  /** The deadline before the time bank extended it; null while the bank is not in use. */
  timeBankFromMs: number | null;
  /** When the player to act's turn began (ms since the epoch), and each decision's delay (bot monitoring, 000-001:FAIR-12). */
  turnStartedAtMs?: number;
  actionDelays?: { seat: number; delayMs: number }[];
  /** An all-in run-out waits before its next street (`deadlineMs` says until when; D-2038). */
  runOutWaiting?: boolean;
  /** The run-out's equity at the board length it was computed for (computed once per street). */
  runOutEquity?: { readonly boardLength: number; readonly view: AllInEquityView };
}

/**
 * An all-in run-out's next street is due (003:R-ALLIN-09, D-2038): the engine is about to deal the
 * board, two or more hands are in and at most one of them could still bet, on a board run once.
 */
export function allInRunOutStreetDue(state: poker.HandState): boolean {
  const decision = poker.pendingDecision(state);
  if (decision.kind !== 'step' || decision.step !== 'board-dealing' || state.boards.length !== 1) return false;
  return allInLocked(state);
}

/** Two or more hands in and at most one able to bet: nothing but the board is left to come. */
export function allInLocked(state: poker.HandState): boolean {
  const inHand = state.players.filter((player) => player.status !== 'folded');
  return inHand.length >= 2 && inHand.filter((player) => player.status === 'active').length <= 1;
}

/**
 * Each hand's exact equity on the board dealt so far (003:R-ALLIN-09): every remaining board counted
 * with the standard high evaluator (Hold'em hands, two hole cards). Percentages in basis points,
 * rounded half up (they need not add up to exactly 10,000).
 */
export function allInEquityView(state: poker.HandState): AllInEquityView {
  const inHand = state.players.filter((player) => player.status !== 'folded');
  const board = state.boards[0]!;
  const result = poker.holdemEquity(
    inHand.map((player) => player.hole),
    board,
  );
  const whole = BigInt(result.boards) * BigInt(result.unitsPerBoard);
  const bps = (units: bigint) => Number((units * 20_000n + whole) / (2n * whole));
  return Object.freeze({
    street: streetOf(board.length),
    boards: result.boards,
    seats: inHand.map((player, i) => {
      const hand = result.hands[i]!;
      return Object.freeze({
        seat: player.seat,
        cards: player.hole.map(formatCard),
        wins: hand.wins,
        ties: hand.ties,
        winBps: bps(BigInt(hand.wins) * BigInt(result.unitsPerBoard)),
        tieBps: bps(BigInt(hand.ties) * BigInt(result.unitsPerBoard)),
        equityBps: bps(BigInt(hand.shareUnits)),
      });
    }),
  });
}

function streetOf(boardLength: number): AllInEquityView['street'] {
  if (boardLength === 0) return 'preflop';
  if (boardLength === 3) return 'flop';
  if (boardLength === 4) return 'turn';
  return 'river';
}

/** The planner's answer for the next hand, or null when fewer than two players can be dealt in. */
export function planHand(options: {
  readonly seats: readonly SeatRecord[];
  readonly seatCount: number;
  readonly buttonRule: poker.ButtonRule;
  readonly headsUpBlinds: poker.HeadsUpBlinds;
  readonly smallBlind: bigint;
  readonly bigBlind: bigint;
  readonly previous: poker.Positions | null;
  readonly rng: Rng;
}): poker.HandPlan | null {
  const intents = options.seats.map(seatIntent);
  const willing = intents.filter(wantsIn).map((intent) => intent.seat);
  if (willing.length < 2) return null;
  const base = {
    seatCount: options.seatCount,
    buttonRule: options.buttonRule,
    headsUpBlinds: options.headsUpBlinds,
    smallBlind: options.smallBlind,
    bigBlind: options.bigBlind,
    seats: intents,
  };
  if (options.previous !== null) {
    try {
      return poker.planNextHand({ ...base, previous: options.previous });
    } catch (error) {
      if (!(error instanceof poker.InvalidHandOptions)) throw error;
      // Everyone but one waits (for the big blind, or off the small blind): rather than stand
      // still, the table starts over as at its first hand, with a drawn button and no posts (D-1657).
    }
  }
  // A table's first hand: the button is drawn among the players who want in (000-001:A-11).
  const firstButtonSeat = willing[options.rng.intBelow(willing.length)]!;
  try {
    return poker.planNextHand({ ...base, previous: null, firstButtonSeat });
  } catch (error) {
    if (error instanceof poker.InvalidHandOptions) return null;
    throw error;
  }
}

/**
 * What the table decides itself when the engine asks: one run of the board for every player
 * (D-1658), a fold for a player who left at an 'any-time' table (D-1656), any manual step. Null when
 * a player must decide (or the hand is over).
 */
export function tableDecision(
  state: poker.HandState,
  foldsOnTurn: (seat: number) => boolean,
  asksRunCount = false,
): poker.Transition | null {
  const decision = poker.pendingDecision(state);
  switch (decision.kind) {
    case 'action':
      return foldsOnTurn(decision.seat) ? poker.fold(state, decision.seat) : null;
    case 'run-count': {
      // A table that offers run it twice asks its players (run-it.ts); one who left declines.
      const declining = asksRunCount ? decision.seats.find(foldsOnTurn) : decision.seats[0];
      return declining === undefined ? null : poker.chooseRunCount(state, declining, 1);
    }
    case 'step':
      return poker.runPendingStep(state, decision.step);
    case 'show-or-muck':
    case 'complete':
      return null;
  }
}

type ActCommand = Extract<PlayerCommand, { kind: 'act' }>;

/** A player's `act` command as the engine's action; the amount is the street bet after it (bet-to, raise-to). */
export function engineAction(command: ActCommand): poker.PlayerAction {
  switch (command.action) {
    case 'fold':
    case 'check':
    case 'call':
    case 'all-in':
      return { kind: command.action };
    case 'bring-in':
    case 'complete':
      throw refusal('not-drawing', `a ${command.action} belongs to the stud games`, 'action');
    case 'bet':
    case 'raise': {
      const amount = command.amountMinor;
      if (amount === undefined) throw refusal('amount-required', `a ${command.action} needs an amount`, 'amountMinor');
      return command.action === 'bet' ? { kind: 'bet', amount } : { kind: 'raise', to: amount };
    }
  }
}

/** Applies an engine call; an `IllegalAction` becomes the table's refusal with the engine's reason. */
export function engineCall(apply: () => poker.Transition): poker.Transition {
  try {
    return apply();
  } catch (error) {
    if (error instanceof poker.IllegalAction) throw refusal(error.reason, error.message);
    throw error;
  }
}

/** The record the driver commits at a hand's end (one DB transaction) and stores as the hand history. */
export function completedHand(hand: RunningHand, seats: readonly SeatRecord[]): CompletedHand {
  const { state } = hand;
  const result = state.result;
  if (result === null) throw new Error(`hand ${hand.handId} is not complete`);
  const playerAt = (seat: number): string => {
    const record = seats.find((entry) => entry.seat === seat);
    if (record === undefined) throw new Error(`seat ${seat} of hand ${hand.handId} has no player`);
    return record.playerId;
  };
  return Object.freeze({
    handId: hand.handId,
    handNumber: hand.handNumber,
    history: poker.exportHandHistory(state),
    finalState: state,
    stacksAfter: result.players.map((player) => ({
      seat: player.seat,
      playerId: playerAt(player.seat),
      stackMinor: player.endingStack,
    })),
    rakeMinor: result.rake,
    rakeByPlayer: result.players
      .filter((player) => player.rake > 0n)
      .map((player) => ({ playerId: playerAt(player.seat), rakeMinor: player.rake })),
    results: result.players.map((player) => ({
      playerId: playerAt(player.seat),
      seat: player.seat,
      putInMinor: player.contributed,
      wonMinor: player.won,
    })),
    flopDealt: state.boards[0]!.length >= 3,
    actionDelays: (hand.actionDelays ?? []).map((entry) => ({ playerId: playerAt(entry.seat), delayMs: entry.delayMs })),
  });
}

/**
 * The hand's text history (PokerStars-like) from the stored JSON record: the record is replayed,
 * so the text can never say something the record does not. Player names are the aliases at the
 * table edge (003:R-ALIAS-03); `viewer` picks which hole cards show (D-814).
 */
export function completedHandText(
  hand: Pick<CompletedHand, 'history'>,
  options: { readonly tableName: string } & Omit<poker.TextHistoryOptions, 'tableName'>,
): string {
  const state = poker.replayHandHistory(flopHistoryOf(hand.history), poker.variantCatalog);
  return poker.formatHandHistoryText(state, options);
}
