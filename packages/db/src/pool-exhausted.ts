/**
 * Recognises "every pooled connection is busy and none came free in time" (issue 14 (10)): the
 * service and its database are up but loaded, so a request answers 503 with Retry-After rather than
 * a 500 that reads like a bug (packages/http), and a poker pool's commit tries again (D-1872): nothing
 * was written. Three shapes: the interactive transaction's own
 * `maxWait` ran out (Prisma P2028, "Unable to start a transaction in the given time"), pg-pool's
 * queue wait ran out (`connectionTimeoutMillis`), and Prisma's engine pool (P2024).
 */
export function isPoolExhaustedError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current !== null && typeof current === 'object'; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown };
    const message = typeof e.message === 'string' ? e.message : '';
    if (e.code === 'P2024') return true;
    if (e.code === 'P2028' && /Unable to start a transaction in the given time/i.test(message)) return true;
    if (/^timeout exceeded when trying to connect$/i.test(message)) return true;
    current = e.cause;
  }
  return false;
}
