import { isDomainError, ManualClock, newId } from '@casino/core';
import { waitFor } from '@casino/core/testing';
import { createRedis, type Redis } from '@casino/db';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import { czechProfile } from '@casino/limits';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TableBroadcaster } from '../context.ts';
import type { PlayerMessage, TableMessage } from '../realtime.ts';
import { createPokerRoom } from './create-room.ts';
import type { PokerRuleProfile, PokerRuleProfileId, PokerTableDefinition } from './profile.ts';
import type { PokerRoomDriver } from './room.ts';
import { createPokerTable } from './store.ts';
import { waitingListOf } from './store-waiting-list.ts';
import { fixtureProfiles } from './testing/profiles.ts';
import { fixtureProfileOf, fundedPlayer, noLimitDefinition, openFunding, type Funding } from './testing.ts';

/**
 * Issue 18, 003:R-TBL-04 ("join a queue for a seat if none is free"): a full table's waiting list on
 * a real database and Redis, with two instances as two game-service processes run them. The CZ-FO
 * fixture is given a waiting list here (the setting is data of the profile, D-1828).
 */
let testDb: TestDatabase;
let redis: Redis;
let funding: Funding;
const clock = new ManualClock(new Date('2026-12-05T12:00:00Z'));
const prefix = `poker-waiting-test:${newId()}`;
const offerMs = 10_000;
const profiles = Object.fromEntries(
  fixtureProfiles.map((p) => [p.id, p.id === 'CZ-FO' ? { ...p, waitingList: { offerMs, lengthMax: 6 } } : p]),
) as Record<PokerRuleProfileId, PokerRuleProfile>;
const headsUp: PokerTableDefinition = { ...noLimitDefinition, name: 'Heads-up with a queue', seatsMax: 2 };
const rooms: PokerRoomDriver[] = [];
const pushed: Array<{ to: string; message: TableMessage | PlayerMessage }> = [];
const quiet = { info: () => undefined, warn: () => undefined, error: (o: object, m: string) => console.error(m, o) };

