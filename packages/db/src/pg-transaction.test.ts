import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, pgPoolOf, type Db } from './client.ts';
import { inlineStatement, pgBatchedTransaction, rollBack } from './pg-transaction.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

let testDb: TestDatabase;
/** One connection: a transaction left open or aborted by one case would break the next. */
let single: Db;
beforeAll(async () => {
  testDb = await createTestDatabase();
  single = createDb({ databaseUrl: testDb.url, poolMax: 1 });
});
afterAll(async () => {
  await single?.$disconnect();
  await testDb?.drop();
});

const insertBeat =
  'INSERT INTO worker_heartbeat (worker_id, beat_at, beats) VALUES ($1, $2::timestamptz, $3) RETURNING worker_id';

async function beatsOf(workerId: string): Promise<number> {
  return testDb.db.workerHeartbeat.count({ where: { workerId } });
}

describe('db: pgBatchedTransaction (issue 22, D-2264)', () => {
  it('issue 22: an inlined value reads back exactly as the same value sent as a parameter', async () => {
    const at = new Date('2026-03-29T00:59:59.123Z');
    const values = [
      "it's a \\ back'slash $2 and 'quotes' ‘’ č ř 😀",
      at,
      null,
      42,
      9_007_199_254_740_993n,
      JSON.stringify({ a: "o'k", b: [1, '\\'] }),
      '2026-11-30',
      "o'clock, no backslash",
      'plain',
    ];
    const text =
      'SELECT $1::text AS t, $2::timestamptz AS at, $3::text AS n, $4::integer AS i, $5::bigint AS b, $6::jsonb AS j, $7::date::text AS d, $8::text AS q, $9::text AS p';
    const pool = pgPoolOf(testDb.db);
    const asParameters = (await pool.query(text, values)).rows[0];
    const inlined = (await pool.query(inlineStatement(text, values))).rows[0];
    expect(inlined).toEqual(asParameters);
    expect(inlined.t).toBe(values[0]);
    expect((inlined.at as Date).getTime()).toBe(at.getTime());
    expect(inlined.n).toBeNull();
  });

  it('issue 22: the last statement and COMMIT ride together; a failing last statement leaves nothing of the first written', async () => {
    const committed = await pgBatchedTransaction(single, async (tx) => {
      await tx.begin(insertBeat, ['batched-ok', new Date(), 1]);
      return tx.commit<{ n: number }>('SELECT 1 AS n', []);
    });
    expect(committed).toEqual([{ n: 1 }]);
    expect(await beatsOf('batched-ok')).toBe(1);

    // Division by zero in the commit statement: its COMMIT never runs and the insert is rolled back.
    await expect(
      pgBatchedTransaction(single, async (tx) => {
        await tx.begin(insertBeat, ['batched-failed', new Date(), 1]);
        return tx.commit('SELECT 1 / $1::integer AS n', [0]);
      }),
    ).rejects.toThrow(/division by zero/);
    expect(await beatsOf('batched-failed')).toBe(0);

    // A body that decides against writing rolls back what its first statement did.
    const decided = await pgBatchedTransaction(single, async (tx) => {
      await tx.begin(insertBeat, ['batched-rolled-back', new Date(), 1]);
      return rollBack;
    });
    expect(decided).toBe(rollBack);
    expect(await beatsOf('batched-rolled-back')).toBe(0);

    // A body that throws between the two statements too; the connection goes back clean and usable.
    await expect(
      pgBatchedTransaction(single, async (tx) => {
        await tx.begin(insertBeat, ['batched-thrown', new Date(), 1]);
        throw new Error('the engine refused');
      }),
    ).rejects.toThrow('the engine refused');
    expect(await beatsOf('batched-thrown')).toBe(0);
    // The one connection is out of every transaction: the next one commits.
    await pgBatchedTransaction(single, async (tx) => {
      await tx.begin(insertBeat, ['batched-after', new Date(), 1]);
      return tx.commit('SELECT 1 AS n', []);
    });
    expect(await beatsOf('batched-after')).toBe(1);
  });
});
