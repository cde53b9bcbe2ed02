import { assert, Money, Rounding } from '@casino/core';

/**
 * 002:VIP-01, VIP-04: VIP points are counted in USD of commission; a rake or fee taken in EUR or GBP
 * (or today's CZK) is converted first. The rates belong to the FX module (issue 26's wallets, built on
 * a branch of its own), so accrual takes them through this port (docs/decisions.md D-2633): the
 * integrator wires the FX module's current rate (002:AMB-VIP-CCY: the XE rate at accrual) behind it.
 */
export interface CommissionToUsd {
  /**
   * `commission` in USD at `at` and the rate used (USD per unit of its currency); null when this
   * currency cannot be converted now: the commission then waits, unearned, for the next run.
   */
  toUsd(commission: Money, at: Date): Promise<{ usd: Money; rate: string } | null>;
}

/** Until the FX module is wired: USD commission counts as it is, other currencies wait. */
export const usdCommissionOnly: CommissionToUsd = {
  toUsd: async (commission) => (commission.currency === 'USD' ? { usd: commission, rate: '1' } : null),
};

/**
 * Fixed rates (USD per unit), for tests and a configured fallback: banker's rounding to the cent once
 * per conversion (002:AMB-FX-ROUND).
 */
export function fixedRateCommissionToUsd(rates: Readonly<Record<string, string>>): CommissionToUsd {
  return {
    toUsd: async (commission) => {
      if (commission.currency === 'USD') return { usd: commission, rate: '1' };
      const rate = rates[commission.currency];
      if (rate === undefined) return null;
      assert(/^\d+(\.\d+)?$/.test(rate), `a USD rate is a positive decimal, got ${rate}`);
      return { usd: commission.convert(rate, 'USD', Rounding.HALF_EVEN), rate };
    },
  };
}

/** USD commission (cents) × points per USD = points in hundredths, rounded down (D-2633: never more than earned). */
export function pointsCentiFor(usd: Money, pointsPerUsd: string): bigint {
  assert(usd.currency === 'USD', 'points are counted on USD');
  return Money.fromMinor(usd.toMinor(), 'USD').times(pointsPerUsd, Rounding.DOWN).toMinor();
}
