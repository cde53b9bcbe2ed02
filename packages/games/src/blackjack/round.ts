import { isRoundSeed, type Rng } from '../rng/index.ts';
import { deepFreeze, invariant } from '../shared/invariant.ts';
import {
  applyDouble,
  applyHit,
  applySideDecision,
  applySplit,
  applyStand,
  applySurrender,
  checkDouble,
  checkHit,
  checkSideDecision,
  checkSplit,
  checkStand,
  checkSurrender,
  handToAct,
  refuse,
  warningsFor,
} from './decisions.ts';
import { emit, fromDraft, toDraft, type Draft } from './draft.ts';
import { advanceTurn, afterInsurance, closeBettingAndDeal, sideDecisionsPending } from './flow.ts';
import { validateBlackjackLimits, type BlackjackTableLimits } from './limits.ts';
import { BlackjackRejection, InvalidBlackjackRound } from './rejection.ts';
import { validateBlackjackRules, type BlackjackRules, type BlackjackWarningKind } from './rules.ts';
import type {
  BlackjackAction,
  BlackjackBox,
  BlackjackEvent,
  BlackjackState,
  BlackjackTransition,
  TemporaryTableOrigin,
} from './types.ts';

/** What the checks read: a state, or the working copy of one in automated play. */
export type BlackjackStateView = Pick<BlackjackState, 'config' | 'phase' | 'bets' | 'boxes' | 'turn' | 'dealerCards'>;

/** 004:GAM-B-01: up to 5 players at a multi-player blackjack table, one box each (D-712). */
export const blackjackSeatsMax = 5;

export interface OpenBlackjackRoundOptions {
  readonly roundId: string;
  readonly rules: BlackjackRules;
  readonly limits: BlackjackTableLimits;
  readonly seatsMax?: number;
  readonly seedCommitment: string;
  /** Opens a temporary table for a box that left an interrupted round (004:TEC-03). */
  readonly temporaryTable?: (TemporaryTableOrigin & { readonly box: BlackjackBox }) | null;
}

export function openBlackjackRound(options: OpenBlackjackRoundOptions): BlackjackTransition {
  const seatsMax = options.seatsMax ?? blackjackSeatsMax;
  try {
    validateBlackjackRules(options.rules);
    validateBlackjackLimits(options.limits, options.rules);
  } catch (error) {
    throw new InvalidBlackjackRound((error as Error).message);
  }
  if (!Number.isInteger(seatsMax) || seatsMax < 1 || seatsMax > blackjackSeatsMax)
    throw new InvalidBlackjackRound(`a table has 1 to ${blackjackSeatsMax} seats`);
  if (typeof options.roundId !== 'string' || options.roundId.length === 0) throw new InvalidBlackjackRound('a round needs an id');
  if (!isRoundSeed(options.seedCommitment)) throw new InvalidBlackjackRound('the seed commitment is 64 lowercase hex characters');
  const temporaryTable = options.temporaryTable ?? null;
  if (temporaryTable && (temporaryTable.box.seat < 1 || temporaryTable.box.seat > seatsMax))
    throw new InvalidBlackjackRound('the carried box must sit at this table');
  const opened: BlackjackEvent = {
    kind: 'round-opened',
    roundId: options.roundId,
    rulesId: options.rules.id,
    seedCommitment: options.seedCommitment,
    temporaryTableFor: temporaryTable?.originRoundId ?? null,
  };
  const state: BlackjackState = {
    config: {
      roundId: options.roundId,
      rules: options.rules,
      limits: { ...options.limits },
      seatsMax,
      seedCommitment: options.seedCommitment,
      temporaryTable,
    },
    phase: 'betting',
    bets: [],
    boxes: [],
    shoe: null,
    dealt: 0,
    dealerCards: [],
    holeCardHidden: false,
    dealerBlackjack: null,
    turn: null,
    settlements: null,
    actions: [],
    events: [opened],
  };
  return { state: deepFreeze(state), events: deepFreeze([opened]), warnings: [], needsReconfirmation: false };
}

function requireBetting(state: BlackjackStateView): void {
  if (state.phase !== 'betting') throw new BlackjackRejection('wrong-phase', 'betting is closed');
}

