import type { FastifyInstance } from 'fastify';

export interface ListenOptions {
  host: string;
  port: number;
  /** After a stop signal, in-flight requests get this long before the process exits anyway. */
  shutdownGraceMs?: number;
  /** Closes what the app opened (database pool, Redis, queues), after the server stops accepting. */
  onShutdown?: () => Promise<void>;
}

/**
 * Listens and stops cleanly: on SIGTERM or SIGINT the server stops accepting connections,
 * answers 503 to new requests, lets in-flight ones finish, closes its resources and exits 0.
 */
export async function listenWithGracefulShutdown(app: FastifyInstance, options: ListenOptions): Promise<string> {
  const address = await app.listen({ host: options.host, port: options.port });
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown grace period exceeded, exiting');
      process.exit(1);
    }, options.shutdownGraceMs ?? 10_000);
    force.unref();
    try {
      await app.close();
      await options.onShutdown?.();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  return address;
}
