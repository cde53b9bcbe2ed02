import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { Decimal } from 'decimal.js';
import { InvariantViolation } from './assert.ts';
import { currencyCodes, type CurrencyCode } from './currency.ts';
import { DomainError } from './errors.ts';
import { formatMinorUnits, Money, MoneyStringSchema } from './money.ts';
import { Rounding } from './rounding.ts';

const czk = (amount: string): Money => Money.of(amount, 'CZK');
const anyMinor = fc.bigInt(); // up to ±2^255: far beyond any real amount
const anyCurrency = fc.constantFrom<CurrencyCode>('CZK', 'JPY');

function expectValidationFailed(fn: () => unknown): void {
  let thrown: unknown;
  try {
    fn();
  } catch (e) {
    thrown = e;
  }
  expect(thrown).toBeInstanceOf(DomainError);
  expect((thrown as DomainError).code).toBe('validation-failed');
}

describe('Money arithmetic (properties)', () => {
  it('addition is exact for arbitrary minor-unit bigints', () => {
    fc.assert(
      fc.property(anyMinor, anyMinor, anyCurrency, (a, b, c) => {
        expect(Money.fromMinor(a, c).plus(Money.fromMinor(b, c)).toMinor()).toBe(a + b);
        expect(Money.fromMinor(a, c).minus(Money.fromMinor(b, c)).toMinor()).toBe(a - b);
      }),
    );
  });

  it('addition is commutative and associative, and minus undoes plus', () => {
    fc.assert(
      fc.property(anyMinor, anyMinor, anyMinor, (a, b, c) => {
        const [x, y, z] = [a, b, c].map((v) => Money.fromMinor(v, 'CZK')) as [Money, Money, Money];
        expect(x.plus(y).equals(y.plus(x))).toBe(true);
        expect(
          x
            .plus(y)
            .plus(z)
            .equals(x.plus(y.plus(z))),
        ).toBe(true);
        expect(x.plus(y).minus(y).equals(x)).toBe(true);
      }),
    );
  });

  it('fromMinor(x).toMinor() === x and Money.of(m.toDecimalString()) is lossless, for CZK and JPY', () => {
    fc.assert(
      fc.property(anyMinor, anyCurrency, (x, c) => {
        const m = Money.fromMinor(x, c);
        expect(m.toMinor()).toBe(x);
        expect(Money.of(m.toDecimalString(), c).equals(m)).toBe(true);
        expect(Money.of(m.amount, c).equals(m)).toBe(true);
      }),
    );
  });

  it('allocate parts always sum to the whole and each is within 1 minor unit of its exact share', () => {
    const ratios = fc
      .array(fc.oneof(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.nat()), { minLength: 1, maxLength: 12 })
      .filter((rs) => rs.some((r) => BigInt(r) > 0n));
    fc.assert(
      fc.property(anyMinor, ratios, anyCurrency, (x, rs, c) => {
        const parts = Money.fromMinor(x, c).allocate(rs);
        const ratioSum = rs.reduce<bigint>((acc, r) => acc + BigInt(r), 0n);
        expect(parts).toHaveLength(rs.length);
        expect(Money.sum(parts, c).toMinor()).toBe(x);
        parts.forEach((part, i) => {
          // |part - x * r / sum| < 1  <=>  |part * sum - x * r| < sum
          const error = part.toMinor() * ratioSum - x * BigInt(rs[i]!);
          expect(error < 0n ? -error : error).toBeLessThan(ratioSum);
        });
      }),
    );
  });

  it('a rounded product lies within one minor unit of the exact product, on the side the mode names', () => {
    const Exact = Decimal.clone({ precision: 200 });
    const factor = fc.tuple(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.integer({ min: 0, max: 10 }));
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), factor, (x, [coef, scale]) => {
        const m = Money.fromMinor(x, 'CZK');
        const f = new Decimal(`${coef}e-${scale}`);
        const exact = new Exact(m.amount).times(f);
        const at = (mode: (typeof Rounding)[keyof typeof Rounding]): Decimal => new Exact(m.times(f, mode).amount);
        const unit = new Exact('0.01');
        expect(at(Rounding.FLOOR).lte(exact) && exact.minus(at(Rounding.FLOOR)).lt(unit)).toBe(true);
        expect(at(Rounding.CEIL).gte(exact) && at(Rounding.CEIL).minus(exact).lt(unit)).toBe(true);
        expect(at(Rounding.DOWN).abs().lte(exact.abs())).toBe(true);
        expect(at(Rounding.UP).abs().gte(exact.abs())).toBe(true);
        expect(at(Rounding.HALF_EVEN).minus(exact).abs().lte(unit.div(2))).toBe(true);
        expect(at(Rounding.HALF_UP).minus(exact).abs().lte(unit.div(2))).toBe(true);
      }),
    );
  });
});

