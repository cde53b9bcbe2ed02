import { DomainError } from '@casino/core';
import { forwardedFor } from '@casino/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Readable } from 'node:stream';
import WebSocket, { WebSocketServer } from 'ws';

/** What the page may send on to an API: no cookie (the APIs take none), no hop-by-hop header. */
const forwardedRequestHeaders = ['accept', 'accept-language', 'authorization', 'content-type', 'idempotency-key'];
/** What comes back: the body's description and the API's own hints; the server sets its own security headers. */
const forwardedResponseHeaders = [
  'content-type',
  'content-disposition',
  'cache-control',
  'retry-after',
  'location',
  'etag',
  'x-export-id',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
];

export interface Upstream {
  /** The path prefix the browser uses, e.g. `/api/player`. */
  prefix: string;
  /** The API's base URL. */
  url: string;
  /** Paths (after the prefix) the page may not reach directly. */
  refused?: RegExp;
}

/** Upstream answers slower than this are a 503 (the APIs' own request timeout is 30 s). */
const upstreamTimeoutMs = 30_000;

/** Whether the page's server believes a peer's X-Forwarded-For (`TRUSTED_PROXIES`, D-1766). */
export type ProxyTrust = (address: string) => boolean;

/** The X-Forwarded-For this server sends on for a request that reached it (proxies before it, then its peer). */
export const forwardedOf = (
  request: { socket: { remoteAddress?: string | undefined }; headers: IncomingMessage['headers'] },
  trust: ProxyTrust,
) => forwardedFor(request.socket.remoteAddress, request.headers['x-forwarded-for'], trust);

export async function send(
  upstream: string,
  request: { method: string; headers: IncomingMessage['headers']; body?: unknown; id: string; forwardedFor: string | null },
): Promise<Response> {
  const headers = new Headers({ 'x-request-id': request.id });
  // The APIs' rate limits and audit name the client, not this server (they trust it by TRUSTED_PROXIES).
  if (request.forwardedFor) headers.set('x-forwarded-for', request.forwardedFor);
  for (const name of forwardedRequestHeaders) {
    const value = request.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  const body = Buffer.isBuffer(request.body) && request.body.length > 0 ? request.body : undefined;
  try {
    return await fetch(upstream, {
      method: request.method,
      headers,
      ...(body ? { body } : {}),
      redirect: 'manual',
      signal: AbortSignal.timeout(upstreamTimeoutMs),
    });
  } catch (error) {
    throw new DomainError('service-unavailable', 'The service behind this page cannot be reached; try again shortly.', {
      cause: error,
    });
  }
}

export async function relay(answer: Response, reply: FastifyReply): Promise<FastifyReply> {
  reply.code(answer.status);
  for (const name of forwardedResponseHeaders) {
    const value = answer.headers.get(name);
    if (value !== null) reply.header(name, value);
  }
  if (answer.body === null || answer.status === 204 || answer.status === 304) return reply.send();
  return reply.send(Readable.fromWeb(answer.body as import('node:stream/web').ReadableStream));
}

/**
 * `/api/player/*` and `/api/game/*`: the page's one origin in front of the APIs (issue 17). The body
 * is passed on untouched (a buffer; the API validates it), the answer streamed back (the statement's
 * CSV download included).
 */
export async function proxyPlugin(app: FastifyInstance, options: { upstreams: Upstream[]; trust: ProxyTrust }): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 8 * 1024 * 1024 }, (_request, body, done) => done(null, body));
  for (const upstream of options.upstreams) {
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const raw = request.raw.url!.slice(upstream.prefix.length) || '/';
      // The path as the upstream will see it (`/v1/../metrics` and `%2e%2e` resolved), so a refusal
      // cannot be walked around with dot segments (issue 22: the APIs' /metrics).
      const resolved = new URL(raw.startsWith('/') ? raw : `/${raw}`, 'http://upstream.invalid');
      const rest = `${resolved.pathname}${resolved.search}`;
      if (upstream.refused?.test(rest)) throw new DomainError('not-found', 'No such route behind this page.');
      const answer = await send(`${upstream.url}${rest}`, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        id: request.id,
        forwardedFor: forwardedOf(request.raw, options.trust),
      });
      return relay(answer, reply);
    };
    app.route({
      method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: `${upstream.prefix}/*`,
      schema: { hide: true },
      handler,
    });
  }
}

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
