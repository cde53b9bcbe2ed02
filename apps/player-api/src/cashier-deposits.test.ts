import { createDeposit } from '@casino/cashier';
import { Money, newId } from '@casino/core';
import * as ledger from '@casino/ledger';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  asPlayer,
  asStaff,
  cardToken,
  cashBalance,
  czk,
  deposit,
  depositRow,
  key,
  playerWithActiveCard,
  pspSettings,
  registeredPlayer,
  sandboxCall,
  temporaryPlayerWithBankAccount,
  webhooksDelivered,
} from './cashier-test-support.ts';
import { eventually, startHarness, type Harness } from '@casino/test-support';

let h: Harness;
beforeAll(async () => {
  h = await startHarness(new Date('2026-11-02T09:00:00Z'));
});
beforeEach(async () => {
  await pspSettings(h, {
    provider: { authentication: 'frictionless', frictionlessOutcome: 'pass', settlement: 'immediate' },
    webhooks: { duplicates: 0, reorder: false },
  });
  h.guards.calls.length = 0;
});
afterAll(async () => {
  await h?.close();
});

const problemType = (response: { json(): { type?: string } }) =>
  response.json().type?.replace('https://problems.casino.example/', '');
const temporaryBalance = async (playerId: string) => {
  const account = await h.connections.db.temporaryAccount.findUniqueOrThrow({ where: { playerId } });
  return (await ledger.balance(h.connections.db, account.walletAccountId as never)).toDecimalString();
};

