/**
 * Issue 26, 002:BON-01 (D-2630): staff grant a bonus through the admin API. Goal: only the roles the route
 * declares may grant, the grant is the domain's (locked in the bonus wallet, audited, at most the published
 * maximum), a retry grants once, and bad input is a problem+json naming the field with nothing written.
 */
import { createStaffPerRole, type StaffByRole } from '@casino/compliance/testing';
import { ManualClock, newId } from '@casino/core';
import type { App, StaffRole } from '@casino/http';
import { createTestConnections, testServiceEnv, type TestConnections } from '@casino/http/testing';
import * as ledger from '@casino/ledger';
import { czPsProfile } from '@casino/operator';
import { insertPlayer } from '@casino/test-support/players';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminApi } from '../app.ts';
import { loadAdminApiConfig } from '../config.ts';

let connections: TestConnections;
let app: App;
let staffByRole: StaffByRole;
const clock = new ManualClock(new Date('2026-11-02T09:00:00Z'));

beforeAll(async () => {
  connections = await createTestConnections();
  app = await buildAdminApi({
    config: loadAdminApiConfig(testServiceEnv()),
    connections,
    redisKeyPrefix: connections.redisKeyPrefix,
    clock,
    profile: czPsProfile,
  });
  await app.ready();
  staffByRole = await createStaffPerRole(connections.db);
});

afterAll(async () => {
  await app?.close();
  await connections?.close();
});

function grant(role: StaffRole, playerId: string, body: object, idempotencyKey = `grant-${newId()}`) {
  return app.inject({
    method: 'POST',
    url: `/v1/players/${playerId}/bonuses`,
    headers: {
      authorization: `Bearer ${app.issueAccessToken({ audience: 'staff', subject: staffByRole[role] })}`,
      'idempotency-key': idempotencyKey,
    },
    payload: body,
  });
}

const eur = (amount: string) => ({ amount, currency: 'EUR' });

async function bonusWalletBalance(playerId: string): Promise<string> {
  const account = await ledger.findAccountByCode(connections.db, ledger.playerWalletCode(playerId, 'bonus', 'EUR'));
  return account ? (await ledger.balance(connections.db, account.id)).toDecimalString() : '0.00';
}

describe('POST /v1/players/:playerId/bonuses (002:BON-01)', () => {
  it('002:BON-01, BON-03 finance grants a bonus: locked in the EUR bonus wallet, in parts, audited with the reason; a retry with the same key grants once', async () => {
    const playerId = await insertPlayer(connections.db, { clock });
    const key = `grant-${newId()}`;
    const first = await grant('finance', playerId, { amount: eur('50.00'), reason: 'welcome back after the outage' }, key);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      status: 'LOCKED',
      source: 'STAFF',
      amount: eur('50.00'),
      locked: eur('50.00'),
      released: eur('0.00'),
      trancheCount: 4,
    });
    const again = await grant('finance', playerId, { amount: eur('50.00'), reason: 'welcome back after the outage' }, key);
    expect(again.json().id).toBe(first.json().id);
    expect(await bonusWalletBalance(playerId)).toBe('50.00');
    const audit = await connections.db.auditLogEntry.findMany({ where: { subjectId: playerId, action: 'cashier.bonus-grant' } });
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(staffByRole.finance);
  });

  it('002:BON-01 a role the route does not declare is refused (403) and nothing is granted', async () => {
    const playerId = await insertPlayer(connections.db, { clock });
    for (const role of ['support', 'auditor', 'mlro', 'compliance-officer'] as const) {
      const refused = await grant(role, playerId, { amount: eur('10.00'), reason: 'not my call to make' });
      expect(refused.statusCode).toBe(403);
    }
    expect(await bonusWalletBalance(playerId)).toBe('0.00');
  });

  it('002:BON-07 bad input: above the published maximum, no reason, an unknown player, a temporary account: problem+json naming the field, nothing written', async () => {
    const playerId = await insertPlayer(connections.db, { clock });
    const tooMuch = await grant('admin', playerId, { amount: eur('5000.00'), reason: 'far too generous' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.headers['content-type']).toContain('application/problem+json');
    expect(tooMuch.json()).toMatchObject({ type: expect.stringContaining('validation-failed'), field: 'body.amount' });

    const noReason = await grant('admin', playerId, { amount: eur('10.00') });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().field).toBe('body.reason');

    const unknown = await grant('admin', newId(), { amount: eur('10.00'), reason: 'nobody is there' });
    expect(unknown.statusCode).toBe(404);

    const temporary = await insertPlayer(connections.db, { clock, state: 'TEMPORARY' });
    const refused = await grant('admin', temporary, { amount: eur('10.00'), reason: 'a temporary account' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().type).toContain('account-not-active');

    expect(await bonusWalletBalance(playerId)).toBe('0.00');
    expect(await connections.db.playerBonus.count({ where: { playerId: { in: [playerId, temporary] } } })).toBe(0);
  });
});
