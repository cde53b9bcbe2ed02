// Named import: the default import is mistyped under NodeNext (CJS typings).
import { Decimal } from 'decimal.js';
import { z } from 'zod';
import { allocateInteger } from './allocation.ts';
import { assert } from './assert.ts';
import { type CurrencyCode, minorUnitDigits } from './currency.ts';
import { DomainError } from './errors.ts';
import { isRoundingMode, type RoundingMode } from './rounding.ts';

/**
 * Significant digits available to multiplications (times, convert,
 * percentageBps). 40 digits hold any realistic amount times any rate exactly;
 * the operations assert that they stay inside it rather than round silently.
 */
const DECIMAL_PRECISION = 40;

// Private constructor so that nobody else's Decimal.set() can change our
// behaviour. toExp* keep toString() in plain notation for every magnitude.
const MoneyDecimal = Decimal.clone({
  precision: DECIMAL_PRECISION,
  rounding: Decimal.ROUND_HALF_EVEN,
  toExpNeg: -9e15,
  toExpPos: 9e15,
});

/** Plain decimal notation only: no exponent, no "+", no spaces, no bare ".5". */
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

const BASIS_POINTS_PER_UNIT_EXPONENT = 4; // 10_000 bps = 100 %

/**
 * A decimal-string amount as it appears in requests and JSON ("12.50").
 * The length cap keeps hostile input from reaching BigInt parsing; it is far
 * above any real amount. Decimal places are checked per currency by Money.of.
 */
export const MoneyStringSchema = z
  .string()
  .max(50, 'Amount is too long')
  .regex(PLAIN_DECIMAL, 'Amount must be a plain decimal number like "12.50"');

export interface MoneyJson {
  readonly amount: string;
  readonly currency: CurrencyCode;
}

/**
 * `Money.fromMinor(amountMinor, currency).toDecimalString()` without building the Money (its decimal.js
 * value is most of the cost): a hand's text history formats every amount of the hand (issue 16, D-1854).
 */
export function formatMinorUnits(amountMinor: bigint, currency: CurrencyCode): string {
  return formatMinor(amountMinor, minorUnitDigits(currency));
}

function formatMinor(amountMinor: bigint, digits: number): string {
  const negative = amountMinor < 0n;
  const magnitude = (negative ? -amountMinor : amountMinor).toString().padStart(digits + 1, '0');
  const sign = negative ? '-' : '';
  if (digits === 0) return `${sign}${magnitude}`;
  const cut = magnitude.length - digits;
  return `${sign}${magnitude.slice(0, cut)}.${magnitude.slice(cut)}`;
}

/**
 * Exact minor units of a plain decimal string, or undefined when the value
 * has a non-zero digit below the minor unit. Trailing zeros are fine
 * ("1.230" CZK is exactly 123 haléř): rejecting them would not avoid any
 * rounding, and payment providers do send them.
 */
