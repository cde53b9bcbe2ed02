import { isDomainError, ManualClock, Money, newId } from '@casino/core';
import { transaction } from '@casino/db';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import * as ledger from '@casino/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leavePokerHall, transferFromPokerAccount, transferToPokerAccount } from './poker-account.ts';
import { acquireTableLease, buyIn, createPokerTable, escrowAndStacks, releaseSeat, type PokerStoreContext } from './store.ts';
import {
  balanceOf,
  czk,
  fixtureProfileOf,
  fundedPlayer,
  noLimitDefinition,
  openFunding,
  storeContext,
  type Funding,
} from './testing.ts';

/**
 * Issue 26: the SE poker account (003:R-WAL-01..07, S-63): main account → poker account → table chips
 * and back, each step one ledger transaction; and a locked bonus never reaching a stake (002:T-BON-02).
 * The room under test is the fixture profile of the test table with a poker account added.
 */
let testDb: TestDatabase;
let funding: Funding;
const clock = new ManualClock(new Date('2026-11-26T10:00:00Z'));
let ctx: PokerStoreContext;
let plain: PokerStoreContext;
const room = noLimitDefinition.profileId;

beforeAll(async () => {
  testDb = await createTestDatabase();
  funding = await openFunding(testDb.db);
  plain = storeContext(testDb.db, clock, 'instance-a');
  ctx = {
    ...plain,
    profiles: {
      [room]: {
        ...fixtureProfileOf(noLimitDefinition),
        pokerAccount: { transferMinMinor: { CZK: 20_00n }, transferMaxMinor: { CZK: 200_00n } },
      },
    },
  };
});
afterAll(async () => {
  await testDb?.drop();
});

async function leasedTable() {
  const table = await createPokerTable(testDb.db, {
    definition: noLimitDefinition,
    profile: fixtureProfileOf(noLimitDefinition),
    now: clock.now(),
  });
  const lease = await acquireTableLease(testDb.db, {
    tableId: table.id,
    instanceId: 'instance-a',
    ttlMs: 15_000,
    now: clock.now(),
  });
  return { tableId: table.id, epoch: lease!.epoch };
}
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: unknown) => {
      if (isDomainError(error)) return (error.extensions?.reason as string | undefined) ?? error.code;
      throw error;
    },
  );
const pokerWallet = (playerId: string) => ledger.playerWalletCode(playerId, 'poker', 'CZK');
const pokerBalance = async (playerId: string) => {
  const account = await ledger.findAccountByCode(testDb.db, pokerWallet(playerId));
  return account ? balanceOf(testDb.db, account.id) : '0.00';
};
const kindOf = async (transactionId: string | null) => (await ledger.findTransaction(testDb.db, transactionId!))?.kind;

