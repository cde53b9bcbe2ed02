import type { App } from '@casino/http';
import { endSession, login, refreshSession, verifySmsCode, type PlayersContext, type Session } from '@casino/players';
import { z } from 'zod';
import {
  authProblems,
  LoginBodySchema,
  RefreshBodySchema,
  SmsCodeBodySchema,
  SmsRequiredSchema,
  TokensSchema,
} from './auth.schema.ts';

/** Login with the register check at every login (004:ACC-03), SMS codes, refresh rotation, logout. */
export function authRoutes(app: App, ctx: PlayersContext, limits: { perMinute: number }): void {
  const tokens = (session: Session) => ({
    status: 'authenticated' as const,
    playerId: session.playerId,
    accessToken: app.issueAccessToken({ audience: 'player', subject: session.playerId }),
    tokenType: 'Bearer' as const,
    expiresIn: app.accessTokenTtlSeconds,
    refreshToken: session.refreshToken,
  });

  app.post(
    '/v1/auth/login',
    {
      config: { credentialResponse: true, rateLimit: { max: limits.perMinute, timeWindow: 60_000 } },
      schema: {
        tags: ['auth'],
        summary: 'Log in; an applicant gets an SMS code that concludes the contract',
        body: LoginBodySchema,
        response: { 200: TokensSchema, 202: SmsRequiredSchema, ...authProblems },
      },
    },
    async (request, reply) => {
      const result = await login(ctx, request.body.email, request.body.password, request.ip);
      if (result.status === 'sms-code-required') return reply.code(202).send(result);
      return tokens(result);
    },
  );

  app.post(
    '/v1/auth/sms-code',
    {
      config: { credentialResponse: true, rateLimit: { max: limits.perMinute, timeWindow: 60_000 } },
      schema: {
        tags: ['auth'],
        summary: 'Enter the SMS code (concludes the contract and opens the temporary account on first login)',
        body: SmsCodeBodySchema,
        response: { 200: TokensSchema, ...authProblems },
      },
    },
    async (request) => tokens(await verifySmsCode(ctx, request.body.challengeId, request.body.code, request.ip)),
  );

  app.post(
    '/v1/auth/refresh',
    {
      config: { credentialResponse: true },
      schema: {
        tags: ['auth'],
        summary: 'Exchange a refresh token for new tokens (rotation; reuse revokes the session)',
        body: RefreshBodySchema,
        response: { 200: TokensSchema, ...authProblems },
      },
    },
    async (request) => tokens(await refreshSession(ctx, request.body.refreshToken)),
  );

  app.post(
    '/v1/auth/logout',
    {
      onRequest: app.authenticate('player'),
      schema: {
        tags: ['auth'],
        security: [{ playerToken: [] }],
        summary: "Log out: revokes this login's refresh tokens",
        body: RefreshBodySchema,
        response: { 204: z.null(), ...authProblems },
      },
    },
    async (request, reply) => {
      await endSession(ctx, request.principal!.subject, request.body.refreshToken);
      return reply.code(204).send(null);
    },
  );
}
