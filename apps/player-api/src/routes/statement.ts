import { moneyOut, type App } from '@casino/http';
import { playerStatementPage, playerWalletBalances, startDirectExport, type ReportingContext } from '@casino/reporting';
import {
  BalancesResponseSchema,
  StatementCsvQuerySchema,
  StatementCsvSchema,
  StatementPageSchema,
  statementProblems,
  StatementQuerySchema,
} from './statement.schema.ts';

/**
 * The balance of each of the player's wallets, and the player's own statement (002:WAL-10, REC-05; 004:ACC-08): every movement of their wallets with
 * the balance after it, newest first, a page at a time; or the whole of it (or a period) as CSV.
 */
export function statementRoutes(app: App, reporting: ReportingContext): void {
  const common = { tags: ['me'], security: [{ playerToken: [] }] };

  app.get(
    '/v1/me/balances',
    {
      onRequest: app.authenticate('player'),
      schema: {
        ...common,
        summary: 'My balances: every wallet I have (cash, temporary, bonus) and what is in it now',
        response: { 200: BalancesResponseSchema, ...statementProblems },
      },
    },
    async (request) => {
      const wallets = await playerWalletBalances(reporting.db, request.principal!.subject);
      return { wallets: wallets.map((w) => ({ wallet: w.wallet, balance: moneyOut(w.balance) })) };
    },
  );

  app.get(
    '/v1/me/statement',
    {
      onRequest: app.authenticate('player'),
      schema: {
        ...common,
        summary: 'My statement: transactions and closed bets, newest first',
        querystring: StatementQuerySchema,
        response: { 200: StatementPageSchema, ...statementProblems },
      },
    },
    async (request) => {
      const { before, limit, betsOnly } = request.query;
      const page = await playerStatementPage(reporting.db, {
        playerId: request.principal!.subject,
        limit,
        betsOnly,
        ...(before ? { before } : {}),
      });
      return {
        ...page,
        lines: page.lines.map((l) => ({
          ...l,
          effectiveAt: l.effectiveAt.toISOString(),
          amount: moneyOut(l.amount),
          balanceAfter: moneyOut(l.balanceAfter),
        })),
      };
    },
  );

  app.get(
    '/v1/me/statement.csv',
    {
      onRequest: app.authenticate('player'),
      schema: {
        ...common,
        summary: 'Download my statement as CSV',
        querystring: StatementCsvQuerySchema,
        response: { 200: StatementCsvSchema, ...statementProblems },
      },
    },
    async (request, reply) => {
      const playerId = request.principal!.subject;
      const started = await startDirectExport(reporting, {
        registerName: 'player-statement',
        format: 'csv',
        filters: { playerId, ...request.query },
        requestedBy: `player:${playerId}`,
        filtersField: 'query',
      });
      return reply
        .header('content-type', started.mediaType)
        .header('content-disposition', 'attachment; filename="statement.csv"')
        .header('x-export-id', started.exportId)
        .send(started.body as never); // a stream goes out as it is
    },
  );
}
