// The FX package against the real database: the rate table and its 24-hour rule, stale rates, quotes,
// conversions as one balanced ledger transaction, and a property test over random conversions.
import { ManualClock, Money, newId, type AccountId, type CurrencyCode } from '@casino/core';
import { transaction, type Db } from '@casino/db';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import * as ledger from '@casino/ledger';
import { insertPlayer } from '@casino/test-support/players';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentRate } from './current-rate.ts';
import { postConversion } from './post-conversion.ts';
import { conversionTerms } from './quote.ts';
import { createQuote } from './quotes.ts';
import { currentRates, recordRates, type FxContext } from './rate-store.ts';
import { foLikeRules, m, psLikeRules, scenarioRates } from './test-support.ts';
import { cashWalletIn, exchangeBetweenWallets, listWallets } from './wallets.ts';

let testDb: TestDatabase;
let db: Db;
const clock = new ManualClock(new Date('2026-12-05T10:00:00Z'));
let ps: FxContext;
let psp: Partial<Record<CurrencyCode, AccountId>>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  ps = { db, clock, rules: psLikeRules, accountCurrency: 'CZK' };
  await ledger.openOperatorAccounts(db, ['CZK', 'EUR', 'USD'], 2);
  psp = {};
  for (const currency of ['CZK', 'EUR', 'USD', 'GBP', 'CAD'] as const)
    psp[currency] = (await ledger.openAccount(db, ledger.paymentProviderClearingSpec('sandbox-psp', currency, 1))).id;
  await recordRates(ps, scenarioRates(clock.now()));
});
afterAll(async () => {
  await testDb?.drop();
});

/** Funds a wallet straight from the provider's clearing account (the cashier's part is tested in its package). */
async function fund(playerId: string, amount: Money): Promise<AccountId> {
  const wallet = await transaction(db, (tx) => cashWalletIn(tx, playerId, amount.currency));
  await ledger.transferStandalone(
    db,
    {
      idempotencyKey: `fund:${newId()}`,
      kind: 'DEPOSIT',
      debitAccountId: psp[amount.currency]!,
      creditAccountId: wallet,
      amount,
    },
    clock.now(),
  );
  return wallet;
}

async function assertBalancedEverywhere(): Promise<void> {
  for (const currency of ['CZK', 'EUR', 'USD', 'GBP', 'CAD'] as const)
    expect((await ledger.trialBalance(db, currency)).balanced).toBe(true);
  expect(await ledger.findInvariantViolations(db)).toEqual([]);
}

describe('fx: rates', () => {
  it('004:T-61 a second rate change within 24 hours is not taken: the set in force stays, confirmed; after 24 hours the new one takes effect', async () => {
    const own = await createTestDatabase();
    try {
      const fo: FxContext = {
        db: own.db,
        clock: new ManualClock(new Date('2026-12-05T08:00:00Z')),
        rules: foLikeRules,
        accountCurrency: 'CZK',
      };
      const first = await recordRates(fo, scenarioRates(fo.clock.now()));
      expect(first.outcome).toBe('changed');
      (fo.clock as ManualClock).advanceMs(3_600_000);
      const second = await recordRates(fo, scenarioRates(fo.clock.now(), { CZK: '25.500' }));
      expect(second.outcome).toBe('held');
      expect(second.set.id).toBe(first.set.id);
      expect((await currentRate(fo, 'EUR', 'CZK')).rate).toBe('25');
      (fo.clock as ManualClock).advanceMs(23 * 3_600_000);
      const third = await recordRates(fo, scenarioRates(fo.clock.now(), { CZK: '25.500' }));
      expect(third.outcome).toBe('changed');
      expect((await currentRate(fo, 'EUR', 'CZK')).rate).toBe('25.5');
    } finally {
      await own.drop();
    }
  });

  it('002:WAL-04 under a 60-second source every change is taken at once; a set quoting the same rates only confirms', async () => {
    const own = await createTestDatabase();
    try {
      const ctx: FxContext = {
        db: own.db,
        clock: new ManualClock(new Date('2026-12-05T08:00:00Z')),
        rules: psLikeRules,
        accountCurrency: 'CZK',
      };
      expect((await recordRates(ctx, scenarioRates(ctx.clock.now()))).outcome).toBe('changed');
      (ctx.clock as ManualClock).advanceMs(60_000);
      expect((await recordRates(ctx, scenarioRates(ctx.clock.now()))).outcome).toBe('confirmed');
      expect((await recordRates(ctx, scenarioRates(ctx.clock.now(), { USD: '1.09' }))).outcome).toBe('changed');
    } finally {
      await own.drop();
    }
  });

  it('002:AMB-XE-SNAPSHOT rates the source has not confirmed for longer than the profile allows refuse conversions as fx-rates-stale (503)', async () => {
    const own = await createTestDatabase();
    try {
      const ctx: FxContext = {
        db: own.db,
        clock: new ManualClock(new Date('2026-12-05T08:00:00Z')),
        rules: psLikeRules,
        accountCurrency: 'CZK',
      };
      await expect(currentRates(ctx)).rejects.toMatchObject({ code: 'fx-rates-stale', status: 503 });
      await recordRates(ctx, scenarioRates(ctx.clock.now()));
      (ctx.clock as ManualClock).advanceMs(181_000);
      await expect(
        createQuote(ctx, {
          playerId: newId(),
          purpose: 'exchange',
          debitCurrency: 'EUR',
          creditCurrency: 'USD',
          amount: m('1.00', 'EUR'),
        }),
      ).rejects.toMatchObject({ code: 'fx-rates-stale' });
      await recordRates(ctx, scenarioRates(ctx.clock.now()));
      await expect(currentRates(ctx)).resolves.toMatchObject({ source: 'sandbox-xe' });
    } finally {
      await own.drop();
    }
  });
});

