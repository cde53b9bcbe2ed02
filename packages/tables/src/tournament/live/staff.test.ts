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
import { createTournament, registerForTournament, startTournament, type TournamentStoreContext } from '../store.ts';
import { testDefinition, testRules } from '../testing.ts';
import type { TournamentSeatView } from './floor.ts';
import { createTournamentRoom, liveStateFromJson } from './room-store.ts';
import { cancelTournamentByStaff, setTournamentPausedByStaff } from '../staff.ts';

/**
 * Issue 19 (D-1935): staff's pause, resume and cancellation of a live tournament, on a real database and
 * Redis: the admin API writes the pause to the tournament row, the driving instance applies it at the
 * hand boundary; a cancellation settles on the last boundary and the driver lets the tournament go.
 */
let testDb: TestDatabase;
let redis: Redis;
let funding: Funding;
let ctx: TournamentStoreContext;
const clock = new ManualClock(new Date('2026-11-26T10:00:00Z'));
const prefix = `tournament-staff-test:${newId()}`;
const leaseTtlMs = 3_000;
const rooms: PokerRoomDriver[] = [];
const quiet = { info: () => undefined, warn: () => undefined, error: (o: object, m: string) => console.error(m, o) };
const pushedTo = new Map<string, unknown[]>();

beforeAll(async () => {
  testDb = await createTestDatabase();
  funding = await openFunding(testDb.db);
  redis = createRedis({ redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', connectionName: 'tournament-staff-test' });
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

const staff = { kind: 'staff' as const, staffUserId: newId() as never, roles: ['admin' as const], requestId: 'test' };

/** One round: every player whose turn it is checks or calls; returns whether anyone acted. */
async function actOnce(tournamentId: string, players: readonly { playerId: string }[], room: PokerRoomDriver) {
  let acted = false;
  for (const { playerId } of players) {
    const mine = (await room.snapshot(tournamentId, playerId)).mine as TournamentSeatView | null;
    if (!mine?.legal || !mine.table.toAct) continue;
    try {
      await room.command(tournamentId, playerId, {
        kind: 'act',
        action: mine.legal.check ? 'check' : 'call',
        turn: mine.table.toAct.turn,
      });
      acted = true;
    } catch (error) {
      if (!isDomainError(error)) throw error;
    }
  }
  return acted;
}

async function anyoneToAct(tournamentId: string, players: readonly { playerId: string }[], room: PokerRoomDriver) {
  for (const { playerId } of players) {
    const mine = (await room.snapshot(tournamentId, playerId)).mine as TournamentSeatView | null;
    if (mine?.legal && mine.table.toAct) return true;
  }
  return false;
}

const handsDealt = async (tournamentId: string) =>
  (await stored(tournamentId)).state.tables.reduce((sum, [, t]) => sum + t.handNumber, 0);

const pausedView = async (tournamentId: string, playerId: string, room: PokerRoomDriver) =>
  ((await room.snapshot(tournamentId, playerId)).mine as TournamentSeatView | null)?.paused;

describe('staff at a live tournament (issue 19)', () => {
  it('003:R-TECH-06 003:S-87 003:R-TOUR-14 a staff pause lets the running hand finish, deals nothing more and stops the clock; a resume deals again', async () => {
    const room = await startRoom('a');
    const { tournamentId, players } = await liveTournament({ seatsPerTable: 3, entrantsMin: 3, entrantsMax: 3 }, 3);
    expect(await room.claimTablesNeedingDriver()).toBe(1);
    clock.advanceMs(1_000);
    await room.runDue();
    expect(await anyoneToAct(tournamentId, players, room)).toBe(true);
    await setTournamentPausedByStaff(ctx, staff, { tournamentId, paused: true, reason: 'Floor maintenance' });
    // The hand running plays out; its commit reads the pause (the hand boundary).
    for (let round = 0; (await pausedView(tournamentId, players[0]!.playerId, room)) !== true; round++) {
      expect(round, 'the running hand ends').toBeLessThan(500);
      if (!(await actOnce(tournamentId, players, room))) {
        clock.advanceMs(1_000);
        await room.runDue();
      }
    }
    const handsAtPause = await handsDealt(tournamentId);
    // Long after: nothing is dealt, nobody is to act.
    for (let i = 0; i < 5; i++) {
      clock.advanceMs(60_000);
      await room.runDue();
      await room.renewLeases();
    }
    expect(await anyoneToAct(tournamentId, players, room)).toBe(false);
    expect(await handsDealt(tournamentId)).toBe(handsAtPause);
    // The resume is read at the next lease renewal and dealing goes on.
    await setTournamentPausedByStaff(ctx, staff, { tournamentId, paused: false, reason: 'Maintenance over' });
    await room.renewLeases();
    for (let round = 0; !(await anyoneToAct(tournamentId, players, room)); round++) {
      expect(round, 'a hand is dealt after the resume').toBeLessThan(50);
      clock.advanceMs(1_000);
      await room.runDue();
    }
    expect(await pausedView(tournamentId, players[0]!.playerId, room)).toBe(false);
    // Done: the next test's room does not pick it up.
    await cancelTournamentByStaff(ctx, staff, { tournamentId, reason: 'End of the test' });
  }, 600_000);

  it('000-001:TIME-07 003:R-TECH-06 a running live tournament cancelled by staff: settled on the last hand boundary with the formula, every share posted, the pool at zero, the driver stops', async () => {
    const room = await startRoom('a');
    const { tournamentId, players } = await liveTournament({ seatsPerTable: 3, entrantsMin: 3, entrantsMax: 3 }, 3);
    expect(await room.claimTablesNeedingDriver()).toBe(1);
    // A few hands, then the cancellation (a hand may be running: it is void).
    for (let round = 0; (await handsDealt(tournamentId)) < 1; round++) {
      expect(round).toBeLessThan(2_000);
      if (!(await actOnce(tournamentId, players, room))) {
        clock.advanceMs(1_000);
        await room.runDue();
      }
    }
    const { refunds } = await cancelTournamentByStaff(ctx, staff, { tournamentId, reason: 'Operator fault' });
    const { status, pool_account_id } = await stored(tournamentId);
    expect(status).toBe('CANCELLED');
    expect((await ledger.balance(testDb.db, pool_account_id as AccountId)).toMinor()).toBe(0n);
    expect(refunds.length).toBe(3);
    expect(await ledger.findInvariantViolations(testDb.db)).toEqual([]);
    // The driver's fence fails from now on: the next renewal lets the tournament go, nothing more is committed.
    await room.renewLeases();
    expect(room.drivenTableIds()).not.toContain(tournamentId);
    const [audit] = await testDb.db.$queryRaw<[{ action: string }]>`
      SELECT action FROM audit_log_entry WHERE subject_type = 'tournament' AND subject_id = ${tournamentId}`;
    expect(audit.action).toBe('tournament.cancel');
  }, 600_000);
});
