import { Money, newId, type AccountId } from '@casino/core';
import { createDb, sqlStateOf, type Db } from '@casino/db';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdempotencyKeyReused, InsufficientFunds } from './errors.ts';
import { findInvariantViolations } from './invariants.ts';
import { postStandalone } from './post.ts';
import { balance } from './queries.ts';
import { czk, ledgerFixture, type LedgerFixture } from './test-support.ts';
import { transferStandalone } from './transfer.ts';

/**
 * The standalone way of posting (one `ledger_post` statement that is its own database transaction)
 * keeps every guarantee of `post` inside a caller's transaction: the invariant ids are INVARIANTS.md's.
 */
let testDb: TestDatabase;
let db: Db;
let f: LedgerFixture;
beforeAll(async () => {
  testDb = await createTestDatabase();
  // Twenty connections, so twenty standalone postings really are in the database at once.
  db = createDb({ databaseUrl: testDb.url, poolMax: 20, connectTimeoutMs: 15_000, applicationName: 'ledger-standalone' });
  f = await ledgerFixture(db);
});
afterAll(async () => {
  await db?.$disconnect();
  await testDb?.drop();
});

const stake = (wallet: AccountId, amount: Money, key = newId<string>()) =>
  transferStandalone(
    db,
    { idempotencyKey: key, kind: 'STAKE', debitAccountId: wallet, creditAccountId: f.house, amount },
    new Date(),
  );

async function walletWith(amount: string): Promise<AccountId> {
  const wallet = await f.wallet();
  await f.fund(wallet, czk(amount));
  return wallet;
}

describe('ledger: posting standalone (one statement, its own database transaction)', () => {
  it('I2/I4: a standalone transfer moves the amount between the two accounts and leaves the ledger balanced', async () => {
    const payer = await walletWith('100.00');
    const payee = await walletWith('0.01');
    const posted = await transferStandalone(
      db,
      {
        idempotencyKey: newId(),
        kind: 'TRANSFER',
        debitAccountId: payer,
        creditAccountId: payee,
        amount: czk('40.00'),
        metadata: { reason: 'test' },
      },
      new Date(),
    );
    expect(posted.replayed).toBe(false);
    expect((await balance(db, payer)).toDecimalString()).toBe('60.00');
    expect((await balance(db, payee)).toDecimalString()).toBe('40.01');
    const lines = await db.ledgerPosting.findMany({ where: { transactionId: posted.transactionId }, orderBy: { id: 'asc' } });
    expect(lines.map((l) => [l.accountId, l.amountMinor])).toEqual([
      [payer, 4000n],
      [payee, -4000n],
    ]);
    expect(await findInvariantViolations(db)).toEqual([]);
  });

  it('I5: refuses a posting that would take a wallet below zero as insufficient funds and writes nothing', async () => {
    const wallet = await walletWith('10.00');
    const key = newId<string>();
    const error = await stake(wallet, czk('10.01'), key).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsufficientFunds);
    expect((error as InsufficientFunds).balanceMinor).toBe(1000n);
    expect((await balance(db, wallet)).toDecimalString()).toBe('10.00');
    expect(await db.ledgerTransaction.count({ where: { idempotencyKey: key } })).toBe(0);
  });

  it('I7: the same key and request again returns the first transaction; a different request under that key is refused', async () => {
    const wallet = await walletWith('100.00');
    const first = await stake(wallet, czk('30.00'), 'standalone-once');
    expect(await stake(wallet, czk('30.00'), 'standalone-once')).toEqual({ transactionId: first.transactionId, replayed: true });
    await expect(stake(wallet, czk('31.00'), 'standalone-once')).rejects.toBeInstanceOf(IdempotencyKeyReused);
    expect((await balance(db, wallet)).toDecimalString()).toBe('70.00');
  });

  it('I7: one idempotency key posted standalone from 20 connections at once → one transaction', async () => {
    const wallet = await walletWith('100.00');
    const key = `standalone-same-key-${newId()}`;
    const request = {
      idempotencyKey: key,
      kind: 'STAKE' as const,
      postings: [
        { accountId: wallet, amount: czk('25.00') },
        { accountId: f.house, amount: czk('-25.00') },
      ],
    };
    const results = await Promise.all(Array.from({ length: 20 }, () => postStandalone(db, request, new Date())));
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(1);
    expect((await balance(db, wallet)).toDecimalString()).toBe('75.00');
    expect(await db.ledgerPosting.count({ where: { transactionId: results[0]!.transactionId } })).toBe(2);
  });

  it('I5: 50 concurrent standalone stakes of 100 against a wallet of 1,000 → exactly 10 succeed', async () => {
    const wallet = await walletWith('1000.00');
    const houseBefore = await balance(db, f.house);
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => stake(wallet, czk('100.00'))));
    const refused = results.filter((r) => r.status === 'rejected' && r.reason instanceof InsufficientFunds);
    expect(results.filter((r) => r.status === 'rejected' && !(r.reason instanceof InsufficientFunds))).toEqual([]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(refused).toHaveLength(40);
    expect((await balance(db, wallet)).toDecimalString()).toBe('0.00');
    expect((await balance(db, f.house)).minus(houseBefore).toDecimalString()).toBe('1000.00');
    expect(await findInvariantViolations(db)).toEqual([]);
  });

  it('I10: standalone transfers over the same two wallets in opposite directions all complete, none deadlocks', async () => {
    const a = await walletWith('1000.00');
    const b = await walletWith('1000.00');
    const one = Money.of('1.00', 'CZK');
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        transferStandalone(
          db,
          {
            idempotencyKey: newId(),
            kind: 'TRANSFER',
            debitAccountId: i % 2 === 0 ? a : b,
            creditAccountId: i % 2 === 0 ? b : a,
            amount: one,
          },
          new Date(),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect((await balance(db, a)).toDecimalString()).toBe('1000.00');
    expect((await balance(db, b)).toDecimalString()).toBe('1000.00');
  });
});

describe('ledger: ledger_post, the last line behind post()', () => {
  it('I2: the SQL function itself refuses postings that do not sum to zero per currency (LDG05) and writes nothing', async () => {
    const wallet = await walletWith('10.00');
    const key = `unbalanced-${newId()}`;
    const postings = JSON.stringify([
      { accountId: wallet, currency: 'CZK', amountMinor: '100' },
      { accountId: f.house, currency: 'CZK', amountMinor: '-99' },
    ]);
    const error =
      await db.$queryRaw`SELECT * FROM ledger_post(${newId()}::uuid, ${key}, 'hash', 'ADJUSTMENT', '{}'::jsonb, now(), NULL, ${postings}::jsonb)`.catch(
        (e: unknown) => e,
      );
    expect(sqlStateOf(error)).toBe('LDG05');
    expect(await db.ledgerTransaction.count({ where: { idempotencyKey: key } })).toBe(0);
    expect((await balance(db, wallet)).toDecimalString()).toBe('10.00');
  });
});
