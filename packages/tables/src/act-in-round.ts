import { createHash } from 'node:crypto';
import { assert, DomainError, isDomainError } from '@casino/core';
import { transaction, type Tx } from '@casino/db';
import {
  BlackjackRejection,
  PlatynkoRejection,
  RouletteRejection,
  type BlackjackAction,
  type ChipPlacement,
  type PlatynkoBetRequest,
  type RouletteAction,
  type RouletteBetRequest,
} from '@casino/games';
import { startPlaySession } from '@casino/limits';
import { confirmBatchWithOneCall, confirmWithOneCall, takesOneCallPath, type BatchOutcome } from './confirm-stake.ts';
import { RoundQueue, StakeBatches, type Waiting } from './round-queue.ts';
import type { TablesContext } from './context.ts';
import { applyAction, debitsOf, decisionKey, isSettled, publicEvents, publicView, type EngineAction } from './engines.ts';
import { deadlineFor, finishRound, pushRound, Pushes } from './lifecycle.ts';
import { postStake } from './money.ts';
import { previousLayout } from './platynko.ts';
import { lockRoundOrThrow, saveRoundWithAction, type LoadedRound } from './round-store.ts';
import { driveRound } from './run-due-rounds.ts';
import { turnDueRoundWithOneCall } from './settle-round.ts';
import { tableRules } from './rules.ts';
import { toWire, type Wire } from './wire.ts';
import { assertTableOpenForBets } from './suspend-betting.ts';

/** What a player may ask of a round; the seat is always the player's own (never sent). */
export type PlayerAction =
  | { kind: 'place-bets'; bets: RouletteBetRequest[]; confirm?: boolean }
  | { kind: 'clear-bets' }
  | { kind: 'confirm-bets' }
  | { kind: 'place-bet'; stakeMinor: bigint; warningsEnabled?: boolean; confirm?: boolean }
  | { kind: 'clear-bet' }
  | { kind: 'confirm-bet' }
  | { kind: 'insurance' | 'even-money'; take: boolean }
  | { kind: 'hit' | 'stand' | 'double'; reconfirmed?: boolean; disableWarnings?: boolean }
  | { kind: 'split' }
  | { kind: 'surrender' }
  /** Plátýnko (004:GAM-PL-04..10): chips on cards, rows and columns; "Zpět"; "Vsadit znovu" once or doubled. */
  | { kind: 'place-chips'; chips: PlatynkoBetRequest[]; confirm?: boolean }
  | { kind: 'undo' }
  | { kind: 'rebet'; double?: boolean; confirm?: boolean };

const rouletteKinds = new Set(['place-bets', 'clear-bets', 'confirm-bets']);
const platynkoKinds = new Set(['place-chips', 'undo', 'rebet', 'clear-bets', 'confirm-bets']);

/** Whether the action is one of the round's game (clear-bets and confirm-bets are roulette's and Plátýnko's). */
function isActionOf(game: LoadedRound['game'], kind: string): boolean {
  if (game === 'roulette') return rouletteKinds.has(kind);
  if (game === 'platynko') return platynkoKinds.has(kind);
  return !rouletteKinds.has(kind) && !platynkoKinds.has(kind);
}

export interface ActRequest {
  playerId: string;
  roundId: string;
  /** The client's id of this action (Idempotency-Key): the same id again returns the first answer. */
  actionId: string;
  action: PlayerAction;
}

export interface ActResult {
  roundId: string;
  tableId: string;
  kind: 'live' | 'temporary';
  version: number;
  phase: string;
  currency: string;
  /** True when this action id was answered before: this is that answer, nothing was done again. */
  replayed: boolean;
  /** 004:GAM-B-17: the decision was not applied; send it again with `reconfirmed: true`. */
  needsReconfirmation: boolean;
  warnings: string[];
  /** The stakes this action debited, each with its ledger transaction. */
  stakes: Array<{ amountMinor: string; ledgerTransactionId: string }>;
  events: Wire;
  view: Wire;
}

