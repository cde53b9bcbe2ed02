import { signWebhook } from '@casino/cashier';
import { newId } from '@casino/core';
import { createTestGuards } from '@casino/cashier/testing';
import * as ledger from '@casino/ledger';
import { buildPaymentsGateway, loadPaymentsGatewayConfig } from '@casino/test-support/apps';
import { testServiceEnv } from '@casino/http/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  asPlayer,
  cashBalance,
  czk,
  deposit,
  depositRow,
  gameTransfer,
  key,
  playerWithActiveCard,
  promptProvider,
  pspSettings,
  sandboxCall,
  webhooksDelivered,
} from './cashier-test-support.ts';
import { startHarness, type Harness } from '@casino/test-support';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
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

/** A delivery signed by the test itself, as the provider would send it. */
function signed(body: object, options: { id?: string; secret?: string; timestampSeconds?: number } = {}) {
  const raw = JSON.stringify(body);
  const id = options.id ?? `evt_${newId().replace(/-/g, '')}`;
  const timestamp = options.timestampSeconds ?? Math.floor(h.clock.now().getTime() / 1000);
  return {
    method: 'POST' as const,
    url: '/v1/webhooks/sandbox-psp',
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(options.secret ?? h.webhookSecret, id, timestamp, raw),
    },
    payload: raw,
  };
}

describe('webhooks: exactly-once effect', () => {
  it('issue 6: each event delivered 10 times at once posts the deposit once', async () => {
    const player = await playerWithActiveCard(h);
    await pspSettings(h, { webhooks: { duplicates: 9 } });
    const response = await deposit(h, player, player.cardMethodId, '700.00');
    const id = response.json().id;
    expect(await depositPostings(id)).toBe(1);
    expect((await depositRow(h, id)).status).toBe('SETTLED');
    expect((await eventsOf(id)).map((e) => [e.type, e.outcome])).toEqual([
      ['payment.authorized', 'applied'],
      ['payment.settled', 'applied'],
    ]);
    const acknowledged = (await sandboxCall(h, 'GET', `/control/psp/deliveries?reference=${id}`)).json.deliveries.filter(
      (d: { status: number }) => d.status === 200,
    );
    expect(acknowledged).toHaveLength(20);
    expect(await cashBalance(h, player.playerId)).toBe('800.00');
  });

  it('issue 6: 10 copies each of settled-before-authorized converge on one posting and the settled state', async () => {
    const player = await playerWithActiveCard(h);
    await pspSettings(h, { webhooks: { duplicates: 9, reorder: true } });
    const id = (await deposit(h, player, player.cardMethodId, '400.00')).json().id;
    expect(await depositPostings(id)).toBe(1);
    expect((await depositRow(h, id)).status).toBe('SETTLED');
    expect((await eventsOf(id)).map((e) => [e.type, e.outcome])).toEqual([
      ['payment.settled', 'applied'],
      ['payment.authorized', 'stale'],
    ]);
  });

  it('issue 6: the same event delivered again hours later changes nothing', async () => {
    const player = await playerWithActiveCard(h);
    const id = (await deposit(h, player, player.cardMethodId, '300.00')).json().id;
    const [event] = (await sandboxCall(h, 'GET', `/control/psp/events?reference=${id}`)).json.events;
    h.clock.advanceMs(5 * 3_600_000);
    try {
      await sandboxCall(h, 'POST', '/control/psp/deliveries', { eventId: event.id });
      await webhooksDelivered(h);
      expect(await depositPostings(id)).toBe(1);
      const later = (await sandboxCall(h, 'GET', `/control/psp/deliveries?eventId=${event.id}`)).json.deliveries;
      expect(later.at(-1)).toMatchObject({ status: 200 });
      expect(await cashBalance(h, player.playerId)).toBe('400.00');
    } finally {
      h.clock.advanceMs(-5 * 3_600_000);
    }
  });

  it("issue 6: a chargeback delivered before the payment's own confirmation converges with nothing posted", async () => {
    const player = await playerWithActiveCard(h);
    await pspSettings(h, { provider: { authentication: 'challenge' } });
    const intent = (
      await asPlayer(h, player, 'POST', '/v1/deposits', { paymentMethodId: player.cardMethodId, amount: czk('250.00') }, key())
    ).json();
    await pspSettings(h, { webhooks: { url: null } }); // the provider's deliveries are held back
    await sandboxCall(h, 'POST', new URL(intent.redirectUrl).pathname, { outcome: 'pass' });
    const payment = (await sandboxCall(h, 'GET', `/control/psp/payments?reference=${intent.id}`)).json.payments[0];
    await sandboxCall(h, 'POST', `/control/psp/payments/${payment.id}/chargeback`, { reason: 'fraudulent' });
    await pspSettings(h, { webhooks: { url: `${h.gatewayUrl}/v1/webhooks/sandbox-psp` } });
    const events = (await sandboxCall(h, 'GET', `/control/psp/events?reference=${intent.id}`)).json.events as Array<{
      id: string;
      type: string;
    }>;
    for (const event of [...events].reverse()) {
      await sandboxCall(h, 'POST', '/control/psp/deliveries', { eventId: event.id });
      await webhooksDelivered(h);
    }
    expect((await eventsOf(intent.id)).map((e) => [e.type, e.outcome])).toEqual([
      ['payment.chargeback', 'applied'],
      ['payment.settled', 'stale'],
      ['payment.authorized', 'stale'],
    ]);
    expect(await depositRow(h, intent.id)).toMatchObject({ status: 'CHARGED_BACK', ledgerTransactionId: null });
    expect(await cashBalance(h, player.playerId)).toBe('100.00');
  });
});

