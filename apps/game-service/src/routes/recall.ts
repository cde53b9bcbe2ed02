import { Money, type CurrencyCode } from '@casino/core';
import { moneyOut, type App } from '@casino/http';
import { recallRound, roundHistory, type RoundRecall, type RoundSummary, type TablesContext } from '@casino/tables';
import { gameProblems, PageQuerySchema, RoundParamsSchema } from './common.schema.ts';
import { HistoryResponseSchema, RecallResponseSchema } from './recall.schema.ts';

/** Game recall for the player: their rounds a page at a time, and one round replayed from its record. */
export function recallRoutes(app: App, ctx: TablesContext, rateLimit: { max: number; timeWindow: number }): void {
  const common = { tags: ['recall'], security: [{ playerToken: [] }] };
  const player = app.authenticate('player');
  const me = (request: { principal: { subject: string } | null }) => request.principal!.subject;

  app.get(
    '/v1/me/rounds',
    {
      onRequest: player,
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'My rounds, newest first (game recall)',
        querystring: PageQuerySchema,
        response: { 200: HistoryResponseSchema, ...gameProblems },
      },
    },
    async (request) => {
      const page = await roundHistory(ctx.db, {
        playerId: me(request),
        limit: request.query.limit,
        ...(request.query.after ? { after: request.query.after } : {}),
      });
      return { nextCursor: page.nextCursor, rounds: page.rounds.map(summaryOut) };
    },
  );

  app.get(
    '/v1/me/rounds/:roundId',
    {
      onRequest: player,
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'One of my rounds, replayed from its record',
        params: RoundParamsSchema,
        response: { 200: RecallResponseSchema, ...gameProblems },
      },
    },
    async (request) => recallOut(await recallRound(ctx.db, { roundId: request.params.roundId, playerId: me(request) })),
  );
}

const money = (minor: bigint, currency: string) => moneyOut(Money.fromMinor(minor, currency as CurrencyCode));

function summaryOut(round: RoundSummary) {
  const { stakedMinor, returnedMinor, currency, ...rest } = round;
  return {
    ...rest,
    staked: money(stakedMinor, currency),
    returned: money(returnedMinor, currency),
    openedAt: round.openedAt.toISOString(),
    settledAt: round.settledAt?.toISOString() ?? null,
  };
}

function recallOut(round: RoundRecall) {
  return {
    ...round,
    openedAt: round.openedAt.toISOString(),
    settledAt: round.settledAt?.toISOString() ?? null,
    players: round.players.map((p) => ({
      seat: p.seat,
      staked: money(p.stakedMinor, round.currency),
      returned: money(p.returnedMinor, round.currency),
      continuedInRoundId: p.continuedInRoundId,
    })),
    postings: round.postings.map((p) => ({
      seat: p.seat,
      kind: p.kind,
      amount: money(p.amountMinor, round.currency),
      ledgerTransactionId: p.ledgerTransactionId,
      at: p.at.toISOString(),
    })),
  };
}
