/**
 * Issue 22 (D-2287..D-2290): the player API's deposit request (BEGIN + cashier_deposit_intent_begin, the intent's
 * INSERT + COMMIT, one UPDATE after the provider took the payment; packages/cashier/src/create-deposit-one-call.ts)
 * and withdrawal request (BEGIN + cashier_withdrawal_begin, cashier_withdrawal_commit + COMMIT;
 * request-withdrawal-one-call.ts) when the cashier runs with the platform's own guards. These tests make sure the
 * requests take that path and prove its guarantees under parallel requests: one Idempotency-Key makes one intent or
 * one hold; parallel requests with different keys never pass a cap or the wallet's balance together.
 */
import { oneCallDepositRequestCount, oneCallWithdrawalRequestCount } from '@casino/cashier';
import { startHarness, type Harness } from '@casino/test-support';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  asPlayer,
  cashBalance,
  czk,
  deposit,
  key,
  playerWithActiveCard,
  pspSettings,
  registeredPlayer,
  temporaryPlayerWithBankAccount,
} from './cashier-test-support.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness(new Date('2026-11-02T09:00:00Z'), { guards: 'platform' });
});
beforeEach(async () => {
  await pspSettings(h, {
    provider: { authentication: 'frictionless', frictionlessOutcome: 'pass', settlement: 'immediate' },
    webhooks: { url: `${h.gatewayUrl}/v1/webhooks/sandbox-psp`, duplicates: 0, reorder: false },
  });
});
afterAll(async () => {
  await h?.close();
});

/** A player with an active card whose later payments the provider takes without crediting them (the tests look at the intents). */
async function cardPlayer() {
  const registered = await playerWithActiveCard(h);
  await pspSettings(h, { webhooks: { url: null } });
  return registered;
}

/** The intents a test made: those of the player's card after `since` (registration's own deposit excluded). */
const intentsOf = (player: { playerId: string; cardMethodId: string }, amountMinor: bigint) =>
  h.connections.db.cashierDeposit.findMany({
    where: { playerId: player.playerId, paymentMethodId: player.cardMethodId, amountMinor },
    orderBy: { createdAt: 'asc' },
  });

describe('the deposit request in three round trips (issue 22)', () => {
  it('issue 22 issue 6 a deposit request takes the one-call path: 201 with the provider’s payment asked for, the same Idempotency-Key answers 200 with the same intent, another body under it 409', async () => {
    const player = await cardPlayer();
    const before = oneCallDepositRequestCount();
    const idempotency = key();
    const body = { paymentMethodId: player.cardMethodId, amount: czk('150.00') };
    const first = await asPlayer(h, player, 'POST', '/v1/deposits', body, idempotency);
    expect(first.statusCode, first.body).toBe(201);
    expect(oneCallDepositRequestCount() - before).toBe(1);
    expect(first.json()).toMatchObject({ status: 'PENDING', amount: czk('150.00'), paymentMethodId: player.cardMethodId });
    const again = await asPlayer(h, player, 'POST', '/v1/deposits', body, idempotency);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    const other = await asPlayer(h, player, 'POST', '/v1/deposits', { ...body, amount: czk('151.00') }, idempotency);
    expect(other.statusCode).toBe(409);
    expect(other.json().type).toMatch(/idempotency-key-reused$/);
    const [row] = await intentsOf(player, 15_000n);
    expect(row).toMatchObject({
      status: 'PENDING',
      amountMinor: 15_000n,
      instrument: 'card',
      channel: 'CASHLESS',
      provider: 'sandbox-psp',
    });
    expect(row!.providerPaymentId).toBeTruthy();
  });

  it('issue 22 issue 6 eight parallel deposit requests with one Idempotency-Key make one intent and one payment: every answer names it', async () => {
    const player = await cardPlayer();
    const idempotency = key();
    const body = { paymentMethodId: player.cardMethodId, amount: czk('200.00') };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => asPlayer(h, player, 'POST', '/v1/deposits', body, idempotency)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    const rows = await intentsOf(player, 20_000n);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('PENDING');
  });

  it('004:DEP-03 002:LIM-02 parallel deposit requests with different keys against a 24-hour cap of 1,000.00: exactly four intents of 250.00 pass, the others are refused naming the cap, and none of those reached the provider', async () => {
    const player = await cardPlayer();
    await h.connections.db.cashierCapOverride.create({
      data: {
        playerId: player.playerId,
        instrument: 'card',
        direction: 'DEPOSIT',
        rolling24hMinorMax: 100_000n,
        reason: 'test: a stricter cap',
        setBy: 'test',
        setAt: h.clock.now(),
      },
    });
    const before = oneCallDepositRequestCount();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        asPlayer(h, player, 'POST', '/v1/deposits', { paymentMethodId: player.cardMethodId, amount: czk('250.00') }, key()),
      ),
    );
    const accepted = answers.filter((a) => a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(accepted).toHaveLength(4);
    expect(oneCallDepositRequestCount() - before).toBe(4);
    expect(new Set(refused.map((a) => `${a.statusCode} ${a.json().type}`)).size).toBe(1);
    expect(refused[0]!.json().type).toMatch(/payment-cap-exceeded$/);
    const rows = await intentsOf(player, 25_000n);
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.status === 'PENDING')).toBe(true);
  });

  it('004:TMP-03 issue 22 five parallel deposit requests of 1,000.00 to a temporary account (cap 3,000.00, intents on their way counted): exactly three pass on the one-call path, two are refused temporary-account-deposit-cap', async () => {
    const player = await temporaryPlayerWithBankAccount(h);
    await pspSettings(h, { webhooks: { url: null } });
    const before = oneCallDepositRequestCount();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        asPlayer(h, player, 'POST', '/v1/deposits', { paymentMethodId: player.bankMethodId, amount: czk('1000.00') }, key()),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    expect(oneCallDepositRequestCount() - before).toBe(3);
    const refused = answers.filter((a) => a.statusCode !== 201).map((a) => a.json().type as string);
    expect(refused).toHaveLength(2);
    expect(refused.every((type) => type.endsWith('/temporary-account-deposit-cap'))).toBe(true);
    const rows = await h.connections.db.cashierDeposit.findMany({ where: { playerId: player.playerId, temporaryAccount: true } });
    expect(rows).toHaveLength(3);
  });
});

