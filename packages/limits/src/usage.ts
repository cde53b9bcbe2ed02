import { assert, Money } from '@casino/core';
import { Prisma, type Db, type Tx } from '@casino/db';
import { calendarPeriods, type CalendarPeriod } from './catalogue.ts';
import { periodContaining, type PeriodWindow } from './periods.ts';

/** What one player did in one period: CZK minor units counted at each transaction's rate, and milliseconds. */
export interface UsageTotals {
  depositsMinor: bigint;
  stakesMinor: bigint;
  winsMinor: bigint;
  playedMs: bigint;
}

export interface PeriodUsage {
  window: PeriodWindow;
  totals: UsageTotals;
}

/** The player's usage in the day, week and month that contain the instant. */
export type CurrentUsage = Record<CalendarPeriod, PeriodUsage>;

export type UsageDelta = { window: PeriodWindow } & Partial<UsageTotals>;

const zero: UsageTotals = Object.freeze({ depositsMinor: 0n, stakesMinor: 0n, winsMinor: 0n, playedMs: 0n });

const dbPeriod = { day: 'DAY', week: 'WEEK', month: 'MONTH' } as const satisfies Record<CalendarPeriod, string>;

export async function readUsage(tx: Tx | Db, playerId: string, at: Date): Promise<CurrentUsage> {
  const windows = usageWindows(at);
  const rows = await tx.$queryRaw<UsageRow[]>`
    SELECT period::text AS period, deposits_minor, stakes_minor, wins_minor, played_ms FROM self_limit_usage
    WHERE player_id = ${playerId}::uuid AND (
      (period = 'DAY' AND period_start = ${windows.day.startDay}::date)
      OR (period = 'WEEK' AND period_start = ${windows.week.startDay}::date)
      OR (period = 'MONTH' AND period_start = ${windows.month.startDay}::date))`;
  return usageFromRows(windows, rows);
}

export interface UsageRow {
  period: string;
  deposits_minor: bigint;
  stakes_minor: bigint;
  wins_minor: bigint;
  played_ms: bigint;
}

/** The day, week and month that contain the instant. */
export function usageWindows(at: Date): Record<CalendarPeriod, PeriodWindow> {
  return Object.fromEntries(calendarPeriods.map((p) => [p, periodContaining(p, at)])) as Record<CalendarPeriod, PeriodWindow>;
}

/** The usage of the windows from their rows (a period without a row used nothing yet). */
export function usageFromRows(windows: Record<CalendarPeriod, PeriodWindow>, rows: readonly UsageRow[]): CurrentUsage {
  const usage = {} as CurrentUsage;
  for (const period of calendarPeriods) {
    const row = rows.find((r) => r.period === dbPeriod[period]);
    usage[period] = {
      window: windows[period],
      totals: row
        ? { depositsMinor: row.deposits_minor, stakesMinor: row.stakes_minor, winsMinor: row.wins_minor, playedMs: row.played_ms }
        : zero,
    };
  }
  return usage;
}

/** The usage with deltas added, for the deltas that fall into the current periods (pure). */
export function withDeltas(usage: CurrentUsage, deltas: readonly UsageDelta[]): CurrentUsage {
  const next = { ...usage };
  for (const delta of deltas) {
    const current = next[delta.window.period];
    if (current.window.startDay !== delta.window.startDay) continue;
    next[delta.window.period] = { window: current.window, totals: addTotals(current.totals, delta) };
  }
  return next;
}

function addTotals(totals: UsageTotals, delta: Partial<UsageTotals>): UsageTotals {
  return {
    depositsMinor: totals.depositsMinor + (delta.depositsMinor ?? 0n),
    stakesMinor: totals.stakesMinor + (delta.stakesMinor ?? 0n),
    winsMinor: totals.winsMinor + (delta.winsMinor ?? 0n),
    playedMs: totals.playedMs + (delta.playedMs ?? 0n),
  };
}

/** One amount into the day, week and month of `at`. */
export function moneyDeltas(at: Date, field: 'depositsMinor' | 'stakesMinor' | 'winsMinor', counted: Money): UsageDelta[] {
  assert(counted.currency === 'CZK' && !counted.isNegative(), 'usage counts non-negative CZK');
  return calendarPeriods.map((period) => ({ window: periodContaining(period, at), [field]: counted.toMinor() }));
}

