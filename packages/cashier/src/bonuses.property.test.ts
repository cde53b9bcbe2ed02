import { isDomainError, ManualClock, Money, newId, type AccountId } from '@casino/core';
import { transaction } from '@casino/db';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import * as ledger from '@casino/ledger';
import { createQuote, exchangeBetweenWallets, recordRates, type FxContext } from '@casino/fx';
import { insertPlayer } from '@casino/test-support/players';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forfeitExpiredBonuses, grantBonusByStaff, playerBonuses } from './bonuses.ts';
import { fixedRateCommissionToUsd } from './commission-to-usd.ts';
import { createCashierContext, type CashierContext } from './context.ts';
import { requestWithdrawal } from './request-withdrawal.ts';
import { depositInto, insertActiveBankAccount, insertRakedHand, loyaltyCashierRules, testStaff } from './testing-loyalty.ts';
import { accrueCommissionPoints } from './vip-points.ts';

/**
 * Issue 26, 002:BON-03..06 (D-2630, D-2631), as a property: whatever the order of deposits, grants, play
 * (stakes and the rake that earns VIP points), conversions of cash into another currency's wallet,
 * withdrawals and window ends, and whatever the promotion's
 * part count, point thresholds and window, (1) a locked bonus is never staked or withdrawn: the bonus
 * wallet always holds exactly what is still locked, and stakes and withdrawals are paid from cash alone;
 * (2) every bonus's released parts + forfeited + locked = granted, a forfeited bonus locks nothing;
 * (3) the cash wallet is deposits + releases − stakes − withdrawals; (4) the ledger balances with no
 * invariant violated. Runs against a real database; each run is its own player.
 */
let testDb: TestDatabase;
let gameRevenue: AccountId;
const clock = new ManualClock(new Date('2026-11-26T09:00:00Z'));
const czk = (minor: bigint) => Money.fromMinor(minor, 'CZK');

beforeAll(async () => {
  testDb = await createTestDatabase();
  await ledger.openOperatorAccounts(testDb.db, ['CZK', 'USD'], 1);
  fx.db = testDb.db;
  gameRevenue = (await ledger.findAccountByCode(testDb.db, ledger.operatorAccountCode('game-revenue', 'CZK', 'roulette')))!.id;
});
afterAll(async () => {
  await testDb?.drop();
});

type Step =
  | { op: 'deposit'; minor: bigint }
  | { op: 'grant'; minor: bigint }
  | { op: 'rake'; minor: bigint }
  | { op: 'stake'; minor: bigint }
  | { op: 'withdraw'; minor: bigint }
  | { op: 'exchange'; minor: bigint }
  | { op: 'days'; days: number };

const minor = (max: number) => fc.bigInt({ min: 1n, max: BigInt(max) * 100n });
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('deposit' as const), minor: minor(2_000) }),
  fc.record({ op: fc.constant('grant' as const), minor: minor(1_000) }),
  fc.record({ op: fc.constant('rake' as const), minor: minor(600) }),
  fc.record({ op: fc.constant('stake' as const), minor: minor(1_500) }),
  fc.record({ op: fc.constant('withdraw' as const), minor: minor(1_500) }),
  fc.record({ op: fc.constant('exchange' as const), minor: minor(1_500) }),
  fc.record({ op: fc.constant('days' as const), days: fc.integer({ min: 1, max: 40 }) }),
);
const termsArbitrary = fc.record({
  trancheCount: fc.integer({ min: 1, max: 5 }),
  pointsPerTrancheCenti: fc.bigInt({ min: 1_00n, max: 200_00n }),
  windowDays: fc.integer({ min: 1, max: 60 }),
});

/** A CZK house that also keeps USD wallets, for conversions out of cash (a bonus never converts: BON-03). */
const fx: FxContext = {
  db: undefined as unknown as FxContext['db'],
  clock,
  accountCurrency: 'CZK',
  rules: {
    walletCurrencies: ['CZK', 'USD'],
    gameCurrencies: ['CZK'],
    source: { name: 'property', base: 'EUR', currencies: ['EUR', 'CZK', 'USD'] },
    refreshIntervalSeconds: 60,
    changeIntervalHoursMin: 0,
    staleAfterSeconds: 3_600,
    quoteValiditySeconds: 60,
    feeBps: { deposit: {}, withdrawal: {} },
  },
};

function contextWith(terms: { trancheCount: number; pointsPerTrancheCenti: bigint; windowDays: number }): CashierContext {
  const loyalty = loyaltyCashierRules.loyalty!;
  return createCashierContext({
    db: testDb.db,
    clock,
    providerName: 'sandbox-psp',
    rules: { ...loyaltyCashierRules, loyalty: { ...loyalty, bonus: { ...loyalty.bonus!, ...terms } } },
    // CZK commission earns points at USD 1 = CZK 25 (5.5 points per USD 1, 002:VIP-01).
    commissionToUsd: fixedRateCommissionToUsd({ CZK: '0.04' }),
  });
}

const balanceOf = async (code: string) => {
  const account = await ledger.findAccountByCode(testDb.db, code);
  return account ? (await ledger.balance(testDb.db, account.id)).toMinor() : 0n;
};