describe('the withdrawal request in two round trips (issue 22)', () => {
  const withdraw = (player: { accessToken: string }, amount: string, idempotency = key()) =>
    asPlayer(h, player, 'POST', '/v1/withdrawals', { amount: czk(amount) }, idempotency);

  it('issue 22 004:WDR-01 a first withdrawal takes the one-call path: 201 approved, the amount held, the payout queued; the same Idempotency-Key answers 200 with it', async () => {
    const player = await registeredPlayer(h, '500.00');
    const before = oneCallWithdrawalRequestCount();
    const idempotency = key();
    const first = await withdraw(player, '120.00', idempotency);
    expect(first.statusCode, first.body).toBe(201);
    expect(oneCallWithdrawalRequestCount() - before).toBe(1);
    expect(first.json()).toMatchObject({ status: 'APPROVED', amount: czk('120.00'), reviewReasons: [] });
    expect(await cashBalance(h, player.playerId)).toBe('380.00');
    const again = await withdraw(player, '120.00', idempotency);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    const row = await h.connections.db.cashierWithdrawal.findUniqueOrThrow({ where: { id: first.json().id } });
    const hold = await h.connections.db.ledgerHold.findUniqueOrThrow({ where: { id: row.holdId } });
    expect(hold).toMatchObject({ amountMinor: 12_000n, status: 'PENDING' });
    const payouts = await h.connections.db.outboxMessage.count({
      where: { topic: 'cashier.payout', payload: { equals: { withdrawalId: row.id } } },
    });
    expect(payouts).toBe(1);
  });

  it('issue 22 002:PAY-05 parallel withdrawal requests: one Idempotency-Key holds once; different keys never hold more than the wallet has', async () => {
    const player = await registeredPlayer(h, '300.00');
    const idempotency = key();
    const same = await Promise.all(Array.from({ length: 6 }, () => withdraw(player, '50.00', idempotency)));
    expect(same.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(same.map((a) => a.json().id)).size).toBe(1);
    // 250.00 left: of six requests of 100.00, exactly two are held.
    const different = await Promise.all(Array.from({ length: 6 }, () => withdraw(player, '100.00')));
    expect(different.filter((a) => a.statusCode === 201)).toHaveLength(2);
    expect(await cashBalance(h, player.playerId)).toBe('50.00');
  });

  it('004:ACC-07 issue 22 on the one-call path the misuse rule reads its intervals in the first statement: one deposit withdrawn without play is approved, the second such cycle waits for review naming the suspicion', async () => {
    // The registration's daily deposit limit is 2,000.00: the verification transfer (100.00) and two deposits fit.
    const player = await registeredPlayer(h);
    const before = oneCallWithdrawalRequestCount();
    const later = () => h.clock.advanceMs(60_000);
    later();
    expect((await deposit(h, player, player.bankMethodId, '500.00')).statusCode).toBe(201);
    later();
    const w1 = await withdraw(player, '500.00');
    expect(w1.json()).toMatchObject({ status: 'APPROVED', reviewReasons: [] });
    later();
    expect((await deposit(h, player, player.bankMethodId, '600.00')).statusCode).toBe(201);
    later();
    const w2 = await withdraw(player, '600.00');
    expect(w2.json()).toMatchObject({
      status: 'IN_REVIEW',
      reviewReasons: [expect.stringContaining('suspected non-gaming use: 2 ')],
    });
    expect(oneCallWithdrawalRequestCount() - before).toBe(2);
  });
});