/**
 * A player's action in a round (roulette bets; blackjack bets and decisions), in one transaction
 * under the round's row lock: the engine decides, every stake it confirms runs the self-limits and
 * posts to the ledger (money.ts), and the new state is stored. A refusal by the engine, a limit or
 * the wallet changes nothing. Idempotent per action id.
 */
export async function actInRound(ctx: TablesContext, request: ActRequest): Promise<ActResult> {
  assert(
    request.actionId.length > 0 && request.actionId.length <= tableRules.actionIdLengthMax,
    'an action id is 1..100 characters',
  );
  const run = async (waiting: WaitingStake | null) => {
    // A bet confirmation's common case in two round trips (confirm-stake.ts), several players' together when they
    // queued for the round (D-1855); null: this transaction handles it.
    const confirmed = waiting ? await confirmQueued(ctx, waiting) : null;
    if (confirmed === 'time-over') {
      // The round's timer ran out before the scheduler got to it: this action turns it, in two round trips
      // when the one-call turn takes the case (D-2295), and answers time-over as the ORM path does.
      const turned = await turnDueRoundWithOneCall(ctx, () => undefined, request.roundId);
      if (turned.kind === 'turned') throw timeOver();
    } else if (confirmed) return confirmed;
    const pushes = new Pushes();
    const result = await transaction(ctx.db, (tx) => actInTransaction(ctx, tx, request, pushes));
    await pushes.send(ctx);
    if (result === 'time-over') throw timeOver();
    return result;
  };
  const queued = () => {
    // Registered before it queues, so the confirmation ahead of it can take it into its batch.
    const waiting = takesOneCallPath(request.action) ? stakeBatches.join(request) : null;
    return roundQueue.run(request.roundId, () => run(waiting)).finally(() => waiting && stakeBatches.leave(waiting));
  };
  try {
    return await queued();
  } catch (error) {
    // The player's play session ended (30 idle minutes, docs/limits.md D-508): a new one, then once more.
    if (!isDomainError(error) || error.code !== 'play-session-ended') throw error;
    await renewPlaySession(ctx, request.playerId);
    return queued();
  }
}

/**
 * A confirmation at the front of its round's queue: answered already when an earlier batch took it; else it
 * takes with it the confirmations waiting behind it (one per player) and runs them as one batch, or alone.
 */
async function confirmQueued(ctx: TablesContext, waiting: WaitingStake): Promise<ActResult | 'time-over' | null> {
  if (!waiting.outcome) {
    const batch = stakeBatches.take(waiting, tableRules.stakeBatchMax);
    if (batch.length === 1) waiting.outcome = { kind: 'alone' };
    else {
      try {
        const outcomes = await confirmBatchWithOneCall(
          ctx,
          batch.map((w) => w.request),
        );
        batch.forEach((w, i) => (w.outcome = outcomes[i]!));
      } catch (error) {
        // A bug in the batch: the others run on their own, this one answers the error.
        for (const w of batch) w.outcome = { kind: 'alone' };
        throw error;
      }
    }
  }
  const outcome = waiting.outcome!;
  switch (outcome.kind) {
    case 'answered':
      return outcome.result;
    case 'refused':
      throw outcome.error;
    case 'orm':
      return null;
    case 'alone':
      return confirmWithOneCall(ctx, waiting.request);
  }
}

const timeOver = () =>
  new DomainError('game-action-refused', 'The time for this ran out: betting or your decision time is over.', {
    extensions: { reason: 'time-over' },
  });

/** A round's actions in this process one after another, not each holding a pooled connection on its row lock (D-2272). */
const roundQueue = new RoundQueue(tableRules.roundActionsWaitingMax);

