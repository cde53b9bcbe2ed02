import { monitoringEventMessage } from '@casino/compliance';
import { assert, countBusinessEvent, DomainError, isDomainError, Money, newId } from '@casino/core';
import {
  isPoolExhaustedError,
  pgBatchedTransaction,
  playerLockKey,
  rollBack,
  sqlStateOf,
  type BatchedTransaction,
} from '@casino/db';
import * as ledger from '@casino/ledger';
import { decideStakeOnRead, stakeReadArguments, type StakeReadArguments } from '@casino/limits';
import {
  actingSeat,
  apply,
  engineActions,
  requestHash,
  resultOf,
  type ActionContext,
  type ActRequest,
  type ActResult,
  type PlayerAction,
} from './act-in-round.ts';
import type { TablesContext } from './context.ts';
import { debitsOf, decisionKey, isSettled, phaseOf, stateToJson } from './engines.ts';
import { deadlineFor, Pushes, roundMessageOf } from './lifecycle.ts';
import { knownStakeAccounts, stakeKey } from './money.ts';
import { isTableCached, loadedFromCachedTable, type LoadedRound, type RoundRowRead } from './round-store.ts';
import { knownStateOf, rememberState, type KnownState } from './round-state-cache.ts';
import type { Wire } from './wire.ts';
import { assertTableOpenForBets } from './suspend-betting.ts';

/**
 * A bet confirmation in two round trips (issue 22, D-2260, D-2264): BEGIN with `table_stake_begin` (the
 * round's lock and row, the action's earlier answer, the table's switch, the seat, the player lock and
 * the self-limits' rows), then `table_stake_commit` (the limits' counters, the ledger posting, the
 * monitoring event, the round's records, its new state and the stored answer) with COMMIT, each pair
 * one simple-protocol query on the pool's own connection (`pgBatchedTransaction`), no ORM. The engine and the self-limits' rules decide in between, as in
 * `actInRound`'s transaction, on rows read under the same locks in the same order.
 *
 * Only the common case takes this path: one stake confirmed in an open round whose timer has not run
 * out, the wallet and revenue accounts known to this process. Anything else (a replayed rebet, a round
 * that settles or must be driven, a second debit, a reconfirmation, a first bet before the account ids
 * are cached) rolls back and answers `null`: the caller runs the ORM transaction, which handles all.
 */
export function takesOneCallPath(action: PlayerAction): boolean {
  switch (action.kind) {
    case 'confirm-bets':
    case 'confirm-bet':
      return true;
    case 'place-bets':
    case 'place-chips':
    case 'place-bet':
      return action.confirm === true;
    default:
      return false;
  }
}

let committedCount = 0;

/** Confirmations this process committed through this path (tests prove a case took it; not a metric). */
export function oneCallConfirmationCount(): number {
  return committedCount;
}

// The round's state (tens of kilobytes) comes out of the document as a text column of its own, so it is parsed
// once, by the engine's decoder, instead of also as a string inside the document's JSON (D-2296); and not at all
// when the row is at the version whose state this process holds decoded (the last argument, D-1857).
const beginSql =
  "SELECT doc #- '{round,state}' AS doc, doc #>> '{round,state}' AS state FROM table_stake_begin($1::uuid, $2::uuid, $3, $4, $5::timestamptz, $6::date, $7::date, $8::date, $9::integer) AS doc";
const commitSql = `SELECT table_stake_commit(${Array.from({ length: 30 }, (_, i) => `$${i + 1}`).join(', ')}) AS transaction_id`;

type Json = Record<string, unknown>;

interface Begun {
  /** The round's row, its state not decoded yet (D-2296), or left out as `known`'s (D-1857). */
  row: RoundRowRead;
  known: KnownState | undefined;
  context: ActionContext;
  stakeState: Json | null;
}

interface Confirmed {
  result: ActResult;
  /** The push, and the round as committed (its game counts the bet; its state is remembered), after commit. */
  committed: { push: Pushes; round: LoadedRound };
}

