import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { ConfigError, dependencyWaitSchema, parseConfig, redactUrl } from '@casino/core';
import { ConnectionUnavailableError, createRedis, waitForConnection } from '@casino/db';
import pg from 'pg';

/**
 * Finds PostgreSQL and Redis the way the README promises: DATABASE_URL / REDIS_URL when set,
 * else the localhost defaults. A server that accepts connections but is slow to answer (a busy
 * machine) is waited for, up to DEPENDENCY_WAIT_MS_MAX, with a notice; one that refuses
 * connections is "not running", said after a few quick retries (issue 14, item 11). A missing
 * local Redis is started from an installed `redis-server`; anything else missing ends the command
 * with a paragraph saying what to do.
 */
export const defaultDatabaseUrl = 'postgresql://postgres@127.0.0.1:5432/casino';
export const defaultRedisUrl = 'redis://127.0.0.1:6379';

export interface Discovered {
  databaseUrl: string;
  redisUrl: string;
  /** A redis-server this command started, to stop when it ends. */
  ownedRedis: ChildProcess | null;
}

export interface DiscoverOptions {
  createDatabase: boolean;
  /** The environment to read DATABASE_URL, REDIS_URL and DEPENDENCY_WAIT_MS_MAX from. */
  env?: NodeJS.ProcessEnv;
  /** Where waiting notices go (console.log). */
  log?: (line: string) => void;
  /** Tests shorten the wait before the notice; see waitForConnection. */
  slowNoticeMs?: number;
}

export class DiscoveryFailed extends Error {}

// Each attempt's own connect timeout: long enough for a loaded server, short enough that a lost
// SYN is retried within the overall wait.
const attemptTimeoutMsMax = 10_000;
// A redis-server this command just started may take a moment to listen.
const startedRedisRefusedAttemptsMax = 20;

export async function discoverServices(options: DiscoverOptions): Promise<Discovered> {
  const env = options.env ?? process.env;
  const databaseUrl = env.DATABASE_URL || defaultDatabaseUrl;
  const redisUrl = env.REDIS_URL || defaultRedisUrl;
  let waitMsMax: number;
  try {
    waitMsMax = parseConfig(dependencyWaitSchema, env).DEPENDENCY_WAIT_MS_MAX;
  } catch (error) {
    if (error instanceof ConfigError) throw new DiscoveryFailed(error.message);
    throw error;
  }
  const wait = { waitMsMax, slowNoticeMs: options.slowNoticeMs, onWaiting: options.log ?? console.log };
  await requirePostgres({ databaseUrl, fromEnv: Boolean(env.DATABASE_URL), createDatabase: options.createDatabase, wait });
  const ownedRedis = await requireRedis({ redisUrl, fromEnv: Boolean(env.REDIS_URL), wait });
  return { databaseUrl, redisUrl, ownedRedis };
}

interface Wait {
  waitMsMax: number;
  slowNoticeMs: number | undefined;
  onWaiting: (line: string) => void;
}