/** The bet confirmations waiting in `roundQueue`, by round, for the one ahead of them to take into its batch (D-1855). */
const stakeBatches = new StakeBatches<ActRequest, BatchOutcome>();
type WaitingStake = Waiting<ActRequest, BatchOutcome>;

/** Bet confirmations of a round waiting in this process for the one ahead of them (tests: a batch to form). */
export function confirmationsWaitingFor(roundId: string): number {
  return stakeBatches.waitingFor(roundId);
}

async function renewPlaySession(ctx: TablesContext, playerId: string): Promise<void> {
  await transaction(ctx.db, async (tx) => {
    const { playSessionId } = await startPlaySession(ctx.limits, tx, { playerId });
    await tx.tableSeat.updateMany({ where: { playerId }, data: { playSessionId } });
    // A temporary table resumed after a long absence plays on in the new session too.
    await tx.gameRoundPlayer.updateMany({ where: { playerId, settledAt: null }, data: { playSessionId } });
  });
}

export function requestHash(request: ActRequest): string {
  return createHash('sha256')
    .update(
      JSON.stringify({ roundId: request.roundId, action: request.action }, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)),
    )
    .digest('hex');
}

async function actInTransaction(
  ctx: TablesContext,
  tx: Tx,
  request: ActRequest,
  pushes: Pushes,
): Promise<ActResult | 'time-over'> {
  // Under the round's lock, so a retry racing its first attempt waits for it and then finds its answer.
  const round = await lockRoundOrThrow(tx, request.roundId);
  // The action's answer if any, the table's betting switch and the player's seat: one read after the lock.
  const context = await actionContext(tx, round, request);
  const answered = context.answered;
  if (answered) {
    if (answered.requestHash !== requestHash(request))
      throw new DomainError('idempotency-key-reused', 'This action id was already used for a different action.', {
        field: 'header.idempotency-key',
      });
    return { ...(answered.response as unknown as ActResult), replayed: true };
  }
  if (round.status !== 'OPEN')
    throw new DomainError('game-action-refused', 'The round is over.', { extensions: { reason: 'round-over' } });
  if (round.kind === 'LIVE') assertTableOpenForBets(context.tableOpen, request.action.kind);
  // The timer ran out and the scheduler has not got to it yet (it may be busy, or kept off by actions
  // holding the row): the action drives the round itself, so time is never extended by playing on.
  if (round.deadlineAt !== null && round.deadlineAt <= ctx.clock.now()) {
    await driveRound(ctx, tx, round, pushes);
    return 'time-over';
  }
  const { seat, playSessionId } = actingSeat(round, request, context);
  // "Vsadit znovu" repeats the player's previous round at this table: read here, carried in the action (replay needs no lookup).
  const layout =
    round.game === 'platynko' && request.action.kind === 'rebet'
      ? await previousLayout(tx, { tableId: round.table.id, playerId: request.playerId, currentRoundId: round.id })
      : [];
  const actions = engineActions(round, request.action, seat, layout);

  const before = decisionKey(round.state);
  const firstEventIndex = round.state.events.length;
  let warnings: readonly string[] = [];
  let needsReconfirmation = false;
  for (const action of actions) {
    const applied = apply(round, action);
    round.state = applied.state;
    warnings = applied.warnings;
    needsReconfirmation = applied.needsReconfirmation;
    if (needsReconfirmation) break;
  }
  const events = round.state.events.slice(firstEventIndex);
  const stakes: ActResult['stakes'] = [];
  for (const debit of debitsOf(events, firstEventIndex)) {
    assert(debit.seat === seat, 'an action debits only the acting seat');
    const posted = await postStake(ctx, tx, { round, playerId: request.playerId, playSessionId, debit });
    stakes.push({ amountMinor: debit.amountMinor.toString(), ledgerTransactionId: posted.ledgerTransactionId });
  }
  const record = (result: ActResult) => ({
    playerId: request.playerId,
    actionId: request.actionId,
    roundId: round.id,
    requestHash: requestHash(request),
    response: result,
    createdAt: ctx.clock.now(),
  });
  if (events.length > 0) {
    const now = ctx.clock.now();
    // A new decision (another seat's turn, the next hand, the next phase) gets a fresh timer; betting time runs on.
    const timerRestarts = round.state.phase !== 'betting' && decisionKey(round.state) !== before;
    if (isSettled(round.state)) await finishRound(ctx, tx, round, pushes);
    else {
      // The new state and the action's answer in one statement: the answer carries the new version.
      const deadlineAt = timerRestarts ? deadlineFor(round.table, round.state, now) : round.deadlineAt;
      const saved = await saveRoundWithAction(tx, round, { deadlineAt }, (version) =>
        record(
          resultOf({ ...round, version }, { replayed: false, needsReconfirmation, warnings: [...warnings], stakes, events }),
        ),
      );
      pushRound(pushes, round, events);
      return saved.response;
    }
    pushRound(pushes, round, events);
  }
  const result = resultOf(round, { replayed: false, needsReconfirmation, warnings: [...warnings], stakes, events });
  const row = record(result);
  await tx.gameAction.create({ data: { ...row, response: row.response as object } });
  return result;
}

