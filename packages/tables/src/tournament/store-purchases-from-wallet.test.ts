// Issue 26, 002:WAL-08, WAL-09, BET-04, T-WAL-03, T-WAL-05, TRN-RB-01..09 (D-2618): rebuys, add-ons, re-entries and
// late registrations at a USD tournament paid from the EUR wallet, converted at the current rate without fee, with the
// confirmation and refusals of a registration (D-2615) and exactly once per command id; and a cancellation of a
// tournament whose buy-ins and purchases were paid from several wallets gives every wallet back what it paid.
import { isDomainError, ManualClock, Money, newId, type AccountId, type CurrencyCode } from '@casino/core';
import { transaction } from '@casino/db';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import { recordRates, type FxContext, type FxRules } from '@casino/fx';
import * as ledger from '@casino/ledger';
import { czechProfile } from '@casino/limits';
import { SeededRng } from '@casino/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, fixtureProfileOf, fundedPlayer, noLimitDefinition, openFunding, type Funding } from '../poker/testing.ts';
import { TournamentDirector } from './director.ts';
import {
  buyTournamentChips,
  cancelTournament,
  createTournament,
  purchaseAtRunningTournamentIn,
  registerForTournament,
  startTournament,
  tournamentBuyInPrice,
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
  // Every cancellation formula gives back what was paid, so each wallet's refunds can be checked to the cent.
  const refundAll = {
    headsUp: 'refund-all-paid',
    sitAndGo: 'refund-all-paid',
    multiTable: 'refund-all-paid',
    twister: null,
  } as const;
  const psTournaments = { ...testRules, profileId: 'CZ-PS' as const, cancel: refundAll };
  ctx = {
    db: testDb.db,
    clock,
    limits: { clock, profile: czechProfile },
    rules: { HR: testRules, AT: testRules, 'CZ-PS': psTournaments, SE: testRules, 'CZ-FO': testRules },
    poker: { HR: poker, AT: poker, 'CZ-PS': poker, SE: poker, 'CZ-FO': poker },
    fx,
  };
  await rates('1.08');
});
afterAll(async () => {
  await testDb?.drop();
});

/** A USD 10 tournament (start fee USD 9.00, fee USD 1.00) with rebuys and an add-on at the same price, and re-entry. */
async function usdRebuyTournament() {
  const { tournamentId } = await createTournament(ctx, {
    definition: testDefinition({
      name: 'Dollar 10 rebuy',
      profileId: 'CZ-PS',
      currency: 'USD',
      kind: 'scheduled',
      entrantsMin: 2,
      entrantsMax: 9,
      entry: { startFeeMinor: 900n, feeMinor: 100n, chips: 1_500n },
      rebuy: { startFeeMinor: 900n, feeMinor: 100n, chips: 1_500n, periodLevels: 2, countMax: 3, chipsAtMost: 1_500n },
      addOn: { startFeeMinor: 900n, feeMinor: 100n, chips: 1_500n, afterLevel: 2 },
      lateRegistrationLevels: 2,
      reEntry: { entriesMax: 2 },
    }),
    startsAt: new Date(clock.now().getTime() + 3_600_000),
  });
  return tournamentId;
}

async function deposit(wallet: AccountId, amount: Money) {
  const bank = (await ledger.findAccountByCode(testDb.db, ledger.operatorAccountCode('bank', amount.currency)))!.id;
  await transaction(testDb.db, (tx) =>
    ledger.transfer(
      tx,
      { idempotencyKey: `fund:${newId()}`, kind: 'DEPOSIT', debitAccountId: bank, creditAccountId: wallet, amount },
      clock.now(),
    ),
  );
}

