import { DomainError } from '@casino/core';
import { playerLockKey, type PgClient } from '@casino/db';
import type { EnforcementContext } from './context.ts';
import { statesFromRows, type ChangeRow, type MeasureState } from './measures.ts';
import { sessionOf, type PlaySession, type SessionRow } from './play-session-store.ts';
import { lockedPlayerOf, type LockRow } from './player-lock.ts';
import { decidePlayActivity, type PlayActivity } from './record-play-activity.ts';
import { usageDeltaRows, usageFromRows, usageWindows, type UsageRow } from './usage.ts';

/**
 * Play activity of many players in one transaction on a plain pg connection (issue 16, D-1792): what
 * `recordPlayActivity` does for one player, for a batch, with set-based statements: every player's lock
 * (in player-id order, the platform's lock order), their limits rows, sessions, measures and usage read
 * one statement each for all of them, the same rules decide each (`decidePlayActivity`), then the usage
 * counters and the sessions written one statement each. Seven statements for any number of players
 * (two more the first time a player's limits row is created) instead of seven per player. The caller runs it inside `pgTransaction`; the locks hold until its end.
 *
 * A play session that appears twice (one player at two tables) is recorded once; both get its answer.
 * The answers come back keyed by play session id.
 */
export async function recordPlayActivities(
  ctx: EnforcementContext,
  client: PgClient,
  requests: ReadonlyArray<{ playerId: string; playSessionId: string }>,
): Promise<Map<string, PlayActivity>> {
  const answers = new Map<string, PlayActivity>();
  const bySession = new Map<string, { playerId: string; playSessionId: string }>();
  for (const request of requests) bySession.set(request.playSessionId, request);
  if (bySession.size === 0) return answers;
  const at = ctx.clock.now();
  const playerIds = [...new Set([...bySession.values()].map((r) => r.playerId))].sort();
  const sessionIds = [...bySession.keys()];
  const windows = usageWindows(at);

  // The locks one after another in the order of the array (a function scan yields its rows in order).
  await client.query(
    `SELECT count(pg_advisory_xact_lock(hashtextextended(k, 0))) FROM unnest($1::text[]) WITH ORDINALITY AS t(k, n)`,
    [playerIds.map(playerLockKey)],
  );
  const readLocks = () =>
    client.query<LockRow & { player_id: string }>(
      `SELECT l.player_id::text AS player_id, p.state::text AS state, l.closed_at, l.reality_check_minutes,
            p.register_status::text AS register_status, p.screening_status::text AS screening_status
     FROM player_self_limits l JOIN player p ON p.id = l.player_id
     WHERE l.player_id = ANY($1::uuid[])`,
      [playerIds],
    );
  let lockRows = await readLocks();
  // A player's limits row is created on first use (as `lockPlayer` does): a statement more only then.
  if (lockRows.rows.length < playerIds.length) {
    await client.query(
      `INSERT INTO player_self_limits (player_id, created_at)
       SELECT id, $2 FROM player WHERE id = ANY($1::uuid[])
       ON CONFLICT (player_id) DO NOTHING`,
      [playerIds, at],
    );
    lockRows = await readLocks();
  }
  const sessionRows = await client.query<Record<string, unknown>>(
    `SELECT id::text AS id, player_id::text AS player_id, started_at, last_activity_at, ended_at, end_reason,
            played_ms::text AS played_ms, stakes_minor::text AS stakes_minor, wins_minor::text AS wins_minor,
            reality_checks_shown
     FROM play_session WHERE id = ANY($1::uuid[])`,
    [sessionIds],
  );
  const changeRows = await client.query<Record<string, unknown>>(
    `SELECT DISTINCT ON (change.player_id, change.measure, change.pending)
            change.player_id::text AS owner_id, change.id::text AS change_id, change.measure::text AS measure_code,
            change.is_set, change.limit_value::text AS limit_text, change.excluded_until, change.requested_at,
            change.effective_from, change.pending
     FROM (
       SELECT *, effective_from > $2 AS pending FROM self_limit_change
       WHERE player_id = ANY($1::uuid[]) AND cancelled_at IS NULL
     ) AS change
     ORDER BY change.player_id, change.measure, change.pending, change.effective_from DESC, change.id DESC`,
    [playerIds, at],
  );
  const usageRows = await client.query<Record<string, unknown>>(
    `SELECT player_id::text AS player_id, period::text AS period, deposits_minor::text AS deposits_minor,
            stakes_minor::text AS stakes_minor, wins_minor::text AS wins_minor, played_ms::text AS played_ms
     FROM self_limit_usage
     WHERE player_id = ANY($1::uuid[]) AND (
       (period = 'DAY' AND period_start = $2::date)
       OR (period = 'WEEK' AND period_start = $3::date)
       OR (period = 'MONTH' AND period_start = $4::date))`,
    [playerIds, windows.day.startDay, windows.week.startDay, windows.month.startDay],
  );

  const locks = new Map(lockRows.rows.map((row) => [row.player_id, row]));
  const sessions = new Map<string, PlaySession>(sessionRows.rows.map((row) => [String(row.id), sessionOf(sessionRowOf(row))]));
  const changes = groupBy(changeRows.rows, (row) => String(row.owner_id));
  const usages = groupBy(usageRows.rows, (row) => String(row.player_id));
  const statesOf = new Map<string, Map<string, MeasureState>>();

  const usageWrites = new Map<string, { playerId: string; period: string; start: string; played: bigint }>();
  const sessionWrites: Array<{ id: string; playedMs: bigint; shown: number }> = [];
  for (const request of bySession.values()) {
    const session = sessions.get(request.playSessionId);
    if (session === undefined || session.playerId !== request.playerId)
      throw new DomainError('not-found', 'No such play session of this player.', { field: 'playSessionId' });
    const locked = lockedPlayerOf(request.playerId, locks.get(request.playerId));
    let states = statesOf.get(request.playerId);
    if (states === undefined) {
      states = statesFromRows((changes.get(request.playerId) ?? []).map(changeRowOf));
      statesOf.set(request.playerId, states);
    }
    const usage = usageFromRows(windows, (usages.get(request.playerId) ?? []).map(usageRowOf));
    const decided = decidePlayActivity(ctx, { locked, session, states, usage, at });
    answers.set(request.playSessionId, decided.activity);
    if (decided.write === null) continue;
    sessionWrites.push({
      id: session.id,
      playedMs: decided.write.playedMs,
      shown: decided.write.realityChecksShown ?? session.realityChecksShown,
    });
    for (const row of usageDeltaRows(decided.write.deltas)) {
      const key = `${request.playerId}:${row.period}:${row.start}`;
      const before = usageWrites.get(key);
      usageWrites.set(key, {
        playerId: request.playerId,
        period: row.period!,
        start: row.start!,
        played: (before?.played ?? 0n) + BigInt(row.played!),
      });
    }
  }

  if (usageWrites.size > 0) {
    const rows = [...usageWrites.values()];
    await client.query(
      `INSERT INTO self_limit_usage AS u (player_id, period, period_start, deposits_minor, stakes_minor, wins_minor, played_ms)
       SELECT v.player_id, v.period::"LimitUsagePeriod", v.period_start, 0, 0, 0, v.played_ms
       FROM unnest($1::uuid[], $2::text[], $3::date[], $4::bigint[]) AS v(player_id, period, period_start, played_ms)
       ON CONFLICT (player_id, period, period_start) DO UPDATE SET played_ms = u.played_ms + EXCLUDED.played_ms`,
      [rows.map((r) => r.playerId), rows.map((r) => r.period), rows.map((r) => r.start), rows.map((r) => r.played.toString())],
    );
  }
  if (sessionWrites.length > 0) {
    await client.query(
      `UPDATE play_session s SET
         last_activity_at = GREATEST(s.last_activity_at, $4),
         played_ms = s.played_ms + v.played_ms,
         reality_checks_shown = v.shown
       FROM unnest($1::uuid[], $2::bigint[], $3::int[]) AS v(id, played_ms, shown)
       WHERE s.id = v.id`,
      [sessionWrites.map((w) => w.id), sessionWrites.map((w) => w.playedMs.toString()), sessionWrites.map((w) => w.shown), at],
    );
  }
  return answers;
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

const bigintOrNull = (value: unknown): bigint | null => (value === null || value === undefined ? null : BigInt(String(value)));

function sessionRowOf(row: Record<string, unknown>): SessionRow {
  return {
    id: String(row.id),
    player_id: String(row.player_id),
    started_at: row.started_at as Date,
    last_activity_at: row.last_activity_at as Date,
    ended_at: (row.ended_at as Date | null) ?? null,
    end_reason: (row.end_reason as string | null) ?? null,
    played_ms: BigInt(String(row.played_ms)),
    stakes_minor: BigInt(String(row.stakes_minor)),
    wins_minor: BigInt(String(row.wins_minor)),
    reality_checks_shown: Number(row.reality_checks_shown),
  };
}

function changeRowOf(row: Record<string, unknown>): ChangeRow {
  return {
    id: String(row.change_id),
    measure: String(row.measure_code),
    is_set: Boolean(row.is_set),
    limit_value: bigintOrNull(row.limit_text),
    excluded_until: (row.excluded_until as Date | null) ?? null,
    requested_at: row.requested_at as Date,
    effective_from: row.effective_from as Date,
    pending: Boolean(row.pending),
  };
}

function usageRowOf(row: Record<string, unknown>): UsageRow {
  return {
    period: String(row.period),
    deposits_minor: BigInt(String(row.deposits_minor)),
    stakes_minor: BigInt(String(row.stakes_minor)),
    wins_minor: BigInt(String(row.wins_minor)),
    played_ms: BigInt(String(row.played_ms)),
  };
}
