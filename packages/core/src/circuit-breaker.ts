import { assert } from './assert.ts';
import type { Clock } from './clock.ts';

export type CircuitState = 'closed' | 'open' | 'half-open';

export interface CircuitBreakerOptions {
  /** Consecutive failed calls that open the circuit. */
  failureThreshold: number;
  /** How long an open circuit refuses calls before it lets one trial call through. */
  openMs: number;
  /** Time comes from the clock, never from timers, so tests move it instead of waiting. */
  clock: Clock;
}

/** Permission for one call. Report its outcome exactly once. */
export interface CircuitPermit {
  /** True for the single call a half-open circuit lets through. */
  readonly trial: boolean;
  succeeded(): void;
  failed(): void;
}

/**
 * A circuit breaker: stop calling a dependency that keeps failing, so callers get their
 * "unavailable" at once instead of each waiting out timeouts and retries, and the dependency is
 * not hammered while it recovers.
 *
 * - closed: calls pass; `failureThreshold` consecutive failures open the circuit (a success resets the count).
 * - open: `tryAcquire` refuses every call until `openMs` has passed on the clock.
 * - half-open: exactly one trial call passes; its success closes the circuit, its failure opens it again
 *   for another `openMs`. Other calls are refused while the trial runs.
 *
 * Outcomes of calls admitted while closed that arrive after the circuit opened are ignored: only the
 * trial decides when a circuit closes.
 */
export class CircuitBreaker {
  readonly #failureThreshold: number;
  readonly #openMs: number;
  readonly #clock: Clock;
  #consecutiveFailures = 0;
  #openedAtMs: number | null = null;
  #trialInFlight = false;

  constructor(options: CircuitBreakerOptions) {
    assert(
      Number.isInteger(options.failureThreshold) && options.failureThreshold >= 1,
      'failureThreshold must be an integer of at least 1',
    );
    assert(Number.isFinite(options.openMs) && options.openMs >= 0, 'openMs must be a finite number of at least 0');
    this.#failureThreshold = options.failureThreshold;
    this.#openMs = options.openMs;
    this.#clock = options.clock;
  }

  get state(): CircuitState {
    if (this.#openedAtMs === null) return 'closed';
    return this.#clock.now().getTime() - this.#openedAtMs >= this.#openMs ? 'half-open' : 'open';
  }

  /** A permit to make the call, or null: do not call, the dependency counts as unavailable. */
  tryAcquire(): CircuitPermit | null {
    const state = this.state;
    if (state === 'closed') return this.#permit(false);
    if (state === 'open' || this.#trialInFlight) return null;
    this.#trialInFlight = true;
    return this.#permit(true);
  }

  #permit(trial: boolean): CircuitPermit {
    let reported = false;
    const report = (success: boolean) => {
      assert(!reported, 'a circuit permit reports its outcome once');
      reported = true;
      if (trial) this.#endTrial(success);
      // Ordinary permits are issued only while closed. One that reports after the circuit opened
      // (a slow call) says nothing the trial will not, so it is ignored.
      else if (this.#openedAtMs === null) this.#recordClosedOutcome(success);
    };
    return { trial, succeeded: () => report(true), failed: () => report(false) };
  }

  #recordClosedOutcome(success: boolean): void {
    if (success) {
      this.#consecutiveFailures = 0;
      return;
    }
    this.#consecutiveFailures += 1;
    if (this.#consecutiveFailures >= this.#failureThreshold) this.#openedAtMs = this.#clock.now().getTime();
  }

  #endTrial(success: boolean): void {
    assert(this.#trialInFlight, 'a trial outcome needs a trial in flight');
    this.#trialInFlight = false;
    this.#consecutiveFailures = 0;
    this.#openedAtMs = success ? null : this.#clock.now().getTime();
  }
}
