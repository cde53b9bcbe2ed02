import { signWebhook } from '@casino/cashier';
import { newId } from '@casino/core';
import * as ledger from '@casino/ledger';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  asPlayer,
  asStaff,
  cashBalance,
  czk,
  deposit,
  key,
  promptProvider,
  pspSettings,
  registeredPlayer,
  sandboxCall,
  type CashierPlayer,
  webhooksDelivered,
} from './cashier-test-support.ts';
import { eventually, startHarness, type Harness } from '@casino/test-support';

/**
 * Issue 14 (7), (8), (15): provider events that are signed correctly but wrong in what they say.
 * Each refused or flagged event is checked to leave the ledger as it was, and balanced.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(async () => {
  await promptProvider(h, { payoutOutcome: 'paid' });
});
afterAll(async () => {
  await h?.close();
});

/** A delivery signed by the test itself, as the provider would send it (cashier-webhooks.test.ts). */
function signed(body: object, options: { id?: string; timestampHeader?: string; signedTimestamp?: string } = {}) {
  const raw = JSON.stringify(body);
  const id = options.id ?? `evt_${newId().replace(/-/g, '')}`;
  const timestamp = String(Math.floor(h.clock.now().getTime() / 1000));
  return {
    method: 'POST' as const,
    url: '/v1/webhooks/sandbox-psp',
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': options.timestampHeader ?? timestamp,
      'webhook-signature': signWebhook(h.webhookSecret, id, options.signedTimestamp ?? timestamp, raw),
    },
    payload: raw,
  };
}

const event = (type: string, data: Record<string, unknown>) => ({ type, timestamp: h.clock.now().toISOString(), data });
const storedEvent = (eventId: string) =>
  h.connections.db.cashierProviderEvent.findUnique({ where: { provider_eventId: { provider: 'sandbox-psp', eventId } } });
const suspenseBalance = async () => {
  const suspense = (await ledger.findAccountByCode(h.connections.db, ledger.operatorAccountCode('suspense', 'CZK')))!;
  return (await ledger.balance(h.connections.db, suspense.id)).toDecimalString();
};

/** What must not change when an event is refused: ledger transactions, stored events, suspense, the trial balance's balance. */
async function ledgerSnapshot() {
  const tb = await ledger.trialBalance(h.connections.db, 'CZK');
  return {
    transactions: await h.connections.db.ledgerTransaction.count(),
    events: await h.connections.db.cashierProviderEvent.count(),
    suspense: await suspenseBalance(),
    balanced: tb.balanced,
  };
}

async function expectLedgerUnchanged(before: Awaited<ReturnType<typeof ledgerSnapshot>>) {
  expect(await ledgerSnapshot()).toEqual(before);
  expect(before.balanced).toBe(true);
  expect(await ledger.findInvariantViolations(h.connections.db)).toEqual([]);
}

const transfer = (amount: { amount: string; currency: string }, transferId = `trf_${newId()}`) => ({
  transferId,
  reference: '9999999999',
  payerAccount: 'CZ6508000000192000145399',
  payerName: 'Nobody Known',
  amount,
});

