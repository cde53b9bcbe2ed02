import { isDomainError, ManualClock, newId, type StaffUserId } from '@casino/core';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import { generatePiiKeys, PiiProtector } from '@casino/players';
import { insertPlayer } from '@casino/test-support/players';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../actor.ts';
import type { ComplianceContext } from '../context.ts';
import { defaultComplianceRules, type ComplaintRules } from '../rules.ts';
import {
  actOnComplaint,
  complaintQueue,
  escalateOverdueComplaints,
  playerComplaints,
  receiveComplaint,
  type ComplaintIntake,
} from './complaints.ts';

/** Issue 23: complaints under CZ-FO (004 §3.9) and CZ-PS (002 CMP), each profile's rules as data. */
let testDb: TestDatabase;
let fo: ComplianceContext;
let ps: ComplianceContext;
let staff: Actor & { kind: 'staff' };
const clock = new ManualClock(new Date('2024-01-10T08:00:00Z')); // 09:00 in Prague

const reelRules: ComplaintRules = {
  acceptedChannels: ['contact-form', 'email'],
  acknowledgedChannels: ['contact-form', 'email'],
  howToComplain: 'through the Contact Support Form or by e-mail to support@pokerstars.com',
  windowMonths: 6,
  requiredContent: ['remedyWanted'],
  assessWithinMinutes: 90,
  resolveWithinDays: 7,
  escalation: { routes: ['senior-agent', 'escalation-point', 'manager-on-duty'], resolveWithinDaysOfFiling: 30 },
  pausedWhileWaitingForDocuments: true,
  notUpheldGrounds: ['rule-misunderstanding', 'late', 'not-substantiated'],
  alternativeDisputeResolution: defaultComplianceRules.complaints.alternativeDisputeResolution,
};

beforeAll(async () => {
  testDb = await createTestDatabase();
  const secrets = new PiiProtector(generatePiiKeys());
  fo = { db: testDb.db, clock, rules: defaultComplianceRules, secrets };
  ps = { ...fo, rules: { ...defaultComplianceRules, complaints: reelRules } };
  const staffUserId = newId() as StaffUserId;
  await testDb.db.staffUser.create({
    data: {
      id: staffUserId,
      email: `${staffUserId}@staff.test`,
      displayName: 'Complaints officer',
      passwordHash: 'x',
      totpSecretEncrypted: 'x',
      roles: ['support'],
      createdAt: clock.now(),
      updatedAt: clock.now(),
    },
  });
  staff = { kind: 'staff', staffUserId, roles: ['support'] };
}, 60_000);
afterAll(async () => {
  await testDb?.drop();
});

const fortunaComplaint = (overrides: Partial<ComplaintIntake> = {}): ComplaintIntake => ({
  channel: 'email',
  replyEmail: 'jana.novakova@example.cz',
  complainantName: 'Jana Nováková',
  correspondenceAddress: 'Náměstí Svobody 1, 602 00 Brno',
  game: 'Roulette (European)',
  betClosedAt: new Date('2024-01-05T18:00:00Z'),
  eventAt: new Date('2024-01-05T18:00:00Z'),
  description: 'My win of 100 CZK was not credited.',
  ...overrides,
});
const subjects = async (to: string) =>
  (await testDb.db.outboxMessage.findMany({ where: { topic: 'notifications.email' }, orderBy: { createdAt: 'asc' } }))
    .map((r) => r.payload as { to: string; subject: string })
    .filter((p) => p.to === to)
    .map((p) => p.subject);