function requireSeat(state: BlackjackStateView, seat: number): void {
  if (!Number.isInteger(seat) || seat < 1 || seat > state.config.seatsMax)
    throw new BlackjackRejection('unknown-seat', `seat ${seat} is not at this table`);
}

function verifyBet(state: BlackjackStateView, action: Extract<BlackjackAction, { kind: 'place-bet' }>): void {
  requireBetting(state);
  if (state.config.temporaryTable) throw new BlackjackRejection('wrong-phase', 'a temporary table takes no new bets');
  requireSeat(state, action.seat);
  const { unitMinor, stakeMinimumMinor, stakeMaximumMinor } = state.config.limits;
  const stake = action.stakeMinor;
  if (state.bets.some((bet) => bet.seat === action.seat && bet.confirmed))
    throw new BlackjackRejection('bet-already-confirmed', 'a confirmed bet cannot be changed (004:BET-04)');
  if (typeof stake !== 'bigint' || stake <= 0n || stake % unitMinor !== 0n)
    throw new BlackjackRejection('stake-not-multiple-of-unit', `a stake is a positive multiple of ${unitMinor} minor units`);
  if (stake < stakeMinimumMinor)
    throw new BlackjackRejection('stake-below-minimum', `the table minimum is ${stakeMinimumMinor} minor units`);
  if (stake > stakeMaximumMinor)
    throw new BlackjackRejection('stake-above-maximum', `the table maximum is ${stakeMaximumMinor} minor units`);
}

/** The pending box a time-out or a move applies to. */
function verifyTimeOut(state: BlackjackStateView, seat: number): void {
  if (state.phase === 'insurance') {
    const box = state.boxes.find((entry) => entry.seat === seat && !entry.movedToTemporaryTable);
    if (!box || (box.insurance !== 'pending' && box.evenMoney !== 'pending'))
      throw new BlackjackRejection('no-decision-pending', `seat ${seat} has nothing to decide`);
    return;
  }
  handToAct(state, seat);
}

function verifyMove(state: BlackjackStateView, seat: number): void {
  if (state.phase !== 'insurance' && state.phase !== 'player-turns')
    throw new BlackjackRejection('cannot-move', 'a box moves to a temporary table only while it waits for its player');
  const box = state.boxes.find((entry) => entry.seat === seat);
  if (!box || box.movedToTemporaryTable) throw new BlackjackRejection('no-box', `seat ${seat} has no box in this round`);
  const waiting =
    box.insurance === 'pending' || box.evenMoney === 'pending' || box.hands.some((hand) => hand.status === 'playing');
  if (!waiting) throw new BlackjackRejection('cannot-move', 'this box needs no more decisions: it is settled with the table');
}

/** Throws the BlackjackRejection the action would get; returns the warnings it would raise. */
export function verifyBlackjackAction(state: BlackjackStateView, action: BlackjackAction): BlackjackWarningKind[] {
  switch (action.kind) {
    case 'place-bet':
      verifyBet(state, action);
      return [];
    case 'clear-bet':
    case 'confirm-bet': {
      requireBetting(state);
      requireSeat(state, action.seat);
      const bet = state.bets.find((entry) => entry.seat === action.seat);
      if (!bet || bet.confirmed)
        throw new BlackjackRejection(
          action.kind === 'clear-bet' ? 'nothing-to-clear' : 'nothing-to-confirm',
          `seat ${action.seat} has no unconfirmed bet`,
        );
      return [];
    }
    case 'close-betting':
      requireBetting(state);
      return [];
    case 'insurance':
    case 'even-money':
      refuse(checkSideDecision(state, action.seat, action.kind));
      return [];
    case 'hit':
    case 'stand':
    case 'double': {
      refuse(
        action.kind === 'hit'
          ? checkHit(state, action.seat)
          : action.kind === 'double'
            ? checkDouble(state, action.seat)
            : checkStand(state, action.seat),
      );
      const { box, hand } = handToAct(state, action.seat);
      const warnings = warningsFor(state.config.rules, box, hand, action.kind);
      if (action.disableWarnings && (warnings.length === 0 || !action.reconfirmed))
        throw new BlackjackRejection(
          'no-warning-shown',
          'warnings are switched off only when one is shown, with the reconfirmation',
        );
      return warnings;
    }
    case 'split':
      refuse(checkSplit(state, action.seat));
      return [];
    case 'surrender':
      refuse(checkSurrender(state, action.seat));
      return [];
    case 'time-out':
      verifyTimeOut(state, action.seat);
      return [];
    case 'move-to-temporary-table':
      verifyMove(state, action.seat);
      return [];
    default:
      throw new BlackjackRejection('wrong-phase', `unknown action "${String((action as { kind?: unknown }).kind)}"`);
  }
}

