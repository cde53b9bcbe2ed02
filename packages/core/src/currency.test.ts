import { describe, it, expect } from 'vitest';
import { InvariantViolation } from './assert.ts';
import { CurrencyCodeSchema, currencies, currencyCodes, isCurrencyCode, minorUnitDigits } from './currency.ts';

describe('currency', () => {
  it('uses the ISO 4217 exponent: 2 for every supported currency except JPY with 0', () => {
    const digits = Object.fromEntries(currencyCodes.map((c) => [c, minorUnitDigits(c)]));
    expect(digits).toEqual({ CZK: 2, EUR: 2, USD: 2, GBP: 2, CAD: 2, SEK: 2, JPY: 0 });
    for (const code of currencyCodes) expect(currencies[code].code).toBe(code);
  });

  it('recognises only supported codes, case-sensitively, and not inherited object keys', () => {
    expect(isCurrencyCode('CZK')).toBe(true);
    expect(isCurrencyCode('czk')).toBe(false);
    expect(isCurrencyCode('XBT')).toBe(false);
    expect(isCurrencyCode('toString')).toBe(false);
    expect(isCurrencyCode('__proto__')).toBe(false);
  });

  it('CurrencyCodeSchema accepts exactly the supported codes', () => {
    expect(CurrencyCodeSchema.parse('JPY')).toBe('JPY');
    expect(CurrencyCodeSchema.safeParse('HUF').success).toBe(false);
    expect(CurrencyCodeSchema.options).toEqual([...currencyCodes]);
  });

  it('treats an unknown code reaching minorUnitDigits as a programmer error', () => {
    expect(() => minorUnitDigits('HUF' as never)).toThrow(InvariantViolation);
  });

  it('the currency table cannot be mutated at run time', () => {
    expect(Object.isFrozen(currencies)).toBe(true);
    expect(Object.isFrozen(currencies.CZK)).toBe(true);
  });
});