export async function confirmWithOneCall(ctx: TablesContext, request: ActRequest): Promise<ActResult | 'time-over' | null> {
  const at = ctx.clock.now();
  const readArguments = stakeReadArguments(request.playerId, at);
  // The body runs again after a deadlock or serialization failure: only its last attempt's answer counts.
  let replayed: ActResult | 'time-over' | null = null;
  const outcome = await pgBatchedTransaction(ctx.db, async (tx): Promise<Confirmed | typeof rollBack> => {
    replayed = null;
    const begun = await begin(tx, request, at, readArguments);
    const decided = decide(ctx, request, begun, at);
    if (decided === null) return rollBack;
    if (decided === 'time-over') {
      replayed = decided; // nothing written: the caller turns the round
      return rollBack;
    }
    if ('replayed' in decided) {
      replayed = decided.replayed; // nothing to write: answered from the stored answer
      return rollBack;
    }
    return commit(tx, decided);
  });
  if (outcome === rollBack) return replayed;
  committedCount++;
  const { round } = outcome.committed;
  rememberState(round.id, round.version, round.state);
  countBusinessEvent('bet-confirmed', round.game);
  countBusinessEvent('ledger-posting', 'STAKE');
  await outcome.committed.push.send(ctx);
  return outcome.result;
}

/** What a batch decided for one of its actions (D-1855). */
export type BatchOutcome =
  /** Confirmed in the batch's transaction, or answered from the action id's stored answer. */
  | { kind: 'answered'; result: ActResult }
  /** Refused by the engine, the table's switch, the seat or a self-limit: nothing written for it. */
  | { kind: 'refused'; error: DomainError }
  /** Not decided here: the action takes the one-action path (`confirmWithOneCall`, then the ORM path) itself. */
  | { kind: 'alone' }
  /** A case of the ORM path (decideStake's null): the action takes the ORM transaction. */
  | { kind: 'orm' };

const beginBatchSql =
  "SELECT doc #- '{round,state}' AS doc, doc #>> '{round,state}' AS state FROM table_stake_begin_batch($1::uuid, $2::jsonb, $3::timestamptz, $4::date, $5::date, $6::date, $7::integer) AS doc";
const commitBatchSql =
  'SELECT table_stake_commit_batch($1::uuid, $2, $3, $4::integer, $5::integer, $6::timestamptz, $7::jsonb) AS transaction_ids';

interface BatchEntry {
  player: string;
  action_id: string;
  answered: { request_hash: string; response: unknown } | null;
  seat: SeatJson | null;
  stake_state: Json | null;
}

/**
 * Several players' bet confirmations on one round in one transaction of two round trips (issue 22, D-1855):
 * the actions that queued for the round while the one before them ran (act-in-round.ts), one per player.
 * `table_stake_begin_batch` locks the round once, then the players in id order, and reads per action what
 * `table_stake_begin` reads for one (the answer, the seat, the limits' rows); the
 * engine applies the actions one after another in their order of arrival, each decided as
 * `confirmWithOneCall` decides one (a refusal changes nothing and does not stop the others); then
 * `table_stake_commit_batch` writes every confirmed stake and the round's state once, its version moved
 * by one per stake, so each answer carries the version after its own action; the table gets one push, the round
 * at its last version with every action's events.
 *
 * A round over or out of time, a table this process does not know, or a failed transaction (insufficient
 * funds comes back as the ledger's SQLSTATE for the batch as a whole) answers `alone` for every action: each then
 * runs on its own exactly as without the batch, and nothing of the batch was written.
 */
