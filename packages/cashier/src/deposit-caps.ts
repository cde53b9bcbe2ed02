import { DomainError, Money } from '@casino/core';
import { transaction } from '@casino/db';
import { capOverrideOf, depositUsage } from './cap-usage.ts';
import { effectiveCaps, rollingWindows } from './caps.ts';
import type { CashierContext } from './context.ts';
import type { Instrument } from './rules.ts';

export interface DepositCapsView {
  paymentMethodId: string;
  instrument: string;
  /** false: the method's instrument takes no deposits at all. */
  offered: boolean;
  perTransaction: { min: Money; max: Money | null };
  /** The rolling windows with a maximum: how much of it is used (money on its way included) and what is left. */
  windows: Array<{ window: 'rolling-24h' | 'rolling-7d' | 'rolling-30d'; max: Money; used: Money; remaining: Money }>;
  attempts24h: { max: number; used: number } | null;
  count24h: { max: number; used: number } | null;
  /** A temporary account's cap left (004:TMP-03), deposits on their way counted; null for a full account. */
  temporaryAccountRemaining: Money | null;
  /** The largest deposit these caps allow now; null when nothing caps it. Self-limits are GET /v1/me/limits. */
  largestNow: Money | null;
}

const zeroOr = (minor: bigint) => (minor > 0n ? minor : 0n);

/**
 * The caps a deposit through one of the player's methods meets (004:DEP-02, DEP-03; 002:LIM-02), as the
 * deposit form shows them before the player types (issue 17): the instrument's caps with the operator's
 * override for the player, what the rolling windows have used, and a temporary account's cap left. The
 * same reads as `createDeposit`'s checks at intent time, so what this says fits is what is accepted
 * (self-limits and the method's state aside: those are checked, and explained, when the deposit is asked for).
 */
export async function depositCaps(
  ctx: CashierContext,
  options: { playerId: string; paymentMethodId: string },
): Promise<DepositCapsView> {
  return transaction(ctx.db, async (tx) => {
    const method = await tx.paymentMethod.findFirst({
      where: { id: options.paymentMethodId, playerId: options.playerId, status: { not: 'REMOVED' } },
      select: { id: true, instrument: true },
    });
    if (!method) throw new DomainError('not-found', 'No such payment method.', { field: 'params.paymentMethodId' });
    const instrument = method.instrument as Instrument;
    const now = ctx.clock.now();
    const caps = effectiveCaps(
      ctx.rules.caps[instrument].deposit,
      await capOverrideOf(tx, options.playerId, instrument, 'deposit'),
    );
    const usage = await depositUsage(tx, { playerId: options.playerId, instrument, now, mode: 'intent' });
    const money = (minor: bigint) => Money.fromMinor(minor, ctx.currency);
    const windows = rollingWindows.flatMap((w) => {
      const max = caps[w.field];
      return max === null
        ? []
        : [{ window: w.name, max: money(max), used: money(usage[w.usage]), remaining: money(zeroOr(max - usage[w.usage])) }];
    });
    const temporary = await tx.temporaryAccount.findUnique({
      where: { playerId: options.playerId },
      select: { status: true, depositedMinor: true, depositCapMinor: true },
    });
    let temporaryRemainingMinor: bigint | null = null;
    if (temporary?.status === 'OPEN') {
      const pending = await tx.cashierDeposit.aggregate({
        where: { playerId: options.playerId, temporaryAccount: true, status: { in: ['CREATED', 'PENDING'] } },
        _sum: { amountMinor: true },
      });
      temporaryRemainingMinor = zeroOr(temporary.depositCapMinor - temporary.depositedMinor - (pending._sum.amountMinor ?? 0n));
    }
    const countsExhausted =
      (caps.attempts24hMax !== null && usage.attempts24h >= caps.attempts24hMax) ||
      (caps.count24hMax !== null && usage.count24h >= caps.count24hMax);
    const ceilings = [
      caps.perTransactionMinorMax,
      ...windows.map((w) => w.remaining.toMinor()),
      temporaryRemainingMinor,
      caps.offered && !countsExhausted ? null : 0n,
    ].filter((c): c is bigint => c !== null);
    const largestMinor = ceilings.length === 0 ? null : ceilings.reduce((a, b) => (b < a ? b : a));
    return {
      paymentMethodId: method.id,
      instrument,
      offered: caps.offered,
      perTransaction: {
        min: money(caps.perTransactionMinorMin),
        max: caps.perTransactionMinorMax === null ? null : money(caps.perTransactionMinorMax),
      },
      windows,
      attempts24h: caps.attempts24hMax === null ? null : { max: caps.attempts24hMax, used: usage.attempts24h },
      count24h: caps.count24hMax === null ? null : { max: caps.count24hMax, used: usage.count24h },
      temporaryAccountRemaining: temporaryRemainingMinor === null ? null : money(temporaryRemainingMinor),
      // Below the minimum per transaction nothing fits: 0.
      largestNow: largestMinor === null ? null : money(largestMinor < caps.perTransactionMinorMin ? 0n : largestMinor),
    };
  });
}
