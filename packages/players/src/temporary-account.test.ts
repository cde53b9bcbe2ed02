import { isDomainError, ManualClock, Money, newId, type AccountId } from '@casino/core';
import { transaction } from '@casino/db';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import * as ledger from '@casino/ledger';
import { insertPlayer } from '@casino/test-support/players';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePiiKeys, PiiProtector } from './pii.ts';
import { czechPlayerRules } from './rules.ts';
import { creditTemporaryDeposit, openTemporaryAccount, type LifecycleContext } from './temporary-account.ts';

/**
 * Issue 15 (tests that lean on apps): the temporary account's use cases tested in their own package,
 * on a database of their own, without standing up the player API.
 */
let testDb: TestDatabase;
let ctx: LifecycleContext;
let clearing: AccountId;
const clock = new ManualClock(new Date('2026-11-24T09:00:00Z'));

beforeAll(async () => {
  testDb = await createTestDatabase();
  ctx = { db: testDb.db, clock, rules: czechPlayerRules, pii: new PiiProtector(generatePiiKeys()) };
  clearing = (await ledger.openAccount(testDb.db, ledger.paymentProviderClearingSpec('sandbox-psp', 'CZK', 2))).id;
});
afterAll(async () => {
  await testDb?.drop();
});

async function temporaryPlayer(): Promise<string> {
  const playerId = await insertPlayer(testDb.db, { state: 'TEMPORARY', clock });
  await transaction(testDb.db, (tx) => openTemporaryAccount(ctx, tx, playerId));
  return playerId;
}

const deposit = (playerId: string, amount: string) =>
  transaction(testDb.db, (tx) =>
    creditTemporaryDeposit(
      tx,
      { playerId, amount: Money.of(amount, 'CZK'), channel: 'cashless', sourceAccountId: clearing, idempotencyKey: newId() },
      clock.now(),
    ),
  );

async function walletBalance(playerId: string): Promise<string> {
  const account = await testDb.db.temporaryAccount.findUniqueOrThrow({ where: { playerId } });
  return (await ledger.balance(testDb.db, account.walletAccountId as AccountId)).toDecimalString();
}

describe('the temporary account in the players package (issue 15)', () => {
  it('issue 15: 004:TMP-03 deposits to a temporary account total at most 3,000 CZK; one past the cap is refused whole, with what remains, and moves no money', async () => {
    const playerId = await temporaryPlayer();
    await deposit(playerId, '2500.00');

    const refusal = await deposit(playerId, '600.00').catch((error: unknown) => error);
    expect(isDomainError(refusal) && refusal.code).toBe('temporary-account-deposit-cap');
    expect(isDomainError(refusal) && refusal.extensions).toMatchObject({ remaining: { amount: '500.00', currency: 'CZK' } });
    expect(await walletBalance(playerId)).toBe('2500.00');
    expect((await testDb.db.temporaryAccount.findUniqueOrThrow({ where: { playerId } })).depositedMinor).toBe(250_000n);

    await deposit(playerId, '500.00');
    expect(await walletBalance(playerId)).toBe('3000.00');
    expect(await ledger.findInvariantViolations(testDb.db)).toEqual([]);
  });

  it('issue 15: 004:TMP-04 a temporary account takes cashless deposits only: cash is refused before anything is written', async () => {
    const playerId = await temporaryPlayer();
    const refusal = await transaction(testDb.db, (tx) =>
      creditTemporaryDeposit(
        tx,
        { playerId, amount: Money.of('100.00', 'CZK'), channel: 'cash', sourceAccountId: clearing, idempotencyKey: newId() },
        clock.now(),
      ),
    ).catch((error: unknown) => error);
    expect(isDomainError(refusal) && refusal.code).toBe('temporary-account-cashless-only');
    expect(await walletBalance(playerId)).toBe('0.00');
  });
});