/** A registered player with `eur` in the EUR wallet and `usd` in the USD wallet. */
async function playerWith(eur: string, usd: string) {
  const { playerId } = await fundedPlayer(testDb.db, funding, clock, '0.01');
  const eurWallet = (await ledger.openAccount(testDb.db, ledger.playerWalletSpec(playerId, 'cash', 'EUR'))).id;
  const usdWallet = (await ledger.openAccount(testDb.db, ledger.playerWalletSpec(playerId, 'cash', 'USD'))).id;
  if (eur !== '0.00') await deposit(eurWallet, Money.of(eur, 'EUR'));
  if (usd !== '0.00') await deposit(usdWallet, Money.of(usd, 'USD'));
  return { playerId, eurWallet, usdWallet };
}

async function poolOf(tournamentId: string): Promise<bigint> {
  const [row] = await testDb.db.$queryRaw<
    [{ pool_account_id: string }]
  >`SELECT pool_account_id FROM tournament WHERE id = ${tournamentId}::uuid`;
  return (await ledger.balance(testDb.db, row.pool_account_id as AccountId)).toMinor();
}

/** What a wallet paid into the tournament (BUY_IN) and got back (REFUND), from its ledger postings. */
async function paidAndRefunded(wallet: AccountId, tournamentId: string) {
  const rows = await testDb.db.$queryRaw<{ kind: string; minor: bigint; count: bigint }[]>`
    SELECT t.kind::text AS kind, sum(p.amount_minor)::bigint AS minor, count(*)::bigint AS count
    FROM ledger_posting p JOIN ledger_transaction t ON t.id = p.transaction_id
    WHERE p.account_id = ${wallet}::uuid AND t.metadata->>'tournamentId' = ${tournamentId}
    GROUP BY t.kind`;
  const of = (kind: string) => rows.find((r) => r.kind === kind);
  return {
    paidMinor: of('BUY_IN')?.minor ?? 0n,
    refundedMinor: -(of('REFUND')?.minor ?? 0n),
    payments: Number(of('BUY_IN')?.count ?? 0n),
    refunds: Number(of('REFUND')?.count ?? 0n),
  };
}

async function booksBalance() {
  for (const currency of ['EUR', 'USD', 'CZK'] as const)
    expect((await ledger.trialBalance(testDb.db, currency)).balanced).toBe(true);
  expect(await ledger.findInvariantViolations(testDb.db)).toEqual([]);
}

const outcomeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: unknown) => {
      if (isDomainError(error)) return { code: error.code, field: error.field };
      throw error;
    },
  );

const usd = (amount: string) => Money.of(amount, 'USD');
const eur = (amount: string) => Money.of(amount, 'EUR');

