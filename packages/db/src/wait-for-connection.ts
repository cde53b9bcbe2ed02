import { assert } from '@casino/core';

/**
 * Waiting for PostgreSQL or Redis at start-up (issue 14, item 11). On a busy machine a server that
 * is running can take seconds to answer (PostgreSQL forks a backend, Prisma loads its query compiler
 * on the first query), so a fixed short deadline made `npm start` report a running server as
 * missing. Three cases are told apart, because each needs a different answer:
 *   not-running     the connection is refused (nothing listens): said after a few quick retries,
 *                   with what to start;
 *   access-refused  the server answered no (bad password, unknown database): said at once;
 *   no-answer       anything else (timeouts, "starting up", resets): waited for with backoff, with a
 *                   notice that we are waiting, until `waitMsMax` has passed.
 * An attempt that is merely slow is waited for rather than abandoned and started again: a new
 * attempt would only queue behind the old one on a loaded server.
 */
export type ConnectionFailure = 'not-running' | 'access-refused' | 'no-answer';

export interface WaitForConnectionOptions {
  /** What is waited for, in notices: "PostgreSQL at postgresql://…@127.0.0.1:5432/casino". */
  what: string;
  /** One attempt: resolves once the server answered, rejects with the driver's error. */
  probe: () => Promise<unknown>;
  /** How long to keep waiting for a server that does not answer. */
  waitMsMax: number;
  /** Consecutive refused connections before "not running" (a server may be about to listen). */
  refusedAttemptsMax?: number;
  /** An attempt without an answer for this long prints the waiting notice. */
  slowNoticeMs?: number;
  /** Where the waiting notice goes (once per wait). */
  onWaiting?: (notice: string) => void;
}

export class ConnectionUnavailableError extends Error {
  override readonly name = 'ConnectionUnavailableError';
  constructor(
    readonly failure: ConnectionFailure,
    /** The driver's last error, in words ("connect ECONNREFUSED 127.0.0.1:5432"). */
    readonly reason: string,
    readonly attempts: number,
    readonly waitedMs: number,
  ) {
    super(`${reason} (${attempts} attempt${attempts === 1 ? '' : 's'} in ${(waitedMs / 1000).toFixed(1)} s)`);
  }
}

export const connectionWaitDefaults = { refusedAttemptsMax: 5, slowNoticeMs: 3_000 } as const;
const refusedBackoffMs = { baseMs: 100, maxMs: 1_000 } as const;
const slowBackoffMs = { baseMs: 250, maxMs: 2_000 } as const;

/** Resolves when `probe` succeeds; throws ConnectionUnavailableError saying which failure it was. */
export async function waitForConnection(options: WaitForConnectionOptions): Promise<{ attempts: number; waitedMs: number }> {
  const refusedAttemptsMax = options.refusedAttemptsMax ?? connectionWaitDefaults.refusedAttemptsMax;
  const slowNoticeMs = options.slowNoticeMs ?? connectionWaitDefaults.slowNoticeMs;
  assert(
    Number.isSafeInteger(options.waitMsMax) && options.waitMsMax >= 0,
    'waitForConnection: waitMsMax must be a non-negative integer',
  );
  assert(
    Number.isSafeInteger(refusedAttemptsMax) && refusedAttemptsMax >= 1,
    'waitForConnection: refusedAttemptsMax must be at least 1',
  );
  // Monotonic time, not the business clock: this measures a wait, it dates nothing.
  const startedMs = performance.now();
  const elapsedMs = () => performance.now() - startedMs;
  let noticed = false;
  const notice = (reason: string) => {
    if (noticed) return;
    noticed = true;
    options.onWaiting?.(
      `Waiting for ${options.what}: ${reason}; still trying for up to ${Math.round(options.waitMsMax / 1000)} s.`,
    );
  };
  let refusedInARow = 0;
  let slowInARow = 0;
  for (let attempt = 1; ; attempt++) {
    const outcome = await attemptOnce(options.probe, options.waitMsMax - elapsedMs(), slowNoticeMs, () =>
      notice('no answer yet'),
    );
    if (outcome.kind === 'answered') return { attempts: attempt, waitedMs: elapsedMs() };
    const reason =
      outcome.kind === 'deadline' ? `no answer within ${Math.round(options.waitMsMax / 1000)} s` : describe(outcome.error);
    const failure = outcome.kind === 'deadline' ? 'no-answer' : classifyConnectionError(outcome.error);
    if (failure === 'access-refused' || outcome.kind === 'deadline')
      throw new ConnectionUnavailableError(failure, reason, attempt, elapsedMs());
    let pauseMs: number;
    if (failure === 'not-running') {
      refusedInARow += 1;
      slowInARow = 0;
      if (refusedInARow >= refusedAttemptsMax) throw new ConnectionUnavailableError('not-running', reason, attempt, elapsedMs());
      pauseMs = backoffMs(refusedBackoffMs, refusedInARow);
    } else {
      refusedInARow = 0;
      slowInARow += 1;
      notice(reason);
      pauseMs = backoffMs(slowBackoffMs, slowInARow);
    }
    const leftMs = options.waitMsMax - elapsedMs();
    if (leftMs <= 0) throw new ConnectionUnavailableError('no-answer', reason, attempt, elapsedMs());
    await new Promise((resolve) => setTimeout(resolve, Math.min(pauseMs, leftMs)));
  }
}

