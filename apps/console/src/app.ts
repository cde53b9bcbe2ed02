import { DomainError } from '@casino/core';
import { createHttpApp, problemResponses, proxyMatcher, type App } from '@casino/http';
import {
  forwardedOf,
  pageSecurityHeaders,
  proxyPlugin,
  relaySessionAnswer,
  sameOriginOnly,
  send,
  singlePageFallback,
} from '@casino/http/bff';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { ConsoleConfig } from './config.ts';
import { clearedStaffSessionCookie, cookieIsSecure, readCookie, staffCookie, staffSessionCookie } from './session.ts';

export interface ConsoleOptions {
  config: ConsoleConfig;
}

const SessionSchema = z.object({
  staffUserId: z.string(),
  roles: z.array(z.string()),
  accessToken: z.string(),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().int().describe('seconds'),
});
const sessionProblems = problemResponses(400, 401, 403, 429, 503);

/**
 * The back-office console (issue 21): the built page (Vite's output in dist/) with the players' web
 * app's strict Content-Security-Policy, the admin API behind one origin (`/api/admin/*`), and the
 * session routes that keep the staff refresh token in an httpOnly cookie. The admin API decides
 * every permission; the page only hides what a role cannot use.
 */
export async function buildConsole(options: ConsoleOptions): Promise<App> {
  const { config } = options;
  const indexFile = path.join(config.CONSOLE_DIST_DIR, 'index.html');
  const app = await createHttpApp({
    service: 'console',
    version: '0.1.0',
    description:
      'The back-office console and its backend-for-frontend: the page, the staff session cookie, the admin API on one origin.',
    logLevel: config.LOG_LEVEL,
    readinessChecks: [{ name: 'page', check: async () => existsSync(indexFile) }],
    hsts: config.BEHIND_TLS,
    bodyLimitBytes: 64 * 1024,
    ...(config.METRICS_TOKEN ? { metricsToken: config.METRICS_TOKEN } : {}),
    trustedProxies: config.TRUSTED_PROXIES,
  });
  const trust = proxyMatcher(config.TRUSTED_PROXIES);
  pageSecurityHeaders(app);

  const secure = (request: FastifyRequest) =>
    cookieIsSecure({ behindTls: config.BEHIND_TLS, protocol: request.protocol, hostname: request.hostname });
  const sessionAnswer = (request: FastifyRequest, reply: FastifyReply, answer: Response) =>
    relaySessionAnswer(
      reply,
      answer,
      (token) => staffSessionCookie(token, secure(request)),
      (body) => typeof body.accessToken === 'string',
    );
  const forwardJson = (request: FastifyRequest, upstreamPath: string, body: unknown, authorization?: string) =>
    send(`${config.ADMIN_API_URL}${upstreamPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      body: Buffer.from(JSON.stringify(body)),
      id: request.id,
      // Staff login throttling and the login audit name the officer's address, not this server's.
      forwardedFor: forwardedOf(request.raw, trust),
    });

  app.post(
    '/api/session/login',
    {
      onRequest: sameOriginOnly,
      config: { credentialResponse: true },
      schema: {
        tags: ['session'],
        summary:
          'Staff login with password and TOTP code: the refresh token goes into an httpOnly cookie, the access token to the page',
        body: z.object({ email: z.string().max(254), password: z.string().max(200), totpCode: z.string().max(12) }),
        response: { 200: SessionSchema, ...sessionProblems },
      },
    },
    async (request, reply) => sessionAnswer(request, reply, await forwardJson(request, '/v1/staff/login', request.body)),
  );

  app.post(
    '/api/session/refresh',
    {
      onRequest: sameOriginOnly,
      config: { credentialResponse: true },
      schema: {
        tags: ['session'],
        summary: "A new access token for the page from the session cookie (the admin API's rotation)",
        response: { 200: SessionSchema, ...sessionProblems },
      },
    },
    async (request, reply) => {
      const token = readCookie(request.headers.cookie, staffCookie.name);
      if (!token) throw new DomainError('unauthorized', 'No session: log in.');
      const answer = await forwardJson(request, '/v1/staff/refresh', { refreshToken: token });
      if (answer.status >= 400 && answer.status < 500 && answer.status !== 429)
        reply.header('set-cookie', clearedStaffSessionCookie(secure(request)));
      return sessionAnswer(request, reply, answer);
    },
  );

  app.post(
    '/api/session/logout',
    {
      onRequest: sameOriginOnly,
      schema: {
        tags: ['session'],
        summary: "Log out: the admin API revokes this login's refresh tokens; the cookie is cleared",
        response: { 204: z.null(), ...sessionProblems },
      },
    },
    async (request, reply) => {
      const token = readCookie(request.headers.cookie, staffCookie.name);
      const authorization = request.headers.authorization;
      if (token && authorization) await forwardJson(request, '/v1/staff/logout', { refreshToken: token }, authorization);
      return reply
        .header('set-cookie', clearedStaffSessionCookie(secure(request)))
        .code(204)
        .send(null);
    },
  );

  await app.register(proxyPlugin, {
    // Tokens come and go through /api/session only, so the refresh token never reaches the page.
    // Only the admin API's /v1 routes (not its /metrics, D-2202).
    upstreams: [
      { prefix: '/api/admin', url: config.ADMIN_API_URL, refused: /^(?!\/v1\/)|^\/v1\/staff\/(login|refresh|logout)\b/ },
    ],
    trust,
  });

  if (existsSync(config.CONSOLE_DIST_DIR)) {
    await app.register(fastifyStatic, {
      root: config.CONSOLE_DIST_DIR,
      prefix: '/',
      index: false,
      wildcard: false,
      // Vite names every asset by its content: cache forever; index.html is served below, never cached.
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  singlePageFallback(app, {
    indexFile,
    notPages: /^\/(api|health|docs|openapi)/,
    buildHint: 'The console is not built yet: `npm start` builds it (or `npm run build -w @casino/console`).',
  });

  return app;
}
