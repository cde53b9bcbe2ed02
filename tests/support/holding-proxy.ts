import { createServer, connect, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a real server that accepts connections but passes nothing on until
 * `release()`: a server that is there but slow to answer, as PostgreSQL and Redis are on a loaded
 * machine (issue 14, item 11). Held connections are passed on at release, later ones at once.
 */
export interface HoldingProxy {
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string;
  /** Connections accepted so far. */
  accepted(): number;
  release(): void;
  close(): Promise<void>;
}

export async function startHoldingProxy(targetUrl: string): Promise<HoldingProxy> {
  const target = new URL(targetUrl);
  const targetPort = Number(target.port || (target.protocol.startsWith('redis') ? 6379 : 5432));
  const sockets = new Set<Socket>();
  const held: Socket[] = [];
  let released = false;
  let accepted = 0;
  const forward = (client: Socket) => {
    if (client.destroyed) return;
    const upstream = connect(targetPort, target.hostname);
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    upstream.on('close', () => (sockets.delete(upstream), client.destroy()));
    client.on('close', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
    client.resume();
  };
  const server = createServer((client) => {
    accepted += 1;
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    if (released) forward(client);
    else {
      client.pause();
      held.push(client);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    urlFor(url) {
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(port);
      return proxied.toString();
    },
    accepted: () => accepted,
    release() {
      released = true;
      for (const client of held.splice(0)) forward(client);
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port on 127.0.0.1 where nothing listens (bound, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}
