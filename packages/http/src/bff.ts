/**
 * What the two backends-for-frontend share (the players' apps/web, issue 17; the staff console
 * apps/console, issue 21, D-2102): the page's Content-Security-Policy and headers, the session
 * cookie that keeps a refresh token away from the page, the same-origin check of the session
 * routes, the API proxy behind one origin, and the single-page app's fallback route. Each app keeps
 * its own session routes (what a login is differs) and its own static file serving.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { DomainError } from '@casino/core';
import { forwardedFor } from './forwarded.ts';

// ---------------------------------------------------------------------------------------------
// Content-Security-Policy

/**
 * The page's Content-Security-Policy: every script and stylesheet is a file of this origin (Vite's
 * build emits no inline script; the pages set no style attribute), the page talks only to this
 * origin, and nothing may frame it.
 */
export const pageContentSecurityPolicy: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'manifest-src': ["'self'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

export function cspHeader(policy: Readonly<Record<string, readonly string[]>> = pageContentSecurityPolicy): string {
  return Object.entries(policy)
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ');
}

/** The page's CSP on every answer but Swagger UI's (which brings its own, packages/http), and a closed Permissions-Policy. */
export function pageSecurityHeaders(app: FastifyInstance, policy = pageContentSecurityPolicy): void {
  const csp = cspHeader(policy);
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/docs') && !reply.hasHeader('content-security-policy'))
      reply.header('content-security-policy', csp);
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
    return payload;
  });
}

// ---------------------------------------------------------------------------------------------
// The session cookie

export interface SessionCookie {
  /** Distinct per app: cookies do not keep to a port, and both apps run on 127.0.0.1 under `npm start`. */
  name: string;
  /** Only the session routes receive it. */
  path: string;
  /** Never longer than the API's refresh tokens live. */
  maxAgeSeconds: number;
}

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * `Secure` always, except over plain http to this machine (D-1750): browsers disagree on whether a
 * `Secure` cookie may be set by http://localhost (Chromium and Firefox allow it, Safari does not), and
 * `npm start` serves plain http on 127.0.0.1. The cookie stays httpOnly and SameSite=Strict there.
 */
export function cookieIsSecure(options: { behindTls: boolean; protocol: string; hostname: string }): boolean {
  if (options.behindTls || options.protocol === 'https') return true;
  return !loopbackHosts.has(options.hostname.replace(/:\d+$/, '').toLowerCase());
}

export function sessionCookieHeader(cookie: SessionCookie, value: string, secure: boolean): string {
  return [
    `${cookie.name}=${encodeURIComponent(value)}`,
    `Path=${cookie.path}`,
    `Max-Age=${cookie.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export function clearedSessionCookieHeader(cookie: SessionCookie, secure: boolean): string {
  return [
    `${cookie.name}=`,
    `Path=${cookie.path}`,
    'Max-Age=0',
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      const value = rest.join('=');
      try {
        return value ? decodeURIComponent(value) : undefined;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** A session route answers only its own page: a cross-site form or fetch carries another Origin. */
export async function sameOriginOnly(request: FastifyRequest): Promise<void> {
  const origin = request.headers.origin;
  if (origin !== undefined && (!URL.canParse(origin) || new URL(origin).host !== request.headers.host)) {
    throw new DomainError('forbidden', 'Session requests are accepted from this page only.');
  }
}

/**
 * Passes an API's login or refresh answer on: a refresh token in it becomes the cookie, the rest
 * (the access token) goes to the page; a problem goes through as it is.
 */
export async function relaySessionAnswer(
  reply: FastifyReply,
  answer: Response,
  setCookie: (refreshToken: string) => string,
  isAuthenticated: (body: Record<string, unknown>) => boolean,
): Promise<FastifyReply> {
  const body = (await answer.json().catch(() => null)) as Record<string, unknown> | null;
  reply.code(answer.status).header('cache-control', 'no-store');
  if (answer.ok && body && isAuthenticated(body) && typeof body.refreshToken === 'string') {
    const { refreshToken, ...rest } = body;
    reply.header('set-cookie', setCookie(refreshToken));
    return reply.send(rest);
  }
  if (!answer.ok) reply.header('content-type', answer.headers.get('content-type') ?? 'application/problem+json');
  return reply.send(body);
}

// ---------------------------------------------------------------------------------------------
// The API proxy

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
 * The page's one origin in front of the APIs (`/api/player/*`, `/api/admin/*`, …). The body is
 * passed on untouched (a buffer; the API validates it), the answer streamed back (downloads included).
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

// ---------------------------------------------------------------------------------------------
// The single-page app

/**
 * Every other GET is a page of the single-page app (a deep link): index.html, never cached. Paths
 * under `notPages` (the APIs, health, docs) and file names are 404 problems instead.
 */
export function singlePageFallback(
  app: FastifyInstance,
  options: { indexFile: string; notPages: RegExp; buildHint: string },
): void {
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const isPage = !options.notPages.test(request.url) && !/\.\w+$/.test(request.url.split('?')[0]!);
    if (!isPage) throw new DomainError('not-found', `No route ${request.method} ${request.url.split('?')[0]}.`);
    if (!existsSync(options.indexFile)) throw new DomainError('service-unavailable', options.buildHint);
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(await readFile(options.indexFile));
  });
}
