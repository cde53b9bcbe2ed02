/**
 * Issue 14 (14): the security headers of every app. Each app is built as `npm start` builds it and
 * asked over `inject`: nosniff everywhere, HSTS only where the configuration says TLS terminates in
 * front of it, a Content-Security-Policy on Swagger UI that still lets it load, and `no-store` on
 * the responses that carry a credential (player and staff tokens).
 */
import { buildAdminApi, loadAdminApiConfig } from '@casino/admin-api';
import { defaultComplianceRules } from '@casino/compliance';
import { createTestStaff, testSecretBox } from '@casino/compliance/testing';
import { systemClock } from '@casino/core';
import { buildGameService, loadGameServiceConfig } from '@casino/game-service';
import type { App } from '@casino/http';
import { createTestConnections, testServiceEnv, type TestConnections } from '@casino/http/testing';
import { buildPaymentsGateway, loadPaymentsGatewayConfig } from '@casino/payments-gateway';
import { buildPlayerApi, loadPlayerApiConfig } from '@casino/player-api';
import {
  applicationFor,
  newPerson,
  registerToTemporaryAccount,
  smsCodeFor,
  smsCount,
  startHarness,
  type Harness,
} from '@casino/test-support';
import { buildSandbox, loadSandboxConfig } from '@casino/sandbox';
import { buildWorkerHealthApp, loadWorkerConfig } from '@casino/worker';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type Env = Record<string, string | undefined>;
let connections: TestConnections;
const built: App[] = [];

const builders: Record<string, (env: Env) => Promise<App>> = {
  'player-api': (env) =>
    buildPlayerApi({ config: loadPlayerApiConfig(env), connections, redisKeyPrefix: connections.redisKeyPrefix }),
  'admin-api': (env) =>
    buildAdminApi({ config: loadAdminApiConfig(env), connections, redisKeyPrefix: connections.redisKeyPrefix }),
  'game-service': (env) =>
    buildGameService({ config: loadGameServiceConfig(env), connections, redisKeyPrefix: connections.redisKeyPrefix }),
  'payments-gateway': (env) =>
    buildPaymentsGateway({ config: loadPaymentsGatewayConfig(env), connections, redisKeyPrefix: connections.redisKeyPrefix }),
  sandbox: (env) => buildSandbox({ config: loadSandboxConfig(env) }),
  worker: (env) => buildWorkerHealthApp(loadWorkerConfig(env), connections),
};

async function build(name: string, env: Env): Promise<App> {
  const app = await builders[name]!(env);
  built.push(app);
  await app.ready();
  return app;
}

beforeAll(async () => {
  connections = await createTestConnections();
});

afterAll(async () => {
  await Promise.all(built.map((app) => app.close()));
  await connections?.close();
});

describe('issue 14 (14): security headers on every app', () => {
  for (const name of Object.keys(builders)) {
    it(`issue 14 (14): ${name} sends X-Content-Type-Options: nosniff on every response (health, problem+json), and no HSTS unless BEHIND_TLS`, async () => {
      const app = await build(name, testServiceEnv());
      for (const url of ['/health/live', '/no-such-route', '/openapi.json']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.headers['x-content-type-options'], url).toBe('nosniff');
        expect(response.headers['strict-transport-security'], url).toBeUndefined();
      }
    });

    it(`issue 14 (14): ${name} serves Swagger UI under a Content-Security-Policy that allows its own files only`, async () => {
      const app = await build(name, testServiceEnv());
      const page = await app.inject({ method: 'GET', url: '/docs/' });
      expect(page.statusCode).toBe(200);
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https:|\*/);
      // The page loads only same-origin scripts (no inline script the policy would block) and they are served.
      const scripts = [...page.body.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attributes, inline] of scripts) {
        expect(inline!.trim(), 'inline script').toBe('');
        const src = /src="([^"]+)"/.exec(attributes!)?.[1];
        expect(src, 'script without src').toMatch(/^\.?\/?[\w./-]+$/);
        const file = await app.inject({ method: 'GET', url: new URL(src!, 'http://app/docs/').pathname });
        expect(file.statusCode, src).toBe(200);
        expect(file.headers['content-security-policy'], src).toBe(csp);
      }
      expect(page.body).not.toMatch(/<style|style="/);
      expect((await app.inject({ method: 'GET', url: '/health/live' })).headers['content-security-policy']).toBeUndefined();
    });
  }

  for (const name of ['player-api', 'admin-api', 'game-service', 'payments-gateway', 'worker']) {
    it(`issue 14 (14): ${name} sends Strict-Transport-Security when BEHIND_TLS=true`, async () => {
      const app = await build(name, testServiceEnv({ BEHIND_TLS: 'true' }));
      const response = await app.inject({ method: 'GET', url: '/health/live' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    });
  }
});