describe('the SE poker account (003:R-WAL, issue 26)', () => {
  it('003:S-63 003:R-WAL-01 003:R-WAL-02 003:R-WAL-03 003:R-WAL-06 003:R-WAL-07 main → poker account → chips → poker account → main, each step one ledger transaction', async () => {
    const { playerId, wallet } = await fundedPlayer(testDb.db, funding, clock, '500.00');
    const table = await leasedTable();
    const toPoker = await transferToPokerAccount(ctx, { playerId, profileId: room, amount: czk('150.00'), idempotencyKey: 'p1' });
    expect([toPoker.main.toDecimalString(), toPoker.poker.toDecimalString()]).toEqual(['350.00', '150.00']);
    expect(await kindOf(toPoker.ledgerTransactionId)).toBe('TRANSFER');
    // A retried request moves nothing twice.
    expect(
      (
        await transferToPokerAccount(ctx, { playerId, profileId: room, amount: czk('150.00'), idempotencyKey: 'p1' })
      ).poker.toDecimalString(),
    ).toBe('150.00');

    // The buy-in comes from the poker account, not the main account (R-WAL-03).
    const seated = await buyIn(ctx, { ...table, playerId, seat: 1, alias: 'Sven', amountMinor: 100_00n });
    expect(await kindOf(seated.ledgerTransactionId)).toBe('BUY_IN');
    expect([await balanceOf(testDb.db, wallet), await pokerBalance(playerId)]).toEqual(['350.00', '50.00']);
    // Chips beyond what the poker account holds: the shortfall moves from the main account first, at least
    // the room's published minimum (20.00), in the buy-in's own transaction (D-2638).
    const second = await leasedTable();
    const topped = await buyIn(ctx, { ...second, playerId, seat: 1, alias: 'Sven', amountMinor: 50_01n });
    expect(await kindOf(topped.ledgerTransactionId)).toBe('BUY_IN');
    expect([await balanceOf(testDb.db, wallet), await pokerBalance(playerId)]).toEqual(['330.00', '19.99']);
    await releaseSeat(ctx, { ...second, playerId, seat: 1, stackMinor: 50_01n, reason: 'left' });
    expect([await balanceOf(testDb.db, wallet), await pokerBalance(playerId)]).toEqual(['330.00', '70.00']);

    // Leaving the table: the chips go back to the poker account (R-WAL-06).
    const left = await releaseSeat(ctx, { ...table, playerId, seat: 1, stackMinor: 100_00n, reason: 'left' });
    expect(await kindOf(left.ledgerTransactionId)).toBe('CASH_OUT');
    expect([await balanceOf(testDb.db, wallet), await pokerBalance(playerId)]).toEqual(['330.00', '170.00']);
    expect((await escrowAndStacks(testDb.db, table.tableId)).escrowMinor).toBe(0n);

    // Part back by request, the rest on leaving the poker hall (R-WAL-07).
    const back = await transferFromPokerAccount(ctx, { playerId, profileId: room, amount: czk('30.00'), idempotencyKey: 'p2' });
    expect(back.poker.toDecimalString()).toBe('140.00');
    const redeemed = await leavePokerHall(ctx, { playerId, profileId: room, currency: 'CZK', idempotencyKey: 'hall-1' });
    expect([redeemed.main.toDecimalString(), redeemed.poker.toDecimalString()]).toEqual(['500.00', '0.00']);
    expect(await ledger.findInvariantViolations(testDb.db)).toEqual([]);
  });

  it('003:R-WAL-02 a transfer into the poker account lies within the published minimum and maximum, and within the main account', async () => {
    const { playerId } = await fundedPlayer(testDb.db, funding, clock, '150.00');
    const transfer = (amount: string) =>
      codeOf(transferToPokerAccount(ctx, { playerId, profileId: room, amount: czk(amount), idempotencyKey: newId() }));
    expect(await transfer('19.99')).toBe('validation-failed');
    expect(await transfer('200.01')).toBe('validation-failed');
    expect(await transfer('20.00')).toBe('accepted');
    expect(await transfer('200.00')).toBe('insufficient-funds');
    expect(await transfer('130.00')).toBe('accepted');
    expect(await pokerBalance(playerId)).toBe('150.00');
    // More than the poker account holds cannot go back either; a room without a poker account has none.
    expect(
      await codeOf(transferFromPokerAccount(ctx, { playerId, profileId: room, amount: czk('150.01'), idempotencyKey: newId() })),
    ).toBe('insufficient-funds');
    expect(
      await codeOf(transferToPokerAccount(plain, { playerId, profileId: room, amount: czk('20.00'), idempotencyKey: newId() })),
    ).toBe('not-found');
  });

  it('003:R-WAL-02 parallel transfers from one main account never overdraw it: each is one ledger transaction under the player lock', async () => {
    const { playerId, wallet } = await fundedPlayer(testDb.db, funding, clock, '200.00');
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        codeOf(transferToPokerAccount(ctx, { playerId, profileId: room, amount: czk('50.00'), idempotencyKey: newId() })),
      ),
    );
    expect(results.filter((r) => r === 'accepted')).toHaveLength(4);
    expect(results.filter((r) => r === 'insufficient-funds')).toHaveLength(1);
    expect([await balanceOf(testDb.db, wallet), await pokerBalance(playerId)]).toEqual(['0.00', '200.00']);
  });

  it('002:T-BON-02 002:BON-03 a locked bonus cannot be staked: a buy-in sees only the playing wallet and is refused insufficient-funds', async () => {
    const { playerId, wallet } = await fundedPlayer(testDb.db, funding, clock, '30.00');
    // A locked bonus of 500.00 as the cashier grants it: bonus expense → the player's bonus wallet.
    const bonus = await ledger.openAccount(testDb.db, ledger.playerWalletSpec(playerId, 'bonus', 'CZK'));
    const expense = await ledger.openAccount(testDb.db, {
      code: ledger.operatorAccountCode('bonus-expense', 'CZK'),
      ownerKind: 'OPERATOR',
      ownerId: null,
      purpose: 'bonus-expense',
      currency: 'CZK',
      type: 'EXPENSE',
      allowNegative: true,
      shardCount: 1,
    });
    await transaction(testDb.db, (tx) =>
      ledger.transfer(
        tx,
        {
          idempotencyKey: newId(),
          kind: 'BONUS_GRANT',
          debitAccountId: expense.id,
          creditAccountId: bonus.id,
          amount: Money.of('500.00', 'CZK'),
        },
        clock.now(),
      ),
    );
    expect(await codeOf(buyIn(plain, { ...(await leasedTable()), playerId, seat: 2, alias: 'Bo', amountMinor: 30_01n }))).toBe(
      'insufficient-funds',
    );
    expect(await codeOf(buyIn(plain, { ...(await leasedTable()), playerId, seat: 2, alias: 'Bo', amountMinor: 100_00n }))).toBe(
      'insufficient-funds',
    );
    expect([await balanceOf(testDb.db, wallet), await balanceOf(testDb.db, bonus.id)]).toEqual(['30.00', '500.00']);
  });
});
