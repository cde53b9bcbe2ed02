import { createHmac } from 'node:crypto';
import { buildAdminApi, loadAdminApiConfig } from '@casino/test-support/apps';
import { defaultComplianceRules, type ComplianceContext } from '@casino/compliance';
import { createTestStaff, testSecretBox, type TestStaff } from '@casino/compliance/testing';
import type { App } from '@casino/http';
import { testServiceEnv } from '@casino/http/testing';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlayerApi } from './app.ts';
import { cashBalance, czk, key, registeredPlayer, type CashierPlayer } from './cashier-test-support.ts';
import { loadPlayerApiConfig } from './config.ts';
import {
  applicationFor,
  newPerson,
  registerToTemporaryAccount,
  startHarness,
  type Harness,
  type Registered,
} from '@casino/test-support';

/**
 * Issue 14 (1): access is decided by the account as it is now, not as it was when the token was
 * issued. Each API runs as two instances on one database and Redis (as replicas do); every check
 * first warms both instances' caches with the token, so what is proved is the invalidation.
 */
let h: Harness;
let admins: App[];
let apis: App[];
let ctx: ComplianceContext;
let adminUser: TestStaff;
let depositor: CashierPlayer;

beforeAll(async () => {
  h = await startHarness();
  const env = testServiceEnv();
  const shared = { connections: h.connections, redisKeyPrefix: h.connections.redisKeyPrefix, clock: h.clock };
  const [secondAdmin, secondApi] = await Promise.all([
    buildAdminApi({ config: loadAdminApiConfig(env), ...shared, guards: h.guards }),
    buildPlayerApi({
      config: loadPlayerApiConfig({ ...env, MF_REGISTERS_URL: h.sandboxUrl, PSP_URL: h.sandboxUrl }),
      ...shared,
      guards: h.guards,
    }),
  ]);
  await Promise.all([secondAdmin.ready(), secondApi.ready()]);
  admins = [h.admin, secondAdmin];
  apis = [h.api, secondApi];
  ctx = { db: h.connections.db, clock: h.clock, rules: defaultComplianceRules, secrets: testSecretBox };
  adminUser = await createTestStaff(ctx, ['admin']);
  depositor = await registeredPlayer(h);
}, 120_000);

afterAll(async () => {
  await Promise.all([admins?.[1]?.close(), apis?.[1]?.close()]);
  await h?.close();
});

const staffBearer = (staff: TestStaff) => ({
  authorization: `Bearer ${h.admin.issueAccessToken({ audience: 'staff', subject: staff.staffUserId })}`,
});
const idCheck = { documentType: 'national-id', documentNumber: '123456789' };
const cashDeposit = (app: App, staff: TestStaff) =>
  app.inject({
    method: 'POST',
    url: '/v1/cashier/cash-deposits',
    headers: { ...staffBearer(staff), ...key() },
    payload: { playerId: depositor.playerId, amount: czk('10.00'), idCheck },
  });
const trialBalance = (app: App, staff: TestStaff) =>
  app.inject({ method: 'GET', url: '/v1/ledger/trial-balance?currency=CZK', headers: staffBearer(staff) });
const me = (app: App, player: Registered) =>
  app.inject({ method: 'GET', url: '/v1/me', headers: { authorization: `Bearer ${player.accessToken}` } });

async function changeStaff(staff: TestStaff, change: { active?: boolean; roles?: string[] }): Promise<void> {
  const response = await h.admin.inject({
    method: 'PATCH',
    url: `/v1/staff/users/${staff.staffUserId}`,
    headers: staffBearer(adminUser),
    payload: { ...change, reason: 'issue 14 access test' },
  });
  expect(response.statusCode).toBe(200);
}

async function accountAction(player: Registered, body: object): Promise<void> {
  const response = await h.admin.inject({
    method: 'POST',
    url: `/v1/players/${player.playerId}/actions`,
    headers: staffBearer(adminUser),
    payload: body,
  });
  expect(response.statusCode).toBe(200);
}