export function resultOf(
  round: LoadedRound,
  parts: Pick<ActResult, 'replayed' | 'needsReconfirmation' | 'warnings' | 'stakes'> & { events: readonly unknown[] },
): ActResult {
  return {
    roundId: round.id,
    tableId: round.table.id,
    kind: round.kind === 'LIVE' ? 'live' : 'temporary',
    version: round.version,
    phase: round.state.phase,
    currency: round.table.currency,
    replayed: parts.replayed,
    needsReconfirmation: parts.needsReconfirmation,
    warnings: parts.warnings,
    stakes: parts.stakes,
    events: toWire(round.game, publicEvents(round.game, parts.events)),
    view: toWire(round.game, publicView(round.game, round.state)),
  };
}

export interface ActionContext {
  answered: { requestHash: string; response: unknown } | null;
  /** The table's betting switch (suspend-betting.ts); null for a temporary table's round. */
  tableOpen: boolean | null;
  /** The player's seat at the live table, or their place in the temporary table's round. */
  seat: { seatNo: number; status: string; playSessionId: string } | null;
}

/**
 * Everything an action reads after the round's lock, in one statement: the action id's earlier answer,
 * whether the live table takes bets, and the acting player's seat (live) or round place (temporary).
 * Read after the lock, so a retry that waited for its first attempt sees that attempt's answer.
 */
async function actionContext(tx: Tx, round: LoadedRound, request: ActRequest): Promise<ActionContext> {
  const live = round.kind === 'LIVE';
  const [row] = await tx.$queryRaw<
    Array<{
      request_hash: string | null;
      response: unknown;
      table_open: boolean | null;
      seat_no: number | null;
      seat_status: string | null;
      play_session_id: string | null;
    }>
  >`
    SELECT a.request_hash, a.response,
           (SELECT t.is_open FROM game_table t WHERE ${live} AND t.id = ${round.table.id}::uuid) AS table_open,
           s.seat_no, s.status AS seat_status, s.play_session_id
    FROM (SELECT 1) AS one
    LEFT JOIN game_action a ON a.player_id = ${request.playerId}::uuid AND a.action_id = ${request.actionId}
    LEFT JOIN LATERAL (
      SELECT ts.seat_no, ts.status::text AS status, ts.play_session_id::text AS play_session_id FROM table_seat ts
      WHERE ${live} AND ts.table_id = ${round.table.id}::uuid AND ts.player_id = ${request.playerId}::uuid
      UNION ALL
      SELECT NULL::int, NULL::text, p.play_session_id::text FROM game_round_player p
      WHERE NOT ${live} AND p.round_id = ${round.id}::uuid AND p.player_id = ${request.playerId}::uuid
    ) AS s ON true`;
  return {
    answered: row!.request_hash === null ? null : { requestHash: row!.request_hash, response: row!.response },
    tableOpen: row!.table_open,
    seat:
      row!.play_session_id === null
        ? null
        : { seatNo: row!.seat_no ?? 0, status: row!.seat_status ?? '', playSessionId: row!.play_session_id },
  };
}