/** Adds the deltas to the counters in one statement (rows merged per period first). */
export async function addUsage(tx: Tx, playerId: string, deltas: readonly UsageDelta[]): Promise<void> {
  const values = usageValues(playerId, deltas);
  if (values.length === 0) return;
  await tx.$executeRaw`
    INSERT INTO self_limit_usage AS u (player_id, period, period_start, deposits_minor, stakes_minor, wins_minor, played_ms)
    VALUES ${Prisma.join(values)}
    ON CONFLICT (player_id, period, period_start) DO UPDATE SET
      deposits_minor = u.deposits_minor + EXCLUDED.deposits_minor,
      stakes_minor = u.stakes_minor + EXCLUDED.stakes_minor,
      wins_minor = u.wins_minor + EXCLUDED.wins_minor,
      played_ms = u.played_ms + EXCLUDED.played_ms`;
}

/**
 * A stake's counters and its play session in one statement (the stake path's only write of the
 * limits): the usage deltas as `addUsage` adds them, and the session's totals as `saveSession` writes them.
 */
export async function addStakeUsage(
  tx: Tx,
  playerId: string,
  deltas: readonly UsageDelta[],
  session: { id: string; at: Date; playedMs: bigint; stakesMinor: bigint },
): Promise<void> {
  const values = usageValues(playerId, deltas);
  assert(values.length > 0, 'a stake always counts');
  const [row] = await tx.$queryRaw<Array<{ sessions: bigint }>>`
    WITH saved AS (
      UPDATE play_session SET
        last_activity_at = GREATEST(last_activity_at, ${session.at}),
        played_ms = played_ms + ${session.playedMs},
        stakes_minor = stakes_minor + ${session.stakesMinor}
      WHERE id = ${session.id}::uuid
      RETURNING 1
    ), counted AS (
      INSERT INTO self_limit_usage AS u (player_id, period, period_start, deposits_minor, stakes_minor, wins_minor, played_ms)
      VALUES ${Prisma.join(values)}
      ON CONFLICT (player_id, period, period_start) DO UPDATE SET
        deposits_minor = u.deposits_minor + EXCLUDED.deposits_minor,
        stakes_minor = u.stakes_minor + EXCLUDED.stakes_minor,
        wins_minor = u.wins_minor + EXCLUDED.wins_minor,
        played_ms = u.played_ms + EXCLUDED.played_ms
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM saved)::bigint AS sessions`;
  assert(row?.sessions === 1n, `play session ${session.id} exists`);
}

/**
 * The deltas merged per period as `limits_stake_count` (SQL) takes them: one row per period, minor units
 * and milliseconds as text (a JSON number would pass through a float).
 */
export function usageDeltaRows(deltas: readonly UsageDelta[]): Array<Record<string, string>> {
  return mergedDeltas(deltas).map((d) => ({
    period: dbPeriod[d.window.period],
    start: d.window.startDay,
    deposits: String(d.depositsMinor ?? 0n),
    stakes: String(d.stakesMinor ?? 0n),
    wins: String(d.winsMinor ?? 0n),
    played: String(d.playedMs ?? 0n),
  }));
}

function mergedDeltas(deltas: readonly UsageDelta[]): UsageDelta[] {
  const merged = new Map<string, UsageDelta>();
  for (const delta of deltas) {
    const key = `${delta.window.period}:${delta.window.startDay}`;
    const before = merged.get(key);
    merged.set(key, before ? { window: delta.window, ...addTotals(addTotals(zero, before), delta) } : delta);
  }
  return [...merged.values()];
}

function usageValues(playerId: string, deltas: readonly UsageDelta[]): Prisma.Sql[] {
  return mergedDeltas(deltas).map(
    (d) => Prisma.sql`(
    ${playerId}::uuid, ${dbPeriod[d.window.period]}::"LimitUsagePeriod", ${d.window.startDay}::date,
    ${d.depositsMinor ?? 0n}, ${d.stakesMinor ?? 0n}, ${d.winsMinor ?? 0n}, ${d.playedMs ?? 0n})`,
  );
}