describe('deposits: caps from the jurisdiction table', () => {
  it('004:T-40 / DEP-03 / 002:WAL-07 over HTTP: a card deposit of 99 CZK is refused, 100 and 300,000 are credited, 300,001 is refused', async () => {
    const player = await playerWithActiveCard(h);
    const refusedLow = await deposit(h, player, player.cardMethodId, '99.00');
    expect(refusedLow.json()).toMatchObject({
      status: 422,
      type: 'https://problems.casino.example/below-payment-minimum',
      field: 'body.amount',
      cap: 'per-transaction-minimum',
    });
    expect((await deposit(h, player, player.cardMethodId, '100.00')).statusCode).toBe(201);
    expect((await deposit(h, player, player.cardMethodId, '300000.00')).statusCode).toBe(201);
    const refusedHigh = await deposit(h, player, player.cardMethodId, '300001.00');
    expect(refusedHigh.json()).toMatchObject({
      status: 422,
      type: 'https://problems.casino.example/payment-cap-exceeded',
      cap: 'per-transaction-maximum',
      limit: { amount: '300000.00' },
    });
    expect(await cashBalance(h, player.playerId)).toBe('300200.00'); // 100 from the verification transfer
    const stored = await h.connections.db.cashierDeposit.findMany({ where: { playerId: player.playerId, instrument: 'card' } });
    expect(stored.map((d) => [d.amountMinor, d.status]).sort()).toEqual([
      [10_000n, 'SETTLED'],
      [30_000_000n, 'SETTLED'],
    ]);
  });

  it('004:DEP-03 / DEP-04 rolling windows on the controllable clock: an operator cap of 1,000 per 24 hours, 1,500 per 7 days and 2,000 per 30 days', async () => {
    const player = await playerWithActiveCard(h);
    const caps = {
      perTransactionMin: null,
      perTransactionMax: null,
      rolling24hMax: czk('1000.00'),
      rolling7dMax: czk('1500.00'),
      rolling30dMax: czk('2000.00'),
      attempts24hMax: null,
      count24hMax: null,
    };
    const looser = await asStaff(h, ['finance'], 'PUT', `/v1/players/${player.playerId}/cashier-caps/card/deposit`, {
      caps: { ...caps, perTransactionMax: czk('300001.00') },
      reason: 'try to loosen',
    });
    expect(looser.json()).toMatchObject({ status: 400, looserFields: ['perTransactionMinorMax'] });
    expect(
      (
        await asStaff(h, ['finance'], 'PUT', `/v1/players/${player.playerId}/cashier-caps/card/deposit`, {
          caps,
          reason: 'responsible gaming review',
        })
      ).statusCode,
    ).toBe(204);
    const refusedCap = async (amount: string) =>
      (await deposit(h, player, player.cardMethodId, amount)).json().cap as string | undefined;
    const start = h.clock.now();
    try {
      expect((await deposit(h, player, player.cardMethodId, '1000.00')).statusCode).toBe(201);
      expect(await refusedCap('100.00')).toBe('rolling-24h');
      h.clock.advanceMs(24 * 3_600_000 + 1_000);
      expect((await deposit(h, player, player.cardMethodId, '500.00')).statusCode).toBe(201);
      expect(await refusedCap('100.00')).toBe('rolling-7d');
      h.clock.advanceMs(6 * 24 * 3_600_000);
      expect((await deposit(h, player, player.cardMethodId, '500.00')).statusCode).toBe(201);
      expect(await refusedCap('100.00')).toBe('rolling-30d');
      h.clock.advanceMs(23 * 24 * 3_600_000);
      expect((await deposit(h, player, player.cardMethodId, '1000.00')).statusCode).toBe(201);
    } finally {
      h.clock.set(start);
    }
  });

  it('002:LIM-02 / T-WD-09 / AMB-DEP-ATTEMPTS attempts per rolling 24 hours: the 11th card attempt is refused, failed ones counted; a day later it is allowed', async () => {
    const player = await playerWithActiveCard(h);
    await pspSettings(h, { provider: { authentication: 'frictionless', frictionlessOutcome: 'fail' } });
    const start = h.clock.now();
    try {
      for (let i = 0; i < 10; i++) expect((await deposit(h, player, player.cardMethodId, '100.00')).statusCode).toBe(201);
      expect(
        await h.connections.db.cashierDeposit.count({
          where: { playerId: player.playerId, instrument: 'card', status: 'FAILED' },
        }),
      ).toBe(10);
      const eleventh = await deposit(h, player, player.cardMethodId, '100.00');
      expect(eleventh.json()).toMatchObject({
        status: 422,
        type: 'https://problems.casino.example/payment-attempts-exceeded',
        cap: 'attempts-24h',
        limit: 10,
      });
      h.clock.advanceMs(24 * 3_600_000 + 1_000);
      await pspSettings(h, { provider: { frictionlessOutcome: 'pass' } });
      expect((await deposit(h, player, player.cardMethodId, '100.00')).statusCode).toBe(201);
    } finally {
      h.clock.set(start);
    }
  });

  it('004:DEP-01 / T-46 / IDV-06 / AMB-03 cash at a branch with an ID check: 4,000 at 10:00 and 1,000 at 18:00, one crown more at 09:00 the next day is refused, at 10:01 accepted', async () => {
    const player = await registeredPlayer(h);
    const start = h.clock.now();
    const cash = (amount: string, idCheck: object | null = { documentType: 'national-id', documentNumber: '123456789' }) =>
      asStaff(
        h,
        ['support'],
        'POST',
        '/v1/cashier/cash-deposits',
        { playerId: player.playerId, amount: czk(amount), idCheck },
        key(),
      );
    try {
      h.clock.set(new Date('2026-11-10T09:00:00Z')); // 10:00 in Prague
      expect((await cash('100.00', null)).json()).toMatchObject({
        status: 422,
        type: 'https://problems.casino.example/identity-document-required',
      });
      expect((await cash('4000.00')).statusCode).toBe(201);
      h.clock.set(new Date('2026-11-10T17:00:00Z'));
      expect((await cash('1000.00')).statusCode).toBe(201);
      h.clock.set(new Date('2026-11-11T08:00:00Z'));
      expect((await cash('1.00')).json()).toMatchObject({
        type: 'https://problems.casino.example/payment-cap-exceeded',
        cap: 'rolling-24h',
      });
      h.clock.set(new Date('2026-11-11T09:01:00Z'));
      expect((await cash('1.00')).statusCode).toBe(201);
      expect(await cashBalance(h, player.playerId)).toBe('5101.00');
      const temporary = await temporaryPlayerWithBankAccount(h);
      const refused = await asStaff(
        h,
        ['support'],
        'POST',
        '/v1/cashier/cash-deposits',
        {
          playerId: temporary.playerId,
          amount: czk('100.00'),
          idCheck: { documentType: 'passport', documentNumber: '99887766' },
        },
        key(),
      );
      expect(refused.json()).toMatchObject({
        status: 422,
        type: 'https://problems.casino.example/temporary-account-cashless-only',
      }); // 004:T-04
    } finally {
      h.clock.set(start);
    }
  });
});