function expectRefusedToken(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(401);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(response.json()).toMatchObject({ type: 'https://problems.casino.example/unauthorized', field: 'header.authorization' });
}

describe('issue 14 (1): staff access follows the staff record at once, on every admin-api instance', () => {
  it('issue 14 (1): after PATCH {"active":false} the old token posts no cash deposit on either instance (401 problem+json), nothing posted', async () => {
    const cashier = await createTestStaff(ctx, ['support']);
    for (const app of admins) expect((await cashDeposit(app, cashier)).statusCode).toBe(201);
    const balance = await cashBalance(h, depositor.playerId);
    await changeStaff(cashier, { active: false });
    for (const app of admins) expectRefusedToken(await cashDeposit(app, cashier));
    expect(await cashBalance(h, depositor.playerId)).toBe(balance);
  });

  it("issue 14 (1): after a role is removed the old token is refused that role's routes on either instance (403) and keeps the others", async () => {
    const clerk = await createTestStaff(ctx, ['support', 'auditor']);
    for (const app of admins) {
      expect((await cashDeposit(app, clerk)).statusCode).toBe(201);
      expect((await trialBalance(app, clerk)).statusCode).toBe(200);
    }
    const balance = await cashBalance(h, depositor.playerId);
    await changeStaff(clerk, { roles: ['auditor'] });
    for (const app of admins) {
      const refused = await cashDeposit(app, clerk);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().type).toBe('https://problems.casino.example/forbidden');
      expect((await trialBalance(app, clerk)).statusCode).toBe(200);
    }
    expect(await cashBalance(h, depositor.playerId)).toBe(balance);
  });

  it('issue 14 (1): a role added takes effect at once too (roles come from the record, not the token)', async () => {
    const reader = await createTestStaff(ctx, ['auditor']);
    for (const app of admins) expect((await cashDeposit(app, reader)).statusCode).toBe(403);
    await changeStaff(reader, { roles: ['auditor', 'support'] });
    for (const app of admins) expect((await cashDeposit(app, reader)).statusCode).toBe(201);
  });
});

describe('issue 14 (1): a player without access is refused with the token they hold, on every player-api instance', () => {
  const newPlayer = async () => registerToTemporaryAccount(h, applicationFor(await newPerson(h)));

  it('issue 14 (1): after staff close the account, GET /v1/me with the old token gets 401 on either instance', async () => {
    const player = await newPlayer();
    for (const app of apis) expect((await me(app, player)).statusCode).toBe(200);
    await accountAction(player, { action: 'close', reason: 'issue 14 access test', ground: 'i', barReregistration: false });
    for (const app of apis) expectRefusedToken(await me(app, player));
  });

  it('issue 14 (1): a player who closes their own account is refused with the same token at once', async () => {
    const player = await newPlayer();
    for (const app of apis) expect((await me(app, player)).statusCode).toBe(200);
    const closed = await h.api.inject({
      method: 'POST',
      url: '/v1/me/account-closure',
      headers: { authorization: `Bearer ${player.accessToken}` },
      payload: { confirm: true },
    });
    expect(closed.statusCode).toBe(200);
    for (const app of apis) expectRefusedToken(await me(app, player));
  });

  it('issue 14 (1): a blocked account is refused at once, and admitted again at once when unblocked', async () => {
    const player = await newPlayer();
    for (const app of apis) expect((await me(app, player)).statusCode).toBe(200);
    await accountAction(player, { action: 'block', reason: 'issue 14 access test' });
    for (const app of apis) expectRefusedToken(await me(app, player));
    await accountAction(player, { action: 'unblock', reason: 'issue 14 access test' });
    for (const app of apis) expect((await me(app, player)).statusCode).toBe(200);
  });
});