describe('provider events: amounts (issue 14 (8))', () => {
  it('issue 14 (8): a signed bank-transfer.received with −50.00, 0.00 or 1e20 is refused with 400 (final) on body.data.amount, nothing stored or booked', async () => {
    const before = await ledgerSnapshot();
    for (const amount of ['-50.00', '0.00', '-0.00', '100000000000000000000.00', '1e20', '1.234']) {
      const response = await h.gateway.inject(signed(event('bank-transfer.received', transfer(czk(amount)))));
      expect(response.statusCode, `${amount}: ${response.body}`).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json()).toMatchObject({
        type: 'https://problems.casino.example/validation-failed',
        field: 'body.data.amount.amount',
      });
    }
    const unknownCurrency = await h.gateway.inject(
      signed(event('bank-transfer.received', transfer({ amount: '50.00', currency: 'XYZ' }))),
    );
    expect(unknownCurrency.json()).toMatchObject({ status: 400, field: 'body.data.amount.currency' });
    await expectLedgerUnchanged(before);
  });

  it('issue 14 (8): every provider event type that carries an amount refuses a negative, zero or out-of-range one with 400, nothing stored', async () => {
    const before = await ledgerSnapshot();
    const reference = newId();
    const dataOf: Record<string, (amount: object) => Record<string, unknown>> = {
      'payment.authorized': (amount) => ({ paymentId: 'pay_1', reference, amount, threeDSecure: 'passed' }),
      'payment.settled': (amount) => ({ paymentId: 'pay_1', reference, amount }),
      'payment.failed': (amount) => ({ paymentId: 'pay_1', reference, amount }),
      'payment.expired': (amount) => ({ paymentId: 'pay_1', reference, amount }),
      'payment.chargeback': (amount) => ({ paymentId: 'pay_1', reference, amount }),
      'payout.paid': (amount) => ({ payoutId: 'po_1', reference, amount }),
      'payout.failed': (amount) => ({ payoutId: 'po_1', reference, amount }),
      'refund.succeeded': (amount) => ({ refundId: 'rf_1', paymentId: 'pay_1', reference, amount }),
      'refund.failed': (amount) => ({ refundId: 'rf_1', paymentId: 'pay_1', reference, amount }),
      'bank-transfer.received': (amount) => transfer(amount as { amount: string; currency: string }),
    };
    for (const [type, data] of Object.entries(dataOf)) {
      for (const amount of ['-1.00', '0.00', '99999999999999999999.00']) {
        const response = await h.gateway.inject(signed(event(type, data(czk(amount)))));
        expect([type, amount, response.statusCode, response.json().field]).toEqual([
          type,
          amount,
          400,
          'body.data.amount.amount',
        ]);
      }
    }
    await expectLedgerUnchanged(before);
  });

  it('issue 14 (8): the same transferId under a new event id is a replay: 200 duplicate, booked once (unmatched, to suspense)', async () => {
    const data = transfer(czk('50.00'));
    const suspenseBefore = Number(await suspenseBalance());
    const first = await h.gateway.inject(signed(event('bank-transfer.received', data)));
    expect(first.json()).toEqual({ outcome: 'unmatched' });
    const before = await ledgerSnapshot();
    const againId = `evt_${newId().replace(/-/g, '')}`;
    const again = await h.gateway.inject(signed(event('bank-transfer.received', data), { id: againId }));
    expect([again.statusCode, again.json()]).toEqual([200, { outcome: 'duplicate' }]);
    // The provider's word that it sent the transfer again is kept, and nothing is booked a second time.
    expect(await storedEvent(againId)).toMatchObject({ type: 'bank-transfer.received', outcome: 'duplicate' });
    expect({ ...(await ledgerSnapshot()), events: before.events }).toEqual(before);
    expect(Number(await suspenseBalance())).toBe(suspenseBefore + 50);
    expect(
      await h.connections.db.ledgerTransaction.count({
        where: { idempotencyKey: `cashier-unmatched-transfer:sandbox-psp:${data.transferId}` },
      }),
    ).toBe(1);
    // Even with another amount, a transfer already booked is not booked again (nor a 409 the provider would retry).
    const changed = await h.gateway.inject(signed(event('bank-transfer.received', { ...data, amount: czk('70.00') })));
    expect(changed.json()).toEqual({ outcome: 'duplicate' });
    expect(Number(await suspenseBalance())).toBe(suspenseBefore + 50);
    expect(await ledger.findInvariantViolations(h.connections.db)).toEqual([]);
  });

  it('issue 14 (8): a verification transfer credited as a deposit, delivered again under a new event id, is a duplicate: no 500, credited once', async () => {
    const player = await registeredPlayer(h, '100.00');
    const credited = await h.connections.db.cashierDeposit.findFirstOrThrow({
      where: { playerId: player.playerId, instrument: 'bank-transfer' },
    });
    const method = await h.connections.db.paymentMethod.findUniqueOrThrow({ where: { id: player.bankMethodId } });
    const before = {
      cash: await cashBalance(h, player.playerId),
      deposits: await h.connections.db.cashierDeposit.count({ where: { playerId: player.playerId } }),
    };
    const data = {
      transferId: credited.providerPaymentId,
      reference: method.verificationReference,
      payerAccount: player.iban,
      payerName: player.holderName,
      amount: czk('100.00'),
    };
    const replay = await h.gateway.inject(signed(event('bank-transfer.received', data)));
    expect([replay.statusCode, replay.json()]).toEqual([200, { outcome: 'duplicate' }]);
    expect({
      cash: await cashBalance(h, player.playerId),
      deposits: await h.connections.db.cashierDeposit.count({ where: { playerId: player.playerId } }),
    }).toEqual(before);
    expect(await ledger.findInvariantViolations(h.connections.db)).toEqual([]);
  });
});

