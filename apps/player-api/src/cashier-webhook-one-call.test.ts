/**
 * Issue 22 (D-2280): a payment event that credits a deposit runs as two SQL statements
 * (packages/cashier/src/credit-payment-one-call.ts) when the cashier runs with the platform's own guards
 * (the self-limits and AML rules it shares with the ORM path). These tests make sure the cases take that
 * path and prove its guarantees under parallel deliveries: one event credits once; one player's parallel
 * credits never pass the player's daily deposit limit.
 */
import { oneCallCreditCount, signWebhook } from '@casino/cashier';
import { monitoringEventTopic } from '@casino/compliance';
import { newId } from '@casino/core';
import * as ledger from '@casino/ledger';
import { startHarness, type Harness } from '@casino/test-support';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  asPlayer,
  cashBalance,
  czk,
  depositRow,
  key,
  playerWithActiveCard,
  promptProvider,
  pspSettings,
} from './cashier-test-support.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness(new Date('2026-11-02T09:00:00Z'), { guards: 'platform' });
});
beforeEach(async () => {
  await promptProvider(h);
});
afterAll(async () => {
  await h?.close();
});

const depositPostings = (depositId: string) =>
  h.connections.db.ledgerTransaction.count({ where: { idempotencyKey: `cashier-deposit:${depositId}` } });
const eventsOf = (depositId: string) =>
  h.connections.db.cashierProviderEvent.findMany({ where: { subjectId: depositId }, orderBy: { receivedAt: 'asc' } });

/** A delivery signed as the provider signs it. */
function signed(body: object) {
  const raw = JSON.stringify(body);
  const id = `evt_${newId().replace(/-/g, '')}`;
  const timestamp = Math.floor(h.clock.now().getTime() / 1000);
  return {
    method: 'POST' as const,
    url: '/v1/webhooks/sandbox-psp',
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(h.webhookSecret, id, timestamp, raw),
    },
    payload: raw,
  };
}

describe('webhooks: the one-call credit (issue 22)', () => {
  /** A deposit the provider took, its events held back: the test delivers them itself, at once. */
  async function heldDeposit(player: Awaited<ReturnType<typeof playerWithActiveCard>>, amount: string) {
    await pspSettings(h, { webhooks: { url: null } });
    const response = await asPlayer(
      h,
      player,
      'POST',
      '/v1/deposits',
      { paymentMethodId: player.cardMethodId, amount: czk(amount) },
      key(),
    );
    expect(response.statusCode, response.body).toBe(201);
    const row = await depositRow(h, response.json().id);
    return { id: row.id, paymentId: row.providerPaymentId! };
  }
  const settled = (deposit: { id: string; paymentId: string }, amount: string) =>
    signed({
      type: 'payment.settled',
      timestamp: h.clock.now().toISOString(),
      data: { paymentId: deposit.paymentId, reference: deposit.id, amount: czk(amount) },
    });

  it('issue 22 / issue 6: 12 parallel deliveries of one payment event credit the deposit once, through the one-call path, with its monitoring event', async () => {
    const player = await playerWithActiveCard(h);
    const held = await heldDeposit(player, '700.00');
    const before = oneCallCreditCount();
    const delivery = settled(held, '700.00');
    const answers = await Promise.all(Array.from({ length: 12 }, () => h.gateway.inject(delivery)));
    expect(
      answers.map((a) => a.statusCode),
      answers[0]!.body,
    ).toEqual(Array(12).fill(200));
    const outcomes = answers.map((a) => a.json().outcome as string);
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(11);
    expect(oneCallCreditCount() - before).toBe(1);
    expect(await depositPostings(held.id)).toBe(1);
    expect(await depositRow(h, held.id)).toMatchObject({ status: 'SETTLED', temporaryAccount: false });
    expect(await cashBalance(h, player.playerId)).toBe('800.00');
    expect((await eventsOf(held.id)).map((e) => [e.type, e.outcome])).toEqual([['payment.settled', 'applied']]);
    const monitored = (await h.connections.db.outboxMessage.findMany({ where: { topic: monitoringEventTopic } }))
      .map((m) => m.payload as { kind: string; reference?: string; outcome?: string })
      .filter((p) => p.reference === held.id);
    expect(monitored).toEqual([expect.objectContaining({ kind: 'deposit', outcome: 'succeeded' })]);
    // Delivered again later: answered from the recorded event, nothing posted.
    expect((await h.gateway.inject(delivery)).json().outcome).toBe('duplicate');
    expect(await depositPostings(held.id)).toBe(1);
  });

  it("issue 22 / 004:SLM-05 / DEP-02: parallel payment events of one player's four deposits never pass the 2,000 CZK daily deposit limit; the one that would is refused", async () => {
    // applicationFor sets deposit:day to 2,000 CZK; the verification transfer was the first 100, so 1,900 are left.
    const player = await playerWithActiveCard(h);
    const held = [];
    for (let i = 0; i < 4; i++) held.push(await heldDeposit(player, '600.00'));
    const answers = await Promise.all(held.map((d) => h.gateway.inject(settled(d, '600.00'))));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers.map((a) => a.json().outcome as string).sort()).toEqual(['applied', 'applied', 'applied', 'refused']);
    expect(await cashBalance(h, player.playerId)).toBe('1900.00');
    const rows = await Promise.all(held.map((d) => depositRow(h, d.id)));
    expect(rows.map((r) => r.status).sort()).toEqual(['REFUSED', 'SETTLED', 'SETTLED', 'SETTLED']);
    expect(rows.find((r) => r.status === 'REFUSED')).toMatchObject({ refusalCode: 'limit-exceeded', ledgerTransactionId: null });
    expect(await ledger.findInvariantViolations(h.connections.db)).toEqual([]);
  });
});
