import { ManualClock, Money, newId, type AccountId } from '@casino/core';
import { transaction, type Db } from '@casino/db';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postAdjustment } from './adjust.ts';
import { openAccount, playerWalletSpec } from './accounts.ts';
import { release, reserve, settle } from './holds.ts';
import { post, postStandalone } from './post.ts';
import { findTransaction } from './queries.ts';
import { reverse } from './reverse.ts';
import { czk, ledgerFixture, type LedgerFixture } from './test-support.ts';
import { transfer, transferStandalone } from './transfer.ts';

/**
 * Issue 15: the ledger's time is the caller's. Every write takes the movement's time as a required
 * argument (the caller's ctx.clock), so a ledger transaction never carries wall time while the domain
 * and audit rows of the same movement carry the clock's.
 */
let testDb: TestDatabase;
let db: Db;
let f: LedgerFixture;
// Months away from the wall clock, with milliseconds, so a time taken from anything but this clock shows.
const clock = new ManualClock(new Date('2026-03-14T15:09:26.535Z'));
beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  f = await ledgerFixture(db);
});
afterAll(async () => {
  await testDb?.drop();
});

/** The effective time the ledger stored for a transaction. */
async function effectiveAt(transactionId: string): Promise<string | undefined> {
  return (await findTransaction(db, transactionId))?.effectiveAt.toISOString();
}

/** Moves the clock on by an odd amount, so every movement of a test has a time of its own. */
function tick(): Date {
  clock.advanceMs(60_000 + 7);
  return clock.now();
}

async function fundedWallet(amount: string): Promise<AccountId> {
  const wallet = await f.wallet();
  await transaction(db, (tx) =>
    transfer(
      tx,
      { idempotencyKey: newId(), kind: 'DEPOSIT', debitAccountId: f.psp, creditAccountId: wallet, amount: czk(amount) },
      tick(),
    ),
  );
  return wallet;
}

