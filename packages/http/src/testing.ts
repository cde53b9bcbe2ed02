/** Test support for apps: a fresh database and a Redis key prefix of their own for one test file. */
import { randomBytes } from 'node:crypto';
import { createRedis, redisReady } from '@casino/db';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '@casino/db/testing';
import type { ServiceConnections } from './boot.ts';
export { routeAppLogsTo } from './create-app.ts';

export interface TestConnections extends ServiceConnections {
  testDatabase: TestDatabase;
  redisUrl: string;
  redisKeyPrefix: string;
  close(): Promise<void>;
}

export async function createTestConnections(): Promise<TestConnections> {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const testDatabase = await createTestDatabase();
  const redis = createRedis({ redisUrl, connectionName: 'test' });
  const redisKeyPrefix = testRedisPrefix();
  // Warm both up as bootService does before a service listens: the first Prisma query loads its
  // query compiler, which must not count against a readiness check's timeout.
  await testDatabase.db.$queryRaw`SELECT 1`;
  // Ping only once the connection is open: a command before that fails with "Stream isn't writeable"
  // (offline queue off), which a busy machine turns into a flaky start (issue 14 (11)).
  await redisReady(redis);
  await redis.ping();
  return {
    db: testDatabase.db,
    redis,
    testDatabase,
    redisUrl,
    redisKeyPrefix,
    async close() {
      const keys = await redis.keys(`${redisKeyPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
      await testDatabase.drop();
    },
  };
}

// Keys for personal data, fresh for each test process.
const testPiiKeys = { PII_ENCRYPTION_KEY: randomBytes(32).toString('base64'), PII_HASH_KEY: randomBytes(32).toString('base64') };
// The payment provider's webhook signing secret (issue 6), shared by the sandbox and the payments gateway.
const testWebhookSecrets = { PSP_WEBHOOK_SECRETS: `whsec_${randomBytes(32).toString('base64')}` };

/** Configuration every app test can start from; JWT_SECRET comes from `npm test`. */
export function testServiceEnv(extra: Record<string, string> = {}): Record<string, string | undefined> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: process.env.DATABASE_URL,
    REDIS_URL: process.env.REDIS_URL,
    JWT_SECRET: process.env.JWT_SECRET ?? 'test-secret-test-secret-test-secret-0123',
    ...testPiiKeys,
    ...testWebhookSecrets,
    ...extra,
  };
}
