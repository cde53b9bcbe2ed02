// Issue 18: foreign-currency poker tables on a real database. A CZK player at a EUR table buys in from
// the CZK wallet at the current rate, fixed for the seat; tops up and cashes out at that rate; the stake
// counts in CZK toward the self-limits; the FX accounts keep the difference.
import { ManualClock } from '@casino/core';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import { recordRates, type FxContext, type FxRules } from '@casino/fx';
import * as ledger from '@casino/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PokerTableDefinition } from './profile.ts';
import {
  acquireTableLease,
  buyIn,
  createPokerTable,
  escrowAndStacks,
  releaseSeat,
  topUp,
  type PokerStoreContext,
} from './store.ts';
import {
  balanceOf,
  fixtureProfileOf,
  fundedPlayer,
  noLimitDefinition,
  openFunding,
  storeContext,
  type Funding,
} from './testing.ts';

const foRules: FxRules = {
  walletCurrencies: ['CZK'],
  gameCurrencies: ['CZK', 'EUR', 'USD', 'GBP'],
  source: { name: 'oanda', base: 'EUR', currencies: ['EUR', 'CZK', 'USD', 'GBP'] },
  refreshIntervalSeconds: 3_600,
  changeIntervalHoursMin: 24,
  staleAfterSeconds: 26 * 3_600,
  quoteValiditySeconds: 60,
  feeBps: { deposit: {}, withdrawal: {} },
};

const eurTable: PokerTableDefinition = {
  ...noLimitDefinition,
  name: 'Euro NL 0.50/1',
  currency: 'EUR',
};

let testDb: TestDatabase;
let funding: Funding;
const clock = new ManualClock(new Date('2026-12-05T10:00:00Z'));
let ctx: PokerStoreContext;
let fx: FxContext;

beforeAll(async () => {
  testDb = await createTestDatabase();
  funding = await openFunding(testDb.db);
  await ledger.openOperatorAccounts(testDb.db, ['EUR'], 1);
  fx = { db: testDb.db, clock, rules: foRules, accountCurrency: 'CZK' };
  ctx = { ...storeContext(testDb.db, clock, 'instance-fx'), fx };
  await recordRates(fx, {
    source: 'sandbox-oanda',
    base: 'EUR',
    unitsPerBase: { CZK: '25.000', USD: '1.08', GBP: '0.85' },
    publishedAt: clock.now(),
  });
});
afterAll(async () => {
  await testDb?.drop();
});

async function leasedEurTable() {
  const table = await createPokerTable(testDb.db, {
    definition: eurTable,
    profile: fixtureProfileOf(eurTable),
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

describe('poker store: foreign-currency tables (issue 18)', () => {
  it('004:T-60 004:BET-05 004:BET-06 004:SLM-03 004:SLM-04 a EUR buy-in from the CZK wallet at 25 CZK/EUR, a top-up and the cash-out at the same rate after the rate changed, counted in CZK, the FX difference in the FX accounts', async () => {
    const table = await leasedEurTable();
    const player = await fundedPlayer(testDb.db, funding, clock, '10000.00');
    await buyIn(ctx, { ...table, playerId: player.playerId, seat: 1, alias: 'fx', amountMinor: 5_000n }); // EUR 50.00
    expect(await balanceOf(testDb.db, player.wallet)).toBe('8750.00'); // 50 × 25
    const stake = await testDb.db.selfLimitUsageEntry.findFirstOrThrow({ where: { playerId: player.playerId, kind: 'STAKE' } });
    expect([stake.currency, stake.amountMinor, stake.rateToCzk?.toFixed(), stake.countedMinor]).toEqual([
      'EUR',
      5_000n,
      '25',
      125_000n,
    ]);

    // A day later the rate is 26; the seat keeps 25 for its top-up and its cash-out (004:BET-06).
    clock.advanceMs(25 * 3_600_000);
    await recordRates(fx, {
      source: 'sandbox-oanda',
      base: 'EUR',
      unitsPerBase: { CZK: '26.000', USD: '1.08', GBP: '0.85' },
      publishedAt: clock.now(),
    });
    await topUp(ctx, { ...table, playerId: player.playerId, seat: 1, amountMinor: 1_000n, requestId: 'fx-top-up' });
    expect(await balanceOf(testDb.db, player.wallet)).toBe('8500.00');
    const { escrowMinor } = await escrowAndStacks(testDb.db, table.tableId);
    expect(escrowMinor).toBe(6_000n);
    const released = await releaseSeat(ctx, { ...table, playerId: player.playerId, seat: 1, stackMinor: 6_000n, reason: 'left' });
    expect(released.creditedMinor).toBe(6_000n);
    expect(await balanceOf(testDb.db, player.wallet)).toBe('10000.00'); // 60 × 25, not 60 × 26

    const conversions = await testDb.db.fxConversion.findMany({ where: { playerId: player.playerId }, orderBy: { at: 'asc' } });
    expect(conversions.map((c) => `${c.debitCurrency} ${c.debitMinor} → ${c.creditCurrency} ${c.creditMinor}`)).toEqual([
      'CZK 125000 → EUR 5000',
      'CZK 25000 → EUR 1000',
      'EUR 6000 → CZK 150000',
    ]);
    for (const currency of ['CZK', 'EUR'] as const) expect((await ledger.trialBalance(testDb.db, currency)).balanced).toBe(true);
    expect(await ledger.findInvariantViolations(testDb.db)).toEqual([]);
  });

  it('issue 18: stale rates refuse a foreign-currency buy-in and nothing is written; a table in the wallet currency plays on', async () => {
    const table = await leasedEurTable();
    const player = await fundedPlayer(testDb.db, funding, clock, '1000.00');
    clock.advanceMs(27 * 3_600_000);
    await expect(
      buyIn(ctx, { ...table, playerId: player.playerId, seat: 2, alias: 'st', amountMinor: 2_500n }),
    ).rejects.toMatchObject({
      code: 'fx-rates-stale',
    });
    expect(await balanceOf(testDb.db, player.wallet)).toBe('1000.00');
    const czkTable = await createPokerTable(testDb.db, {
      definition: noLimitDefinition,
      profile: fixtureProfileOf(noLimitDefinition),
      now: clock.now(),
    });
    const lease = await acquireTableLease(testDb.db, {
      tableId: czkTable.id,
      instanceId: ctx.instanceId,
      ttlMs: 15_000,
      now: clock.now(),
    });
    await buyIn(ctx, {
      tableId: czkTable.id,
      epoch: lease!.epoch,
      playerId: player.playerId,
      seat: 1,
      alias: 'cz',
      amountMinor: 2_500n,
    });
    expect(await balanceOf(testDb.db, player.wallet)).toBe('975.00');
  });
});
