import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { connectionReadinessChecks } from './boot.ts';
import { createHttpApp, type App } from './create-app.ts';
import { jsonBodyDepthMax, jsonNestingDepth } from './json-depth.ts';
import { createCachedPrincipalResolver, type PrincipalRecord } from './principals.ts';
import { createTestConnections, type TestConnections } from './testing.ts';

/**
 * Issue 14 (1), (3), (5) at the level of the auth plugin: two instances of one app share Redis and a
 * "database" (the map below, which the principal lookups read), as two replicas of a service do.
 */
const jwtSecret = 'auth-test-secret-auth-test-secret-0123456789';
let connections: TestConnections;
const records = new Map<string, PrincipalRecord>();
const lookups = { staff: 0, player: 0 };
let gate: Promise<void> | null = null;
let first: App;
let second: App;

async function instance(): Promise<App> {
  const app = await createHttpApp({
    service: 'auth-test',
    version: '0',
    description: 'auth test',
    logLevel: 'silent',
    jwtSecret,
    principals: createCachedPrincipalResolver({
      redis: connections.redis,
      keyPrefix: connections.redisKeyPrefix,
      lookups: {
        staff: async (subject) => (lookups.staff++, await gate, records.get(`staff:${subject}`) ?? null),
        player: async (subject) => (lookups.player++, records.get(`player:${subject}`) ?? null),
      },
    }),
    readinessChecks: connectionReadinessChecks(connections),
  });
  const Body = z.object({ amount: z.string().regex(/^\d+\.\d{2}$/), nested: z.unknown().optional() });
  // Listed after a preValidation hook on purpose: authentication in onRequest still runs first.
  app.post(
    '/player/deposits',
    {
      preValidation: async (request) => void JSON.stringify(request.body),
      onRequest: app.authenticate('player'),
      schema: { body: Body },
    },
    async (request) => ({ subject: request.principal!.subject }),
  );
  app.get('/player/me', { onRequest: app.authenticate('player') }, async (request) => ({ subject: request.principal!.subject }));
  app.get('/staff/ledger', { onRequest: app.authorizeStaff(['auditor', 'finance']) }, async (request) => ({
    roles: request.principal!.roles,
  }));
  app.post('/staff/cash-deposits', { onRequest: app.authorizeStaff(['support']), schema: { body: Body } }, async () => ({
    ok: true,
  }));
  await app.ready();
  return app;
}

beforeAll(async () => {
  connections = await createTestConnections();
  [first, second] = await Promise.all([instance(), instance()]);
});

afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
  await connections?.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const staffHeaders = (app: App, subject: string) => bearer(app.issueAccessToken({ audience: 'staff', subject }));
const playerHeaders = (app: App, subject: string) => bearer(app.issueAccessToken({ audience: 'player', subject }));

