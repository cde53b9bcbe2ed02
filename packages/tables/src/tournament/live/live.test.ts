import { isDomainError, ManualClock, newId, type AccountId } from '@casino/core';
import { createRedis, type Redis } from '@casino/db';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import { SeededRng } from '@casino/games';
import * as ledger from '@casino/ledger';
import { czechProfile } from '@casino/limits';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TableBroadcaster } from '../../context.ts';
import type { PokerRoomDriver } from '../../poker/room.ts';
import { fixtureProfileOf, fundedPlayer, noLimitDefinition, openFunding, type Funding } from '../../poker/testing.ts';
import type { TournamentDefinition } from '../definition.ts';
import { balancingProblems, type Tables } from '../seating.ts';
import { createTournament, registerForTournament, startTournament, type TournamentStoreContext } from '../store.ts';
import { testDefinition, testRules } from '../testing.ts';
import type { TournamentSeatView } from './floor.ts';
import { createTournamentRoom, liveStateFromJson } from './room-store.ts';

/**
 * Issue 19: live tournament tables on the cash tables' room driver, on a real database and Redis:
 * players act through the room (the same `command` the REST route and the socket's `act` call),
 * time-outs run on the profile's clock, the director balances and breaks tables between hands, one
 * instance drives the tournament under its lease and another takes over when it dies, and the last
 * hand's commit finishes the tournament with its payouts in the ledger.
 */
let testDb: TestDatabase;
let redis: Redis;
let funding: Funding;
let ctx: TournamentStoreContext;
const clock = new ManualClock(new Date('2026-11-26T10:00:00Z'));
const prefix = `tournament-live-test:${newId()}`;
const leaseTtlMs = 3_000;
const rooms: PokerRoomDriver[] = [];
const quiet = { info: () => undefined, warn: () => undefined, error: (o: object, m: string) => console.error(m, o) };
const pushedTo = new Map<string, unknown[]>();

