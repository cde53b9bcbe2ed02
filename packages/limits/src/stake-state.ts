import { playerLockKey, type Tx } from '@casino/db';
import { statesFromRows, type ChangeRow, type MeasureState } from './measures.ts';
import { sessionOf, type PlaySession, type SessionRow } from './play-session-store.ts';
import type { LockRow } from './player-lock.ts';
import { dbCategoryOf, type UsageEntryRequest } from './usage-entries.ts';
import { usageFromRows, usageWindows, type CurrentUsage, type UsageRow } from './usage.ts';

/** What the self-limits check of a stake or a deposit decides on, read under the player lock. */
export interface StakeState {
  /** The player's limits row (created on first use); null: no such player. */
  limits: LockRow | null;
  /** The reference was counted before (a retry): that entry; nothing else was read. */
  replayedEntry: { amount_minor: bigint; currency: string; counted_minor: bigint } | null;
  states: Map<string, MeasureState>;
  /** The stake's play session (null for a deposit, which has none, or when there is no such session). */
  session: PlaySession | null;
  usage: CurrentUsage;
}

type Json = Record<string, unknown>;
const date = (v: unknown): Date => new Date(v as string);
const dateOrNull = (v: unknown): Date | null => (v === null || v === undefined ? null : date(v));
const big = (v: unknown): bigint => BigInt(v as string);

/**
 * The stake's and the credited deposit's reads in one round trip (issue 22): `limits_stake_state` (migration
 * 20261204020000_stake_path_functions) takes the per-player lock, creates the limits row on first use,
 * counts the usage entry once per reference and returns the limits row, the measures' changes, the
 * play session and the current periods' usage, each read AFTER the lock as the separate statements
 * (lockPlayer, countOnce, measureStates, findSession, readUsage) read them. The rules stay here.
 */
export async function readStakeState(tx: Tx, entry: UsageEntryRequest): Promise<StakeState> {
  const windows = usageWindows(entry.at);
  const { amount, rateToCzk, counted } = entry.amount;
  const [row] = await tx.$queryRaw<Array<{ state: Json }>>`
    SELECT limits_stake_state(
      ${entry.playerId}::uuid, ${playerLockKey(entry.playerId)}, ${entry.at}::timestamptz, ${entry.playSessionId}::uuid,
      ${windows.day.startDay}::date, ${windows.week.startDay}::date, ${windows.month.startDay}::date,
      ${entry.kind}::"LimitUsageKind", ${entry.reference}, ${dbCategoryOf(entry.category)}::"GameCategory",
      ${amount.toMinor()}::bigint, ${amount.currency}, ${rateToCzk}::numeric, ${counted.toMinor()}::bigint) AS state`;
  return stakeStateFromJson(row!.state, windows);
}

/**
 * The document of `limits_stake_state` (or of `limits_stake_read`, the same shape without a usage entry,
 * read by the tables' one-call stake path) as the rows the check decides on.
 */
export function stakeStateFromJson(state: Json, windows: ReturnType<typeof usageWindows>): StakeState {
  const limits = state.limits as Json | null;
  const empty: StakeState = {
    limits: null,
    replayedEntry: null,
    states: new Map(),
    session: null,
    usage: usageFromRows(windows, []),
  };
  if (!limits) return empty;
  const lockRow: LockRow = {
    state: limits.state as string,
    closed_at: dateOrNull(limits.closed_at),
    reality_check_minutes: (limits.reality_check_minutes as number | null) ?? null,
    register_status: limits.register_status as string,
    screening_status: limits.screening_status as string,
  };
  const entryRow = state.entry as Json;
  if (entryRow.inserted !== true) {
    return {
      ...empty,
      limits: lockRow,
      replayedEntry: {
        amount_minor: big(entryRow.amount_minor),
        currency: entryRow.currency as string,
        counted_minor: big(entryRow.counted_minor),
      },
    };
  }
  const changes: ChangeRow[] = (state.changes as Json[]).map((c) => ({
    id: c.id as string,
    measure: c.measure as string,
    is_set: c.is_set as boolean,
    limit_value: c.limit_value === null ? null : big(c.limit_value),
    excluded_until: dateOrNull(c.excluded_until),
    requested_at: date(c.requested_at),
    effective_from: date(c.effective_from),
    pending: c.pending as boolean,
  }));
  const s = state.session as Json | null;
  const sessionRow: SessionRow | null = s && {
    id: s.id as string,
    player_id: s.player_id as string,
    started_at: date(s.started_at),
    last_activity_at: date(s.last_activity_at),
    ended_at: dateOrNull(s.ended_at),
    end_reason: (s.end_reason as string | null) ?? null,
    played_ms: big(s.played_ms),
    stakes_minor: big(s.stakes_minor),
    wins_minor: big(s.wins_minor),
    reality_checks_shown: s.reality_checks_shown as number,
  };
  const usageRows: UsageRow[] = (state.usage as Json[]).map((u) => ({
    period: u.period as string,
    deposits_minor: big(u.deposits_minor),
    stakes_minor: big(u.stakes_minor),
    wins_minor: big(u.wins_minor),
    played_ms: big(u.played_ms),
  }));
  return {
    limits: lockRow,
    replayedEntry: null,
    // At most one row in force and one pending per measure (DISTINCT ON): their order does not matter.
    states: statesFromRows(changes),
    session: sessionRow && sessionOf(sessionRow),
    usage: usageFromRows(windows, usageRows),
  };
}
