import { Redis } from 'ioredis';

export type { Redis };

export interface CreateRedisOptions {
  redisUrl: string;
  connectionName: string;
  /**
   * BullMQ's blocking connections need `null` (retry forever); request-serving connections use a
   * small number so a Redis outage fails requests fast instead of queueing them.
   */
  maxRetriesPerRequest?: number | null;
  /** Don't connect until first use (tests, health checks). */
  lazyConnect?: boolean;
  /** false: a lost or failed connection stays closed (one-shot probes); default true. */
  reconnect?: boolean;
  /** How long a connection attempt may take before it counts as failed; default 2 s. */
  connectTimeoutMs?: number;
}

export function createRedis(options: CreateRedisOptions): Redis {
  const forQueues = options.maxRetriesPerRequest === null;
  return new Redis(options.redisUrl, {
    connectionName: options.connectionName,
    maxRetriesPerRequest: options.maxRetriesPerRequest === undefined ? 1 : options.maxRetriesPerRequest,
    // Commands issued while disconnected fail at once rather than waiting for a reconnect,
    // except on queue connections, where BullMQ expects them to wait.
    enableOfflineQueue: forQueues,
    connectTimeout: options.connectTimeoutMs ?? 2_000,
    lazyConnect: options.lazyConnect ?? false,
    retryStrategy: options.reconnect === false ? () => null : (times) => Math.min(times * 200, 2_000),
  });
}

/**
 * Resolves once the connection is ready for commands; rejects with the next connection error.
 * Commands sent before that fail with "Stream isn't writeable" (no offline queue on request
 * connections), which is how `npm start` once reported a running Redis as unreachable (issue 14,
 * item 11). ioredis keeps reconnecting on its own; a caller that retries calls this again.
 */
export function redisReady(redis: Redis): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  if (redis.status === 'end') return Promise.reject(new Error('Connection is closed.'));
  if (redis.status === 'wait') void redis.connect().catch(() => undefined);
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      redis.off('ready', onReady);
      redis.off('error', onError);
      redis.off('end', onEnd);
      if (error) reject(error);
      else resolve();
    };
    const onReady = () => settle();
    const onError = (error: Error) => settle(error);
    const onEnd = () => settle(new Error('Connection is closed.'));
    redis.on('ready', onReady);
    redis.on('error', onError);
    redis.on('end', onEnd);
  });
}
