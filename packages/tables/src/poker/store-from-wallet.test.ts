// Issue 26, 002:WAL-05, WAL-08, T-WAL-03 (D-2612): a CZ-PS player pays a USD table's buy-in from the EUR
// wallet ("pay from wallet X"): converted at the current rate without fee, one BUY_IN ledger transaction
// through the FX accounts; the seat keeps the rate for its top-ups and cash-out, back to the EUR wallet.
import { ManualClock, Money, newId } from '@casino/core';
import { transaction } from '@casino/db';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import { recordRates, type FxContext, type FxRules } from '@casino/fx';
import * as ledger from '@casino/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PokerTableDefinition } from './profile.ts';
import { acquireTableLease, buyIn, createPokerTable, releaseSeat, type PokerStoreContext } from './store.ts';
import {
  balanceOf,
  fixtureProfileOf,
  fundedPlayer,
  noLimitDefinition,
  openFunding,
  storeContext,
  type Funding,
} from './testing.ts';

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

const usdTable: PokerTableDefinition = { ...noLimitDefinition, name: 'Dollar NL 0.05/0.10', currency: 'USD' };

let testDb: TestDatabase;
let funding: Funding;
const clock = new ManualClock(new Date('2026-12-06T10:00:00Z'));
let ctx: PokerStoreContext;

beforeAll(async () => {
  testDb = await createTestDatabase();
  funding = await openFunding(testDb.db);
  await ledger.openOperatorAccounts(testDb.db, ['EUR', 'USD'], 1);
  const fx: FxContext = { db: testDb.db, clock, rules: psRules, accountCurrency: 'CZK' };
  ctx = { ...storeContext(testDb.db, clock, 'instance-from-wallet'), fx };
  await recordRates(fx, {
    source: 'sandbox-xe',
    base: 'EUR',
    unitsPerBase: { CZK: '25.000', USD: '1.08', CAD: '1.47', GBP: '0.85' },
    publishedAt: clock.now(),
  });
});
afterAll(async () => {
  await testDb?.drop();
});

async function leasedUsdTable() {
  const table = await createPokerTable(testDb.db, {
    definition: usdTable,
    profile: fixtureProfileOf(usdTable),
    now: clock.now(),
  });
  const lease = await acquireTableLease(testDb.db, {
    tableId: table.id,
    instanceId: ctx.instanceId,
    ttlMs: 15_000,
    now: clock.now(),
  });
  return { tableId: table.id, epoch: lease!.epoch };
}

/** A registered player with a EUR wallet holding `eur` (funded from the operator's EUR bank account). */
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