describe('fx: conversions', () => {
  it('002:WAL-02 002:WAL-03 002:T-WAL-05 a quoted exchange between two wallets is one balanced ledger transaction through both FX accounts, rate and source recorded', async () => {
    const playerId = await insertPlayer(db, { clock });
    await fund(playerId, m('100.00', 'EUR'));
    const quote = await createQuote(ps, {
      playerId,
      purpose: 'exchange',
      debitCurrency: 'EUR',
      creditCurrency: 'USD',
      amount: m('50.00', 'EUR'),
    });
    expect([quote.terms.credit.toDecimalString(), quote.terms.fee.toDecimalString()]).toEqual(['53.19', '0.81']); // 54.00 − 1.5 %
    const done = await exchangeBetweenWallets(ps, { playerId, quoteId: quote.id });
    const again = await exchangeBetweenWallets(ps, { playerId, quoteId: quote.id });
    expect(again).toMatchObject({ transactionId: done.transactionId, replayed: true });
    const wallets = await listWallets(ps, playerId);
    expect(wallets.map((w) => `${w.currency} ${w.balance.toDecimalString()}`)).toEqual([
      'USD 53.19',
      'EUR 50.00',
      'CAD 0.00',
      'GBP 0.00',
    ]);
    const posted = await ledger.findTransaction(db, done.transactionId);
    expect(posted?.kind).toBe('FX_CONVERSION');
    expect(posted?.metadata).toMatchObject({ fxRate: '1.08', fxRateSource: 'sandbox-xe', fxPurpose: 'exchange' });
    const row = await db.fxConversion.findUniqueOrThrow({ where: { ledgerTransactionId: done.transactionId } });
    expect([row.rate.toFixed(), row.rateSource, row.debitMinor, row.creditMinor, row.feeMinor]).toEqual([
      '1.08',
      'sandbox-xe',
      5000n,
      5319n,
      81n,
    ]);
    await assertBalancedEverywhere();
  });

  it('issue 26: a quote converts once, only for its player, only before it expires; an exchange beyond the balance writes nothing', async () => {
    const playerId = await insertPlayer(db, { clock });
    await fund(playerId, m('10.00', 'EUR'));
    const quote = () =>
      createQuote(ps, { playerId, purpose: 'exchange', debitCurrency: 'EUR', creditCurrency: 'GBP', amount: m('10.00', 'EUR') });
    const other = await insertPlayer(db, { clock });
    const q1 = await quote();
    await expect(exchangeBetweenWallets(ps, { playerId: other, quoteId: q1.id })).rejects.toMatchObject({ code: 'not-found' });
    clock.advanceMs(60_000);
    await expect(exchangeBetweenWallets(ps, { playerId, quoteId: q1.id })).rejects.toMatchObject({
      code: 'fx-quote-expired',
      status: 409,
    });
    await recordRates(ps, scenarioRates(clock.now()));
    const big = await createQuote(ps, {
      playerId,
      purpose: 'exchange',
      debitCurrency: 'EUR',
      creditCurrency: 'GBP',
      amount: m('10.01', 'EUR'),
    });
    await expect(exchangeBetweenWallets(ps, { playerId, quoteId: big.id })).rejects.toMatchObject({
      code: 'insufficient-funds',
      status: 422,
    });
    expect((await db.fxQuote.findUniqueOrThrow({ where: { id: big.id } })).usedAt).toBeNull();
  });

  it('issue 26: parallel exchanges against one wallet never overdraw it (the per-player lock, the ledger refuses the rest)', async () => {
    const playerId = await insertPlayer(db, { clock });
    await fund(playerId, m('30.00', 'EUR'));
    const quotes = await Promise.all(
      Array.from({ length: 5 }, () =>
        createQuote(ps, {
          playerId,
          purpose: 'exchange',
          debitCurrency: 'EUR',
          creditCurrency: 'USD',
          amount: m('10.00', 'EUR'),
        }),
      ),
    );
    const outcomes = await Promise.allSettled(quotes.map((q) => exchangeBetweenWallets(ps, { playerId, quoteId: q.id })));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    const wallets = await listWallets(ps, playerId);
    expect(wallets.find((w) => w.currency === 'EUR')?.balance.toDecimalString()).toBe('0.00');
    await assertBalancedEverywhere();
  });

  it(
    'issue 26 property: random deposits into chosen wallets, exchanges and buy-in conversions keep every currency balanced and no wallet negative',
    { timeout: 300_000 },
    async () => {
      const currencies = ['EUR', 'USD', 'CAD', 'GBP'] as const;
      const set = await currentRates(ps);
      const escrow = await ledger.openAccount(db, {
        code: `poker-table:${newId()}:escrow:USD`,
        ownerKind: 'POKER_TABLE',
        ownerId: newId(),
        purpose: 'escrow',
        currency: 'USD',
        type: 'LIABILITY',
        allowNegative: false,
        shardCount: 1,
      });
      const step = fc.record({
        kind: fc.constantFrom('deposit', 'exchange', 'buy-in'),
        from: fc.constantFrom(...currencies),
        to: fc.constantFrom(...currencies),
        minor: fc.bigInt({ min: 1n, max: 500_000n }),
      });
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
          const playerId = newId();
          for (const s of steps) {
            await transaction(db, async (tx) => {
              if (s.kind === 'deposit') {
                const terms = conversionTerms(ps.rules, set, {
                  purpose: 'deposit',
                  debitCurrency: 'CZK',
                  creditCurrency: s.to,
                  amount: Money.fromMinor(s.minor, 'CZK'),
                });
                if (terms.credit.toMinor() <= 0n) return;
                await postConversion(
                  tx,
                  {
                    idempotencyKey: newId(),
                    kind: 'DEPOSIT',
                    terms,
                    debitAccountId: psp.CZK!,
                    creditAccountId: await cashWalletIn(tx, playerId, s.to),
                    playerId,
                    reference: 'property',
                  },
                  clock.now(),
                );
                return;
              }
              const to = s.kind === 'buy-in' ? 'USD' : s.to;
              if (s.from === to) return;
              const terms = conversionTerms(
                ps.rules,
                set,
                s.kind === 'buy-in'
                  ? {
                      purpose: 'game',
                      debitCurrency: s.from,
                      creditCurrency: 'USD',
                      amount: Money.fromMinor(s.minor / 10n + 1n, 'USD'),
                    }
                  : {
                      purpose: 'exchange',
                      debitCurrency: s.from,
                      creditCurrency: to,
                      amount: Money.fromMinor(s.minor / 10n + 1n, s.from),
                    },
              );
              if (terms.credit.toMinor() <= 0n || terms.debit.toMinor() <= 0n) return;
              const target = s.kind === 'buy-in' ? escrow.id : await cashWalletIn(tx, playerId, to);
              await postConversion(
                tx,
                {
                  idempotencyKey: newId(),
                  kind: s.kind === 'buy-in' ? 'BUY_IN' : 'FX_CONVERSION',
                  terms,
                  debitAccountId: await cashWalletIn(tx, playerId, s.from),
                  creditAccountId: target,
                  playerId,
                  reference: 'property',
                },
                clock.now(),
              ).catch((error: unknown) => {
                if (!(error instanceof ledger.InsufficientFunds)) throw error;
              });
            }).catch((error: unknown) => {
              if (!(error instanceof ledger.InsufficientFunds)) throw error;
            });
          }
          for (const currency of ['CZK', ...currencies] as const)
            expect((await ledger.trialBalance(db, currency)).balanced).toBe(true);
          for (const w of await listWallets(ps, playerId)) expect(w.balance.toMinor() >= 0n).toBe(true);
        }),
        { numRuns: 10 },
      );
      expect(await ledger.findInvariantViolations(db)).toEqual([]);
    },
  );
});
