import type { App } from '@casino/http';
import {
  chooseAlias,
  findAlias,
  invitePlayers,
  joinPrivateTable,
  orderPrivateTable,
  privateTableOrders,
  type AliasView,
  type PokerIntegrityContext,
  type PrivateTableOrderView,
} from '@casino/tables';
import { gameProblems, TableParamsSchema } from './common.schema.ts';
import {
  AliasBodySchema,
  AliasSchema,
  InviteBodySchema,
  InvitedSchema,
  MyAliasSchema,
  OkSchema,
  OrderBodySchema,
  OrderParamsSchema,
  OrderSchema,
  OrdersSchema,
  PasswordBodySchema,
} from './poker-room.schema.ts';

/**
 * The poker room for the player beyond a table (issue 18, docs/poker-tables.md#integrity): the alias
 * chosen once, ordering a private table, inviting players to it and giving a private table's password.
 */
export function pokerRoomRoutes(app: App, ctx: PokerIntegrityContext, rateLimit: { max: number; timeWindow: number }): void {
  const common = { tags: ['poker'], security: [{ playerToken: [] }] };
  const player = app.authenticate('player');
  const me = (request: { principal: { subject: string } | null }) => request.principal!.subject;

  app.get(
    '/v1/poker/alias',
    {
      onRequest: player,
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'Your alias at the poker tables (null until you choose one)',
        response: { 200: MyAliasSchema, ...gameProblems },
      },
    },
    async (request) => {
      const alias = await findAlias(ctx.db, me(request));
      return { alias: alias ? aliasOut(alias) : null };
    },
  );

  app.post(
    '/v1/poker/alias',
    {
      onRequest: player,
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'Choose your alias: once, unique, not your name; the tables show it',
        body: AliasBodySchema,
        response: { 201: AliasSchema, ...gameProblems },
      },
    },
    async (request, reply) =>
      reply.code(201).send(aliasOut(await chooseAlias(ctx, { playerId: me(request), alias: request.body.alias }))),
  );

  app.get(
    '/v1/poker/private-tables',
    {
      onRequest: player,
      config: { rateLimit },
      schema: { ...common, summary: 'Your private-table orders, newest first', response: { 200: OrdersSchema, ...gameProblems } },
    },
    async (request) => ({ orders: (await privateTableOrders(ctx.db, { playerId: me(request) })).map(orderOut) }),
  );

  app.post(
    '/v1/poker/private-tables',
    {
      onRequest: player,
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'Order a private table for a game day at least a day ahead; staff approve it and mail you its password',
        body: OrderBodySchema,
        response: { 201: OrderSchema, ...gameProblems },
      },
    },
    async (request, reply) =>
      reply.code(201).send(orderOut(await orderPrivateTable(ctx, { playerId: me(request), ...request.body }))),
  );

  app.post(
    '/v1/poker/private-tables/:orderId/invitations',
    {
      onRequest: player,
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'Invite players to your approved private table by their e-mail addresses',
        params: OrderParamsSchema,
        body: InviteBodySchema,
        response: { 200: InvitedSchema, ...gameProblems },
      },
    },
    async (request) =>
      invitePlayers(ctx, { playerId: me(request), orderId: request.params.orderId, emails: request.body.emails }),
  );

  app.post(
    '/v1/poker/tables/:tableId/password',
    {
      onRequest: player,
      config: { rateLimit },
      schema: {
        ...common,
        summary: "Give a private table's password: you may then see it in the lobby and sit down",
        params: TableParamsSchema,
        body: PasswordBodySchema,
        response: { 200: OkSchema, ...gameProblems },
      },
    },
    async (request) => {
      await joinPrivateTable(ctx, { playerId: me(request), tableId: request.params.tableId, password: request.body.password });
      return { ok: true as const };
    },
  );
}

function aliasOut(alias: AliasView) {
  return { alias: alias.alias, chosenAt: alias.chosenAt.toISOString(), replacedAt: alias.replacedAt?.toISOString() ?? null };
}

function orderOut(order: PrivateTableOrderView) {
  return {
    orderId: order.orderId,
    templateTableId: order.templateTableId,
    name: order.name,
    gameDay: order.gameDay,
    seatsMax: order.seatsMax,
    status: order.status,
    tableId: order.tableId,
    opensAt: order.opensAt?.toISOString() ?? null,
    closesAt: order.closesAt?.toISOString() ?? null,
    decisionReason: order.decisionReason,
    createdAt: order.createdAt.toISOString(),
  };
}