/** The seat the player acts from: their seat at the live table, or the box of their temporary table. */
export function actingSeat(
  round: LoadedRound,
  request: ActRequest,
  context: ActionContext,
): { seat: number; playSessionId: string } {
  if (round.kind === 'TEMPORARY') {
    if (round.temporaryPlayerId !== request.playerId)
      throw new DomainError('not-seated', 'This temporary table belongs to another player.');
    assert(context.seat !== null, "the temporary table's player has a place in its round");
    return { seat: round.temporarySeat!, playSessionId: context.seat.playSessionId };
  }
  const seat = context.seat;
  if (!seat) throw new DomainError('not-seated', 'Take a seat to bet: spectators watch but cannot bet (004:GAM-R-01, GAM-B-01).');
  const placing = ['place-bets', 'place-bet', 'confirm-bets', 'confirm-bet', 'place-chips', 'rebet'].includes(
    request.action.kind,
  );
  if (seat.status === 'LEAVING' && placing) throw new DomainError('not-seated', 'You are leaving the table: no new bets.');
  return { seat: seat.seatNo, playSessionId: seat.playSessionId };
}

export function engineActions(round: LoadedRound, action: PlayerAction, seat: number, layout: ChipPlacement[]): EngineAction[] {
  if (!isActionOf(round.game, action.kind)) {
    throw new DomainError('game-action-refused', `"${action.kind}" is not an action of ${round.game}.`, {
      field: 'body.kind',
      extensions: { reason: 'not-this-game' },
    });
  }
  switch (action.kind) {
    case 'place-bets': {
      const place: RouletteAction = { kind: 'place-bets', seat, bets: action.bets };
      return action.confirm ? [place, { kind: 'confirm-bets', seat }] : [place];
    }
    case 'place-chips': {
      const place: EngineAction = { kind: 'place-bets', seat, bets: action.chips };
      return action.confirm ? [place, { kind: 'confirm-bets', seat }] : [place];
    }
    case 'rebet': {
      const rebet: EngineAction = { kind: 'rebet', seat, layout, factor: action.double ? 2 : 1 };
      return action.confirm ? [rebet, { kind: 'confirm-bets', seat }] : [rebet];
    }
    case 'place-bet': {
      const place: BlackjackAction = {
        kind: 'place-bet',
        seat,
        stakeMinor: action.stakeMinor,
        ...(action.warningsEnabled === undefined ? {} : { warningsEnabled: action.warningsEnabled }),
      };
      return action.confirm ? [place, { kind: 'confirm-bet', seat }] : [place];
    }
    case 'insurance':
    case 'even-money':
      return [{ kind: action.kind, seat, take: action.take }];
    case 'hit':
    case 'stand':
    case 'double':
      return [
        {
          kind: action.kind,
          seat,
          ...(action.reconfirmed ? { reconfirmed: true } : {}),
          ...(action.disableWarnings ? { disableWarnings: true } : {}),
        },
      ];
    default:
      return [{ kind: action.kind, seat } as EngineAction];
  }
}

/** The engine's refusal becomes the player's answer, with the engine's stable reason. */
export function apply(round: LoadedRound, action: EngineAction) {
  try {
    return applyAction(round.game, round.state, action, round.seed);
  } catch (error) {
    if (error instanceof RouletteRejection || error instanceof BlackjackRejection || error instanceof PlatynkoRejection) {
      throw new DomainError('game-action-refused', error.message, { field: 'body', extensions: { reason: error.reason } });
    }
    throw error;
  }
}
