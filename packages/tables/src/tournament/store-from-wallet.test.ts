// Issue 26, 002:WAL-09, BET-04, T-WAL-03, T-WAL-05 (D-2615): a player registers for a USD tournament paying from the
// EUR wallet: the price is shown first, the registration converts at the current rate without fee (002:WAL-08) as
// one BUY_IN ledger transaction through the FX accounts (start fee to the pool, fee to the operator), and the refund
// of an unregistration or a cancellation goes back to the EUR wallet at the buy-in's rate.
import { isDomainError, ManualClock, Money, newId, type AccountId } from '@casino/core';
import { transaction } from '@casino/db';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import { recordRates, type FxContext, type FxRules } from '@casino/fx';
import * as ledger from '@casino/ledger';
import { czechProfile } from '@casino/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, fixtureProfileOf, fundedPlayer, noLimitDefinition, openFunding, type Funding } from '../poker/testing.ts';
import {
  createTournament,
  registerForTournament,
  startTournament,
  tournamentBuyInPrice,
  unregisterFromTournament,
  type TournamentStoreContext,
} from './store.ts';
import { testDefinition, testRules } from './testing.ts';

const psRules: FxRules = {
  walletCurrencies: ['USD', 'EUR', 'CAD', 'GBP'],
  gameCurrencies: ['USD', 'EUR', 'GBP'],
  source: { name: 'xe', base: 'EUR', currencies: ['EUR', 'CZK', 'USD', 'CAD', 'GBP'] },
  refreshIntervalSeconds: 60,
  changeIntervalHoursMin: 0,
  staleAfterSeconds: 180,
  quoteValiditySeconds: 60,
  feeBps: { deposit: { EUR: 150n, USD: 150n }, withdrawal: { EUR: 150n, USD: 150n } },
};

let testDb: TestDatabase;
let funding: Funding;
const clock = new ManualClock(new Date('2026-12-07T10:00:00Z'));
let ctx: TournamentStoreContext;
let fx: FxContext;

async function rates(usdPerEur: string) {
  await recordRates(fx, {
    source: 'sandbox-xe',
    base: 'EUR',
    unitsPerBase: { CZK: '25.000', USD: usdPerEur, CAD: '1.47', GBP: '0.85' },
    publishedAt: clock.now(),
  });
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  funding = await openFunding(testDb.db);
  await ledger.openOperatorAccounts(testDb.db, ['EUR', 'USD'], 1);
  const poker = {
    ...fixtureProfileOf({ ...noLimitDefinition, currency: 'USD' }),
    id: 'CZ-PS' as const,
    seats: { min: 2, max: 10 },
  };
  fx = { db: testDb.db, clock, rules: psRules, accountCurrency: 'CZK' };
  ctx = {
    db: testDb.db,
    clock,
    limits: { clock, profile: czechProfile },
    rules: { HR: testRules, AT: testRules, 'CZ-PS': { ...testRules, profileId: 'CZ-PS' }, SE: testRules, 'CZ-FO': testRules },
    poker: { HR: poker, AT: poker, 'CZ-PS': poker, SE: poker, 'CZ-FO': poker },
    fx,
  };
  await rates('1.08');
});
afterAll(async () => {
  await testDb?.drop();
});

/** A USD 10 tournament: start fee USD 9.00 to the pool, fee USD 1.00 (002:T-WAL-03's buy-in). */
async function usdTournament(entrantsMin = 2) {
  const { tournamentId } = await createTournament(ctx, {
    definition: testDefinition({
      name: 'Dollar 10',
      profileId: 'CZ-PS',
      currency: 'USD',
      kind: 'scheduled',
      entrantsMin,
      entrantsMax: 9,
      entry: { startFeeMinor: 900n, feeMinor: 100n, chips: 1_500n },
    }),
    startsAt: new Date(clock.now().getTime() + 3_600_000),
  });
  return tournamentId;
}

/** A registered player whose only money is `eur` in the EUR wallet. */
async function playerWithEur(eur: string) {
  const { playerId } = await fundedPlayer(testDb.db, funding, clock, '0.01');
  const wallet = (await ledger.openAccount(testDb.db, ledger.playerWalletSpec(playerId, 'cash', 'EUR'))).id;
  const bank = (await ledger.findAccountByCode(testDb.db, ledger.operatorAccountCode('bank', 'EUR')))!.id;
  await transaction(testDb.db, (tx) =>
    ledger.transfer(
      tx,
      {
        idempotencyKey: `fund:${newId()}`,
        kind: 'DEPOSIT',
        debitAccountId: bank,
        creditAccountId: wallet,
        amount: Money.of(eur, 'EUR'),
      },
      clock.now(),
    ),
  );
  return { playerId, wallet };
}

async function poolOf(tournamentId: string): Promise<bigint> {
  const [row] = await testDb.db.$queryRaw<
    [{ pool_account_id: string }]
  >`SELECT pool_account_id FROM tournament WHERE id = ${tournamentId}::uuid`;
  return (await ledger.balance(testDb.db, row.pool_account_id as AccountId)).toMinor();
}

async function booksBalance() {
  for (const currency of ['EUR', 'USD', 'CZK'] as const)
    expect((await ledger.trialBalance(testDb.db, currency)).balanced).toBe(true);
  expect(await ledger.findInvariantViolations(testDb.db)).toEqual([]);
}