describe('tournament purchases paid from another wallet (002:WAL-09, BET-04; D-2618)', () => {
  it('002:T-WAL-03 002:WAL-08 002:WAL-09 002:TRN-RB-01 002:TRN-RB-08 a rebuy and an add-on of USD 10 from the EUR wallet are priced first (EUR 9.26 at 1.08), debited as one BUY_IN each through the FX accounts without fee; the add-on at the moved rate 1.25 is EUR 8.00', async () => {
    const tournamentId = await usdRebuyTournament();
    const a = await playerWith('100.00', '0.00');
    const b = await playerWith('0.00', '50.00');
    await registerForTournament(ctx, { tournamentId, playerId: a.playerId, fromWallet: 'EUR' });
    const { entryId } = await registerForTournament(ctx, { tournamentId, playerId: b.playerId, fromWallet: 'USD' });
    const started = await startTournament(ctx, tournamentId);
    expect(started.started).toBe(true);
    const aEntry = started.entries.find((e) => e.playerId === a.playerId)!.entryId;

    const price = await tournamentBuyInPrice(ctx, { tournamentId, fromWallet: 'EUR', purchase: 'rebuy' });
    expect(price.total.toJSON()).toEqual(usd('10.00').toJSON());
    expect(price.debit.toJSON()).toEqual(eur('9.26').toJSON());
    const rebuy = await buyTournamentChips(ctx, {
      tournamentId,
      entryId: aEntry,
      purchase: 'rebuy',
      fromWallet: 'EUR',
      confirmedDebit: price.debit,
    });
    expect(rebuy.debit.toJSON()).toEqual(eur('9.26').toJSON());
    expect(await balanceOf(testDb.db, a.eurWallet)).toBe('81.48');
    const conversion = await testDb.db.fxConversion.findUniqueOrThrow({
      where: { ledgerTransactionId: rebuy.ledgerTransactionId },
    });
    expect(conversion).toMatchObject({
      debitCurrency: 'EUR',
      debitMinor: 926n,
      creditCurrency: 'USD',
      creditMinor: 1_000n,
      feeMinor: 0n,
    });
    const posted = (await ledger.findTransaction(testDb.db, rebuy.ledgerTransactionId))!;
    expect(posted.kind).toBe('BUY_IN');
    expect(posted.postings.map((p) => p.account.code)).toContain(ledger.operatorAccountCode('fx', 'EUR'));

    await rates('1.25');
    const addOnPrice = await tournamentBuyInPrice(ctx, { tournamentId, fromWallet: 'EUR', purchase: 'add-on' });
    expect(addOnPrice.debit.toJSON()).toEqual(eur('8.00').toJSON());
    await buyTournamentChips(ctx, {
      tournamentId,
      entryId: aEntry,
      purchase: 'add-on',
      fromWallet: 'EUR',
      confirmedDebit: addOnPrice.debit,
    });
    expect(await balanceOf(testDb.db, a.eurWallet)).toBe('73.48');
    // B's rebuy names no wallet: the wallet in the tournament's currency, as before.
    await buyTournamentChips(ctx, { tournamentId, entryId, purchase: 'rebuy' });
    expect(await balanceOf(testDb.db, b.usdWallet)).toBe('30.00');
    expect(await poolOf(tournamentId)).toBe(4n * 900n + 900n);
    await booksBalance();
    await rates('1.08');
  });

  it('002:WAL-09 002:T-WAL-02 002:T-WAL-05 a purchase naming a wallet the profile does not offer is wallet-currency-not-offered on body.fromWallet, a confirmed debit the rate no longer gives is fx-quote-expired, too little is insufficient-funds on body.fromWallet; nothing is written', async () => {
    const tournamentId = await usdRebuyTournament();
    const a = await playerWith('15.00', '0.00');
    const b = await playerWith('0.00', '50.00');
    await registerForTournament(ctx, { tournamentId, playerId: a.playerId, fromWallet: 'EUR' });
    await registerForTournament(ctx, { tournamentId, playerId: b.playerId, fromWallet: 'USD' });
    const started = await startTournament(ctx, tournamentId);
    const aEntry = started.entries.find((e) => e.playerId === a.playerId)!.entryId;
    const rebuy = (payment: { fromWallet?: CurrencyCode; confirmedDebit?: Money }) =>
      outcomeOf(buyTournamentChips(ctx, { tournamentId, entryId: aEntry, purchase: 'rebuy', ...payment }));
    expect(await rebuy({ fromWallet: 'CZK' })).toEqual({ code: 'wallet-currency-not-offered', field: 'body.fromWallet' });
    expect(await rebuy({ fromWallet: 'EUR', confirmedDebit: eur('9.00') })).toEqual({
      code: 'fx-quote-expired',
      field: 'body.confirmedDebit',
    });
    expect(await balanceOf(testDb.db, a.eurWallet)).toBe('5.74');
    expect(await rebuy({ fromWallet: 'EUR' })).toEqual({ code: 'insufficient-funds', field: 'body.fromWallet' });
    expect(await balanceOf(testDb.db, a.eurWallet)).toBe('5.74');
    expect(await testDb.db.fxConversion.count({ where: { playerId: a.playerId } })).toBe(1); // the registration's
    expect((await testDb.db.tournamentEntry.findUniqueOrThrow({ where: { id: aEntry } })).rebuys).toBe(0);
    expect(await poolOf(tournamentId)).toBe(1_800n);
    await booksBalance();
  });

  it('002:WAL-09 002:T-WAL-05 004:GAM-P-T-14 a late registration and a re-entry at a running tournament are paid from the EUR wallet exactly once per command id: the same id again answers the first purchase, nothing more debited; a stale confirmation is fx-quote-expired with no entry made', async () => {
    const tournamentId = await usdRebuyTournament();
    const a = await playerWith('0.00', '50.00');
    const b = await playerWith('0.00', '50.00');
    const late = await playerWith('30.00', '0.00');
    await registerForTournament(ctx, { tournamentId, playerId: a.playerId });
    await registerForTournament(ctx, { tournamentId, playerId: b.playerId });
    await startTournament(ctx, tournamentId);
    const commandId = newId();
    const entryId = newId();
    const purchase = (id: string, entry: string, confirmedDebit?: Money) =>
      transaction(testDb.db, (tx) =>
        purchaseAtRunningTournamentIn(ctx, tx, {
          tournamentId,
          playerId: late.playerId,
          kind: 'late-registration',
          commandId: id,
          fromWallet: 'EUR',
          ...(confirmedDebit ? { confirmedDebit } : {}),
          plan: () => ({ kind: 'late-registration', entryId: entry, playerId: late.playerId, table: 1, seat: 3 }),
        }),
      );
    expect(await outcomeOf(purchase(newId(), newId(), eur('9.00')))).toEqual({
      code: 'fx-quote-expired',
      field: 'body.confirmedDebit',
    });
    expect(await testDb.db.tournamentEntry.count({ where: { playerId: late.playerId } })).toBe(0);
    const first = await purchase(commandId, entryId, eur('9.26'));
    expect(first.receipt).toMatchObject({ kind: 'late-registration', entryId, replayed: false });
    const again = await purchase(commandId, newId(), eur('9.26'));
    expect(again.receipt).toMatchObject({ entryId, ledgerTransactionId: first.receipt.ledgerTransactionId, replayed: true });
    expect(await balanceOf(testDb.db, late.eurWallet)).toBe('20.74');
    expect(await testDb.db.tournamentEntry.count({ where: { playerId: late.playerId } })).toBe(1);
    const conversion = await testDb.db.fxConversion.findUniqueOrThrow({
      where: { ledgerTransactionId: first.receipt.ledgerTransactionId! },
    });
    expect(conversion).toMatchObject({ debitCurrency: 'EUR', debitMinor: 926n, creditCurrency: 'USD', creditMinor: 1_000n });
    // A re-entry (the floor decides the entry is out; the store counts the entries): from the EUR wallet, its own conversion.
    const reEntryId = newId();
    const reEntry = await transaction(testDb.db, (tx) =>
      purchaseAtRunningTournamentIn(ctx, tx, {
        tournamentId,
        playerId: late.playerId,
        kind: 're-entry',
        commandId: newId(),
        fromWallet: 'EUR',
        plan: () => ({ kind: 're-entry', entryId: reEntryId, playerId: late.playerId, table: 1, seat: 3 }),
      }),
    );
    expect(reEntry.receipt.replayed).toBe(false);
    expect(await balanceOf(testDb.db, late.eurWallet)).toBe('11.48');
    await booksBalance();
  });

  it('002:T-WAL-05 002:WAL-08 002:TRN-RB-01 000-001:TRN-21 a cancelled tournament whose buy-ins, rebuys and add-ons were paid from EUR and USD wallets at several rates gives each wallet back exactly what it paid, one REFUND per converted payment plus one for the USD part; the pool ends at zero and the books balance per currency', async () => {
    const tournamentId = await usdRebuyTournament();
    const a = await playerWith('100.00', '100.00'); // converted buy-in, USD rebuys (the `…:rest` refund), EUR rebuy, USD add-on
    const b = await playerWith('0.00', '100.00'); // everything in USD
    const c = await playerWith('100.00', '100.00'); // converted buy-in and USD rebuys only
    await registerForTournament(ctx, { tournamentId, playerId: a.playerId, fromWallet: 'EUR' }); // EUR 9.26
    await registerForTournament(ctx, { tournamentId, playerId: b.playerId, fromWallet: 'USD' });
    await rates('1.25');
    await registerForTournament(ctx, { tournamentId, playerId: c.playerId, fromWallet: 'EUR' }); // EUR 8.00
    const started = await startTournament(ctx, tournamentId);
    const entryOf = (playerId: string) => started.entries.find((e) => e.playerId === playerId)!.entryId;
    const buy = (playerId: string, purchase: 'rebuy' | 'add-on', fromWallet: CurrencyCode) =>
      buyTournamentChips(ctx, { tournamentId, entryId: entryOf(playerId), purchase, fromWallet });
    await buy(a.playerId, 'rebuy', 'USD');
    await rates('1.10');
    await buy(a.playerId, 'rebuy', 'EUR'); // EUR 9.09
    await buy(a.playerId, 'rebuy', 'USD');
    await buy(a.playerId, 'add-on', 'USD');
    await buy(b.playerId, 'rebuy', 'USD');
    await buy(c.playerId, 'rebuy', 'USD');
    await buy(c.playerId, 'rebuy', 'USD');
    expect(await balanceOf(testDb.db, a.eurWallet)).toBe('81.65');
    expect(await balanceOf(testDb.db, a.usdWallet)).toBe('70.00');
    expect(await poolOf(tournamentId)).toBe(10n * 900n);

    await rates('0.95'); // the rate moves again: refunds keep each payment's own
    const director = new TournamentDirector({
      definition: testDefinition({ profileId: 'CZ-PS', currency: 'USD', kind: 'scheduled', entrantsMin: 2, entrantsMax: 9 }),
      rules: ctx.rules['CZ-PS'],
      entries: started.entries,
      rng: new SeededRng(3),
      newHandId: (t, n) => `${t}-${n}`,
    });
    await cancelTournament(ctx, tournamentId, { director, lateRegistrationOrRebuyOpen: true });

    for (const [wallet, balance] of [
      [a.eurWallet, '100.00'],
      [a.usdWallet, '100.00'],
      [b.usdWallet, '100.00'],
      [c.eurWallet, '100.00'],
      [c.usdWallet, '100.00'],
    ] as const) {
      expect(await balanceOf(testDb.db, wallet)).toBe(balance);
      const flows = await paidAndRefunded(wallet, tournamentId);
      expect(flows.refundedMinor).toBe(flows.paidMinor);
    }
    expect(await paidAndRefunded(a.eurWallet, tournamentId)).toMatchObject({ paidMinor: 926n + 909n, payments: 2, refunds: 2 });
    expect(await paidAndRefunded(a.usdWallet, tournamentId)).toMatchObject({ paidMinor: 3_000n, payments: 3, refunds: 1 });
    expect(await paidAndRefunded(c.eurWallet, tournamentId)).toMatchObject({ paidMinor: 800n, payments: 1, refunds: 1 });
    expect(await paidAndRefunded(c.usdWallet, tournamentId)).toMatchObject({ paidMinor: 2_000n, payments: 2, refunds: 1 });
    const refunds = await testDb.db.fxConversion.findMany({
      where: { playerId: a.playerId, reference: { endsWith: ':refund' } },
      orderBy: { creditMinor: 'asc' },
    });
    expect(refunds.map((r) => [r.debitCurrency, r.debitMinor, r.creditCurrency, r.creditMinor])).toEqual([
      ['USD', 1_000n, 'EUR', 909n],
      ['USD', 1_000n, 'EUR', 926n],
    ]);
    const entries = await testDb.db.tournamentEntry.findMany({ where: { tournamentId } });
    expect(entries.every((e) => e.status === 'cancelled' && e.refundMinor === e.paidStartMinor + e.paidFeeMinor)).toBe(true);
    expect(await poolOf(tournamentId)).toBe(0n);
    await booksBalance();
    await rates('1.08');
  });
});
