import { isDomainError, ManualClock, Money, newId } from '@casino/core';
import { waitFor } from '@casino/core/testing';
import { createRedis, type Redis } from '@casino/db';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import * as ledger from '@casino/ledger';
import { changeLimit, czechProfile } from '@casino/limits';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TableBroadcaster } from '../context.ts';
import type { PlayerMessage, TableMessage } from '../realtime.ts';
import { createPokerRoom } from './create-room.ts';
import type { PokerRuleProfile, PokerRuleProfileId } from './profile.ts';
import type { PokerRoomDriver } from './room.ts';
import type { TableSnapshot } from './room-types.ts';
import { createPokerTable, escrowAndStacks, pokerRakeKey } from './store.ts';
import { fixtureProfiles } from './testing/profiles.ts';
import { balanceOf, fixtureProfileOf, fundedPlayer, noLimitDefinition, openFunding, type Funding } from './testing.ts';

/**
 * Issue 16: the poker room's driver on a real database and Redis, two instances side by side as two
 * game-service processes would run them: one drives each table under its lease, the other forwards
 * to it; a holder that dies is replaced after the lease's time to live and its hand voided.
 */
let testDb: TestDatabase;
let redis: Redis;
let funding: Funding;
const clock = new ManualClock(new Date('2026-11-26T12:00:00Z'));
const prefix = `poker-room-test:${newId()}`;
const leaseTtlMs = 3_000;
const handPauseMs = 1_000;
const profiles = Object.fromEntries(fixtureProfiles.map((p) => [p.id, p])) as Record<PokerRuleProfileId, PokerRuleProfile>;
const rooms: PokerRoomDriver[] = [];
const pushed: Array<{ room: string; to: string; message: TableMessage | PlayerMessage }> = [];
const quiet = { info: () => undefined, warn: () => undefined, error: (o: object, m: string) => console.error(m, o) };

