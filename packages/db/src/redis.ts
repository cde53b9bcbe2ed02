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

/** Connections whose writes are already coalesced (the call is idempotent). */
const coalesced = new WeakSet<Redis>();
/** Sockets corked in this turn of the event loop, uncorked together when it ends. */
const corkedSockets = new Set<{ uncork(): void }>();

function uncorkTurn(): void {
  for (const socket of corkedSockets) socket.uncork();
  corkedSockets.clear();
}

/**
 * The commands (and pipelines) written to this connection in one turn of the event loop leave in one
 * socket write (issue 16, D-1848). Without it every command is a write system call of its own: a poker
 * action on the table socket wrote four times to Redis (the token's principal, the command's claim,
 * its answer, the change's publishes), and on this kind of machine a socket write costs tens of
 * microseconds of the process's CPU. The socket is corked at the first command of the turn and
 * uncorked in the turn's check phase (`setImmediate`), as the table sockets' frames are (D-1791): a
 * command waits at most for the rest of the turn, its order on the connection is unchanged, and the
 * replies are read as before. ioredis's own auto-pipelining was tried instead (D-1795's notes) and cost
 * about what it saved: it builds a pipeline object per batch; corking the socket costs a set insert.
 * Not for a subscriber connection (nothing to coalesce) nor a blocking one (BullMQ's).
 */
export function coalesceRedisWrites(redis: Redis): void {
  if (coalesced.has(redis)) return;
  coalesced.add(redis);
  const send = redis.sendCommand.bind(redis);
  redis.sendCommand = (...args: Parameters<Redis['sendCommand']>) => {
    const socket = redis.stream as { cork?(): void; uncork?(): void; writable?: boolean } | undefined;
    if (socket?.cork && socket.uncork && socket.writable && !corkedSockets.has(socket as { uncork(): void })) {
      if (corkedSockets.size === 0) setImmediate(uncorkTurn);
      socket.cork();
      corkedSockets.add(socket as { uncork(): void });
    }
    return send(...args);
  };
}
