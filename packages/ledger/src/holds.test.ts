import { newId } from '@casino/core';
import { transaction, type Db } from '@casino/db';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InsufficientFunds } from './errors.ts';
import { HoldAlreadyResolved, release, reserve, settle, type HoldId } from './holds.ts';
import { findInvariantViolations } from './invariants.ts';
import { balance } from './queries.ts';
import { czk, ledgerFixture, type LedgerFixture } from './test-support.ts';

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

const reserveFrom = (wallet: Awaited<ReturnType<LedgerFixture['wallet']>>, amount: string, key = newId<string>()) =>
  transaction(db, (tx) =>
    reserve(
      tx,
      {
        idempotencyKey: key,
        sourceAccountId: wallet,
        holdAccountId: f.pendingWithdrawals,
        amount: czk(amount),
        kind: 'WITHDRAWAL_HOLD',
      },
      new Date(),
    ),
  );

describe('ledger: holds', () => {
  it('a reserve takes the funds out of the wallet at once, so they cannot be spent twice', async () => {
    const wallet = await f.wallet();
    await f.fund(wallet, czk('100.00'));
    const hold = await reserveFrom(wallet, '80.00');
    expect(hold.status).toBe('PENDING');
    expect((await balance(db, wallet)).toDecimalString()).toBe('20.00');
    await expect(reserveFrom(wallet, '30.00')).rejects.toBeInstanceOf(InsufficientFunds);
  });

  it('a settle moves the held funds onward, and a later release of the same hold is refused', async () => {
    const wallet = await f.wallet();
    await f.fund(wallet, czk('100.00'));
    const pspBefore = await balance(db, f.psp);
    const hold = await reserveFrom(wallet, '60.00');
    const settled = await transaction(db, (tx) =>
      settle(
        tx,
        { idempotencyKey: newId(), holdId: hold.id, destinationAccountId: f.psp, kind: 'WITHDRAWAL_SETTLE' },
        new Date(),
      ),
    );
    expect(settled.status).toBe('SETTLED');
    // The payout leaves the operator's PSP clearing asset: its balance falls by the amount.
    expect((await balance(db, f.psp)).minus(pspBefore).toDecimalString()).toBe('-60.00');
    const refused = await transaction(db, (tx) => release(tx, { idempotencyKey: newId(), holdId: hold.id }, new Date())).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(HoldAlreadyResolved);
    expect((await balance(db, wallet)).toDecimalString()).toBe('40.00');
  });

  it('a release returns the held funds to the wallet, and a repeated release with the same key returns the same result', async () => {
    const wallet = await f.wallet();
    await f.fund(wallet, czk('100.00'));
    const hold = await reserveFrom(wallet, '70.00');
    const first = await transaction(db, (tx) =>
      release(tx, { idempotencyKey: 'release-once', holdId: hold.id, kind: 'WITHDRAWAL_RELEASE' }, new Date()),
    );
    const again = await transaction(db, (tx) =>
      release(tx, { idempotencyKey: 'release-once', holdId: hold.id, kind: 'WITHDRAWAL_RELEASE' }, new Date()),
    );
    expect(again).toEqual(first);
    expect((await balance(db, wallet)).toDecimalString()).toBe('100.00');
    expect(await findInvariantViolations(db)).toEqual([]);
  });

  it('a replayed reserve returns the same hold and reserves once', async () => {
    const wallet = await f.wallet();
    await f.fund(wallet, czk('100.00'));
    const first = await reserveFrom(wallet, '25.00', 'reserve-once');
    const again = await reserveFrom(wallet, '25.00', 'reserve-once');
    expect(again.id).toBe(first.id);
    expect((await balance(db, wallet)).toDecimalString()).toBe('75.00');
  });

  it('settling an unknown hold is not found', async () => {
    await expect(
      transaction(db, (tx) =>
        settle(tx, { idempotencyKey: newId(), holdId: newId<HoldId>(), destinationAccountId: f.psp }, new Date()),
      ),
    ).rejects.toMatchObject({ code: 'not-found' });
  });
});
