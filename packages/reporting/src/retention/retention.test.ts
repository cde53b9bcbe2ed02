import { systemActor } from '@casino/compliance';
import { ManualClock, type PlayerId } from '@casino/core';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { czechReportingRules } from '../rules.ts';
import { czk, move, openChart, playerWithWallet, testReportingContext, type Chart } from '../test-support.ts';
import { completeDueErasures, erasePersonalRecords, requestErasure } from './request-erasure.ts';
import { addYears, retainedUntil } from './retention-period.ts';

let testDb: TestDatabase;
let chart: Chart;
const staff = systemActor('test-officer');

beforeAll(async () => {
  testDb = await createTestDatabase();
  chart = await openChart(testDb.db);
});
afterAll(async () => {
  await testDb?.drop();
});

/** A player who deposited on `depositOn`, played, and whose account was closed on `closedOn`. */
async function closedPlayer(depositOn: string, closedOn: string): Promise<PlayerId> {
  const { playerId, wallet } = await playerWithWallet(testDb.db, { firstName: 'Věra', surname: 'Malá' });
  await move(testDb.db, 'DEPOSIT', chart.psp, wallet, czk('100.00'), new Date(`${depositOn}T10:00:00Z`));
  await testDb.db.personalDataChange.create({
    data: {
      playerId,
      changedFields: ['surname'],
      previous: { surname: 'Velká' },
      changedOn: new Date('2023-06-01T00:00:00Z'),
      reportedAt: new Date('2023-06-02T00:00:00Z'),
      reportedLate: false,
    },
  });
  await testDb.db.refreshToken.create({
    data: {
      id: crypto.randomUUID(),
      familyId: crypto.randomUUID(),
      playerId,
      tokenHash: crypto.randomUUID().replace(/-/g, '').padEnd(64, '0'),
      expiresAt: new Date('2030-01-01T00:00:00Z'),
      createdAt: new Date(),
    },
  });
  await testDb.db.player.update({ where: { id: playerId }, data: { state: 'CLOSED' } });
  await testDb.db.playerStateTransition.create({
    data: {
      playerId,
      fromState: 'REGISTERED',
      toState: 'CLOSED',
      reason: 'player terminated the contract',
      actor: 'test',
      at: new Date(`${closedOn}T12:00:00Z`),
    },
  });
  return playerId;
}

