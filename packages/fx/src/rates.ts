import { assert, DomainError, Money, Rounding, type CurrencyCode } from '@casino/core';
import { Decimal } from 'decimal.js';

/**
 * Rates are decimals, never floats: a rate set is what the source published, each currency as units
 * per one unit of the base (EUR 1 = USD 1.08 = CZK 25.000). A conversion between two currencies uses
 * the cross rate `to / from`, rounded once to `rateDecimalPlaces` with banker's rounding, and that
 * stored rate is what the amount is multiplied by, rounded once to the minor unit with banker's
 * rounding (002:AMB-FX-ROUND, 004:AMB-18, AMB-19). The rate used is recorded with every conversion.
 */
export const rateDecimalPlaces = 12; // the rate columns are NUMERIC(24, 12)
export const rateRounding = Rounding.HALF_EVEN;
export const amountRounding = Rounding.HALF_EVEN;
export const feeRounding = Rounding.HALF_EVEN;

export interface RateSet {
  id: string;
  source: string;
  base: CurrencyCode;
  /** Units of each currency per one unit of `base`, as decimal strings; the base itself is "1". */
  unitsPerBase: Readonly<Partial<Record<CurrencyCode, string>>>;
  /** When the source published them. */
  publishedAt: Date;
  /** When this set became the platform's rate (at most once per `changeIntervalHoursMin`, 004:T-61). */
  effectiveFrom: Date;
  /** When the source last confirmed the platform's rates (a held set is confirmed too); staleness counts from here. */
  checkedAt: Date;
}

/** The rate applied to convert `from` into `to`: units of `to` per one unit of `from`, 12 decimal places. */
export function crossRate(set: RateSet, from: CurrencyCode, to: CurrencyCode): string {
  if (from === to) return '1';
  const fromPerBase = unitsPerBase(set, from);
  const toPerBase = unitsPerBase(set, to);
  const rate = toPerBase.div(fromPerBase).toDecimalPlaces(rateDecimalPlaces, rateRounding);
  assert(rate.isPositive() && !rate.isZero(), `the cross rate ${from}/${to} is positive`);
  return rate.toFixed();
}

/** The amount in `to` at `rate` (units of `to` per unit of the amount's currency), rounded once. */
export function convertAt(amount: Money, rate: string, to: CurrencyCode): Money {
  return amount.convert(new Decimal(rate), to, amountRounding);
}

function unitsPerBase(set: RateSet, code: CurrencyCode): Decimal {
  const quoted = code === set.base ? '1' : set.unitsPerBase[code];
  if (quoted === undefined)
    throw new DomainError('fx-rates-stale', `The rate source quotes no rate for ${code}.`, {
      extensions: { currency: code, source: set.source },
    });
  return new Decimal(quoted);
}

/** A rate as the source sends it: a plain positive decimal string, at most 12 decimal places. */
export const rateTextPattern = /^(?:0|[1-9]\d{0,11})(?:\.\d{1,12})?$/;

export function isRateText(text: string): boolean {
  return rateTextPattern.test(text) && new Decimal(text).isPositive() && !new Decimal(text).isZero();
}

/** Whether two sets quote the same rates for the given currencies (a held set changes nothing). */
export function sameRates(a: RateSet['unitsPerBase'], b: RateSet['unitsPerBase'], currencies: readonly CurrencyCode[]): boolean {
  return currencies.every((code) => {
    const left = a[code];
    const right = b[code];
    return left !== undefined && right !== undefined && new Decimal(left).eq(right);
  });
}
