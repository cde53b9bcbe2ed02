import { assert, DomainError } from '@casino/core';
import type { Db, Tx } from '@casino/db';
import type { RoundSeed } from '@casino/games';
import { phaseOf, stateFromJson, stateToJson, type EngineState, type GameId } from './engines.ts';
import { findTable, type TableConfig } from './table-config.ts';

/** A round loaded under its row lock: the table, the engine state and the row's bookkeeping. */
export interface LoadedRound {
  id: string;
  table: TableConfig;
  game: GameId;
  kind: 'LIVE' | 'TEMPORARY';
  status: 'OPEN' | 'SETTLED';
  version: number;
  seed: RoundSeed;
  seedCommitment: string;
  deadlineAt: Date | null;
  temporaryPlayerId: string | null;
  temporarySeat: number | null;
  originRoundId: string | null;
  state: EngineState;
}

export interface RoundRow {
  id: string;
  table_id: string;
  kind: 'LIVE' | 'TEMPORARY';
  status: 'OPEN' | 'SETTLED';
  state: string;
  version: number;
  seed: string;
  seed_commitment: string;
  deadline_at: Date | null;
  origin_round_id: string | null;
  temporary_player_id: string | null;
  temporary_seat: number | null;
}

/** A round's row as a begin statement reads it: the state left out (null) when the caller holds it decoded (D-1857). */
export type RoundRowRead = Omit<RoundRow, 'state'> & { state: string | null };

/** Locks a round row (player actions wait for each other and for the scheduler) and loads it, in one statement. */
export async function lockRound(tx: Tx, roundId: string): Promise<LoadedRound | null> {
  const rows = await tx.$queryRaw<RoundRow[]>`
    SELECT id, table_id, kind::text AS kind, status::text AS status, state, version, seed, seed_commitment, deadline_at, origin_round_id, temporary_player_id, temporary_seat
    FROM game_round WHERE id = ${roundId}::uuid FOR UPDATE`;
  return rows[0] ? toLoaded(tx, rows[0]) : null;
}

export async function lockRoundOrThrow(tx: Tx, roundId: string): Promise<LoadedRound> {
  const round = await lockRound(tx, roundId);
  if (!round) throw new DomainError('not-found', `No round ${roundId}.`, { field: 'params.roundId' });
  return round;
}

/**
 * Claims one round whose timer ran out, locks and loads it, in one statement (issue 22, D-2268), and says
 * whether another round was due then (so a scheduler pass stops without one more empty claim). SKIP
 * LOCKED: a round another instance (or a player's action) holds is left to it, so no two schedulers
 * ever drive the same round.
 */
export async function claimDueRound(tx: Tx, now: Date): Promise<{ row: RoundRow; moreDue: boolean } | null> {
  const rows = await tx.$queryRaw<Array<RoundRow & { more_due: boolean }>>`
    SELECT g.id, g.table_id, g.kind::text AS kind, g.status::text AS status, g.state, g.version, g.seed, g.seed_commitment,
           g.deadline_at, g.origin_round_id, g.temporary_player_id, g.temporary_seat,
           EXISTS (SELECT 1 FROM game_round o WHERE o.status = 'OPEN' AND o.deadline_at <= ${now} AND o.id <> g.id) AS more_due
    FROM game_round g WHERE g.status = 'OPEN' AND g.deadline_at <= ${now}
    ORDER BY g.deadline_at LIMIT 1 FOR UPDATE OF g SKIP LOCKED`;
  const row = rows[0];
  return row ? { row, moreDue: row.more_due } : null;
}

/** The round of a row read under its lock (`claimDueRound`): its table from the cache, its state decoded. */
export function loadRoundRow(tx: Tx, row: RoundRow): Promise<LoadedRound> {
  return toLoaded(tx, row);
}

/** Whether any round's timer has run out: one plain read, so an idle scheduler tick opens no transaction. */
export async function anyRoundDue(db: Db, now: Date): Promise<boolean> {
  const rows = await db.$queryRaw<Array<{ due: boolean }>>`
    SELECT EXISTS (SELECT 1 FROM game_round WHERE status = 'OPEN' AND deadline_at <= ${now}) AS due`;
  return rows[0]?.due === true;
}

// A table's game, variant, limits and timers do not change while it has rounds (there is no route
// that changes them): a round reads them from this cache instead of one more query per action.
const tableConfigs = new Map<string, TableConfig>();
const tableConfigsMax = 10_000;

async function tableOf(tx: Tx, tableId: string): Promise<TableConfig> {
  const cached = tableConfigs.get(tableId);
  if (cached) return cached;
  const table = await findTable(tx, tableId);
  if (tableConfigs.size >= tableConfigsMax) tableConfigs.clear();
  tableConfigs.set(tableId, table);
  return table;
}

async function toLoaded(tx: Tx, row: RoundRow): Promise<LoadedRound> {
  return loadedWith(await tableOf(tx, row.table_id), row);
}

