import { createStaffPerRole, type StaffByRole } from '@casino/compliance/testing';
import { ManualClock, type AccountId } from '@casino/core';
import type { App, StaffRole } from '@casino/http';
import { createTestConnections, testServiceEnv, type TestConnections } from '@casino/http/testing';
import * as ledger from '@casino/ledger';
import { demoFlightEvent, demoTournaments } from '@casino/operator';
import { SeededRng } from '@casino/games';
import { tournament } from '@casino/tables';
import { fundedPlayer, openFunding, type Funding } from '@casino/tables/poker-testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminApi } from '../app.ts';
import { loadAdminApiConfig } from '../config.ts';

/**
 * Issue 19 (D-1935): staff routes for tournaments on a real database: everything about a tournament,
 * pause and resume, cancellation with the profile's formula; role-checked and audited.
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

const as = (role: StaffRole, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${app.issueAccessToken({ audience: 'staff', subject: staffByRole[role] })}` },
    ...(payload ? { payload } : {}),
  });

/** A CZ-FO demo sit & go (100.00 + 10.00 CZK, six seats) with `entrants` registered players. */
async function sitAndGoWith(entrants: number) {
  const store = app.platform.tournaments();
  const definition = demoTournaments('CZK').find((d) => d.profileId === 'CZ-FO' && d.kind === 'sit-and-go')!;
  const { tournamentId } = await tournament.createTournament(store, { definition });
  const players = [];
  for (let i = 0; i < entrants; i++) {
    const p = await fundedPlayer(connections.db, funding, clock, '1000.00');
    await tournament.registerForTournament(store, { tournamentId, playerId: p.playerId });
    players.push(p);
  }
  return { tournamentId, players };
}

async function auditActions(tournamentId: string) {
  const rows = await connections.db.$queryRaw<{ action: string; actor_roles: string[]; reason: string }[]>`
    SELECT action, actor_roles, reason FROM audit_log_entry WHERE subject_type = 'tournament' AND subject_id = ${tournamentId} ORDER BY seq`;
  return rows.map((r) => r.action);
}