describe('tournament registration paid from another wallet (002:WAL-09, BET-04; D-2615)', () => {
  it('002:T-WAL-03 002:WAL-08 002:WAL-09 002:BET-03 a USD 10 buy-in from the EUR wallet at 1.08 USD/EUR is shown as EUR 9.26 before the confirmation, then debited as one BUY_IN through the FX accounts, no fee; unregistering returns EUR 9.26 at the buy-in rate although the rate moved', async () => {
    const tournamentId = await usdTournament();
    const player = await playerWithEur('100.00');
    await rates('1.08');
    const price = await tournamentBuyInPrice(ctx, { tournamentId, fromWallet: 'EUR' });
    expect(price.startFee.toJSON()).toEqual({ amount: '9.00', currency: 'USD' });
    expect(price.fee.toJSON()).toEqual({ amount: '1.00', currency: 'USD' });
    expect(price.debit.toJSON()).toEqual({ amount: '9.26', currency: 'EUR' });

    const registered = await registerForTournament(ctx, {
      tournamentId,
      playerId: player.playerId,
      fromWallet: 'EUR',
      confirmedDebit: price.debit,
    });
    expect(registered.debit?.toJSON()).toEqual({ amount: '9.26', currency: 'EUR' });
    expect(await balanceOf(testDb.db, player.wallet)).toBe('90.74');
    expect(await poolOf(tournamentId)).toBe(900n);
    const conversion = await testDb.db.fxConversion.findUniqueOrThrow({
      where: { ledgerTransactionId: registered.ledgerTransactionId },
    });
    expect(conversion).toMatchObject({
      purpose: 'game',
      debitCurrency: 'EUR',
      debitMinor: 926n,
      creditCurrency: 'USD',
      creditMinor: 1_000n,
      feeMinor: 0n,
    });
    const posted = (await ledger.findTransaction(testDb.db, registered.ledgerTransactionId))!;
    expect(posted.kind).toBe('BUY_IN');
    const codes = posted.postings.map((p) => p.account.code);
    expect(codes).toContain(ledger.operatorAccountCode('fx', 'EUR'));
    expect(codes).toContain(ledger.operatorAccountCode('fx', 'USD'));
    expect(codes).not.toContain(ledger.operatorAccountCode('fee-revenue', 'EUR'));
    expect(
      posted.postings.find((p) => p.account.code === ledger.operatorAccountCode('fee-revenue', 'USD'))?.amount.toJSON(),
    ).toEqual({
      amount: '-1.00',
      currency: 'USD',
    });
    await booksBalance();

    await rates('1.25'); // the rate moves: the refund keeps the buy-in's
    await unregisterFromTournament(ctx, { tournamentId, playerId: player.playerId });
    expect(await balanceOf(testDb.db, player.wallet)).toBe('100.00');
    expect(await poolOf(tournamentId)).toBe(0n);
    const refund = await testDb.db.fxConversion.findFirstOrThrow({
      where: { reference: { endsWith: ':refund' }, playerId: player.playerId },
    });
    expect(refund).toMatchObject({
      debitCurrency: 'USD',
      debitMinor: 1_000n,
      creditCurrency: 'EUR',
      creditMinor: 926n,
      feeMinor: 0n,
    });
    await booksBalance();
    await rates('1.08');
  });

  it('002:T-WAL-05 002:WAL-09 a cancelled tournament refunds a converted buy-in to the wallet that paid, at its rate', async () => {
    const tournamentId = await usdTournament(3);
    const player = await playerWithEur('50.00');
    await registerForTournament(ctx, { tournamentId, playerId: player.playerId, fromWallet: 'EUR' });
    expect(await balanceOf(testDb.db, player.wallet)).toBe('40.74');
    await rates('0.95');
    const outcome = await startTournament(ctx, tournamentId); // one entrant of three: cancelled, everything back
    expect(outcome.started).toBe(false);
    expect(await balanceOf(testDb.db, player.wallet)).toBe('50.00');
    expect(await poolOf(tournamentId)).toBe(0n);
    await booksBalance();
    await rates('1.08');
  });

  it('002:T-WAL-02 002:T-WAL-05 a wallet the profile does not offer (CZK) is refused naming body.fromWallet, a moved rate after the confirmation is fx-quote-expired, too little in the wallet is insufficient-funds; nothing is written', async () => {
    const tournamentId = await usdTournament();
    const player = await playerWithEur('5.00');
    const codeOf = (promise: Promise<unknown>) =>
      promise.then(
        () => 'accepted',
        (error: unknown) => {
          if (isDomainError(error)) return { code: error.code, field: error.field };
          throw error;
        },
      );
    expect(await codeOf(registerForTournament(ctx, { tournamentId, playerId: player.playerId, fromWallet: 'CZK' }))).toEqual({
      code: 'wallet-currency-not-offered',
      field: 'body.fromWallet',
    });
    await expect(tournamentBuyInPrice(ctx, { tournamentId, fromWallet: 'CZK' })).rejects.toMatchObject({
      code: 'wallet-currency-not-offered',
    });
    expect(
      await codeOf(
        registerForTournament(ctx, {
          tournamentId,
          playerId: player.playerId,
          fromWallet: 'EUR',
          confirmedDebit: Money.of('9.00', 'EUR'),
        }),
      ),
    ).toEqual({ code: 'fx-quote-expired', field: 'body.confirmedDebit' });
    expect(await codeOf(registerForTournament(ctx, { tournamentId, playerId: player.playerId, fromWallet: 'EUR' }))).toEqual({
      code: 'insufficient-funds',
      field: 'body.fromWallet',
    });
    expect(await balanceOf(testDb.db, player.wallet)).toBe('5.00');
    expect(await testDb.db.tournamentEntry.count({ where: { playerId: player.playerId } })).toBe(0);
    expect(await testDb.db.fxConversion.count({ where: { playerId: player.playerId } })).toBe(0);
    await booksBalance();
  });
});
