import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './testing.ts';
import { isRetryableTransactionError, transaction, TransactionRetriesExhausted } from './transaction.ts';
import { createDb, type Tx } from './client.ts';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb?.drop();
});

/** Resolves once `parties` callers have arrived: lines two transactions up after their reads. */
function barrier(parties: number): () => Promise<void> {
  let arrived = 0;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return async () => {
    arrived++;
    if (arrived === parties) release();
    await released;
  };
}

/**
 * Write skew under SERIALIZABLE: each transaction reads the sum of all beats, then inserts a row
 * with sum + 1. Run side by side, PostgreSQL must abort one of them (SQLSTATE 40001).
 */
async function readSumThenInsert(tx: Tx, workerId: string, waitForOther: (() => Promise<void>) | null): Promise<bigint> {
  const [{ total }] = await tx.$queryRaw<
    [{ total: bigint }]
  >`SELECT COALESCE(SUM(beats), 0)::bigint AS total FROM worker_heartbeat`;
  if (waitForOther) await waitForOther();
  await tx.workerHeartbeat.create({ data: { workerId, beatAt: new Date(), beats: total + 1n } });
  return total;
}

describe('db: transaction helper', () => {
  it('runs at READ COMMITTED by default, even on a server whose default is stricter, and at the level asked for otherwise', async () => {
    const level = (tx: Tx) =>
      tx.$queryRaw<[{ level: string }]>`SELECT current_setting('transaction_isolation') AS level`.then(([row]) => row.level);
    const database = (await testDb.db.$queryRaw<[{ name: string }]>`SELECT current_database() AS name`)[0].name;
    // A server-wide default must not leak in: the client pins READ COMMITTED on its connections.
    await testDb.db.$executeRawUnsafe(`ALTER DATABASE "${database}" SET default_transaction_isolation = 'serializable'`);
    try {
      const fresh = createDb({ databaseUrl: testDb.url, poolMax: 1 });
      try {
        expect(await transaction(fresh, level)).toBe('read committed');
        expect(await transaction(fresh, level, { isolation: 'RepeatableRead' })).toBe('repeatable read');
        expect(await transaction(fresh, level, { isolation: 'Serializable' })).toBe('serializable');
        expect(await transaction(fresh, level)).toBe('read committed');
      } finally {
        await fresh.$disconnect();
      }
    } finally {
      await testDb.db.$executeRawUnsafe(`ALTER DATABASE "${database}" RESET default_transaction_isolation`);
    }
  });

  it('retries a forced serialization failure until both transactions commit', async () => {
    await testDb.db.workerHeartbeat.deleteMany();
    const attempts = { a: 0, b: 0 };
    const firstAttemptsMeet = barrier(2);
    const run = (name: 'a' | 'b') =>
      transaction(
        testDb.db,
        (tx) => {
          attempts[name]++;
          return readSumThenInsert(tx, `worker-${name}`, attempts[name] === 1 ? firstAttemptsMeet : null);
        },
        { isolation: 'Serializable', attemptsMax: 5 },
      );
    const [sumSeenByA, sumSeenByB] = await Promise.all([run('a'), run('b')]);

    expect(attempts.a + attempts.b).toBeGreaterThanOrEqual(3); // one of them ran again
    // Serializable outcome: one transaction saw the other's row.
    expect([sumSeenByA, sumSeenByB].sort()).toEqual([0n, 1n]);
    const rows = await testDb.db.workerHeartbeat.findMany({ orderBy: { beats: 'asc' } });
    expect(rows.map((r) => r.beats)).toEqual([1n, 2n]);
  });

  it('gives up after attemptsMax with a clear service-unavailable error and writes nothing', async () => {
    await testDb.db.workerHeartbeat.deleteMany();
    const meet = barrier(2);
    const once = (name: string) =>
      transaction(testDb.db, (tx) => readSumThenInsert(tx, name, meet), { isolation: 'Serializable', attemptsMax: 1 });
    const outcomes = await Promise.allSettled([once('x'), once('y')]);

    const rejected = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(rejected).toHaveLength(1);
    const error = rejected[0]!.reason as TransactionRetriesExhausted;
    expect(error).toBeInstanceOf(TransactionRetriesExhausted);
    expect(error.status).toBe(503);
    expect(error.detail).toMatch(/after 1 attempts/);
    expect(isRetryableTransactionError(error.cause)).toBe(true);
    expect(await testDb.db.workerHeartbeat.count()).toBe(1);
  });

  it('does not retry an ordinary error and rolls the transaction back', async () => {
    await testDb.db.workerHeartbeat.deleteMany();
    let calls = 0;
    await expect(
      transaction(testDb.db, async (tx) => {
        calls++;
        await tx.workerHeartbeat.create({ data: { workerId: 'w', beatAt: new Date() } });
        throw new Error('business rule said no');
      }),
    ).rejects.toThrow('business rule said no');
    expect(calls).toBe(1);
    expect(await testDb.db.workerHeartbeat.count()).toBe(0);
  });
});
