import { Money, newId, type AccountId } from '@casino/core';
import { transaction } from '@casino/db';
import * as ledger from '@casino/ledger';
import {
  assertWithdrawalAllowed,
  cancelExpiredTemporaryAccounts,
  completeRegistration,
  creditTemporaryDeposit,
  sendPostalOrdersForUnclaimedRefunds,
} from '@casino/players';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationFor,
  newPerson,
  registerToTemporaryAccount,
  setRegistersAvailable,
  startHarness,
  type Harness,
  type Registered,
} from '@casino/test-support';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const czk = (amount: string) => Money.of(amount, 'CZK');
const noBankAccount = async () => null;

async function temporaryPlayer(): Promise<Registered & { walletId: AccountId }> {
  const registered = await registerToTemporaryAccount(h, applicationFor(await newPerson(h)));
  const account = await h.connections.db.temporaryAccount.findUniqueOrThrow({ where: { playerId: registered.playerId } });
  return { ...registered, walletId: account.walletAccountId as AccountId };
}

function deposit(playerId: string, amount: string, channel: 'cashless' | 'cash' = 'cashless') {
  return transaction(h.connections.db, (tx) =>
    creditTemporaryDeposit(
      tx,
      {
        playerId,
        amount: czk(amount),
        channel,
        sourceAccountId: h.pspAccountId as AccountId,
        idempotencyKey: `deposit:${newId()}`,
      },
      h.clock.now(),
    ),
  );
}

describe('temporary account', () => {
  it('004:TMP-03 / T-03 / 002:TMP-03 deposits of 2,000 and 1,000 CZK are accepted; one more crown is refused', async () => {
    const player = await temporaryPlayer();
    await deposit(player.playerId, '2000.00');
    await deposit(player.playerId, '1000.00');
    const refused = await deposit(player.playerId, '1.00').catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'temporary-account-deposit-cap', status: 422 });
    expect((await ledger.balance(h.connections.db, player.walletId)).toDecimalString()).toBe('3000.00');
  });

  it('004:TMP-03 ten concurrent deposits of 500 CZK never take the total past 3,000 CZK', async () => {
    const player = await temporaryPlayer();
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => deposit(player.playerId, '500.00')));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(6);
    expect(
      outcomes
        .filter((o) => o.status === 'rejected')
        .every((o) => (o as PromiseRejectedResult).reason.code === 'temporary-account-deposit-cap'),
    ).toBe(true);
    expect((await ledger.balance(h.connections.db, player.walletId)).toDecimalString()).toBe('3000.00');
    expect(await ledger.findInvariantViolations(h.connections.db)).toEqual([]);
  });

  it('004:TMP-04 / T-04 a cash deposit is refused', async () => {
    const player = await temporaryPlayer();
    await expect(deposit(player.playerId, '100.00', 'cash')).rejects.toMatchObject({ code: 'temporary-account-cashless-only' });
  });

  it('004:TMP-05 / T-05 / 002:TMP-04 / LIM-08 nothing can be withdrawn from a temporary account', async () => {
    const player = await temporaryPlayer();
    await expect(assertWithdrawalAllowed(h.connections.db, player.playerId)).rejects.toMatchObject({
      code: 'temporary-account-no-withdrawals',
    });
  });
});

