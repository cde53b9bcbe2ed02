import { describe, expect, it } from 'vitest';
import { assertBackoff, fullJitterBackoffMs } from './backoff.ts';

describe('full-jitter backoff (issue 15: one backoff for every retry loop)', () => {
  it('waits anywhere from 0 to an exponential ceiling, capped at maxMs', () => {
    const backoff = { baseMs: 100, maxMs: 1_000 };
    expect([0, 1, 2, 3, 4].map((attempt) => fullJitterBackoffMs(attempt, backoff, () => 0))).toEqual([0, 0, 0, 0, 0]);
    expect([0, 1, 2, 3, 4].map((attempt) => fullJitterBackoffMs(attempt, backoff, () => 0.999_999))).toEqual([
      100, 200, 400, 800, 1_000,
    ]);
    expect(fullJitterBackoffMs(2, backoff, () => 0.5)).toBe(200);
  });

  it('never exceeds the ceiling, even for a random source that returns 1', () => {
    expect(fullJitterBackoffMs(3, { baseMs: 800, maxMs: 800 }, () => 1)).toBe(800);
  });

  it('refuses settings that make no sense when a client is made', () => {
    expect(() => assertBackoff({ baseMs: 100, maxMs: 50 })).toThrow(/baseMs <= maxMs/);
    expect(() => assertBackoff({ baseMs: -1, maxMs: 50 })).toThrow(/baseMs/);
  });
});