describe('ledger: a movement posts at the time its caller gives (issue 15)', () => {
  it('issue 15: post, transfer, postStandalone and transferStandalone store the given time as the effective time, far from wall time', async () => {
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeGreaterThan(86_400_000); // the premise
    const wallet = await fundedWallet('100.00');
    const lines = (amount: string) => [
      { accountId: wallet, amount: czk(amount) },
      { accountId: f.house, amount: czk(amount).negated() },
    ];
    const cases: Array<[string, (at: Date) => Promise<{ transactionId: string }>]> = [
      [
        'post',
        (at) => transaction(db, (tx) => post(tx, { idempotencyKey: newId(), kind: 'STAKE', postings: lines('1.00') }, at)),
      ],
      [
        'transfer',
        (at) =>
          transaction(db, (tx) =>
            transfer(
              tx,
              { idempotencyKey: newId(), kind: 'STAKE', debitAccountId: wallet, creditAccountId: f.house, amount: czk('1.00') },
              at,
            ),
          ),
      ],
      ['postStandalone', (at) => postStandalone(db, { idempotencyKey: newId(), kind: 'STAKE', postings: lines('1.00') }, at)],
      [
        'transferStandalone',
        (at) =>
          transferStandalone(
            db,
            { idempotencyKey: newId(), kind: 'STAKE', debitAccountId: wallet, creditAccountId: f.house, amount: czk('1.00') },
            at,
          ),
      ],
    ];
    for (const [name, write] of cases) {
      const at = tick();
      const posted = await write(at);
      expect({ name, effectiveAt: await effectiveAt(posted.transactionId) }).toEqual({ name, effectiveAt: at.toISOString() });
    }
  });

  it("issue 15: a hold is reserved, settled and released at the given times, the hold's resolution time the same as its posting's", async () => {
    const wallet = await fundedWallet('100.00');
    const reservedAt = tick();
    const settled = await transaction(db, (tx) =>
      reserve(
        tx,
        { idempotencyKey: newId(), sourceAccountId: wallet, holdAccountId: f.pendingWithdrawals, amount: czk('30.00') },
        reservedAt,
      ),
    );
    const released = await transaction(db, (tx) =>
      reserve(
        tx,
        { idempotencyKey: newId(), sourceAccountId: wallet, holdAccountId: f.pendingWithdrawals, amount: czk('20.00') },
        reservedAt,
      ),
    );
    expect(await effectiveAt(settled.reserveTransactionId)).toBe(reservedAt.toISOString());
    const settledAt = tick();
    const afterSettle = await transaction(db, (tx) =>
      settle(tx, { idempotencyKey: newId(), holdId: settled.id, destinationAccountId: f.psp }, settledAt),
    );
    const releasedAt = tick();
    const afterRelease = await transaction(db, (tx) => release(tx, { idempotencyKey: newId(), holdId: released.id }, releasedAt));
    const holds = await db.ledgerHold.findMany({
      where: { id: { in: [settled.id, released.id] } },
      select: { id: true, resolvedAt: true },
    });
    const resolvedAt = (id: string) => holds.find((h) => h.id === id)?.resolvedAt?.toISOString();
    expect({
      settle: await effectiveAt(afterSettle.resolveTransactionId!),
      settleResolved: resolvedAt(settled.id),
      release: await effectiveAt(afterRelease.resolveTransactionId!),
      releaseResolved: resolvedAt(released.id),
    }).toEqual({
      settle: settledAt.toISOString(),
      settleResolved: settledAt.toISOString(),
      release: releasedAt.toISOString(),
      releaseResolved: releasedAt.toISOString(),
    });
  });

  it('issue 15: a reversal and a manual adjustment post at the given time', async () => {
    const wallet = await fundedWallet('100.00');
    const stakedAt = tick();
    const staked = await transaction(db, (tx) =>
      transfer(
        tx,
        { idempotencyKey: newId(), kind: 'STAKE', debitAccountId: wallet, creditAccountId: f.house, amount: czk('5.00') },
        stakedAt,
      ),
    );
    const reversedAt = tick();
    const reversal = await transaction(db, (tx) =>
      reverse(tx, { transactionId: staked.transactionId, reason: 'test' }, reversedAt),
    );
    const adjustedAt = tick();
    const adjustment = await transaction(db, (tx) =>
      postAdjustment(
        tx,
        { idempotencyKey: newId(), debitAccountId: f.bank, creditAccountId: wallet, amount: czk('2.00') },
        adjustedAt,
      ),
    );
    expect({
      reversal: await effectiveAt(reversal.transactionId),
      adjustment: await effectiveAt(adjustment.transactionId),
    }).toEqual({ reversal: reversedAt.toISOString(), adjustment: adjustedAt.toISOString() });
  });

  it("issue 15: the movement's time is not part of the request: a retry later with the same key is the same transaction, at the first time", async () => {
    const wallet = await fundedWallet('100.00');
    const key = newId<string>();
    const request = {
      idempotencyKey: key,
      kind: 'STAKE' as const,
      debitAccountId: wallet,
      creditAccountId: f.house,
      amount: czk('4.00'),
    };
    const firstAt = tick();
    const first = await transaction(db, (tx) => transfer(tx, request, firstAt));
    const retry = await transaction(db, (tx) => transfer(tx, request, tick()));
    expect(retry).toEqual({ transactionId: first.transactionId, replayed: true });
    expect(await effectiveAt(first.transactionId)).toBe(firstAt.toISOString());
  });

  it("issue 15: an explicit effective time in the request still wins over the movement's time (a correction dated back)", async () => {
    const wallet = (await openAccount(db, playerWalletSpec(newId(), 'cash', 'CZK'))).id;
    const datedBack = new Date('2026-01-31T23:59:59.999Z');
    const posted = await transaction(db, (tx) =>
      transfer(
        tx,
        {
          idempotencyKey: newId(),
          kind: 'DEPOSIT',
          debitAccountId: f.psp,
          creditAccountId: wallet,
          amount: Money.of('1.00', 'CZK'),
          effectiveAt: datedBack,
        },
        tick(),
      ),
    );
    expect(await effectiveAt(posted.transactionId)).toBe(datedBack.toISOString());
  });
});