describe('deposits: concurrency and the provider', () => {
  it('004:DEP-03 parallel deposits against one rolling cap: 8 concurrent card intents of 300 CZK under a 1,000 CZK 24-hour cap, 3 pass', async () => {
    const player = await playerWithActiveCard(h);
    await asStaff(h, ['finance'], 'PUT', `/v1/players/${player.playerId}/cashier-caps/card/deposit`, {
      caps: {
        perTransactionMin: null,
        perTransactionMax: null,
        rolling24hMax: czk('1000.00'),
        rolling7dMax: null,
        rolling30dMax: null,
        attempts24hMax: null,
        count24hMax: null,
      },
      reason: 'responsible gaming',
    });
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        asPlayer(h, player, 'POST', '/v1/deposits', { paymentMethodId: player.cardMethodId, amount: czk('300.00') }, key()),
      ),
    );
    await webhooksDelivered(h);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 422, 422, 422, 422, 422]);
    expect(await cashBalance(h, player.playerId)).toBe('1000.00');
  });

  it('issue 6: an unreachable provider answers 503 and keeps the intent; the same Idempotency-Key later sends it', async () => {
    const player = await playerWithActiveCard(h);
    await pspSettings(h, { provider: { available: false } });
    const headers = key();
    const down = await asPlayer(
      h,
      player,
      'POST',
      '/v1/deposits',
      { paymentMethodId: player.cardMethodId, amount: czk('200.00') },
      headers,
    );
    expect(down.json()).toMatchObject({ status: 503, type: 'https://problems.casino.example/payment-provider-unavailable' });
    expect(await h.connections.db.cashierDeposit.count({ where: { playerId: player.playerId, status: 'CREATED' } })).toBe(1);
    await pspSettings(h, { provider: { available: true } });
    const retried = await asPlayer(
      h,
      player,
      'POST',
      '/v1/deposits',
      { paymentMethodId: player.cardMethodId, amount: czk('200.00') },
      headers,
    );
    await webhooksDelivered(h);
    expect(retried.statusCode).toBe(200);
    expect(await cashBalance(h, player.playerId)).toBe('300.00');
  });
});

describe('deposits: method state and the temporary account', () => {
  it('004:T-06 / PAY-08 / TMP-06 / PAY-01 / BET-09 / 002:TMP-06 / PM-07 / T-PM-04 a temporary account deposits from a registered, unverified method; a full account cannot, nor from an inactive one', async () => {
    const temporary = await temporaryPlayerWithBankAccount(h);
    expect((await deposit(h, temporary, temporary.bankMethodId, '500.00')).statusCode).toBe(201);
    expect(await temporaryBalance(temporary.playerId)).toBe('500.00');
    const player = await playerWithActiveCard(h);
    const unverified = await asPlayer(h, player, 'POST', '/v1/payment-methods', {
      kind: 'card',
      token: await cardToken(h, player.holderName),
    });
    expect(problemType(await deposit(h, player, unverified.json().id, '500.00'))).toBe('payment-method-not-verified');
    expect(problemType(await deposit(h, player, player.bankMethodId, '500.00'))).toBe('payment-method-not-active'); // 002:T-PM-04
  });

  it('004:TMP-03 / T-03 temporary account: 2,000 then 1,000 are credited, one crown more is refused whole', async () => {
    const player = await temporaryPlayerWithBankAccount(h);
    expect((await deposit(h, player, player.bankMethodId, '2000.00')).statusCode).toBe(201);
    expect((await deposit(h, player, player.bankMethodId, '1000.00')).statusCode).toBe(201);
    const refused = await deposit(h, player, player.bankMethodId, '1.00');
    expect(refused.json()).toMatchObject({
      status: 422,
      type: 'https://problems.casino.example/temporary-account-deposit-cap',
      remaining: { amount: '0.00' },
    });
    expect(await temporaryBalance(player.playerId)).toBe('3000.00');
  });

  it('004:TMP-03 parallel deposits against one cap: 8 concurrent intents of 500 CZK on a temporary account, 6 pass and 3,000 is credited', async () => {
    const player = await temporaryPlayerWithBankAccount(h);
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        asPlayer(h, player, 'POST', '/v1/deposits', { paymentMethodId: player.bankMethodId, amount: czk('500.00') }, key()),
      ),
    );
    await webhooksDelivered(h);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 201, 201, 201, 422, 422]);
    expect(responses.filter((r) => r.statusCode === 422).every((r) => problemType(r) === 'temporary-account-deposit-cap')).toBe(
      true,
    );
    expect(await temporaryBalance(player.playerId)).toBe('3000.00');
    expect(await ledger.findInvariantViolations(h.connections.db)).toEqual([]);
  });
});

