import { createHash } from 'node:crypto';
import { createStaffPerRole, staffUserWithRole, type StaffByRole } from '@casino/compliance/testing';
import { ManualClock, Money, newId } from '@casino/core';
import { transaction } from '@casino/db';
import type { App } from '@casino/http';
import { createTestConnections, testServiceEnv, type TestConnections } from '@casino/http/testing';
import { changeLimit, czechProfile, recordRegistrationDecisions, resolveRegistrationDecisions } from '@casino/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminApi } from '../app.ts';
import { loadAdminApiConfig } from '../config.ts';

let connections: TestConnections;
let app: App;
const clock = new ManualClock(new Date('2026-11-02T09:00:00Z'));
let playerId: string;
let staffByRole: StaffByRole;

beforeAll(async () => {
  connections = await createTestConnections();
  app = await buildAdminApi({
    config: loadAdminApiConfig(testServiceEnv()),
    connections,
    redisKeyPrefix: connections.redisKeyPrefix,
    clock,
  });
  await app.ready();
  staffByRole = await createStaffPerRole(connections.db);
  playerId = await registeredPlayer();
  const ctx = { db: connections.db, clock, profile: czechProfile };
  await changeLimit(ctx, { playerId, measure: 'stake:day', limit: { amount: Money.of('200.00', 'CZK') }, actor: 'player' });
  await changeLimit(ctx, { playerId, measure: 'deposit:day', limit: { amount: Money.of('5000.00', 'CZK') }, actor: 'player' });
});

afterAll(async () => {
  await app?.close();
  await connections?.close();
});

/** A player as registration leaves one: deposits 1,000 CZK a day, everything else refused. */
async function registeredPlayer(): Promise<string> {
  const id = newId<string>();
  const now = clock.now();
  await connections.db.player.create({
    data: {
      id,
      state: 'REGISTERED',
      email: `${id}@example.cz`,
      phone: '+420600000000',
      passwordHash: 'not used',
      firstName: 'Test',
      surname: 'Player',
      dateOfBirth: new Date('1980-01-01T00:00:00Z'),
      placeOfBirth: 'Praha',
      citizenship: 'CZ',
      residenceAddress: {},
      identityKeyHash: createHash('sha256').update(id).digest('hex'),
      termsVersion: 't',
      termsAcceptedAt: now,
      gamePlanVersion: 'g',
      gamePlanAcceptedAt: now,
      createdAt: now,
      updatedAt: now,
    },
  });
  const decisions = resolveRegistrationDecisions(
    czechProfile,
    czechProfile.registrationMeasures.map((m) =>
      m.code === 'deposit:day'
        ? { measure: m.code, decision: 'set' as const, amountMinor: 100_000n }
        : { measure: m.code, decision: 'refused' as const },
    ),
    clock,
  );
  await transaction(connections.db, (tx) => recordRegistrationDecisions(tx, id, decisions, now));
  return id;
}

const staff = (roles: string[]) => ({
  authorization: `Bearer ${app.issueAccessToken({ audience: 'staff', subject: staffUserWithRole(staffByRole, roles) })}`,
});
const read = (headers: Record<string, string>, id = playerId, query = '') =>
  app.inject({ method: 'GET', url: `/v1/players/${id}/self-limits${query}`, headers });

describe("admin-api: a player's self-limitation measures (read-only)", () => {
  it('issue 5: compliance, MLRO, support, auditors and admins see the measures in force, the pending change and the full history', async () => {
    for (const role of ['compliance-officer', 'mlro', 'support', 'auditor', 'admin'])
      expect((await read(staff([role]))).statusCode).toBe(200);
    const body = (await read(staff(['compliance-officer']))).json();
    const byCode = (code: string) => body.measures.find((m: { measure: string }) => m.measure === code);
    expect(byCode('stake:day')).toMatchObject({
      inForce: { set: true, amount: { amount: '200.00', currency: 'CZK' } },
      pending: null,
    });
    expect(byCode('deposit:day')).toMatchObject({
      inForce: { amount: { amount: '1000.00' } },
      pending: { amount: { amount: '5000.00' }, effectiveFrom: '2026-11-09T09:00:00.000Z' },
    });
    expect(byCode('self-exclusion')).toMatchObject({ inForce: { set: false, excludedUntil: null } });
    expect(
      body.history.entries
        .slice(0, 2)
        .map((e: { measure: string; direction: string; status: string; requestedBy: string }) => [
          e.measure,
          e.direction,
          e.status,
          e.requestedBy,
        ]),
    ).toEqual([
      ['deposit:day', 'LOOSEN', 'pending', 'player'],
      ['stake:day', 'TIGHTEN', 'in-force', 'player'],
    ]);
    expect(body.history.entries).toHaveLength(10); // eight decisions at registration and two changes
  });

  it('issue 5: pages through the history with a cursor', async () => {
    const first = (await read(staff(['auditor']), playerId, '?limit=4')).json().history;
    const second = (await read(staff(['auditor']), playerId, `?limit=4&after=${first.nextCursor}`)).json().history;
    expect(first.entries).toHaveLength(4);
    expect(second.entries[0].changeId).not.toBe(first.entries[3].changeId);
    expect(new Set([...first.entries, ...second.entries].map((e: { changeId: string }) => e.changeId)).size).toBe(8);
  });

  it('issue 5: finance and players may not read it; an unknown player is 404', async () => {
    expect((await read(staff(['finance']))).statusCode).toBe(403);
    expect(
      (await read({ authorization: `Bearer ${app.issueAccessToken({ audience: 'player', subject: playerId })}` })).statusCode,
    ).toBe(401);
    expect((await read({})).statusCode).toBe(401);
    const unknown = await read(staff(['support']), newId());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().field).toBe('params.playerId');
  });
});
