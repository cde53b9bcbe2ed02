import { isDomainError, ManualClock, Money, newId, type AccountId } from '@casino/core';
import { transaction } from '@casino/db';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import * as ledger from '@casino/ledger';
import { insertPlayer } from '@casino/test-support/players';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusGrantKey, forfeitExpiredBonuses, grantBonusByStaff, grantDepositBonusIn, playerBonuses } from './bonuses.ts';
import { fixedRateCommissionToUsd, usdCommissionOnly } from './commission-to-usd.ts';
import { createCashierContext, type CashierContext } from './context.ts';
import { requestWithdrawal } from './request-withdrawal.ts';
import {
  depositInto,
  insertActiveBankAccount,
  insertFinishedTournamentEntry,
  insertRakedHand,
  loyaltyCashierRules,
  testLoyaltyRules,
  testStaff,
} from './testing-loyalty.ts';
import {
  accrueCommissionPoints,
  exchangePointsForStarsCoins,
  levelFor,
  pointsBalanceIn,
  refundCommission,
} from './vip-points.ts';

/**
 * Issue 26: bonuses locked in a wallet of their own, released by VIP points in published parts,
 * forfeited at the window's end (002:BON), and VIP points earned on poker commission (002:VIP), on a
 * database of their own with the ledger's real accounts.
 */
let testDb: TestDatabase;
let ctx: CashierContext;
const clock = new ManualClock(new Date('2026-11-26T09:00:00Z'));
const usd = (amount: string) => Money.of(amount, 'USD');
const czk = (amount: string) => Money.of(amount, 'CZK');

beforeAll(async () => {
  testDb = await createTestDatabase();
  await ledger.openOperatorAccounts(testDb.db, ['CZK', 'USD'], 1);
  ctx = createCashierContext({
    db: testDb.db,
    clock,
    providerName: 'sandbox-psp',
    rules: loyaltyCashierRules,
    commissionToUsd: fixedRateCommissionToUsd({ EUR: '1.10' }),
  });
});
afterAll(async () => {
  await testDb?.drop();
});

const registered = () => insertPlayer(testDb.db, { state: 'REGISTERED', clock });
const walletBalance = async (playerId: string, wallet: 'cash' | 'bonus', currency: 'CZK' | 'USD') => {
  const account = await ledger.findAccountByCode(testDb.db, ledger.playerWalletCode(playerId, wallet, currency));
  return account ? (await ledger.balance(testDb.db, account.id)).toDecimalString() : '0.00';
};
const grant = (playerId: string, amount: Money) =>
  grantBonusByStaff(ctx, { playerId, amount, reason: 'welcome', idempotencyKey: newId(), staff: testStaff() });
/** Rake borne in USD hands, accrued: 5.5 points per USD 1. */
async function rake(playerId: string, ...amounts: string[]) {
  for (const amount of amounts)
    await insertRakedHand(testDb.db, { playerId, rakeMinor: usd(amount).toMinor(), currency: 'USD', at: clock.now() });
  return accrueCommissionPoints(ctx);
}
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: unknown) => {
      if (isDomainError(error)) return error.code;
      throw error;
    },
  );

async function expectLedgerBalanced() {
  expect(await ledger.findInvariantViolations(testDb.db)).toEqual([]);
  for (const currency of ['CZK', 'USD', 'EUR'] as const)
    expect((await ledger.trialBalance(testDb.db, currency)).balanced).toBe(true);
}

