import { isDomainError, ManualClock } from '@casino/core';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import { createRoundSeed } from '@casino/games';
import { czechProfile } from '@casino/limits';
import { insertPlayer } from '@casino/test-support/players';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actInRound } from './act-in-round.ts';
import type { TablesContext } from './context.ts';
import { listTables } from './lobby.ts';
import { runDueRounds } from './run-due-rounds.ts';
import { takeSeat } from './seats.ts';
import { setTableAcceptingBets } from './suspend-betting.ts';
import { createTable, type TableConfig } from './table-config.ts';

let testDb: TestDatabase;
let ctx: TablesContext;
let table: TableConfig;
const clock = new ManualClock(new Date('2026-11-24T09:00:00Z'));
const bettingTimeMs = 20_000;

beforeAll(async () => {
  testDb = await createTestDatabase();
  ctx = {
    db: testDb.db,
    clock,
    limits: { clock, profile: czechProfile },
    broadcaster: { toTable: async () => undefined, toPlayer: async () => undefined },
    presence: { isConnected: async () => true },
    newSeed: createRoundSeed,
  };
  table = await createTable(
    testDb.db,
    {
      code: 'suspend-1',
      name: 'Roulette suspend-1',
      game: 'roulette',
      variant: 'european',
      currency: 'CZK',
      seatsMax: 4,
      bettingTimeMs,
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

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: unknown) => (isDomainError(error) ? error.code : error),
  );
let actions = 0;
const bet = (playerId: string, roundId: string) =>
  actInRound(ctx, {
    playerId,
    roundId,
    actionId: `bet-${++actions}`,
    action: { kind: 'place-bets', bets: [{ kind: 'outside', position: 'red', stakeMinor: 100n }] },
  });
const openRounds = () => testDb.db.gameRound.findMany({ where: { tableId: table.id, kind: 'LIVE', status: 'OPEN' } });

describe('suspending bets at a table', () => {
  it('004:BET-07 / T-66 the operator suspends betting at once: the running round takes no new bet, the table leaves the lobby, takes no seat and opens no round; resuming starts the next round', async () => {
    const seated = await insertPlayer(testDb.db, { state: 'REGISTERED', clock });
    const { roundId } = await takeSeat(ctx, { playerId: seated, tableId: table.id });
    expect(await outcome(bet(seated, roundId!))).toBe('accepted');

    expect((await setTableAcceptingBets(ctx, { tableId: table.id, accepting: false })).isOpen).toBe(false);
    expect(await outcome(bet(seated, roundId!))).toBe('table-closed');
    expect((await listTables(testDb.db)).map((t) => t.id)).not.toContain(table.id);
    const newcomer = await insertPlayer(testDb.db, { state: 'REGISTERED', clock });
    expect(await outcome(takeSeat(ctx, { playerId: newcomer, tableId: table.id }))).toBe('table-closed');

    clock.advanceMs(bettingTimeMs);
    await runDueRounds(ctx);
    expect((await testDb.db.gameRound.findUniqueOrThrow({ where: { id: roundId! } })).status).not.toBe('OPEN');
    expect(await openRounds()).toEqual([]);

    await setTableAcceptingBets(ctx, { tableId: table.id, accepting: true });
    const [next] = await openRounds();
    expect(next).toBeDefined();
    expect(await outcome(bet(seated, next!.id))).toBe('accepted');
    expect((await listTables(testDb.db)).map((t) => t.id)).toContain(table.id);
  });
});