describe('poker store: pay a buy-in from another wallet (002:WAL-05, WAL-08)', () => {
  it('002:T-WAL-03 002:WAL-08 a USD 25 buy-in from the EUR wallet at 1.08 USD/EUR costs EUR 23.15 (the arithmetic of the scenario at the minimum of this table), no fee, as one BUY_IN transaction through the FX accounts; the cash-out returns to the EUR wallet at the seat rate', async () => {
    const table = await leasedUsdTable();
    const player = await playerWithEur('100.00');
    const bought = await buyIn(ctx, {
      ...table,
      playerId: player.playerId,
      seat: 1,
      alias: 'eu',
      amountMinor: 2_500n,
      fromWallet: 'EUR',
    });
    expect(await balanceOf(testDb.db, player.wallet)).toBe('76.85');
    const conversion = await testDb.db.fxConversion.findUniqueOrThrow({
      where: { ledgerTransactionId: bought.ledgerTransactionId },
    });
    expect(conversion).toMatchObject({
      purpose: 'game',
      debitCurrency: 'EUR',
      debitMinor: 2_315n,
      creditCurrency: 'USD',
      creditMinor: 2_500n,
      feeMinor: 0n,
    });
    const posted = (await ledger.findTransaction(testDb.db, bought.ledgerTransactionId))!;
    expect(posted.kind).toBe('BUY_IN');
    expect(posted.postings.some((p) => p.account.code === ledger.operatorAccountCode('fee-revenue', 'EUR'))).toBe(false);
    // The stake counts toward the CZK self-limits at the current USD → CZK rate (004:SLM-04 as for every converted stake).
    const stake = await testDb.db.selfLimitUsageEntry.findFirstOrThrow({ where: { playerId: player.playerId, kind: 'STAKE' } });
    expect(stake).toMatchObject({ currency: 'USD', amountMinor: 2_500n });

    await releaseSeat(ctx, { ...table, playerId: player.playerId, seat: 1, stackMinor: 2_500n, reason: 'left' });
    expect(await balanceOf(testDb.db, player.wallet)).toBe('100.00');
    for (const currency of ['EUR', 'USD'] as const) expect((await ledger.trialBalance(testDb.db, currency)).balanced).toBe(true);
    expect(await ledger.findInvariantViolations(testDb.db)).toEqual([]);
  });

  it('002:T-WAL-02 002:T-WAL-05 paying from a wallet the profile does not offer (CZK) is refused naming body.fromWallet, and nothing moves; more than the EUR wallet holds is insufficient-funds', async () => {
    const table = await leasedUsdTable();
    const player = await playerWithEur('5.00');
    await expect(
      buyIn(ctx, { ...table, playerId: player.playerId, seat: 2, alias: 'cz', amountMinor: 2_500n, fromWallet: 'CZK' }),
    ).rejects.toMatchObject({ code: 'wallet-currency-not-offered', field: 'body.fromWallet' });
    await expect(
      buyIn(ctx, { ...table, playerId: player.playerId, seat: 2, alias: 'cz', amountMinor: 2_500n, fromWallet: 'EUR' }),
    ).rejects.toMatchObject({ code: 'insufficient-funds' });
    expect(await balanceOf(testDb.db, player.wallet)).toBe('5.00');
    expect(await testDb.db.pokerSeat.count({ where: { playerId: player.playerId } })).toBe(0);
  });

  it('002:WAL-08 002:WAL-11 under a profile whose game conversions run at the current rate (CZ-PS, by-capability §6d fx.winRate "current XE"; D-2617) the cash-out converts at the rate of the moment: USD 25 bought for EUR 23.15 at 1.08 comes back as EUR 20.00 at 1.25; one CASH_OUT through the FX accounts, the books balanced', async () => {
    const current: PokerStoreContext = { ...ctx, fx: { ...ctx.fx!, rules: { ...psRules, gameRate: 'current' } } };
    const table = await leasedUsdTable();
    const player = await playerWithEur('100.00');
    await buyIn(current, { ...table, playerId: player.playerId, seat: 3, alias: 'now', amountMinor: 2_500n, fromWallet: 'EUR' });
    expect(await balanceOf(testDb.db, player.wallet)).toBe('76.85');
    const moved = async (usdPerEur: string) =>
      recordRates(current.fx!, {
        source: 'sandbox-xe',
        base: 'EUR',
        unitsPerBase: { CZK: '25.000', USD: usdPerEur, CAD: '1.47', GBP: '0.85' },
        publishedAt: clock.now(),
      });
    clock.advanceMs(60_000);
    await moved('1.25');
    const released = await releaseSeat(current, {
      ...table,
      playerId: player.playerId,
      seat: 3,
      stackMinor: 2_500n,
      reason: 'left',
    });
    expect(await balanceOf(testDb.db, player.wallet)).toBe('96.85');
    const conversion = await testDb.db.fxConversion.findUniqueOrThrow({
      where: { ledgerTransactionId: released.ledgerTransactionId! },
    });
    expect(conversion).toMatchObject({
      debitCurrency: 'USD',
      debitMinor: 2_500n,
      creditCurrency: 'EUR',
      creditMinor: 2_000n,
      feeMinor: 0n,
    });
    expect((await ledger.findTransaction(testDb.db, released.ledgerTransactionId!))!.kind).toBe('CASH_OUT');
    for (const currency of ['EUR', 'USD'] as const) expect((await ledger.trialBalance(testDb.db, currency)).balanced).toBe(true);
    expect(await ledger.findInvariantViolations(testDb.db)).toEqual([]);
    clock.advanceMs(60_000);
    await moved('1.08');
  });
});
