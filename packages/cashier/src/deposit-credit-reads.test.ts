import { insertTestPlayer } from '@casino/compliance/testing';
import { Money, newId, type AccountId } from '@casino/core';
import { transaction, type Db } from '@casino/db';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import {
  openAccount,
  openOperatorAccounts,
  paymentProviderClearingSpec,
  playerMovementTotals,
  playerWalletSpec,
  transfer,
  type TransactionKind,
} from '@casino/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositUsage } from './cap-usage.ts';
import { insertActiveBankAccount } from './testing-loyalty.ts';

/**
 * Issue 22 (D-2277, D-2278): the reads the one-call deposit credit decides on (cashier_deposit_state)
 * are PL/pgSQL now, so each connection keeps their plans, and the AML read finds the player's recent
 * credits another way. These tests prove they still answer what the rules are written against: the
 * AML read what the ledger's playerMovementTotals sums (the ORM path's read), the caps' read each
 * deposit in its windows. Each read runs more than five times on one connection, so PostgreSQL's
 * generic plan (chosen after five custom ones) answers too.
 */
let testDb: TestDatabase;
let db: Db;
let psp: AccountId;
beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  await openOperatorAccounts(db, ['CZK', 'EUR'], 2);
  psp = (await openAccount(db, paymentProviderClearingSpec('sandbox-psp', 'CZK', 2))).id;
});
afterAll(async () => {
  await testDb?.drop();
});

const hourMs = 3_600_000;
const now = new Date('2026-11-20T12:00:00Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * hourMs);

describe('the one-call credit’s reads (issue 22)', () => {
  it('002:AML-01: the credit’s AML read (ledger_player_credited_totals) sums what playerMovementTotals sums: the player’s credits of the kind after the window’s start, per currency, over every wallet; not the start itself, not debits, not other kinds, not other players', async () => {
    const playerId = newId<string>();
    const other = newId<string>();
    const cash = (await openAccount(db, playerWalletSpec(playerId, 'cash', 'CZK'))).id;
    const bonus = (await openAccount(db, playerWalletSpec(playerId, 'bonus', 'CZK'))).id;
    const cashEur = (await openAccount(db, playerWalletSpec(playerId, 'cash', 'EUR'))).id;
    const otherCash = (await openAccount(db, playerWalletSpec(other, 'cash', 'CZK'))).id;
    const eurSource = (await openAccount(db, paymentProviderClearingSpec('sandbox-psp', 'EUR', 2))).id;
    const move = (kind: TransactionKind, debit: AccountId, credit: AccountId, amount: Money, at: Date) =>
      transaction(db, (tx) =>
        transfer(tx, { idempotencyKey: newId(), kind, debitAccountId: debit, creditAccountId: credit, amount }, at),
      );
    const czk = (amount: string) => Money.of(amount, 'CZK');
    await move('DEPOSIT', psp, cash, czk('1000.00'), hoursAgo(30));
    await move('DEPOSIT', psp, cash, czk('400.00'), hoursAgo(24)); // at the window's start: outside
    await move('DEPOSIT', psp, cash, czk('100.00'), hoursAgo(23));
    await move('DEPOSIT', psp, bonus, czk('5.00'), hoursAgo(2));
    await move('DEPOSIT', eurSource, cashEur, Money.of('7.00', 'EUR'), hoursAgo(1));
    await move('STAKE', cash, psp, czk('20.00'), hoursAgo(1)); // a debit of the player: not credited
    await move('WIN', psp, cash, czk('30.00'), hoursAgo(1)); // credited, of another kind
    await move('DEPOSIT', psp, otherCash, czk('900.00'), hoursAgo(1)); // another player's

    const credited = async (after: Date) => {
      const [row] = await db.$queryRaw<[{ totals: Array<{ currency: string; total: string }> }]>`
        SELECT ledger_player_credited_totals(${playerId}, 'DEPOSIT', ${after}::timestamptz) AS totals`;
      return row.totals.map((t) => `${t.total} ${t.currency}`);
    };
    const reference = async (after: Date) =>
      (await playerMovementTotals(db, { playerId, kinds: ['DEPOSIT'], direction: 'credited', after })).map(
        (m) => `${m.toMinor()} ${m.currency}`,
      );
    expect(await credited(hoursAgo(24))).toEqual(['10500 CZK', '700 EUR']);
    // Windows before, at and after each posting, the same answer as the ORM path's read each time.
    for (const hours of [48, 30, 29, 24, 23.5, 23, 2, 1.5, 1, 0]) {
      expect(await credited(hoursAgo(hours)), `${hours} h`).toEqual(await reference(hoursAgo(hours)));
    }
  });

  it('004:T-44 / caps: the caps’ read (cashier_deposit_usage) counts each deposit of the instrument in its 24-hour, 7-day and 30-day windows at its crediting time, pending ones only for an intent, never the excluded one', async () => {
    const playerId = await insertTestPlayer(db);
    const methodId = await insertActiveBankAccount(db, playerId, now);
    const deposit = async (
      amountMinor: bigint,
      createdHoursAgo: number,
      creditedHoursAgo: number | null,
      instrument = 'bank-transfer',
    ) => {
      const id = newId();
      await db.cashierDeposit.create({
        data: {
          id,
          playerId,
          paymentMethodId: methodId,
          instrument,
          channel: 'CASHLESS',
          amountMinor,
          currency: 'CZK',
          status: creditedHoursAgo === null ? 'PENDING' : 'SETTLED',
          temporaryAccount: false,
          idempotencyKey: `test-${id}`,
          requestHash: '0'.repeat(64),
          provider: 'sandbox-psp',
          providerPaymentId: `pay_${id}`,
          expiresAt: hoursAgo(createdHoursAgo - 1),
          creditedAt: creditedHoursAgo === null ? null : hoursAgo(creditedHoursAgo),
          createdAt: hoursAgo(createdHoursAgo),
          updatedAt: now,
        },
      });
      return id;
    };
    await deposit(100_00n, 2, 1); // in every window
    await deposit(200_00n, 30, 25); // credited 25 hours ago: 7 and 30 days
    await deposit(400_00n, 24 * 8, 24 * 8); // 30 days only
    await deposit(800_00n, 24 * 29 + 30, 24 * 29); // created 31 days ago, credited within 30 days: 30 days
    await deposit(1_600_00n, 24 * 31, 24 * 31); // outside
    await deposit(3_200_00n, 3, null); // on its way: an intent counts it
    await deposit(6_400_00n, 1, 1, 'card'); // another instrument
    const excluded = await deposit(12_800_00n, 1, 1);

    const usage = (mode: 'intent' | 'credit') =>
      transaction(db, (tx) => depositUsage(tx, { playerId, instrument: 'bank-transfer', now, mode, excludeDepositId: excluded }));
    for (let call = 0; call < 7; call++) {
      expect(await usage('credit'), `credit, call ${call}`).toEqual({
        rolling24hMinor: 100_00n,
        rolling7dMinor: 300_00n,
        rolling30dMinor: 1_500_00n,
        count24h: 1,
        attempts24h: 2, // the cashless deposits created in 24 hours, counted or not (the pending one too)
      });
      expect(await usage('intent'), `intent, call ${call}`).toEqual({
        rolling24hMinor: 3_300_00n,
        rolling7dMinor: 3_500_00n,
        rolling30dMinor: 4_700_00n,
        count24h: 2,
        attempts24h: 2,
      });
    }
  });
});
