import { ManualClock, newId } from '@casino/core';
import { waitFor } from '@casino/core/testing';
import { createDb, createRedis, pgPoolOf, type Db, type Redis } from '@casino/db';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import { czechProfile } from '@casino/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPokerRoom } from './create-room.ts';
import type { PokerRuleProfile, PokerRuleProfileId } from './profile.ts';
import type { PokerRoomDriver } from './room.ts';
import { createPokerTable, escrowAndStacks } from './store.ts';
import type { SpeedPrivateView } from './speed-pool.ts';
import { atFixture, fixtureProfiles } from './testing/profiles.ts';
import { fundedPlayer, noLimitDefinition, openFunding, type Funding } from './testing.ts';

/**
 * Issue 18: a speed pool driven by the room on a real database whose connection pool is one
 * connection, so a test can take it and make the pool's commit wait for a connection in vain.
 */
let testDb: TestDatabase;
let oneConnection: Db;
let redis: Redis;
let funding: Funding;
const clock = new ManualClock(new Date('2026-12-05T10:00:00Z'));
const at: PokerRuleProfile = { ...atFixture, speedPoker: { foldBeforeTurn: false, poolSeatsMax: 1_000 } };
const profiles = Object.fromEntries(fixtureProfiles.map((p) => [p.id, p.id === 'AT' ? at : p])) as Record<
  PokerRuleProfileId,
  PokerRuleProfile
>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  // Its wait for a free connection runs out quickly: the commit that finds it taken fails at once.
  oneConnection = createDb({
    databaseUrl: testDb.url,
    poolMax: 1,
    connectTimeoutMs: 200,
    applicationName: 'speed-pool-room-test',
  });
  funding = await openFunding(testDb.db);
  redis = createRedis({ redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', connectionName: 'speed-pool-room-test' });
});
afterAll(async () => {
  redis?.disconnect();
  await oneConnection?.$disconnect();
  await testDb?.drop();
});

describe('a speed pool in the room (issue 18)', () => {
  it('issue 18 D-1872 000-001:TBL-10 a pool commit that finds no free connection in time tries again instead of dropping the pool: the hand is stored once, the pool still driven here', async () => {
    const warnings: string[] = [];
    const errors: string[] = [];
    const room: PokerRoomDriver = createPokerRoom({
      store: { db: oneConnection, clock, limits: { clock, profile: czechProfile }, instanceId: `pool:${newId()}` },
      profiles,
      redis,
      prefix: `speed-pool-room-test:${newId()}`,
      broadcaster: { toTable: async () => undefined, toPlayer: async () => undefined },
      leaseTtlMs: 600_000,
      forwardTimeoutMs: 2_000,
      claimScanIntervalMs: 600_000,
      log: {
        info: () => undefined,
        warn: (_o: object, message: string) => void warnings.push(message),
        error: (_o: object, message: string) => void errors.push(message),
      },
    });
    await room.start();
    try {
      const { id: poolId } = await createPokerTable(testDb.db, {
        definition: { ...noLimitDefinition, profileId: 'AT', seatsMax: 200, speedPool: { tableSeats: 2, fillWaitMs: 0 } },
        profile: at,
        now: clock.now(),
      });
      const players = [
        await fundedPlayer(testDb.db, funding, clock, '500.00'),
        await fundedPlayer(testDb.db, funding, clock, '500.00'),
      ];
      // The first seat claims the pool for this room (the only one): it is driven here.
      for (const { playerId } of players) await room.sit(poolId, playerId, { buyInMinor: 10_000n, waitForBigBlind: false });
      expect(room.drivenTableIds()).toContain(poolId);

      // The test takes the only connection; the player to act folds, the hand ends and its commit waits in vain.
      const taken = await pgPoolOf(oneConnection).connect();
      let released = false;
      try {
        const views = await Promise.all(
          players.map(async (p) => ({ p, mine: (await room.snapshot(poolId, p.playerId)).mine as SpeedPrivateView })),
        );
        const toAct = views.find((v) => v.mine.legal !== null)!;
        await room.command(poolId, toAct.p.playerId, {
          kind: 'act',
          action: 'fold',
          turn: toAct.mine.speed.table!.view.toAct!.turn,
        });
        await waitFor(
          async () => (warnings.includes('poker room: no connection for a pool commit; trying again') ? true : null),
          {
            what: 'the commit trying again',
          },
        );
        taken.release();
        released = true;
      } finally {
        if (!released) taken.release();
      }
      await waitFor(
        async () => {
          const [row] = await testDb.db.$queryRaw<[{ n: bigint }]>`
            SELECT count(*)::bigint AS n FROM poker_hand WHERE table_id = ${poolId}::uuid AND status = 'COMPLETED'`;
          return row.n === 1n ? true : null;
        },
        { what: 'the hand committed' },
      );
      expect(room.drivenTableIds()).toContain(poolId);
      expect(errors).toEqual([]);
      const { escrowMinor, stacksMinor } = await escrowAndStacks(testDb.db, poolId);
      expect(escrowMinor).toBe(stacksMinor);
      expect(escrowMinor).toBe(20_000n);
    } finally {
      await room.stop();
    }
  });
});