describe('issue 23: complaints under CZ-FO (004 §3.9)', () => {
  it('004:T-70 CMP-06 CMP-03 an e-mail complaint is acknowledged at once and opens a case with a 30-day clock', async () => {
    const to = `t70-${newId()}@example.cz`;
    const complaint = await receiveComplaint(
      fo,
      { kind: 'system', name: 'helpdesk-mailbox' },
      fortunaComplaint({ replyEmail: to }),
    );
    expect(complaint).toMatchObject({ status: 'OPEN', missing: [] });
    expect(complaint.clock.resolveDueAt).toEqual(new Date('2024-02-09T08:00:00Z'));
    expect(complaint.clock.assessDueAt).toBeNull();
    expect(await subjects(to)).toEqual([`We received your complaint ${complaint.reference}`]);
    const queue = await complaintQueue(fo, { limit: 50 });
    expect(queue.map((c) => c.complaintId)).toContain(complaint.complaintId);
  });

  it('004:T-71 CMP-06 a complaint by chat or telephone is not registered as a case: the complainant is told it is disregarded and how to complain', async () => {
    for (const channel of ['chat', 'phone'] as const) {
      const to = `t71-${channel}-${newId()}@example.cz`;
      const complaint = await receiveComplaint(fo, staff, fortunaComplaint({ channel, replyEmail: to }));
      expect(complaint).toMatchObject({ status: 'DISREGARDED', clock: { resolveDueAt: null, nextDeadline: null } });
      expect(await subjects(to)).toEqual(['Your complaint cannot be accepted through this channel']);
      expect((await complaintQueue(fo, { limit: 200 })).map((c) => c.complaintId)).not.toContain(complaint.complaintId);
    }
  });

  it('004:T-72 CMP-01 CMP-05 a complaint delivered on the last day of the 6 months is accepted; one a day later is late and not upheld', async () => {
    const eventAt = new Date('2023-07-10T10:00:00Z');
    clock.set(new Date('2024-01-10T22:59:00Z')); // 23:59 on 10 January in Prague: the last day
    expect((await receiveComplaint(fo, staff, fortunaComplaint({ eventAt }))).status).toBe('OPEN');
    clock.set(new Date('2024-01-10T23:00:00Z')); // 11 January in Prague
    const late = await receiveComplaint(fo, staff, fortunaComplaint({ eventAt }));
    expect(late).toMatchObject({ status: 'LATE', decision: 'not-upheld', decisionGround: 'late' });
  });

  it('004:T-73 CMP-02 a complaint without the correspondence address, the game or the time of the bet closure is incomplete, and says what is missing', async () => {
    const complaint = await receiveComplaint(
      fo,
      staff,
      fortunaComplaint({ correspondenceAddress: undefined, game: ' ', betClosedAt: undefined }),
    );
    expect(complaint).toMatchObject({ status: 'INCOMPLETE', missing: ['correspondenceAddress', 'game', 'betClosedAt'] });
  });

  it('004:T-74 CMP-05 CMP-08 "I did not understand the rule" is not upheld with its reasoning; the decision names ČOI, and the player sees it', async () => {
    const playerId = await insertPlayer(testDb.db, { clock });
    const player = await testDb.db.player.findUniqueOrThrow({ where: { id: playerId } });
    const complaint = await receiveComplaint(fo, staff, fortunaComplaint({ playerId, replyEmail: undefined }));
    const decided = await actOnComplaint(fo, staff, complaint.complaintId, {
      action: 'decide',
      decision: 'not-upheld',
      ground: 'rule-misunderstanding',
      reasoning:
        'The bet was settled under the published rules of the game; not understanding a rule is not a ground (004:CMP-05).',
    });
    expect(decided).toMatchObject({ status: 'DECIDED', decision: 'not-upheld', decisionGround: 'rule-misunderstanding' });
    expect(decided.escalationContact).toContain('ČOI');
    expect(await subjects(player.email)).toContain(`The decision on your complaint ${complaint.reference}`);
    expect((await playerComplaints(fo, playerId)).map((c) => [c.reference, c.status])).toEqual([
      [complaint.reference, 'DECIDED'],
    ]);
    const again = await actOnComplaint(fo, staff, complaint.complaintId, { action: 'assess', note: 'late look' }).catch(
      (e: unknown) => e,
    );
    expect(isDomainError(again) ? again.code : String(again)).toBe('complaint-not-open');
  });
});