beforeAll(async () => {
  testDb = await createTestDatabase();
  funding = await openFunding(testDb.db);
  redis = createRedis({ redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', connectionName: 'poker-room-test' });
});
afterEach(async () => {
  await Promise.all(rooms.splice(0).map((room) => room.stop()));
});
afterAll(async () => {
  redis?.disconnect();
  await testDb?.drop();
});

async function startRoom(name: string, options: { drives?: boolean; renewIntervalMs?: number } = {}): Promise<PokerRoomDriver> {
  const broadcaster: TableBroadcaster = {
    toTable: async (tableId, message) => void pushed.push({ room: name, to: tableId, message }),
    toPlayer: async (playerId, message) => void pushed.push({ room: name, to: playerId, message }),
  };
  const room = createPokerRoom({
    store: { db: testDb.db, clock, limits: { clock, profile: czechProfile }, instanceId: `${name}:${newId()}` },
    profiles,
    redis,
    prefix,
    broadcaster,
    leaseTtlMs,
    forwardTimeoutMs: 2_000,
    // The tests run the scans themselves.
    claimScanIntervalMs: 600_000,
    log: quiet,
    handPauseMs,
    ...options,
  });
  rooms.push(room);
  await room.start();
  return room;
}

/** A table with two funded players seated through `via`, and its first hand dealt. */
async function tableInPlay(holder: PokerRoomDriver, via: PokerRoomDriver) {
  const { id: tableId } = await createPokerTable(testDb.db, {
    definition: noLimitDefinition,
    profile: fixtureProfileOf(noLimitDefinition),
    now: clock.now(),
  });
  const players = [];
  for (const room of [holder, via]) {
    const { playerId, wallet } = await fundedPlayer(testDb.db, funding, clock, '500.00');
    const sat = await room.sit(tableId, playerId, { buyInMinor: 5_000n, waitForBigBlind: false });
    players.push({ playerId, wallet, seat: sat.mine!.seat });
  }
  clock.advanceMs(handPauseMs);
  await holder.runDue();
  return { tableId, players };
}

/** Whose turn it is, and the action that keeps the hand going (check, else call). */
async function nextMove(room: PokerRoomDriver, tableId: string, players: Array<{ playerId: string; seat: number }>) {
  const { table } = await room.snapshot(tableId, null);
  expect(table.toAct).not.toBeNull();
  const player = players.find((p) => p.seat === table.toAct!.seat)!;
  const { mine } = await room.snapshot(tableId, player.playerId);
  const action = mine!.legal!.check ? ('check' as const) : ('call' as const);
  return {
    playerId: player.playerId,
    turn: table.toAct!.turn,
    command: { kind: 'act' as const, action, turn: table.toAct!.turn },
  };
}

const outcome = (promise: Promise<TableSnapshot>) =>
  promise.then(
    () => 'applied',
    (error: unknown) => (isDomainError(error) ? ((error.extensions?.['reason'] as string | undefined) ?? error.code) : error),
  );

async function storedStacks(tableId: string): Promise<Map<string, bigint>> {
  const rows = await testDb.db.$queryRaw<Array<{ player_id: string; stack_minor: bigint }>>`
    SELECT player_id, stack_minor FROM poker_seat WHERE table_id = ${tableId}::uuid`;
  return new Map(rows.map((r) => [r.player_id, r.stack_minor]));
}

const walletMinor = async (wallet: string) => Money.of(await balanceOf(testDb.db, wallet), 'CZK').toMinor();

async function leaseOwner(tableId: string): Promise<string | null> {
  const [row] = await testDb.db.$queryRaw<Array<{ lease_owner: string | null }>>`
    SELECT lease_owner FROM poker_table WHERE id = ${tableId}::uuid`;
  return row!.lease_owner;
}

describe('poker room: two instances on one database (issue 16)', () => {
  it('issue 16: exactly one instance drives a table; a command sent to the other is forwarded and applied once, also when retried with the same command id', async () => {
    const a = await startRoom('a');
    const b = await startRoom('b');
    const { tableId, players } = await tableInPlay(a, b);
    expect(a.drivenTableIds()).toContain(tableId);
    expect(b.drivenTableIds()).not.toContain(tableId);
    expect(await leaseOwner(tableId)).toBe(a.instanceId);

    const move = await nextMove(b, tableId, players);
    const commandId = newId();
    const first = await b.command(tableId, move.playerId, move.command, { commandId });
    const retried = await b.command(tableId, move.playerId, move.command, { commandId });
    const through = await a.command(tableId, move.playerId, move.command, { commandId });
    // Applied once: the turn moved on by one, and the retries answer the table as it is, unchanged.
    expect(first.table.toAct?.turn).toBe(move.turn + 1);
    expect(retried.table.version).toBe(first.table.version);
    expect(through.table.version).toBe(first.table.version);
    expect(b.drivenTableIds()).not.toContain(tableId);
  });

  it('issue 16: the same turn sent at once through both instances by many requests is applied exactly once; the others are refused turn-mismatch', async () => {
    const a = await startRoom('a');
    const b = await startRoom('b');
    const { tableId, players } = await tableInPlay(a, b);
    const move = await nextMove(a, tableId, players);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => outcome((i % 2 === 0 ? a : b).command(tableId, move.playerId, move.command))),
    );
    expect(results.filter((r) => r === 'applied')).toHaveLength(1);
    expect(results.filter((r) => r !== 'applied')).toEqual(Array.from({ length: 11 }, () => 'turn-mismatch'));
    expect((await a.snapshot(tableId, null)).table.toAct?.turn).toBe(move.turn + 1);
  });

  it('issue 16: after each change the public view is pushed once and a private view only to the players whose view changed', async () => {
    const a = await startRoom('a');
    const b = await startRoom('b');
    const { tableId, players } = await tableInPlay(a, b);
    const move = await nextMove(a, tableId, players);
    const before = pushed.length;
    await b.command(tableId, move.playerId, move.command);
    await waitFor(() => pushed.length > before, { what: 'the pushes of the action' });
    const after = pushed.slice(before);
    // Only the holder pushes; one public view per change.
    expect(after.every((p) => p.room === 'a')).toBe(true);
    expect(after.filter((p) => p.message.type === 'poker-table')).toHaveLength(1);
    const seatPushes = after.filter((p) => p.message.type === 'poker-seat');
    expect(seatPushes.length).toBeLessThanOrEqual(players.length);
    for (const push of seatPushes) expect(players.map((p) => p.playerId)).toContain(push.to);
    // Asking for the table again changes nothing, so nothing is pushed.
    const quietFrom = pushed.length;
    await b.snapshot(tableId, move.playerId);
    expect(pushed.length).toBe(quietFrom);
  });
});

