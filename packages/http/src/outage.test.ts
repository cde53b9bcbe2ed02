import { createDb, createRedis } from '@casino/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionReadinessChecks } from './boot.ts';
import { createHttpApp, type App } from './create-app.ts';

// PostgreSQL and Redis that are not there: port 1 refuses connections at once.
const db = createDb({ databaseUrl: 'postgresql://postgres@127.0.0.1:1/casino', connectTimeoutMs: 500 });
const redis = createRedis({ redisUrl: 'redis://127.0.0.1:1', connectionName: 'outage-test' });
redis.on('error', () => undefined);
let app: App;

beforeAll(async () => {
  app = await createHttpApp({
    service: 'outage-test',
    version: '0',
    description: 'backing services down',
    logLevel: 'silent',
    jwtSecret: 'outage-test-secret-outage-test-secret-0123',
    readinessChecks: connectionReadinessChecks({ db, redis }),
    rateLimit: { redis, keyPrefix: 'outage-test' },
  });
  app.get('/needs-postgres', async () => db.$queryRaw`SELECT 1`);
  app.get('/needs-redis', async () => ({ value: await redis.get('x') }));
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  redis.disconnect();
  await db.$disconnect();
});

describe('http: backing services down at run time', () => {
  it('answers /health/ready with 503 naming what is down, while /health/live stays 200', async () => {
    const ready = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'not-ready', checks: { postgres: 'down', redis: 'down' } });
    expect((await app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
  });

  it('fails a request that needs PostgreSQL with problem+json 503 instead of hanging', async () => {
    const response = await app.inject({ method: 'GET', url: '/needs-postgres' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json().type).toBe('https://problems.casino.example/service-unavailable');
  });

  it('fails a request that needs Redis with problem+json 503 instead of hanging', async () => {
    const response = await app.inject({ method: 'GET', url: '/needs-redis' });
    expect(response.statusCode).toBe(503);
    expect(response.json().type).toBe('https://problems.casino.example/service-unavailable');
  });
});
