import { assert, DomainError, Money } from '@casino/core';
import type { JurisdictionProfile, MeasureDefinition, Metric } from './catalogue.ts';
import { limitInForce, type MeasureState } from './measures.ts';
import type { CurrentUsage, UsageTotals } from './usage.ts';

/** What a play session has added up (for session limits and the reality check). */
export interface SessionTotals {
  stakesMinor: bigint;
  winsMinor: bigint;
  playedMs: bigint;
}

/**
 * How much of one limit in force is left in its period. Money in CZK minor units, playing time in
 * milliseconds. `resetsAt` is when the period ends (null for a session limit).
 */
export interface Allowance {
  measure: string;
  metric: Metric;
  limit: bigint;
  used: bigint;
  /** Never negative: a limit tightened below what was already used leaves nothing. */
  remaining: bigint;
  resetsAt: Date | null;
}

/**
 * Net loss (docs/limits.md): stakes minus wins over the period. For poker cash games the stake is
 * the money taken to the table and the win the money brought back; for tournaments, buy-ins and fees
 * against prizes. Wins beyond the stakes make it negative, which leaves more than the limit.
 */
function usedBy(metric: Metric, totals: UsageTotals | SessionTotals): bigint {
  switch (metric) {
    case 'deposit':
      assert('depositsMinor' in totals, 'deposits are not counted per session');
      return totals.depositsMinor;
    case 'stake':
      return totals.stakesMinor;
    case 'net-loss':
      return totals.stakesMinor - totals.winsMinor;
    case 'playing-time':
      return totals.playedMs;
    case 'tournament-count':
      // Counted per entry at registration (authorize-tournament-entry.ts), never from money or time.
      return assertUnreachable('tournament counts have allowances of their own');
  }
}

function assertUnreachable(message: string): never {
  assert(false, message);
  throw new Error(message);
}

const unitOf = (metric: Metric, limitValue: bigint) => (metric === 'playing-time' ? limitValue * 60_000n : limitValue);

/** Every limit in force on the given metrics, with what is left of it now. */
export function allowances(
  profile: JurisdictionProfile,
  states: ReadonlyMap<string, MeasureState>,
  usage: CurrentUsage,
  metrics: readonly Metric[],
  session: SessionTotals | null,
): Allowance[] {
  const result: Allowance[] = [];
  for (const definition of profile.measures) {
    if (!isLimitOn(definition, metrics)) continue;
    const limitValue = limitInForce(states, definition);
    if (limitValue === null) continue;
    const metric = definition.metric!;
    const period = definition.period!;
    if (period === 'session' && session === null) continue;
    const totals = period === 'session' ? session! : usage[period].totals;
    const limit = unitOf(metric, limitValue);
    const used = usedBy(metric, totals);
    const remaining = limit - used > 0n ? limit - used : 0n;
    result.push({
      measure: definition.code,
      metric,
      limit,
      used,
      remaining,
      resetsAt: period === 'session' ? null : usage[period].window.endsAt,
    });
  }
  return result;
}

function isLimitOn(definition: MeasureDefinition, metrics: readonly Metric[]): boolean {
  return definition.kind !== 'exclusion' && definition.metric !== undefined && metrics.includes(definition.metric);
}

/**
 * Refuses an amount over what some money limit has left (002:RG-08, BET-02; 004:SLM-05). When several
 * limits are too small, the one with the least left is named: that is the amount the player can still
 * stake or deposit. Nothing is written before this check, so a refusal rolls back the caller's posting.
 */
export function assertWithinMoneyAllowances(list: readonly Allowance[], counted: Money, what: 'stake' | 'deposit'): void {
  assert(counted.currency === 'CZK', 'allowances are in CZK');
  const exceeded = list.filter((a) => a.metric !== 'playing-time' && counted.toMinor() > a.remaining);
  if (exceeded.length === 0) return;
  const binding = exceeded.reduce((tightest, a) => (a.remaining < tightest.remaining ? a : tightest));
  const remaining = Money.fromMinor(binding.remaining, 'CZK');
  const limit = Money.fromMinor(binding.limit, 'CZK');
  const until = binding.resetsAt ? ` until ${binding.resetsAt.toISOString()}` : ' in this play session';
  throw new DomainError(
    'limit-exceeded',
    `This ${what} of ${counted} exceeds the self-limit ${binding.measure} of ${limit}: ${remaining} remains${until}.`,
    {
      field: 'body.amount',
      extensions: {
        measure: binding.measure,
        limit: limit.toJSON(),
        remaining: remaining.toJSON(),
        resetsAt: binding.resetsAt?.toISOString() ?? null,
      },
    },
  );
}

/** The playing-time limit that is used up, if any (the one that frees up last is named). */
export function exhaustedTimeAllowance(list: readonly Allowance[]): Allowance | null {
  const exhausted = list.filter((a) => a.metric === 'playing-time' && a.remaining === 0n);
  if (exhausted.length === 0) return null;
  return exhausted.reduce((latest, a) => ((a.resetsAt?.getTime() ?? 0) > (latest.resetsAt?.getTime() ?? 0) ? a : latest));
}

/** 000-001:RG-03, 003:R-LIM-05: once a playing-time limit is reached, no new round or session starts. */
export function assertPlayingTimeLeft(list: readonly Allowance[]): void {
  const exhausted = exhaustedTimeAllowance(list);
  if (!exhausted) return;
  const until = exhausted.resetsAt
    ? `until ${exhausted.resetsAt.toISOString()}`
    : 'for this play session; end it and take a break';
  throw new DomainError(
    'limit-exceeded',
    `The playing-time limit ${exhausted.measure} of ${exhausted.limit / 60_000n} minutes is reached: no new game ${until}.`,
    {
      extensions: {
        measure: exhausted.measure,
        limitMinutes: Number(exhausted.limit / 60_000n),
        remainingMinutes: 0,
        resetsAt: exhausted.resetsAt?.toISOString() ?? null,
      },
    },
  );
}
