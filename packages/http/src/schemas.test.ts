import { Money } from '@casino/core';
import { describe, expect, it } from 'vitest';
import { amountMinorMax, MoneyInputSchema } from './schemas.ts';

describe('MoneyInputSchema: the one schema of every amount a client sends', () => {
  const issues = (amount: unknown, currency: unknown = 'CZK') => {
    const result = MoneyInputSchema.safeParse({ amount, currency });
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('issue 14 (9): an amount above the largest accepted one is refused on the amount field, not left to overflow the database', () => {
    expect(issues('99999999999999999999.00')).toEqual([expect.stringMatching(/^amount: The amount is larger than any/)]);
    expect(issues('92233720368547758.08')).toHaveLength(1);
    expect(issues(Money.fromMinor(amountMinorMax, 'CZK').toDecimalString())).toEqual([]);
    expect(issues(Money.fromMinor(amountMinorMax + 1n, 'CZK').toDecimalString())).toHaveLength(1);
    expect(issues(String(amountMinorMax), 'JPY')).toEqual([]);
    expect(issues(String(amountMinorMax + 1n), 'JPY')).toHaveLength(1);
  });

  it('issue 14 (9): amounts are never negative; zero and trailing zeros pass the schema', () => {
    expect(issues('-10.00')).toEqual(['amount: Amounts are never negative; the operation says the direction']);
    expect(issues('0.00')).toEqual([]);
    expect(issues('-0.00')).toEqual([]);
    expect(issues('12.5000')).toEqual([]);
  });

  it('issue 14 (9): decimals beyond the currency and malformed pairs are refused without throwing', () => {
    expect(issues('1.001')).toEqual(['amount: CZK amounts have at most 2 decimal places']);
    expect(issues('1.5', 'JPY')).toHaveLength(1);
    expect(issues('abc').length).toBeGreaterThan(0);
    expect(issues('1.00', 'XXX').length).toBeGreaterThan(0);
    expect(issues(12.5).length).toBeGreaterThan(0);
  });
});