describe('temporary account: 30 days, cancellation and refund', () => {
  it('004:TMP-08 / T-07 on day 29 the account is open and registration completes, moving the whole balance, wins included, to the cash wallet in one ledger transaction (TMP-07; 002:TMP-05)', async () => {
    const player = await temporaryPlayer();
    await deposit(player.playerId, '1500.00');
    const house = (await ledger.findAccountByCode(
      h.connections.db,
      ledger.operatorAccountCode('game-revenue', 'CZK', 'roulette'),
    ))!.id;
    await transaction(h.connections.db, (tx) =>
      ledger.transfer(
        tx,
        { idempotencyKey: newId(), kind: 'WIN', debitAccountId: house, creditAccountId: player.walletId, amount: czk('300.00') },
        h.clock.now(),
      ),
    );
    await h.connections.db.player.update({ where: { id: player.playerId }, data: { screeningStatus: 'CLEARED' } });
    h.clock.advanceDays(29);
    expect(await cancelExpiredTemporaryAccounts(h.ctx, noBankAccount)).toBe(0);
    const result = await completeRegistration(h.ctx, { playerId: player.playerId, verifiedPaymentMethodId: newId() });
    expect(result.transferred).toBe('1800.00');
    expect((await ledger.balance(h.connections.db, result.cashWalletId)).toDecimalString()).toBe('1800.00');
    expect((await ledger.balance(h.connections.db, player.walletId)).toDecimalString()).toBe('0.00');
    const moved = await h.connections.db.ledgerTransaction.findMany({
      where: { idempotencyKey: `registration-completed:${player.playerId}` },
      include: { postings: true },
    });
    expect(moved).toHaveLength(1);
    expect(moved[0]!.postings).toHaveLength(2);
    expect((await h.connections.db.player.findUniqueOrThrow({ where: { id: player.playerId } })).state).toBe('REGISTERED');
    h.clock.advanceDays(-29);
  });

  it('004:TMP-08 / TMP-10 / T-08 / 002:TMP-02 / TMP-08 / REG-07 on day 31 the account is cancelled, the registration can no longer be completed, and the person can start again', async () => {
    const person = await newPerson(h);
    const player = await registerToTemporaryAccount(h, applicationFor(person));
    await h.connections.db.player.update({ where: { id: player.playerId }, data: { screeningStatus: 'CLEARED' } });
    h.clock.advanceDays(31);
    try {
      expect(await cancelExpiredTemporaryAccounts(h.ctx, noBankAccount)).toBeGreaterThanOrEqual(1);
      expect((await h.connections.db.player.findUniqueOrThrow({ where: { id: player.playerId } })).state).toBe('CANCELLED');
      await expect(
        completeRegistration(h.ctx, { playerId: player.playerId, verifiedPaymentMethodId: newId() }),
      ).rejects.toMatchObject({ code: 'registration-expired' });
      const login = await h.api.inject({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { email: player.email, password: 'correct horse battery staple' },
      });
      expect(login.json().type).toBe('https://problems.casino.example/registration-expired');
      // A fresh registration of the same person is accepted.
      const again = await registerToTemporaryAccount(h, applicationFor(person));
      expect(again.playerId).not.toBe(player.playerId);
    } finally {
      h.clock.advanceDays(-31);
    }
  });

  it('004:TMP-09 / TMP-11 / TMP-12 / T-10 / 002:TMP-07 without a bank account the balance waits for bank details, then within 7 days goes by postal order, the fee deducted and rounded down to whole crowns', async () => {
    const player = await temporaryPlayer();
    await deposit(player.playerId, '1000.55');
    const feeRevenue = (await ledger.findAccountByCode(h.connections.db, ledger.operatorAccountCode('fee-revenue', 'CZK')))!.id;
    h.clock.advanceDays(31);
    try {
      await cancelExpiredTemporaryAccounts(h.ctx, noBankAccount);
      const refund = await h.connections.db.temporaryAccountRefund.findUniqueOrThrow({ where: { playerId: player.playerId } });
      expect(refund).toMatchObject({ status: 'AWAITING_BANK_DETAILS', amountMinor: 100_055n });
      expect(refund.dueAt.getTime() - h.clock.now().getTime()).toBe(7 * 86_400_000);
      expect((await ledger.balance(h.connections.db, player.walletId)).toDecimalString()).toBe('0.00'); // reserved for the refund
      expect(await sendPostalOrdersForUnclaimedRefunds(h.ctx)).toBe(0); // still waiting for bank details
      h.clock.advanceDays(5);
      expect(await sendPostalOrdersForUnclaimedRefunds(h.ctx)).toBeGreaterThanOrEqual(1);
      const sent = await h.connections.db.temporaryAccountRefund.findUniqueOrThrow({ where: { playerId: player.playerId } });
      // 1,000.55 − 65.00 fee = 935.55 → 935 in cash; the fee and 0.55 stay with the operator.
      expect(sent).toMatchObject({ status: 'POSTAL_ORDER_QUEUED', carrierFeeMinor: 6_500n, payoutMinor: 93_500n });
      expect(h.clock.now() <= sent.dueAt).toBe(true);
      const settled = await h.connections.db.ledgerTransaction.findUniqueOrThrow({
        where: { idempotencyKey: `temporary-account-refund-postal-order:${sent.id}` },
        include: { postings: true },
      });
      expect(settled.postings.find((p) => p.accountId === feeRevenue)?.amountMinor).toBe(-6_555n); // credited 65.55
      expect(await ledger.findInvariantViolations(h.connections.db)).toEqual([]);
    } finally {
      h.clock.advanceDays(-36);
    }
  });

  it('004:TMP-09 with a verified bank account the refund is queued as a bank transfer within 7 days', async () => {
    const player = await temporaryPlayer();
    await deposit(player.playerId, '200.00');
    h.clock.advanceDays(31);
    try {
      await cancelExpiredTemporaryAccounts(h.ctx, async () => ({ paymentMethodId: 'bank-1' }));
      expect(
        await h.connections.db.temporaryAccountRefund.findUniqueOrThrow({ where: { playerId: player.playerId } }),
      ).toMatchObject({ status: 'BANK_TRANSFER_QUEUED', amountMinor: 20_000n });
    } finally {
      h.clock.advanceDays(-31);
    }
  });

  it('004:T-08 / REG-05 / IDV-03 / AML-01 / 002:REG-05 / KYC-04 a registration whose identity is not verified cannot complete', async () => {
    const player = await temporaryPlayer();
    await h.connections.db.player.update({
      where: { id: player.playerId },
      data: { identityStatus: 'NOT_FOUND', screeningStatus: 'CLEARED' },
    });
    await expect(
      completeRegistration(h.ctx, { playerId: player.playerId, verifiedPaymentMethodId: newId() }),
    ).rejects.toMatchObject({ code: 'registration-incomplete' });
  });

  it('004:REG-04 / AMB-12 an identity left unverified because the registers were unreachable is checked again at completion: unreachable still refuses, reachable verifies', async () => {
    const player = await temporaryPlayer();
    await h.connections.db.player.update({
      where: { id: player.playerId },
      data: { identityStatus: 'NOT_VERIFIED', screeningStatus: 'CLEARED' },
    });
    await setRegistersAvailable(h, false);
    try {
      await expect(
        completeRegistration(h.ctx, { playerId: player.playerId, verifiedPaymentMethodId: newId() }),
      ).rejects.toMatchObject({ code: 'identity-check-unavailable', status: 503 });
    } finally {
      await setRegistersAvailable(h, true);
      h.clock.advanceMs(60_000); // past the circuit breaker's open period
    }
    expect((await h.connections.db.player.findUniqueOrThrow({ where: { id: player.playerId } })).state).toBe('TEMPORARY');
    await completeRegistration(h.ctx, { playerId: player.playerId, verifiedPaymentMethodId: newId() });
    const completed = await h.connections.db.player.findUniqueOrThrow({ where: { id: player.playerId } });
    expect({ state: completed.state, identityStatus: completed.identityStatus }).toEqual({
      state: 'REGISTERED',
      identityStatus: 'VERIFIED',
    });
  });

  it('002:KYC-01 a screening hit holds completion until a compliance officer decides', async () => {
    const player = await temporaryPlayer();
    await h.connections.db.player.update({ where: { id: player.playerId }, data: { screeningStatus: 'HIT' } });
    await expect(
      completeRegistration(h.ctx, { playerId: player.playerId, verifiedPaymentMethodId: newId() }),
    ).rejects.toMatchObject({ code: 'registration-incomplete', detail: expect.stringContaining('compliance') });
  });
});

