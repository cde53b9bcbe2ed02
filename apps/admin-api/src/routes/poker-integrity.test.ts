import { createStaffPerRole, type StaffByRole } from '@casino/compliance/testing';
import { ManualClock } from '@casino/core';
import type { App, StaffRole } from '@casino/http';
import { createTestConnections, testServiceEnv, type TestConnections } from '@casino/http/testing';
import { demoPokerTables, pokerRuleProfiles } from '@casino/operator';
import { acquireTableLease, buyIn, commitHand, createPokerTable, markHandRunning, orderPrivateTable } from '@casino/tables';
import { fundedPlayer, noLimitDefinition, openFunding, playHand, storeContext, type Funding } from '@casino/tables/poker-testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminApi } from '../app.ts';
import { loadAdminApiConfig } from '../config.ts';

/**
 * Issue 18: the poker room's integrity for staff over HTTP: each action needs its role, answers bad
 * input with problem+json, and leaves an audit entry naming the staff user and the reason.
 */
let connections: TestConnections;
let app: App;
let staffByRole: StaffByRole;
let funding: Funding;
const clock = new ManualClock(new Date('2026-11-26T10:00:00Z'));

beforeAll(async () => {
  connections = await createTestConnections();
  app = await buildAdminApi({
    config: loadAdminApiConfig(testServiceEnv()),
    connections,
    redisKeyPrefix: connections.redisKeyPrefix,
    clock,
  });
  await app.ready();
  staffByRole = await createStaffPerRole(connections.db);
  funding = await openFunding(connections.db);
});
afterAll(async () => {
  await app?.close();
  await connections?.close();
});

const as = (role: StaffRole) => ({
  authorization: `Bearer ${app.issueAccessToken({ audience: 'staff', subject: staffByRole[role] })}`,
});
const post = (role: StaffRole, url: string, payload: object) => app.inject({ method: 'POST', url, headers: as(role), payload });
const auditOf = (subjectId: string) =>
  connections.db.auditLogEntry.findMany({
    where: { subjectId },
    orderBy: { seq: 'asc' },
    select: { action: true, actorId: true, reason: true },
  });

