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
}

export function createRedis(options: CreateRedisOptions): Redis {
  const forQueues = options.maxRetriesPerRequest === null;
  return new Redis(options.redisUrl, {
    connectionName: options.connectionName,
    maxRetriesPerRequest: options.maxRetriesPerRequest === undefined ? 1 : options.maxRetriesPerRequest,
    // Commands issued while disconnected fail at once rather than waiting for a reconnect,
    // except on queue connections, where BullMQ expects them to wait.
    enableOfflineQueue: forQueues,
    connectTimeout: 2_000,
    lazyConnect: options.lazyConnect ?? false,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
}
