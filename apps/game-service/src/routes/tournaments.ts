import type { App } from '@casino/http';
import { moneyOut } from '@casino/http';
import { cryptoRng } from '@casino/games';
import { DomainError, Money } from '@casino/core';
import { tournament, type PokerRoom } from '@casino/tables';
import { z } from 'zod';
import { gameProblems } from './common.schema.ts';
import { PokerCommandHeadersSchema } from './poker.schema.ts';
import {
  BuyInPriceSchema,
  BuyInQuerySchema,
  PurchaseBodySchema,
  RegistrationBodySchema,
  PurchaseSchema,
  RegistrationSchema,
  TournamentHandPageSchema,
  TournamentHandsQuerySchema,
  TournamentListQuerySchema,
  TournamentListSchema,
  TournamentParamsSchema,
  TournamentStateSchema,
  TicketListSchema,
  type TournamentSummarySchema,
} from './tournaments.schema.ts';

/**
 * Poker tournaments (issue 19, docs/tournaments.md): the lobby, the tournaments I entered, one
 * tournament's state (structure, clock, payouts, standings), registering and unregistering. The
 * money and the rules are @casino/tables' tournament store; these handlers parse, call and map.
 */
export function tournamentRoutes(
  app: App,
  ctx: tournament.TournamentStoreContext,
  rateLimit: { max: number; timeWindow: number },
  /** Live play: a started tournament's tables are driven by this room (one lease per tournament). */
  room?: PokerRoom,
): void {
  const common = { tags: ['poker'], security: [{ playerToken: [] }] };
  const player = app.authenticate('player');
  const me = (request: { principal: { subject: string } | null }) => request.principal!.subject;

  app.get(
    '/v1/poker/tournaments',
    {
      onRequest: player,
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'The tournament lobby',
        querystring: TournamentListQuerySchema,
        response: { 200: TournamentListSchema, ...gameProblems },
      },
    },
    async (request) => {
      const list = await tournament.listTournaments(ctx.db, {
        limit: request.query.limit,
        ...(request.query.status ? { status: request.query.status } : {}),
      });
      return { tournaments: list.map(summaryOut) };
    },
  );

  app.get(
    '/v1/poker/tournaments/mine',
    {
      onRequest: player,
      config: { rateLimit },
      schema: { ...common, summary: 'The tournaments I entered', response: { 200: TournamentListSchema, ...gameProblems } },
    },
    async (request) => ({ tournaments: (await tournament.playerTournaments(ctx.db, me(request))).map(summaryOut) }),
  );

  app.get(
    '/v1/poker/tournaments/tickets',
    {
      onRequest: player,
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'My satellite seat tickets',
        description:
          'A ticket won in a satellite registers me for its target without paying (POST …/registration uses it); unused when the target starts or is cancelled, its value is paid to my wallet (D-1956..D-1959).',
        response: { 200: TicketListSchema, ...gameProblems },
      },
    },
    async (request) => ({
      tickets: (await tournament.playerTickets(ctx.db, me(request))).map((t) => ({
        ...t,
        value: moneyOut(t.value),
        issuedAt: t.issuedAt.toISOString(),
      })),
    }),
  );

  app.get(
    '/v1/poker/tournaments/:tournamentId',
    {
      onRequest: player,
      config: { rateLimit },
      schema: {
        ...common,
        summary: "A tournament's structure, clock, payouts and standings",
        params: TournamentParamsSchema,
        response: { 200: TournamentStateSchema, ...gameProblems },
      },
    },
    async (request) => ({
      ...stateOut(await tournament.tournamentState(ctx.db, request.params.tournamentId, ctx.clock.now())),
      mine: await tournament.playerEntry(ctx.db, request.params.tournamentId, me(request)),
    }),
  );

  app.get(
    '/v1/poker/tournaments/:tournamentId/buy-in',
    {
      onRequest: player,
      config: { rateLimit },
      schema: {
        ...common,
        summary:
          'What registering (or, with purchase, a rebuy or add-on) costs now, paid from a wallet (002:WAL-09, BET-03): shown before the player confirms',
        params: TournamentParamsSchema,
        querystring: BuyInQuerySchema,
        response: { 200: BuyInPriceSchema, ...gameProblems },
      },
    },
    async (request) => {
      const price = await tournament.tournamentBuyInPrice(ctx, {
        tournamentId: request.params.tournamentId,
        ...(request.query.fromWallet ? { fromWallet: request.query.fromWallet } : {}),
        ...(request.query.purchase ? { purchase: request.query.purchase } : {}),
      });
      return {
        startFee: moneyOut(price.startFee),
        fee: moneyOut(price.fee),
        total: moneyOut(price.total),
        debit: moneyOut(price.debit),
        rate: price.rate,
        ratePublishedAt: price.ratePublishedAt?.toISOString() ?? null,
      };
    },
  );

  app.post(
    '/v1/poker/tournaments/:tournamentId/registration',
    {
      onRequest: player,
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'Register: the buy-in (start fee + fee) leaves the wallet I confirmed, a stake under my self-limits',
        description:
          'Without a body: paid from the wallet in the tournament currency. With `fromWallet`: from that wallet, converted at the current rate without fee (002:WAL-08, D-2615); `confirmedDebit` is the amount the player confirmed (002:WAL-09). A seat ticket the player won in a satellite for this tournament pays instead, and no wallet is debited (`ticketId`, D-1957).',
        params: TournamentParamsSchema,
        // No body (the clients before D-2615) is the empty request: the wallet in the tournament's currency.
        body: z.preprocess((body) => body ?? {}, RegistrationBodySchema),
        response: { 201: RegistrationSchema, ...gameProblems },
      },
    },
    async (request, reply) => {
      const { tournamentId } = request.params;
      const body = request.body ?? {};
      // A sit & go filled by this registration starts in the same transaction (D-1934: exactly one start).
      const registered = await tournament.registerForTournament(ctx, {
        tournamentId,
        playerId: me(request),
        startWhenFull: { rng: cryptoRng },
        ...(body.fromWallet ? { fromWallet: body.fromWallet } : {}),
        ...(body.confirmedDebit ? { confirmedDebit: Money.of(body.confirmedDebit.amount, body.confirmedDebit.currency) } : {}),
      });
      const { started } = registered;
      // The tables start dealing at once: this instance claims the tournament (another one's claim scan would too).
      if (started && room) await room.snapshot(tournamentId, null).catch(() => undefined);
      return reply.code(201).send({
        entryId: registered.entryId,
        started,
        debit: registered.debit && moneyOut(registered.debit),
        ticketId: registered.ticketId ?? null,
      });
    },
  );

  app.delete(
    '/v1/poker/tournaments/:tournamentId/registration',
    {
      onRequest: player,
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'Unregister before the start: the whole buy-in back',
        params: TournamentParamsSchema,
        response: { 204: z.null(), ...gameProblems },
      },
    },
    async (request, reply) => {
      await tournament.unregisterFromTournament(ctx, { tournamentId: request.params.tournamentId, playerId: me(request) });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/v1/poker/tournaments/:tournamentId/purchases',
    {
      onRequest: player,
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'Rebuy, add-on, re-entry or late registration at a running tournament: paid from my wallet under my self-limits',
        description:
          'Decided on the server driving the tournament, by its rules and clock (D-1936): 409 tournament-purchase-refused with a `reason` (e.g. rebuy-period-over, rebuy-count-used, rebuy-chips, add-on-not-open, re-entry-count-used, late-registration-closed). The same idempotency key answers the first purchase again. Paid as a registration (D-2618): from `fromWallet`, converted at the current rate without fee when another currency than the tournament currency, `confirmedDebit` the amount confirmed (else 409 fx-quote-expired).',
        params: TournamentParamsSchema,
        headers: PokerCommandHeadersSchema,
        body: PurchaseBodySchema,
        response: { 201: PurchaseSchema, ...gameProblems },
      },
    },
    async (request, reply) => {
      if (!room?.buyChips) throw new DomainError('table-unavailable', 'No tournament room runs here.');
      const { fromWallet, confirmedDebit } = request.body;
      const receipt = await room.buyChips(request.params.tournamentId, me(request), request.body.kind, {
        commandId: request.headers['idempotency-key'],
        ...(fromWallet ? { fromWallet } : {}),
        ...(confirmedDebit ? { confirmedDebit: Money.of(confirmedDebit.amount, confirmedDebit.currency).toJSON() } : {}),
      });
      return reply.code(201).send({ ...receipt, chips: receipt.chips.toString() });
    },
  );

  app.get(
    '/v1/poker/tournaments/:tournamentId/hands',
    {
      onRequest: player,
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'My hands in a tournament, newest first, a page at a time (amounts in tournament chips)',
        params: TournamentParamsSchema,
        querystring: TournamentHandsQuerySchema,
        response: { 200: TournamentHandPageSchema, ...gameProblems },
      },
    },
    async (request) => {
      const playerId = me(request);
      const { cursor, limit } = request.query;
      const page = await tournament.tournamentHands(ctx.db, request.params.tournamentId, {
        playerId,
        limit,
        ...(cursor ? { cursor } : {}),
      });
      return { nextCursor: page.nextCursor, hands: page.hands.map((h) => myHandOut(h, playerId)) };
    },
  );
}