describe('webhooks: signatures', () => {
  it('issue 6: a bad signature is 401 and stores nothing; so are a stale and a future timestamp', async () => {
    const before = await h.connections.db.cashierProviderEvent.count();
    const body = { type: 'payment.settled', timestamp: new Date().toISOString(), data: {} };
    const wrongSecret = await h.gateway.inject(signed(body, { secret: 'whsec_d3Jvbmctc2VjcmV0LXdyb25nLXNlY3JldC0x' }));
    expect(wrongSecret.statusCode).toBe(401);
    expect(wrongSecret.json()).toMatchObject({
      type: 'https://problems.casino.example/webhook-signature-invalid',
      reason: 'no-valid-signature',
    });
    const now = Math.floor(h.clock.now().getTime() / 1000);
    expect((await h.gateway.inject(signed(body, { timestampSeconds: now - 301 }))).json().reason).toBe('stale-timestamp');
    expect((await h.gateway.inject(signed(body, { timestampSeconds: now + 301 }))).json().reason).toBe('future-timestamp');
    const tampered = signed({ type: 'unknown.thing', timestamp: 'x', data: {} });
    expect((await h.gateway.inject({ ...tampered, payload: tampered.payload.replace('unknown', 'unknowN') })).statusCode).toBe(
      401,
    );
    const unsigned = await h.gateway.inject({
      method: 'POST',
      url: '/v1/webhooks/sandbox-psp',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await h.connections.db.cashierProviderEvent.count()).toBe(before);
  });

  it('issue 6: the provider retries after its first attempts were refused for a broken signature, and the event applies once', async () => {
    const player = await playerWithActiveCard(h);
    await pspSettings(h, { webhooks: { corruptFirstAttempts: 2 } });
    const id = (await deposit(h, player, player.cardMethodId, '150.00')).json().id;
    const attempts = (await sandboxCall(h, 'GET', `/control/psp/deliveries?reference=${id}`)).json.deliveries.filter(
      (d: { type: string }) => d.type === 'payment.authorized',
    );
    expect(attempts.map((a: { status: number }) => a.status)).toEqual([401, 401, 200]);
    expect(await depositPostings(id)).toBe(1);
  });

  it('issue 6: during a key rotation a delivery signed with the old and the new secret is accepted; an unknown event type is stored and acknowledged', async () => {
    const newSecret = `whsec_${Buffer.from(`rotated-${newId()}`).toString('base64')}`;
    const env = testServiceEnv({ PSP_WEBHOOK_SECRETS: `${newSecret},${h.webhookSecret}` });
    const rotated = await buildPaymentsGateway({
      config: loadPaymentsGatewayConfig(env),
      connections: h.connections,
      redisKeyPrefix: h.connections.redisKeyPrefix,
      clock: h.clock,
      guards: createTestGuards(),
    });
    try {
      const body = { type: 'dispute.note-added', timestamp: h.clock.now().toISOString(), data: { note: 'hello' } };
      const byOld = await rotated.inject(signed(body));
      expect(byOld.json()).toEqual({ outcome: 'unknown-type' });
      const byNew = await rotated.inject(signed(body, { secret: newSecret }));
      expect(byNew.json()).toEqual({ outcome: 'unknown-type' });
      const id = `evt_${newId().replace(/-/g, '')}`;
      const first = await rotated.inject(signed(body, { id }));
      const again = await rotated.inject(signed(body, { id }));
      expect([first.json().outcome, again.json().outcome]).toEqual(['unknown-type', 'duplicate']);
      expect(
        await h.connections.db.cashierProviderEvent.findUnique({
          where: { provider_eventId: { provider: 'sandbox-psp', eventId: id } },
        }),
      ).toMatchObject({ type: 'dispute.note-added', outcome: 'unknown-type' });
    } finally {
      await rotated.close();
    }
  });

  it('issue 6: a known event type with malformed data is refused with 400 and not stored', async () => {
    const id = `evt_${newId().replace(/-/g, '')}`;
    const response = await h.gateway.inject(
      signed({ type: 'payment.settled', timestamp: 'now', data: { paymentId: 'p', reference: 'not-a-uuid' } }, { id }),
    );
    expect(response.json()).toMatchObject({ status: 400, field: 'body.data.reference' });
    expect(await h.connections.db.cashierProviderEvent.count({ where: { eventId: id } })).toBe(0);
  });
});

describe('webhooks: chargebacks', () => {
  it('issue 6: a chargeback after success reverses the deposit; when the money was played it leaves a debt, withdrawals are refused and the next deposit repays it first', async () => {
    const player = await playerWithActiveCard(h);
    const id = (await deposit(h, player, player.cardMethodId, '1000.00')).json().id;
    await gameTransfer(h, player.playerId, 'STAKE', '800.00');
    expect(await cashBalance(h, player.playerId)).toBe('300.00');
    const payment = (await sandboxCall(h, 'GET', `/control/psp/payments?reference=${id}`)).json.payments[0];
    await sandboxCall(h, 'POST', `/control/psp/payments/${payment.id}/chargeback`, { reason: 'fraudulent' });
    await webhooksDelivered(h);
    const row = await depositRow(h, id);
    expect(row.status).toBe('CHARGED_BACK');
    const reversal = await h.connections.db.ledgerTransaction.findUniqueOrThrow({
      where: { id: row.reversalTransactionId! },
      include: { postings: true },
    });
    expect({ kind: reversal.kind, reverses: reversal.reversesTransactionId }).toEqual({
      kind: 'REVERSAL',
      reverses: row.ledgerTransactionId,
    });
    expect(await cashBalance(h, player.playerId)).toBe('0.00');
    const debts = await asPlayer(h, player, 'GET', '/v1/debts');
    expect(debts.json()).toMatchObject({
      outstanding: { amount: '700.00' },
      debts: [{ cause: 'CHARGEBACK', status: 'OPEN', outstanding: { amount: '700.00' } }],
    });
    await asPlayer(h, player, 'POST', `/v1/payment-methods/${player.bankMethodId}/activation`);
    const withdrawal = await asPlayer(h, player, 'POST', '/v1/withdrawals', { amount: czk('10.00') }, key());
    expect(withdrawal.json()).toMatchObject({ status: 403, type: 'https://problems.casino.example/debt-outstanding' });
    await asPlayer(h, player, 'POST', `/v1/payment-methods/${player.cardMethodId}/activation`);
    await deposit(h, player, player.cardMethodId, '1000.00');
    expect(await cashBalance(h, player.playerId)).toBe('300.00');
    expect((await asPlayer(h, player, 'GET', '/v1/debts')).json()).toMatchObject({
      outstanding: { amount: '0.00' },
      debts: [{ status: 'REPAID' }],
    });
    expect(await ledger.findInvariantViolations(h.connections.db)).toEqual([]);
  });
});