type AttemptOutcome = { kind: 'answered' } | { kind: 'failed'; error: unknown } | { kind: 'deadline' };

function attemptOnce(
  probe: () => Promise<unknown>,
  leftMs: number,
  slowNoticeMs: number,
  onSlow: () => void,
): Promise<AttemptOutcome> {
  return new Promise((resolve) => {
    const slowTimer = setTimeout(onSlow, Math.max(0, Math.min(slowNoticeMs, leftMs)));
    const deadlineTimer = setTimeout(() => finish({ kind: 'deadline' }), Math.max(0, leftMs));
    function finish(outcome: AttemptOutcome) {
      clearTimeout(slowTimer);
      clearTimeout(deadlineTimer);
      resolve(outcome);
    }
    // A probe that throws synchronously is a failed attempt like any other.
    Promise.resolve()
      .then(probe)
      .then(
        () => finish({ kind: 'answered' }),
        (error: unknown) => finish({ kind: 'failed', error }),
      );
  });
}

function backoffMs(backoff: { baseMs: number; maxMs: number }, failuresInARow: number): number {
  return Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.min(failuresInARow - 1, 16));
}

// Nothing listens there (or the name does not resolve): retrying soon will not help.
const notRunningCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'ENOENT', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);
// PostgreSQL said no: bad credentials (class 28), no such database (3D000).
const accessRefusedSqlStates = /^(28...|3D000)$/;
const accessRefusedPrismaKinds = new Set([
  'DatabaseDoesNotExist',
  'DatabaseAccessDenied',
  'AuthenticationFailed',
  'TlsConnectionError',
]);
// Redis said no: a password is needed or wrong.
const accessRefusedRedisReplies = /^(NOAUTH|WRONGPASS)\b|invalid password|invalid username-password/i;

/** Which kind of failure a PostgreSQL (pg, Prisma) or Redis (ioredis) connection error is. */
export function classifyConnectionError(error: unknown): ConnectionFailure {
  for (const link of causeChain(error)) {
    const code = typeof link.code === 'string' ? link.code : undefined;
    if (code && notRunningCodes.has(code)) return 'not-running';
    // Prisma's pg adapter turns ECONNREFUSED and ENOTFOUND into this kind and drops the code.
    if (link.kind === 'DatabaseNotReachable') return 'not-running';
    if (typeof link.kind === 'string' && accessRefusedPrismaKinds.has(link.kind)) return 'access-refused';
    const sqlState = typeof link.originalCode === 'string' ? link.originalCode : code;
    if (sqlState && accessRefusedSqlStates.test(sqlState)) return 'access-refused';
    if (typeof link.message === 'string' && accessRefusedRedisReplies.test(link.message)) return 'access-refused';
  }
  return 'no-answer';
}

interface ErrorLink {
  code?: unknown;
  kind?: unknown;
  originalCode?: unknown;
  message?: unknown;
}

/** The error, its causes, Prisma's driver-adapter details and the parts of an AggregateError. */
function causeChain(error: unknown): ErrorLink[] {
  const links: ErrorLink[] = [];
  const pending: unknown[] = [error];
  while (pending.length > 0 && links.length < 16) {
    const current = pending.shift();
    if (current === null || typeof current !== 'object') continue;
    const candidate = current as ErrorLink & { cause?: unknown; errors?: unknown; meta?: { driverAdapterError?: unknown } };
    links.push(candidate);
    pending.push(candidate.cause, candidate.meta?.driverAdapterError);
    if (Array.isArray(candidate.errors)) pending.push(...candidate.errors);
  }
  return links;
}

function describe(error: unknown): string {
  const kind = causeChain(error).find((link) => typeof link.kind === 'string')?.kind;
  const message = error instanceof Error ? error.message : String(error);
  // Prisma's messages span lines ("Invalid `prisma.$queryRaw()` invocation: …"); keep the last.
  const lastLine = message.trim().split('\n').filter(Boolean).at(-1) ?? message;
  return kind && !lastLine.includes(String(kind)) ? `${lastLine} (${String(kind)})` : lastLine;
}