describe('poker room: takeover (issue 16)', () => {
  it('000-001:FAIL-01 A-29 003:R-TECH-01 004:AMB-43 TEC-04 GAM-P-07 TEC-01 a holder that dies mid-hand is replaced after the lease lapses: the hand is voided (stacks back to the start of the hand, no rake, a voided record), its players told, and play goes on', async () => {
    const a = await startRoom('a');
    const b = await startRoom('b');
    const { tableId, players } = await tableInPlay(a, b);
    // The first hand ends (the player to act folds) and is committed; the second is dealt.
    const fold = await nextMove(a, tableId, players);
    await a.command(tableId, fold.playerId, { kind: 'act', action: 'fold', turn: fold.turn });
    const startOfHand = await storedStacks(tableId);
    expect([...startOfHand.values()].reduce((sum, s) => sum + s, 0n)).toBe(10_000n);
    clock.advanceMs(handPauseMs);
    await a.runDue();
    const running = (await a.snapshot(tableId, null)).table;
    expect(running.handNumber).toBe(2);
    const call = await nextMove(b, tableId, players);
    await b.command(tableId, call.playerId, call.command);

    // The holder dies: no renewal, no answer, nothing written.
    await a.halt();
    expect(await outcome(b.snapshot(tableId, null))).toBe('table-unavailable');
    clock.advanceMs(leaseTtlMs + 1);
    expect(await b.claimTablesNeedingDriver()).toBeGreaterThanOrEqual(1);
    expect(b.drivenTableIds()).toContain(tableId);

    const hands = await testDb.db.pokerHand.findMany({ where: { tableId }, orderBy: { handNumber: 'asc' } });
    expect(hands.map((h) => [h.handNumber, h.status])).toEqual([
      [1, 'COMPLETED'],
      [2, 'VOIDED'],
    ]);
    expect(hands[1]).toMatchObject({ id: running.handId, rakeMinor: 0n });
    expect(await ledger.findTransactionIdByIdempotencyKey(testDb.db, pokerRakeKey(running.handId!))).toBeNull();
    expect(await storedStacks(tableId)).toEqual(startOfHand);
    const { escrowMinor, stacksMinor } = await escrowAndStacks(testDb.db, tableId);
    expect(escrowMinor).toBe(stacksMinor);
    expect(await ledger.findInvariantViolations(testDb.db)).toEqual([]);
    for (const { playerId } of players) {
      expect(pushed).toContainEqual(
        expect.objectContaining({
          room: 'b',
          to: playerId,
          message: { type: 'poker-hand-voided', tableId, handId: running.handId },
        }),
      );
    }

    // Play goes on under the new holder, from the stored stacks.
    clock.advanceMs(handPauseMs);
    await b.runDue();
    const next = (await b.snapshot(tableId, null)).table;
    expect(next.handNumber).toBe(3);
    expect(next.handId).not.toBe(running.handId);
    const again = await nextMove(b, tableId, players);
    expect(await outcome(b.command(tableId, again.playerId, again.command))).toBe('applied');
  });

  it('issue 16: a graceful stop voids the running hand (every chip back) and releases the lease, so another instance takes the table at once', async () => {
    const a = await startRoom('a');
    const b = await startRoom('b');
    const { tableId, players } = await tableInPlay(a, b);
    const startOfHand = await storedStacks(tableId);
    const move = await nextMove(a, tableId, players);
    await a.command(tableId, move.playerId, move.command);
    await a.stop();
    expect(await leaseOwner(tableId)).toBeNull();
    const [hand] = await testDb.db.pokerHand.findMany({ where: { tableId } });
    expect(hand).toMatchObject({ status: 'VOIDED', rakeMinor: 0n });
    expect(await storedStacks(tableId)).toEqual(startOfHand);
    // No lease to wait for: the next request through b takes the table over.
    const { table } = await b.snapshot(tableId, null);
    expect(table.handId).toBeNull();
    expect(b.drivenTableIds()).toContain(tableId);
    const { escrowMinor, stacksMinor } = await escrowAndStacks(testDb.db, tableId);
    expect(escrowMinor).toBe(stacksMinor);
  });

  it('issue 16: an instance whose lease was taken over stops driving the table at its next renewal (fencing)', async () => {
    // a stands for a paused process: its renewals come only when the test runs them.
    const a = await startRoom('a', { renewIntervalMs: 600_000 });
    const b = await startRoom('b');
    const { tableId } = await tableInPlay(a, b);
    // a is paused past its lease (no renewal reached the database) and b takes the table.
    clock.advanceMs(leaseTtlMs + 1);
    expect(await b.claimTablesNeedingDriver()).toBeGreaterThanOrEqual(1);
    expect(b.drivenTableIds()).toContain(tableId);
    expect(a.drivenTableIds()).toContain(tableId);
    await a.renewLeases();
    expect(a.drivenTableIds()).not.toContain(tableId);
    expect(await leaseOwner(tableId)).toBe(b.instanceId);
  });
});