describe('issue 14 (14): Cache-Control: no-store on responses carrying a credential', () => {
  it('issue 14 (14): staff login (the access token) and creating a staff user (the TOTP secret) are no-store; other admin responses are not marked', async () => {
    const app = await build('admin-api', testServiceEnv());
    const admin = await createTestStaff(
      { db: connections.db, clock: systemClock, rules: defaultComplianceRules, secrets: testSecretBox },
      ['admin'],
    );
    const email = `headers-${process.pid}-${Date.now()}@staff.test`;
    const created = await app.inject({
      method: 'POST',
      url: '/v1/staff/users',
      headers: { authorization: `Bearer ${app.issueAccessToken({ audience: 'staff', subject: admin.staffUserId })}` },
      payload: {
        email,
        displayName: 'Header Check',
        roles: ['support'],
        password: 'correct horse battery',
        reason: 'issue 14 header test',
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const totpCode = await generate({ secret: created.json().totpSecret, epoch: Math.floor(Date.now() / 1000) });
    const login = await app.inject({
      method: 'POST',
      url: '/v1/staff/login',
      payload: { email, password: 'correct horse battery', totpCode },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().accessToken).toEqual(expect.any(String));
    expect(login.headers['cache-control']).toBe('no-store');
    const refused = await app.inject({
      method: 'POST',
      url: '/v1/staff/login',
      payload: { email, password: 'wrong password!!', totpCode },
    });
    expect(refused.headers['cache-control']).toBe('no-store');
    expect((await app.inject({ method: 'GET', url: '/health/live' })).headers['cache-control']).toBeUndefined();
  });

  describe('player API', () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startHarness(new Date());
    });
    afterAll(async () => {
      await h?.close();
    });

    it('issue 14 (14): player login, the SMS code that returns the tokens and refresh are no-store', async () => {
      const person = await newPerson(h);
      const body = applicationFor(person);
      const registered = await registerToTemporaryAccount(h, body);
      const refreshed = await h.api.inject({
        method: 'POST',
        url: '/v1/auth/refresh',
        payload: { refreshToken: registered.refreshToken },
      });
      expect(refreshed.statusCode).toBe(200);
      expect(refreshed.json().accessToken).toEqual(expect.any(String));
      expect(refreshed.headers['cache-control']).toBe('no-store');
      const before = await smsCount(h, registered.phone);
      const login = await h.api.inject({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { email: registered.email, password: body.password },
      });
      expect(login.headers['cache-control']).toBe('no-store');
      const tokens =
        login.statusCode === 202
          ? await h.api.inject({
              method: 'POST',
              url: '/v1/auth/sms-code',
              payload: { challengeId: login.json().challengeId, code: await smsCodeFor(h, registered.phone, before) },
            })
          : login;
      expect(tokens.statusCode).toBe(200);
      expect(tokens.json().refreshToken).toEqual(expect.any(String));
      expect(tokens.headers['cache-control']).toBe('no-store');
    });
  });
});