describe('Money rounding is always named', () => {
  it('HALF_EVEN and HALF_UP differ on the tie 2.345: 2.34 vs 2.35', () => {
    const base = czk('4.69'); // × 0.5 = 2.345 exactly
    expect(base.times('0.5', Rounding.HALF_EVEN).toDecimalString()).toBe('2.34');
    expect(base.times('0.5', Rounding.HALF_UP).toDecimalString()).toBe('2.35');
    expect(Money.ofRounded('2.345', 'CZK', Rounding.HALF_EVEN).toDecimalString()).toBe('2.34');
    expect(Money.ofRounded('2.345', 'CZK', Rounding.HALF_UP).toDecimalString()).toBe('2.35');
  });

  it('on negative ties HALF_UP goes away from zero and HALF_EVEN to the even neighbour', () => {
    expect(czk('-4.69').times('0.5', Rounding.HALF_UP).toDecimalString()).toBe('-2.35');
    expect(czk('-4.69').times('0.5', Rounding.HALF_EVEN).toDecimalString()).toBe('-2.34');
    expect(Money.ofRounded('-2.355', 'CZK', Rounding.HALF_EVEN).toDecimalString()).toBe('-2.36');
  });

  it('DOWN truncates toward zero, UP away from zero, FLOOR toward -inf, CEIL toward +inf', () => {
    const round = (v: string, mode: (typeof Rounding)[keyof typeof Rounding]): string =>
      Money.ofRounded(v, 'CZK', mode).toDecimalString();
    expect([round('2.349', Rounding.DOWN), round('-2.349', Rounding.DOWN)]).toEqual(['2.34', '-2.34']);
    expect([round('2.341', Rounding.UP), round('-2.341', Rounding.UP)]).toEqual(['2.35', '-2.35']);
    expect([round('2.349', Rounding.FLOOR), round('-2.341', Rounding.FLOOR)]).toEqual(['2.34', '-2.35']);
    expect([round('2.341', Rounding.CEIL), round('-2.349', Rounding.CEIL)]).toEqual(['2.35', '-2.34']);
  });

  it('JPY rounds to whole yen (0 minor-unit digits)', () => {
    const yen = Money.of('1001', 'JPY');
    expect(yen.times('0.5', Rounding.HALF_EVEN).toDecimalString()).toBe('500');
    expect(yen.times('0.5', Rounding.HALF_UP).toDecimalString()).toBe('501');
    expect(yen.times('0.5', Rounding.HALF_UP).toMinor()).toBe(501n);
    expect(Money.ofRounded('-0.4', 'JPY', Rounding.HALF_EVEN).toDecimalString()).toBe('0');
  });

  it('percentageBps takes basis points (100 bps = 1 %) and rounds with the named mode', () => {
    expect(czk('1000.00').percentageBps(250n, Rounding.HALF_EVEN).toDecimalString()).toBe('25.00');
    expect(czk('1234.56').percentageBps(10_000n, Rounding.DOWN).equals(czk('1234.56'))).toBe(true);
    // 0.5 % of 0.99 = 0.00495
    expect(czk('0.99').percentageBps(50n, Rounding.HALF_UP).toDecimalString()).toBe('0.00');
    expect(czk('0.99').percentageBps(50n, Rounding.CEIL).toDecimalString()).toBe('0.01');
    expect(czk('200.00').percentageBps(-150n, Rounding.HALF_EVEN).toDecimalString()).toBe('-3.00');
    expect(Money.of('999', 'JPY').percentageBps(1n, Rounding.UP).toDecimalString()).toBe('1');
  });

  it('times accepts string, Decimal and bigint factors and is exact before the single named rounding', () => {
    expect(czk('0.10').times(3n, Rounding.HALF_EVEN).toDecimalString()).toBe('0.30');
    expect(czk('19.99').times(new Decimal('1.21'), Rounding.HALF_UP).toDecimalString()).toBe('24.19');
    // In floats 0.07 * 100 is 7.000000000000001 and 1.15 * 100 is 114.99999999999999.
    expect(czk('0.07').times('100', Rounding.UP).toDecimalString()).toBe('7.00');
    expect(czk('1.15').times(100n, Rounding.DOWN).toDecimalString()).toBe('115.00');
  });

  it('a global Decimal.set() cannot change Money arithmetic (private Decimal clone)', () => {
    const saved = { precision: Decimal.precision, rounding: Decimal.rounding };
    Decimal.set({ precision: 3, rounding: Decimal.ROUND_UP });
    try {
      expect(czk('123456.78').times('1.5', Rounding.HALF_EVEN).toDecimalString()).toBe('185185.17');
    } finally {
      Decimal.set(saved);
    }
  });

  it('a product that would exceed 40 significant digits throws instead of rounding twice', () => {
    const big = czk('1234567890123456789012345.67'); // 27 digits
    expect(() => big.times('1.2345678901234567', Rounding.HALF_EVEN)).toThrow(InvariantViolation);
  });

  it('rejects malformed factors as programmer errors', () => {
    expect(() => czk('1.00').times('1e2', Rounding.HALF_EVEN)).toThrow(InvariantViolation);
    expect(() => czk('1.00').times(new Decimal(NaN), Rounding.HALF_EVEN)).toThrow(InvariantViolation);
    expect(() => czk('1.00').times('2', 99 as never)).toThrow(InvariantViolation);
  });
});

