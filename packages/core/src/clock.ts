import { assert } from './assert.ts';

/**
 * Source of "now". Business code takes a Clock instead of calling `new Date()`
 * so that limits, cooling-off periods and reports are testable at any instant.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = Object.freeze({
  now: (): Date => new Date(),
});

const MS_PER_DAY = 86_400_000;

function assertValidDate(d: Date, what: string): void {
  assert(d instanceof Date && !Number.isNaN(d.getTime()), `${what} must be a valid Date`);
}

/**
 * A clock that only moves when told to. Always hands out copies so that a
 * caller mutating a returned Date (setHours...) cannot move time for others.
 */
export class ManualClock implements Clock {
  #epochMs: number;

  constructor(start: Date) {
    assertValidDate(start, 'ManualClock start');
    this.#epochMs = start.getTime();
  }

  now(): Date {
    return new Date(this.#epochMs);
  }

  set(d: Date): void {
    assertValidDate(d, 'ManualClock.set argument');
    this.#epochMs = d.getTime();
  }

  advanceMs(ms: number): void {
    assert(Number.isFinite(ms), `advanceMs needs a finite number, got ${ms}`);
    const next = this.#epochMs + ms;
    assertValidDate(new Date(next), 'ManualClock time');
    this.#epochMs = next;
  }

  /** Fixed 24-hour days in UTC; DST shifts are a calendar concern, not a clock's. */
  advanceDays(days: number): void {
    assert(Number.isFinite(days), `advanceDays needs a finite number, got ${days}`);
    this.advanceMs(days * MS_PER_DAY);
  }
}