/** Caches a table's configuration read under its lock (a seat taken), so the one-call stake path finds it (D-2276). */
export function rememberTable(table: TableConfig): void {
  if (tableConfigs.has(table.id)) return;
  if (tableConfigs.size >= tableConfigsMax) tableConfigs.clear();
  tableConfigs.set(table.id, table);
}

/** Whether this process has the table's configuration cached (the one-call paths read no table). */
export function isTableCached(tableId: string): boolean {
  return tableConfigs.has(tableId);
}

/**
 * The round of a row whose table this process has cached, without a query (the one-call stake path holds
 * its one connection and must not wait for a second); undefined when the table is not cached yet.
 */
export function loadedFromCachedTable(row: RoundRowRead, decoded?: EngineState): LoadedRound | undefined {
  const table = tableConfigs.get(row.table_id);
  return table && loadedWith(table, row, decoded);
}

/** `decoded`: the row's state already decoded (round-state-cache.ts), so `row.state` is not read. */
function loadedWith(table: TableConfig, row: RoundRowRead, decoded?: EngineState): LoadedRound {
  assert(decoded !== undefined || row.state !== null, "a round's state comes from its row or decoded already");
  return {
    id: row.id,
    table,
    game: table.game,
    kind: row.kind,
    status: row.status,
    version: row.version,
    seed: row.seed,
    seedCommitment: row.seed_commitment,
    deadlineAt: row.deadline_at,
    temporaryPlayerId: row.temporary_player_id,
    temporarySeat: row.temporary_seat,
    originRoundId: row.origin_round_id,
    state: decoded ?? stateFromJson(table.game, row.state!),
  };
}

export interface RoundChanges {
  deadlineAt: Date | null;
  settled?: { at: Date; record: string };
}

/** Writes the new state; the version counts changes, so clients can drop a push older than what they have. */
export async function saveRound(tx: Tx, round: LoadedRound, changes: RoundChanges): Promise<number> {
  const version = round.version + 1;
  const updated = await tx.gameRound.updateMany({
    where: { id: round.id, version: round.version },
    data: {
      state: stateToJson(round.game, round.state),
      phase: phaseOf(round.state),
      version,
      deadlineAt: changes.deadlineAt,
      ...(changes.settled ? { status: 'SETTLED', settledAt: changes.settled.at, record: changes.settled.record } : {}),
    },
  });
  assert(updated.count === 1, 'the round row is locked, so its version cannot have moved');
  round.version = version;
  round.deadlineAt = changes.deadlineAt;
  if (changes.settled) round.status = 'SETTLED';
  return version;
}

/**
 * How far behind the round scheduler is (issue 22): how long ago the oldest open round's timer ran
 * out, 0 when none is overdue. Read when the metrics are scraped; the scheduler's own index on
 * (status, deadline_at) answers it.
 */
export async function roundSchedulerLagMs(db: Db, now: Date): Promise<number> {
  const rows = await db.$queryRaw<Array<{ oldest: Date | null }>>`
    SELECT min(deadline_at) AS oldest FROM game_round WHERE status = 'OPEN' AND deadline_at <= ${now}`;
  const oldest = rows[0]?.oldest;
  return oldest ? Math.max(0, now.getTime() - oldest.getTime()) : 0;
}

export interface ActionRecord {
  playerId: string;
  actionId: string;
  roundId: string;
  requestHash: string;
  response: unknown;
  createdAt: Date;
}

/**
 * `saveRound` and the action's stored answer (exactly-once per action id) in one statement: the
 * answer is built for the new version first (`answerFor`), since the row is locked and its version
 * can only move by one.
 */
export async function saveRoundWithAction<T extends ActionRecord>(
  tx: Tx,
  round: LoadedRound,
  changes: Omit<RoundChanges, 'settled'>,
  answerFor: (version: number) => T,
): Promise<T> {
  const version = round.version + 1;
  const record = answerFor(version);
  const [row] = await tx.$queryRaw<Array<{ updated: bigint }>>`
    WITH saved AS (
      UPDATE game_round SET state = ${stateToJson(round.game, round.state)}, phase = ${phaseOf(round.state)}, version = ${version},
        deadline_at = ${changes.deadlineAt}::timestamptz
      WHERE id = ${round.id}::uuid AND version = ${round.version}
      RETURNING 1
    ), answered AS (
      INSERT INTO game_action (player_id, action_id, round_id, request_hash, response, created_at)
      VALUES (${record.playerId}::uuid, ${record.actionId}, ${record.roundId}::uuid, ${record.requestHash},
              ${JSON.stringify(record.response)}::jsonb, ${record.createdAt}::timestamptz)
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM saved)::bigint AS updated, (SELECT count(*) FROM answered)::bigint AS answered`;
  assert(row?.updated === 1n, 'the round row is locked, so its version cannot have moved');
  round.version = version;
  round.deadlineAt = changes.deadlineAt;
  return record;
}