describe('Money.convert', () => {
  it('multiplies by the rate and rounds to the target currency minor unit', () => {
    expect(czk('100.00').convert('0.0413', 'EUR', Rounding.HALF_EVEN).toString()).toBe('4.13 EUR');
    expect(Money.of('10.00', 'EUR').convert('24.335', 'CZK', Rounding.HALF_EVEN).toString()).toBe('243.35 CZK');
    // 1234.56 × 6.2345 = 7696.86432 -> whole yen
    expect(czk('1234.56').convert('6.2345', 'JPY', Rounding.HALF_EVEN).toString()).toBe('7697 JPY');
    expect(czk('1234.56').convert(new Decimal('6.2345'), 'JPY', Rounding.DOWN).toString()).toBe('7696 JPY');
  });

  it('rejects non-positive rates and same-currency conversion at a rate other than 1', () => {
    expect(() => czk('1.00').convert('0', 'EUR', Rounding.HALF_EVEN)).toThrow(InvariantViolation);
    expect(() => czk('1.00').convert('-0.04', 'EUR', Rounding.HALF_EVEN)).toThrow(InvariantViolation);
    expect(() => czk('1.00').convert('25', 'CZK', Rounding.HALF_EVEN)).toThrow(InvariantViolation);
    expect(czk('1.00').convert('1.000', 'CZK', Rounding.HALF_EVEN).equals(czk('1.00'))).toBe(true);
  });
});