describe('poker integrity in the admin API (issue 18)', () => {
  it('004:T-152 003:R-COND-I a compliance officer suspends a player from poker and lifts it after the investigation, audited; support may only read', async () => {
    const { playerId } = await fundedPlayer(connections.db, funding, clock, '100.00');
    expect(
      (await post('support', `/v1/poker/players/${playerId}/suspension`, { scope: 'poker', reason: 'suspected bot' })).statusCode,
    ).toBe(403);
    const suspended = await post('compliance-officer', `/v1/poker/players/${playerId}/suspension`, {
      scope: 'poker',
      reason: 'suspected bot play',
    });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toMatchObject({ playerId, scope: 'poker', liftedAt: null });
    const read = await app.inject({ method: 'GET', url: `/v1/poker/players/${playerId}/integrity`, headers: as('support') });
    expect(read.json().suspensions).toHaveLength(1);
    const lifted = await post('compliance-officer', `/v1/poker/players/${playerId}/suspension/lift`, {
      reason: 'timings were human',
    });
    expect(lifted.json()).toMatchObject({ liftReason: 'timings were human' });
    expect(await auditOf(playerId)).toEqual([
      { action: 'poker.player-suspended', actorId: staffByRole['compliance-officer'], reason: 'suspected bot play' },
      { action: 'poker.player-suspension-lifted', actorId: staffByRole['compliance-officer'], reason: 'timings were human' },
    ]);
  });

  it('000-001:TBL-11 T-15 a pair is kept apart by the MLRO; the same player twice is refused as problem+json naming the field', async () => {
    const [x, y] = await Promise.all([0, 1].map(() => fundedPlayer(connections.db, funding, clock, '10.00')));
    const bad = await post('mlro', '/v1/poker/separations', {
      playerIds: [x!.playerId, x!.playerId],
      reason: 'suspected collusion',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
    expect(bad.json()).toMatchObject({ field: 'body.playerIds' });
    const made = await post('mlro', '/v1/poker/separations', {
      playerIds: [x!.playerId, y!.playerId],
      reason: 'suspected collusion',
    });
    expect(made.statusCode).toBe(200);
    expect(made.json().playerIds.sort()).toEqual([x!.playerId, y!.playerId].sort());
  });

  it('003:R-COND-J 000-001:FAIR-11 ACC-14 the MLRO claws back a hand: one CLAWBACK ledger transaction, held by the operator where the profile says so; a compliance officer may not', async () => {
    const db = connections.db;
    const ctx = storeContext(db, clock, 'integrity-admin');
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
    const [a, b] = await Promise.all([0, 1].map(() => fundedPlayer(db, funding, clock, '500.00')));
    await buyIn(ctx, { ...leased, playerId: a!.playerId, seat: 1, alias: 'A', amountMinor: 10_000n });
    await buyIn(ctx, { ...leased, playerId: b!.playerId, seat: 2, alias: 'B', amountMinor: 10_000n });
    const seats = [
      { seat: 1, playerId: a!.playerId, alias: 'A', stackMinor: 10_000n },
      { seat: 2, playerId: b!.playerId, alias: 'B', stackMinor: 10_000n },
    ];
    const hand = playHand({ handNumber: 1, buttonSeat: 1, players: seats, line: 'fold' });
    await markHandRunning(ctx, { ...leased, handId: hand.handId });
    await commitHand(ctx, { ...leased, hand, nextRunningHandId: null });
    const winner = hand.results.find((r) => r.wonMinor > r.putInMinor)!.playerId;
    const url = `/v1/poker/players/${winner}/clawbacks`;
    expect((await post('compliance-officer', url, { handIds: [hand.handId], reason: 'chip dumping' })).statusCode).toBe(403);
    const taken = await post('mlro', url, { handIds: [hand.handId], reason: 'chip dumping found' });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ paidTo: 'operator', distribution: [], amount: { amount: '0.50', currency: 'CZK' } });
    const posted = await db.ledgerTransaction.findUnique({
      where: { id: taken.json().ledgerTransactionId },
      select: { kind: true },
    });
    expect(posted?.kind).toBe('CLAWBACK');
    expect((await post('mlro', url, { handIds: [hand.handId], reason: 'chip dumping again' })).statusCode).toBe(409);
  });

  it('003:R-PRIV-05 R-PRIV-06 support approve a private-table order: the table is set up and the decision audited; deciding it again is a conflict', async () => {
    const db = connections.db;
    const template = demoPokerTables('CZK').find((t) => t.profileId === 'SE')!;
    const created = await createPokerTable(db, { definition: template, profile: pokerRuleProfiles.SE, now: clock.now() });
    const { playerId } = await fundedPlayer(db, funding, clock, '10.00');
    const order = await orderPrivateTable(app.platform.pokerIntegrity(), {
      playerId,
      templateTableId: created.id,
      name: 'Friday friends',
      gameDay: '2026-11-28',
      seatsMax: 6,
      termsAccepted: true,
    });
    const decided = await post('support', `/v1/poker/private-table-orders/${order.orderId}/decision`, {
      approve: true,
      reason: 'a fine name',
    });
    expect(decided.statusCode).toBe(200);
    expect(decided.json()).toMatchObject({ status: 'APPROVED', gameDay: '2026-11-28', seatsMax: 6 });
    expect(decided.json().tableId).toEqual(expect.any(String));
    expect((await auditOf(order.orderId)).map((e) => e.action)).toEqual(['poker.private-table-approved']);
    expect(
      (
        await post('support', `/v1/poker/private-table-orders/${order.orderId}/decision`, {
          approve: false,
          reason: 'changed mind',
        })
      ).statusCode,
    ).toBe(409);
  });
});
