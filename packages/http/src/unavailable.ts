import { isPoolExhaustedError } from '@casino/db';

export { isPoolExhaustedError };

/**
 * Recognises errors that mean "a backing service (PostgreSQL, Redis) cannot be reached right
 * now", so a request answers 503 at once instead of a 500 or a hang.
 */
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EPIPE',
  'P1001' /* can't reach database server */,
  'P1002' /* server timed out */,
  'P1017' /* server closed the connection */,
  '57P01' /* admin_shutdown */,
  '57P03' /* cannot_connect_now */,
  '08006' /* connection_failure */,
  '08001',
  '08004',
]);

const unavailableMessages = [
  /Connection is closed/i,
  /Stream isn't writeable/i,
  /enableOfflineQueue/i,
  /Reached the max retries per request limit/i,
  /Connection terminated/i,
  /Can't reach database server/i,
  /DatabaseNotReachable/i,
  /connect ECONNREFUSED/i,
];

export function isServiceUnavailableError(error: unknown): boolean {
  if (isPoolExhaustedError(error)) return true;
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current !== null && typeof current === 'object'; depth++) {
    const e = current as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown; kind?: unknown };
    if (typeof e.code === 'string' && unavailableCodes.has(e.code)) return true;
    if (e.kind === 'DatabaseNotReachable' || e.kind === 'ConnectionClosed' || e.name === 'MaxRetriesPerRequestError') return true;
    if (typeof e.message === 'string' && unavailableMessages.some((re) => re.test(e.message as string))) return true;
    current = e.cause;
  }
  return false;
}
