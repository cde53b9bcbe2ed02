import { describe, expect, it } from 'vitest';
import { backoffMs } from './post-json.ts';

describe('register client backoff', () => {
  it('waits between half and all of an exponential step, capped at maxMs', () => {
    const backoff = { baseMs: 100, maxMs: 1_000 };
    expect([0, 1, 2, 3, 4].map((attempt) => backoffMs(attempt, backoff, () => 0))).toEqual([50, 100, 200, 400, 500]);
    expect([0, 1, 2, 3, 4].map((attempt) => backoffMs(attempt, backoff, () => 0.999_999))).toEqual([100, 200, 400, 800, 1_000]);
  });
});