/** A JWT made by hand and signed with the real secret (HS256), claims exactly as given. */
function handMadeToken(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${unsigned}.${createHmac('sha256', jwtSecret).update(unsigned).digest('base64url')}`;
}

function expectUnauthorized(response: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): { type: string; field?: string };
}): void {
  expect(response.statusCode).toBe(401);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(response.json()).toMatchObject({ type: 'https://problems.casino.example/unauthorized', field: 'header.authorization' });
}

describe("issue 14 (1): a token is judged by its subject's current record, on every instance", () => {
  it("issue 14 (1): a deactivated staff user's old token is refused at once by both instances", async () => {
    records.set('staff:s-deactivated', { roles: ['auditor'] });
    const headers = staffHeaders(first, 's-deactivated');
    for (const app of [first, second])
      expect((await app.inject({ method: 'GET', url: '/staff/ledger', headers })).statusCode).toBe(200);
    records.delete('staff:s-deactivated'); // the lookup now answers null, as for active = false
    await first.principalChanged('staff', 's-deactivated');
    for (const app of [first, second]) expectUnauthorized(await app.inject({ method: 'GET', url: '/staff/ledger', headers }));
  });

  it('issue 14 (1): roles come from the record, not the token: a removed role is refused at once by both instances', async () => {
    records.set('staff:s-demoted', { roles: ['support', 'auditor'] });
    const headers = staffHeaders(first, 's-demoted');
    for (const app of [first, second]) {
      expect((await app.inject({ method: 'GET', url: '/staff/ledger', headers })).json()).toEqual({
        roles: ['support', 'auditor'],
      });
      expect(
        (await app.inject({ method: 'POST', url: '/staff/cash-deposits', headers, payload: { amount: '10.00' } })).statusCode,
      ).toBe(200);
    }
    records.set('staff:s-demoted', { roles: ['auditor'] });
    await second.principalChanged('staff', 's-demoted');
    for (const app of [first, second]) {
      const refused = await app.inject({ method: 'POST', url: '/staff/cash-deposits', headers, payload: { amount: '10.00' } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().type).toBe('https://problems.casino.example/forbidden');
      expect((await app.inject({ method: 'GET', url: '/staff/ledger', headers })).json()).toEqual({ roles: ['auditor'] });
    }
  });

  it("issue 14 (1): a closed player's token is refused at once by both instances", async () => {
    records.set('player:p-closed', { roles: [] });
    const headers = playerHeaders(first, 'p-closed');
    for (const app of [first, second])
      expect((await app.inject({ method: 'GET', url: '/player/me', headers })).statusCode).toBe(200);
    records.delete('player:p-closed');
    await second.principalChanged('player', 'p-closed');
    for (const app of [first, second]) expectUnauthorized(await app.inject({ method: 'GET', url: '/player/me', headers }));
  });

  it('issue 14 (1): the check is cheap: repeated requests look the record up once per instance until it changes', async () => {
    records.set('player:p-busy', { roles: [] });
    const headers = playerHeaders(first, 'p-busy');
    const before = lookups.player;
    for (let i = 0; i < 20; i++) {
      for (const app of [first, second])
        expect((await app.inject({ method: 'GET', url: '/player/me', headers })).statusCode).toBe(200);
    }
    expect(lookups.player - before).toBe(2);
  });

  it('issue 14 (1): a change that commits while a lookup is running is not cached as current', async () => {
    records.set('staff:s-racing', { roles: ['auditor'] });
    const headers = staffHeaders(first, 's-racing');
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const lookupsBefore = lookups.staff;
    const inFlight = first.inject({ method: 'GET', url: '/staff/ledger', headers });
    while (lookups.staff === lookupsBefore) await new Promise((resolve) => setImmediate(resolve));
    // The lookup has started (and will read the old record); the user is deactivated meanwhile.
    const stale = records.get('staff:s-racing');
    records.delete('staff:s-racing');
    await second.principalChanged('staff', 's-racing');
    records.set('staff:s-racing', stale!); // what the in-flight lookup "read" before the change
    open();
    gate = null;
    expect((await inFlight).statusCode).toBe(200);
    records.delete('staff:s-racing');
    expectUnauthorized(await first.inject({ method: 'GET', url: '/staff/ledger', headers }));
  });
});

describe('issue 14 (3): tokens need iss, aud, exp and sub, and exactly one audience', () => {
  const now = () => Math.floor(Date.now() / 1000);
  const complete = (aud: unknown) => ({ sub: 'p-claims', aud, iss: 'casino', iat: now(), exp: now() + 600 });

  it('issue 14 (3): a hand-made token with every claim is admitted (the control)', async () => {
    records.set('player:p-claims', { roles: [] });
    records.set('staff:p-claims', { roles: ['auditor'] });
    expect(
      (await first.inject({ method: 'GET', url: '/player/me', headers: bearer(handMadeToken(complete('casino:player'))) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await first.inject({ method: 'GET', url: '/staff/ledger', headers: bearer(handMadeToken(complete('casino:staff'))) }))
        .statusCode,
    ).toBe(200);
  });

  it.each(['aud', 'iss', 'exp', 'sub'])(
    'issue 14 (3): a token signed with the real secret but without %s gets 401 problem+json',
    async (claim) => {
      const claims: Record<string, unknown> = complete('casino:player');
      delete claims[claim];
      expectUnauthorized(await first.inject({ method: 'GET', url: '/player/me', headers: bearer(handMadeToken(claims)) }));
    },
  );

  it('issue 14 (3): a token naming both audiences passes neither player nor staff routes', async () => {
    const both = bearer(handMadeToken(complete(['casino:player', 'casino:staff'])));
    expectUnauthorized(await first.inject({ method: 'GET', url: '/player/me', headers: both }));
    expectUnauthorized(await first.inject({ method: 'GET', url: '/staff/ledger', headers: both }));
  });

  it('issue 14 (3): a token of another issuer, or already expired, gets 401', async () => {
    expectUnauthorized(
      await first.inject({
        method: 'GET',
        url: '/player/me',
        headers: bearer(handMadeToken({ ...complete('casino:player'), iss: 'elsewhere' })),
      }),
    );
    expectUnauthorized(
      await first.inject({
        method: 'GET',
        url: '/player/me',
        headers: bearer(handMadeToken({ ...complete('casino:player'), exp: now() - 60 })),
      }),
    );
  });
});

describe('D-1791: a token verified once is remembered only while it is valid', () => {
  const now = () => Math.floor(Date.now() / 1000);

  afterEach(() => vi.useRealTimers());

  it('issue 14 (3), D-1791: a token admitted before is refused once its exp has passed', async () => {
    records.set('player:p-remembered', { roles: [] });
    const headers = bearer(
      handMadeToken({ sub: 'p-remembered', aud: 'casino:player', iss: 'casino', iat: now(), exp: now() + 60 }),
    );
    expect((await first.inject({ method: 'GET', url: '/player/me', headers })).statusCode).toBe(200);
    expect((await first.inject({ method: 'GET', url: '/player/me', headers })).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    expectUnauthorized(await first.inject({ method: 'GET', url: '/player/me', headers }));
  });

  it('issue 14 (1), D-1791: a remembered player token still opens no staff route', async () => {
    records.set('player:p-audience', { roles: [] });
    records.set('staff:p-audience', { roles: ['auditor'] });
    const headers = playerHeaders(first, 'p-audience');
    expect((await first.inject({ method: 'GET', url: '/player/me', headers })).statusCode).toBe(200);
    expectUnauthorized(await first.inject({ method: 'GET', url: '/staff/ledger', headers }));
  });
});

describe('issue 14 (5): authentication before the body, and deep bodies harmless', () => {
  const deep = (depth: number) => `${'{"nested":'.repeat(depth)}1${'}'.repeat(depth)}`;

  it('issue 14 (5): an unauthenticated request with an invalid body gets 401, not 400 (authenticate listed after a preValidation hook)', async () => {
    expectUnauthorized(await first.inject({ method: 'POST', url: '/player/deposits', payload: { amount: 'lots' } }));
    expectUnauthorized(await first.inject({ method: 'POST', url: '/staff/cash-deposits', payload: { amount: 'lots' } }));
  });

  it('issue 14 (5): a 5,000-deep JSON body gets 401 unauthenticated and 400 problem+json authenticated, never a stack overflow', async () => {
    const body = `{"amount":"1.00","nested":${deep(5_000)}}`;
    const anonymous = await first.inject({
      method: 'POST',
      url: '/player/deposits',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expectUnauthorized(anonymous);
    records.set('player:p-deep', { roles: [] });
    const authenticated = await first.inject({
      method: 'POST',
      url: '/player/deposits',
      headers: { ...playerHeaders(first, 'p-deep'), 'content-type': 'application/json' },
      payload: body,
    });
    expect(authenticated.statusCode).toBe(400);
    expect(authenticated.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(authenticated.json()).toMatchObject({ type: 'https://problems.casino.example/validation-failed', field: 'body' });
  });

  it('issue 14 (5): bodies up to the depth limit are parsed as before; brackets inside strings do not count', async () => {
    records.set('player:p-shallow', { roles: [] });
    const headers = { ...playerHeaders(first, 'p-shallow'), 'content-type': 'application/json' };
    const atLimit = `{"amount":"1.00","nested":${deep(jsonBodyDepthMax - 1)}}`;
    expect(jsonNestingDepth(atLimit)).toBe(jsonBodyDepthMax);
    expect((await first.inject({ method: 'POST', url: '/player/deposits', headers, payload: atLimit })).statusCode).toBe(200);
    const bracketsInText = JSON.stringify({ amount: '1.00', nested: '[[[[{{{{\\"'.repeat(1_000) });
    expect((await first.inject({ method: 'POST', url: '/player/deposits', headers, payload: bracketsInText })).statusCode).toBe(
      200,
    );
    expect(
      (
        await first.inject({
          method: 'POST',
          url: '/player/deposits',
          headers,
          payload: `{"amount":"1.00","nested":${deep(jsonBodyDepthMax)}}`,
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('issue 15: the access token lifetime is one value', () => {
  const lifetimeOf = (token: string) => {
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { iat: number; exp: number };
    return claims.exp - claims.iat;
  };

  it('issue 15: app.accessTokenTtlSeconds (what the logins answer as expiresIn) is the lifetime the issued token carries, 900 s by default', () => {
    expect(first.accessTokenTtlSeconds).toBe(900);
    expect(lifetimeOf(first.issueAccessToken({ audience: 'player', subject: 'p-1' }))).toBe(first.accessTokenTtlSeconds);
  });

  it('issue 15: an app configured with another lifetime issues and announces that one', async () => {
    const app = await createHttpApp({
      service: 'ttl-test',
      version: '0',
      description: 'ttl test',
      logLevel: 'silent',
      jwtSecret,
      accessTokenTtlSeconds: 120,
      readinessChecks: [],
    });
    try {
      await app.ready();
      expect(app.accessTokenTtlSeconds).toBe(120);
      expect(lifetimeOf(app.issueAccessToken({ audience: 'staff', subject: 's-1' }))).toBe(120);
    } finally {
      await app.close();
    }
  });
});

describe('issue 15: staff and player authentication declared once, in onRequest', () => {
  it('issue 15: a route that lists authenticate or authorizeStaff as a preHandler (or preValidation) is refused when it is defined', async () => {
    for (const stage of ['preHandler', 'preValidation'] as const) {
      const app = await createHttpApp({
        service: 'auth-test',
        version: '0',
        description: 'auth test',
        logLevel: 'silent',
        jwtSecret,
        principals: createCachedPrincipalResolver({
          redis: connections.redis,
          keyPrefix: connections.redisKeyPrefix,
          lookups: { staff: async () => null, player: async () => null },
        }),
        readinessChecks: connectionReadinessChecks(connections),
      });
      try {
        const define = async () => {
          app.get('/late', { [stage]: app.authorizeStaff(['auditor']) }, async () => ({}));
          await app.ready();
        };
        await expect(define()).rejects.toThrow(`GET /late: authenticate/authorizeStaff belong in onRequest, not ${stage}`);
      } finally {
        await app.close().catch(() => undefined);
      }
    }
  });
});