describe('bonuses (002:BON, issue 26)', () => {
  it('002:T-BON-01 002:BON-04 002:BON-06 a 100 bonus in 4 × 25 at P points: 2P points release 50 to cash, the window ending forfeits the other 50', async () => {
    const playerId = await registered();
    const bonus = await grant(playerId, usd('100.00'));
    expect(bonus).toMatchObject({ status: 'LOCKED', trancheCount: 4, nextTranchePointsCenti: 100_00n });
    expect(bonus.nextTranche?.toDecimalString()).toBe('25.00');
    expect([await walletBalance(playerId, 'bonus', 'USD'), await walletBalance(playerId, 'cash', 'USD')]).toEqual([
      '100.00',
      '0.00',
    ]);

    // 18.19 USD of rake is 100.04 points: the first part; two hands of 9.10 (50.05 each) take them past 2P = 200.
    await rake(playerId, '18.19');
    expect(await walletBalance(playerId, 'cash', 'USD')).toBe('25.00');
    await rake(playerId, '9.10', '9.10');
    const [after] = await playerBonuses(ctx, playerId);
    expect(after).toMatchObject({ status: 'LOCKED', releasedTranches: 2, pointsEarnedCenti: 200_14n });
    expect([after!.released.toDecimalString(), after!.locked.toDecimalString()]).toEqual(['50.00', '50.00']);
    expect([await walletBalance(playerId, 'bonus', 'USD'), await walletBalance(playerId, 'cash', 'USD')]).toEqual([
      '50.00',
      '50.00',
    ]);

    clock.advanceMs(60 * 86_400_000);
    expect(await forfeitExpiredBonuses(ctx)).toEqual({ forfeited: 1 });
    expect(await forfeitExpiredBonuses(ctx)).toEqual({ forfeited: 0 });
    const [ended] = await playerBonuses(ctx, playerId);
    expect(ended).toMatchObject({ status: 'FORFEITED', releasedTranches: 2 });
    expect([ended!.forfeited.toDecimalString(), ended!.locked.toDecimalString()]).toEqual(['50.00', '0.00']);
    expect([await walletBalance(playerId, 'bonus', 'USD'), await walletBalance(playerId, 'cash', 'USD')]).toEqual([
      '0.00',
      '50.00',
    ]);
    // Points earned after the window release nothing more.
    await rake(playerId, '40.00');
    expect(await walletBalance(playerId, 'cash', 'USD')).toBe('50.00');
    await expectLedgerBalanced();
  });

  it('002:BON-02 002:BON-01 a bonus granted by staff sits in the bonus wallet apart from cash, one BONUS_GRANT transaction, audited, granted once per request', async () => {
    const playerId = await registered();
    const staff = testStaff();
    const request = { playerId, amount: czk('500.00'), reason: 'goodwill', idempotencyKey: newId(), staff };
    const first = await grantBonusByStaff(ctx, request);
    const again = await grantBonusByStaff(ctx, request);
    expect(again.id).toBe(first.id);
    expect(await walletBalance(playerId, 'bonus', 'CZK')).toBe('500.00');
    expect(await walletBalance(playerId, 'cash', 'CZK')).toBe('0.00');
    const txId = await ledger.findTransactionIdByIdempotencyKey(testDb.db, bonusGrantKey(first.id));
    expect((await ledger.findTransaction(testDb.db, txId!))?.kind).toBe('BONUS_GRANT');
    const audit = await testDb.db.$queryRaw<Array<{ action: string }>>`
      SELECT action FROM audit_log_entry WHERE subject_id = ${playerId} AND action = 'cashier.bonus-grant'`;
    expect(audit).toHaveLength(1);
    // Above the published maximum, to a temporary account, or nothing at all: refused, nothing written.
    expect(await codeOf(grant(playerId, czk('10000.01')))).toBe('validation-failed');
    expect(await codeOf(grant(await insertPlayer(testDb.db, { state: 'TEMPORARY', clock }), czk('10.00')))).toBe(
      'account-not-active',
    );
    expect(await codeOf(grant(playerId, czk('0.00')))).toBe('validation-failed');
    expect(await playerBonuses(ctx, playerId)).toHaveLength(1);
  });

  it('002:BON-01 the deposit rule grants 20 % of a deposit of at least the minimum, capped, once per deposit, never to a temporary account', async () => {
    const playerId = await registered();
    const temporaryId = await insertPlayer(testDb.db, { state: 'TEMPORARY', clock });
    const granted = await transaction(testDb.db, async (tx) => [
      await grantDepositBonusIn(ctx, tx, { id: 'dep-1', playerId, amount: czk('1000.00'), temporary: false }),
      await grantDepositBonusIn(ctx, tx, { id: 'dep-1', playerId, amount: czk('1000.00'), temporary: false }),
      await grantDepositBonusIn(ctx, tx, { id: 'dep-2', playerId, amount: czk('499.99'), temporary: false }),
      await grantDepositBonusIn(ctx, tx, { id: 'dep-3', playerId, amount: czk('50000.00'), temporary: false }),
      await grantDepositBonusIn(ctx, tx, { id: 'dep-4', playerId: temporaryId, amount: czk('1000.00'), temporary: true }),
    ]);
    expect(granted.map((b) => b?.amount.toDecimalString() ?? null)).toEqual(['200.00', '200.00', null, '2000.00', null]);
    expect(await walletBalance(playerId, 'bonus', 'CZK')).toBe('2200.00');
    const noRule = createCashierContext({ db: testDb.db, clock, providerName: 'sandbox-psp' });
    expect(
      await transaction(testDb.db, (tx) =>
        grantDepositBonusIn(noRule, tx, { id: 'dep-5', playerId, amount: czk('1000.00'), temporary: false }),
      ),
    ).toBeNull();
  });

  it('002:T-BON-02 002:BON-03 a locked bonus cannot be withdrawn: a withdrawal sees only cash and is refused insufficient-funds', async () => {
    const playerId = await registered();
    await insertActiveBankAccount(testDb.db, playerId, clock.now());
    await grant(playerId, czk('1000.00'));
    await depositInto(testDb.db, playerId, czk('100.00'), clock.now());
    const withdraw = (amount: string) =>
      requestWithdrawal(ctx, {
        playerId,
        amount: czk(amount),
        idempotencyKey: newId(),
        channel: 'PLAYER',
        requestedBy: playerId,
      });
    expect(await codeOf(withdraw('100.01'))).toBe('insufficient-funds');
    expect(await codeOf(withdraw('1000.00'))).toBe('insufficient-funds');
    expect(await walletBalance(playerId, 'bonus', 'CZK')).toBe('1000.00');
    expect(await codeOf(withdraw('100.00'))).toBe('accepted');
    expect(await walletBalance(playerId, 'bonus', 'CZK')).toBe('1000.00');
  });

  it('002:BON-05 a released part is cash like a deposit: it is withdrawn through the ordinary withdrawal', async () => {
    const playerId = await registered();
    await insertActiveBankAccount(testDb.db, playerId, clock.now());
    await grant(playerId, usd('100.00'));
    await rake(playerId, '18.19');
    expect(await walletBalance(playerId, 'cash', 'USD')).toBe('25.00');
    // The cashier requests withdrawals in the profile's currency; a USD wallet is the FX module's (D-2633), so the
    // ledger's own hold stands in for it here: the released 25.00 can be held, 25.01 cannot.
    const cash = (await ledger.findAccountByCode(testDb.db, ledger.playerWalletCode(playerId, 'cash', 'USD')))!.id;
    const pending = (await ledger.findAccountByCode(testDb.db, ledger.operatorAccountCode('pending-withdrawals', 'USD')))!.id;
    const hold = (amount: string) =>
      transaction(testDb.db, (tx) =>
        ledger.reserve(
          tx,
          {
            idempotencyKey: newId(),
            sourceAccountId: cash,
            holdAccountId: pending,
            amount: usd(amount),
            kind: 'WITHDRAWAL_HOLD',
          },
          clock.now(),
        ),
      );
    expect(await codeOf(hold('25.01'))).toBe('insufficient-funds');
    expect(await codeOf(hold('25.00'))).toBe('accepted');
  });

  it('002:BON-04 parallel accrual runs release each part once: every commission earns once, every tranche is one ledger transaction', async () => {
    const playerId = await registered();
    await grant(playerId, usd('100.00'));
    for (let i = 0; i < 8; i++)
      await insertRakedHand(testDb.db, { playerId, rakeMinor: 9_10n, currency: 'USD', at: clock.now() });
    const runs = await Promise.all([1, 2, 3, 4].map(() => accrueCommissionPoints(ctx)));
    expect(runs.reduce((sum, r) => sum + r.earned, 0)).toBeGreaterThanOrEqual(8);
    const [bonus] = await playerBonuses(ctx, playerId);
    // 8 × 9.10 USD × 5.5 = 400.40 points: all four parts.
    expect(bonus).toMatchObject({ status: 'RELEASED', releasedTranches: 4, pointsEarnedCenti: 400_40n });
    expect(await walletBalance(playerId, 'cash', 'USD')).toBe('100.00');
    expect(await walletBalance(playerId, 'bonus', 'USD')).toBe('0.00');
    expect((await pointsBalanceIn(testDb.db, playerId)).pointsEarnedCenti).toBe(400_40n);
    await expectLedgerBalanced();
  });
});

