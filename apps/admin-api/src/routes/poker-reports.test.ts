import { pokerRuleProfiles } from '@casino/operator';
import { createStaffPerRole, type StaffByRole } from '@casino/compliance/testing';
import { ManualClock } from '@casino/core';
import type { App } from '@casino/http';
import { createTestConnections, testServiceEnv, type TestConnections } from '@casino/http/testing';
import { acquireTableLease, buyIn, commitHand, createPokerTable, markHandRunning } from '@casino/tables';
import { fundedPlayer, noLimitDefinition, openFunding, playHand, storeContext } from '@casino/tables/poker-testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminApi } from '../app.ts';
import { loadAdminApiConfig } from '../config.ts';

/**
 * Issue 16: the reports fed by real poker cash hands, committed through the tables' store: the rake
 * in the GGR report, and the shared-liquidity split by the players' residence.
 */
let connections: TestConnections;
let app: App;
let staffByRole: StaffByRole;
const clock = new ManualClock(new Date('2026-11-10T10:00:00Z'));

beforeAll(async () => {
  connections = await createTestConnections();
  app = await buildAdminApi({
    config: loadAdminApiConfig(testServiceEnv()),
    connections,
    redisKeyPrefix: connections.redisKeyPrefix,
    clock,
  });
  await app.ready();
  const db = connections.db;
  staffByRole = await createStaffPerRole(db);
  const funding = await openFunding(db);
  const ctx = storeContext(db, clock, 'reports-instance');
  const table = await createPokerTable(db, {
    definition: noLimitDefinition,
    profile: pokerRuleProfiles[noLimitDefinition.profileId],
    now: clock.now(),
  });
  const lease = (await acquireTableLease(db, {
    tableId: table.id,
    instanceId: ctx.instanceId,
    ttlMs: 60_000,
    now: clock.now(),
  }))!;
  const leased = { tableId: table.id, epoch: lease.epoch };
  const czech = await fundedPlayer(db, funding, clock, '500.00');
  const slovak = await fundedPlayer(db, funding, clock, '500.00');
  await db.$executeRaw`UPDATE player SET residence_address = jsonb_set(residence_address, '{country}', '"SK"') WHERE id = ${slovak.playerId}::uuid`;
  await buyIn(ctx, { ...leased, playerId: czech.playerId, seat: 1, alias: 'Jana', amountMinor: 10_000n });
  await buyIn(ctx, { ...leased, playerId: slovak.playerId, seat: 2, alias: 'Peter', amountMinor: 10_000n });
  let seats = [
    { seat: 1, playerId: czech.playerId, alias: 'Jana', stackMinor: 10_000n },
    { seat: 2, playerId: slovak.playerId, alias: 'Peter', stackMinor: 10_000n },
  ];
  // Hand 1 goes to the showdown (a flop: 5 % rake of the 2.00 pot); hand 2 is folded to the big blind (no flop, no rake).
  const first = playHand({ handNumber: 1, buttonSeat: 1, players: seats, line: 'check-down' });
  await markHandRunning(ctx, { ...leased, handId: first.handId });
  const committed = await commitHand(ctx, { ...leased, hand: first, nextRunningHandId: null });
  seats = seats.map((s) => ({ ...s, stackMinor: committed.stacks.find((c) => c.seat === s.seat)!.stackMinor }));
  const second = playHand({ handNumber: 2, buttonSeat: 2, players: seats, line: 'fold' });
  clock.advanceMs(60_000);
  await markHandRunning(ctx, { ...leased, handId: second.handId });
  await commitHand(ctx, { ...leased, hand: second, nextRunningHandId: null });
});

afterAll(async () => {
  await app?.close();
  await connections?.close();
});

const get = (url: string, role: 'auditor' | 'finance' | 'mlro') =>
  app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${app.issueAccessToken({ audience: 'staff', subject: staffByRole[role] })}` },
  });

describe('reports fed by poker cash hands (issue 16)', () => {
  it('issue 16: the rake a committed hand posts is poker rake in the GGR report of its Prague day, not a stake', async () => {
    const response = await get('/v1/reports/ggr?from=2026-11-10&to=2026-11-11&granularity=day', 'auditor');
    expect(response.statusCode).toBe(200);
    const poker = (response.json() as { lines: Array<Record<string, unknown>> }).lines.filter((l) => l.game === 'poker');
    expect(poker).toEqual([
      {
        period: '2026-11-10',
        game: 'poker',
        currency: 'CZK',
        stakes: { amount: '0.00', currency: 'CZK' },
        wins: { amount: '0.00', currency: 'CZK' },
        rake: { amount: '0.10', currency: 'CZK' },
        tournamentFees: { amount: '0.00', currency: 'CZK' },
        ggr: { amount: '0.10', currency: 'CZK' },
      },
    ]);
  });

  it('002:ALLOC-01 ALLOC-02 ALLOC-04 each poker hand is one game: stakes put in, wins won after rake, the net split by the stakes of Czech residents', async () => {
    const response = await get('/v1/reports/shared-liquidity?from=2026-11-10&to=2026-11-11&currency=CZK', 'finance');
    expect(response.statusCode).toBe(200);
    const body = response.json() as Record<string, unknown>;
    // Hand 1: 1.00 each, the winner takes 1.90 (net 0.10, Czech half 0.05); hand 2: 0.50 and 0.50, all back (net 0).
    expect(body).toMatchObject({
      hands: 2,
      sharedHands: 2,
      stakes: { amount: '3.00', currency: 'CZK' },
      czechStakes: { amount: '1.50', currency: 'CZK' },
      wins: { amount: '2.90', currency: 'CZK' },
      net: { amount: '0.10', currency: 'CZK' },
      czechRevenue: { amount: '0.05', currency: 'CZK' },
      otherRevenue: { amount: '0.05', currency: 'CZK' },
    });
    expect((await get('/v1/reports/shared-liquidity?from=2026-11-10&to=2026-11-11&currency=CZK', 'mlro')).statusCode).toBe(403);
  });
});
