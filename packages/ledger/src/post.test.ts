import { Money, newId, type AccountId } from '@casino/core';
import { transaction, type Db } from '@casino/db';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdempotencyKeyReused, InsufficientFunds } from './errors.ts';
import { findInvariantViolations } from './invariants.ts';
import { post } from './post.ts';
import { balance, statement, trialBalance } from './queries.ts';
import { reverse, AlreadyReversed } from './reverse.ts';
import { czk, ledgerFixture, type LedgerFixture } from './test-support.ts';
import { transfer } from './transfer.ts';

let testDb: TestDatabase;
let db: Db;
let f: LedgerFixture;
beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  f = await ledgerFixture(db);
});
afterAll(async () => {
  await testDb?.drop();
});

const stake = (wallet: AccountId, amount: Money, key = newId<string>()) =>
  transaction(db, (tx) =>
    transfer(tx, { idempotencyKey: key, kind: 'STAKE', debitAccountId: wallet, creditAccountId: f.house, amount }, new Date()),
  );

describe('ledger: posting', () => {
  it('a deposit credits the wallet and debits the PSP clearing account, balanced', async () => {
    const wallet = await f.wallet();
    await f.fund(wallet, czk('250.00'));
    expect((await balance(db, wallet)).toDecimalString()).toBe('250.00');
    const tb = await trialBalance(db, 'CZK');
    expect(tb.balanced).toBe(true);
    expect(await findInvariantViolations(db)).toEqual([]);
  });

  it('refuses a posting that would take a wallet below zero as insufficient funds and rolls the whole transaction back', async () => {
    const wallet = await f.wallet();
    await f.fund(wallet, czk('10.00'));
    const error = await stake(wallet, czk('10.01')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsufficientFunds);
    expect((error as InsufficientFunds).status).toBe(422);
    expect((error as InsufficientFunds).accountCode).toMatch(/^player:.*:cash:CZK$/);
    expect((await balance(db, wallet)).toDecimalString()).toBe('10.00');
  });

  it("rolls back the caller's own writes when the ledger refuses (one database transaction)", async () => {
    const wallet = await f.wallet();
    await expect(
      transaction(db, async (tx) => {
        await tx.workerHeartbeat.create({ data: { workerId: 'domain-row-of-a-refused-stake', beatAt: new Date() } });
        await transfer(
          tx,
          { idempotencyKey: newId(), kind: 'STAKE', debitAccountId: wallet, creditAccountId: f.house, amount: czk('1.00') },
          new Date(),
        );
      }),
    ).rejects.toBeInstanceOf(InsufficientFunds);
    expect(await db.workerHeartbeat.count({ where: { workerId: 'domain-row-of-a-refused-stake' } })).toBe(0);
  });

  it('the same idempotency key and request twice returns the first transaction and moves money once', async () => {
    const wallet = await f.wallet();
    await f.fund(wallet, czk('100.00'));
    const first = await stake(wallet, czk('30.00'), 'stake-once');
    const second = await stake(wallet, czk('30.00'), 'stake-once');
    expect(first.replayed).toBe(false);
    expect(second).toEqual({ transactionId: first.transactionId, replayed: true });
    expect((await balance(db, wallet)).toDecimalString()).toBe('70.00');
  });

  it('the same idempotency key with a different request is refused as reused (409)', async () => {
    const wallet = await f.wallet();
    await f.fund(wallet, czk('100.00'));
    await stake(wallet, czk('30.00'), 'stake-conflict');
    const error = await stake(wallet, czk('31.00'), 'stake-conflict').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdempotencyKeyReused);
    expect((error as IdempotencyKeyReused).status).toBe(409);
  });

  it('refuses unbalanced postings before they reach the database (a programmer error)', async () => {
    const wallet = await f.wallet();
    await expect(
      transaction(db, (tx) =>
        post(
          tx,
          {
            idempotencyKey: newId(),
            kind: 'ADJUSTMENT',
            postings: [
              { accountId: wallet, amount: czk('-1.00') },
              { accountId: f.bank, amount: czk('2.00') },
            ],
          },
          new Date(),
        ),
      ),
    ).rejects.toThrow(/sum to 100, not zero/);
  });

  it('history is append-only: the database refuses UPDATE and DELETE of postings and transactions', async () => {
    const wallet = await f.wallet();
    await f.fund(wallet, czk('5.00'));
    await expect(db.$executeRaw`UPDATE ledger_posting SET amount_minor = amount_minor * 2`).rejects.toThrow(/append-only/);
    await expect(db.$executeRaw`DELETE FROM ledger_transaction`).rejects.toThrow(/append-only/);
    await expect(db.$executeRaw`TRUNCATE ledger_posting CASCADE`).rejects.toThrow(/append-only/);
  });
});