describe('Money.of parsing', () => {
  it('rejects amounts finer than the currency minor unit ("1.234" CZK, "0.5" JPY)', () => {
    expectValidationFailed(() => czk('1.234'));
    expectValidationFailed(() => Money.of('0.5', 'JPY'));
    expectValidationFailed(() => Money.of(new Decimal('0.005'), 'CZK'));
  });

  it('accepts trailing zeros beyond the minor unit because no rounding is involved', () => {
    expect(czk('1.230').toMinor()).toBe(123n);
    expect(Money.of('100.00', 'JPY').toMinor()).toBe(100n);
  });

  it('accepts only plain decimal notation: no exponent, sign "+", spaces, commas, bare dots, NaN or Infinity', () => {
    for (const bad of ['abc', '', '1e5', '1E5', '+1', ' 1', '1 ', '.5', '1.', '1,50', 'NaN', 'Infinity', '0x10', '--1']) {
      expectValidationFailed(() => czk(bad));
    }
    expectValidationFailed(() => Money.of(new Decimal(NaN), 'CZK'));
    expectValidationFailed(() => Money.of(new Decimal(Infinity), 'CZK'));
    expectValidationFailed(() => Money.ofRounded('1e5', 'CZK', Rounding.HALF_EVEN));
  });

  it('normalises sign and leading zeros: "-0" is plain zero, "007.5" is 7.50', () => {
    const negativeZero = czk('-0.00');
    expect(negativeZero.isZero() && !negativeZero.isNegative()).toBe(true);
    expect(negativeZero.toDecimalString()).toBe('0.00');
    expect(czk('007.5').toDecimalString()).toBe('7.50');
  });

  it('MoneyStringSchema accepts plain decimal strings only and caps their length', () => {
    expect(MoneyStringSchema.safeParse('12.50').success).toBe(true);
    expect(MoneyStringSchema.safeParse('-0.05').success).toBe(true);
    expect(MoneyStringSchema.safeParse('1e5').success).toBe(false);
    expect(MoneyStringSchema.safeParse(12.5).success).toBe(false);
    expect(MoneyStringSchema.safeParse('1'.repeat(51)).success).toBe(false);
  });
});

describe('Money representation', () => {
  it('toDecimalString always has exactly the currency digits', () => {
    expect(Money.fromMinor(1250n, 'CZK').toDecimalString()).toBe('12.50');
    expect(Money.fromMinor(-5n, 'CZK').toDecimalString()).toBe('-0.05');
    expect(Money.zero('EUR').toDecimalString()).toBe('0.00');
    expect(Money.fromMinor(100n, 'JPY').toDecimalString()).toBe('100');
    expect(Money.fromMinor(-1n, 'JPY').toDecimalString()).toBe('-1');
  });

  it('serialises to JSON as a decimal string with currency, and prints as "12.50 CZK"', () => {
    expect(JSON.stringify({ stake: czk('12.5') })).toBe('{"stake":{"amount":"12.50","currency":"CZK"}}');
    expect(`${czk('12.5')}`).toBe('12.50 CZK');
  });

  it('toMinor is exact far beyond Number.MAX_SAFE_INTEGER and the 40-digit Decimal precision', () => {
    const text = '123456789012345678901234567890123456789012345.67';
    expect(czk(text).toMinor()).toBe(12345678901234567890123456789012345678901234567n);
    expect(czk(text).toDecimalString()).toBe(text);
    expect(czk(text).amount.toFixed(2)).toBe(text);
  });

  it('a Money finer than the minor unit cannot be built, so toMinor never has to round', () => {
    // Every way in either validates (of), rounds by name (ofRounded, times,
    // convert, percentageBps) or starts from integers (fromMinor).
    expect(() => Money.fromMinor(1.5 as never, 'CZK')).toThrow(InvariantViolation);
    expect(() => Money.fromMinor(1 as never, 'CZK')).toThrow(InvariantViolation);
    expect(Money.ofRounded('0.005', 'CZK', Rounding.HALF_EVEN).toMinor()).toBe(0n);
  });

  it('has value semantics under vitest toEqual (currency and amount are the compared own fields)', () => {
    expect(czk('1.00')).toEqual(czk('1'));
    expect(czk('1.00')).not.toEqual(czk('1.01'));
    expect(czk('1.00')).not.toEqual(Money.of('1.00', 'EUR'));
  });

  it('is immutable: fields cannot be reassigned and operations return new instances', () => {
    const m = czk('1.00');
    expect(Object.isFrozen(m)).toBe(true);
    expect(() => {
      (m as { currency: string }).currency = 'EUR';
    }).toThrow(TypeError);
    const sum = m.plus(czk('1.00'));
    expect(sum).not.toBe(m);
    expect(m.toDecimalString()).toBe('1.00');
  });
});

