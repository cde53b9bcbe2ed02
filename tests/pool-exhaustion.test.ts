/**
 * Issue 14 (10): when every pooled database connection is busy, a request waits a bounded time for
 * one and then answers 503 problem+json with Retry-After — "busy, come back shortly" — never a 500
 * that reads like a bug. Both ways a wait runs out are covered: pg-pool's queue wait (a plain query)
 * and an interactive transaction's `maxWait` (Prisma P2028 "Unable to start a transaction in the
 * given time"). The pools are one connection each, held by a transaction the test controls.
 */
import { buildAdminApi, loadAdminApiConfig } from '@casino/admin-api';
import { createStaffPerRole } from '@casino/compliance/testing';
import { createDb, transaction, type Db } from '@casino/db';
import { createHttpApp, type App } from '@casino/http';
import { createTestConnections, testServiceEnv, type TestConnections } from '@casino/http/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let connections: TestConnections;

beforeAll(async () => {
  connections = await createTestConnections();
});

afterAll(async () => {
  await connections?.close();
});

/** Takes the pool's only connection and keeps it until `release` is called. */
async function holdTheOnlyConnection(db: Db): Promise<{ release(): Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const holder = transaction(
    db,
    async (tx) => {
      await tx.$queryRaw`SELECT 1`;
      holding();
      await released;
    },
    { timeoutMs: 60_000 },
  );
  await held;
  return { release: async () => (release(), await holder) };
}

function expectBusy(response: { statusCode: number; headers: Record<string, unknown>; json(): any }): void {
  expect(response.statusCode).toBe(503);
  expect(String(response.headers['content-type'])).toMatch(/^application\/problem\+json/);
  expect(response.json()).toMatchObject({ type: 'https://problems.casino.example/service-unavailable', status: 503 });
  expect(response.json().detail).toMatch(/busy/);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('issue 14 (10): an exhausted connection pool', () => {
  it('issue 14 (10): the admin API with a pool of one, its connection held, answers 503 problem+json with Retry-After, then serves again', async () => {
    // A short wait for a pooled connection, as a service's own 2 s but quicker for the test.
    const db = createDb({
      databaseUrl: connections.testDatabase.url,
      poolMax: 1,
      connectTimeoutMs: 300,
      applicationName: 'casino-test-pool-of-one',
    });
    const admin = await buildAdminApi({
      config: loadAdminApiConfig(testServiceEnv()),
      connections: { db, redis: connections.redis },
      redisKeyPrefix: connections.redisKeyPrefix,
    });
    try {
      const staffByRole = await createStaffPerRole(connections.db);
      const token = admin.issueAccessToken({ audience: 'staff', subject: staffByRole.admin });
      const listStaff = () =>
        admin.inject({ method: 'GET', url: '/v1/staff/users', headers: { authorization: `Bearer ${token}` } });
      const hold = await holdTheOnlyConnection(db);
      try {
        expectBusy(await listStaff());
      } finally {
        await hold.release();
      }
      expect((await listStaff()).statusCode).toBe(200);
    } finally {
      await admin.close();
      await db.$disconnect();
    }
  });

  it('issue 14 (10): a transaction that cannot start within its maxWait (Prisma P2028) answers 503 problem+json with Retry-After', async () => {
    // The pool would wait long; the transaction's own maxWait runs out first.
    const db = createDb({
      databaseUrl: connections.testDatabase.url,
      poolMax: 1,
      connectTimeoutMs: 30_000,
      applicationName: 'casino-test-pool-of-one',
    });
    const app: App = await createHttpApp({
      service: 'pool-test',
      version: '0',
      description: 'pool test',
      logLevel: 'silent',
      readinessChecks: [],
    });
    app.post('/v1/work', async () =>
      transaction(db, async (tx) => (await tx.$queryRaw`SELECT 1`, { ok: true }), { maxWaitMs: 200 }),
    );
    await app.ready();
    try {
      const hold = await holdTheOnlyConnection(db);
      try {
        expectBusy(await app.inject({ method: 'POST', url: '/v1/work' }));
      } finally {
        await hold.release();
      }
      expect((await app.inject({ method: 'POST', url: '/v1/work' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await db.$disconnect();
    }
  });
});