describe('temporary account: one movement, one time (issue 15)', () => {
  /** The effective time of the ledger transaction posted under a key. */
  const postedAt = async (transactionId: string | null | undefined) =>
    transactionId ? (await ledger.findTransaction(h.connections.db, transactionId))?.effectiveAt.toISOString() : undefined;
  const keyed = async (idempotencyKey: string) =>
    (await h.connections.db.ledgerTransaction.findUniqueOrThrow({ where: { idempotencyKey }, select: { id: true } })).id;

  it("issue 15: completing registration moves the temporary balance at the clock's time, the same as the registration time and the state transition", async () => {
    const player = await temporaryPlayer();
    await deposit(player.playerId, '700.00');
    await h.connections.db.player.update({ where: { id: player.playerId }, data: { screeningStatus: 'CLEARED' } });
    h.clock.advanceMs(3 * 86_400_000 + 4_321);
    try {
      const now = h.clock.now().toISOString();
      expect(Math.abs(h.clock.now().getTime() - Date.now())).toBeGreaterThan(86_400_000); // the premise: far from wall time
      await completeRegistration(h.ctx, { playerId: player.playerId, verifiedPaymentMethodId: newId() });
      const registered = await h.connections.db.player.findUniqueOrThrow({
        where: { id: player.playerId },
        select: { registeredAt: true },
      });
      const transition = await h.connections.db.playerStateTransition.findFirstOrThrow({
        where: { playerId: player.playerId, toState: 'REGISTERED' },
      });
      expect({
        ledger: await postedAt(await keyed(`registration-completed:${player.playerId}`)),
        registeredAt: registered.registeredAt?.toISOString(),
        transition: transition.at.toISOString(),
      }).toEqual({ ledger: now, registeredAt: now, transition: now });
    } finally {
      h.clock.advanceMs(-(3 * 86_400_000 + 4_321));
    }
  });

  it("issue 15: a cancelled temporary account's balance is held, then sent by postal order, each at the clock's time, the same as the refund row's", async () => {
    const player = await temporaryPlayer();
    await deposit(player.playerId, '400.00');
    h.clock.advanceMs(31 * 86_400_000 + 1_234);
    try {
      const cancelledAt = h.clock.now().toISOString();
      await cancelExpiredTemporaryAccounts(h.ctx, noBankAccount);
      const refund = await h.connections.db.temporaryAccountRefund.findUniqueOrThrow({ where: { playerId: player.playerId } });
      const hold = await h.connections.db.ledgerHold.findUniqueOrThrow({ where: { id: refund.holdId } });
      expect({ ledger: await postedAt(hold.reserveTransactionId), refund: refund.createdAt.toISOString() }).toEqual({
        ledger: cancelledAt,
        refund: cancelledAt,
      });
      h.clock.advanceMs(5 * 86_400_000 + 567);
      const sentAt = h.clock.now().toISOString();
      expect(await sendPostalOrdersForUnclaimedRefunds(h.ctx)).toBeGreaterThanOrEqual(1);
      const sent = await h.connections.db.temporaryAccountRefund.findUniqueOrThrow({ where: { playerId: player.playerId } });
      const settled = await h.connections.db.ledgerHold.findUniqueOrThrow({ where: { id: refund.holdId } });
      expect({
        ledger: await postedAt(settled.resolveTransactionId),
        hold: settled.resolvedAt?.toISOString(),
        refund: sent.updatedAt.toISOString(),
      }).toEqual({ ledger: sentAt, hold: sentAt, refund: sentAt });
    } finally {
      h.clock.advanceMs(-(36 * 86_400_000 + 1_801));
    }
  });
});
