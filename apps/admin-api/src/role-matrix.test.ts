import { createStaffPerRole, type StaffByRole } from '@casino/compliance/testing';
import { newId } from '@casino/core';
import { staffRoles, type App, type StaffRole } from '@casino/http';
import { createTestConnections, testServiceEnv, type TestConnections } from '@casino/http/testing';
import { buildPlayerApi, loadPlayerApiConfig } from '@casino/test-support/apps';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoutes, buildAdminApi } from './app.ts';
import { loadAdminApiConfig } from './config.ts';

/**
 * The role matrix (issue 9): every route of the admin API, as the app itself lists them (so routes
 * other issues add are covered without touching this file), called with a token of each staff role,
 * a player token, and no token. A role a route declares gets past authorisation (whatever the
 * route then answers to this probe's made-up input); any other gets 403; players and anonymous
 * callers get 401. Staff are authorised before their input is parsed, so the probe's input never
 * decides the answer for a role that may not call the route.
 */
let connections: TestConnections;
let admin: App;
let playerApi: App;
let staffByRole: StaffByRole;

beforeAll(async () => {
  connections = await createTestConnections();
  const env = testServiceEnv();
  admin = await buildAdminApi({ config: loadAdminApiConfig(env), connections, redisKeyPrefix: connections.redisKeyPrefix });
  playerApi = await buildPlayerApi({
    config: loadPlayerApiConfig(env),
    connections,
    redisKeyPrefix: `${connections.redisKeyPrefix}:player`,
  });
  await Promise.all([admin.ready(), playerApi.ready()]);
  // Roles are read from the staff record, not the token (issue 14 (1)): one real user per role.
  staffByRole = await createStaffPerRole(connections.db);
});

afterAll(async () => {
  await Promise.all([admin?.close(), playerApi?.close()]);
  await connections?.close();
});

const infrastructure = (url: string) => url.startsWith('/health') || url.startsWith('/docs') || url === '/openapi.json';
const probeUrl = (url: string) => url.replace(/:[A-Za-z]+/g, () => newId()).replace(/\*$/, '');
const staffToken = (app: App, role: StaffRole) =>
  `Bearer ${app.issueAccessToken({ audience: 'staff', subject: staffByRole[role] })}`;
const playerToken = (app: App) => `Bearer ${app.issueAccessToken({ audience: 'player', subject: newId() })}`;

// One client address per probe: the matrix makes hundreds of requests, more than one address's rate limit.
let probeNo = 0;
const probeAddress = () => `10.${(++probeNo >> 16) & 255}.${(probeNo >> 8) & 255}.${probeNo & 255}`;

function call(method: string, url: string, authorization?: string) {
  const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
  return admin.inject({
    method: method as 'GET',
    url: probeUrl(url),
    remoteAddress: probeAddress(),
    headers: authorization ? { authorization, 'idempotency-key': `matrix-${newId()}` } : {},
    ...(payload ? { payload } : {}),
  });
}

describe('admin-api role matrix (issue 9: every route × every role)', () => {
  it('every admin route declares the staff roles it admits, or is explicitly public', () => {
    const routes = adminRoutes(admin).filter((r) => !infrastructure(r.url));
    expect(routes.length).toBeGreaterThan(20);
    const undeclared = routes.filter((r) => r.roles === null && !r.public).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
    expect(routes.filter((r) => r.public).map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /v1/staff/login',
      'POST /v1/staff/refresh',
    ]);
  });

  it('each role gets past authorisation exactly on the routes that declare it, and 403 everywhere else', async () => {
    const mismatches: string[] = [];
    for (const route of adminRoutes(admin).filter((r) => r.roles !== null && !infrastructure(r.url))) {
      for (const role of staffRoles) {
        const response = await call(route.method, route.url, staffToken(admin, role));
        const admitted = route.roles!.includes(role);
        const ok = admitted ? response.statusCode !== 401 && response.statusCode !== 403 : response.statusCode === 403;
        if (!ok)
          mismatches.push(`${role} ${route.method} ${route.url}: ${response.statusCode} (declared ${route.roles!.join(', ')})`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('a player token and no token get 401 on every staff route', async () => {
    const failures: string[] = [];
    for (const route of adminRoutes(admin).filter((r) => r.roles !== null && !infrastructure(r.url))) {
      const asPlayer = await call(route.method, route.url, playerToken(admin));
      const anonymous = await call(route.method, route.url);
      if (asPlayer.statusCode !== 401 || anonymous.statusCode !== 401)
        failures.push(`${route.method} ${route.url}: player ${asPlayer.statusCode}, anonymous ${anonymous.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it("a staff token, even an admin's, gets 401 on a player route", async () => {
    const response = await playerApi.inject({
      method: 'GET',
      url: '/v1/me',
      headers: { authorization: staffToken(playerApi, 'admin') },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().field).toBe('header.authorization');
  });
});
