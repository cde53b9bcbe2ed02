import { DomainError } from '@casino/core';
import { createHttpApp, problemResponses, proxyMatcher, type App } from '@casino/http';
import {
  pageSecurityHeaders,
  forwardedOf,
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
import type { WebConfig } from './config.ts';
import { relayWebSockets } from './proxy.ts';
import { clearedRefreshCookie, cookieIsSecure, readCookie, refreshCookie, refreshCookieName } from './session.ts';

export interface WebOptions {
  config: WebConfig;
}

const SessionSchema = z.object({
  status: z.literal('authenticated'),
  playerId: z.string(),
  accessToken: z.string(),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().int().describe('seconds'),
});
const SmsRequiredSchema = z.object({ status: z.literal('sms-code-required'), playerId: z.string(), challengeId: z.string() });
const sessionProblems = problemResponses(400, 401, 403, 409, 422, 429, 503);

/**
 * The player's web application (issue 17): the built page (Vite's output in dist/) with a strict
 * Content-Security-Policy, the APIs behind one origin (`/api/player/*`, `/api/game/*` and the table
 * WebSocket), and the session routes that keep the refresh token in an httpOnly cookie.
 */
export async function buildWeb(options: WebOptions): Promise<App> {
  const { config } = options;
  const indexFile = path.join(config.WEB_DIST_DIR, 'index.html');
  const app = await createHttpApp({
    service: 'web',
    version: '0.1.0',
    description:
      "The player's web application and its backend-for-frontend: the page, the session cookie, the APIs on one origin.",
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

  const sameOrigin = sameOriginOnly;

  /** Passes the API's answer on; tokens in it become the cookie (refresh) and the body (access). */
  const sessionAnswer = (request: FastifyRequest, reply: FastifyReply, answer: Response) =>
    relaySessionAnswer(
      reply,
      answer,
      (token) => refreshCookie(token, secure(request)),
      (body) => body.status === 'authenticated',
    );

  const forwardJson = (request: FastifyRequest, upstreamPath: string, body: unknown, authorization?: string) =>
    send(`${config.PLAYER_API_URL}${upstreamPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      body: Buffer.from(JSON.stringify(body)),
      id: request.id,
      forwardedFor: forwardedOf(request.raw, trust),
    });

  app.post(
    '/api/session/login',
    {
      onRequest: sameOrigin,
      config: { credentialResponse: true },
      schema: {
        tags: ['session'],
        summary: 'Log in: the refresh token goes into an httpOnly cookie, the access token to the page',
        body: z.object({ email: z.string().max(254), password: z.string().max(200) }),
        response: { 200: SessionSchema, 202: SmsRequiredSchema, ...sessionProblems },
      },
    },
    async (request, reply) => sessionAnswer(request, reply, await forwardJson(request, '/v1/auth/login', request.body)),
  );

  app.post(
    '/api/session/sms-code',
    {
      onRequest: sameOrigin,
      config: { credentialResponse: true },
      schema: {
        tags: ['session'],
        summary: 'Enter the SMS code: the refresh token goes into an httpOnly cookie, the access token to the page',
        body: z.object({ challengeId: z.string().max(64), code: z.string().max(12) }),
        response: { 200: SessionSchema, ...sessionProblems },
      },
    },
    async (request, reply) => sessionAnswer(request, reply, await forwardJson(request, '/v1/auth/sms-code', request.body)),
  );

  app.post(
    '/api/session/refresh',
    {
      onRequest: sameOrigin,
      config: { credentialResponse: true },
      schema: {
        tags: ['session'],
        summary: "A new access token for the page from the session cookie (the player API's rotation)",
        response: { 200: SessionSchema, ...sessionProblems },
      },
    },
    async (request, reply) => {
      const token = readCookie(request.headers.cookie, refreshCookieName);
      if (!token) throw new DomainError('unauthorized', 'No session: log in.');
      const answer = await forwardJson(request, '/v1/auth/refresh', { refreshToken: token });
      if (answer.status === 400 || answer.status === 401) reply.header('set-cookie', clearedRefreshCookie(secure(request)));
      return sessionAnswer(request, reply, answer);
    },
  );

  app.post(
    '/api/session/logout',
    {
      onRequest: sameOrigin,
      schema: {
        tags: ['session'],
        summary: "Log out: the player API revokes this login's refresh tokens; the cookie is cleared",
        response: { 204: z.null(), ...sessionProblems },
      },
    },
    async (request, reply) => {
      const token = readCookie(request.headers.cookie, refreshCookieName);
      const authorization = request.headers.authorization;
      if (token && authorization) await forwardJson(request, '/v1/auth/logout', { refreshToken: token }, authorization);
      return reply
        .header('set-cookie', clearedRefreshCookie(secure(request)))
        .code(204)
        .send(null);
    },
  );

  await app.register(proxyPlugin, {
    upstreams: [
      // Tokens come and go through /api/session only, so the refresh token never reaches the page.
      // Only the APIs' /v1 routes: /metrics is for the operators' Prometheus, never for the page (D-2202).
      { prefix: '/api/player', url: config.PLAYER_API_URL, refused: /^(?!\/v1\/)|^\/v1\/auth\// },
      { prefix: '/api/game', url: config.GAME_SERVICE_URL, refused: /^(?!\/v1\/)/ },
      // The sandbox provider's card tokenisation, which a real provider serves from its own script (D-1753).
      ...(config.SANDBOX_URL
        ? [{ prefix: '/sandbox/psp', url: `${config.SANDBOX_URL}/psp`, refused: /^(?!\/card-tokens$)/ }]
        : []),
    ],
    trust,
  });
  relayWebSockets(app, { prefix: '/api/game', url: config.GAME_SERVICE_URL, trust });

  if (existsSync(config.WEB_DIST_DIR)) {
    await app.register(fastifyStatic, {
      root: config.WEB_DIST_DIR,
      prefix: '/',
      index: false,
      wildcard: false,
      // Vite names every asset by its content: cache forever; index.html is served below, never cached.
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  // Every other GET is a page of the single-page app (a deep link, the e-mail's /confirm-email link).
  singlePageFallback(app, {
    indexFile,
    notPages: /^\/(api|sandbox|health|docs|openapi)/,
    buildHint: 'The page is not built yet: `npm start` builds it (or `npm run build -w @casino/web`).',
  });

  return app;
}
