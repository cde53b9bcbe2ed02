/**
 * Staff sessions (issue 21, D-2101): the console keeps a staff login for a shift through a rotating
 * refresh token. Login returns one; each refresh returns a new access token and a new refresh token;
 * a refresh token used twice ends the whole session; logout ends it; a deactivated staff user cannot
 * refresh; no session outlives 12 hours after the login.
 */
import { createTestStaff, type TestStaff } from '@casino/compliance/testing';
import { ManualClock } from '@casino/core';
import type { App } from '@casino/http';
import { createTestConnections, testServiceEnv, type TestConnections } from '@casino/http/testing';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminApi } from './app.ts';
import { loadAdminApiConfig } from './config.ts';

let connections: TestConnections;
let app: App;
const clock = new ManualClock(new Date('2026-11-26T08:00:00Z'));

beforeAll(async () => {
  connections = await createTestConnections();
  app = await buildAdminApi({
    config: loadAdminApiConfig(testServiceEnv()),
    connections,
    redisKeyPrefix: connections.redisKeyPrefix,
    clock,
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await connections?.close();
});

/** A staff user whose TOTP secret is sealed with the app's own key, so the login route can check the code. */
const staffUser = (roles: TestStaff['roles']) => createTestStaff(app.platform.compliance(), roles);

async function login(staff: TestStaff) {
  const totpCode = await generate({ secret: staff.totpSecret, epoch: Math.floor(clock.now().getTime() / 1000) });
  const response = await app.inject({
    method: 'POST',
    url: '/v1/staff/login',
    payload: { email: staff.email, password: staff.password, totpCode },
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { accessToken: string; refreshToken: string; roles: string[] };
}

const refresh = (refreshToken: string) => app.inject({ method: 'POST', url: '/v1/staff/refresh', payload: { refreshToken } });

describe('staff sessions (issue 21)', () => {
  it('D-2101 issue 21: a staff login returns a refresh token; a refresh rotates it and returns a working access token with the current roles', async () => {
    const staff = await staffUser(['auditor']);
    const session = await login(staff);
    expect(session.refreshToken.length).toBeGreaterThan(20);
    const renewed = await refresh(session.refreshToken);
    expect(renewed.statusCode).toBe(200);
    const body = renewed.json();
    expect(body).toMatchObject({ staffUserId: staff.staffUserId, roles: ['auditor'], tokenType: 'Bearer' });
    expect(body.refreshToken).not.toBe(session.refreshToken);
    const verify = await app.inject({
      method: 'GET',
      url: '/v1/audit-log/verify',
      headers: { authorization: `Bearer ${body.accessToken}` },
    });
    expect(verify.statusCode).toBe(200);
    // Only digests are stored.
    const stored = await connections.db.staffRefreshToken.findMany({ where: { staffUserId: staff.staffUserId } });
    expect(stored.map((t) => t.tokenHash)).not.toContain(body.refreshToken);
  });

  it('D-2101 issue 21: a refresh token presented twice ends the whole session (refresh-token-reused), and the newer token dies with it', async () => {
    const session = await login(await staffUser(['support']));
    const first = (await refresh(session.refreshToken)).json();
    const replay = await refresh(session.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().type).toBe('https://problems.casino.example/refresh-token-reused');
    expect((await refresh(first.refreshToken)).statusCode).toBe(400);
  });

  it('D-2101 issue 21: logout revokes the session; a deactivated staff user cannot refresh; nothing outlives 12 hours after the login', async () => {
    const staff = await staffUser(['finance']);
    const session = await login(staff);
    const logout = await app.inject({
      method: 'POST',
      url: '/v1/staff/logout',
      headers: { authorization: `Bearer ${session.accessToken}` },
      payload: { refreshToken: session.refreshToken },
    });
    expect(logout.statusCode).toBe(200);
    expect((await refresh(session.refreshToken)).json().type).toBe('https://problems.casino.example/invalid-token');

    clock.advanceMs(60_000);
    const again = await login(staff);
    await connections.db.staffUser.update({ where: { id: staff.staffUserId }, data: { active: false } });
    expect((await refresh(again.refreshToken)).json().type).toBe('https://problems.casino.example/account-not-active');

    const other = await staffUser(['auditor']);
    let token = (await login(other)).refreshToken;
    // Refreshed every 50 minutes (inside the idle limit) for 11 h 40 min: still alive...
    for (let i = 0; i < 14; i++) {
      clock.advanceMs(50 * 60_000);
      const renewed = await refresh(token);
      expect(renewed.statusCode, `refresh ${i}`).toBe(200);
      token = renewed.json().refreshToken;
    }
    // ...but not past the twelfth hour.
    clock.advanceMs(50 * 60_000);
    expect((await refresh(token)).json().type).toBe('https://problems.casino.example/invalid-token');
  });
});
