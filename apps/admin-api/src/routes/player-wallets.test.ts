import { accrueCommissionPoints, grantBonusByStaff } from '@casino/cashier';
import { depositInto, insertRakedHand } from '@casino/cashier/testing';
import { createStaffPerRole, type StaffByRole } from '@casino/compliance/testing';
import { ManualClock, Money, newId, type StaffUserId } from '@casino/core';
import type { App, StaffRole } from '@casino/http';
import { createTestConnections, testServiceEnv, type TestConnections } from '@casino/http/testing';
import * as ledger from '@casino/ledger';
import { czFoProfile, czPsProfile } from '@casino/operator';
import { insertPlayer } from '@casino/test-support/players';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminApi } from '../app.ts';
import { loadAdminApiConfig } from '../config.ts';

/**
 * Issue 26, staff's side: a player's wallets per currency, bonuses and VIP points in the admin API on
 * a CZ-PS house, read by the player view's roles; a CZ-FO house has no loyalty programme to show.
 */
let connections: TestConnections;
let app: App;
let czFo: App;
let staffByRole: StaffByRole;
const clock = new ManualClock(new Date('2026-11-27T10:00:00Z'));

beforeAll(async () => {
  connections = await createTestConnections();
  const common = { config: loadAdminApiConfig(testServiceEnv()), connections, clock };
  app = await buildAdminApi({ ...common, redisKeyPrefix: connections.redisKeyPrefix, profile: czPsProfile });
  czFo = await buildAdminApi({ ...common, redisKeyPrefix: `${connections.redisKeyPrefix}:fo`, profile: czFoProfile });
  await Promise.all([app.ready(), czFo.ready()]);
  await ledger.openOperatorAccounts(connections.db, ['USD', 'EUR'], 1);
  staffByRole = await createStaffPerRole(connections.db);
});
afterAll(async () => {
  await Promise.all([app?.close(), czFo?.close()]);
  await connections?.close();
});

const get = (api: App, role: StaffRole, url: string) =>
  api.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${api.issueAccessToken({ audience: 'staff', subject: staffByRole[role] })}` },
  });

describe("a player's wallets, bonuses and VIP points for staff (issue 26)", () => {
  it('002:WAL-02 002:BON-02 002:BON-04 002:VIP-01 support sees the wallets per currency, the bonus with its released parts and the points earned on poker commission', async () => {
    const playerId = await insertPlayer(connections.db, { state: 'REGISTERED', clock });
    await depositInto(connections.db, playerId, Money.of('100.00', 'USD'), clock.now());
    const cashier = app.platform.cashier();
    await grantBonusByStaff(cashier, {
      playerId,
      amount: Money.of('40.00', 'USD'),
      reason: 'welcome',
      idempotencyKey: newId(),
      staff: { kind: 'staff', staffUserId: newId<StaffUserId>(), roles: ['finance'] },
    });
    clock.advanceMs(1_000);
    // USD 20 of rake: 110 points, one of the bonus's four parts (100 points each).
    await insertRakedHand(connections.db, { playerId, rakeMinor: 20_00n, currency: 'USD', at: clock.now() });
    await accrueCommissionPoints(cashier);

    const wallets = await get(app, 'support', `/v1/players/${playerId}/wallets`);
    expect(wallets.statusCode).toBe(200);
    expect(wallets.json().wallets).toEqual([
      { currency: 'USD', balance: { amount: '110.00', currency: 'USD' }, offered: true },
      { currency: 'EUR', balance: { amount: '0.00', currency: 'EUR' }, offered: true },
      { currency: 'CAD', balance: { amount: '0.00', currency: 'CAD' }, offered: true },
      { currency: 'GBP', balance: { amount: '0.00', currency: 'GBP' }, offered: true },
    ]);
    const bonuses = (await get(app, 'auditor', `/v1/players/${playerId}/bonuses`)).json().bonuses;
    expect(bonuses).toHaveLength(1);
    expect(bonuses[0]).toMatchObject({
      status: 'LOCKED',
      source: 'STAFF',
      amount: { amount: '40.00', currency: 'USD' },
      locked: { amount: '30.00', currency: 'USD' },
      released: { amount: '10.00', currency: 'USD' },
      releasedTranches: 1,
      trancheCount: 4,
      pointsEarned: '110.00',
      nextTranchePoints: '200.00',
    });
    const points = await get(app, 'finance', `/v1/players/${playerId}/vip-points`);
    expect(points.json()).toMatchObject({ points: '110.00', starsCoins: '0.00', pointsEarned: '110.00', level: { id: 'basic' } });
  });

  it('issue 26: an unknown player is 404 with the field named; a house without VIP points answers 404 and shows its one wallet', async () => {
    const unknown = await get(app, 'support', `/v1/players/${newId()}/wallets`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(unknown.json()).toMatchObject({ type: expect.stringMatching(/not-found$/), field: 'params.playerId' });
    const playerId = await insertPlayer(connections.db, { state: 'REGISTERED', clock });
    const noVip = await get(czFo, 'support', `/v1/players/${playerId}/vip-points`);
    expect(noVip.statusCode).toBe(404);
    expect((await get(czFo, 'support', `/v1/players/${playerId}/bonuses`)).json()).toEqual({ bonuses: [] });
    expect((await get(czFo, 'support', `/v1/players/${playerId}/wallets`)).json().wallets).toEqual([
      { currency: 'CZK', balance: { amount: '0.00', currency: 'CZK' }, offered: true },
    ]);
  });
});
