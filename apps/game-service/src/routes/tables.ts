import { DomainError } from '@casino/core';
import type { App } from '@casino/http';
import type { LobbyNotices } from '@casino/operator';
import {
  leaveSeat,
  listTables,
  privateTablesHiddenFrom,
  tableView,
  takeSeat,
  type PlayingAtTable,
  type PokerRoom,
  type TablesContext,
} from '@casino/tables';
import { gameProblems, TableParamsSchema } from './common.schema.ts';
import {
  LeaveSeatResponseSchema,
  LobbyQuerySchema,
  LobbyResponseSchema,
  TableDetailSchema,
  TakeSeatBodySchema,
  TakeSeatResponseSchema,
} from './tables.schema.ts';
import { pokerLobbyOut } from './poker.view.ts';
import { tableDetailOut, tableOut } from './tables.view.ts';

/**
 * The lobby and seats (004:GAM-R-01/02, GAM-B-01): every table per game with its variant and limits,
 * and the operator's notices the lobby must show (002:RG-09);
 * one table with its seats and the running round; taking a seat and leaving it. Watching needs no
 * seat: a spectator opens the table's WebSocket stream (routes/stream.ts). Poker cash tables are
 * listed beside them (issue 16); their seats and play are under /v1/poker (routes/poker.ts).
 */
export function tableRoutes(
  app: App,
  ctx: TablesContext,
  room: PokerRoom,
  rateLimit: { max: number; timeWindow: number },
  notices: LobbyNotices,
): void {
  const common = { tags: ['tables'], security: [{ playerToken: [] }] };
  const player = app.authenticate('player');
  const me = (request: { principal: { subject: string } | null }) => request.principal!.subject;

  app.get(
    '/v1/tables',
    {
      onRequest: player,
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'The lobby: tables per game, variant and limits',
        querystring: LobbyQuerySchema,
        response: { 200: LobbyResponseSchema, ...gameProblems },
      },
    },
    async (request) => {
      const { game } = request.query;
      const [tables, pokerTables, hidden] = await Promise.all([
        game === 'poker' ? [] : listTables(ctx.db, game ? { game } : {}),
        game === undefined || game === 'poker' ? room.lobby() : [],
        // A private poker table is listed to its members only (003:R-PRIV-05, issue 18).
        game === undefined || game === 'poker' ? privateTablesHiddenFrom(ctx.db, me(request)) : new Set<string>(),
      ]);
      const listed = pokerTables.filter((table) => !hidden.has(table.tableId));
      return { tables: [...tables.map(tableOut), ...listed.map(pokerLobbyOut)], notices };
    },
  );

  app.get(
    '/v1/tables/:tableId',
    {
      onRequest: player,
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'A table: seats (yours marked) and the running round',
        params: TableParamsSchema,
        response: { 200: TableDetailSchema, ...gameProblems },
      },
    },
    async (request) => {
      // The table, its seats and round and the viewer's session in one statement (D-2273).
      const view = await tableView(ctx.db, request.params.tableId, me(request));
      if (!view) throw new DomainError('not-found', `No table ${request.params.tableId}.`, { field: 'params.tableId' });
      return { ...tableDetailOut(view.detail), playing: playingOut(view.playing) };
    },
  );

  /** 002:RG-10: the table view shows the time spent playing and that gambling may be harmful. */
  function playingOut(session: PlayingAtTable | null) {
    return {
      session: session && { startedAt: session.startedAt.toISOString(), playedMs: session.playedMs },
      harmWarning: notices.harmWarning.text,
    };
  }

  app.post(
    '/v1/tables/:tableId/seats',
    {
      onRequest: player,
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'Take a seat ("Připojit"): play starts; a full table can only be watched',
        params: TableParamsSchema,
        body: TakeSeatBodySchema,
        response: { 201: TakeSeatResponseSchema, ...gameProblems },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await takeSeat(ctx, {
          playerId: me(request),
          tableId: request.params.tableId,
          ...(request.body.seat ? { seat: request.body.seat } : {}),
        }),
      ),
  );

  app.delete(
    '/v1/tables/:tableId/seats/me',
    {
      onRequest: player,
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'Leave the table (a stake in the running round keeps the seat until it settles)',
        params: TableParamsSchema,
        response: { 200: LeaveSeatResponseSchema, ...gameProblems },
      },
    },
    async (request) => leaveSeat(ctx, { playerId: me(request), tableId: request.params.tableId }),
  );
}
