import { createDb, createRedis, redisReady, type Db, type Redis } from '@casino/db';
import { createHttpApp, type App } from './create-app.ts';
import type { Audience } from './plugins/auth.ts';
import type { ReadinessCheck } from './plugins/health.ts';
import { createCachedPrincipalResolver, type PrincipalLookup } from './principals.ts';
import { DependencyUnavailableError, requireReachable } from './dependencies.ts';
import { listenWithGracefulShutdown } from './server.ts';
import { observeDatabasePool } from './metrics.ts';
import { startTracing } from './tracing.ts';

type BootConfig = {
  DATABASE_URL: string;
  REDIS_URL: string;
  HOST: string;
  DEPENDENCY_WAIT_MS_MAX: number;
  DATABASE_POOL_MAX: number;
};

export interface ServiceConnections {
  db: Db;
  redis: Redis;
}

export interface BootServiceOptions<C extends BootConfig> {
  service: string;
  /** Parses the environment; throws ConfigError naming each bad variable. */
  loadConfig: () => C;
  port: (config: C) => number;
  /** Builds the app from its configuration and open connections. */
  build: (config: C, connections: ServiceConnections) => Promise<App>;
  /** Runs after the server listens (the worker starts its queues here); returns its own stop. */
  afterListen?: (config: C, connections: ServiceConnections, app: App) => Promise<() => Promise<void>>;
}

/**
 * The `server.ts` of every app: configuration, connections checked up front (waiting for slow ones;
 * a clear message and exit 1 when PostgreSQL or Redis is not running), listen, and a clean stop on
 * SIGTERM/SIGINT.
 */
export async function bootService<C extends BootConfig>(options: BootServiceOptions<C>): Promise<void> {
  let connections: ServiceConnections | undefined;
  try {
    const config = options.loadConfig();
    // Before the connections, so the first queries are traced too; off unless OTLP is configured.
    const stopTracing = await startTracing(options.service);
    connections = {
      db: createDb({ databaseUrl: config.DATABASE_URL, applicationName: options.service, poolMax: config.DATABASE_POOL_MAX }),
      redis: createRedis({ redisUrl: config.REDIS_URL, connectionName: options.service }),
    };
    const { db, redis } = connections;
    const wait = {
      waitMsMax: config.DEPENDENCY_WAIT_MS_MAX,
      onWaiting: (notice: string) => process.stderr.write(`${options.service}: ${notice}\n`),
    };
    // The first query also loads Prisma's query compiler, seconds on a loaded machine: waited for.
    await requireReachable('PostgreSQL', config.DATABASE_URL, () => db.$queryRaw`SELECT 1`, wait);
    // PING only once the connection is open: before, it fails with "Stream isn't writeable".
    await requireReachable('Redis', config.REDIS_URL, async () => (await redisReady(redis), redis.ping()), wait);
    const app = await options.build(config, connections);
    let stopExtra: (() => Promise<void>) | undefined;
    await listenWithGracefulShutdown(app, {
      host: config.HOST,
      port: options.port(config),
      onShutdown: async () => {
        await stopExtra?.();
        await closeConnections(connections!);
        await stopTracing?.();
      },
    });
    stopExtra = await options.afterListen?.(config, connections, app);
  } catch (error) {
    const message =
      error instanceof DependencyUnavailableError || isConfigError(error) ? (error as Error).message : (error as Error).stack;
    process.stderr.write(`${options.service} could not start.\n${message}\n`);
    if (connections) await closeConnections(connections).catch(() => undefined);
    process.exit(1);
  }
}

async function closeConnections({ db, redis }: ServiceConnections): Promise<void> {
  await db.$disconnect();
  redis.disconnect();
}

function isConfigError(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConfigError';
}

/** Readiness of a service that needs PostgreSQL and Redis. */
export function connectionReadinessChecks({ db, redis }: ServiceConnections): ReadinessCheck[] {
  return [
    { name: 'postgres', check: async () => (await db.$queryRaw`SELECT 1`, true) },
    { name: 'redis', check: async () => (await redis.ping()) === 'PONG' },
  ];
}

export interface CreateServiceAppOptions {
  service: string;
  description: string;
  config: {
    LOG_LEVEL: string;
    JWT_SECRET: string;
    BEHIND_TLS?: boolean;
    METRICS_TOKEN?: string | undefined;
    TRUSTED_PROXIES?: readonly string[];
  };
  connections: ServiceConnections;
  /** Redis keys of this app (rate limits) live under this prefix; tests use one per file. */
  redisKeyPrefix?: string;
  /**
   * The current record behind each audience's tokens, looked up (cached) on every authenticated
   * request; the domain package that owns the accounts supplies it (issue 14 (1)).
   */
  principals?: Partial<Record<Audience, PrincipalLookup>>;
}

/** The app of a service backed by PostgreSQL and Redis, before it adds its routes. */
export async function createServiceApp(options: CreateServiceAppOptions): Promise<App> {
  const prefix = options.redisKeyPrefix ?? 'casino';
  // Not per service: a staff user deactivated through the admin API is refused by every service.
  const principals = createCachedPrincipalResolver({
    redis: options.connections.redis,
    keyPrefix: prefix,
    lookups: definedLookups(options.principals ?? {}),
  });
  const app = await createHttpApp({
    service: options.service,
    version: '0.1.0',
    description: options.description,
    logLevel: options.config.LOG_LEVEL,
    jwtSecret: options.config.JWT_SECRET,
    hsts: options.config.BEHIND_TLS ?? false,
    ...(options.config.TRUSTED_PROXIES ? { trustedProxies: options.config.TRUSTED_PROXIES } : {}),
    principals,
    readinessChecks: connectionReadinessChecks(options.connections),
    rateLimit: { redis: options.connections.redis, keyPrefix: `${prefix}:${options.service}` },
    ...(options.config.METRICS_TOKEN ? { metricsToken: options.config.METRICS_TOKEN } : {}),
  });
  observeDatabasePool(app, options.connections.db, options.service);
  return app;
}

function definedLookups(lookups: Partial<Record<Audience, PrincipalLookup>>): Record<string, PrincipalLookup> {
  return Object.fromEntries(
    Object.entries(lookups).filter((entry): entry is [string, PrincipalLookup] => entry[1] !== undefined),
  );
}