export async function confirmBatchWithOneCall(ctx: TablesContext, requests: readonly ActRequest[]): Promise<BatchOutcome[]> {
  assert(requests.length > 1, 'a batch holds more than one action');
  assert(new Set(requests.map((r) => r.playerId)).size === requests.length, 'a batch holds one action per player');
  assert(new Set(requests.map((r) => r.roundId)).size === 1, "a batch holds one round's actions");
  const at = ctx.clock.now();
  const alone = (): BatchOutcome[] => requests.map(() => ({ kind: 'alone' }));
  let outcomes: BatchOutcome[] = alone();
  let committed: Decided[] = [];
  let outcome: typeof rollBack | 'committed';
  try {
    outcome = await pgBatchedTransaction(ctx.db, async (tx): Promise<'committed' | typeof rollBack> => {
      // The body runs again after a deadlock or serialization failure: only its last attempt's decisions count.
      outcomes = alone();
      committed = [];
      const actions = requests.map((r) => ({
        player: r.playerId,
        action_id: r.actionId,
        lock_key: playerLockKey(r.playerId),
      }));
      const windows = stakeReadArguments(requests[0]!.playerId, at); // the periods' windows are every player's
      const known = knownStateOf(requests[0]!.roundId);
      const rows = await tx.begin<{ doc: Json; state: string | null }>(beginBatchSql, [
        requests[0]!.roundId,
        JSON.stringify(actions),
        at,
        windows.day,
        windows.week,
        windows.month,
        known?.version ?? null,
      ]);
      const doc = rows[0]!.doc;
      const row = roundRowOf(doc, rows[0]!.state);
      if (!row || !isTableCached(row.table_id)) return rollBack;
      if (row.status !== 'OPEN' || (row.deadline_at !== null && row.deadline_at <= at)) return rollBack;
      const entries = doc.entries as BatchEntry[];
      const tableOpen = (doc.table_open as boolean | null) ?? null;
      let round = loadedOf(row, known)!;
      const versionBefore = round.version;
      outcomes = requests.map((request): BatchOutcome => {
        const entry = entries.find((e) => e.player === request.playerId && e.action_id === request.actionId);
        assert(entry !== undefined, 'table_stake_begin_batch reads every action of the batch');
        try {
          if (entry.answered) {
            const answered = { requestHash: entry.answered.request_hash, response: entry.answered.response };
            return { kind: 'answered', result: replayOf(request, answered) };
          }
          if (round.kind === 'LIVE') assertTableOpenForBets(tableOpen, request.action.kind);
          const decided = decideStake(ctx, round, request, { tableOpen, seat: seatOf(entry.seat) }, entry.stake_state, at);
          if (decided === null) return { kind: 'orm' };
          round = decided.round; // the next action of the batch plays on this one's state
          committed.push(decided);
          return { kind: 'answered', result: decided.result };
        } catch (error) {
          if (isDomainError(error)) return { kind: 'refused', error };
          throw error;
        }
      });
      if (committed.length === 0) return rollBack; // replays and refusals write nothing
      const ids = await tx.commit<{ transaction_ids: string[] }>(commitBatchSql, [
        round.id,
        stateToJson(round.game, round.state),
        phaseOf(round.state),
        versionBefore,
        round.version,
        round.deadlineAt,
        JSON.stringify(committed.map(stakeRecord)),
      ]);
      assert(
        ids[0]!.transaction_ids.every((id, i) => id === committed[i]!.write.posting[0]),
        'table_stake_commit_batch posts the stakes in the order given',
      );
      return 'committed';
    });
  } catch (error) {
    // The database refused (a ledger refusal of one stake: insufficient funds) or no connection was free in time:
    // nothing was written, and each action runs on its own, answered by its own path. Anything else is a bug.
    if (sqlStateOf(error) !== undefined || isPoolExhaustedError(error) || isDomainError(error)) return alone();
    throw error;
  }
  if (outcome === rollBack) return outcomes;
  committedCount += committed.length;
  const final = committed[committed.length - 1]!.round;
  rememberState(final.id, final.version, final.state);
  for (const decided of committed) {
    countBusinessEvent('bet-confirmed', decided.round.game);
    countBusinessEvent('ledger-posting', 'STAKE');
  }
  // One push for the batch: the round at its last version with every action's events in order. A client keeps the
  // newest version it has (docs/game-service.md), so the intermediate versions' views would only be replaced.
  const last = committed[committed.length - 1]!;
  const message = { ...last.message, events: committed.flatMap((d) => d.message.events as Wire[]) };
  const push = new Pushes();
  if (last.round.kind === 'LIVE') push.table.push([last.round.table.id, message]);
  else push.player.push([last.round.temporaryPlayerId!, message]);
  await push.send(ctx);
  return outcomes;
}

