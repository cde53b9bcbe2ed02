import { ManualClock, Money, newId, type AccountId } from '@casino/core';
import { transaction } from '@casino/db';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import * as ledger from '@casino/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireTableLease, buyIn, commitHand, createPokerTable, escrowAndStacks, markHandRunning } from './store.ts';
import { jackpotAccount, jackpotBalances, jackpotDropKey, jackpotPayoutKey } from './store-jackpot.ts';
import { fixtureDefinition } from './testing/profiles.ts';
import {
  allInThreeWay,
  atJackpot,
  atJackpotWithStud,
  badBeatOrder,
  passiveStudHand,
  riggedJackpotTable,
  riggedStudJackpotTable,
  studBadBeatHands,
  studJackpotDefinition,
} from './testing/jackpot.ts';
import { balanceOf, fundedPlayer, openFunding, storeContext, type Funding } from './testing.ts';

/**
 * Issue 18: the bad-beat jackpot in the ledger (000-001:JP-02, JP-04, ACC-12, RAKE-08, T-76): the
 * drop posted escrow → jackpot in the hand's commit, the payout from the jackpot to the wallets and
 * the rake, the escrow invariant kept. Real PostgreSQL; the hands come from a table dealing a rigged deck.
 */
let testDb: TestDatabase;
let funding: Funding;
const clock = new ManualClock(new Date('2026-12-05T10:00:00Z'));

beforeAll(async () => {
  testDb = await createTestDatabase();
  funding = await openFunding(testDb.db);
});
afterAll(async () => {
  await testDb?.drop();
});

async function jackpotTableWithPlayers(stud = false) {
  const ctx = storeContext(testDb.db, clock, 'instance-jackpot');
  const definition = stud
    ? studJackpotDefinition({ name: `BBJ stud ${newId()}` })
    : fixtureDefinition(atJackpot, { badBeatJackpot: true, currency: 'CZK', name: `BBJ ${newId()}` });
  const profile = stud ? atJackpotWithStud : atJackpot;
  const table = await createPokerTable(testDb.db, { definition, profile, now: clock.now() });
  const lease = await acquireTableLease(testDb.db, {
    tableId: table.id,
    instanceId: ctx.instanceId,
    ttlMs: 60_000,
    now: clock.now(),
  });
  const leased = { tableId: table.id, epoch: lease!.epoch, escrowAccountId: table.escrowAccountId };
  const players = [];
  for (const seat of [1, 2, 3]) {
    const player = await fundedPlayer(testDb.db, funding, clock, '500.00');
    await buyIn(ctx, { ...leased, playerId: player.playerId, seat, alias: `Alias${seat}`, amountMinor: 10_000n });
    players.push(player);
  }
  return { ctx, leased, players };
}

async function commit(order: string) {
  const { ctx, leased, players } = await jackpotTableWithPlayers();
  const hand = allInThreeWay(
    riggedJackpotTable(order),
    players.map((player) => player.playerId),
  );
  await markHandRunning(ctx, { ...leased, handId: hand.handId });
  const committed = await commitHand(ctx, { ...leased, hand, nextRunningHandId: null });
  return { leased, players, hand, committed };
}

const jackpotMinor = async () => (await jackpotBalances(testDb.db, ['CZK'])).get('CZK')!;

