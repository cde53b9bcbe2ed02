import { setTimeout as sleep } from 'node:timers/promises';
import { assert } from './assert.ts';
import { assertBackoff, fullJitterBackoffMs, type Backoff } from './backoff.ts';
import { CircuitBreaker, type CircuitState } from './circuit-breaker.ts';
import { systemClock, type Clock } from './clock.ts';

export interface OutboundHttpClientOptions {
  /** The dependency's API; request paths are resolved against it. */
  baseUrl: string;
  /** Per attempt, response body included. */
  timeoutMs: number;
  /** Extra attempts of a retry-safe request after a network error, a timeout, a 5xx or a 429. */
  retries: number;
  /** Full-jitter exponential backoff between attempts. */
  backoff: Backoff;
  /** Consecutive failed calls (each after its retries) that open the breaker, and for how long. */
  breaker: { failureThreshold: number; openMs: number };
  /** Drives the breaker; tests pass a ManualClock. Default: the system clock. */
  clock?: Clock;
  /** Source of the backoff jitter, in [0, 1). Default: Math.random. */
  random?: () => number;
}

/** Bounds on the options, checked when a client is made rather than discovered in production. */
export const outboundHttpLimits = { timeoutMsMax: 30_000, retriesMax: 5, refusalTextLengthMax: 2_000 } as const;

export interface OutboundRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Relative to the base URL, without a leading slash. */
  path: string;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Readonly<Record<string, string>>;
  /**
   * Whether the request may be sent again after an attempt whose answer was lost: a read, or a write
   * the other side deduplicates (an idempotency key, an idempotent resource). Only these are retried:
   * sending anything else twice could do it twice.
   */
  retrySafe: boolean;
}

/**
 * Why a call got no usable answer. Says nothing about the request: safe to store, show or log.
 * - circuit-open: recent calls failed, so this one was not even tried
 * - timeout, network-error: no answer within timeoutMs, no connection (after the retries)
 * - server-error: 5xx or 429 (after the retries)
 * - malformed-response: an answer that is not JSON, not 2xx/4xx/5xx, or that `read` rejected
 */
export type OutboundFailureReason = 'circuit-open' | 'timeout' | 'network-error' | 'server-error' | 'malformed-response';

export type OutboundOutcome<T> =
  | { kind: 'answer'; value: T }
  /** A 4xx: the dependency is up and refused this request as sent; `text` is the start of its body. */
  | { kind: 'refused'; status: number; text: string }
  | { kind: 'unavailable'; reason: OutboundFailureReason };

/** What `read` is given: a 2xx answer, its body parsed as JSON (undefined when empty). */
export interface OutboundAnswer {
  status: number;
  body: unknown;
}

export interface OutboundHttpClient {
  /** One call through the breaker. `read` turns a 2xx answer into a value, or null when it is malformed. */
  request<T>(request: OutboundRequest, read: (answer: OutboundAnswer) => T | null): Promise<OutboundOutcome<T>>;
  /** For health pages and tests: where the breaker stands. */
  circuitState(): CircuitState;
}

type Attempt =
  | { kind: 'answer'; answer: OutboundAnswer }
  | { kind: 'refused'; status: number; text: string }
  | { kind: 'failed'; reason: Exclude<OutboundFailureReason, 'circuit-open'>; retryable: boolean };

/**
 * The one HTTP client of every outbound call (issue 15): the ministry registers, the payment provider,
 * the mail and SMS provider. It never throws for what the other side does; each caller maps the
 * outcome to its own rule (the registers fail closed, the cashier answers 503).
 *
 * Each call: the breaker admits it (else `circuit-open` at once, no HTTP), then up to `retries` + 1
 * attempts of `timeoutMs` each for a retry-safe request (one for any other), with full-jitter backoff
 * between them. Only what a retry can fix is retried: no connection, no answer in time, 5xx, 429.
 * A call that ends without a usable answer, a malformed one included, counts as one breaker failure;
 * a 4xx does not (the dependency is up and refused this one request). Redirects are not followed:
 * personal data and payment instructions never go wherever a redirect points.
 */
export function createOutboundHttpClient(options: OutboundHttpClientOptions): OutboundHttpClient {
  assertOptions(options);
  const base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
  const random = options.random ?? Math.random;
  const breaker = new CircuitBreaker({ ...options.breaker, clock: options.clock ?? systemClock });

  async function attempts(request: OutboundRequest): Promise<Attempt> {
    const retries = request.retrySafe ? options.retries : 0;
    for (let attempt = 0; ; attempt++) {
      const outcome = await attemptOnce(new URL(request.path, base), request, options.timeoutMs);
      if (outcome.kind !== 'failed' || !outcome.retryable || attempt >= retries) return outcome;
      await sleep(fullJitterBackoffMs(attempt, options.backoff, random));
    }
  }

  async function request<T>(request: OutboundRequest, read: (answer: OutboundAnswer) => T | null): Promise<OutboundOutcome<T>> {
    const permit = breaker.tryAcquire();
    if (permit === null) return { kind: 'unavailable', reason: 'circuit-open' };
    let behaved = false;
    try {
      const outcome = await attempts(request);
      if (outcome.kind === 'failed') return { kind: 'unavailable', reason: outcome.reason };
      if (outcome.kind === 'refused') {
        behaved = true;
        return outcome;
      }
      const value = read(outcome.answer);
      behaved = value !== null;
      return value === null ? { kind: 'unavailable', reason: 'malformed-response' } : { kind: 'answer', value };
    } finally {
      // In `finally`, so not even a bug in `read` can leave a half-open trial hanging forever.
      if (behaved) permit.succeeded();
      else permit.failed();
    }
  }

  return { request, circuitState: () => breaker.state };
}

function assertOptions(options: OutboundHttpClientOptions): void {
  const { timeoutMsMax, retriesMax } = outboundHttpLimits;
  assert(
    Number.isInteger(options.timeoutMs) && options.timeoutMs > 0 && options.timeoutMs <= timeoutMsMax,
    `timeoutMs must be an integer in 1..${timeoutMsMax}`,
  );
  assert(
    Number.isInteger(options.retries) && options.retries >= 0 && options.retries <= retriesMax,
    `retries must be an integer in 0..${retriesMax}`,
  );
  assertBackoff(options.backoff);
}

async function attemptOnce(url: URL, request: OutboundRequest, timeoutMs: number): Promise<Attempt> {
  let status: number;
  let text: string;
  try {
    const response = await fetch(url, {
      method: request.method,
      headers: {
        accept: 'application/json',
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...request.headers,
      },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      redirect: 'manual',
      // Covers the body too: a dependency that sends headers and then stalls still times out.
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return { kind: 'failed', reason: timedOut ? 'timeout' : 'network-error', retryable: true };
  }
  if (status >= 500 || status === 429) return { kind: 'failed', reason: 'server-error', retryable: true };
  if (status >= 400) return { kind: 'refused', status, text: text.slice(0, outboundHttpLimits.refusalTextLengthMax) };
  // 1xx/3xx: not an answer any of our dependencies documents (and a redirect is not followed).
  if (status < 200 || status >= 300) return { kind: 'failed', reason: 'malformed-response', retryable: false };
  if (text === '') return { kind: 'answer', answer: { status, body: undefined } };
  try {
    return { kind: 'answer', answer: { status, body: JSON.parse(text) as unknown } };
  } catch {
    return { kind: 'failed', reason: 'malformed-response', retryable: false };
  }
}