/** Runs one step; returns what it moved in or out of cash (the model's view). */
async function run(ctx: CashierContext, playerId: string, step: Step, cashMinor: bigint): Promise<bigint> {
  const refusedFor = async (attempt: Promise<unknown>) =>
    attempt.then(
      () => null,
      (error: unknown) => {
        if (isDomainError(error)) return error.code;
        throw error;
      },
    );
  switch (step.op) {
    case 'deposit':
      await depositInto(testDb.db, playerId, czk(step.minor), clock.now());
      return step.minor;
    case 'grant':
      await grantBonusByStaff(ctx, {
        playerId,
        amount: czk(step.minor),
        reason: 'property',
        idempotencyKey: newId(),
        staff: testStaff(),
      });
      return 0n;
    case 'rake':
      await insertRakedHand(testDb.db, { playerId, rakeMinor: step.minor, currency: 'CZK', at: clock.now() });
      await accrueCommissionPoints(ctx);
      return 0n;
    case 'days':
      clock.advanceMs(step.days * 86_400_000);
      await forfeitExpiredBonuses(ctx);
      return 0n;
    case 'stake': {
      // As the game service stakes: from the cash wallet, never from the bonus wallet (D-2630).
      const cash = (await ledger.findAccountByCode(testDb.db, ledger.playerWalletCode(playerId, 'cash', 'CZK')))!.id;
      const refused = await refusedFor(
        transaction(testDb.db, (tx) =>
          ledger.transfer(
            tx,
            {
              idempotencyKey: newId(),
              kind: 'STAKE',
              debitAccountId: cash,
              creditAccountId: gameRevenue,
              amount: czk(step.minor),
            },
            clock.now(),
          ),
        ),
      );
      expect(refused === null ? step.minor <= cashMinor : refused === 'insufficient-funds' && step.minor > cashMinor).toBe(true);
      return refused === null ? -step.minor : 0n;
    }
    case 'exchange': {
      // Cash converted into the USD wallet at the rate of the moment: the bonus wallet is not touched.
      await recordRates(fx, {
        source: 'property',
        base: 'EUR',
        unitsPerBase: { CZK: '25.125', USD: '1.0875' },
        publishedAt: clock.now(),
      });
      const refused = await refusedFor(
        createQuote(fx, {
          playerId,
          purpose: 'exchange',
          debitCurrency: 'CZK',
          creditCurrency: 'USD',
          amount: czk(step.minor),
        }).then((quote) => exchangeBetweenWallets(fx, { playerId, quoteId: quote.id })),
      );
      expect(refused === null ? step.minor <= cashMinor : refused === 'insufficient-funds' && step.minor > cashMinor).toBe(true);
      return refused === null ? -step.minor : 0n;
    }
    case 'withdraw': {
      const refused = await refusedFor(
        requestWithdrawal(ctx, {
          playerId,
          amount: czk(step.minor),
          idempotencyKey: newId(),
          channel: 'PLAYER',
          requestedBy: 'player',
        }),
      );
      // A withdrawal beyond cash is refused whatever bonus is locked (002:BON-03, T-BON-02).
      if (step.minor > cashMinor) expect(refused).not.toBeNull();
      return refused === null ? -step.minor : 0n;
    }
  }
}

describe('bonuses as a property (002:BON-03..06)', () => {
  it('002:BON-03 002:BON-04 002:BON-05 002:BON-06 002:T-BON-01 002:T-BON-02 002:WAL-06 over random deposits, play, conversions, point thresholds and window ends a locked bonus is never staked or withdrawn, released + forfeited + locked = granted, and every currency’s ledger balances', async () => {
    // Not vacuous: across the runs parts are released and bonuses forfeited.
    const seen = { released: 0, forfeited: 0, exchanged: 0 };
    await fc.assert(
      fc.asyncProperty(termsArbitrary, fc.array(stepArbitrary, { minLength: 1, maxLength: 10 }), async (terms, steps) => {
        const ctx = contextWith(terms);
        const playerId = await insertPlayer(testDb.db, { state: 'REGISTERED', clock });
        await insertActiveBankAccount(testDb.db, playerId, clock.now());
        await depositInto(testDb.db, playerId, czk(1n), clock.now()); // opens the cash wallet
        let cashMinor = 1n;
        let releasedSeen = 0n;
        for (const step of steps) {
          cashMinor += await run(ctx, playerId, step, cashMinor);
          const bonuses = await playerBonuses(ctx, playerId);
          const releasedNow = bonuses.reduce((sum, b) => sum + b.released.toMinor(), 0n);
          cashMinor += releasedNow - releasedSeen; // a released part is cash like a deposit's (BON-05)
          releasedSeen = releasedNow;
          for (const b of bonuses) {
            expect(b.released.plus(b.forfeited).plus(b.locked).equals(b.amount)).toBe(true);
            if (b.status === 'FORFEITED') expect(b.locked.toMinor()).toBe(0n);
            expect(b.releasedTranches).toBeLessThanOrEqual(b.trancheCount);
          }
          const lockedMinor = bonuses.reduce((sum, b) => sum + b.locked.toMinor(), 0n);
          expect(await balanceOf(ledger.playerWalletCode(playerId, 'bonus', 'CZK'))).toBe(lockedMinor);
          expect(await balanceOf(ledger.playerWalletCode(playerId, 'cash', 'CZK'))).toBe(cashMinor);
        }
        for (const currency of ['CZK', 'USD'] as const)
          expect((await ledger.trialBalance(testDb.db, currency)).balanced).toBe(true);
        const ended = await playerBonuses(ctx, playerId);
        seen.released += ended.filter((b) => b.released.isPositive()).length;
        seen.forfeited += ended.filter((b) => b.status === 'FORFEITED').length;
        seen.exchanged += (await balanceOf(ledger.playerWalletCode(playerId, 'cash', 'USD'))) > 0n ? 1 : 0;
      }),
      { numRuns: 20, seed: 2626 },
    );
    expect(seen.released).toBeGreaterThan(0);
    expect(seen.forfeited).toBeGreaterThan(0);
    expect(seen.exchanged).toBeGreaterThan(0);
    expect(await ledger.findInvariantViolations(testDb.db)).toEqual([]);
  }, 600_000); // twenty runs of up to ten steps on a real database: minutes on a loaded machine
});