export function canApplyBlackjackAction(state: BlackjackStateView, action: BlackjackAction): boolean {
  try {
    verifyBlackjackAction(state, action);
    return true;
  } catch (error) {
    if (error instanceof BlackjackRejection) return false;
    throw error;
  }
}

function applyBetting(draft: Draft, action: Extract<BlackjackAction, { kind: 'place-bet' | 'clear-bet' | 'confirm-bet' }>): void {
  const existing = draft.bets.findIndex((bet) => bet.seat === action.seat);
  if (action.kind === 'place-bet') {
    const bet = {
      seat: action.seat,
      stakeMinor: action.stakeMinor,
      confirmed: false,
      warningsEnabled: action.warningsEnabled ?? true,
    };
    if (existing === -1) draft.bets.push(bet);
    else draft.bets[existing] = bet;
    draft.bets.sort((a, b) => a.seat - b.seat);
    emit(draft, { kind: 'bet-placed', seat: action.seat, stakeMinor: action.stakeMinor });
  } else if (action.kind === 'clear-bet') {
    draft.bets.splice(existing, 1);
    emit(draft, { kind: 'bet-cleared', seat: action.seat });
  } else {
    const bet = draft.bets[existing]!;
    draft.bets[existing] = { ...bet, confirmed: true };
    emit(draft, { kind: 'bet-confirmed', seat: action.seat, stakeMinor: bet.stakeMinor });
  }
}

function applyTimeOut(draft: Draft, seat: number): void {
  if (draft.phase === 'insurance') {
    const box = draft.boxes.find((entry) => entry.seat === seat)!;
    // 004:AMB-27: a decision not made in time is declined.
    applySideDecision(draft, seat, box.insurance === 'pending' ? 'insurance' : 'even-money', false);
    if (box.insurance === 'pending' || box.evenMoney === 'pending') applyTimeOut(draft, seat);
    return;
  }
  applyStand(draft, seat, [], true);
}

/** The box leaves this round with its cards and stakes; the live table carries on without it. */
function applyMove(draft: Draft, seat: number): void {
  const box = draft.boxes.find((entry) => entry.seat === seat)!;
  const handIndex =
    draft.turn?.seat === seat
      ? draft.turn.hand
      : Math.max(
          0,
          box.hands.findIndex((hand) => hand.status === 'playing'),
        );
  box.movedToTemporaryTable = true;
  emit(draft, {
    kind: 'moved-to-temporary-table',
    seat,
    handIndex,
    box: structuredClone({ ...box, movedToTemporaryTable: false }),
  });
  if (draft.phase === 'insurance') {
    if (!sideDecisionsPending(draft)) afterInsurance(draft);
  } else if (draft.turn?.seat === seat) {
    draft.turn = null;
    advanceTurn(draft);
  }
}

function applyDecision(draft: Draft, action: BlackjackAction, warnings: BlackjackWarningKind[], rng: Rng): void {
  switch (action.kind) {
    case 'place-bet':
    case 'clear-bet':
    case 'confirm-bet':
      return applyBetting(draft, action);
    case 'close-betting':
      return closeBettingAndDeal(draft, rng);
    case 'insurance':
    case 'even-money':
      return applySideDecision(draft, action.seat, action.kind, action.take);
    case 'hit':
      return applyHit(draft, action.seat, warnings);
    case 'stand':
      return applyStand(draft, action.seat, warnings, false);
    case 'double':
      return applyDouble(draft, action.seat, warnings);
    case 'split':
      return applySplit(draft, action.seat);
    case 'surrender':
      return applySurrender(draft, action.seat);
    case 'time-out':
      return applyTimeOut(draft, action.seat);
    case 'move-to-temporary-table':
      return applyMove(draft, action.seat);
  }
}

