import { newId } from '@casino/core';
import { waitFor } from '@casino/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from './client.ts';
import { lockPlayer, lockPlayers } from './player-lock.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb?.drop();
});

/** A transaction that runs `body` and then stays open, holding what it locked, until released. */
function holdOpen(body: (tx: Tx) => Promise<void>) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const done = testDb.db.$transaction(
    async (tx) => {
      await body(tx);
      holding();
      await released;
    },
    { timeout: 60_000, maxWait: 20_000 },
  );
  return { held, release, done };
}

/** Advisory locks some transaction of this database is waiting for. */
async function advisoryWaiters(): Promise<number> {
  const [row] = await testDb.db.$queryRaw<[{ waiting: bigint }]>`
    SELECT count(*) AS waiting FROM pg_locks l JOIN pg_database d ON d.oid = l.database
    WHERE l.locktype = 'advisory' AND NOT l.granted AND d.datname = current_database()`;
  return Number(row.waiting);
}

describe('the per-player lock (issue 15)', () => {
  it('issue 15: the player lock serialises two operations for one player but not operations for two different players', async () => {
    const alice = newId();
    const bob = newId();
    const holder = holdOpen((tx) => lockPlayer(tx, alice));
    await holder.held;

    const order: string[] = [];
    const second = testDb.db.$transaction(
      async (tx) => {
        await lockPlayer(tx, alice);
        order.push('second operation for alice');
      },
      { timeout: 60_000, maxWait: 20_000 },
    );
    await waitFor(async () => (await advisoryWaiters()) === 1, { what: "alice's second operation to wait for her lock" });

    // Bob's operation does not wait for Alice's: it completes while her lock is still held.
    await testDb.db.$transaction(async (tx) => {
      await lockPlayer(tx, bob);
      order.push('operation for bob');
    });
    expect(order).toEqual(['operation for bob']);

    order.push('first operation for alice commits');
    holder.release();
    await holder.done;
    await second;
    expect(order).toEqual(['operation for bob', 'first operation for alice commits', 'second operation for alice']);
  });

  it('issue 15: the lock is re-entrant within a transaction (a use case may take it again through a package it calls)', async () => {
    const player = newId();
    await testDb.db.$transaction(async (tx) => {
      await lockPlayer(tx, player);
      await lockPlayer(tx, player);
      await lockPlayers(tx, [player, player]);
    });
  });

  it('issue 15: transactions locking the same players given in opposite orders never deadlock (lockPlayers takes them in id order)', async () => {
    const players = [newId(), newId(), newId()];
    const runs = 40;
    // No retry helper here: a deadlock (40P01) would reject the transaction and fail the test.
    const outcomes = await Promise.allSettled(
      Array.from({ length: runs }, (_, index) =>
        testDb.db.$transaction(
          async (tx) => {
            await lockPlayers(tx, index % 2 === 0 ? players : [...players].reverse());
            await tx.$queryRaw`SELECT 1`;
          },
          { timeout: 60_000, maxWait: 20_000 },
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
  });
});
