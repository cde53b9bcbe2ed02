import { assert, DomainError, Money } from '@casino/core';
import type { Direction, DirectionCaps, Instrument } from './rules.ts';

/** What a player has used of an instrument in one direction, over the rolling windows before now. */
export interface CapUsage {
  rolling24hMinor: bigint;
  rolling7dMinor: bigint;
  rolling30dMinor: bigint;
  /** Attempts in the last 24 hours, this one not included. */
  attempts24h: number;
  /** Completed (or reserved) transactions in the last 24 hours, this one not included. */
  count24h: number;
}

/** An operator's per-player caps for one instrument and direction; null fields keep the table's value. */
export type CapOverride = { [K in keyof Omit<DirectionCaps, 'offered'>]: NonNullable<DirectionCaps[K]> | null };

export const rollingWindows = [
  { field: 'rolling24hMinorMax', usage: 'rolling24hMinor', name: 'rolling-24h', ms: 24 * 3_600_000 },
  { field: 'rolling7dMinorMax', usage: 'rolling7dMinor', name: 'rolling-7d', ms: 7 * 24 * 3_600_000 },
  { field: 'rolling30dMinorMax', usage: 'rolling30dMinor', name: 'rolling-30d', ms: 30 * 24 * 3_600_000 },
] as const;

/** The caps in force for a player: the table's, replaced field by field by the operator's override. */
export function effectiveCaps(table: DirectionCaps, override: CapOverride | null): DirectionCaps {
  if (!override) return table;
  return {
    offered: table.offered,
    perTransactionMinorMin: override.perTransactionMinorMin ?? table.perTransactionMinorMin,
    perTransactionMinorMax: override.perTransactionMinorMax ?? table.perTransactionMinorMax,
    rolling24hMinorMax: override.rolling24hMinorMax ?? table.rolling24hMinorMax,
    rolling7dMinorMax: override.rolling7dMinorMax ?? table.rolling7dMinorMax,
    rolling30dMinorMax: override.rolling30dMinorMax ?? table.rolling30dMinorMax,
    attempts24hMax: override.attempts24hMax ?? table.attempts24hMax,
    count24hMax: override.count24hMax ?? table.count24hMax,
  };
}

/**
 * The fields of an override that would loosen the table (004:DEP-03: the table is the strictest an
 * operator may go to, except for other payment instruments). A maximum is looser when higher or
 * when the table has one and the override would lift it; a minimum is looser when lower.
 */
export function looserFields(table: DirectionCaps, override: CapOverride): string[] {
  const looser: string[] = [];
  if (override.perTransactionMinorMin !== null && override.perTransactionMinorMin < table.perTransactionMinorMin)
    looser.push('perTransactionMinorMin');
  const maxima = ['perTransactionMinorMax', 'rolling24hMinorMax', 'rolling7dMinorMax', 'rolling30dMinorMax'] as const;
  for (const field of maxima) {
    const limit = table[field];
    const wanted = override[field];
    if (wanted !== null && limit !== null && wanted > limit) looser.push(field);
  }
  for (const field of ['attempts24hMax', 'count24hMax'] as const) {
    const limit = table[field];
    const wanted = override[field];
    if (wanted !== null && limit !== null && wanted > limit) looser.push(field);
  }
  return looser;
}

const czk = (minor: bigint): Money => Money.fromMinor(minor, 'CZK');

/**
 * Checks one amount against the caps, in a fixed order: offered, per-transaction minimum and
 * maximum, attempts and count per 24 hours, then the 24-hour, 7-day and 30-day sums. Each refusal has
 * its own problem type and names the cap, its limit and what is left of it.
 */
export function assertWithinCaps(
  caps: DirectionCaps,
  amountMinor: bigint,
  usage: CapUsage,
  context: { instrument: Instrument; direction: Direction },
): void {
  assert(amountMinor > 0n, 'a capped amount is positive');
  const what = `${context.direction === 'deposit' ? 'Deposits' : 'Withdrawals'} by ${context.instrument}`;
  const field = 'body.amount';
  if (!caps.offered) {
    throw new DomainError('payment-method-not-eligible', `${what} are not offered (004 §3.6.3).`, {
      field,
      extensions: { instrument: context.instrument, direction: context.direction },
    });
  }
  if (amountMinor < caps.perTransactionMinorMin) {
    throw new DomainError('below-payment-minimum', `${what} are at least ${czk(caps.perTransactionMinorMin)} (004 §3.6.3).`, {
      field,
      extensions: { cap: 'per-transaction-minimum', limit: czk(caps.perTransactionMinorMin).toJSON(), ...context },
    });
  }
  if (caps.perTransactionMinorMax !== null && amountMinor > caps.perTransactionMinorMax) {
    throw capExceeded(
      `${what} are at most ${czk(caps.perTransactionMinorMax)} each (004 §3.6.3).`,
      'per-transaction-maximum',
      caps.perTransactionMinorMax,
      caps.perTransactionMinorMax,
      context,
    );
  }
  if (caps.attempts24hMax !== null && usage.attempts24h >= caps.attempts24hMax) {
    throw new DomainError(
      'payment-attempts-exceeded',
      `${what}: at most ${caps.attempts24hMax} attempts within 24 hours (002:LIM-02).`,
      {
        field,
        extensions: { cap: 'attempts-24h', limit: caps.attempts24hMax, used: usage.attempts24h, ...context },
      },
    );
  }
  if (caps.count24hMax !== null && usage.count24h >= caps.count24hMax) {
    throw new DomainError('payment-attempts-exceeded', `${what}: at most ${caps.count24hMax} within 24 hours (002:LIM-02).`, {
      field,
      extensions: { cap: 'count-24h', limit: caps.count24hMax, used: usage.count24h, ...context },
    });
  }
  for (const window of rollingWindows) {
    const limit = caps[window.field];
    const used = usage[window.usage];
    if (limit !== null && used + amountMinor > limit) {
      const remaining = limit > used ? limit - used : 0n;
      throw capExceeded(
        `${what} total at most ${czk(limit)} over a ${window.name} window; ${czk(remaining)} is left.`,
        window.name,
        limit,
        remaining,
        context,
      );
    }
  }
}

function capExceeded(
  detail: string,
  cap: string,
  limitMinor: bigint,
  remainingMinor: bigint,
  context: { instrument: Instrument; direction: Direction },
): DomainError {
  return new DomainError('payment-cap-exceeded', detail, {
    field: 'body.amount',
    extensions: { cap, limit: czk(limitMinor).toJSON(), remaining: czk(remainingMinor).toJSON(), ...context },
  });
}
