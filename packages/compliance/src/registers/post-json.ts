import { setTimeout as sleep } from 'node:timers/promises';

/** One HTTP exchange with a register, as the client sees it. */
export type ExchangeOutcome =
  | { kind: 'answer'; body: unknown }
  | { kind: 'failed'; reason: 'timeout' | 'network-error' | 'server-error'; retryable: true }
  | { kind: 'failed'; reason: 'malformed-response' | 'request-rejected'; retryable: false };

export interface PostJsonOptions {
  url: URL;
  body: unknown;
  /** Per attempt, covering the response body too. */
  timeoutMs: number;
  retries: number;
  backoff: { baseMs: number; maxMs: number };
  random: () => number;
}

/**
 * POSTs JSON and reads JSON, retrying only what a retry can fix (no connection, no answer in
 * time, 5xx or 429) with jittered exponential backoff, so a blip does not turn a login away and a
 * fleet of clients does not retry in lockstep. A 4xx or an unreadable body is final.
 */
export async function postJsonWithRetries(options: PostJsonOptions): Promise<ExchangeOutcome> {
  for (let attempt = 0; ; attempt++) {
    const outcome = await postJsonOnce(options);
    if (outcome.kind === 'answer' || !outcome.retryable || attempt >= options.retries) return outcome;
    await sleep(backoffMs(attempt, options.backoff, options.random));
  }
}

async function postJsonOnce(options: PostJsonOptions): Promise<ExchangeOutcome> {
  let text: string;
  try {
    const response = await fetch(options.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(options.body),
      // Personal data never follows a redirect to wherever it points.
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    if (response.status >= 500 || response.status === 429) {
      await response.body?.cancel();
      return { kind: 'failed', reason: 'server-error', retryable: true };
    }
    if (response.status !== 200) {
      await response.body?.cancel();
      // 4xx: the register refused this request; other 2xx/3xx: not an answer it documents.
      return { kind: 'failed', reason: response.status >= 400 ? 'request-rejected' : 'malformed-response', retryable: false };
    }
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return { kind: 'failed', reason: timedOut ? 'timeout' : 'network-error', retryable: true };
  }
  try {
    return { kind: 'answer', body: JSON.parse(text) as unknown };
  } catch {
    return { kind: 'failed', reason: 'malformed-response', retryable: false };
  }
}

/** "Equal jitter": half the exponential step for sure, half at random, never above maxMs. */
export function backoffMs(attempt: number, backoff: { baseMs: number; maxMs: number }, random: () => number): number {
  const stepMs = Math.min(backoff.maxMs, backoff.baseMs * 2 ** attempt);
  return Math.round(stepMs / 2 + random() * (stepMs / 2));
}
