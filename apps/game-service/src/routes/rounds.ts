import type { App } from '@casino/http';
import { actInRound, pendingTemporaryTables, resumeTemporaryTable, type TablesContext } from '@casino/tables';
import { gameProblems, RoundParamsSchema } from './common.schema.ts';
import {
  ActionBodySchema,
  ActionHeadersSchema,
  ActionResponseSchema,
  ResumedResponseSchema,
  TemporaryTablesResponseSchema,
} from './rounds.schema.ts';
import { actResultOut, playerActionOf, temporaryTableOut } from './rounds.view.ts';

/**
 * Actions in a round (bets, confirmations, blackjack decisions) by REST, idempotent per client action
 * id; every stake runs the self-limits and posts to the ledger atomically (packages/tables, money.ts).
 * And the player's temporary tables (004:TEC-03): listed, and resumed with new dealer cards.
 */
export function roundRoutes(app: App, ctx: TablesContext, rateLimit: { max: number; timeWindow: number }): void {
  const common = { tags: ['rounds'], security: [{ playerToken: [] }] };
  const player = app.authenticate('player');
  const me = (request: { principal: { subject: string } | null }) => request.principal!.subject;

  app.post(
    '/v1/rounds/:roundId/actions',
    {
      onRequest: player,
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'Bet, confirm or decide in a round (seated players only)',
        params: RoundParamsSchema,
        headers: ActionHeadersSchema,
        body: ActionBodySchema,
        response: { 200: ActionResponseSchema, ...gameProblems },
      },
    },
    async (request) =>
      actResultOut(
        await actInRound(ctx, {
          playerId: me(request),
          roundId: request.params.roundId,
          actionId: request.headers['idempotency-key'],
          action: playerActionOf(request.body),
        }),
      ),
  );

  app.get(
    '/v1/me/temporary-tables',
    {
      onRequest: player,
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'Blackjack rounds interrupted by a disconnect, waiting to be finished (004:TEC-03)',
        response: { 200: TemporaryTablesResponseSchema, ...gameProblems },
      },
    },
    async (request) => ({ temporaryTables: (await pendingTemporaryTables(ctx, me(request))).map(temporaryTableOut) }),
  );

  app.post(
    '/v1/me/temporary-tables/:roundId/resume',
    {
      onRequest: player,
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'Resume a temporary table: the same cards and stakes, new dealer cards',
        params: RoundParamsSchema,
        response: { 200: ResumedResponseSchema, ...gameProblems },
      },
    },
    async (request) => resumeTemporaryTable(ctx, { playerId: me(request), roundId: request.params.roundId }),
  );
}
