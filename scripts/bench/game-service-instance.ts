/**
 * One more game-service instance for a bench (`BENCH_INSTANCES` of bench:poker-tables): the same app
 * as the bench's own, on the same database, Redis and key prefix, in a process of its own, as a second
 * pod of the deployment would be (docs/operations.md "Scaling"). Input: a JSON file (argv[2]) with
 * the database and Redis URLs, the JWT secret and the key prefix. Prints `listening <url>` once it
 * listens; on SIGTERM it closes the app as a pod does (its poker room voids the running hands, every
 * chip back, and lets its leases go) and exits 0.
 */
import { readFileSync } from 'node:fs';
import { buildGameService, loadGameServiceConfig } from '@casino/game-service';
import { createDb, createRedis } from '@casino/db';

interface InstancePlan {
  databaseUrl: string;
  redisUrl: string;
  jwtSecret: string;
  redisKeyPrefix: string;
  name: string;
}

const plan = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as InstancePlan;
const db = createDb({ databaseUrl: plan.databaseUrl, poolMax: 20, applicationName: `casino-bench-${plan.name}` });
const redis = createRedis({ redisUrl: plan.redisUrl, connectionName: `bench-${plan.name}` });
const config = loadGameServiceConfig({
  DATABASE_URL: plan.databaseUrl,
  REDIS_URL: plan.redisUrl,
  JWT_SECRET: plan.jwtSecret,
  LOG_LEVEL: 'warn',
  GAME_RATE_LIMIT_PER_MINUTE: '10000000',
});
const app = await buildGameService({
  config,
  connections: { db, redis },
  redisKeyPrefix: plan.redisKeyPrefix,
  pokerHandPauseMs: 0,
});
const base = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`listening ${base}\n`);

process.once('SIGTERM', () => {
  void (async () => {
    await app.close();
    await db.$disconnect();
    redis.disconnect();
    process.exit(0);
  })();
});
