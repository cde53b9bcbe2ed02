import { describe, it, expect } from 'vitest';
import { allocateInteger } from './allocation.ts';
import { InvariantViolation } from './assert.ts';

describe('allocateInteger (largest remainder)', () => {
  it('gives leftover units to the largest remainders, not simply to the first parts', () => {
    // Exact shares 2.22, 3.33, 4.44: the one leftover unit goes to the last part.
    expect(allocateInteger(10n, [2n, 3n, 4n])).toEqual([2n, 3n, 5n]);
    // Shares 0.3, 0.6, 0.1 of 1: the single unit goes to the 0.6 part (index 1).
    expect(allocateInteger(1n, [3n, 6n, 1n])).toEqual([0n, 1n, 0n]);
  });

  it('breaks remainder ties in favour of the earliest index', () => {
    expect(allocateInteger(2n, [1n, 1n, 1n])).toEqual([1n, 1n, 0n]);
    // Shares 16.67, 16.67, 16.67, 50: two leftover units, three tied remainders.
    expect(allocateInteger(100n, [1n, 1n, 1n, 3n])).toEqual([17n, 17n, 16n, 50n]);
    expect(allocateInteger(1n, [0n, 1n, 1n])).toEqual([0n, 1n, 0n]);
  });

  it('never gives anything to a zero ratio', () => {
    expect(allocateInteger(7n, [0n, 1n, 0n, 1n, 0n])).toEqual([0n, 4n, 0n, 3n, 0n]);
  });

  it('splits negative totals symmetrically to positive ones', () => {
    expect(allocateInteger(-100n, [1n, 1n, 1n, 3n])).toEqual([-17n, -17n, -16n, -50n]);
  });

  it('rejects empty, negative and all-zero ratios as programmer errors', () => {
    expect(() => allocateInteger(1n, [])).toThrow(InvariantViolation);
    expect(() => allocateInteger(1n, [1n, -1n])).toThrow(InvariantViolation);
    expect(() => allocateInteger(1n, [0n, 0n])).toThrow(InvariantViolation);
  });
});