describe('issue 23: complaints under CZ-PS (002 CMP)', () => {
  it('002:T-CMP-01 CMP-02 CMP-03 CMP-04 CMP-07 CMP-08 AMB-CMP-90 AMB-CMP-30 AMB-ESCALATION filed 10 January 09:00: acknowledged, assess by 10:30; unresolved by 17 January it is escalated (route recorded); then due 9 February (from filing); ČOI named', async () => {
    clock.set(new Date('2024-01-10T08:00:00Z'));
    const complaint = await receiveComplaint(ps, staff, {
      channel: 'contact-form',
      replyEmail: 'hrac@example.cz',
      eventAt: new Date('2024-01-09T20:00:00Z'),
      description: 'Disconnected during a hand.',
      remedyWanted: 'Refund of the pot contribution',
    });
    expect(await subjects('hrac@example.cz')).toEqual([`We received your complaint ${complaint.reference}`]);
    expect(complaint.escalationContact).toContain('ČOI');
    expect(complaint.clock).toMatchObject({
      assessDueAt: new Date('2024-01-10T09:30:00Z'),
      resolveDueAt: new Date('2024-01-17T08:00:00Z'),
      nextDeadline: new Date('2024-01-10T09:30:00Z'),
    });
    clock.set(new Date('2024-01-10T09:31:00Z'));
    expect((await complaintQueue(ps, { limit: 200 })).find((c) => c.complaintId === complaint.complaintId)?.clock.overdue).toBe(
      true,
    );
    await actOnComplaint(ps, staff, complaint.complaintId, {
      action: 'assess',
      note: 'hand history requested from the table log',
    });

    clock.set(new Date('2024-01-17T07:59:00Z'));
    await escalateOverdueComplaints(ps);
    expect((await complaintQueue(ps, { limit: 200 })).find((c) => c.complaintId === complaint.complaintId)?.status).toBe('OPEN');
    clock.set(new Date('2024-01-17T08:00:00Z'));
    const runs = await Promise.all([escalateOverdueComplaints(ps), escalateOverdueComplaints(ps)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    const escalated = (await complaintQueue(ps, { limit: 200 })).find((c) => c.complaintId === complaint.complaintId)!;
    expect(escalated).toMatchObject({ status: 'ESCALATED' });
    expect(escalated.clock).toMatchObject({ escalationRoute: 'senior-agent', resolveDueAt: new Date('2024-02-09T08:00:00Z') });
  });

  it('002:T-CMP-02 CMP-05 five days waiting for requested documents move the deadline by five days', async () => {
    clock.set(new Date('2024-03-01T08:00:00Z'));
    const complaint = await receiveComplaint(ps, staff, {
      channel: 'email',
      replyEmail: 'hrac2@example.cz',
      eventAt: new Date('2024-02-28T20:00:00Z'),
      description: 'Deposit not credited.',
      remedyWanted: 'Credit the deposit',
      escalationRoute: 'manager-on-duty',
    });
    clock.set(new Date('2024-03-02T08:00:00Z'));
    await actOnComplaint(ps, staff, complaint.complaintId, { action: 'request-documents', what: 'the bank statement' });
    clock.set(new Date('2024-03-07T08:00:00Z'));
    const resumed = await actOnComplaint(ps, staff, complaint.complaintId, {
      action: 'documents-received',
      note: 'statement received',
    });
    expect(resumed.clock).toMatchObject({ resolveDueAt: new Date('2024-03-13T08:00:00Z'), pausedMs: 5 * 86_400_000 });
  });

  it('002:T-CMP-03 CMP-06 AMB-CMP-6M event on 1 January: a complaint on 1 July is in time, on 2 July late', async () => {
    const eventAt = new Date('2024-01-01T12:00:00Z');
    const intake = { channel: 'email' as const, eventAt, description: 'x', remedyWanted: 'y' };
    clock.set(new Date('2024-07-01T12:00:00Z'));
    expect((await receiveComplaint(ps, staff, intake)).status).toBe('OPEN');
    clock.set(new Date('2024-07-02T12:00:00Z'));
    expect((await receiveComplaint(ps, staff, intake)).status).toBe('LATE');
  });

  it('002:CMP-01 a complaint without the remedy wanted is incomplete; the contact form is accepted, chat is not', async () => {
    clock.set(new Date('2024-08-01T12:00:00Z'));
    const eventAt = new Date('2024-07-30T12:00:00Z');
    expect(await receiveComplaint(ps, staff, { channel: 'contact-form', eventAt, description: 'x' })).toMatchObject({
      status: 'INCOMPLETE',
      missing: ['remedyWanted'],
    });
    expect((await receiveComplaint(ps, staff, { channel: 'chat', eventAt, description: 'x', remedyWanted: 'y' })).status).toBe(
      'DISREGARDED',
    );
    expect((await receiveComplaint(fo, staff, fortunaComplaint({ channel: 'contact-form', eventAt }))).status).toBe(
      'DISREGARDED',
    );
  });
});