/** One stake as `table_stake_commit_batch` reads it (jsonb_to_recordset's columns). */
function stakeRecord(decided: Decided): Record<string, unknown> {
  const { write, result } = decided;
  const [player, reference, category, amountMinor, currency, rateToCzk, countedMinor, playSession, at, usage, playedMs] =
    write.count;
  return {
    player,
    reference,
    category,
    amount_minor: amountMinor,
    currency,
    rate_to_czk: rateToCzk,
    counted_minor: countedMinor,
    play_session: playSession,
    at,
    usage: JSON.parse(usage as string),
    session_played_ms: playedMs,
    transaction_id: write.posting[0],
    request_hash: write.posting[2],
    metadata: JSON.parse(write.posting[4] as string),
    postings: JSON.parse(write.posting[7] as string),
    outbox_id: write.outboxId,
    outbox_topic: write.monitoring.topic,
    outbox_payload: write.monitoring.payload,
    table_id: write.tableId,
    seat: write.seat,
    stake_minor: write.stakeMinor.toString(),
    event_index: write.eventIndex,
    action_id: write.actionId,
    action_hash: write.actionHash,
    response: result,
  };
}

/**
 * The round's row of a begin statement's document, its state the text column beside it (D-2296), null when the
 * statement left it out for the version this process holds (D-1857); null: no such round.
 */
function roundRowOf(doc: Json, state: string | null): RoundRowRead | null {
  const row = doc.round as Json | null;
  if (!row) return null;
  return {
    ...(row as unknown as RoundRowRead),
    state,
    deadline_at: row.deadline_at === null ? null : new Date(row.deadline_at as string),
  };
}

/**
 * The round of a begin statement's row, at a table this process has cached: its state decoded from the row (and
 * remembered, as read under the round's lock), or the held copy the statement left out (D-1857).
 */
function loadedOf(row: RoundRowRead, known: KnownState | undefined): LoadedRound | undefined {
  if (row.state === null) {
    assert(known !== undefined && known.version === row.version, 'a begin statement leaves out only the state held here');
    return loadedFromCachedTable(row, known.state);
  }
  const round = loadedFromCachedTable(row);
  if (round) rememberState(round.id, round.version, round.state);
  return round;
}

type SeatJson = { seat_no: number | null; status: string | null; play_session_id: string };

function seatOf(seat: SeatJson | null): ActionContext['seat'] {
  return seat && { seatNo: seat.seat_no ?? 0, status: seat.status ?? '', playSessionId: seat.play_session_id };
}

async function begin(tx: BatchedTransaction, request: ActRequest, at: Date, readArguments: StakeReadArguments): Promise<Begun> {
  const known = knownStateOf(request.roundId);
  const rows = await tx.begin<{ doc: Json; state: string | null }>(beginSql, [
    request.roundId,
    request.playerId,
    request.actionId,
    readArguments.lockKey,
    at,
    readArguments.day,
    readArguments.week,
    readArguments.month,
    known?.version ?? null,
  ]);
  const doc = rows[0]!.doc;
  const row = roundRowOf(doc, rows[0]!.state);
  if (!row) throw new DomainError('not-found', `No round ${request.roundId}.`, { field: 'params.roundId' });
  const answered = doc.answered as { request_hash: string; response: unknown } | null;
  return {
    row,
    known,
    context: {
      answered: answered && { requestHash: answered.request_hash, response: answered.response },
      tableOpen: (doc.table_open as boolean | null) ?? null,
      seat: seatOf(doc.seat as SeatJson | null),
    },
    stakeState: (doc.stake_state as Json | null) ?? null,
  };
}

