import { monitoringEventMessage } from '@casino/compliance';
import { assert, countBusinessEvent, DomainError, Money, newId } from '@casino/core';
import { pgBatchedTransaction, rollBack, type BatchedTransaction } from '@casino/db';
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
import { isTableCached, loadedFromCachedTable, type LoadedRound, type RoundRow } from './round-store.ts';
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
// once, by the engine's decoder, instead of also as a string inside the document's JSON (D-2296).
const beginSql =
  "SELECT doc #- '{round,state}' AS doc, doc #>> '{round,state}' AS state FROM table_stake_begin($1::uuid, $2::uuid, $3, $4, $5::timestamptz, $6::date, $7::date, $8::date) AS doc";
const commitSql = `SELECT table_stake_commit(${Array.from({ length: 30 }, (_, i) => `$${i + 1}`).join(', ')}) AS transaction_id`;

type Json = Record<string, unknown>;

interface Begun {
  /** The round's row, its state not decoded yet (D-2296). */
  row: RoundRow;
  context: ActionContext;
  stakeState: Json | null;
}

interface Confirmed {
  result: ActResult;
  /** The push and the game to count the bet for, after commit. */
  committed: { push: Pushes; game: string };
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
  countBusinessEvent('bet-confirmed', outcome.committed.game);
  countBusinessEvent('ledger-posting', 'STAKE');
  await outcome.committed.push.send(ctx);
  return outcome.result;
}

async function begin(tx: BatchedTransaction, request: ActRequest, at: Date, readArguments: StakeReadArguments): Promise<Begun> {
  const rows = await tx.begin<{ doc: Json; state: string | null }>(beginSql, [
    request.roundId,
    request.playerId,
    request.actionId,
    readArguments.lockKey,
    at,
    readArguments.day,
    readArguments.week,
    readArguments.month,
  ]);
  const doc = rows[0]!.doc;
  const row = doc.round as Json | null;
  if (!row) throw new DomainError('not-found', `No round ${request.roundId}.`, { field: 'params.roundId' });
  const answered = doc.answered as { request_hash: string; response: unknown } | null;
  const seat = doc.seat as { seat_no: number | null; status: string | null; play_session_id: string } | null;
  return {
    row: {
      ...(row as unknown as RoundRow),
      state: rows[0]!.state!,
      deadline_at: row.deadline_at === null ? null : new Date(row.deadline_at as string),
    },
    context: {
      answered: answered && { requestHash: answered.request_hash, response: answered.response },
      tableOpen: (doc.table_open as boolean | null) ?? null,
      seat: seat && { seatNo: seat.seat_no ?? 0, status: seat.status ?? '', playSessionId: seat.play_session_id },
    },
    stakeState: (doc.stake_state as Json | null) ?? null,
  };
}

interface Decided {
  round: LoadedRound;
  request: ActRequest;
  at: Date;
  result: ActResult;
  message: ReturnType<typeof roundMessageOf>;
  arguments: unknown[];
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
  if (context.answered) {
    if (context.answered.requestHash !== requestHash(request))
      throw new DomainError('idempotency-key-reused', 'This action id was already used for a different action.', {
        field: 'header.idempotency-key',
      });
    return { replayed: { ...(context.answered.response as ActResult), replayed: true } };
  }
  if (row.status !== 'OPEN')
    throw new DomainError('game-action-refused', 'The round is over.', { extensions: { reason: 'round-over' } });
  if (row.kind === 'LIVE') assertTableOpenForBets(context.tableOpen, request.action.kind);
  // The round's time ran out: the caller turns it (the one-call round turn, D-2295, else the ORM path) and answers time-over.
  if (row.deadline_at !== null && row.deadline_at <= at) return 'time-over';
  // Decoded only now, for an action this path decides: a replay, a round over or a time run out never needs the state (D-2296).
  const round = loadedFromCachedTable(row)!;
  const { seat, playSessionId } = actingSeat(round, request, context);
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
  assert(begun.stakeState !== null, 'an open round with the player seated reads the limits');

  const amount = Money.fromMinor(debit.amountMinor, round.table.currency);
  const key = stakeKey(round.id, debit.eventIndex);
  const limits = decideStakeOnRead(
    ctx.limits,
    { playerId: request.playerId, playSessionId, reference: key, amount, category: 'casino' },
    at,
    begun.stakeState,
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
    request,
    at,
    result,
    message: roundMessageOf(saved, result),
    arguments: [
      ...limits.countArguments,
      posting[0],
      posting[2],
      posting[4],
      posting[7],
      newId(),
      monitoring.topic,
      JSON.stringify(monitoring.payload),
      round.id,
      round.table.id,
      debit.seat,
      debit.amountMinor.toString(),
      debit.eventIndex,
      stateToJson(round.game, state),
      phaseOf(state),
      saved.version,
      saved.deadlineAt,
      request.actionId,
      requestHash(request),
      JSON.stringify(result),
    ],
  };
}

async function commit(tx: BatchedTransaction, decided: Decided): Promise<Confirmed> {
  assert(decided.arguments.length === 30, 'table_stake_commit takes 30 arguments');
  try {
    await tx.commit(commitSql, decided.arguments);
  } catch (error) {
    // Insufficient funds and the like come back as the ledger's SQLSTATEs, as from `transfer`.
    throw ledger.ledgerErrorOf(error, decided.arguments[1] as string);
  }
  const push = new Pushes();
  const { round, message } = decided;
  if (round.kind === 'LIVE') push.table.push([round.table.id, message]);
  else push.player.push([round.temporaryPlayerId!, message]);
  return { result: decided.result, committed: { push, game: round.game } };
}
