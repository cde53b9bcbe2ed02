import { insertTestPlayer } from '@casino/compliance/testing';
import { ManualClock, newId } from '@casino/core';
import { waitFor } from '@casino/core/testing';
import { createDb, lockPlayer, type Db, type Tx } from '@casino/db';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCashierContext, type CashierContext } from './context.ts';
import { activatePaymentMethod, removePaymentMethod } from './manage-payment-methods.ts';
import { onVerificationEvent } from './verification-events.ts';

/**
 * Issue 15: one player lock and one lock order across packages (@casino/db `lockPlayer`). A provider's
 * verification event about a payment method and the player's own request about it (remove, activate)
 * both need the player's lock and the method's row; the event used to lock the row first and the
 * player second, the player's request the other way round.
 *
 * In this database a deadlock is a failure, never a silent retry: every session's deadlock_timeout is
 * a minute (longer than `transaction()`'s 10 s), so a circle of waits ends in a timeout error, except
 * where a test shortens it on purpose to have PostgreSQL name the deadlock (40P01).
 */
let testDb: TestDatabase;
let db: Db;
let ctx: CashierContext;
const clock = new ManualClock(new Date('2026-11-24T09:00:00Z'));

beforeAll(async () => {
  testDb = await createTestDatabase();
  await testDb.db.$executeRawUnsafe(`ALTER DATABASE "${testDb.name}" SET deadlock_timeout = '60s'`);
  // A pool of its own, opened after the setting, so every connection has it.
  db = createDb({ databaseUrl: testDb.url, poolMax: 8, connectTimeoutMs: 20_000, applicationName: 'casino-test-lock-order' });
  ctx = createCashierContext({ db, clock, providerName: 'sandbox-psp' });
});
afterAll(async () => {
  await db?.$disconnect();
  await testDb?.drop();
});

/** A card awaiting its 3-D Secure check. */
async function pendingCard(playerId: string): Promise<string> {
  const id = newId();
  const now = clock.now();
  await db.paymentMethod.create({
    data: {
      id,
      playerId,
      kind: 'CARD',
      instrument: 'card',
      status: 'VERIFICATION_PENDING',
      holderName: 'Jana Tester',
      holderNameExact: true,
      country: 'CZ',
      display: 'VISA •••• 4242',
      cardBrand: 'VISA',
      cardLast4: '4242',
      providerToken: `tok_${id}`,
      cardExpiryMonth: 12,
      cardExpiryYear: 2031,
      verificationDeadlineAt: new Date(now.getTime() + 30 * 86_400_000),
      createdAt: now,
      updatedAt: now,
    },
  });
  return id;
}

/** The provider's verification event, applied as the gateway does (one transaction), but with no retry: a deadlock would reject it. */
function verificationEvent(paymentMethodId: string, prepare?: (tx: Tx) => Promise<void>) {
  return db.$transaction(
    async (tx) => {
      await prepare?.(tx);
      return onVerificationEvent(ctx, tx, 'sandbox-psp', 'verification.succeeded', {
        verificationId: `ver_${newId()}`,
        reference: paymentMethodId,
        threeDSecure: 'passed',
      });
    },
    { timeout: 60_000, maxWait: 20_000 },
  );
}

/** Transactions of this database waiting for a lock. */
async function lockWaiters(): Promise<number> {
  const [row] = await db.$queryRaw<[{ waiting: bigint }]>`
    SELECT count(*) AS waiting FROM pg_locks l JOIN pg_database d ON d.oid = l.database WHERE NOT l.granted AND d.datname = current_database()`;
  return Number(row.waiting);
}

describe('one lock order across packages (issue 15)', () => {
  it('issue 15: a verification event and the player removing the same card, queued behind the player lock in the order that deadlocked, both complete (no 40P01)', async () => {
    for (let run = 0; run < 3; run++) {
      const playerId = await insertTestPlayer(db);
      const card = await pendingCard(playerId);
      // Someone holds the player's lock (a stake, say) while both arrive: the removal queues first,
      // then the event. Before the fix the event held the card's row while it queued, and the removal,
      // once granted the player lock, waited for that row: a circle.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let holding!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      const holder = db.$transaction(
        async (tx) => {
          await lockPlayer(tx, playerId);
          holding();
          await released;
        },
        { timeout: 60_000, maxWait: 20_000 },
      );
      await held;
      const removal = removePaymentMethod(ctx, { playerId, paymentMethodId: card });
      await waitFor(async () => (await lockWaiters()) >= 1, { what: 'the removal to wait for the player lock' });
      // The event's own deadlock check comes 3 s after it starts waiting, time enough for the circle to
      // close; the removal's would come only after a minute.
      const event = verificationEvent(card, async (tx) => {
        await tx.$executeRaw`SET LOCAL deadlock_timeout = '3s'`;
      });
      await waitFor(async () => (await lockWaiters()) >= 2, { what: 'the event to wait too' });
      release();
      await holder;
      const outcomes = await Promise.allSettled([removal, event]);
      expect(
        outcomes.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : 'completed')),
        `run ${run}`,
      ).toEqual(['completed', 'completed']);
      // The removal came first; the event found the card removed and changed nothing.
      expect((outcomes[1] as PromiseFulfilledResult<string>).value).toBe('stale');
      expect(await db.paymentMethod.findUniqueOrThrow({ where: { id: card }, select: { status: true } })).toEqual({
        status: 'REMOVED',
      });
    }
  });

  it('issue 15: verification events and the player activating or removing the same cards, run concurrently many times, never deadlock and all complete', async () => {
    const playerId = await insertTestPlayer(db);
    const operations: Array<Promise<unknown>> = [];
    for (let run = 0; run < 12; run++) {
      const card = await pendingCard(playerId);
      operations.push(verificationEvent(card));
      operations.push(
        run % 2 === 0
          ? removePaymentMethod(ctx, { playerId, paymentMethodId: card })
          : activatePaymentMethod(ctx, { playerId, paymentMethodId: card }).catch(refusedUnverified),
      );
    }
    const outcomes = await Promise.allSettled(operations);
    expect(
      outcomes
        .filter((outcome) => outcome.status === 'rejected')
        .map((outcome) => String((outcome as PromiseRejectedResult).reason)),
    ).toEqual([]);
    const statuses = await db.paymentMethod.findMany({ where: { playerId }, select: { status: true, active: true } });
    expect(statuses.every((method) => method.status === 'VERIFIED' || method.status === 'REMOVED')).toBe(true);
    expect(statuses.filter((method) => method.active)).toHaveLength(1);
  });
});

/** Activating a card the event has not verified yet is refused (a business answer, not a lock failure). */
function refusedUnverified(error: unknown): string {
  if ((error as { code?: string }).code === 'payment-method-not-verified') return 'refused: not verified yet';
  throw error;
}