describe('issue 18: the bad-beat jackpot in the ledger', () => {
  it('000-001:JP-02 ACC-12 RAKE-08 the drop moves escrow → jackpot in the hand commit, beside the rake, and the escrow invariant holds', async () => {
    const before = await jackpotMinor();
    const { leased, hand, committed } = await commit('8c Kc Ah 8d Qd As 7h 6s 2c 3d 9h');
    expect(hand.jackpot?.dropMinor).toBe(125n);
    expect(await jackpotMinor()).toBe(before + 125n);
    const drop = await ledger.findTransaction(
      testDb.db,
      (await ledger.findTransactionIdByIdempotencyKey(testDb.db, jackpotDropKey(hand.handId)))!,
    );
    expect(drop?.postings.map((posting) => posting.amount.toDecimalString()).sort()).toEqual(['-1.25', '1.25']);
    expect(committed.rakeTransactionId).not.toBeNull();
    const { escrowMinor, stacksMinor } = await escrowAndStacks(testDb.db, leased.tableId);
    expect(escrowMinor).toBe(stacksMinor);
    expect(escrowMinor).toBe(30_000n - 300n - 125n);
  });

  it('000-001:JP-04 T-76 JP-03 a qualifying bad beat pays the jackpot to the wallets by the published shares in one balanced transaction; 5 % to the rake, the seed stays', async () => {
    // The jackpot stands at 20,000.00 CZK before the hand (T-76), funded by earlier drops.
    const account = await jackpotAccount(testDb.db, 'CZK');
    const top = 2_000_000n - (await jackpotMinor());
    await transaction(testDb.db, (tx) =>
      ledger.transfer(
        tx,
        {
          idempotencyKey: `seed:${newId()}`,
          kind: 'TRANSFER',
          debitAccountId: funding.psp,
          creditAccountId: account,
          amount: Money.fromMinor(top, 'CZK'),
        },
        clock.now(),
      ),
    );
    const rakeAccount = (await ledger.findAccountByCode(testDb.db, 'operator:rake-revenue:CZK'))!.id as AccountId;
    const rakeBefore = (await ledger.balance(testDb.db, rakeAccount)).toMinor();

    const { leased, players, hand } = await commit(badBeatOrder);
    // After the hand's own 1.25 drop the jackpot is 20,001.25: loser 37.5 %, winner and the table 18.75 % each, rake 5 %.
    const [winner, loser, other] = players.map((player) => player.wallet) as [AccountId, AccountId, AccountId];
    expect(await balanceOf(testDb.db, loser)).toBe('7900.46'); // 400.00 + 7,500.46
    expect(await balanceOf(testDb.db, winner)).toBe('4150.23'); // 400.00 + 3,750.23
    expect(await balanceOf(testDb.db, other)).toBe('4150.23');
    expect((await ledger.balance(testDb.db, rakeAccount)).toMinor() - rakeBefore).toBe(300n + 100_006n);
    expect(await jackpotMinor()).toBe(2_000_125n - 1_500_092n - 100_006n); // 4,000.27: the seed and the rounding
    const payout = await ledger.findTransaction(
      testDb.db,
      (await ledger.findTransactionIdByIdempotencyKey(testDb.db, jackpotPayoutKey(hand.handId)))!,
    );
    expect(payout?.kind).toBe('PRIZE');
    expect(payout?.postings.reduce((sum, posting) => sum + posting.amount.toMinor(), 0n)).toBe(0n);
    const { escrowMinor, stacksMinor } = await escrowAndStacks(testDb.db, leased.tableId);
    expect(escrowMinor).toBe(stacksMinor);
    expect(escrowMinor).toBe(30_000n - 300n - 125n);
  });

  it('000-001:JP-02 JP-03 JP-04 D-2052 a stud table: the drop and a bad beat of four eights by four aces go through the same commit; escrow = stacks, the payout balanced', async () => {
    const { ctx, leased, players } = await jackpotTableWithPlayers(true);
    const before = await jackpotMinor();
    const hand = passiveStudHand(
      riggedStudJackpotTable(studBadBeatHands),
      players.map((player) => player.playerId),
    );
    expect(hand.jackpot).toMatchObject({ dropMinor: 125n, badBeat: { loserSeat: 2, winnerSeat: 3 } });
    await markHandRunning(ctx, { ...leased, handId: hand.handId });
    await commitHand(ctx, { ...leased, hand, nextRunningHandId: null });
    const payout = await ledger.findTransaction(
      testDb.db,
      (await ledger.findTransactionIdByIdempotencyKey(testDb.db, jackpotPayoutKey(hand.handId)))!,
    );
    expect(payout?.kind).toBe('PRIZE');
    expect(payout?.postings.reduce((sum, posting) => sum + posting.amount.toMinor(), 0n)).toBe(0n);
    // The jackpot after the payout keeps only the seed (20 %) and the rounding of what stood plus this drop.
    const stood = before + 125n;
    expect(await jackpotMinor()).toBeLessThan(stood);
    expect(await jackpotMinor()).toBeGreaterThanOrEqual((stood * 2_000n) / 10_000n);
    const { escrowMinor, stacksMinor } = await escrowAndStacks(testDb.db, leased.tableId);
    expect(escrowMinor).toBe(stacksMinor);
    expect(escrowMinor).toBe(30_000n - hand.rakeMinor - 125n);
  });
});