beforeAll(async () => {
  testDb = await createTestDatabase();
  funding = await openFunding(testDb.db);
  redis = createRedis({ redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', connectionName: 'tournament-live-test' });
  const poker = { ...fixtureProfileOf(noLimitDefinition), id: 'CZ-FO' as const, seats: { min: 2, max: 10 } };
  ctx = {
    db: testDb.db,
    clock,
    limits: { clock, profile: czechProfile },
    rules: { HR: testRules, AT: testRules, 'CZ-PS': testRules, SE: testRules, 'CZ-FO': testRules },
    poker: { HR: poker, AT: poker, 'CZ-PS': poker, SE: poker, 'CZ-FO': poker },
  };
});
afterEach(async () => {
  await Promise.all(rooms.splice(0).map((room) => room.stop()));
});
afterAll(async () => {
  redis?.disconnect();
  await testDb?.drop();
});

async function startRoom(name: string): Promise<PokerRoomDriver> {
  const broadcaster: TableBroadcaster = {
    toTable: async (to, message) => void pushedTo.set(to, [...(pushedTo.get(to) ?? []), message]),
    toPlayer: async (to, message) => void pushedTo.set(to, [...(pushedTo.get(to) ?? []), message]),
  };
  const room = createTournamentRoom({
    store: ctx,
    instanceId: `${name}:${newId()}`,
    redis,
    prefix,
    broadcaster,
    leaseTtlMs,
    forwardTimeoutMs: 2_000,
    claimScanIntervalMs: 600_000,
    log: quiet,
    rng: new SeededRng(77),
    handPauseMs: 1_000,
  });
  rooms.push(room);
  await room.start();
  return room;
}

async function liveTournament(overrides: Partial<TournamentDefinition>, entrants: number) {
  const { tournamentId } = await createTournament(ctx, { definition: testDefinition(overrides) });
  const players: { playerId: string; wallet: AccountId }[] = [];
  for (let i = 0; i < entrants; i++) {
    const p = await fundedPlayer(testDb.db, funding, clock, '1000.00');
    await registerForTournament(ctx, { tournamentId, playerId: p.playerId });
    players.push(p);
  }
  const started = await startTournament(ctx, tournamentId, { live: { rng: new SeededRng(5) } });
  expect(started.started).toBe(true);
  return { tournamentId, players };
}

async function stored(tournamentId: string) {
  const [row] = await testDb.db.$queryRaw<[{ status: string; live_state: unknown; pool_account_id: string }]>`
    SELECT status::text AS status, live_state, pool_account_id FROM tournament WHERE id = ${tournamentId}::uuid`;
  return { ...row, state: liveStateFromJson(row.live_state) };
}

/**
 * Plays with bots through `room()` until the tournament is over: every player asks for their view and
 * acts when it is their turn (`sleepers` never act: their clock runs out); when nobody can act the
 * clock moves on and the room runs what is due. `check` runs after every round of actions.
 */
async function playToTheEnd(
  tournamentId: string,
  players: readonly { playerId: string }[],
  room: () => PokerRoomDriver,
  options: { sleepers?: ReadonlySet<string>; check?: (round: number) => Promise<void> } = {},
) {
  for (let round = 0; ; round++) {
    expect(round, 'the tournament ends').toBeLessThan(20_000);
    if ((await stored(tournamentId)).status !== 'RUNNING') return round;
    let acted = false;
    for (const { playerId } of players) {
      if (options.sleepers?.has(playerId)) continue;
      const snapshot = await room().snapshot(tournamentId, playerId);
      const mine = snapshot.mine as TournamentSeatView | null;
      if (!mine?.legal || !mine.table.toAct) continue;
      const action = mine.legal.allIn && (round + mine.seat) % 3 !== 0 ? 'all-in' : mine.legal.check ? 'check' : 'call';
      try {
        await room().command(tournamentId, playerId, { kind: 'act', action, turn: mine.table.toAct.turn });
        acted = true;
      } catch (error) {
        if (!isDomainError(error)) throw error;
      }
    }
    await options.check?.(round);
    if (!acted) {
      clock.advanceMs(1_000);
      await room().runDue();
    }
  }
}

describe('live tournament tables (issue 19)', () => {
  it('000-001:T-73 000-001:TRN-16 000-001:TRN-17 002:MTT-02 a two-table tournament played live: tables balanced and broken between hands, busts ranked, payouts in the ledger', async () => {
    // The room starts first (its start-up scan would claim the tournament otherwise).
    const room = await startRoom('a');
    const { tournamentId, players } = await liveTournament({ seatsPerTable: 6, entrantsMin: 12, entrantsMax: 12 }, 12);
    expect(await room.claimTablesNeedingDriver()).toBe(1);
    expect(room.drivenTableIds()).toEqual([tournamentId]);
    const chipsBought = 12n * 1_500n;
    await playToTheEnd(tournamentId, players, () => room, {
      check: async () => {
        const { state, status } = await stored(tournamentId);
        if (status !== 'RUNNING') return;
        // Chips are conserved at every hand boundary (000-001:ACC-09) and the seating keeps its invariants.
        const held = state.director.entries.reduce((s, e) => s + e.chips + e.pendingChips, 0n);
        expect(held).toBe(chipsBought);
        const tables: Tables = new Map(state.director.tables.map(([t, seats]) => [t, new Map(seats)]));
        const active = state.director.entries.filter((e) => e.active).map((e) => e.entryId);
        const seated = [...tables.values()].flatMap((t) => [...t.values()]);
        expect(new Set(seated).size).toBe(seated.length);
        expect(seated.sort()).toEqual([...active].sort());
        void balancingProblems;
      },
    });
    const { status, state, pool_account_id } = await stored(tournamentId);
    expect(status).toBe('FINISHED');
    expect(state.director.moves).toBeGreaterThan(0);
    expect(state.director.tables.length).toBe(1);
    const entries = await testDb.db.$queryRaw<
      { place_best: number; place_worst: number; prize_minor: bigint; player_id: string }[]
    >`
      SELECT place_best, place_worst, prize_minor, player_id FROM tournament_entry WHERE tournament_id = ${tournamentId}::uuid ORDER BY place_best`;
    // Every entry placed; busts of one hand with equal starting stacks share their places (000-001:A-31).
    expect(entries.every((e) => e.place_best >= 1 && e.place_worst <= 12 && e.place_best <= e.place_worst)).toBe(true);
    expect(entries.filter((e) => e.place_best === 1).map((e) => e.place_worst)).toEqual([1]);
    // 12 × 100.00 start fees, all paid out (50 / 30 / 20 %, shared places split).
    expect(entries.reduce((sum, e) => sum + e.prize_minor, 0n)).toBe(120_000n);
    expect(entries[0]!.prize_minor).toBe(60_000n);
    expect((await ledger.balance(testDb.db, pool_account_id as AccountId)).toMinor()).toBe(0n);
    const winner = players.find((p) => p.playerId === entries[0]!.player_id)!;
    expect((await ledger.balance(testDb.db, winner.wallet)).toMinor()).toBe(100_000n - 11_000n + 60_000n);
    // The finished tournament's lease was let go with the last commit: the next renewal drops it.
    await room.renewLeases();
    expect(room.drivenTableIds()).toEqual([]);
  }, 600_000);

  it('000-001:TIME-02 003:R-TECH-05 a sit & go driven by one instance: a silent player times out, a second instance takes over when the first dies and plays on from the last hand boundary', async () => {
    const a = await startRoom('a');
    const b = await startRoom('b');
    const { tournamentId, players } = await liveTournament({ seatsPerTable: 3, entrantsMin: 3, entrantsMax: 3 }, 3);
    expect(await a.claimTablesNeedingDriver()).toBe(1);
    // Only one instance drives it: b finds its lease held and forwards to a.
    expect(await b.claimTablesNeedingDriver()).toBe(0);
    const viaB = await b.snapshot(tournamentId, players[0]!.playerId);
    expect(viaB.table.tableId).toBe(tournamentId);
    // A player who never acts: the profile's clock acts for them (the hand moves on).
    const sleeper = players[0]!.playerId;
    let driver = a;
    let tookOver = false;
    await playToTheEnd(tournamentId, players, () => driver, {
      sleepers: new Set([sleeper]),
      check: async (round) => {
        if (tookOver || round < 20) return;
        // a dies mid-tournament; after the lease's time to live b claims it and restores the last boundary.
        tookOver = true;
        await a.halt();
        clock.advanceMs(leaseTtlMs + 1);
        expect(await b.claimTablesNeedingDriver()).toBe(1);
        driver = b;
      },
    });
    expect(tookOver).toBe(true);
    const { status, state } = await stored(tournamentId);
    expect(status).toBe('FINISHED');
    expect(state.tables.reduce((sum, [, t]) => sum + t.handNumber, 0)).toBeGreaterThan(0);
    const [{ sum }] = await testDb.db.$queryRaw<[{ sum: bigint }]>`
      SELECT sum(prize_minor)::bigint AS sum FROM tournament_entry WHERE tournament_id = ${tournamentId}::uuid`;
    expect(sum).toBe(30_000n);
  }, 600_000);
});
