import { describe, it, expect } from 'vitest';
import { Money } from './money.ts';
import { Rounding, type RoundingMode, isRoundingMode } from './rounding.ts';

// The classic rounding table (as in java.math.RoundingMode), rounding to
// whole yen so each row shows one mode on one value.
const inputs = ['5.5', '2.5', '1.6', '1.1', '1.0', '-1.0', '-1.1', '-1.6', '-2.5', '-5.5'];
const expected: Record<keyof typeof Rounding, string[]> = {
  UP: ['6', '3', '2', '2', '1', '-1', '-2', '-2', '-3', '-6'],
  DOWN: ['5', '2', '1', '1', '1', '-1', '-1', '-1', '-2', '-5'],
  CEIL: ['6', '3', '2', '2', '1', '-1', '-1', '-1', '-2', '-5'],
  FLOOR: ['5', '2', '1', '1', '1', '-1', '-2', '-2', '-3', '-6'],
  HALF_UP: ['6', '3', '2', '1', '1', '-1', '-1', '-2', '-3', '-6'],
  HALF_EVEN: ['6', '2', '2', '1', '1', '-1', '-1', '-2', '-2', '-6'],
};

describe('Rounding', () => {
  for (const [name, outputs] of Object.entries(expected)) {
    it(`${name} rounds the reference table exactly like java.math.RoundingMode.${name}`, () => {
      const mode: RoundingMode = Rounding[name as keyof typeof Rounding];
      const actual = inputs.map((input) => Money.ofRounded(input, 'JPY', mode).toDecimalString());
      expect(actual).toEqual(outputs);
    });
  }

  it('every named mode is distinct, and values outside the set are not rounding modes', () => {
    const values = Object.values(Rounding);
    expect(new Set(values).size).toBe(values.length);
    expect(values.every(isRoundingMode)).toBe(true);
    // decimal.js HALF_DOWN/HALF_CEIL/HALF_FLOOR are deliberately not offered.
    expect([5, 7, 8, -1, 2.5, '6'].some(isRoundingMode)).toBe(false);
  });
});