async function requirePostgres(found: {
  databaseUrl: string;
  fromEnv: boolean;
  createDatabase: boolean;
  wait: Wait;
}): Promise<void> {
  const server = new URL(found.databaseUrl);
  const database = decodeURIComponent(server.pathname.slice(1)) || 'postgres';
  server.pathname = '/postgres';
  let client: pg.Client | undefined;
  const probe = async () => {
    const attempt = new pg.Client({
      connectionString: server.toString(),
      connectionTimeoutMillis: Math.min(attemptTimeoutMsMax, found.wait.waitMsMax),
    });
    // A connection that dies after connecting must not crash the command.
    attempt.on('error', () => undefined);
    try {
      await attempt.connect();
      await attempt.query('SELECT 1');
    } catch (error) {
      await attempt.end().catch(() => undefined);
      throw error;
    }
    client = attempt;
  };
  try {
    await waitForConnection({ what: `PostgreSQL at ${redactUrl(found.databaseUrl)}`, probe, ...found.wait });
  } catch (error) {
    if (error instanceof ConnectionUnavailableError)
      throw new DiscoveryFailed(postgresMessage(found.databaseUrl, found.fromEnv, error, found.wait.waitMsMax));
    throw error;
  }
  try {
    if (found.createDatabase) {
      const exists = await client!.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
      if (exists.rowCount === 0) await client!.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`);
    }
  } finally {
    await client!.end();
  }
}

async function requireRedis(found: { redisUrl: string; fromEnv: boolean; wait: Wait }): Promise<ChildProcess | null> {
  const what = `Redis at ${redactUrl(found.redisUrl)}`;
  const probe = () => pingRedis(found.redisUrl, Math.min(attemptTimeoutMsMax, found.wait.waitMsMax));
  try {
    await waitForConnection({ what, probe, ...found.wait });
    return null;
  } catch (error) {
    if (!(error instanceof ConnectionUnavailableError)) throw error;
    if (error.failure !== 'not-running' || !canStartRedis(found.redisUrl))
      throw new DiscoveryFailed(redisMessage(found.redisUrl, found.fromEnv, error, found.wait.waitMsMax));
  }
  const port = new URL(found.redisUrl).port || '6379';
  console.log(
    `Redis is not running at ${redactUrl(found.redisUrl)}; starting the installed redis-server on port ${port} (in memory, stopped with this command).`,
  );
  const child = spawn('redis-server', ['--port', port, '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  try {
    await waitForConnection({ what, probe, ...found.wait, refusedAttemptsMax: startedRedisRefusedAttemptsMax });
    return child;
  } catch (error) {
    child.kill();
    if (error instanceof ConnectionUnavailableError)
      throw new DiscoveryFailed(redisMessage(found.redisUrl, found.fromEnv, error, found.wait.waitMsMax));
    throw error;
  }
}

function canStartRedis(redisUrl: string): boolean {
  const local = ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(new URL(redisUrl).hostname);
  return local && spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** One attempt: a fresh connection that does not reconnect, PING once it is ready. */
async function pingRedis(redisUrl: string, connectTimeoutMs: number): Promise<void> {
  const redis = createRedis({ redisUrl, connectionName: 'discover', lazyConnect: true, reconnect: false, connectTimeoutMs });
  // ioredis reports the cause (ECONNREFUSED …) as an event and rejects connect() with a generic
  // "Connection is closed"; keep the cause, it tells "not running" from "slow".
  let cause: unknown;
  redis.on('error', (error) => (cause ??= error));
  try {
    await redis.connect();
    const answer = await redis.ping();
    if (answer !== 'PONG') throw new Error(`unexpected answer to PING: ${answer}`);
  } catch (error) {
    throw cause ?? error;
  } finally {
    redis.disconnect();
  }
}

function source(variable: string, fromEnv: boolean): string {
  return fromEnv ? `from ${variable}` : `the default; set ${variable} to use another`;
}

function postgresMessage(databaseUrl: string, fromEnv: boolean, error: ConnectionUnavailableError, waitMsMax: number): string {
  const where = `${redactUrl(databaseUrl)} (${source('DATABASE_URL', fromEnv)})`;
  if (error.failure === 'not-running') {
    return (
      `PostgreSQL is not running at ${where}: nothing accepts connections there (${error.message}).\n` +
      'Start one with `docker compose up -d postgres` (then DATABASE_URL=postgresql://casino:casino-dev-only@127.0.0.1:5432/casino),\n' +
      "or install your distribution's package (Debian/Ubuntu: `sudo apt-get install postgresql`), or point DATABASE_URL at a running server."
    );
  }
  if (error.failure === 'access-refused') {
    return `PostgreSQL at ${where} refused the connection: ${error.reason}.\nCheck the user, password and database in DATABASE_URL.`;
  }
  return slowMessage('PostgreSQL', where, error, waitMsMax);
}

function redisMessage(redisUrl: string, fromEnv: boolean, error: ConnectionUnavailableError, waitMsMax: number): string {
  const where = `${redactUrl(redisUrl)} (${source('REDIS_URL', fromEnv)})`;
  if (error.failure === 'not-running') {
    return (
      `Redis is not running at ${where}: nothing accepts connections there (${error.message}).\n` +
      "Start one with `docker compose up -d redis`, or install your distribution's package (Debian/Ubuntu: `sudo apt-get install redis-server`;\n" +
      'with it installed, this command starts it for you), or point REDIS_URL at a running server.'
    );
  }
  if (error.failure === 'access-refused') {
    return `Redis at ${where} refused the connection: ${error.reason}.\nCheck the password in REDIS_URL.`;
  }
  return slowMessage('Redis', where, error, waitMsMax);
}

function slowMessage(name: string, where: string, error: ConnectionUnavailableError, waitMsMax: number): string {
  return (
    `${name} at ${where} did not answer within ${Math.round(waitMsMax / 1000)} s (last: ${error.message}).\n` +
    `If it is running it is overloaded or stuck: look at its load and log, or give it longer with DEPENDENCY_WAIT_MS_MAX (now ${waitMsMax}).`
  );
}
