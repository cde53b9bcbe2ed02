import { moneyOut, type App } from '@casino/http';
import { tournament } from '@casino/tables';
import type { CurrencyCode } from '@casino/core';
import type { z } from 'zod';
import { adminProblems, security } from './common.schema.ts';
import { staffActor } from './common.ts';
import {
  CancelledSchema,
  Day2StartedSchema,
  FlightEventBodySchema,
  FlightEventCreatedSchema,
  PausedSchema,
  StaffReasonBodySchema,
  StaffTournamentHandPageSchema,
  StaffTournamentListSchema,
  StaffTournamentSchema,
  TournamentHandsQuerySchema,
  TournamentListQuerySchema,
  TournamentParamsSchema,
} from './tournaments.schema.ts';

const tags = ['tournaments'];
/** Who sees tournaments: the floor (support), compliance, finance, auditors, admins. */
const readers = ['support', 'compliance-officer', 'mlro', 'finance', 'auditor', 'admin'] as const;
/** Pausing and resuming is floor work; it moves no money (D-1935). */
const pausers = ['support', 'compliance-officer', 'admin'] as const;
/** Creating tournaments offers them to players under the operator's game plan: admins only. */
const creators = ['admin'] as const;
/** Cancelling moves money (every refund and share of the formula): finance and admins only (D-1935). */
const cancellers = ['finance', 'admin'] as const;

/**
 * Issue 19 (docs/tournaments.md, "Staff"): staff see a tournament whole (entries with their players,
 * what each paid, the pool, fees, state, live tables), pause and resume it, and cancel it with the
 * profile's cancellation formula. Each action is role-checked and audited; @casino/tables does the work.
 */
