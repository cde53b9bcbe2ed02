import { ManualClock, Money, newId, type AccountId } from '@casino/core';
import { transaction } from '@casino/db';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import * as ledger from '@casino/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComplianceContext } from '../context.ts';
import { defaultComplianceRules } from '../rules.ts';
import { createTestStaff, insertTestPlayer, testSecretBox } from '../testing.ts';
import {
  MonitoringEventSchema,
  monitoringEventTopic,
  recordPokerHandForMonitoring,
  type MonitoringEventInput,
} from './events.ts';
import { checkDepositAml, evaluateMonitoringBatch, monitorEvent, updateMonitoringRule } from './monitor-event.ts';

let testDb: TestDatabase;
let ctx: ComplianceContext;
let bank: AccountId;
const clock = new ManualClock(new Date('2026-11-24T09:00:00Z'));
const rules = defaultComplianceRules;

beforeAll(async () => {
  testDb = await createTestDatabase();
  ctx = { db: testDb.db, clock, rules, secrets: testSecretBox };
  await ledger.openOperatorAccounts(testDb.db, ['CZK'], 2);
  bank = (await ledger.findAccountByCode(testDb.db, ledger.operatorAccountCode('bank', 'CZK')))!.id;
});
afterAll(async () => {
  await testDb?.drop();
});

const deposit = (playerId: string, czk: string, minutesAgo = 0): MonitoringEventInput => ({
  kind: 'deposit',
  eventId: newId(),
  playerId,
  occurredAt: new Date(clock.now().getTime() - minutesAgo * 60_000).toISOString(),
  amount: { amountMinor: Money.of(czk, 'CZK').toMinor().toString(), currency: 'CZK' },
  outcome: 'succeeded',
  paymentMethodId: 'pm-1',
});
const handle = (event: MonitoringEventInput, messageId = newId()) =>
  monitorEvent(testDb.db, rules, messageId, MonitoringEventSchema.parse(event), clock.now());
const alertsOf = (playerId: string) => testDb.db.complianceAlert.findMany({ where: { playerId }, orderBy: { createdAt: 'asc' } });