/** What one confirmed stake writes: `table_stake_commit`'s arguments for one, a record of `table_stake_commit_batch`'s. */
interface StakeWrite {
  /** `limits_stake_count`'s arguments (decideStakeOnRead). */
  count: unknown[];
  /** `ledger_post`'s arguments (transferPostArguments). */
  posting: unknown[];
  monitoring: ReturnType<typeof monitoringEventMessage>;
  outboxId: string;
  tableId: string;
  seat: number;
  stakeMinor: bigint;
  eventIndex: number;
  actionId: string;
  actionHash: string;
}

interface Decided {
  /** The round after this stake: its state, its version moved by one, its deadline. */
  round: LoadedRound;
  result: ActResult;
  message: ReturnType<typeof roundMessageOf>;
  write: StakeWrite;
}

/** The checks of `actInTransaction` in its order, the engine, then the self-limits; null: not this path's case. */
function decide(
  ctx: TablesContext,
  request: ActRequest,
  begun: Begun,
  at: Date,
): Decided | { replayed: ActResult } | 'time-over' | null {
  const { row, context } = begun;
  if (!isTableCached(row.table_id)) return null; // the ORM path reads the table
  if (context.answered) return { replayed: replayOf(request, context.answered) };
  if (row.status !== 'OPEN')
    throw new DomainError('game-action-refused', 'The round is over.', { extensions: { reason: 'round-over' } });
  if (row.kind === 'LIVE') assertTableOpenForBets(context.tableOpen, request.action.kind);
  // The round's time ran out: the caller turns it (the one-call round turn, D-2295, else the ORM path) and answers time-over.
  if (row.deadline_at !== null && row.deadline_at <= at) return 'time-over';
  // Decoded only now, for an action this path decides: a replay, a round over or a time run out never needs the state (D-2296).
  return decideStake(ctx, loadedOf(row, begun.known)!, request, context, begun.stakeState, at);
}

/** The stored answer of an action id used before; a different action under the same id is refused. */
function replayOf(request: ActRequest, answered: { requestHash: string; response: unknown }): ActResult {
  if (answered.requestHash !== requestHash(request))
    throw new DomainError('idempotency-key-reused', 'This action id was already used for a different action.', {
      field: 'header.idempotency-key',
    });
  return { ...(answered.response as ActResult), replayed: true };
}

/**
 * One stake on an open round whose time has not run out, at a table taking bets: the engine applies the action to `round.state`
 * (not changed: the engine is pure), the self-limits decide on the player's read, and the stake's writes
 * are prepared. A refusal throws; null: a case for the ORM path (a reconfirmation, no or two debits, a
 * settling action, a wallet whose account ids this process does not know yet).
 */
