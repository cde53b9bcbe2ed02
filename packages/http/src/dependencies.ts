import { redactUrl } from '@casino/core';

/**
 * Start-up checks: a service that cannot reach PostgreSQL or Redis stops at once with one
 * paragraph naming the URL it tried and how to fix it, instead of starting half-alive.
 */
export class DependencyUnavailableError extends Error {}

export async function requireReachable(name: 'PostgreSQL' | 'Redis', url: string, probe: () => Promise<unknown>, timeoutMs = 5_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs))),
    ]);
  } catch (error) {
    throw new DependencyUnavailableError(unreachableMessage(name, url, error));
  } finally {
    clearTimeout(timer);
  }
}

export function unreachableMessage(name: 'PostgreSQL' | 'Redis', url: string, error: unknown): string {
  const variable = name === 'PostgreSQL' ? 'DATABASE_URL' : 'REDIS_URL';
  const fix =
    name === 'PostgreSQL'
      ? 'Start PostgreSQL (`docker compose up -d postgres`, or install your distribution\'s postgresql package) or point DATABASE_URL at a running server.'
      : 'Start Redis (`docker compose up -d redis`, or install your distribution\'s redis-server package) or point REDIS_URL at a running server.';
  const reason = error instanceof Error ? error.message : String(error);
  return `${name} is not reachable at ${redactUrl(url)} (${variable}): ${reason}. ${fix}`;
}