export function tournamentStaffRoutes(app: App, ctx: tournament.TournamentStoreContext): void {
  app.get(
    '/v1/tournaments',
    {
      onRequest: app.authorizeStaff(readers),
      schema: {
        tags,
        security,
        summary: 'Tournaments of any status (soonest first), with their pools',
        querystring: TournamentListQuerySchema,
        response: { 200: StaffTournamentListSchema, ...adminProblems },
      },
    },
    async (request) => ({
      tournaments: (
        await tournament.staffTournamentList(ctx.db, {
          limit: request.query.limit,
          ...(request.query.status ? { status: request.query.status } : {}),
        })
      ).map(summaryOut),
    }),
  );

  app.get(
    '/v1/tournaments/:tournamentId',
    {
      onRequest: app.authorizeStaff(readers),
      schema: {
        tags,
        security,
        summary: 'Everything about a tournament: definition, entries and players, what each paid, pool, fees, state, live tables',
        params: TournamentParamsSchema,
        response: { 200: StaffTournamentSchema, ...adminProblems },
      },
    },
    async (request) => viewOut(await tournament.staffTournamentView(ctx.db, request.params.tournamentId, ctx.clock.now())),
  );

  app.get(
    '/v1/tournaments/:tournamentId/hands',
    {
      onRequest: app.authorizeStaff(readers),
      schema: {
        tags,
        security,
        summary: "A live tournament's hands, newest first, every player's chips put in and won (each recalled whole by its id)",
        params: TournamentParamsSchema,
        querystring: TournamentHandsQuerySchema,
        response: { 200: StaffTournamentHandPageSchema, ...adminProblems },
      },
    },
    async (request) => {
      const { cursor, limit } = request.query;
      const page = await tournament.tournamentHands(ctx.db, request.params.tournamentId, {
        limit,
        ...(cursor ? { cursor } : {}),
      });
      return {
        nextCursor: page.nextCursor,
        hands: page.hands.map((h) => ({
          handId: h.handId,
          tableNumber: h.tableNumber,
          handNumber: h.handNumber,
          endedAt: h.endedAt.toISOString(),
          pot: h.potChips.toString(),
          players: h.players.map((p) => ({
            playerId: p.playerId,
            seat: p.seat,
            putIn: p.putInChips.toString(),
            won: p.wonChips.toString(),
          })),
        })),
      };
    },
  );

  for (const paused of [true, false]) {
    app.post(
      `/v1/tournaments/:tournamentId/${paused ? 'pause' : 'resume'}`,
      {
        onRequest: app.authorizeStaff(pausers),
        schema: {
          tags,
          security,
          summary: paused
            ? 'Pause: no new hand is dealt after the hands running, the clock stands still (audited)'
            : 'Resume a paused tournament: dealing and the clock go on (audited)',
          params: TournamentParamsSchema,
          body: StaffReasonBodySchema,
          response: { 200: PausedSchema, ...adminProblems },
        },
      },
      async (request) => {
        const done = await tournament.setTournamentPausedByStaff(ctx, staffActor(request), {
          tournamentId: request.params.tournamentId,
          paused,
          reason: request.body.reason,
        });
        return { tournamentId: request.params.tournamentId, pausedByStaffAt: done.pausedByStaffAt?.toISOString() ?? null };
      },
    );
  }

  app.post(
    '/v1/tournaments/flight-events',
    {
      onRequest: app.authorizeStaff(creators),
      schema: {
        tags,
        security,
        summary: 'Create a flight event: its Day 1 flights and its Day 2 (004:GAM-P-T-17; audited)',
        description:
          "Offered only under a profile whose formats list the carry rule (CZ-FO): else 422 tournament-invalid, as for every broken rule of the definitions (D-1965, D-1966). Players register for the Day 1s through the game service's registration route.",
        body: FlightEventBodySchema,
        response: { 201: FlightEventCreatedSchema, ...adminProblems },
      },
    },
    async (request, reply) => {
      const created = await tournament.createFlightEventByStaff(ctx, staffActor(request), {
        event: flightEventOf(request.body),
        reason: request.body.reason,
      });
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/v1/tournaments/:tournamentId/start-day-2',
    {
      onRequest: app.authorizeStaff(pausers),
      schema: {
        tags,
        security,
        summary: "Start a flight event's Day 2: the Day 1 qualifiers seated with their carried stacks (audited)",
        description:
          'Every Day 1 flight must have ended (409 tournament-registration-refused, reason flight-day-1-not-over). Each qualifier gets one entry with the stack the carry rule gives: flight one stack, best-stack-forward the best, stack-builder the sum (004:GAM-P-T-17, D-1965).',
        params: TournamentParamsSchema,
        body: StaffReasonBodySchema,
        response: { 200: Day2StartedSchema, ...adminProblems },
      },
    },
    async (request) => {
      const done = await tournament.startFlightDay2ByStaff(ctx, staffActor(request), {
        tournamentId: request.params.tournamentId,
        reason: request.body.reason,
      });
      return {
        tournamentId: request.params.tournamentId,
        started: done.started,
        entries: done.entries.map((e) => ({ entryId: e.entryId, chips: e.chips.toString() })),
      };
    },
  );

  app.post(
    '/v1/tournaments/:tournamentId/cancel',
    {
      onRequest: app.authorizeStaff(cancellers),
      schema: {
        tags,
        security,
        summary: "Cancel with the profile's cancellation formula: every refund and share posted to the ledger (audited)",
        params: TournamentParamsSchema,
        body: StaffReasonBodySchema,
        response: { 200: CancelledSchema, ...adminProblems },
      },
    },
    async (request) => {
      const { refunds } = await tournament.cancelTournamentByStaff(ctx, staffActor(request), {
        tournamentId: request.params.tournamentId,
        reason: request.body.reason,
      });
      return {
        tournamentId: request.params.tournamentId,
        status: 'CANCELLED' as const,
        refunds: refunds.map((r) => ({ entryId: r.entryId, refund: moneyOut(r.refund) })),
      };
    },
  );
}

/** The request's strings as the store's definitions: the shared shape, then each day's own fields. */
function flightEventOf(body: z.infer<typeof FlightEventBodySchema>): tournament.FlightEventRequest {
  const shared = {
    profileId: body.profile,
    variant: body.variant,
    currency: body.currency as CurrencyCode,
    kind: 'scheduled' as const,
    seatsPerTable: body.seatsPerTable,
    entry: { startFeeMinor: BigInt(body.startFeeMinor), feeMinor: BigInt(body.feeMinor), chips: BigInt(body.chips) },
    levels: body.levels.map((l) => ({
      smallBlind: BigInt(l.smallBlind),
      bigBlind: BigInt(l.bigBlind),
      ante: BigInt(l.ante),
      durationMs: l.durationMs,
      breakAfterMs: l.breakAfterMs,
    })),
    ...tournament.freezeOut,
    handForHandAbovePaidMax: body.handForHandAbovePaidMax,
  };
  return {
    day2: {
      ...shared,
      name: `${body.name}: Day 2`,
      entrantsMin: 2,
      entrantsMax: body.day2.entrantsMax,
      payouts: body.payouts,
      flight: { day: 2, carry: body.carry },
    },
    day2StartsAt: new Date(body.day2.startsAt),
    day1s: body.day1s.map((day1, i) => ({
      definition: {
        ...shared,
        name: `${body.name}: Day 1${String.fromCharCode(65 + i)}`,
        entrantsMin: day1.entrantsMin,
        entrantsMax: day1.entrantsMax,
        payouts: [],
      },
      qualifiers: day1.qualifiers,
      startsAt: new Date(day1.startsAt),
    })),
  };
}

function summaryOut(t: tournament.TournamentSummary): z.infer<typeof StaffTournamentListSchema>['tournaments'][number] {
  return {
    tournamentId: t.id,
    name: t.name,
    profile: t.profileId,
    kind: t.kind,
    status: t.status,
    startFee: moneyOut(t.startFee),
    fee: moneyOut(t.fee),
    entrantsMin: t.entrantsMin,
    entrantsMax: t.entrantsMax,
    registered: t.registered,
    prizePool: moneyOut(t.prizePool),
    guarantee: t.guarantee && moneyOut(t.guarantee),
    startsAt: t.startsAt?.toISOString() ?? null,
  };
}

function viewOut(t: tournament.StaffTournamentView): z.infer<typeof StaffTournamentSchema> {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    ...summaryOut(t),
    definition: t.definition,
    startedAt: iso(t.startedAt),
    endedAt: iso(t.endedAt),
    overlay: moneyOut(t.overlay),
    startFeesPaid: moneyOut(t.startFeesPaid),
    feesPaid: moneyOut(t.feesPaid),
    refunded: moneyOut(t.refunded),
    prizesPaid: moneyOut(t.prizesPaid),
    payouts: t.payouts.map(moneyOut),
    clock: t.clock,
    pausedByStaffAt: iso(t.pausedByStaffAt),
    driver: t.driver && { instanceId: t.driver.instanceId, leaseExpiresAt: t.driver.leaseExpiresAt.toISOString() },
    live: t.live && {
      ...t.live,
      tables: t.live.tables.map((table) => ({
        tableNumber: table.tableNumber,
        seats: table.seats.map((s) => ({ ...s, chips: s.chips.toString() })),
      })),
    },
    entries: t.entries.map((e) => ({
      ...e,
      registeredAt: e.registeredAt.toISOString(),
      paidStart: moneyOut(e.paidStart),
      paidFee: moneyOut(e.paidFee),
      chips: e.chips === null ? null : e.chips.toString(),
      prize: moneyOut(e.prize),
      bounty: moneyOut(e.bounty),
      refund: moneyOut(e.refund),
    })),
    tickets: t.tickets.map((ticket) => ({
      ...ticket,
      value: moneyOut(ticket.value),
      issuedAt: ticket.issuedAt.toISOString(),
      settledAt: iso(ticket.settledAt),
    })),
  };
}