describe('issue 14 (3): hand-made tokens signed with the real secret', () => {
  const now = () => Math.floor(Date.now() / 1000);
  /** Claims exactly as given, HS256 with the apps' JWT_SECRET. */
  function handMadeToken(claims: Record<string, unknown>): string {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
    return `${unsigned}.${createHmac('sha256', testServiceEnv().JWT_SECRET!).update(unsigned).digest('base64url')}`;
  }
  const asBearer = (claims: Record<string, unknown>) => ({ authorization: `Bearer ${handMadeToken(claims)}` });

  it('issue 14 (3): without aud, iss or exp, or with both audiences, a token gets 401 problem+json on player and admin routes', async () => {
    const player = await registerToTemporaryAccount(h, applicationFor(await newPerson(h)));
    const playerClaims = { sub: player.playerId, aud: 'casino:player', iss: 'casino', iat: now(), exp: now() + 600 };
    const staffClaims = { ...playerClaims, sub: adminUser.staffUserId, aud: 'casino:staff' };
    // The controls: complete hand-made tokens are admitted.
    expect((await h.api.inject({ method: 'GET', url: '/v1/me', headers: asBearer(playerClaims) })).statusCode).toBe(200);
    expect((await trialBalance(h.admin, adminUser)).statusCode).toBe(200);
    expect(
      (await h.admin.inject({ method: 'GET', url: '/v1/ledger/trial-balance?currency=CZK', headers: asBearer(staffClaims) }))
        .statusCode,
    ).toBe(200);
    const without = (claims: Record<string, unknown>, claim: string) =>
      Object.fromEntries(Object.entries(claims).filter(([name]) => name !== claim));
    for (const claim of ['aud', 'iss', 'exp']) {
      expectRefusedToken(await h.api.inject({ method: 'GET', url: '/v1/me', headers: asBearer(without(playerClaims, claim)) }));
      expectRefusedToken(
        await h.admin.inject({
          method: 'GET',
          url: '/v1/ledger/trial-balance?currency=CZK',
          headers: asBearer(without(staffClaims, claim)),
        }),
      );
    }
    const both = ['casino:player', 'casino:staff'];
    expectRefusedToken(await h.api.inject({ method: 'GET', url: '/v1/me', headers: asBearer({ ...playerClaims, aud: both }) }));
    expectRefusedToken(
      await h.admin.inject({
        method: 'GET',
        url: '/v1/ledger/trial-balance?currency=CZK',
        headers: asBearer({ ...staffClaims, aud: both }),
      }),
    );
  });
});

describe('issue 14 (5): player-api authenticates before it reads the body', () => {
  const deep = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

  it('issue 14 (5): an unauthenticated request with an invalid body gets 401, not 400 (also one carrying a card number, not 422)', async () => {
    expectRefusedToken(await h.api.inject({ method: 'POST', url: '/v1/payment-methods', payload: { kind: 'nonsense' } }));
    expectRefusedToken(
      await h.api.inject({ method: 'POST', url: '/v1/payment-methods', payload: { kind: 'card', number: '4111111111111111' } }),
    );
    expectRefusedToken(await h.api.inject({ method: 'POST', url: '/v1/deposits', payload: { amount: 'lots' } }));
    expectRefusedToken(await h.api.inject({ method: 'PATCH', url: '/v1/me/personal-data', payload: { phone: 42 } }));
  });

  it('issue 14 (5): a 5,000-deep JSON body on the card-number check gets 401 without a token and 400 problem+json with one', async () => {
    const body = `{"kind":"card","token":${deep(5_000)}}`;
    expectRefusedToken(
      await h.api.inject({
        method: 'POST',
        url: '/v1/payment-methods',
        headers: { 'content-type': 'application/json' },
        payload: body,
      }),
    );
    const player = await registerToTemporaryAccount(h, applicationFor(await newPerson(h)));
    const response = await h.api.inject({
      method: 'POST',
      url: '/v1/payment-methods',
      headers: { authorization: `Bearer ${player.accessToken}`, 'content-type': 'application/json' },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({ type: 'https://problems.casino.example/validation-failed', field: 'body' });
  });
});
