import { redactUrl } from '@casino/core';
import { ConnectionUnavailableError, waitForConnection } from '@casino/db';

/**
 * Start-up checks. A service waits for a PostgreSQL or Redis that is slow to answer (a busy
 * machine: up to DEPENDENCY_WAIT_MS_MAX, saying that it waits) and stops with one paragraph naming
 * the URL and the fix when nothing listens there or the server refuses it (issue 14, item 11).
 * Exiting is then right: under `npm start` the supervisor starts it again after a pause.
 */
export class DependencyUnavailableError extends Error {}

export interface RequireReachableOptions {
  waitMsMax: number;
  /** Where the waiting notice goes. */
  onWaiting?: (notice: string) => void;
  slowNoticeMs?: number;
}

export async function requireReachable(
  name: 'PostgreSQL' | 'Redis',
  url: string,
  probe: () => Promise<unknown>,
  options: RequireReachableOptions,
): Promise<void> {
  try {
    await waitForConnection({ what: `${name} at ${redactUrl(url)}`, probe, ...options });
  } catch (error) {
    if (error instanceof ConnectionUnavailableError)
      throw new DependencyUnavailableError(unreachableMessage(name, url, error, options.waitMsMax));
    throw error;
  }
}

export function unreachableMessage(
  name: 'PostgreSQL' | 'Redis',
  url: string,
  error: ConnectionUnavailableError,
  waitMsMax: number,
): string {
  const variable = name === 'PostgreSQL' ? 'DATABASE_URL' : 'REDIS_URL';
  const where = `${redactUrl(url)} (${variable})`;
  if (error.failure === 'access-refused') {
    return `${name} at ${where} refused the connection: ${error.reason}. Check the credentials${name === 'PostgreSQL' ? ' and database' : ''} in ${variable}.`;
  }
  if (error.failure === 'no-answer') {
    return (
      `${name} at ${where} did not answer within ${Math.round(waitMsMax / 1000)} s (last: ${error.message}). ` +
      `If it is running it is overloaded or stuck; give it longer with DEPENDENCY_WAIT_MS_MAX (now ${waitMsMax}).`
    );
  }
  const fix =
    name === 'PostgreSQL'
      ? "Start PostgreSQL (`docker compose up -d postgres`, or install your distribution's postgresql package) or point DATABASE_URL at a running server."
      : "Start Redis (`docker compose up -d redis`, or install your distribution's redis-server package) or point REDIS_URL at a running server.";
  return `${name} is not reachable at ${where}: nothing accepts connections there (${error.message}). ${fix}`;
}
