import { newId } from '@casino/core';
import { waitFor } from '@casino/core/testing';
import { lockPlayer, transaction, type Tx } from '@casino/db';
import { changeLimit } from './change-limit.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeStake } from './authorize-stake.ts';
import { measureStates } from './measures.ts';
import { findSession } from './play-session-store.ts';
import { readStakeState } from './stake-state.ts';
import { czk, limitsFixture, setAmount, type LimitsFixture, type TestPlayer } from './test-support.ts';
import { countInCzk } from './usage-entries.ts';
import { readUsage } from './usage.ts';

let f: LimitsFixture;
beforeAll(async () => {
  f = await limitsFixture();
});
afterAll(async () => {
  await f?.close();
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as { code: string; extensions?: Record<string, unknown> },
  );

/** A transaction that runs `body` and then stays open, holding what it locked, until released. */
function holdOpen(body: (tx: Tx) => Promise<void>) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const done = f.db.$transaction(
    async (tx) => {
      await body(tx);
      holding();
      await released;
    },
    { timeout: 60_000, maxWait: 20_000 },
  );
  return { held, release, done };
}

/** Waits until a backend of this database waits for an advisory lock (the second stake queues behind the first). */
async function someoneWaitsForTheLock(): Promise<void> {
  await waitFor(
    async () => {
      const [row] = await f.db.$queryRaw<Array<{ n: bigint }>>`
        SELECT count(*)::bigint AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`;
      return row!.n > 0n;
    },
    { what: 'the second stake to wait for the player lock', intervalMs: 20 },
  );
}

const stakeIn = (tx: Tx, player: TestPlayer, amount: string, reference = `stake:${newId()}`) =>
  authorizeStake(f.ctx, tx, {
    playerId: player.playerId,
    playSessionId: player.playSessionId,
    reference,
    amount: czk(amount),
    category: 'casino',
  });

describe('issue 22: the stake path reads its limits in one round trip (limits_stake_state)', () => {
  it('issue 22: a stake waiting for the player lock decides on what the holder committed: 900 CZK staked meanwhile leaves 100 CZK of a 1,000 CZK daily limit, so 200 CZK is refused', async () => {
    const player = await f.newPlayer({ 'stake:day': setAmount('1000.00') });
    const holder = holdOpen(async (tx) => {
      await stakeIn(tx, player, '900.00');
    });
    await holder.held;
    const second = refusal(transaction(f.db, (tx) => stakeIn(tx, player, '200.00'), { maxWaitMs: 15_000, timeoutMs: 20_000 }));
    await someoneWaitsForTheLock();
    holder.release();
    await holder.done;
    expect(await second).toMatchObject({
      code: 'limit-exceeded',
      extensions: { measure: 'stake:day', remaining: { amount: '100.00', currency: 'CZK' } },
    });
  });

  it('issue 22: a stake waiting for the player lock sees a self-exclusion committed meanwhile and is refused', async () => {
    const player = await f.newPlayer();
    const holder = holdOpen(async (tx) => {
      await lockPlayer(tx, player.playerId);
      await tx.$executeRaw`
        INSERT INTO self_limit_change (id, player_id, measure, direction, is_set, excluded_until, previous_is_set, requested_at, requested_by, effective_from)
        VALUES (${newId()}::uuid, ${player.playerId}::uuid, 'self-exclusion', 'TIGHTEN', true, NULL, false, ${f.clock.now()}, 'player', ${f.clock.now()})`;
    });
    await holder.held;
    const second = refusal(transaction(f.db, (tx) => stakeIn(tx, player, '10.00'), { maxWaitMs: 15_000, timeoutMs: 20_000 }));
    await someoneWaitsForTheLock();
    holder.release();
    await holder.done;
    expect(await second).toMatchObject({ code: 'self-excluded' });
  });

  it('issue 22: the one-statement read returns what the separate reads return (measures in force and pending, session, usage)', async () => {
    const player = await f.newPlayer({ 'stake:day': setAmount('1000.00'), 'stake:month': setAmount('5000.00') });
    await f.stake(player, czk('120.00'));
    // A raise waits (pending) while the cut above is in force: both rows of the measure come back.
    await changeLimit(
      { db: f.db, clock: f.clock, profile: f.ctx.profile },
      {
        playerId: player.playerId,
        measure: 'stake:day',
        limit: { amount: czk('2000.00') },
        actor: 'player',
      },
    );
    const at = f.clock.now();
    await transaction(f.db, async (tx) => {
      const entry = {
        playerId: player.playerId,
        kind: 'STAKE' as const,
        reference: `compare:${newId()}`,
        category: 'casino' as const,
        amount: countInCzk(czk('1.00'), undefined),
        playSessionId: player.playSessionId,
        at,
      };
      const one = await readStakeState(tx, entry);
      expect(one.replayedEntry).toBeNull();
      expect(one.limits).toMatchObject({ state: 'REGISTERED', closed_at: null });
      expect(one.states).toEqual(await measureStates(tx, player.playerId, at));
      expect([...one.states.values()].some((s) => s.pending !== null)).toBe(true);
      expect(one.session).toEqual(await findSession(tx, player.playerId, player.playSessionId));
      expect(one.usage).toEqual(await readUsage(tx, player.playerId, at));
      expect(one.usage.day.totals.stakesMinor).toBe(12_000n);
      // The same reference again is a retry: the entry counted by the first read, nothing else read.
      const again = await readStakeState(tx, entry);
      expect(again.replayedEntry).toEqual({ amount_minor: 100n, currency: 'CZK', counted_minor: 100n });
    });
  });

  it('issue 22: the same stake reference for another amount is refused as a reused key; for the same amount it is counted once', async () => {
    const player = await f.newPlayer({ 'stake:day': setAmount('1000.00') });
    await f.stake(player, czk('100.00'), { reference: 'stake:same' });
    expect(await refusal(f.stake(player, czk('100.01'), { reference: 'stake:same' }))).toMatchObject({
      code: 'idempotency-key-reused',
    });
    const retried = await transaction(f.db, (tx) => stakeIn(tx, player, '100.00', 'stake:same'));
    expect(retried).toMatchObject({ replayed: true, accountState: 'REGISTERED' });
    const usage = await readUsage(f.db, player.playerId, f.clock.now());
    expect(usage.day.totals.stakesMinor).toBe(10_000n);
  });

  it('issue 22: an unknown player and an unknown play session are refused as not found, counting nothing', async () => {
    const player = await f.newPlayer();
    expect(
      await refusal(
        transaction(f.db, (tx) =>
          authorizeStake(f.ctx, tx, {
            playerId: newId(),
            playSessionId: player.playSessionId,
            reference: `stake:${newId()}`,
            amount: czk('1.00'),
            category: 'casino',
          }),
        ),
      ),
    ).toMatchObject({ code: 'not-found', field: 'playerId' });
    expect(
      await refusal(
        transaction(f.db, (tx) =>
          authorizeStake(f.ctx, tx, {
            playerId: player.playerId,
            playSessionId: newId(),
            reference: `stake:${newId()}`,
            amount: czk('1.00'),
            category: 'casino',
          }),
        ),
      ),
    ).toMatchObject({ code: 'not-found', field: 'playSessionId' });
    expect(await f.db.selfLimitUsageEntry.count({ where: { playerId: player.playerId } })).toBe(0);
  });
});