describe('deposits: the order of checks, refusals and failures', () => {
  it('issue 6: order of checks: a confirmed deposit breaking both the self-limit and the caps is refused by the self-limit, AML is never asked, the money waits in suspense and is refunded', async () => {
    const player = await playerWithActiveCard(h);
    await pspSettings(h, { provider: { authentication: 'challenge' } });
    const intent = await asPlayer(
      h,
      player,
      'POST',
      '/v1/deposits',
      { paymentMethodId: player.cardMethodId, amount: czk('800.00') },
      key(),
    );
    expect(intent.json()).toMatchObject({ status: 'PENDING', redirectUrl: expect.stringContaining('/authentication') });
    // After the intent passed its checks, both a self-limit and a stricter cap appear.
    h.guards.depositLimitMinor.set(player.playerId, 50_000n);
    await asStaff(h, ['finance'], 'PUT', `/v1/players/${player.playerId}/cashier-caps/card/deposit`, {
      caps: {
        perTransactionMin: null,
        perTransactionMax: czk('500.00'),
        rolling24hMax: null,
        rolling7dMax: null,
        rolling30dMax: null,
        attempts24hMax: null,
        count24hMax: null,
      },
      reason: 'stricter',
    });
    h.guards.calls.length = 0;
    await sandboxCall(h, 'POST', new URL(intent.json().redirectUrl).pathname, { outcome: 'pass' });
    // The refund is a job, then a provider call, then its webhook: wait for its outcome, not for a
    // while (a fixed 300 ms was not enough on a busy machine, issue 14 (11)).
    await eventually(
      async () => ((await depositRow(h, intent.json().id)).status === 'REFUNDED' ? true : undefined),
      'the refund of the refused deposit',
    );
    await webhooksDelivered(h);
    const row = await depositRow(h, intent.json().id);
    expect({ status: row.status, refusalCode: row.refusalCode, ledgerTransactionId: row.ledgerTransactionId }).toEqual({
      status: 'REFUNDED',
      refusalCode: 'limit-exceeded',
      ledgerTransactionId: null,
    });
    expect(h.guards.calls).toEqual(['authorizeDeposit']);
    const suspense = (await ledger.findAccountByCode(h.connections.db, ledger.operatorAccountCode('suspense', 'CZK')))!;
    expect((await ledger.balance(h.connections.db, suspense.id)).toDecimalString()).toBe('0.00');
    expect(await cashBalance(h, player.playerId)).toBe('100.00');
    h.guards.depositLimitMinor.delete(player.playerId);
  });

  it('issue 6: order of checks: account state comes before method state, and a closed account deposits nothing', async () => {
    const player = await playerWithActiveCard(h);
    await h.connections.db.paymentMethod.update({
      where: { id: player.cardMethodId },
      data: { status: 'REJECTED', active: false },
    });
    await h.connections.db.player.update({ where: { id: player.playerId }, data: { state: 'BLOCKED' } });
    // Over HTTP a blocked player's token is refused before the cashier is asked (issue 14 (1)); the
    // cashier's own check, for whoever calls it, is asked directly.
    await expect(
      createDeposit(h.cashier, {
        playerId: player.playerId,
        paymentMethodId: player.cardMethodId,
        amount: Money.of('100.00', 'CZK'),
        idempotencyKey: `blocked-${newId()}`,
      }),
    ).rejects.toMatchObject({ code: 'account-not-active' });
    await h.connections.db.player.update({ where: { id: player.playerId }, data: { state: 'REGISTERED' } });
    expect(problemType(await deposit(h, player, player.cardMethodId, '100.00'))).toBe('payment-method-not-verified');
  });

  it('issue 6: failed 3-D Secure and expired intents post nothing; the same Idempotency-Key returns the first intent, a different body is 409', async () => {
    const player = await playerWithActiveCard(h);
    await pspSettings(h, { provider: { authentication: 'challenge' } });
    const headers = key();
    const first = await asPlayer(
      h,
      player,
      'POST',
      '/v1/deposits',
      { paymentMethodId: player.cardMethodId, amount: czk('200.00') },
      headers,
    );
    const again = await asPlayer(
      h,
      player,
      'POST',
      '/v1/deposits',
      { paymentMethodId: player.cardMethodId, amount: czk('200.00') },
      headers,
    );
    expect([first.statusCode, again.statusCode, again.json().id]).toEqual([201, 200, first.json().id]);
    expect(
      problemType(
        await asPlayer(
          h,
          player,
          'POST',
          '/v1/deposits',
          { paymentMethodId: player.cardMethodId, amount: czk('300.00') },
          headers,
        ),
      ),
    ).toBe('idempotency-key-reused');
    await sandboxCall(h, 'POST', new URL(first.json().redirectUrl).pathname, { outcome: 'fail' });
    const expiring = await asPlayer(
      h,
      player,
      'POST',
      '/v1/deposits',
      { paymentMethodId: player.cardMethodId, amount: czk('300.00') },
      key(),
    );
    const payment = (await sandboxCall(h, 'GET', `/control/psp/payments?reference=${expiring.json().id}`)).json.payments[0];
    await sandboxCall(h, 'POST', `/control/psp/payments/${payment.id}/expire`);
    await webhooksDelivered(h);
    expect(await depositRow(h, first.json().id)).toMatchObject({
      status: 'FAILED',
      ledgerTransactionId: null,
      threeDSecure: 'failed',
    });
    expect(await depositRow(h, expiring.json().id)).toMatchObject({ status: 'EXPIRED', ledgerTransactionId: null });
    expect(await cashBalance(h, player.playerId)).toBe('100.00');
    const listed = await asPlayer(h, player, 'GET', '/v1/deposits?limit=5');
    expect(
      listed
        .json()
        .deposits.map((d: { status: string }) => d.status)
        .slice(0, 2),
    ).toEqual(['EXPIRED', 'FAILED']);
  });
});

describe('deposits: one movement, one time (issue 15)', () => {
  it("issue 15: a deposit's ledger transaction carries the clock's time, the same as its deposit row and its monitoring event", async () => {
    const player = await playerWithActiveCard(h);
    h.clock.advanceMs(2 * 3_600_000 + 777);
    const now = h.clock.now().toISOString();
    expect(Math.abs(h.clock.now().getTime() - Date.now())).toBeGreaterThan(86_400_000); // the premise: far from wall time
    h.guards.events.length = 0;
    const response = await deposit(h, player, player.cardMethodId, '250.00');
    expect(response.statusCode, response.body).toBe(201);
    const row = await depositRow(h, response.json().id);
    const posted = await ledger.findTransaction(h.connections.db, row.ledgerTransactionId!);
    const event = h.guards.events.find((e) => e.kind === 'deposit' && e.reference === row.id);
    expect({
      ledger: posted?.effectiveAt.toISOString(),
      credited: row.creditedAt?.toISOString(),
      monitoring: event?.occurredAt.toISOString(),
    }).toEqual({ ledger: now, credited: now, monitoring: now });
  });
});
