import { ManualClock, newId, type StaffUserId } from '@casino/core';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import { generatePiiKeys, PiiProtector } from '@casino/players';
import { insertPlayer } from '@casino/test-support/players';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../actor.ts';
import type { ComplianceContext } from '../context.ts';
import { defaultComplianceRules } from '../rules.ts';
import { dismissTerminationCandidate, takeAccountAction } from './account-actions.ts';

/** Issue 23: termination by the operator (004:TRM-10, TRM-11, TRM-18) and the grounds offered to staff. */
let testDb: TestDatabase;
let ctx: ComplianceContext;
let officer: Actor & { kind: 'staff' };
const clock = new ManualClock(new Date('2026-11-26T10:00:00Z'));

beforeAll(async () => {
  testDb = await createTestDatabase();
  ctx = { db: testDb.db, clock, rules: defaultComplianceRules, secrets: new PiiProtector(generatePiiKeys()) };
  const staffUserId = newId() as StaffUserId;
  await testDb.db.staffUser.create({
    data: {
      id: staffUserId,
      email: `${staffUserId}@staff.test`,
      displayName: 'Compliance officer',
      passwordHash: 'x',
      totpSecretEncrypted: 'x',
      roles: ['compliance-officer'],
      createdAt: clock.now(),
      updatedAt: clock.now(),
    },
  });
  officer = { kind: 'staff', staffUserId, roles: ['compliance-officer'] };
}, 60_000);
afterAll(async () => {
  await testDb?.drop();
});

const offer = (playerId: string, ground: string) =>
  testDb.db.terminationCandidate.create({
    data: { id: newId(), playerId, ground, since: clock.now(), detail: 'test', foundAt: clock.now(), status: 'OPEN' },
  });

describe('issue 23: termination by the operator (004:TRM-10..18)', () => {
  it('004:T-55 TRM-10 TRM-11 TRM-18 a termination for fraud states its ground, takes effect on delivery, sends the notice in the same transaction and may bar a new registration', async () => {
    const playerId = await insertPlayer(testDb.db, { clock });
    const candidate = await offer(playerId, 'xv');
    const result = await takeAccountAction(ctx, officer, playerId, {
      action: 'close',
      ground: 'iii',
      reason: 'Chargeback fraud confirmed by the provider',
      barReregistration: true,
    });
    expect(result).toEqual({ state: 'CLOSED' });
    const termination = await testDb.db.accountTermination.findUniqueOrThrow({ where: { playerId } });
    expect(termination).toMatchObject({ ground: 'iii', effectiveAt: clock.now(), reregistrationBarred: true });
    const player = await testDb.db.player.findUniqueOrThrow({ where: { id: playerId } });
    const notices = (await testDb.db.outboxMessage.findMany({ where: { topic: 'notifications.email' } }))
      .map((r) => r.payload as { to: string; subject: string })
      .filter((p) => p.to === player.email);
    expect(notices.map((n) => n.subject)).toEqual(['Termination of your contract']);
    const audit = await testDb.db.auditLogEntry.findFirstOrThrow({ where: { subjectId: playerId, action: 'player.close' } });
    expect(audit.after).toMatchObject({
      ground: 'iii',
      groundText: 'fraud or attempted fraud',
      noticeMessageId: expect.any(String),
    });
    // An offered ground is decided by the termination.
    expect((await testDb.db.terminationCandidate.findUniqueOrThrow({ where: { id: candidate.id } })).status).toBe('TERMINATED');
  });

  it('004:TRM-10 DRM-06 staff may dismiss a ground the job offered, with a reason, audited; the account stays open', async () => {
    const playerId = await insertPlayer(testDb.db, { clock });
    const candidate = await offer(playerId, 'xi');
    expect(await dismissTerminationCandidate(ctx, officer, candidate.id, 'Player is in contact with support')).toEqual({
      status: 'DISMISSED',
    });
    expect((await testDb.db.player.findUniqueOrThrow({ where: { id: playerId } })).state).toBe('REGISTERED');
    expect(
      await testDb.db.auditLogEntry.count({ where: { action: 'player.termination-ground.dismiss', subjectId: playerId } }),
    ).toBe(1);
  });
});
