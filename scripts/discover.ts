import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { redactUrl } from '@casino/core';
import { createRedis } from '@casino/db';
import pg from 'pg';

/**
 * Finds PostgreSQL and Redis the way the README promises: DATABASE_URL / REDIS_URL when set,
 * else the localhost defaults. A missing local Redis is started from an installed
 * `redis-server`; anything else missing ends the command with a paragraph saying what to do.
 */
export const defaultDatabaseUrl = 'postgresql://postgres@127.0.0.1:5432/casino';
export const defaultRedisUrl = 'redis://127.0.0.1:6379';

export interface Discovered {
  databaseUrl: string;
  redisUrl: string;
  /** A redis-server this command started, to stop when it ends. */
  ownedRedis: ChildProcess | null;
}

export class DiscoveryFailed extends Error {}

export async function discoverServices(options: { createDatabase: boolean }): Promise<Discovered> {
  const databaseUrl = process.env.DATABASE_URL ?? defaultDatabaseUrl;
  const redisUrl = process.env.REDIS_URL ?? defaultRedisUrl;
  await requirePostgres(databaseUrl, options.createDatabase);
  const ownedRedis = await requireRedis(redisUrl);
  return { databaseUrl, redisUrl, ownedRedis };
}

async function requirePostgres(databaseUrl: string, createDatabase: boolean): Promise<void> {
  const server = new URL(databaseUrl);
  const database = decodeURIComponent(server.pathname.slice(1)) || 'postgres';
  server.pathname = '/postgres';
  const client = new pg.Client({ connectionString: server.toString(), connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new DiscoveryFailed(
      `PostgreSQL is not reachable at ${redactUrl(databaseUrl)} (${process.env.DATABASE_URL ? 'from DATABASE_URL' : 'the default; set DATABASE_URL to use another'}): ${(error as Error).message}.\n` +
        'Start one with `docker compose up -d postgres` (then DATABASE_URL=postgresql://casino:casino-dev-only@127.0.0.1:5432/casino),\n' +
        'or install your distribution\'s package (Debian/Ubuntu: `sudo apt-get install postgresql`), or point DATABASE_URL at a running server.',
    );
  }
  try {
    if (createDatabase) {
      const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
      if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`);
    }
  } finally {
    await client.end();
  }
}

async function requireRedis(redisUrl: string): Promise<ChildProcess | null> {
  if (await redisAnswers(redisUrl)) return null;
  const url = new URL(redisUrl);
  const local = ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(url.hostname);
  const installed = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
  if (local && installed) {
    const port = url.port || '6379';
    console.log(`Redis is not running at ${redactUrl(redisUrl)}; starting the installed redis-server on port ${port} (in memory, stopped with this command).`);
    const child = spawn('redis-server', ['--port', port, '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    for (let i = 0; i < 50; i++) {
      if (await redisAnswers(redisUrl)) return child;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    child.kill();
  }
  throw new DiscoveryFailed(
    `Redis is not reachable at ${redactUrl(redisUrl)} (${process.env.REDIS_URL ? 'from REDIS_URL' : 'the default; set REDIS_URL to use another'}).\n` +
      'Start one with `docker compose up -d redis`, or install your distribution\'s package (Debian/Ubuntu: `sudo apt-get install redis-server`;\n' +
      'with it installed, this command starts it for you), or point REDIS_URL at a running server.',
  );
}

async function redisAnswers(redisUrl: string): Promise<boolean> {
  const redis = createRedis({ redisUrl, connectionName: 'discover', lazyConnect: true });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}