describe('staff tournament routes (issue 19)', () => {
  it('issue 19 staff see everything about a tournament: entries with players, what each paid, pool, fees, state', async () => {
    const { tournamentId, players } = await sitAndGoWith(2);
    const list = await as('auditor', 'GET', '/v1/tournaments?status=REGISTERING');
    expect(list.statusCode).toBe(200);
    expect(list.json().tournaments.map((t: { tournamentId: string }) => t.tournamentId)).toContain(tournamentId);
    const view = await as('support', 'GET', `/v1/tournaments/${tournamentId}`);
    expect(view.statusCode).toBe(200);
    const body = view.json();
    expect(body.status).toBe('REGISTERING');
    expect(body.prizePool).toEqual({ amount: '200.00', currency: 'CZK' });
    expect(body.startFeesPaid.amount).toBe('200.00');
    expect(body.feesPaid.amount).toBe('20.00');
    expect(body.entries.map((e: { playerId: string }) => e.playerId).sort()).toEqual(players.map((p) => p.playerId).sort());
    expect(body.pausedByStaffAt).toBeNull();
    expect(body.live).toBeNull();
    expect((await as('auditor', 'GET', '/v1/tournaments/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('003:R-TECH-06 003:S-87 003:R-TOUR-14 pause and resume are role-checked, audited, and refused twice in a row', async () => {
    const { tournamentId } = await sitAndGoWith(1);
    const reason = { reason: 'Server maintenance at the floor' };
    expect((await as('auditor', 'POST', `/v1/tournaments/${tournamentId}/pause`, reason)).statusCode).toBe(403);
    expect((await as('support', 'POST', `/v1/tournaments/${tournamentId}/pause`, { reason: 'x' })).statusCode).toBe(400);
    const paused = await as('support', 'POST', `/v1/tournaments/${tournamentId}/pause`, reason);
    expect(paused.statusCode).toBe(200);
    expect(paused.json().pausedByStaffAt).toBe(clock.now().toISOString());
    const again = await as('admin', 'POST', `/v1/tournaments/${tournamentId}/pause`, reason);
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toBe('already-paused');
    expect((await as('support', 'GET', `/v1/tournaments/${tournamentId}`)).json().pausedByStaffAt).not.toBeNull();
    expect((await as('compliance-officer', 'POST', `/v1/tournaments/${tournamentId}/resume`, reason)).statusCode).toBe(200);
    expect((await as('admin', 'POST', `/v1/tournaments/${tournamentId}/resume`, reason)).json().reason).toBe('not-paused');
    expect(await auditActions(tournamentId)).toEqual(['tournament.pause', 'tournament.resume']);
  });

  it('000-001:TIME-07 000-001:ACC-13 a staff cancellation settles with the profile formula: every refund posted, the pool at zero, audited; finance or admin only', async () => {
    const { tournamentId, players } = await sitAndGoWith(3);
    const reason = { reason: 'Operator decision: lobby outage' };
    expect((await as('support', 'POST', `/v1/tournaments/${tournamentId}/cancel`, reason)).statusCode).toBe(403);
    expect((await as('auditor', 'POST', `/v1/tournaments/${tournamentId}/cancel`, reason)).statusCode).toBe(403);
    const cancelled = await as('finance', 'POST', `/v1/tournaments/${tournamentId}/cancel`, reason);
    expect(cancelled.statusCode).toBe(200);
    const body = cancelled.json();
    expect(body.status).toBe('CANCELLED');
    // Before the start every entry is in with its starting chips: each gets its whole buy-in back (CZ-FO).
    expect(body.refunds.map((r: { refund: { amount: string } }) => r.refund.amount)).toEqual(['110.00', '110.00', '110.00']);
    for (const p of players)
      expect((await ledger.balance(connections.db, p.wallet as AccountId)).toDecimalString()).toBe('1000.00');
    const view = (await as('auditor', 'GET', `/v1/tournaments/${tournamentId}`)).json();
    expect(view.status).toBe('CANCELLED');
    expect(view.prizePool.amount).toBe('0.00');
    expect(view.refunded.amount).toBe('330.00');
    expect(await ledger.findInvariantViolations(connections.db)).toEqual([]);
    const twice = await as('admin', 'POST', `/v1/tournaments/${tournamentId}/cancel`, reason);
    expect(twice.statusCode).toBe(409);
    expect(await auditActions(tournamentId)).toEqual(['tournament.cancel']);
  });

  it('000-001:TIME-07 concurrent cancellations and pauses of one tournament: one cancellation posts, the other is refused, nothing posted twice', async () => {
    const { tournamentId, players } = await sitAndGoWith(2);
    const reason = { reason: 'Operator decision: two staff at once' };
    const answers = await Promise.all([
      as('finance', 'POST', `/v1/tournaments/${tournamentId}/cancel`, reason),
      as('admin', 'POST', `/v1/tournaments/${tournamentId}/cancel`, reason),
      as('support', 'POST', `/v1/tournaments/${tournamentId}/pause`, reason),
    ]);
    const cancels = answers
      .slice(0, 2)
      .map((a) => a.statusCode)
      .sort();
    expect(cancels).toEqual([200, 409]);
    // The pause came before the cancellation (200) or after it (409 tournament-over): never half-written.
    expect([200, 409]).toContain(answers[2]!.statusCode);
    for (const p of players)
      expect((await ledger.balance(connections.db, p.wallet as AccountId)).toDecimalString()).toBe('1000.00');
    expect((await auditActions(tournamentId)).filter((a) => a === 'tournament.cancel')).toHaveLength(1);
    expect(await ledger.findInvariantViolations(connections.db)).toEqual([]);
  });

  it("004:GAM-P-T-17 staff start a flight event's Day 2 once its Day 1s end: the qualifiers seated with their bagged stacks, audited; floor roles only", async () => {
    const store = app.platform.tournaments();
    const demo = demoFlightEvent('CZK')!;
    const now = clock.now().getTime();
    const day1 = { ...demo.day1s[0]!.definition, entrantsMin: 3 };
    const { eventId, day1Ids } = await tournament.createFlightEvent(store, {
      day2: demo.day2,
      day2StartsAt: new Date(now + 48 * 3_600_000),
      day1s: [{ definition: day1, qualifiers: 2, startsAt: new Date(now + 3_600_000) }],
    });
    const day1Id = day1Ids[0]!;
    for (let i = 0; i < 3; i++) {
      const p = await fundedPlayer(connections.db, funding, clock, '1000.00');
      await tournament.registerForTournament(store, { tournamentId: day1Id, playerId: p.playerId });
    }
    const reason = { reason: 'Day 1 flights are over' };
    const early = await as('support', 'POST', `/v1/tournaments/${eventId}/start-day-2`, reason);
    expect(early.statusCode).toBe(409);
    expect(early.json().reason).toBe('flight-day-1-not-over');
    await tournament.startTournament(store, day1Id);
    await tournament.playTournamentAutomatically(store, {
      tournamentId: day1Id,
      rng: new SeededRng(9),
      decide: tournament.randomBot(new SeededRng(10), 35),
      handMs: 20_000,
    });
    const bagged = await connections.db.$queryRaw<{ bagged_chips: bigint }[]>`
      SELECT bagged_chips FROM tournament_entry WHERE tournament_id = ${day1Id}::uuid AND bagged_chips IS NOT NULL`;
    expect((await as('auditor', 'POST', `/v1/tournaments/${eventId}/start-day-2`, reason)).statusCode).toBe(403);
    const started = await as('support', 'POST', `/v1/tournaments/${eventId}/start-day-2`, reason);
    expect(started.statusCode).toBe(200);
    const body = started.json();
    expect(body.started).toBe(bagged.length >= 2);
    expect(body.entries.map((e: { chips: string }) => e.chips).sort()).toEqual(
      bagged.map((b) => b.bagged_chips.toString()).sort(),
    );
    expect(await auditActions(eventId)).toEqual(['tournament.start-day-2']);
    const view = (await as('auditor', 'GET', `/v1/tournaments/${eventId}`)).json();
    expect(view.prizePool.amount).toBe(bagged.length >= 2 ? '1500.00' : '0.00'); // 3 × 500.00 carried in (or won at once)
    expect(await ledger.findInvariantViolations(connections.db)).toEqual([]);
  });

  it('004:GAM-P-T-17 D-1965 an admin creates a flight event over the staff API: the Day 1s register players, the Day 2 does not; refused where the profile does not offer the carry rule; audited', async () => {
    const now = clock.now().getTime();
    const at = (hours: number) => new Date(now + hours * 3_600_000).toISOString();
    const body = {
      reason: 'Winter series flight event',
      profile: 'CZ-FO',
      name: 'Winter series',
      variant: 'holdem/no-limit',
      currency: 'CZK',
      carry: 'stack-builder',
      seatsPerTable: 9,
      startFeeMinor: '50000',
      feeMinor: '5000',
      chips: '5000',
      levels: [
        { smallBlind: '10', bigBlind: '20', ante: '0', durationMs: 600_000, breakAfterMs: 0 },
        { smallBlind: '20', bigBlind: '40', ante: '5', durationMs: 600_000, breakAfterMs: 300_000 },
      ],
      payouts: [
        { entrantsMin: 2, placesBps: [10_000] },
        { entrantsMin: 10, placesBps: [5_000, 3_000, 2_000] },
      ],
      handForHandAbovePaidMax: 3,
      day2: { startsAt: at(72), entrantsMax: 500 },
      day1s: [
        { startsAt: at(2), entrantsMin: 20, entrantsMax: 200, qualifiers: 15 },
        { startsAt: at(26), entrantsMin: 20, entrantsMax: 200, qualifiers: 15 },
      ],
    };
    expect((await as('finance', 'POST', '/v1/tournaments/flight-events', body)).statusCode).toBe(403);
    const hr = await as('admin', 'POST', '/v1/tournaments/flight-events', { ...body, profile: 'HR', currency: 'EUR' });
    expect(hr.statusCode).toBe(422);
    expect(hr.json().type).toContain('tournament-invalid');
    const created = await as('admin', 'POST', '/v1/tournaments/flight-events', body);
    expect(created.statusCode).toBe(201);
    const { eventId, day1Ids } = created.json() as { eventId: string; day1Ids: string[] };
    expect(day1Ids).toHaveLength(2);
    const store = app.platform.tournaments();
    const p = await fundedPlayer(connections.db, funding, clock, '2000.00');
    for (const day1 of day1Ids) await tournament.registerForTournament(store, { tournamentId: day1, playerId: p.playerId });
    // Stack Builder: one player in both Day 1s, a buy-in of 500.00 + 50.00 each.
    expect((await ledger.balance(connections.db, p.wallet as AccountId)).toDecimalString()).toBe('900.00');
    const refused = await tournament
      .registerForTournament(store, { tournamentId: eventId, playerId: p.playerId })
      .catch((error: { extensions?: { reason?: string } }) => error.extensions?.reason);
    expect(refused).toBe('flight-day-2');
    const view = (await as('auditor', 'GET', `/v1/tournaments/${day1Ids[1]}`)).json();
    expect(view.name).toBe('Winter series: Day 1B');
    expect(view.prizePool.amount).toBe('500.00');
    expect(await auditActions(eventId)).toEqual(['tournament.create-flight-event']);
  });
});
