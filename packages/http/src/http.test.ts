import { Writable } from 'node:stream';
import { DomainError } from '@casino/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createHttpApp, type App } from './create-app.ts';
import { problemResponses } from './problem.ts';
import { connectionReadinessChecks } from './boot.ts';
import { createCachedPrincipalResolver } from './principals.ts';
import { createTestConnections, type TestConnections } from './testing.ts';

const jwtSecret = 'http-test-secret-http-test-secret-0123456789';
let connections: TestConnections;
let app: App;
const logLines: string[] = [];

beforeAll(async () => {
  connections = await createTestConnections();
  app = await createHttpApp({
    service: 'http-test',
    version: '0.0.0',
    description: 'test app',
    logLevel: 'info',
    logStream: new Writable({ write: (chunk, _enc, done) => (logLines.push(String(chunk)), done()) }),
    jwtSecret,
    principals: createCachedPrincipalResolver({
      redis: connections.redis,
      keyPrefix: connections.redisKeyPrefix,
      lookups: {
        player: async (subject) => (subject.startsWith('player-') ? { roles: [] } : null),
        staff: async (subject) => (subject === 'staff-1' ? { roles: ['auditor'] } : null),
      },
    }),
    readinessChecks: connectionReadinessChecks(connections),
    rateLimit: { redis: connections.redis, keyPrefix: connections.redisKeyPrefix, requestsPerWindowMax: 1000 },
  });
  app.post(
    '/things',
    {
      schema: {
        body: z.object({ name: z.string().min(2), amountMinor: z.coerce.bigint().nonnegative(), email: z.email() }),
        response: { 201: z.object({ name: z.string() }), ...problemResponses(400) },
      },
    },
    async (request, reply) => reply.code(201).send({ name: request.body.name }),
  );
  app.get('/boom', async () => {
    throw new Error('database password is hunter2 at /srv/app/secret.ts:12');
  });
  app.get('/insufficient', async () => {
    throw new DomainError('insufficient-funds', 'The balance is 10.00 CZK; the stake is 20.00 CZK.', { field: 'body.amount' });
  });
  app.get('/player-only', { onRequest: app.authenticate('player') }, async (request) => ({
    subject: request.principal!.subject,
  }));
  app.get('/staff-only', { onRequest: app.authenticate('staff') }, async (request) => ({ roles: request.principal!.roles }));
  app.post('/login-echo', async (request) => ({ ok: Boolean(request.body) }));
  app.get('/log-personal-data', async (request) => {
    request.log.info(
      { player: { birthNumber: '7801011234', email: 'jan@example.cz' }, password: 'S3cr3t-pw!' },
      'registration received',
    );
    return { ok: true };
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await connections?.close();
});

describe('http: problem+json', () => {
  it('answers a validation error with 400 problem+json naming the offending field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/things',
      payload: { name: 'x', amountMinor: '5', email: 'not-an-email' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = response.json();
    expect(problem).toMatchObject({
      type: 'https://problems.casino.example/validation-failed',
      status: 400,
      title: expect.any(String),
    });
    expect(problem.field).toBe('body.name');
    expect(problem.errors.map((e: { field: string }) => e.field)).toEqual(['body.name', 'body.email']);
    expect(problem.requestId).toBe(response.headers['x-request-id']);
  });

  it('names a missing required field itself, not its parent', async () => {
    const response = await app.inject({ method: 'POST', url: '/things', payload: { name: 'abc', amountMinor: '5' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('body.email');
  });

  it('answers malformed JSON with 400 problem+json', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().type).toBe('https://problems.casino.example/validation-failed');
  });

  it('answers an unsupported media type with 415 problem+json', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'text/csv' },
      payload: 'a,b',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().type).toBe('https://problems.casino.example/unsupported-media-type');
  });

  it('answers an unexpected error with 500, the request id, and no stack or message internals', async () => {
    const response = await app.inject({ method: 'GET', url: '/boom', headers: { 'x-request-id': 'trace-abc-12345' } });
    expect(response.statusCode).toBe(500);
    const problem = response.json();
    expect(problem).toMatchObject({
      type: 'https://problems.casino.example/internal-error',
      status: 500,
      requestId: 'trace-abc-12345',
    });
    expect(response.body).not.toMatch(/hunter2|secret\.ts|at \//);
    const logged = logLines.find((l) => l.includes('trace-abc-12345') && l.includes('request failed'));
    expect(logged).toBeDefined();
    expect(logged).toMatch(/"stack":/);
  });

  it('maps a domain error to its catalog status, type and field', async () => {
    const response = await app.inject({ method: 'GET', url: '/insufficient' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      type: 'https://problems.casino.example/insufficient-funds',
      field: 'body.amount',
      detail: expect.stringContaining('20.00 CZK'),
    });
  });

  it('answers an unknown route with 404 problem+json', async () => {
    const response = await app.inject({ method: 'GET', url: '/nope?token=abc' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ type: 'https://problems.casino.example/not-found', detail: 'No route GET /nope' });
  });
});

describe('http: request ids', () => {
  it('keeps a well-formed incoming x-request-id and replaces a malformed one', async () => {
    const kept = await app.inject({ method: 'GET', url: '/health/live', headers: { 'x-request-id': 'upstream-req-000123' } });
    expect(kept.headers['x-request-id']).toBe('upstream-req-000123');
    const replaced = await app.inject({ method: 'GET', url: '/health/live', headers: { 'x-request-id': 'bad id\n' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('http: JWT audiences', () => {
  const playerToken = () => app.issueAccessToken({ audience: 'player', subject: 'player-1' });
  const staffToken = () => app.issueAccessToken({ audience: 'staff', subject: 'staff-1' });

  it('admits a player token on a player route and a staff token on a staff route', async () => {
    const player = await app.inject({
      method: 'GET',
      url: '/player-only',
      headers: { authorization: `Bearer ${playerToken()}` },
    });
    expect(player.statusCode).toBe(200);
    expect(player.json()).toEqual({ subject: 'player-1' });
    const staff = await app.inject({ method: 'GET', url: '/staff-only', headers: { authorization: `Bearer ${staffToken()}` } });
    expect(staff.json()).toEqual({ roles: ['auditor'] });
  });

  it('refuses a staff token on a player route and a player token on a staff route', async () => {
    const a = await app.inject({ method: 'GET', url: '/player-only', headers: { authorization: `Bearer ${staffToken()}` } });
    const b = await app.inject({ method: 'GET', url: '/staff-only', headers: { authorization: `Bearer ${playerToken()}` } });
    for (const response of [a, b]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        type: 'https://problems.casino.example/unauthorized',
        field: 'header.authorization',
      });
    }
  });

  it('refuses a missing token and a token signed with another secret', async () => {
    const missing = await app.inject({ method: 'GET', url: '/player-only' });
    expect(missing.statusCode).toBe(401);
    const forged = app.jwt.sign({ sub: 'x', aud: 'casino:player' }, { key: 'another-secret-another-secret-another-1' });
    const response = await app.inject({ method: 'GET', url: '/player-only', headers: { authorization: `Bearer ${forged}` } });
    expect(response.statusCode).toBe(401);
  });
});

describe('http: logs', () => {
  it('never writes passwords, tokens or personal data to the log', async () => {
    const token = app.issueAccessToken({ audience: 'player', subject: 'player-p' });
    await app.inject({
      method: 'GET',
      url: '/log-personal-data?token=query-secret-123',
      headers: { authorization: `Bearer ${token}` },
    });
    const all = logLines.join('');
    expect(all).toContain('registration received');
    for (const secret of ['7801011234', 'jan@example.cz', 'S3cr3t-pw!', token, 'query-secret-123'])
      expect(all).not.toContain(secret);
  });
});

describe('http: health', () => {
  it('reports live, and ready when PostgreSQL and Redis answer', async () => {
    expect((await app.inject({ method: 'GET', url: '/health/live' })).json()).toEqual({ status: 'live' });
    const ready = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { postgres: 'up', redis: 'up' } });
  });
});