describe('monitoring events in the database (002:AML-04)', () => {
  it('002:AML-04 stores an event once: a redelivered message changes nothing, a rule firing again adds an occurrence', async () => {
    const playerId = await insertTestPlayer(testDb.db);
    const event = deposit(playerId, '60000.00');
    const messageId = newId();
    expect((await handle(event, messageId)).map((f) => f.ruleCode)).toEqual(['large-transaction']);
    expect(await handle(event, messageId)).toEqual([]);
    expect((await handle(deposit(playerId, '55000.00'))).map((f) => f.ruleCode)).toEqual(['large-transaction']);
    // 800 EUR alone is under the threshold, but linked with the day's other deposits it is not.
    expect((await handle(deposit(playerId, '20000.00'))).map((f) => f.ruleCode)).toEqual(['linked-transactions']);
    const alerts = await alertsOf(playerId);
    expect(alerts.map((a) => [a.ruleCode, a.occurrences])).toEqual([
      ['large-transaction', 2],
      ['linked-transactions', 1],
    ]);
    expect(await testDb.db.playerRisk.findUnique({ where: { playerId } })).toMatchObject({ score: 55, level: 'MEDIUM' });
  });

  it("000-001:FAIR-06 the poker hook attributes a hand's losses to its winners; three one-way hands alert both players", async () => {
    const [dumper, receiver, third] = await Promise.all([
      insertTestPlayer(testDb.db),
      insertTestPlayer(testDb.db),
      insertTestPlayer(testDb.db),
    ]);
    for (const hand of ['h1', 'h2', 'h3']) {
      await transaction(testDb.db, (tx) =>
        recordPokerHandForMonitoring(tx, {
          handId: hand,
          tableId: 't1',
          occurredAt: clock.now(),
          currency: 'CZK',
          results: [
            { playerId: dumper, netMinor: -500_000n },
            { playerId: receiver, netMinor: 450_000n },
            { playerId: third, netMinor: 30_000n },
          ],
        }),
      );
    }
    const messages = await testDb.db.outboxMessage.findMany({
      where: { topic: monitoringEventTopic },
      orderBy: { createdAt: 'asc' },
    });
    const transfers = messages.map((m) => MonitoringEventSchema.parse(m.payload)).filter((e) => e.kind === 'chip-transfer');
    // 5,000 CZK lost, split 450:30 between the winners (rounded down).
    expect(transfers.slice(0, 2).map((t) => [t.counterpartyPlayerId, 'amount' in t ? t.amount.amountMinor : null])).toEqual([
      [receiver, '468750'],
      [third, '31250'],
    ]);
    for (const message of messages)
      await monitorEvent(testDb.db, rules, message.id, MonitoringEventSchema.parse(message.payload), clock.now());
    expect((await alertsOf(dumper)).map((a) => a.ruleCode)).toEqual(['chip-dumping']);
    expect((await alertsOf(receiver)).map((a) => a.ruleCode)).toEqual(['chip-dumping']);
    expect(await alertsOf(third)).toEqual([]);
  });

  it('002:AML-01 the deposit hook: 2,000 EUR in 24 hours needs a verified identity; below it nothing is asked', async () => {
    const unverified = await insertTestPlayer(testDb.db, { identityStatus: 'NOT_VERIFIED' });
    const wallet = (await ledger.openAccount(testDb.db, ledger.playerWalletSpec(unverified, 'cash', 'CZK'))).id;
    await transaction(testDb.db, (tx) =>
      ledger.transfer(
        tx,
        {
          idempotencyKey: newId(),
          kind: 'DEPOSIT',
          debitAccountId: bank,
          creditAccountId: wallet,
          amount: Money.of('40000.00', 'CZK'),
        },
        clock.now(),
      ),
    );
    const check = (playerId: string, czk: string) =>
      transaction(testDb.db, (tx) => checkDepositAml(tx, rules, { playerId, amount: Money.of(czk, 'CZK'), at: clock.now() }));
    // 40,000 CZK earlier (1,600 EUR) and 9,990 CZK now (399.60 EUR): under 2,000 EUR.
    expect(await check(unverified, '9990.00')).toEqual({ dueDiligenceApplied: false });
    await expect(check(unverified, '10000.00')).rejects.toMatchObject({ code: 'due-diligence-required' });
    const verified = await insertTestPlayer(testDb.db, { identityStatus: 'VERIFIED' });
    expect(await check(verified, '50000.00')).toEqual({ dueDiligenceApplied: true });
  });

  it('tuning a rule is audited and versioned; the batch applies it to the last day once', async () => {
    const officer = await createTestStaff(ctx, ['mlro']);
    const actor = { kind: 'staff' as const, staffUserId: officer.staffUserId, roles: officer.roles };
    const playerId = await insertTestPlayer(testDb.db);
    for (const minutes of [50, 40, 30]) await handle(deposit(playerId, '500.00', minutes));
    expect(await alertsOf(playerId)).toEqual([]);
    const tuned = await updateMonitoringRule(ctx, actor, 'deposit-velocity', { countMin: 3, reason: 'pilot: tighter velocity' });
    expect(tuned).toMatchObject({ countMin: 3, version: 2, updatedBy: officer.staffUserId });
    expect(
      await testDb.db.auditLogEntry.findFirst({ where: { action: 'monitoring-rule.update', subjectId: 'deposit-velocity' } }),
    ).toMatchObject({ reason: 'pilot: tighter velocity' });
    const since = new Date(clock.now().getTime() - 86_400_000);
    expect(
      (await evaluateMonitoringBatch(testDb.db, rules, { since, at: clock.now(), playersMax: 100 })).alerts,
    ).toBeGreaterThanOrEqual(1);
    expect((await alertsOf(playerId)).map((a) => a.ruleCode)).toEqual(['deposit-velocity']);
    expect((await evaluateMonitoringBatch(testDb.db, rules, { since, at: clock.now(), playersMax: 100 })).alerts).toBe(0);
    await updateMonitoringRule(ctx, actor, 'deposit-velocity', { countMin: 5, reason: 'pilot over' });
  });
});
