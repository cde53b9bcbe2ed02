import { oneCallCreditCount, signWebhook } from '@casino/cashier';
import { newId } from '@casino/core';
import { findInvariantViolations } from '@casino/ledger';
import { startHarness, type Harness } from '@casino/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asPlayer,
  cashBalance,
  czk,
  depositRow,
  key,
  pspSettings,
  registeredPlayer,
  type CashierPlayer,
} from './cashier-test-support.ts';

// Issue 22 (D-2280): a payment event that credits a deposit runs as two SQL statements
// (packages/cashier/src/credit-payment-one-call.ts). These tests make sure the cases take that path and
// prove its guarantees under parallel deliveries: one event credits once, and parallel credits of one
// player's deposits never pass the player's daily deposit limit.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  // The provider's own deliveries are held back: the tests deliver the events themselves, at once.
  await pspSettings(h, {
    provider: { authentication: 'frictionless', frictionlessOutcome: 'pass', settlement: 'immediate' },
    webhooks: { url: null },
  });
});
afterAll(async () => {
  await h?.close();
});

/** A pending deposit through the player API (the provider took the payment; its events are not delivered). */
async function pendingDeposit(player: CashierPlayer, amount: string): Promise<{ id: string; paymentId: string }> {
  const response = await asPlayer(
    h,
    player,
    'POST',
    '/v1/deposits',
    { paymentMethodId: player.bankMethodId, amount: czk(amount) },
    key(),
  );
  expect(response.statusCode, response.body).toBe(201);
  const row = await depositRow(h, response.json().id);
  expect(row.status).toBe('PENDING');
  return { id: row.id, paymentId: row.providerPaymentId! };
}

/** The provider's `payment.settled` event for a deposit, signed as the provider signs it. */
function settledEvent(deposit: { id: string; paymentId: string }, amount: string, eventId = `evt_${newId().replace(/-/g, '')}`) {
  const raw = JSON.stringify({
    type: 'payment.settled',
    timestamp: h.clock.now().toISOString(),
    data: { paymentId: deposit.paymentId, reference: deposit.id, amount: czk(amount) },
  });
  const timestamp = Math.floor(h.clock.now().getTime() / 1000);
  return {
    method: 'POST' as const,
    url: '/v1/webhooks/sandbox-psp',
    headers: {
      'content-type': 'application/json',
      'webhook-id': eventId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(h.webhookSecret, eventId, timestamp, raw),
    },
    payload: raw,
  };
}

const postings = (depositId: string) =>
  h.connections.db.ledgerTransaction.count({ where: { idempotencyKey: `cashier-deposit:${depositId}` } });

describe('webhooks: the one-call credit (issue 22)', () => {
  it('issue 22 / issue 6: 12 parallel deliveries of one payment event credit the deposit once, through the one-call path, with its monitoring event', async () => {
    const player = await registeredPlayer(h, '100.00');
    const deposit = await pendingDeposit(player, '700.00');
    const before = oneCallCreditCount();
    const delivery = settledEvent(deposit, '700.00');
    const answers = await Promise.all(Array.from({ length: 12 }, () => h.gateway.inject(delivery)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
    const outcomes = answers.map((a) => a.json().outcome as string);
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(11);
    expect(oneCallCreditCount() - before).toBe(1);
    expect(await postings(deposit.id)).toBe(1);
    expect(await depositRow(h, deposit.id)).toMatchObject({ status: 'SETTLED', temporaryAccount: false });
    expect(await cashBalance(h, player.playerId)).toBe('800.00');
    const events = await h.connections.db.cashierProviderEvent.findMany({ where: { subjectId: deposit.id } });
    expect(events.map((e) => [e.type, e.outcome])).toEqual([['payment.settled', 'applied']]);
    const monitored = (await h.connections.db.outboxMessage.findMany({ where: { topic: 'compliance.monitoring-event' } }))
      .map((m) => m.payload as { kind: string; reference?: string; outcome?: string })
      .filter((p) => p.reference === deposit.id);
    expect(monitored).toEqual([expect.objectContaining({ kind: 'deposit', outcome: 'succeeded' })]);
    // Delivered again later: answered from the recorded event, nothing posted.
    expect((await h.gateway.inject(delivery)).json().outcome).toBe('duplicate');
    expect(await postings(deposit.id)).toBe(1);
  });

  it("issue 22 / 004:SLM-05 / DEP-02: parallel payment events of one player's four deposits never pass the 2,000 CZK daily deposit limit; the one that would is refused and waits for its refund", async () => {
    // applicationFor sets deposit:day to 2,000 CZK; the verification transfer was the first 100, so 1,900 are left.
    const player = await registeredPlayer(h, '100.00');
    const deposits = [];
    for (let i = 0; i < 4; i++) deposits.push(await pendingDeposit(player, '600.00'));
    const before = oneCallCreditCount();
    const answers = await Promise.all(deposits.map((d) => h.gateway.inject(settledEvent(d, '600.00'))));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers.map((a) => a.json().outcome as string).sort()).toEqual(['applied', 'applied', 'applied', 'refused']);
    expect(await cashBalance(h, player.playerId)).toBe('1900.00');
    const rows = await Promise.all(deposits.map((d) => depositRow(h, d.id)));
    expect(rows.map((r) => r.status).sort()).toEqual(['REFUSED', 'SETTLED', 'SETTLED', 'SETTLED']);
    expect(rows.find((r) => r.status === 'REFUSED')).toMatchObject({ refusalCode: 'limit-exceeded', ledgerTransactionId: null });
    // Some of the credits took the one-call path (the last ones may have waited for the locks on the ORM path).
    expect(oneCallCreditCount() - before).toBeGreaterThanOrEqual(1);
    expect(await findInvariantViolations(h.connections.db)).toEqual([]);
  });
});