function decideStake(
  ctx: TablesContext,
  round: LoadedRound,
  request: ActRequest,
  context: Pick<ActionContext, 'tableOpen' | 'seat'>,
  stakeState: Json | null,
  at: Date,
): Decided | null {
  const { seat, playSessionId } = actingSeat(round, request, { answered: null, ...context });
  const before = decisionKey(round.state);
  const firstEventIndex = round.state.events.length;
  let state = round.state;
  for (const action of engineActions(round, request.action, seat, [])) {
    const applied = apply({ ...round, state }, action);
    if (applied.needsReconfirmation) return null;
    state = applied.state;
  }
  const events = state.events.slice(firstEventIndex);
  const debits = debitsOf(events, firstEventIndex);
  if (debits.length !== 1 || isSettled(state)) return null;
  const debit = debits[0]!;
  assert(debit.seat === seat, 'an action debits only the acting seat');
  assert(stakeState !== null, 'an open round with the player seated reads the limits');

  const amount = Money.fromMinor(debit.amountMinor, round.table.currency);
  const key = stakeKey(round.id, debit.eventIndex);
  const limits = decideStakeOnRead(
    ctx.limits,
    { playerId: request.playerId, playSessionId, reference: key, amount, category: 'casino' },
    at,
    stakeState,
  );
  const accounts = knownStakeAccounts(round.game, request.playerId, limits.authorized.accountState, round.table.currency);
  if (!accounts) return null; // the first stake of this process for this wallet: the ORM path looks the ids up
  const posting = ledger.transferPostArguments(
    {
      idempotencyKey: key,
      kind: 'STAKE',
      debitAccountId: accounts.wallet,
      creditAccountId: accounts.revenue,
      amount,
      metadata: { game: round.game, tableId: round.table.id, roundId: round.id, seat: debit.seat, playerId: request.playerId },
    },
    at,
  );
  assert(posting[1] === key && posting[3] === 'STAKE', "ledger_post's arguments are (id, key, hash, kind, …)");
  const monitoring = monitoringEventMessage({
    kind: 'stake',
    eventId: newId(),
    playerId: request.playerId,
    occurredAt: at.toISOString(),
    amount: { amountMinor: debit.amountMinor.toString(), currency: amount.currency },
    gameRoundId: round.id,
  });

  // The new state, as saveRoundWithAction writes it: the version moves by one (the row is locked).
  const timerRestarts = state.phase !== 'betting' && decisionKey(state) !== before;
  const saved: LoadedRound = {
    ...round,
    state,
    version: round.version + 1,
    deadlineAt: timerRestarts ? deadlineFor(round.table, state, at) : round.deadlineAt,
  };
  const stakes = [{ amountMinor: debit.amountMinor.toString(), ledgerTransactionId: posting[0] as string }];
  // The public events and view are built once, for the answer and the push.
  const result = resultOf(saved, { replayed: false, needsReconfirmation: false, warnings: [], stakes, events });
  return {
    round: saved,
    result,
    message: roundMessageOf(saved, result),
    write: {
      count: limits.countArguments,
      posting,
      monitoring,
      outboxId: newId(),
      tableId: round.table.id,
      seat: debit.seat,
      stakeMinor: debit.amountMinor,
      eventIndex: debit.eventIndex,
      actionId: request.actionId,
      actionHash: requestHash(request),
    },
  };
}

/** `table_stake_commit`'s 30 arguments in its order. */
function commitArguments(decided: Decided): unknown[] {
  const { write, round } = decided;
  return [
    ...write.count,
    write.posting[0],
    write.posting[2],
    write.posting[4],
    write.posting[7],
    write.outboxId,
    write.monitoring.topic,
    JSON.stringify(write.monitoring.payload),
    round.id,
    write.tableId,
    write.seat,
    write.stakeMinor.toString(),
    write.eventIndex,
    stateToJson(round.game, round.state),
    phaseOf(round.state),
    round.version,
    round.deadlineAt,
    write.actionId,
    write.actionHash,
    JSON.stringify(decided.result),
  ];
}

async function commit(tx: BatchedTransaction, decided: Decided): Promise<Confirmed> {
  const values = commitArguments(decided);
  assert(values.length === 30, 'table_stake_commit takes 30 arguments');
  try {
    await tx.commit(commitSql, values);
  } catch (error) {
    // Insufficient funds and the like come back as the ledger's SQLSTATEs, as from `transfer`.
    throw ledger.ledgerErrorOf(error, values[1] as string);
  }
  const push = new Pushes();
  const { round, message } = decided;
  if (round.kind === 'LIVE') push.table.push([round.table.id, message]);
  else push.player.push([round.temporaryPlayerId!, message]);
  return { result: decided.result, committed: { push, round } };
}
