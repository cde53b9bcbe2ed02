import { Money, newId, type AccountId } from '@casino/core';
import { transaction, type Db } from '@casino/db';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAccountByCode, openOperatorAccounts, operatorAccountCode } from './accounts.ts';
import { postAdjustment, type AdjustmentRequest } from './adjust.ts';
import { findInvariantViolations } from './invariants.ts';
import { balance } from './queries.ts';
import { czk, ledgerFixture, type LedgerFixture } from './test-support.ts';

let testDb: TestDatabase;
let db: Db;
let f: LedgerFixture;
let suspense: AccountId;
let suspenseEur: AccountId;
beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  f = await ledgerFixture(db);
  await openOperatorAccounts(db, ['EUR'], 1);
  suspense = (await findAccountByCode(db, operatorAccountCode('suspense', 'CZK')))!.id;
  suspenseEur = (await findAccountByCode(db, operatorAccountCode('suspense', 'EUR')))!.id;
});
afterAll(async () => {
  await testDb?.drop();
});

const adjust = (request: Partial<AdjustmentRequest> & Pick<AdjustmentRequest, 'debitAccountId' | 'creditAccountId' | 'amount'>) =>
  transaction(db, (tx) => postAdjustment(tx, { idempotencyKey: `adjust:${newId()}`, ...request }, new Date()));

/** Runs a refused adjustment and returns its error, asserting that nothing was written. */
async function refused(request: Parameters<typeof adjust>[0], watched: AccountId[]) {
  const transactionsBefore = await db.ledgerTransaction.count();
  const balancesBefore = await Promise.all(watched.map((a) => balance(db, a).then((m) => m.toDecimalString())));
  const error = await adjust(request).then(
    () => null,
    (e: unknown) => e,
  );
  expect(await db.ledgerTransaction.count()).toBe(transactionsBefore);
  expect(await Promise.all(watched.map((a) => balance(db, a).then((m) => m.toDecimalString())))).toEqual(balancesBefore);
  expect(await findInvariantViolations(db)).toEqual([]);
  return error;
}

describe('ledger: manual adjustments', () => {
  it('issue 14 (6): posts a positive amount from the debited account to the credited one', async () => {
    const wallet = await f.wallet();
    await adjust({ debitAccountId: suspense, creditAccountId: wallet, amount: czk('10.00') });
    expect((await balance(db, wallet)).toDecimalString()).toBe('10.00');
  });

  it('issue 14 (6): a negative amount does not reverse the direction: refused as validation-failed on body.amount.amount, nothing posted', async () => {
    const wallet = await f.wallet();
    await f.fund(wallet, czk('50.00'));
    const error = await refused({ debitAccountId: suspense, creditAccountId: wallet, amount: czk('-10.00') }, [wallet, suspense]);
    expect(error).toMatchObject({ code: 'validation-failed', status: 400, field: 'body.amount.amount' });
  });

  it('issue 14 (6): zero and more than the movement maximum are refused on body.amount.amount, nothing posted', async () => {
    const wallet = await f.wallet();
    for (const amount of [czk('0.00'), Money.of('99999999999999999999.00', 'CZK'), Money.fromMinor(10n ** 15n, 'CZK')]) {
      expect(await refused({ debitAccountId: suspense, creditAccountId: wallet, amount }, [wallet, suspense])).toMatchObject({
        code: 'validation-failed',
        field: 'body.amount.amount',
      });
    }
  });

  it('issue 14 (6): an unknown account is not-found naming its side; mixed currencies are currency-mismatch; nothing posted', async () => {
    const wallet = await f.wallet();
    expect(await refused({ debitAccountId: newId(), creditAccountId: wallet, amount: czk('1.00') }, [wallet])).toMatchObject({
      code: 'not-found',
      status: 404,
      field: 'body.debitAccountId',
    });
    expect(await refused({ debitAccountId: suspense, creditAccountId: newId(), amount: czk('1.00') }, [suspense])).toMatchObject({
      code: 'not-found',
      field: 'body.creditAccountId',
    });
    expect(
      await refused({ debitAccountId: suspenseEur, creditAccountId: wallet, amount: czk('1.00') }, [wallet, suspenseEur]),
    ).toMatchObject({ code: 'currency-mismatch', status: 422, field: 'body.amount.currency' });
    expect(
      await refused({ debitAccountId: suspense, creditAccountId: wallet, amount: Money.of('1.00', 'EUR') }, [wallet, suspense]),
    ).toMatchObject({ code: 'currency-mismatch', field: 'body.amount.currency' });
    expect(await refused({ debitAccountId: wallet, creditAccountId: wallet, amount: czk('1.00') }, [wallet])).toMatchObject({
      code: 'validation-failed',
      field: 'body.creditAccountId',
    });
  });
});
