import { assert, DomainError } from '@casino/core';
import { Prisma, type Db, type Tx } from '@casino/db';
import { calendarPeriods, type CalendarPeriod, type JurisdictionProfile, type MeasureDefinition } from './catalogue.ts';
import type { EnforcementContext } from './context.ts';
import { limitInForce, measureStates, type MeasureState } from './measures.ts';
import { assertMayTakePart, lockPlayer } from './player-lock.ts';
import { usageWindows } from './usage.ts';

export interface TournamentEntryRequest {
  playerId: string;
  /**
   * The tournament's rule book checks tournament-count limits (the poker room profile's
   * `tournamentCountLimits`, 003:R-TOUR-06): the player must have set every count measure the
   * jurisdiction offers before entering (003:R-LIM-02, R-PART-04). A rule book without them counts
   * nothing (the limits set still apply: they are the player's, 003:R-LIM-02 does not name a room).
   */
  countLimitsRequired: boolean;
}

/** What is left of each tournament-count limit in force after this entry (entries). */
export interface TournamentEntryAuthorized {
  remaining: Array<{ measure: string; remaining: number; resetsAt: Date }>;
}

/** One tournament-count limit in force and how many entries its current period holds. */
export interface CountAllowance {
  measure: string;
  limit: bigint;
  used: bigint;
  remaining: bigint;
  resetsAt: Date;
}

const dbPeriod = { day: 'DAY', week: 'WEEK', month: 'MONTH' } as const satisfies Record<CalendarPeriod, string>;

/**
 * A tournament entry under the self-limits (003:R-LIM-02, R-TOUR-06, S-73), inside the caller's
 * registration transaction and BEFORE its buy-in posting. Every path that enters a player into a
 * tournament calls it once per entry (registration; re-entry and late registration are entries too);
 * rebuys and add-ons are chip purchases, not entries, and count only as stakes. Under the per-player
 * lock, so parallel registrations are counted one after another and never overshoot. Refused, in
 * this order: the account or a self-exclusion (as every stake, `assertMayTakePart`); count limits the
 * rule book requires but the player has not set (`tournament-limits-not-set`); a count limit whose
 * period is full (`limit-exceeded`, naming the measure, with when it resets: 003:R-LIM-05 tells how
 * long the bar lasts). A player at a limit plays on in tournaments entered before (003:R-LIM-06): only
 * new entries come here. The entry counts at once; unregistering does not give it back (D-1951).
 */
export async function authorizeTournamentEntry(
  ctx: EnforcementContext,
  tx: Tx,
  request: TournamentEntryRequest,
): Promise<TournamentEntryAuthorized> {
  const at = ctx.clock.now();
  const locked = await lockPlayer(tx, request.playerId, at);
  const states = await measureStates(tx, request.playerId, at);
  assertMayTakePart(locked, states, at);
  const definitions = countMeasures(ctx.profile);
  if (request.countLimitsRequired) assertCountLimitsSet(definitions, states);
  const current = countAllowances(definitions, states, await readTournamentCounts(tx, request.playerId, at));
  assertWithinCounts(current);
  await addTournamentEntry(tx, request.playerId, at);
  const remaining = current.map((a) => ({ measure: a.measure, remaining: Number(a.remaining - 1n), resetsAt: a.resetsAt }));
  assert(
    remaining.every((r) => r.remaining >= 0),
    'an entry never takes a count limit below zero',
  );
  return { remaining };
}

/** The profile's tournament-count measures (none: the jurisdiction has no such limit). */
export function countMeasures(profile: JurisdictionProfile): MeasureDefinition[] {
  return profile.measures.filter((m) => m.kind === 'count' && m.metric === 'tournament-count');
}

function assertCountLimitsSet(definitions: readonly MeasureDefinition[], states: ReadonlyMap<string, MeasureState>): void {
  const unset = definitions.filter((d) => limitInForce(states, d) === null).map((d) => d.code);
  if (unset.length === 0) return;
  throw new DomainError(
    'tournament-limits-not-set',
    `Set your tournament limits (${unset.join(', ')}) before entering a tournament (003:R-LIM-02).`,
    { extensions: { measures: unset } },
  );
}

function assertWithinCounts(current: readonly CountAllowance[]): void {
  const reached = current.filter((a) => a.remaining <= 0n);
  if (reached.length === 0) return;
  // The bar lasts until the last of the full periods ends (003:R-LIM-05: the player is told how long).
  const binding = reached.reduce((latest, a) => (a.resetsAt > latest.resetsAt ? a : latest));
  throw new DomainError(
    'limit-exceeded',
    `You have made the ${binding.limit} tournament entries your limit ${binding.measure} allows; you can enter again from ${binding.resetsAt.toISOString()}.`,
    {
      extensions: {
        measure: binding.measure,
        limitCount: Number(binding.limit),
        remainingCount: 0,
        resetsAt: binding.resetsAt.toISOString(),
      },
    },
  );
}

/** Every tournament-count limit in force with what its current period holds (pure). */
export function countAllowances(
  definitions: readonly MeasureDefinition[],
  states: ReadonlyMap<string, MeasureState>,
  counts: TournamentCounts,
): CountAllowance[] {
  const result: CountAllowance[] = [];
  for (const definition of definitions) {
    const limit = limitInForce(states, definition);
    if (limit === null) continue;
    const period = definition.period;
    assert(period !== undefined && period !== 'session', 'tournament counts are per calendar period');
    const used = counts[period].entries;
    result.push({
      measure: definition.code,
      limit,
      used,
      remaining: limit > used ? limit - used : 0n,
      resetsAt: counts[period].resetsAt,
    });
  }
  return result;
}

export type TournamentCounts = Record<CalendarPeriod, { entries: bigint; resetsAt: Date }>;

/** The entries the player made in the day, week and month that contain `at`. */
export async function readTournamentCounts(tx: Tx | Db, playerId: string, at: Date): Promise<TournamentCounts> {
  const windows = usageWindows(at);
  const rows = await tx.$queryRaw<Array<{ period: string; entries: number }>>`
    SELECT period::text AS period, entries FROM self_limit_tournament_count
    WHERE player_id = ${playerId}::uuid AND (
      (period = 'DAY' AND period_start = ${windows.day.startDay}::date)
      OR (period = 'WEEK' AND period_start = ${windows.week.startDay}::date)
      OR (period = 'MONTH' AND period_start = ${windows.month.startDay}::date))`;
  const counts = {} as TournamentCounts;
  for (const period of calendarPeriods) {
    const row = rows.find((r) => r.period === dbPeriod[period]);
    counts[period] = { entries: BigInt(row?.entries ?? 0), resetsAt: windows[period].endsAt };
  }
  return counts;
}

async function addTournamentEntry(tx: Tx, playerId: string, at: Date): Promise<void> {
  const windows = usageWindows(at);
  const values = calendarPeriods.map(
    (period) => Prisma.sql`(${playerId}::uuid, ${dbPeriod[period]}::"LimitUsagePeriod", ${windows[period].startDay}::date, 1)`,
  );
  await tx.$executeRaw`
    INSERT INTO self_limit_tournament_count AS c (player_id, period, period_start, entries)
    VALUES ${Prisma.join(values)}
    ON CONFLICT (player_id, period, period_start) DO UPDATE SET entries = c.entries + 1`;
}
