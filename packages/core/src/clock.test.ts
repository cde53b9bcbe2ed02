import { describe, it, expect } from 'vitest';
import { InvariantViolation } from './assert.ts';
import { ManualClock, systemClock } from './clock.ts';

describe('ManualClock', () => {
  it('only moves when told: set, advanceMs and advanceDays (24 h UTC days)', () => {
    const clock = new ManualClock(new Date('2025-03-29T12:00:00.000Z'));
    expect(clock.now().toISOString()).toBe('2025-03-29T12:00:00.000Z');
    clock.advanceMs(1_500);
    expect(clock.now().toISOString()).toBe('2025-03-29T12:00:01.500Z');
    // Across the CET->CEST switch on 30 March a "day" is still 24 h of UTC.
    clock.advanceDays(2);
    expect(clock.now().toISOString()).toBe('2025-03-31T12:00:01.500Z');
    clock.set(new Date('2030-01-01T00:00:00.000Z'));
    expect(clock.now().toISOString()).toBe('2030-01-01T00:00:00.000Z');
  });

  it('hands out copies: mutating a returned or passed-in Date cannot move the clock', () => {
    const start = new Date('2025-01-01T00:00:00.000Z');
    const clock = new ManualClock(start);
    start.setUTCFullYear(1999);
    const seen = clock.now();
    seen.setUTCFullYear(2099);
    expect(clock.now().toISOString()).toBe('2025-01-01T00:00:00.000Z');
    expect(clock.now()).not.toBe(clock.now());
  });

  it('rejects invalid dates and non-finite steps', () => {
    expect(() => new ManualClock(new Date('nope'))).toThrow(InvariantViolation);
    const clock = new ManualClock(new Date(0));
    expect(() => clock.set(new Date(Number.NaN))).toThrow(InvariantViolation);
    expect(() => clock.advanceMs(Number.POSITIVE_INFINITY)).toThrow(InvariantViolation);
    expect(() => clock.advanceDays(Number.NaN)).toThrow(InvariantViolation);
  });
});

describe('systemClock', () => {
  it('returns the real current time as a fresh Date each call', () => {
    const before = Date.now();
    const a = systemClock.now();
    expect(a.getTime()).toBeGreaterThanOrEqual(before);
    expect(a.getTime()).toBeLessThanOrEqual(Date.now());
    expect(systemClock.now()).not.toBe(a);
  });
});
