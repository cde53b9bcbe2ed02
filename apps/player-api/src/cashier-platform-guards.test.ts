/**
 * The cashier with the platform's own guards (packages/cashier createPlatformGuards), as the apps run
 * it: the real self-limitation measures and the real compliance payout holds and monitoring, over
 * HTTP through the sandbox provider and the payments gateway.
 */
import {
  defaultComplianceRules,
  monitoringEventTopic,
  placePayoutHold,
  releasePayoutHold,
  systemActor,
} from '@casino/compliance';
import { transaction } from '@casino/db';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asPlayer, asStaff, cashBalance, czk, deposit, key, pspSettings, registeredPlayer } from './cashier-test-support.ts';
import { startHarness, type Harness } from '@casino/test-support';

let h: Harness;
beforeAll(async () => {
  h = await startHarness(new Date('2026-11-02T09:00:00Z'), { guards: 'platform' });
});
beforeEach(async () => {
  await pspSettings(h, {
    provider: { authentication: 'frictionless', frictionlessOutcome: 'pass', settlement: 'immediate' },
    webhooks: { duplicates: 0, reorder: false },
  });
});
afterAll(async () => {
  await h?.close();
});

const withdraw = (player: { accessToken: string }, amount: string) =>
  asPlayer(h, player, 'POST', '/v1/withdrawals', { amount: czk(amount) }, key());
const actor = systemActor('test:compliance');

describe('cashier with the platform guards', () => {
  it('004:SLM-05 / DEP-02 a deposit over the daily deposit limit the player set at registration is refused when it is requested, naming what remains, before the provider is asked', async () => {
    // applicationFor sets deposit:day to 2,000 CZK; the verification transfer was the first 100.
    const player = await registeredPlayer(h, '100.00');
    expect((await deposit(h, player, player.bankMethodId, '1900.00')).statusCode).toBe(201);
    const intentsBefore = await h.connections.db.cashierDeposit.count({ where: { playerId: player.playerId } });
    const refused = await deposit(h, player, player.bankMethodId, '100.00');
    expect(refused.json()).toMatchObject({
      status: 422,
      type: 'https://problems.casino.example/limit-exceeded',
      measure: 'deposit:day',
      remaining: { amount: '0.00', currency: 'CZK' },
    });
    expect(await h.connections.db.cashierDeposit.count({ where: { playerId: player.playerId } })).toBe(intentsBefore);
    expect(await cashBalance(h, player.playerId)).toBe('2000.00');
  });

  it('004:AML-04 / WDR-07 a payout hold placed by compliance refuses a withdrawal with payouts-suspended; once released, the withdrawal is accepted', async () => {
    const player = await registeredPlayer(h, '500.00');
    await transaction(h.connections.db, (tx) =>
      placePayoutHold(tx, defaultComplianceRules, actor, h.clock.now(), {
        playerId: player.playerId,
        reason: 'case under review',
      }),
    );
    expect((await withdraw(player, '100.00')).json()).toMatchObject({
      status: 403,
      type: 'https://problems.casino.example/payouts-suspended',
    });
    await transaction(h.connections.db, (tx) =>
      releasePayoutHold(tx, actor, h.clock.now(), { playerId: player.playerId, reason: 'no suspicion confirmed' }),
    );
    expect((await withdraw(player, '100.00')).statusCode).toBe(201);
  });

  it('002:AML-04 / PM-08 deposits, withdrawal requests and payment-method changes reach AML monitoring through the outbox', async () => {
    const player = await registeredPlayer(h, '300.00');
    expect((await withdraw(player, '50.00')).statusCode).toBe(201);
    const events = await h.connections.db.outboxMessage.findMany({ where: { topic: monitoringEventTopic } });
    const mine = events
      .map((e) => e.payload as { kind: string; playerId: string; amount?: { amountMinor: string } })
      .filter((e) => e.playerId === player.playerId);
    expect(mine).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'payment-method-change' }),
        expect.objectContaining({ kind: 'deposit', amount: expect.objectContaining({ amountMinor: '30000' }) }),
        expect.objectContaining({ kind: 'withdrawal', amount: expect.objectContaining({ amountMinor: '5000' }) }),
      ]),
    );
  });

  it('issue 9: the staff player view shows the payment methods from the cashier and the self-limitation measures in force from limits', async () => {
    const player = await registeredPlayer(h, '100.00');
    const view = (await asStaff(h, ['compliance-officer'], 'GET', `/v1/players/${player.playerId}`)).json();
    expect(view.paymentMethods).toEqual([
      expect.objectContaining({ id: player.bankMethodId, kind: 'bank-account', status: 'VERIFIED', active: true }),
    ]);
    expect(view.selfLimits).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          measure: 'deposit:day',
          inForce: expect.objectContaining({ set: true, amount: { amount: '2000.00', currency: 'CZK' } }),
        }),
        expect.objectContaining({ measure: 'stake:day', inForce: expect.objectContaining({ set: false }) }),
      ]),
    );
  });

  it("002:REC-01 / REC-02 the payment-transaction register lists each deposit and withdrawal with the player's identification, amount, dates, status and ledger transactions; the CSV parses", async () => {
    const player = await registeredPlayer(h, '300.00');
    expect((await deposit(h, player, player.bankMethodId, '250.00')).statusCode).toBe(201);
    expect((await withdraw(player, '120.00')).statusCode).toBe(201);
    const exported = await asStaff(
      h,
      ['auditor'],
      'GET',
      `/v1/registers/payment-transactions/export?playerId=${player.playerId}`,
    );
    expect(exported.statusCode).toBe(200);
    const rows = parse(exported.body, { columns: true, bom: true }) as Array<Record<string, string>>;
    const person = await h.connections.db.player.findUniqueOrThrow({ where: { id: player.playerId } });
    expect(rows.map((r) => [r.direction, r.amount, r.currency, r.first_name, r.surname, r.date_of_birth])).toEqual([
      ['deposit', '300.00', 'CZK', person.firstName, person.surname, person.dateOfBirth.toISOString().slice(0, 10)],
      ['deposit', '250.00', 'CZK', person.firstName, person.surname, person.dateOfBirth.toISOString().slice(0, 10)],
      ['withdrawal', '120.00', 'CZK', person.firstName, person.surname, person.dateOfBirth.toISOString().slice(0, 10)],
    ]);
    expect(rows.slice(0, 2).every((r) => r.status === 'SETTLED' && r.ledger_transaction_id !== '' && r.completed_at !== '')).toBe(
      true,
    );
    expect(rows[2]!.hold_transaction_id).not.toBe('');
    const finance = await asStaff(h, ['finance'], 'GET', `/v1/registers/payment-transactions/export?playerId=${player.playerId}`);
    expect(finance.statusCode).toBe(200);
  });
});