function parseMinor(text: string, digits: number): bigint | undefined {
  const negative = text.startsWith('-');
  const [integerPart = '', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  if (fraction.slice(digits).replace(/0/g, '') !== '') return undefined;
  const magnitude = BigInt(integerPart + fraction.slice(0, digits).padEnd(digits, '0'));
  return negative ? -magnitude : magnitude;
}

function toDecimalOperand(value: string | Decimal | bigint, what: string): Decimal {
  // Factors and rates come from code and configuration, not from players, so
  // a malformed one is a bug (500), unlike a malformed amount in Money.of.
  if (typeof value === 'bigint') return new MoneyDecimal(value.toString());
  if (typeof value === 'string') {
    assert(PLAIN_DECIMAL.test(value), `${what} must be a plain decimal string, got "${value}"`);
    return new MoneyDecimal(value);
  }
  assert(Decimal.isDecimal(value) && value.isFinite(), `${what} must be a finite Decimal`);
  return new MoneyDecimal(value);
}

/** Immutable amount of money in one currency, exact to the minor unit. */
export class Money {
  readonly currency: CurrencyCode;
  /** The amount in major units (e.g. 12.5 for 12.50 CZK); never finer than the minor unit. */
  readonly amount: Decimal;
  // The source of truth. Integer minor units make plus/minus/compare/allocate
  // exact at any magnitude, independent of the Decimal precision.
  readonly #amountMinor: bigint;

  private constructor(amountMinor: bigint, currency: CurrencyCode) {
    assert(typeof amountMinor === 'bigint', 'Money amount must be a bigint of minor units');
    this.#amountMinor = amountMinor;
    this.currency = currency;
    // Built from the string: the Decimal constructor never rounds.
    this.amount = new MoneyDecimal(formatMinor(amountMinor, minorUnitDigits(currency)));
    Object.freeze(this);
  }

  /**
   * From a plain decimal string ("12.50") or a finite Decimal. Rejects
   * exponent notation, NaN/Infinity and any amount finer than the currency's
   * minor unit (use ofRounded to round on purpose). Amounts usually come from
   * clients, so rejection is a DomainError 'validation-failed' (400).
   */
  static of(amount: string | Decimal, currency: CurrencyCode): Money {
    const digits = minorUnitDigits(currency);
    let text: string;
    if (typeof amount === 'string') {
      if (!PLAIN_DECIMAL.test(amount)) {
        throw new DomainError('validation-failed', 'Amount must be a plain decimal number like "12.50"');
      }
      text = amount;
    } else {
      if (!Decimal.isDecimal(amount) || !amount.isFinite()) {
        throw new DomainError('validation-failed', 'Amount must be a finite number');
      }
      text = amount.toFixed();
    }
    const amountMinor = parseMinor(text, digits);
    if (amountMinor === undefined) {
      throw new DomainError('validation-failed', `${currency} amounts allow at most ${digits} decimal places`);
    }
    return new Money(amountMinor, currency);
  }

  /** Like `of`, but rounds to the minor unit with the named mode instead of rejecting. */
  static ofRounded(amount: string | Decimal, currency: CurrencyCode, mode: RoundingMode): Money {
    if (typeof amount === 'string' && !PLAIN_DECIMAL.test(amount)) {
      throw new DomainError('validation-failed', 'Amount must be a plain decimal number like "12.50"');
    }
    if (typeof amount !== 'string' && (!Decimal.isDecimal(amount) || !amount.isFinite())) {
      throw new DomainError('validation-failed', 'Amount must be a finite number');
    }
    return Money.#fromDecimal(new MoneyDecimal(amount), currency, mode);
  }

  static fromMinor(amountMinor: bigint, currency: CurrencyCode): Money {
    return new Money(amountMinor, currency);
  }

  static zero(currency: CurrencyCode): Money {
    return new Money(0n, currency);
  }

  /** Sum of a list in one currency; the empty list sums to zero. */
  static sum(list: readonly Money[], currency: CurrencyCode): Money {
    let totalMinor = 0n;
    for (const m of list) {
      assertSameCurrency(currency, m.currency, 'sum');
      totalMinor += m.#amountMinor;
    }
    return new Money(totalMinor, currency);
  }

  static #fromDecimal(value: Decimal, currency: CurrencyCode, mode: RoundingMode): Money {
    assert(isRoundingMode(mode), `Unknown rounding mode: ${String(mode)}`);
    const digits = minorUnitDigits(currency);
    const rounded = value.toDecimalPlaces(digits, mode);
    // toFixed(digits) is exact here (rounded has at most `digits` places).
    return new Money(BigInt(rounded.toFixed(digits).replace('.', '')), currency);
  }

  #multiplyRounded(factor: Decimal, currency: CurrencyCode, mode: RoundingMode): Money {
    // A product needs at most sd(a) + sd(b) digits; within the precision it
    // is exact, so the named mode is the only rounding that ever happens.
    assert(
      this.amount.sd() + factor.sd() <= DECIMAL_PRECISION,
      `Money multiplication exceeds ${DECIMAL_PRECISION} significant digits`,
    );
    return Money.#fromDecimal(this.amount.times(factor), currency, mode);
  }

  /**
   * Integer minor units (haléře, cents; yen for JPY). Exact by construction:
   * a Money can only ever hold whole minor units (every constructor path
   * either rejects or rounds explicitly), so this never rounds.
   */
  toMinor(): bigint {
    return this.#amountMinor;
  }

  /** Always exactly minorUnitDigits decimals: "12.50", "-0.05", JPY "100". */
  toDecimalString(): string {
    return formatMinor(this.#amountMinor, minorUnitDigits(this.currency));
  }

  toJSON(): MoneyJson {
    return { amount: this.toDecimalString(), currency: this.currency };
  }

  toString(): string {
    return `${this.toDecimalString()} ${this.currency}`;
  }

  plus(o: Money): Money {
    assertSameCurrency(this.currency, o.currency, 'plus');
    return new Money(this.#amountMinor + o.#amountMinor, this.currency);
  }

  minus(o: Money): Money {
    assertSameCurrency(this.currency, o.currency, 'minus');
    return new Money(this.#amountMinor - o.#amountMinor, this.currency);
  }

  negated(): Money {
    return new Money(-this.#amountMinor, this.currency);
  }

  abs(): Money {
    return this.#amountMinor < 0n ? this.negated() : this;
  }

  /** Multiply and round to the minor unit with the named mode. */
  times(factor: string | Decimal | bigint, mode: RoundingMode): Money {
    return this.#multiplyRounded(toDecimalOperand(factor, 'Money.times factor'), this.currency, mode);
  }

  /** Amount in `to` at `rate` (units of `to` per one unit of this currency). */
  convert(rate: string | Decimal, to: CurrencyCode, mode: RoundingMode): Money {
    const rateDecimal = toDecimalOperand(rate, 'Exchange rate');
    assert(rateDecimal.isPositive() && !rateDecimal.isZero(), 'Exchange rate must be positive');
    // A same-currency "conversion" at any rate other than 1 is a bug that
    // would silently create or destroy money.
    assert(to !== this.currency || rateDecimal.eq(1), `Converting ${to} to itself needs rate 1`);
    return this.#multiplyRounded(rateDecimal, to, mode);
  }

  /** `bps` basis points of this amount (100 bps = 1 %), rounded with the named mode. */
  percentageBps(bps: bigint, mode: RoundingMode): Money {
    assert(typeof bps === 'bigint', 'Basis points must be a bigint');
    // Built as "<bps>e-4": exact, unlike a division at limited precision.
    const fraction = new MoneyDecimal(`${bps}e-${BASIS_POINTS_PER_UNIT_EXPONENT}`);
    return this.#multiplyRounded(fraction, this.currency, mode);
  }

  /**
   * Split into parts proportional to non-negative integer ratios, in minor
   * units, by largest remainder with ties to the earliest index. The parts
   * always sum exactly to this amount (negative amounts included).
   */
  allocate(ratios: readonly (bigint | number)[]): Money[] {
    const bigRatios = ratios.map((ratio) => {
      if (typeof ratio === 'bigint') return ratio;
      assert(Number.isSafeInteger(ratio), `allocate ratios must be integers, got ${ratio}`);
      return BigInt(ratio);
    });
    return allocateInteger(this.#amountMinor, bigRatios).map((part) => new Money(part, this.currency));
  }

  /** Split into `parts` near-equal parts; earlier parts get the extra minor units. */
  allocateEvenly(parts: number): Money[] {
    assert(Number.isSafeInteger(parts) && parts >= 1, `allocateEvenly needs a positive integer, got ${parts}`);
    return this.allocate(new Array<bigint>(parts).fill(1n));
  }

  /** Same currency and same amount; different currencies are simply not equal. */
  equals(o: Money): boolean {
    return this.currency === o.currency && this.#amountMinor === o.#amountMinor;
  }

  /** Ordering is only defined within one currency; a mismatch is a bug and throws. */
  compare(o: Money): -1 | 0 | 1 {
    assertSameCurrency(this.currency, o.currency, 'compare');
    if (this.#amountMinor === o.#amountMinor) return 0;
    return this.#amountMinor < o.#amountMinor ? -1 : 1;
  }

  lessThan(o: Money): boolean {
    return this.compare(o) < 0;
  }

  lessThanOrEqual(o: Money): boolean {
    return this.compare(o) <= 0;
  }

  greaterThan(o: Money): boolean {
    return this.compare(o) > 0;
  }

  greaterThanOrEqual(o: Money): boolean {
    return this.compare(o) >= 0;
  }

  isZero(): boolean {
    return this.#amountMinor === 0n;
  }

  isNegative(): boolean {
    return this.#amountMinor < 0n;
  }

  isPositive(): boolean {
    return this.#amountMinor > 0n;
  }
}

function assertSameCurrency(expected: CurrencyCode, actual: CurrencyCode, operation: string): void {
  assert(expected === actual, `Currency mismatch in ${operation}: ${expected} vs ${actual}`);
}
