import { Money, newId, type AccountId } from '@casino/core';
import { sqlStateOf, transaction, type Db } from '@casino/db';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findAccountsOwnedBy,
  openAccount,
  openOperatorAccounts,
  operatorAccountCode,
  findAccountByCode,
  playerWalletSpec,
} from './accounts.ts';
import { lockBalance } from './lock-balance.ts';
import { playerMovementTotals, playerPostingsSince } from './player-movements.ts';
import { findTransaction } from './queries.ts';
import { czk, ledgerFixture, type LedgerFixture } from './test-support.ts';
import { transfer } from './transfer.ts';

/**
 * Issue 15 (b): the reads and the lock other packages used to run on the ledger's tables themselves
 * (cashier debts and clawbacks, AML checks and reports, misuse detection) are the ledger's operations.
 */
let testDb: TestDatabase;
let db: Db;
let f: LedgerFixture;
let houseEur: AccountId;
let bankEur: AccountId;
beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  f = await ledgerFixture(db);
  await openOperatorAccounts(db, ['EUR'], 2);
  houseEur = (await findAccountByCode(db, operatorAccountCode('game-revenue', 'EUR', 'roulette')))!.id;
  bankEur = (await findAccountByCode(db, operatorAccountCode('bank', 'EUR')))!.id;
});
afterAll(async () => {
  await testDb?.drop();
});

const eur = (amount: string) => Money.of(amount, 'EUR');
const at = (iso: string) => new Date(iso);
const move = (
  kind: 'DEPOSIT' | 'STAKE' | 'WIN',
  debitAccountId: AccountId,
  creditAccountId: AccountId,
  amount: Money,
  when: string,
) => transaction(db, (tx) => transfer(tx, { idempotencyKey: newId(), kind, debitAccountId, creditAccountId, amount }, at(when)));

describe('ledger: reads and locks for other packages (issue 15 (b))', () => {
  it("issue 15: lockBalance returns the balance in the account's own currency (no CZK assumed) and holds its row until the transaction ends", async () => {
    const wallet = (await openAccount(db, playerWalletSpec(newId(), 'cash', 'EUR'))).id;
    await move('DEPOSIT', bankEur, wallet, eur('12.34'), '2026-03-01T10:00:00Z');
    const seenFromOutside: string[] = [];
    const locked = await transaction(db, async (tx) => {
      const held = await lockBalance(tx, wallet);
      // Another transaction that wants the row now is refused rather than let through.
      const other =
        await db.$queryRaw`SELECT balance_minor FROM ledger_account_shard WHERE account_id = ${wallet}::uuid FOR UPDATE NOWAIT`.catch(
          (e: unknown) => e,
        );
      seenFromOutside.push(sqlStateOf(other) ?? 'not locked');
      return held;
    });
    expect({ balance: locked.toDecimalString(), currency: locked.currency, outside: seenFromOutside }).toEqual({
      balance: '12.34',
      currency: 'EUR',
      outside: ['55P03'],
    });
    await expect(transaction(db, (tx) => lockBalance(tx, newId<AccountId>()))).rejects.toMatchObject({ code: 'not-found' });
  });

  it("issue 15: playerMovementTotals sums a player's credits or debits of the given kinds, per currency, in (after, until], by wallet", async () => {
    const playerId = newId<string>();
    const cash = (await openAccount(db, playerWalletSpec(playerId, 'cash', 'CZK'))).id;
    const bonus = (await openAccount(db, playerWalletSpec(playerId, 'bonus', 'CZK'))).id;
    const cashEur = (await openAccount(db, playerWalletSpec(playerId, 'cash', 'EUR'))).id;
    await move('DEPOSIT', f.psp, cash, czk('100.00'), '2026-03-01T10:00:00Z');
    await move('DEPOSIT', f.psp, cash, czk('50.00'), '2026-03-02T10:00:00Z');
    await move('DEPOSIT', bankEur, cashEur, eur('7.00'), '2026-03-02T11:00:00Z');
    await move('DEPOSIT', f.psp, bonus, czk('5.00'), '2026-03-02T12:00:00Z');
    await move('STAKE', cash, f.house, czk('20.00'), '2026-03-02T13:00:00Z');
    await move('STAKE', bonus, f.house, czk('1.00'), '2026-03-02T13:00:00Z');
    await move('STAKE', cashEur, houseEur, eur('2.00'), '2026-03-03T13:00:00Z');
    const text = (amounts: Money[]) => amounts.map((m) => `${m.toDecimalString()} ${m.currency}`);
    expect(
      text(
        await playerMovementTotals(db, {
          playerId,
          kinds: ['DEPOSIT'],
          direction: 'credited',
          after: at('2026-03-01T10:00:00Z'),
        }),
      ),
    ).toEqual(['55.00 CZK', '7.00 EUR']); // the first deposit is at the bound, not after it
    expect(
      text(
        await playerMovementTotals(db, {
          playerId,
          kinds: ['STAKE', 'BUY_IN'],
          direction: 'debited',
          after: at('2026-03-01T00:00:00Z'),
          until: at('2026-03-02T13:00:00Z'),
          wallets: ['cash'],
        }),
      ),
    ).toEqual(['20.00 CZK']); // the bonus wallet's stake and the later EUR stake are outside
    expect(
      await playerMovementTotals(db, { playerId, kinds: ['WIN'], direction: 'credited', after: at('2026-01-01T00:00:00Z') }),
    ).toEqual([]);
  });

  it("issue 15: playerPostingsSince lists a player's postings from a time on, oldest first, bounded; findAccountsOwnedBy and findTransaction show accounts and lines", async () => {
    const playerId = newId<string>();
    const cash = (await openAccount(db, playerWalletSpec(playerId, 'cash', 'CZK'))).id;
    await move('DEPOSIT', f.psp, cash, czk('100.00'), '2026-03-01T10:00:00Z');
    const stake = await move('STAKE', cash, f.house, czk('30.00'), '2026-03-05T10:00:00Z');
    await move('WIN', f.house, cash, czk('60.00'), '2026-03-06T10:00:00Z');
    const postings = await playerPostingsSince(db, { playerId, since: at('2026-03-05T10:00:00Z'), limit: 10 });
    expect(postings.map((p) => [p.kind, p.amountMinor, p.currency, p.effectiveAt.toISOString()])).toEqual([
      ['STAKE', 3_000n, 'CZK', '2026-03-05T10:00:00.000Z'],
      ['WIN', -6_000n, 'CZK', '2026-03-06T10:00:00.000Z'],
    ]);
    expect(await playerPostingsSince(db, { playerId, since: at('2026-01-01T00:00:00Z'), limit: 1 })).toHaveLength(1);
    expect((await findAccountsOwnedBy(db, 'PLAYER', playerId)).map((a) => a.id)).toEqual([cash]);
    const found = await findTransaction(db, stake.transactionId);
    expect(found?.postings.map((p) => `${p.account.code} ${p.amount.toDecimalString()}`).sort()).toEqual([
      `operator:game-revenue:roulette:CZK -30.00`,
      `player:${playerId}:cash:CZK 30.00`,
    ]);
    expect(await findTransaction(db, newId())).toBeNull();
  });
});
