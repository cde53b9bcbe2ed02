import { ManualClock } from './clock.ts';
import { describe, expect, it } from 'vitest';
import { CircuitBreaker } from './circuit-breaker.ts';

function breaker(failureThreshold = 3, openMs = 30_000) {
  const clock = new ManualClock(new Date('2026-11-21T10:00:00Z'));
  return { clock, breaker: new CircuitBreaker({ failureThreshold, openMs, clock }) };
}

function fail(b: CircuitBreaker, times: number): void {
  for (let i = 0; i < times; i++) b.tryAcquire()!.failed();
}

describe('circuit breaker', () => {
  it('stays closed below the threshold of consecutive failures, and a success resets the count', () => {
    const { breaker: b } = breaker(3);
    fail(b, 2);
    b.tryAcquire()!.succeeded();
    fail(b, 2);
    expect(b.state).toBe('closed');
    expect(b.tryAcquire()).not.toBeNull();
  });

  it('opens after N consecutive failures and then refuses calls without trying them', () => {
    const { breaker: b } = breaker(3);
    fail(b, 3);
    expect(b.state).toBe('open');
    expect(b.tryAcquire()).toBeNull();
  });

  it('stays open until openMs has passed on the clock, then lets exactly one trial call through', () => {
    const { clock, breaker: b } = breaker(3, 30_000);
    fail(b, 3);
    clock.advanceMs(29_999);
    expect(b.tryAcquire()).toBeNull();
    clock.advanceMs(1);
    expect(b.state).toBe('half-open');
    const trial = b.tryAcquire();
    expect(trial?.trial).toBe(true);
    expect(b.tryAcquire()).toBeNull();
    trial!.succeeded();
    expect(b.state).toBe('closed');
  });

  it('opens again for another openMs when the trial call fails', () => {
    const { clock, breaker: b } = breaker(3, 1_000);
    fail(b, 3);
    clock.advanceMs(1_000);
    b.tryAcquire()!.failed();
    expect(b.state).toBe('open');
    clock.advanceMs(999);
    expect(b.tryAcquire()).toBeNull();
    clock.advanceMs(1);
    expect(b.tryAcquire()?.trial).toBe(true);
  });

  it('after a successful trial needs the full threshold of failures to open again', () => {
    const { clock, breaker: b } = breaker(2, 1_000);
    fail(b, 2);
    clock.advanceMs(1_000);
    b.tryAcquire()!.succeeded();
    fail(b, 1);
    expect(b.state).toBe('closed');
    fail(b, 1);
    expect(b.state).toBe('open');
  });

  it('ignores late outcomes of calls admitted before the circuit opened: only the trial closes it', () => {
    const { clock, breaker: b } = breaker(2, 1_000);
    const slow = b.tryAcquire()!;
    fail(b, 2);
    slow.succeeded();
    expect(b.state).toBe('open');
    clock.advanceMs(1_000);
    const trial = b.tryAcquire()!;
    const late = b.state;
    trial.failed();
    expect(late).toBe('half-open');
    expect(b.state).toBe('open');
  });

  it('refuses to report one permit twice and refuses nonsense options', () => {
    const { breaker: b, clock } = breaker();
    const permit = b.tryAcquire()!;
    permit.succeeded();
    expect(() => permit.failed()).toThrow(/once/);
    expect(() => new CircuitBreaker({ failureThreshold: 0, openMs: 1, clock })).toThrow(/failureThreshold/);
    expect(() => new CircuitBreaker({ failureThreshold: 1, openMs: Number.NaN, clock })).toThrow(/openMs/);
  });
});