describe('ledger: reversal', () => {
  it('reverses a transaction with its mirror image, at most once', async () => {
    const wallet = await f.wallet();
    await f.fund(wallet, czk('100.00'));
    const staked = await stake(wallet, czk('40.00'));
    const reversal = await transaction(db, (tx) =>
      reverse(tx, { transactionId: staked.transactionId, reason: 'round voided' }, new Date()),
    );
    expect((await balance(db, wallet)).toDecimalString()).toBe('100.00');
    const again = await transaction(db, (tx) =>
      reverse(tx, { transactionId: staked.transactionId, reason: 'round voided' }, new Date()),
    );
    expect(again).toEqual({ transactionId: reversal.transactionId, replayed: true });
    const other = await transaction(db, (tx) =>
      reverse(tx, { transactionId: staked.transactionId, reason: 'again', idempotencyKey: newId() }, new Date()),
    ).catch((e: unknown) => e);
    expect(other).toBeInstanceOf(AlreadyReversed);
    expect((await balance(db, wallet)).toDecimalString()).toBe('100.00');
  });

  it('refuses to reverse a deposit whose money has been spent (insufficient funds)', async () => {
    const wallet = await f.wallet();
    const deposit = await transaction(db, (tx) =>
      transfer(
        tx,
        { idempotencyKey: newId(), kind: 'DEPOSIT', debitAccountId: f.psp, creditAccountId: wallet, amount: czk('50.00') },
        new Date(),
      ),
    );
    await stake(wallet, czk('45.00'));
    await expect(
      transaction(db, (tx) => reverse(tx, { transactionId: deposit.transactionId, reason: 'chargeback' }, new Date())),
    ).rejects.toBeInstanceOf(InsufficientFunds);
  });
});

describe('ledger: balances and statements', () => {
  it('reports the balance as of a time from postings effective by then', async () => {
    const wallet = await f.wallet();
    const t1 = new Date('2026-01-10T10:00:00Z');
    const t2 = new Date('2026-01-20T10:00:00Z');
    await transaction(db, (tx) =>
      transfer(
        tx,
        {
          idempotencyKey: newId(),
          kind: 'DEPOSIT',
          debitAccountId: f.psp,
          creditAccountId: wallet,
          amount: czk('100.00'),
          effectiveAt: t1,
        },
        new Date(),
      ),
    );
    await transaction(db, (tx) =>
      transfer(
        tx,
        {
          idempotencyKey: newId(),
          kind: 'STAKE',
          debitAccountId: wallet,
          creditAccountId: f.house,
          amount: czk('40.00'),
          effectiveAt: t2,
        },
        new Date(),
      ),
    );
    expect((await balance(db, wallet, { asOf: new Date('2026-01-01T00:00:00Z') })).toDecimalString()).toBe('0.00');
    expect((await balance(db, wallet, { asOf: new Date('2026-01-15T00:00:00Z') })).toDecimalString()).toBe('100.00');
    expect((await balance(db, wallet, { asOf: t2 })).toDecimalString()).toBe('60.00');
  });

  it('pages an account statement with the running balance correct on every page', async () => {
    const wallet = await f.wallet();
    await f.fund(wallet, czk('100.00'));
    for (const amount of ['10.00', '20.00', '5.00']) await stake(wallet, czk(amount));
    const first = await statement(db, wallet, { limit: 2 });
    expect(first.lines.map((l) => [l.kind, l.amount.toDecimalString(), l.balanceAfter.toDecimalString()])).toEqual([
      ['DEPOSIT', '100.00', '100.00'],
      ['STAKE', '-10.00', '90.00'],
    ]);
    const second = await statement(db, wallet, { limit: 2, after: first.nextCursor! });
    expect(second.lines.map((l) => [l.amount.toDecimalString(), l.balanceAfter.toDecimalString()])).toEqual([
      ['-20.00', '70.00'],
      ['-5.00', '65.00'],
    ]);
    expect(second.nextCursor).toBeNull();
  });

  it('keeps the trial balance balanced: total debits equal total credits per currency', async () => {
    const tb = await trialBalance(db, 'CZK');
    expect(tb.totalDebits.equals(tb.totalCredits)).toBe(true);
    expect(tb.lines.find((l) => l.type === 'LIABILITY')!.balance.isPositive()).toBe(true);
  });
});
