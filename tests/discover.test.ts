import { waitFor } from '@casino/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { DiscoveryFailed, discoverServices } from '../scripts/discover.ts';
import { freePort, startHoldingProxy, type HoldingProxy } from './support/holding-proxy.ts';

// `npm start` and `npm test` find PostgreSQL and Redis through scripts/discover.ts. On a busy machine
// a running server can be slow to answer; that must not be reported as "not reachable … docker
// compose up" (issue 14, item 11). Real sockets: a port where nothing listens, and a proxy in
// front of the real server that accepts connections but answers only when the test releases it.
const databaseUrl = process.env.DATABASE_URL!;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let proxy: HoldingProxy | undefined;
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
});

describe('service discovery (scripts/discover.ts)', () => {
  it('issue 14 (11): nothing listening on the PostgreSQL port is "not running", said after a few quick retries with what to do, without waiting out DEPENDENCY_WAIT_MS_MAX', async () => {
    const port = await freePort();
    const lines: string[] = [];
    // An hour of patience for slow servers: the test only ends in time if refusals are not waited on.
    const env = {
      DATABASE_URL: `postgresql://postgres:pa55word@127.0.0.1:${port}/casino`,
      REDIS_URL: redisUrl,
      DEPENDENCY_WAIT_MS_MAX: '3600000',
    };
    const failure = await discoverServices({ createDatabase: false, env, log: (line) => lines.push(line) }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(DiscoveryFailed);
    const message = (failure as Error).message;
    expect(message).toContain(
      `PostgreSQL is not running at postgresql://postgres:***@127.0.0.1:${port}/casino (from DATABASE_URL)`,
    );
    expect(message).toMatch(/ECONNREFUSED .*\(5 attempts in/);
    expect(message).toContain('docker compose up -d postgres');
    expect(message).not.toContain('pa55word');
    expect(lines.filter((line) => line.startsWith('Waiting for'))).toEqual([]);
  });

  it('issue 14 (11): a PostgreSQL that accepts connections but answers late is waited for, with a notice, and then found', async () => {
    proxy = await startHoldingProxy(databaseUrl);
    const lines: string[] = [];
    const env = { DATABASE_URL: proxy.urlFor(databaseUrl), REDIS_URL: redisUrl };
    const discovery = discoverServices({ createDatabase: false, env, log: (line) => lines.push(line), slowNoticeMs: 100 });
    await waitFor(() => lines.some((line) => line.startsWith(`Waiting for PostgreSQL at postgresql://`)), {
      what: 'the waiting notice',
    });
    expect(proxy.accepted()).toBeGreaterThan(0);
    proxy.release();
    const found = await discovery;
    expect(found.databaseUrl).toBe(proxy.urlFor(databaseUrl));
    expect(found.ownedRedis).toBeNull();
  });

  it('issue 14 (11): a Redis that accepts connections but answers late is waited for, not reported missing, and no second redis-server is started', async () => {
    proxy = await startHoldingProxy(redisUrl);
    const lines: string[] = [];
    const env = { DATABASE_URL: databaseUrl, REDIS_URL: proxy.urlFor(redisUrl) };
    const discovery = discoverServices({ createDatabase: false, env, log: (line) => lines.push(line), slowNoticeMs: 100 });
    await waitFor(() => lines.some((line) => line.startsWith('Waiting for Redis at redis://')), { what: 'the waiting notice' });
    proxy.release();
    const found = await discovery;
    expect(found.redisUrl).toBe(proxy.urlFor(redisUrl));
    expect(found.ownedRedis).toBeNull();
  });

  it('issue 14 (11): a PostgreSQL that refuses the user is said at once, as a credentials problem rather than a missing server', async () => {
    const url = new URL(databaseUrl);
    url.username = 'no_such_role_issue_14';
    const lines: string[] = [];
    const env = { DATABASE_URL: url.toString(), REDIS_URL: redisUrl, DEPENDENCY_WAIT_MS_MAX: '3600000' };
    const failure = await discoverServices({ createDatabase: false, env, log: (line) => lines.push(line) }).then(
      () => null,
      (error: unknown) => error,
    );
    expect((failure as Error).message).toMatch(
      /^PostgreSQL at .* refused the connection: .*no_such_role_issue_14.*\nCheck the user, password and database in DATABASE_URL\.$/,
    );
    expect((failure as Error).message).not.toContain('docker compose');
    expect(lines).toEqual([]);
  });

  it('issue 14 (11): a malformed DEPENDENCY_WAIT_MS_MAX stops discovery naming the variable', async () => {
    const env = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, DEPENDENCY_WAIT_MS_MAX: 'soon' };
    await expect(discoverServices({ createDatabase: false, env })).rejects.toThrow(
      /DEPENDENCY_WAIT_MS_MAX: expected an integer between 1000 and 3600000/,
    );
  });
});