describe('Money currency safety', () => {
  it('mixing currencies in plus, minus, compare or sum is a programmer error', () => {
    const eur = Money.of('1.00', 'EUR');
    expect(() => czk('1.00').plus(eur)).toThrow(InvariantViolation);
    expect(() => czk('1.00').minus(eur)).toThrow(InvariantViolation);
    expect(() => czk('1.00').compare(eur)).toThrow(InvariantViolation);
    expect(() => czk('1.00').lessThan(eur)).toThrow(InvariantViolation);
    expect(() => Money.sum([czk('1.00'), eur], 'CZK')).toThrow(InvariantViolation);
    expect(() => Money.sum([eur], 'CZK')).toThrow(InvariantViolation);
  });

  it('equals is value equality: same number in another currency is simply not equal', () => {
    expect(czk('1.00').equals(Money.of('1.00', 'EUR'))).toBe(false);
    expect(czk('1.00').equals(czk('1'))).toBe(true);
  });
});

describe('Money comparisons and allocation examples', () => {
  it('compare orders by amount and the predicates agree with it', () => {
    const [a, b] = [czk('-0.01'), czk('0.01')];
    expect([a.compare(b), b.compare(a), a.compare(czk('-0.01'))]).toEqual([-1, 1, 0]);
    expect([a.lessThan(b), a.greaterThan(b), a.lessThanOrEqual(a), b.greaterThanOrEqual(a)]).toEqual([true, false, true, true]);
    expect([a.isNegative(), a.isPositive(), a.isZero(), Money.zero('CZK').isZero()]).toEqual([true, false, false, true]);
    expect(a.abs().equals(b) && b.negated().equals(a)).toBe(true);
  });

  it('allocates 100.00 CZK in three as 33.34 + 33.33 + 33.33 and negative amounts mirror it', () => {
    expect(czk('100.00').allocateEvenly(3).map(String)).toEqual(['33.34 CZK', '33.33 CZK', '33.33 CZK']);
    expect(czk('-100.00').allocate([1, 1, 1]).map(String)).toEqual(['-33.34 CZK', '-33.33 CZK', '-33.33 CZK']);
    expect(Money.of('100', 'JPY').allocate([1n, 2n]).map(String)).toEqual(['33 JPY', '67 JPY']);
  });

  it('rejects fractional, negative or all-zero ratios and non-positive part counts', () => {
    expect(() => czk('1.00').allocate([0.5, 0.5])).toThrow(InvariantViolation);
    expect(() => czk('1.00').allocate([1, -1])).toThrow(InvariantViolation);
    expect(() => czk('1.00').allocate([0, 0n])).toThrow(InvariantViolation);
    expect(() => czk('1.00').allocate([])).toThrow(InvariantViolation);
    expect(() => czk('1.00').allocateEvenly(0)).toThrow(InvariantViolation);
  });

  it('Money.sum of an empty list is zero in the requested currency', () => {
    expect(Money.sum([], 'JPY').equals(Money.zero('JPY'))).toBe(true);
  });
});

describe('formatMinorUnits (issue 16, D-1854)', () => {
  it('issue 16 D-1854: formatting minor units directly gives exactly what a Money of them prints, in every currency, signs and zero included', () => {
    const amounts = [0n, 1n, -1n, 5n, 10n, 99n, 100n, 101n, -105n, 12_345n, 1_000_000n, -987_654_321_012n];
    for (const currency of currencyCodes)
      for (const minor of amounts)
        expect(formatMinorUnits(minor, currency)).toBe(Money.fromMinor(minor, currency).toDecimalString());
  });
});