describe('VIP points (002:VIP, issue 26)', () => {
  it('002:T-VIP-01 002:VIP-01 002:RAKE-06 rake 2.00 earns 11 points, a tournament fee 1.00 earns 5.5, EUR 1.00 at 1.10 earns 6.05', async () => {
    const playerId = await registered();
    await insertRakedHand(testDb.db, { playerId, rakeMinor: 2_00n, currency: 'USD', at: clock.now() });
    await accrueCommissionPoints(ctx);
    expect((await pointsBalanceIn(testDb.db, playerId)).pointsCenti).toBe(11_00n);
    await insertFinishedTournamentEntry(testDb.db, { playerId, feeMinor: 1_00n, currency: 'USD', at: clock.now() });
    await accrueCommissionPoints(ctx);
    expect((await pointsBalanceIn(testDb.db, playerId)).pointsCenti).toBe(16_50n);
    await insertRakedHand(testDb.db, { playerId, rakeMinor: 1_00n, currency: 'EUR', at: clock.now() });
    await accrueCommissionPoints(ctx);
    expect((await pointsBalanceIn(testDb.db, playerId)).pointsCenti).toBe(22_55n);
    const [eur] = await testDb.db.$queryRaw<Array<{ usd: bigint; rate: string }>>`
      SELECT commission_usd_minor AS usd, usd_rate::text AS rate FROM vip_point_entry
      WHERE player_id = ${playerId}::uuid AND commission_currency = 'EUR'`;
    expect(eur).toEqual({ usd: 1_10n, rate: '1.1000000000' });
    // Accrued commission earns once.
    expect((await accrueCommissionPoints(ctx)).earned).toBe(0);
  });

  it('002:VIP-01 casino games earn no points: only poker rake and tournament fees are read', async () => {
    const playerId = await registered();
    const wallet = await depositInto(testDb.db, playerId, czk('500.00'), clock.now());
    const roulette = (await ledger.findAccountByCode(testDb.db, ledger.operatorAccountCode('game-revenue', 'CZK', 'roulette')))!;
    await transaction(testDb.db, (tx) =>
      ledger.transfer(
        tx,
        {
          idempotencyKey: newId(),
          kind: 'STAKE',
          debitAccountId: wallet,
          creditAccountId: roulette.id as AccountId,
          amount: czk('400.00'),
        },
        clock.now(),
      ),
    );
    await accrueCommissionPoints(ctx);
    expect(await pointsBalanceIn(testDb.db, playerId)).toEqual({ pointsCenti: 0n, starsCoinsCenti: 0n, pointsEarnedCenti: 0n });
  });

  it('002:VIP-04 commission the port cannot convert waits unearned, and earns once it can (D-2633)', async () => {
    const playerId = await registered();
    await insertRakedHand(testDb.db, { playerId, rakeMinor: 10_00n, currency: 'EUR', at: clock.now() });
    const waiting = await accrueCommissionPoints(ctx, { toUsd: usdCommissionOnly });
    expect(waiting.waiting).toBeGreaterThanOrEqual(1);
    expect((await pointsBalanceIn(testDb.db, playerId)).pointsCenti).toBe(0n);
    await accrueCommissionPoints(ctx);
    expect((await pointsBalanceIn(testDb.db, playerId)).pointsCenti).toBe(60_50n);
  });

  it('002:VIP-02 002:VIP-03 points buy StarsCoins, which refund commission into cash as one COMMISSION_REFUND transaction, never more than was paid', async () => {
    const playerId = await registered();
    await insertRakedHand(testDb.db, { playerId, rakeMinor: 40_00n, currency: 'USD', at: clock.now() }); // 220 points
    await accrueCommissionPoints(ctx);
    expect(await codeOf(exchangePointsForStarsCoins(ctx, { playerId, starsCoins: 3n, idempotencyKey: 'x0' }))).toBe(
      'insufficient-funds',
    );
    const exchanged = await exchangePointsForStarsCoins(ctx, { playerId, starsCoins: 2n, idempotencyKey: 'x1' });
    expect(await exchangePointsForStarsCoins(ctx, { playerId, starsCoins: 2n, idempotencyKey: 'x1' })).toEqual(exchanged);
    expect(exchanged).toEqual({ pointsCenti: 20_00n, starsCoinsCenti: 2_00n, pointsEarnedCenti: 220_00n });

    const refunded = await refundCommission(ctx, { playerId, starsCoins: 2n, currency: 'USD', idempotencyKey: 'r1' });
    expect(refunded.refund.toDecimalString()).toBe('2.00');
    expect((await ledger.findTransaction(testDb.db, refunded.ledgerTransactionId))?.kind).toBe('COMMISSION_REFUND');
    expect(await walletBalance(playerId, 'cash', 'USD')).toBe('2.00');
    expect(refunded.balance.starsCoinsCenti).toBe(0n);
    expect(
      (await refundCommission(ctx, { playerId, starsCoins: 2n, currency: 'USD', idempotencyKey: 'r1' })).ledgerTransactionId,
    ).toBe(refunded.ledgerTransactionId);
    expect(await codeOf(refundCommission(ctx, { playerId, starsCoins: 1n, currency: 'USD', idempotencyKey: 'r2' }))).toBe(
      'insufficient-funds',
    );
    // A refund returns commission: a player who paid none in CZK gets none in CZK.
    await insertRakedHand(testDb.db, { playerId, rakeMinor: 40_00n, currency: 'USD', at: clock.now() });
    await accrueCommissionPoints(ctx);
    await exchangePointsForStarsCoins(ctx, { playerId, starsCoins: 1n, idempotencyKey: 'x2' });
    expect(await codeOf(refundCommission(ctx, { playerId, starsCoins: 1n, currency: 'CZK', idempotencyKey: 'r3' }))).toBe(
      'validation-failed',
    );
    await expectLedgerBalanced();
  });

  it('002:LIM-05 002:LIM-06 002:LIM-07 the limit levels are profile data: earned points reach a level, the higher ones need KYC evidence, the top one has no withdrawal maximum', () => {
    const vip = testLoyaltyRules.vip!;
    expect(levelFor(vip, 0n).level?.id).toBe('basic');
    expect(levelFor(vip, 4_999_99n)).toMatchObject({ level: { id: 'basic' }, nextLevel: { id: 'silver' } });
    expect(levelFor(vip, 5_000_00n).level).toMatchObject({ id: 'silver', kycEvidenceRequired: true, depositCapMultiplier: 3 });
    expect(levelFor(vip, 60_000_00n)).toMatchObject({ level: { id: 'top', withdrawalMaxUnlimited: true }, nextLevel: null });
  });
});
