import { isDomainError, ManualClock } from '@casino/core';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import { createRoundSeed } from '@casino/games';
import { czechProfile } from '@casino/limits';
import { insertPlayer } from '@casino/test-support/players';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableBroadcaster, TablesContext } from './context.ts';
import type { TableMessage } from './realtime.ts';
import { suspendPlayer } from './poker/integrity/suspensions.ts';
import { leaveSeat, takeSeat } from './seats.ts';
import { createTable, type TableConfig } from './table-config.ts';

/**
 * Issue 15 (tests that lean on apps): seats (004:GAM-R-01/02) tested in the tables package, on a
 * database of its own, without the game service or its sockets. What the tables push after commit is
 * kept in memory here; production pushes it through Redis.
 */
let testDb: TestDatabase;
let ctx: TablesContext;
let table: TableConfig;
const pushed: Array<{ tableId: string; message: TableMessage }> = [];
const clock = new ManualClock(new Date('2026-11-24T09:00:00Z'));

beforeAll(async () => {
  testDb = await createTestDatabase();
  const broadcaster: TableBroadcaster = {
    toTable: async (tableId, message) => void pushed.push({ tableId, message }),
    toPlayer: async () => undefined,
  };
  ctx = {
    db: testDb.db,
    clock,
    limits: { clock, profile: czechProfile },
    broadcaster,
    presence: { isConnected: async () => true },
    newSeed: createRoundSeed,
  };
  table = await createTable(
    testDb.db,
    {
      code: 'seats-1',
      name: 'Roulette seats-1',
      game: 'roulette',
      variant: 'european',
      currency: 'CZK',
      seatsMax: 2,
      bettingTimeMs: 20_000,
      actionTimeMs: 20_000,
      idleRoundsMax: 5,
      limits: {
        unitMinor: 10n,
        insideMinimumMinor: 10n,
        outsideMinimumMinor: 10n,
        straightMaximumMinor: 100_000n,
        outsideMaximumMinor: 500_000n,
        positionMaximumMinor: 100_000_000n,
      },
    },
    clock.now(),
  );
});
afterAll(async () => {
  await testDb?.drop();
});

const seatedAt = async () =>
  (await testDb.db.tableSeat.findMany({ where: { tableId: table.id }, orderBy: { seatNo: 'asc' } })).map((s) => s.seatNo);
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'taken',
    (error: unknown) => (isDomainError(error) ? error.code : error),
  );

describe('seats in the tables package (issue 15)', () => {
  it('issue 15: 004:GAM-R-01 a seat goes to a temporary or registered account only; the first free one is taken, a full table leaves the rest spectators, and a seat left is free again', async () => {
    const applicant = await insertPlayer(testDb.db, { state: 'APPLICANT', clock });
    expect(await refusal(takeSeat(ctx, { playerId: applicant, tableId: table.id }))).toBe('account-not-active');

    const first = await insertPlayer(testDb.db, { state: 'TEMPORARY', clock });
    const second = await insertPlayer(testDb.db, { state: 'REGISTERED', clock });
    const third = await insertPlayer(testDb.db, { state: 'REGISTERED', clock });
    const firstSeat = await takeSeat(ctx, { playerId: first, tableId: table.id });
    expect(firstSeat.seat).toBe(1);
    expect(firstSeat.roundId).toEqual(expect.any(String)); // the first seated player starts the table's rounds
    expect((await takeSeat(ctx, { playerId: second, tableId: table.id })).seat).toBe(2);
    expect(await refusal(takeSeat(ctx, { playerId: first, tableId: table.id }))).toBe('already-seated');
    expect(await refusal(takeSeat(ctx, { playerId: third, tableId: table.id }))).toBe('table-full');
    expect(await seatedAt()).toEqual([1, 2]);

    expect(await leaveSeat(ctx, { playerId: first, tableId: table.id })).toEqual({ left: true });
    expect((await takeSeat(ctx, { playerId: third, tableId: table.id })).seat).toBe(1);
    expect(await seatedAt()).toEqual([1, 2]);
    // Everyone watching was told after each change, on the table's channel.
    expect(pushed.filter((p) => p.tableId === table.id && p.message.type === 'seats').length).toBeGreaterThanOrEqual(4);
  });
});

describe('suspension from live games (issue 18)', () => {
  it('004:T-152 TEC-07 GAM-P-08 a player suspended from all live games is refused a roulette seat; one suspended from poker only is not', async () => {
    const { id: _id, isOpen: _open, ...definition } = table;
    const roulette = await createTable(
      testDb.db,
      { ...definition, code: 'seats-suspended', name: 'Roulette suspended' },
      clock.now(),
    );
    const everywhere = await insertPlayer(testDb.db, { state: 'REGISTERED', clock });
    const pokerOnly = await insertPlayer(testDb.db, { state: 'REGISTERED', clock });
    const actor = { kind: 'system' as const, name: 'seats-test' };
    await suspendPlayer({ db: testDb.db, clock }, actor, {
      playerId: everywhere,
      scope: 'live-games',
      reason: 'suspected collusion',
    });
    await suspendPlayer({ db: testDb.db, clock }, actor, { playerId: pokerOnly, scope: 'poker', reason: 'suspected bot' });
    const reason = (promise: Promise<unknown>) =>
      promise.then(
        () => 'taken',
        (error: unknown) => (isDomainError(error) ? (error.extensions?.['reason'] ?? error.code) : error),
      );
    expect(await reason(takeSeat(ctx, { playerId: everywhere, tableId: roulette.id }))).toBe('suspended');
    expect(await reason(takeSeat(ctx, { playerId: pokerOnly, tableId: roulette.id }))).toBe('taken');
  });
});
