import { isDomainError, ManualClock, Money, newId } from '@casino/core';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import { insertPlayer, type TestPlayerRow } from '@casino/test-support/players';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCashierContext, type CashierContext } from './context.ts';
import { requestWithdrawal } from './request-withdrawal.ts';

/**
 * Issue 15 (tests that lean on apps): the withdrawal request's preconditions (004:WDR-02) tested in
 * the cashier's own package, on a database of its own, without the player API.
 */
let testDb: TestDatabase;
let ctx: CashierContext;
const clock = new ManualClock(new Date('2026-11-24T09:00:00Z'));

beforeAll(async () => {
  testDb = await createTestDatabase();
  ctx = createCashierContext({ db: testDb.db, clock, providerName: 'sandbox-psp' });
});
afterAll(async () => {
  await testDb?.drop();
});

/** The refusal of a 100 CZK withdrawal request by the player `row` describes, and what the request left behind. */
async function refusalFor(row: TestPlayerRow, channel: 'PLAYER' | 'SUPPORT' = 'PLAYER') {
  const playerId = await insertPlayer(testDb.db, { ...row, clock });
  const refusal = await requestWithdrawal(ctx, {
    playerId,
    amount: Money.of('100.00', 'CZK'),
    idempotencyKey: newId(),
    channel,
    requestedBy: playerId,
  }).catch((error: unknown) => error);
  const written = {
    withdrawals: await testDb.db.cashierWithdrawal.count({ where: { playerId } }),
    outbox: await testDb.db.outboxMessage.count(),
  };
  return { code: isDomainError(refusal) ? refusal.code : refusal, written };
}

describe('requesting a withdrawal in the cashier package (issue 15)', () => {
  it('issue 15: 004:TMP-05 nothing is withdrawn from a temporary account: the request is refused and writes nothing', async () => {
    expect(await refusalFor({ state: 'TEMPORARY' })).toEqual({
      code: 'temporary-account-no-withdrawals',
      written: { withdrawals: 0, outbox: 0 },
    });
  });

  it('issue 15: 004:ACC-11 a player listed in the register withdraws through support, not the app: the request is refused and writes nothing', async () => {
    expect(await refusalFor({ state: 'REGISTERED', registerStatus: 'LISTED' })).toEqual({
      code: 'listed-in-register',
      written: { withdrawals: 0, outbox: 0 },
    });
  });

  it('issue 15: 004:WDR-02 a registered player without an active payment method is refused no-active-payment-method, before any hold', async () => {
    expect(await refusalFor({ state: 'REGISTERED' })).toEqual({
      code: 'no-active-payment-method',
      written: { withdrawals: 0, outbox: 0 },
    });
  });
});
