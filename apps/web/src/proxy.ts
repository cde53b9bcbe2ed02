import { forwardedOf, type ProxyTrust } from '@casino/http/bff';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import WebSocket, { WebSocketServer } from 'ws';

/**
 * The table WebSocket (`/api/game/v1/tables/{id}/stream?access_token=…`) relayed to the game service,
 * frame by frame in both directions, close codes included (4401, 4404). Only upgrades from this
 * page's own origin are accepted (no cross-site WebSocket).
 */
export function relayWebSockets(app: FastifyInstance, options: { prefix: string; url: string; trust: ProxyTrust }): void {
  const server = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const pattern = new RegExp(`^${options.prefix}(/v1/tables/[^/?]+/stream)(\\?.*)?$`);
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const match = pattern.exec(request.url ?? '');
    const origin = request.headers.origin;
    const sameOrigin = origin === undefined || new URL(origin).host === request.headers.host;
    if (!match || !sameOrigin) {
      socket.end(`HTTP/1.1 ${match ? 403 : 404} ${match ? 'Forbidden' : 'Not Found'}\r\nconnection: close\r\n\r\n`);
      return;
    }
    const target = `${options.url.replace(/^http/, 'ws')}${match[1]}${match[2] ?? ''}`;
    server.handleUpgrade(request, socket, head, (client) => {
      const backlog: WebSocket.RawData[] = [];
      const forwarded = forwardedOf(request, options.trust);
      const upstream = new WebSocket(target, { headers: forwarded ? { 'x-forwarded-for': forwarded } : {} });
      upstream.on('open', () => {
        for (const data of backlog.splice(0)) upstream.send(data, { binary: false });
      });
      upstream.on('message', (data, isBinary) => client.send(data, { binary: isBinary }));
      client.on('message', (data) => {
        if (upstream.readyState === WebSocket.OPEN) upstream.send(data, { binary: false });
        else backlog.push(data);
      });
      const closeCode = (code: number) => (code >= 4000 || code === 1000 || code === 1001 ? code : 1011);
      upstream.on('close', (code, reason) => client.readyState <= WebSocket.OPEN && client.close(closeCode(code), reason));
      client.on('close', () => upstream.readyState <= WebSocket.OPEN && upstream.terminate());
      upstream.on('error', () => client.readyState <= WebSocket.OPEN && client.close(1011, 'upstream unavailable'));
      client.on('error', () => upstream.terminate());
    });
  });
  app.addHook('onClose', async () => {
    for (const client of server.clients) client.terminate();
    server.close();
  });
}
