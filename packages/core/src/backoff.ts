import { assert } from './assert.ts';

export interface Backoff {
  /** The ceiling of the first wait; each retry doubles it. */
  baseMs: number;
  /** No wait is longer than this. */
  maxMs: number;
}

/**
 * "Full jitter" (AWS Architecture Blog, "Exponential Backoff And Jitter"): before retry `attempt`
 * wait a random time in [0, min(maxMs, baseMs × 2^attempt)]. Waits spread over the whole window, so
 * a fleet of clients that failed together does not come back together, and the total work done by
 * competing clients is the lowest of the usual schemes. `random` is in [0, 1) (Math.random), 1 is
 * tolerated so a test can ask for the ceiling.
 */
export function fullJitterBackoffMs(attempt: number, backoff: Backoff, random: () => number): number {
  assert(Number.isInteger(attempt) && attempt >= 0, 'attempt must be an integer of at least 0');
  const ceilingMs = Math.min(backoff.maxMs, backoff.baseMs * 2 ** attempt);
  return Math.min(ceilingMs, Math.floor(random() * (ceilingMs + 1)));
}

/** Backoff settings are checked where a client is made, not discovered on the first outage. */
export function assertBackoff(backoff: Backoff): void {
  assert(Number.isFinite(backoff.baseMs) && backoff.baseMs >= 0, 'backoff.baseMs must be a finite number of at least 0');
  assert(Number.isFinite(backoff.maxMs) && backoff.maxMs >= backoff.baseMs, 'backoff needs 0 <= baseMs <= maxMs');
}