beforeAll(async () => {
  testDb = await createTestDatabase();
  funding = await openFunding(testDb.db);
  redis = createRedis({ redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', connectionName: 'poker-waiting-test' });
});
afterEach(async () => {
  await Promise.all(rooms.splice(0).map((room) => room.stop()));
});
afterAll(async () => {
  redis?.disconnect();
  await testDb?.drop();
});

/** `renewIntervalMs`: a long one stands for a paused process whose lease lapses while it still thinks it drives. */
async function startRoom(name: string, renewIntervalMs?: number): Promise<PokerRoomDriver> {
  const broadcaster: TableBroadcaster = {
    toTable: async (tableId, message) => void pushed.push({ to: tableId, message }),
    toPlayer: async (playerId, message) => void pushed.push({ to: playerId, message }),
  };
  const room = createPokerRoom({
    store: { db: testDb.db, clock, limits: { clock, profile: czechProfile }, instanceId: `${name}:${newId()}` },
    profiles,
    redis,
    prefix,
    broadcaster,
    leaseTtlMs: 3_000,
    forwardTimeoutMs: 5_000,
    claimScanIntervalMs: 600_000,
    log: quiet,
    handPauseMs: 1_000,
    ...(renewIntervalMs === undefined ? {} : { renewIntervalMs }),
  });
  rooms.push(room);
  await room.start();
  return room;
}

const player = async () => (await fundedPlayer(testDb.db, funding, clock, '500.00')).playerId;
const sit = (room: PokerRoomDriver, tableId: string, playerId: string) =>
  room.sit(tableId, playerId, { buyInMinor: 5_000n, waitForBigBlind: false });
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'applied',
    (error: unknown) => (isDomainError(error) ? `${error.code}/${String(error.extensions?.['reason'])}` : error),
  );
const offersTo = (playerId: string) =>
  pushed
    .filter((p) => p.to === playerId && p.message.type === 'poker-seat-offer')
    .map((p) => p.message as PlayerMessage & { type: 'poker-seat-offer' });

/**
 * The seated player whose turn it is in the first hand (dealt when the second sat down): their leaving
 * folds the hand at once, ending it, so the seat frees now (000-001 'any-time' leave of the fixture).
 */
async function playerToAct(room: PokerRoomDriver, tableId: string, seated: readonly string[]) {
  for (const playerId of seated) {
    const { table, mine } = await room.snapshot(tableId, playerId);
    if (mine !== null && (table.toAct === null || table.toAct.seat === mine.seat)) return { playerId, seat: mine.seat };
  }
  throw new Error('nobody is to act');
}

/** A full heads-up table (no hand dealt yet: the clock stands) and `waiting` players in its list, in order. */
async function fullTableWithQueue(room: PokerRoomDriver, waiting: number) {
  const { id: tableId } = await createPokerTable(testDb.db, {
    definition: headsUp,
    profile: fixtureProfileOf(headsUp),
    now: clock.now(),
  });
  const seated = [await player(), await player()];
  for (const playerId of seated) await sit(room, tableId, playerId);
  const queue: string[] = [];
  for (let i = 0; i < waiting; i++) {
    const playerId = await player();
    await room.joinWaitingList(tableId, playerId);
    queue.push(playerId);
  }
  return { tableId, seated, queue };
}

describe('poker waiting list (issue 18, 003:R-TBL-04)', () => {
  it('003:R-TBL-04 concurrent joiners of a full table, through both instances at once, get distinct places in one order; the lobby lists the length', async () => {
    const a = await startRoom('a');
    const b = await startRoom('b');
    const { tableId } = await fullTableWithQueue(a, 0);
    const joiners = await Promise.all(Array.from({ length: 6 }, () => player()));
    const places = await Promise.all(joiners.map((playerId, i) => (i % 2 === 0 ? a : b).joinWaitingList(tableId, playerId)));
    expect(places.map((p) => p.place).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    const stored = await waitingListOf(testDb.db, tableId);
    expect(new Set(stored.map((e) => e.position)).size).toBe(6);
    expect(stored.map((e) => e.playerId).sort()).toEqual([...joiners].sort());
    // The list is full at the profile's length; joining twice is refused.
    expect(await refusal(a.joinWaitingList(tableId, await player()))).toBe('waiting-list-refused/waiting-list-full');
    expect(await refusal(b.joinWaitingList(tableId, joiners[0]!))).toBe('waiting-list-refused/already-waiting');
    const entry = (await a.lobby()).find((t) => t.tableId === tableId)!;
    expect(entry.waitingListLength).toBe(6);
  });

  it('003:R-TBL-04 a table with a free seat is sat at, not queued for; a seated player cannot queue', async () => {
    const a = await startRoom('a');
    const { id: tableId } = await createPokerTable(testDb.db, {
      definition: headsUp,
      profile: fixtureProfileOf(headsUp),
      now: clock.now(),
    });
    const first = await player();
    await sit(a, tableId, first);
    expect(await refusal(a.joinWaitingList(tableId, await player()))).toBe('waiting-list-refused/seat-free');
    await sit(a, tableId, await player());
    expect(await refusal(a.joinWaitingList(tableId, first))).toBe('waiting-list-refused/already-seated');
  });

  it('003:R-TBL-04 a freed seat is offered to the first in the list over their socket with a deadline in their view; nobody else may take it; the offered player sits down', async () => {
    const a = await startRoom('a');
    const b = await startRoom('b');
    const { tableId, seated, queue } = await fullTableWithQueue(a, 2);
    const [first, second] = queue as [string, string];
    const leaver = await playerToAct(a, tableId, seated);
    await b.command(tableId, leaver.playerId, { kind: 'leave' });
    await waitFor(() => offersTo(first).length > 0, { what: 'the offer to the first in the list' });
    const offer = offersTo(first)[0]!;
    expect(offer.tableId).toBe(tableId);
    expect(offer.expiresAt).toBe(new Date(clock.now().getTime() + offerMs).toISOString());
    expect(offersTo(second)).toHaveLength(0);
    expect((await b.snapshot(tableId, first)).seatOffer).toEqual({ expiresAt: offer.expiresAt });
    expect((await b.snapshot(tableId, second)).seatOffer).toBeUndefined();

    // The second in the list and a player from outside it are refused the reserved seat, naming the rule.
    const outsider = await player();
    for (const playerId of [second, outsider]) {
      const refused = await b.sit(tableId, playerId, { buyInMinor: 5_000n, waitForBigBlind: false }).catch((e: unknown) => e);
      expect(isDomainError(refused) && refused.code).toBe('seat-reserved');
      expect(isDomainError(refused) && refused.extensions?.['rule']).toBe('003:R-TBL-04');
    }
    const taken = await sit(b, tableId, first);
    expect(taken.mine?.seat).toBe(leaver.seat);
    expect(taken.seatOffer).toBeUndefined();
    expect((await waitingListOf(testDb.db, tableId)).map((e) => e.playerId)).toEqual([second]);
  });

  it('003:R-TBL-04 an offer that expires passes to the next in the list; a declined one (leaving the list) too', async () => {
    const a = await startRoom('a');
    const { tableId, seated, queue } = await fullTableWithQueue(a, 3);
    const [first, second, third] = queue as [string, string, string];
    await a.command(tableId, (await playerToAct(a, tableId, seated)).playerId, { kind: 'leave' });
    await waitFor(() => offersTo(first).length > 0, { what: 'the offer to the first' });

    clock.advanceMs(offerMs);
    await a.runDue();
    await waitFor(() => offersTo(second).length > 0, { what: 'the offer passed to the second' });
    expect(offersTo(first).at(-1)!.expiresAt).toBeNull();
    expect((await a.snapshot(tableId, first)).seatOffer).toBeUndefined();
    // The expired player left the list; their seat attempt is refused as anyone's.
    expect(await refusal(sit(a, tableId, first))).toBe('seat-reserved/seat-offered');

    await a.leaveWaitingList(tableId, second);
    await waitFor(() => offersTo(third).length > 0, { what: 'the declined offer passed to the third' });
    expect((await waitingListOf(testDb.db, tableId)).map((e) => e.playerId)).toEqual([third]);
    expect((await sit(a, tableId, third)).mine).not.toBeNull();
  });

  it('003:R-TBL-04 leaving the list: the player is out of it and the others move up', async () => {
    const a = await startRoom('a');
    const b = await startRoom('b');
    const { tableId, queue } = await fullTableWithQueue(a, 3);
    await b.leaveWaitingList(tableId, queue[0]!);
    expect((await waitingListOf(testDb.db, tableId)).map((e) => e.playerId)).toEqual(queue.slice(1));
    expect((await a.lobby()).find((t) => t.tableId === tableId)!.waitingListLength).toBe(2);
    expect(await refusal(a.leaveWaitingList(tableId, queue[0]!))).toBe('waiting-list-refused/not-waiting');
    const again = await b.joinWaitingList(tableId, queue[0]!);
    expect(again).toEqual({ place: 3, length: 3 });
  });
  it('003:R-TBL-04 the list and a running offer survive a takeover: the new holder keeps the seat for the offered player', async () => {
    const a = await startRoom('a');
    const b = await startRoom('b');
    const { tableId, seated, queue } = await fullTableWithQueue(a, 2);
    const [first, second] = queue as [string, string];
    await a.command(tableId, (await playerToAct(a, tableId, seated)).playerId, { kind: 'leave' });
    await waitFor(() => offersTo(first).length > 0, { what: 'the offer to the first' });
    const { expiresAt } = offersTo(first)[0]!;

    // The holder dies; after its lease lapses the other instance takes the table over from the stored list.
    await a.halt();
    clock.advanceMs(3_001);
    expect(await b.claimTablesNeedingDriver()).toBeGreaterThanOrEqual(1);
    expect(b.drivenTableIds()).toContain(tableId);
    expect((await b.snapshot(tableId, first)).seatOffer).toEqual({ expiresAt });
    expect(await refusal(sit(b, tableId, second))).toBe('seat-reserved/seat-offered');
    expect((await sit(b, tableId, first)).mine).not.toBeNull();
    expect((await waitingListOf(testDb.db, tableId)).map((e) => e.playerId)).toEqual([second]);
  });

  it('003:R-TBL-04 D-1827 a deposed driver cannot pass an expired offer on: its offer write is fenced by the lease, refused, and nothing of it is stored', async () => {
    // a is paused (no renewals) and deposed by b; a still holds the table in memory when the offer expires.
    const a = await startRoom('a', 600_000);
    const b = await startRoom('b');
    const { tableId, seated, queue } = await fullTableWithQueue(a, 2);
    const [first, second] = queue as [string, string];
    await a.command(tableId, (await playerToAct(a, tableId, seated)).playerId, { kind: 'leave' });
    await waitFor(() => offersTo(first).length > 0, { what: 'the offer to the first' });
    const stored = await waitingListOf(testDb.db, tableId);
    clock.advanceMs(3_001);
    expect(await b.claimTablesNeedingDriver()).toBeGreaterThanOrEqual(1);
    expect(await waitingListOf(testDb.db, tableId), 'the new holder keeps the running offer').toEqual(stored);

    // The first's offer expires: a's tick would drop it and offer the seat to the second, under a lease it lost.
    clock.advanceMs(offerMs);
    await a.runDue();
    expect(a.drivenTableIds(), 'the deposed driver lets the table go').not.toContain(tableId);
    expect(await waitingListOf(testDb.db, tableId), 'nothing the deposed driver offered is stored').toEqual(stored);
    expect(offersTo(second), 'no offer reached the second from the deposed driver').toEqual([]);
    // The holder passes the offer on (its own tick).
    await b.runDue();
    await waitFor(() => offersTo(second).length > 0, { what: "the holder's offer to the second" });
    expect((await waitingListOf(testDb.db, tableId)).map((e) => e.playerId)).toEqual([second]);
  });
});