describe('retention period (002:REC-02)', () => {
  it('002:T-REC-01 a payment transaction dated 2024-01-15 is retained at least until 2034-01-15', () => {
    expect(retainedUntil(new Date('2024-01-15T10:00:00Z'), 10)).toBe('2034-01-15');
    expect(addYears('2024-02-29', 10)).toBe('2034-03-01'); // never a day early
    expect(retainedUntil(new Date('2024-01-15T23:30:00Z'), 10)).toBe('2034-01-16'); // the Prague day: 16 January
  });

  it('002:REC-02 records cannot be deleted inside the retention period: the erasure of what is kept is refused, and so is a direct DELETE', async () => {
    const playerId = await closedPlayer('2024-01-15', '2024-01-10');
    const ctx = testReportingContext(testDb.db, new ManualClock(new Date('2027-03-01T09:00:00Z')));
    const asked = await requestErasure(ctx, { playerId, actor: staff, reason: 'the player asked us to erase their data' });
    expect(asked.retainedUntil).toBe('2034-01-15'); // 10 years after the last transaction, which came after the closure
    expect(asked.completedAt).toBeNull();

    await expect(erasePersonalRecords(ctx, { playerId, actor: staff })).rejects.toMatchObject({
      code: 'retention-period-active',
      status: 409,
      extensions: { retainedUntil: '2034-01-15' },
    });
    await expect(testDb.db.$executeRaw`DELETE FROM personal_data_change WHERE player_id = ${playerId}::uuid`).rejects.toThrow(
      /retention period/,
    );
    await expect(testDb.db.$executeRaw`DELETE FROM player_state_transition WHERE player_id = ${playerId}::uuid`).rejects.toThrow(
      /retention period/,
    );
    expect(await testDb.db.personalDataChange.count({ where: { playerId } })).toBe(1);

    // The day before the period ends: still refused. On its last day it ends: the schedule anonymises.
    ctx.clock.set(new Date('2034-01-14T12:00:00Z'));
    expect(await completeDueErasures(ctx, staff)).toBe(0);
    ctx.clock.set(new Date('2034-01-15T08:00:00Z'));
    expect(await completeDueErasures(ctx, staff)).toBe(1);
    const player = await testDb.db.player.findUniqueOrThrow({ where: { id: playerId } });
    expect(player).toMatchObject({ firstName: 'ERASED', surname: 'ERASED', birthNumberEncrypted: null, citizenship: 'XX' });
    expect(await testDb.db.personalDataChange.count({ where: { playerId } })).toBe(0);
    // What the law requires kept for good stays, naming the player only by id: the ledger and the state history.
    expect(await testDb.db.ledgerAccount.count({ where: { ownerId: playerId } })).toBe(1);
    expect(await testDb.db.playerStateTransition.count({ where: { playerId } })).toBeGreaterThanOrEqual(2);
  });

  it('002:REC-02 the retention period is configurable', async () => {
    const playerId = await closedPlayer('2020-05-01', '2020-06-30');
    const fiveYears = testReportingContext(testDb.db, new ManualClock(new Date('2026-01-01T09:00:00Z')), {
      ...czechReportingRules,
      retention: { years: 5 },
    });
    const asked = await requestErasure(fiveYears, { playerId, actor: staff, reason: 'erase under a 5-year policy' });
    // Closed 2020-06-30, five years on: over already, so everything is anonymised at once.
    expect(asked.retainedUntil).toBe('2025-06-30');
    expect(asked.completedAt).not.toBeNull();
    expect((await testDb.db.player.findUniqueOrThrow({ where: { id: playerId } })).surname).toBe('ERASED');
  });
});

describe('erasure request (GDPR art. 17 against 002:REC-01/02)', () => {
  it('002:REC-01 / REC-02 an erasure request anonymises what the law allows, keeps what it requires, and says which is which', async () => {
    const playerId = await closedPlayer('2026-01-10', '2026-02-01');
    const ctx = testReportingContext(testDb.db, new ManualClock(new Date('2026-03-01T09:00:00Z')));
    const result = await requestErasure(ctx, { playerId, actor: staff, reason: 'the player asked us to erase their data' });
    expect(result.erased.map((e) => e.item)).toEqual(['email', 'phone', 'correspondenceAddress', 'passwordHash', 'sessions']);
    expect(result.retained.map((r) => [r.item, r.until])).toContainEqual(['firstName', '2036-02-01']);
    expect(result.retained.every((r) => r.why.length > 10)).toBe(true);

    const player = await testDb.db.player.findUniqueOrThrow({ where: { id: playerId } });
    expect(player).toMatchObject({
      email: `erased-${playerId}@erased.invalid`,
      phone: '',
      firstName: 'Věra',
      surname: 'Malá',
      correspondenceAddress: null,
    });
    expect(await testDb.db.refreshToken.count({ where: { playerId } })).toBe(0);
    expect(await testDb.db.personalDataChange.count({ where: { playerId } })).toBe(1);
    const audit = await testDb.db.auditLogEntry.findFirstOrThrow({
      where: { subjectId: playerId, action: 'player.erasure-requested' },
    });
    expect(JSON.stringify(audit.after)).not.toContain('Malá'); // the audit trail names what was erased, not the data

    // Asking again returns the first outcome.
    expect((await requestErasure(ctx, { playerId, actor: staff, reason: 'asked twice' })).retainedUntil).toBe('2036-02-01');
  });

  it('issue 10: an erasure request is refused while the account is open: the contract must end first', async () => {
    const { playerId } = await playerWithWallet(testDb.db);
    const ctx = testReportingContext(testDb.db);
    await expect(requestErasure(ctx, { playerId, actor: staff, reason: 'too early' })).rejects.toMatchObject({
      code: 'erasure-account-open',
      status: 409,
    });
  });
});