/** Applies a verified action to the working copy and logs it. */
function commit(draft: Draft, action: BlackjackAction, warnings: BlackjackWarningKind[], rng: Rng): void {
  if (warnings.length > 0 && 'disableWarnings' in action && action.disableWarnings) {
    const box = draft.boxes.find((entry) => entry.seat === action.seat)!;
    box.warningsEnabled = false;
    emit(draft, { kind: 'warnings-disabled', seat: box.seat });
  }
  applyDecision(draft, action, warnings, rng);
  invariant(draft.phase !== 'player-turns' || draft.turn !== null, 'in player turns somebody is to act');
  draft.actions.push(deepFreeze(structuredClone(action)));
}

function needsReconfirmation(action: BlackjackAction, warnings: readonly BlackjackWarningKind[]): boolean {
  return warnings.length > 0 && !('reconfirmed' in action && action.reconfirmed === true);
}

/**
 * `(state, action, rng) → (state, events)`. Only closing the betting (the shuffle) reads the rng,
 * so a fresh `roundRng(seed)` per action replays the round however often the service restarts.
 * A decision the warnings question (004:GAM-B-17) comes back unapplied, with its warnings, until it
 * is sent again with `reconfirmed: true`.
 */
export function applyBlackjackAction(state: BlackjackState, action: BlackjackAction, rng: Rng): BlackjackTransition {
  const warnings = verifyBlackjackAction(state, action);
  if (needsReconfirmation(action, warnings)) return { state, events: [], warnings, needsReconfirmation: true };
  const draft = toDraft(state);
  commit(draft, action, warnings, rng);
  const next = fromDraft(draft);
  return { state: next, events: next.events.slice(state.events.length), warnings, needsReconfirmation: false };
}

/** Bounds `applyBlackjackActions`: a round with five boxes needs well under a hundred decisions. */
export const blackjackActionsPerCallMax = 1_000;

/**
 * Applies the actions `next` returns, one after another, until it returns null or the round is
 * settled: the same checks, events and log as calling `applyBlackjackAction` for each, without
 * copying the state between them (automated play: the simulator, a service's time-outs). `next`
 * sees the state in progress and must not keep it. An action that needs reconfirmation is refused.
 */
export function applyBlackjackActions(
  state: BlackjackState,
  next: (current: BlackjackStateView) => BlackjackAction | null,
  rng: Rng,
): BlackjackTransition {
  const draft = toDraft(state);
  for (let count = 0; draft.phase !== 'settled' || count === 0; count++) {
    invariant(count < blackjackActionsPerCallMax, 'automated play ends within the bound');
    const action = next(draft);
    if (action === null) break;
    const warnings = verifyBlackjackAction(draft, action);
    if (needsReconfirmation(action, warnings))
      throw new BlackjackRejection('no-warning-shown', `${action.kind} must be sent reconfirmed in automated play`);
    commit(draft, action, warnings, rng);
  }
  const settled = fromDraft(draft);
  return { state: settled, events: settled.events.slice(state.events.length), warnings: [], needsReconfirmation: false };
}

export interface LegalDecisions {
  readonly seat: number;
  /** The hand the decision is for (player turns), else null. */
  readonly hand: number | null;
  readonly insurance: boolean;
  readonly evenMoney: boolean;
  readonly hit: boolean;
  readonly stand: boolean;
  readonly double: boolean;
  readonly split: boolean;
  readonly surrender: boolean;
}

/** What `seat` may decide now: the buttons the UI shows and the moves the simulator chooses from. */
export function legalDecisions(state: BlackjackStateView, seat: number): LegalDecisions {
  return {
    seat,
    hand: state.phase === 'player-turns' && state.turn?.seat === seat ? state.turn.hand : null,
    insurance: checkSideDecision(state, seat, 'insurance') === null,
    evenMoney: checkSideDecision(state, seat, 'even-money') === null,
    hit: checkHit(state, seat) === null,
    stand: checkStand(state, seat) === null,
    double: checkDouble(state, seat) === null,
    split: checkSplit(state, seat) === null,
    surrender: checkSurrender(state, seat) === null,
  };
}
