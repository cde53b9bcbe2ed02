import { describe, expect, it } from 'vitest';
import { Money } from './money.ts';
import { MovementAmountJsonSchema, movementAmountMinorMax, movementAmountProblem } from './movement-amount.ts';

describe("one movement's amount (issue 14 (6), (8))", () => {
  it('issue 14 (6): strictly positive and at most the movement maximum, in minor units of any currency', () => {
    expect(movementAmountProblem(Money.of('0.01', 'CZK'))).toBeNull();
    expect(movementAmountProblem(Money.fromMinor(movementAmountMinorMax, 'JPY'))).toBeNull();
    expect(movementAmountProblem(Money.of('0.00', 'CZK'))).toBe('must be greater than zero');
    expect(movementAmountProblem(Money.of('-10.00', 'CZK'))).toBe('must be greater than zero');
    expect(movementAmountProblem(Money.fromMinor(movementAmountMinorMax + 1n, 'CZK'))).toBe('must be at most 9999999999999.99');
  });

  it('issue 14 (8): on the wire, every way to be wrong is one issue on `amount` or `currency`, never a throw', () => {
    const issues = (amount: string, currency = 'CZK') =>
      MovementAmountJsonSchema.safeParse({ amount, currency }).error?.issues.map((i) => i.path.join('.'));
    expect(issues('12.50')).toBeUndefined();
    expect(issues('100', 'JPY')).toBeUndefined();
    for (const amount of ['-50.00', '0.00', '-0.00', '99999999999999999999.00', '1e20', '1.234', 'NaN', ''])
      expect(issues(amount)).toEqual(['amount']);
    expect(issues('1.5', 'JPY')).toEqual(['amount']);
    expect(issues('1.00', 'XYZ')).toEqual(['currency']);
    expect(issues('1e20', 'XYZ')).toEqual(['amount', 'currency']);
  });
});