describe('poker room: removal at hand end (issue 16)', () => {
  it('004:ELG-04 a player listed in the register is removed from every poker table through a room that only forwards (the worker): an idle seat at once, a seat in a running hand when the hand ends, chips back in the wallet', async () => {
    const a = await startRoom('a');
    const worker = await startRoom('worker', { drives: false });
    const { tableId: playing, players } = await tableInPlay(a, a);
    const { playerId: listed, wallet } = players[0]!;
    const { id: idle } = await createPokerTable(testDb.db, {
      definition: noLimitDefinition,
      profile: fixtureProfileOf(noLimitDefinition),
      now: clock.now(),
    });
    await a.sit(idle, listed, { buyInMinor: 2_500n, waitForBigBlind: false });
    const walletBefore = await walletMinor(wallet);

    await worker.removePlayerEverywhere(listed, 'listed');
    expect(worker.drivenTableIds()).toEqual([]);
    // Alone at the idle table: released at once, the buy-in back in the wallet.
    expect((await a.snapshot(idle, listed)).mine).toBeNull();
    expect(await walletMinor(wallet)).toBe(walletBefore + 2_500n);
    // In the running hand: seated until it ends, then released with what the hand left.
    expect((await a.snapshot(playing, listed)).mine).not.toBeNull();
    const move = await nextMove(a, playing, players);
    await a.command(playing, move.playerId, { kind: 'act', action: 'fold', turn: move.turn });
    expect((await a.snapshot(playing, listed)).mine).toBeNull();
    expect((await storedStacks(playing)).has(listed)).toBe(false);
    expect(await walletMinor(wallet)).toBeGreaterThan(walletBefore + 2_500n);
    const { escrowMinor, stacksMinor } = await escrowAndStacks(testDb.db, playing);
    expect(escrowMinor).toBe(stacksMinor);
    expect(await ledger.findInvariantViolations(testDb.db)).toEqual([]);
  });

  it('issue 16: a room that only forwards answers table-unavailable for a table nobody drives (the job is retried once an instance has taken it)', async () => {
    const worker = await startRoom('worker', { drives: false });
    const { id: tableId } = await createPokerTable(testDb.db, {
      definition: noLimitDefinition,
      profile: fixtureProfileOf(noLimitDefinition),
      now: clock.now(),
    });
    expect(await outcome(worker.snapshot(tableId, null))).toBe('table-unavailable');
    expect(worker.drivenTableIds()).toEqual([]);
  });

  it('000-001:T-77 RG-03 a player whose daily playing time runs out during a hand finishes the hand, then the seat is released with the chips credited', async () => {
    const a = await startRoom('a');
    const { tableId, players } = await tableInPlay(a, a);
    const { playerId: limited, wallet } = players[0]!;
    await changeLimit(
      { db: testDb.db, clock, profile: czechProfile },
      { playerId: limited, measure: 'playing-time:day', limit: { minutes: 10 }, actor: 'player' },
    );
    const walletBefore = await walletMinor(wallet);
    // Hands of 4 minutes each (less than the activity gap, so all of it counts) until the limit is reached.
    let hands = 0;
    while ((await a.snapshot(tableId, limited)).mine !== null) {
      expect(hands).toBeLessThan(6);
      clock.advanceMs(4 * 60_000);
      const move = await nextMove(a, tableId, players);
      await a.command(tableId, move.playerId, { kind: 'act', action: 'fold', turn: move.turn });
      hands++;
      if ((await a.snapshot(tableId, limited)).mine === null) break;
      clock.advanceMs(handPauseMs);
      await a.runDue();
    }
    expect(hands).toBeGreaterThanOrEqual(3);
    expect((await storedStacks(tableId)).has(limited)).toBe(false);
    expect(await walletMinor(wallet)).toBeGreaterThan(walletBefore);
    const { escrowMinor, stacksMinor } = await escrowAndStacks(testDb.db, tableId);
    expect(escrowMinor).toBe(stacksMinor);
  });

  it('issue 16: a player staff blocked during a hand finishes it, then the seat is released with the chips credited', async () => {
    const a = await startRoom('a');
    const { tableId, players } = await tableInPlay(a, a);
    const { playerId: blocked, wallet } = players[1]!;
    const walletBefore = await walletMinor(wallet);
    await testDb.db.player.update({ where: { id: blocked }, data: { state: 'BLOCKED' } });
    expect((await a.snapshot(tableId, blocked)).mine).not.toBeNull();
    const move = await nextMove(a, tableId, players);
    await a.command(tableId, move.playerId, { kind: 'act', action: 'fold', turn: move.turn });
    expect((await a.snapshot(tableId, blocked)).mine).toBeNull();
    expect((await storedStacks(tableId)).has(blocked)).toBe(false);
    expect(await walletMinor(wallet)).toBeGreaterThan(walletBefore);
  });
});