function myHandOut(h: tournament.TournamentHandSummary, playerId: string) {
  const mine = h.players.find((p) => p.playerId === playerId)!;
  return {
    handId: h.handId,
    tableNumber: h.tableNumber,
    handNumber: h.handNumber,
    endedAt: h.endedAt.toISOString(),
    pot: h.potChips.toString(),
    seat: mine.seat,
    putIn: mine.putInChips.toString(),
    won: mine.wonChips.toString(),
  };
}

function summaryOut(t: tournament.TournamentSummary): z.infer<typeof TournamentSummarySchema> {
  return {
    tournamentId: t.id,
    name: t.name,
    profile: t.profileId,
    kind: t.kind,
    status: t.status,
    startFee: moneyOut(t.startFee),
    fee: moneyOut(t.fee),
    startingChips: t.startingChips.toString(),
    entrantsMin: t.entrantsMin,
    entrantsMax: t.entrantsMax,
    registered: t.registered,
    prizePool: moneyOut(t.prizePool),
    guarantee: t.guarantee && moneyOut(t.guarantee),
    startsAt: t.startsAt?.toISOString() ?? null,
  };
}

function stateOut(t: tournament.TournamentState): Omit<z.infer<typeof TournamentStateSchema>, 'mine'> {
  return {
    ...summaryOut(t),
    payouts: t.payouts.map(moneyOut),
    levels: t.levels.map((l) => ({
      smallBlind: l.smallBlind.toString(),
      bigBlind: l.bigBlind.toString(),
      ante: l.ante.toString(),
      durationMs: l.durationMs,
      breakAfterMs: l.breakAfterMs,
    })),
    clock: t.clock,
    game: t.game,
    standings: t.standings.map((s) => ({ ...s, prize: moneyOut(s.prize), bounty: moneyOut(s.bounty) })),
    satellite: t.satellite && { ...t.satellite, seatValue: moneyOut(t.satellite.seatValue) },
    mysteryBounties: t.mysteryBounties && {
      published: t.mysteryBounties.published.map((v) => ({ amount: moneyOut(v.amount), count: v.count })),
      remaining: t.mysteryBounties.remaining && t.mysteryBounties.remaining.map(moneyOut),
    },
    twister: t.twister && {
      ...t.twister,
      multipliers: t.twister.multipliers.map((row) => ({ ...row, prizePool: moneyOut(row.prizePool) })),
    },
    flight: t.flight,
  };
}