describe('provider events: payouts (issue 14 (7))', () => {
  const withdrawalRow = (id: string) => h.connections.db.cashierWithdrawal.findUniqueOrThrow({ where: { id } });
  const until = (id: string, status: string) =>
    eventually(async () => ((await withdrawalRow(id)).status === status ? true : undefined), `withdrawal ${status}`);
  const settlements = (id: string) =>
    h.connections.db.ledgerTransaction.count({ where: { idempotencyKey: `cashier-withdrawal-settle:${id}` } });
  const discrepancies = async () =>
    (await asStaff(h, ['finance'], 'GET', '/v1/cashier/withdrawals?status=discrepancy')).json().withdrawals as Array<{
      id: string;
      status: string;
      discrepancy: { reason: string } | null;
    }>;

  /** A registered player with 1,000.00 whose withdrawal of `amount` the provider has accepted and not yet paid (SENT). */
  async function sentWithdrawal(amount: string): Promise<{ player: CashierPlayer; withdrawalId: string; payoutId: string }> {
    const player = await registeredPlayer(h, '100.00');
    expect((await deposit(h, player, player.bankMethodId, '900.00')).statusCode).toBe(201);
    await pspSettings(h, { provider: { payoutOutcome: 'manual' } });
    const requested = await asPlayer(h, player, 'POST', '/v1/withdrawals', { amount: czk(amount) }, key());
    expect(requested.statusCode, requested.body).toBe(201);
    const withdrawalId = requested.json().id as string;
    await until(withdrawalId, 'SENT');
    return { player, withdrawalId, payoutId: (await withdrawalRow(withdrawalId)).providerPayoutId! };
  }

  it('issue 14 (7): a signed payout.paid for 1.00 does not settle a 100.00 withdrawal: answered discrepancy (2xx), flagged for a cashier, ledger unchanged', async () => {
    const { player, withdrawalId, payoutId } = await sentWithdrawal('100.00');
    const before = await ledgerSnapshot();
    const eventId = `evt_${newId().replace(/-/g, '')}`;
    const response = await h.gateway.inject(
      signed(event('payout.paid', { payoutId, reference: withdrawalId, amount: czk('1.00') }), { id: eventId }),
    );
    expect([response.statusCode, response.json()]).toEqual([200, { outcome: 'discrepancy' }]);
    expect(await withdrawalRow(withdrawalId)).toMatchObject({ status: 'SENT', paidAt: null });
    expect(await settlements(withdrawalId)).toBe(0);
    expect(await storedEvent(eventId)).toMatchObject({ type: 'payout.paid', outcome: 'discrepancy', subjectId: withdrawalId });
    expect({ ...(await ledgerSnapshot()), events: before.events }).toEqual(before);
    expect(await ledger.findInvariantViolations(h.connections.db)).toEqual([]);
    expect(await cashBalance(h, player.playerId)).toBe('900.00');
    const flagged = (await discrepancies()).find((w) => w.id === withdrawalId);
    expect(flagged).toMatchObject({
      status: 'SENT',
      discrepancy: { reason: 'payout.paid reports 1.00 CZK; the withdrawal is 100.00 CZK.' },
    });
    // Another currency is as wrong as another amount.
    const euros = await h.gateway.inject(
      signed(event('payout.paid', { payoutId, reference: withdrawalId, amount: { amount: '100.00', currency: 'EUR' } })),
    );
    expect(euros.json()).toEqual({ outcome: 'discrepancy' });
    // The provider's true report still settles it.
    const payout = (await sandboxCall(h, 'GET', `/control/psp/payouts?reference=${withdrawalId}`)).json.payouts[0];
    await sandboxCall(h, 'POST', `/control/psp/payouts/${payout.id}/outcome`, { outcome: 'paid' });
    await webhooksDelivered(h);
    expect(await withdrawalRow(withdrawalId)).toMatchObject({ status: 'PAID' });
    expect(await settlements(withdrawalId)).toBe(1);
  });

  it('issue 14 (7): payout.paid after payout.failed is flagged for a cashier (discrepancy), not dropped as stale; the wallet keeps the returned funds', async () => {
    const { player, withdrawalId, payoutId } = await sentWithdrawal('100.00');
    const payout = (await sandboxCall(h, 'GET', `/control/psp/payouts?reference=${withdrawalId}`)).json.payouts[0];
    await sandboxCall(h, 'POST', `/control/psp/payouts/${payout.id}/outcome`, { outcome: 'failed' });
    await webhooksDelivered(h);
    expect(await withdrawalRow(withdrawalId)).toMatchObject({ status: 'FAILED' });
    expect(await cashBalance(h, player.playerId)).toBe('1000.00');
    const before = await ledgerSnapshot();
    const response = await h.gateway.inject(
      signed(event('payout.paid', { payoutId, reference: withdrawalId, amount: czk('100.00') })),
    );
    expect([response.statusCode, response.json()]).toEqual([200, { outcome: 'discrepancy' }]);
    expect(await withdrawalRow(withdrawalId)).toMatchObject({
      status: 'FAILED',
      discrepancyReason: 'payout.paid arrived for a withdrawal that is FAILED: nothing was settled.',
    });
    expect({ ...(await ledgerSnapshot()), events: before.events }).toEqual(before);
    expect(await ledger.findInvariantViolations(h.connections.db)).toEqual([]);
    expect(await cashBalance(h, player.playerId)).toBe('1000.00');
    expect((await discrepancies()).map((w) => w.id)).toContain(withdrawalId);
  });
});

describe('provider events: the signed timestamp (issue 14 (15))', () => {
  it('issue 14 (15): a webhook-timestamp of 00<ts> is refused with 401 whether signed over <ts> or over its own text, and stores nothing', async () => {
    const before = await ledgerSnapshot();
    const now = String(Math.floor(h.clock.now().getTime() / 1000));
    const body = event('dispute.note-added', { note: 'hello' });
    const reusedSignature = await h.gateway.inject(signed(body, { timestampHeader: `00${now}` }));
    expect([reusedSignature.statusCode, reusedSignature.json().reason]).toEqual([401, 'malformed-timestamp']);
    const ownText = await h.gateway.inject(signed(body, { timestampHeader: `00${now}`, signedTimestamp: `00${now}` }));
    expect([ownText.statusCode, ownText.json().reason]).toEqual([401, 'malformed-timestamp']);
    expect((await h.gateway.inject(signed(body))).json()).toEqual({ outcome: 'unknown-type' });
    expect(await h.connections.db.cashierProviderEvent.count()).toBe(before.events + 1);
  });
});
