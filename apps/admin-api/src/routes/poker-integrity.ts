import { Money } from '@casino/core';
import { moneyOut, type App } from '@casino/http';
import {
  clawBackPokerWinnings,
  decidePrivateTableOrder,
  findAlias,
  liftSuspension,
  playerSuspensions,
  privateTableOrders,
  removeSeparation,
  replaceAlias,
  separatePlayers,
  separationsOf,
  setPokerTableAnonymous,
  stopPrivateTable,
  suspendPlayer,
  type PokerClawbackView,
  type PokerIntegrityContext,
} from '@casino/tables';
import type { z } from 'zod';
import { json, staffActor } from './common.ts';
import { adminProblems, OkSchema, security } from './common.schema.ts';
import {
  AliasSchema,
  AnonymousBodySchema,
  ClawbackBodySchema,
  ClawbackSchema,
  DecisionBodySchema,
  LiftBodySchema,
  OrderParamsSchema,
  OrderQuerySchema,
  OrderSchema,
  OrdersSchema,
  PlayerIntegritySchema,
  PlayerParamsSchema,
  RemoveBodySchema,
  ReplaceAliasBodySchema,
  SeparateBodySchema,
  SeparationParamsSchema,
  SeparationSchema,
  SuspendBodySchema,
  SuspensionSchema,
  TableParamsSchema,
} from './poker-integrity.schema.ts';

/** Who reads a player's integrity record, who acts on it, who takes money back (docs/poker-tables.md#integrity). */
const readers = ['support', 'compliance-officer', 'mlro', 'auditor', 'admin'] as const;
const investigators = ['compliance-officer', 'mlro', 'admin'] as const;
const moneyActors = ['mlro', 'admin'] as const;
const tags = ['poker'];

/**
 * The poker room's integrity for staff (issue 18): suspensions from poker or all live games and
 * their lifting, "not together" pairs, alias moderation, private-table orders, anonymous tables and
 * clawback of winnings. Every change is audited with the staff user and the reason.
 */
export function pokerIntegrityRoutes(app: App, ctx: PokerIntegrityContext): void {
  const out = <T>(value: unknown) => json(value) as T;

  app.get(
    '/v1/poker/players/:playerId/integrity',
    {
      onRequest: app.authorizeStaff(readers),
      schema: {
        tags,
        security,
        summary: "A player's poker alias, suspensions and the players they are kept apart from",
        params: PlayerParamsSchema,
        response: { 200: PlayerIntegritySchema, ...adminProblems },
      },
    },
    async (request) => {
      const { playerId } = request.params;
      const [alias, suspensions, separations] = await Promise.all([
        findAlias(ctx.db, playerId),
        playerSuspensions(ctx.db, playerId),
        separationsOf(ctx.db, playerId),
      ]);
      return out<z.infer<typeof PlayerIntegritySchema>>({ alias, suspensions, separations });
    },
  );

  app.post(
    '/v1/poker/players/:playerId/suspension',
    {
      onRequest: app.authorizeStaff(investigators),
      schema: {
        tags,
        security,
        summary:
          'Suspend a player from poker or from all live games while staff investigate; seated, they leave at the end of the hand',
        params: PlayerParamsSchema,
        body: SuspendBodySchema,
        response: { 200: SuspensionSchema, ...adminProblems },
      },
    },
    async (request) =>
      out<z.infer<typeof SuspensionSchema>>(
        await suspendPlayer(ctx, staffActor(request), { playerId: request.params.playerId, ...request.body }),
      ),
  );

  app.post(
    '/v1/poker/players/:playerId/suspension/lift',
    {
      onRequest: app.authorizeStaff(investigators),
      schema: {
        tags,
        security,
        summary: 'Lift the suspension in force after the investigation',
        params: PlayerParamsSchema,
        body: LiftBodySchema,
        response: { 200: SuspensionSchema, ...adminProblems },
      },
    },
    async (request) =>
      out<z.infer<typeof SuspensionSchema>>(
        await liftSuspension(ctx, staffActor(request), { playerId: request.params.playerId, reason: request.body.reason }),
      ),
  );

  app.post(
    '/v1/poker/separations',
    {
      onRequest: app.authorizeStaff(investigators),
      schema: {
        tags,
        security,
        summary: 'Keep two players apart: neither may sit at a cash table where the other has a seat',
        body: SeparateBodySchema,
        response: { 200: SeparationSchema, ...adminProblems },
      },
    },
    async (request) => out<z.infer<typeof SeparationSchema>>(await separatePlayers(ctx, staffActor(request), request.body)),
  );

  app.post(
    '/v1/poker/separations/:separationId/remove',
    {
      onRequest: app.authorizeStaff(investigators),
      schema: {
        tags,
        security,
        summary: 'End a separation: the two may sit together again',
        params: SeparationParamsSchema,
        body: RemoveBodySchema,
        response: { 200: SeparationSchema, ...adminProblems },
      },
    },
    async (request) =>
      out<z.infer<typeof SeparationSchema>>(
        await removeSeparation(ctx, staffActor(request), {
          separationId: request.params.separationId,
          reason: request.body.reason,
        }),
      ),
  );

  app.post(
    '/v1/poker/players/:playerId/alias',
    {
      onRequest: app.authorizeStaff(['support', 'compliance-officer', 'admin']),
      schema: {
        tags,
        security,
        summary: 'Replace an unsuitable alias (offensive, a trademark, a person) with one staff assign',
        params: PlayerParamsSchema,
        body: ReplaceAliasBodySchema,
        response: { 200: AliasSchema, ...adminProblems },
      },
    },
    async (request) =>
      out<z.infer<typeof AliasSchema>>(
        await replaceAlias(ctx, staffActor(request), { playerId: request.params.playerId, ...request.body }),
      ),
  );

  app.get(
    '/v1/poker/private-table-orders',
    {
      onRequest: app.authorizeStaff(readers),
      schema: {
        tags,
        security,
        summary: 'Private-table orders, newest first (200 at most), by status',
        querystring: OrderQuerySchema,
        response: { 200: OrdersSchema, ...adminProblems },
      },
    },
    async (request) =>
      out<z.infer<typeof OrdersSchema>>({
        orders: await privateTableOrders(ctx.db, request.query.status ? { status: request.query.status } : {}),
      }),
  );

  app.post(
    '/v1/poker/private-table-orders/:orderId/decision',
    {
      onRequest: app.authorizeStaff(['support', 'compliance-officer', 'admin']),
      schema: {
        tags,
        security,
        summary: 'Approve (the table is set up, the orderer mailed its password) or decline a private-table order',
        params: OrderParamsSchema,
        body: DecisionBodySchema,
        response: { 200: OrderSchema, ...adminProblems },
      },
    },
    async (request) => {
      const { order } = await decidePrivateTableOrder(ctx, staffActor(request), {
        orderId: request.params.orderId,
        ...request.body,
      });
      return out<z.infer<typeof OrderSchema>>(order);
    },
  );

  app.post(
    '/v1/poker/private-table-orders/:orderId/stop',
    {
      onRequest: app.authorizeStaff(investigators),
      schema: {
        tags,
        security,
        summary: 'Stop private play at once: the table closes and releases its seats at the end of the hand',
        params: OrderParamsSchema,
        body: RemoveBodySchema,
        response: { 200: OrderSchema, ...adminProblems },
      },
    },
    async (request) =>
      out<z.infer<typeof OrderSchema>>(
        await stopPrivateTable(ctx, staffActor(request), { orderId: request.params.orderId, reason: request.body.reason }),
      ),
  );

  app.post(
    '/v1/poker/tables/:tableId/anonymous',
    {
      onRequest: app.authorizeStaff(['admin']),
      schema: {
        tags,
        security,
        summary: 'Make an empty table anonymous (where its profile runs anonymous tables), or not',
        params: TableParamsSchema,
        body: AnonymousBodySchema,
        response: { 200: OkSchema, ...adminProblems },
      },
    },
    async (request) => {
      await setPokerTableAnonymous(ctx, { tableId: request.params.tableId, anonymous: request.body.anonymous });
      return { ok: true as const };
    },
  );

  app.post(
    '/v1/poker/players/:playerId/clawbacks',
    {
      onRequest: app.authorizeStaff(moneyActors),
      schema: {
        tags,
        security,
        summary: "Take back a player's winnings from the named hands: to the losers or held, as the table's profile says",
        params: PlayerParamsSchema,
        body: ClawbackBodySchema,
        response: { 200: ClawbackSchema, ...adminProblems },
      },
    },
    async (request) =>
      clawbackOut(await clawBackPokerWinnings(ctx, staffActor(request), { playerId: request.params.playerId, ...request.body })),
  );
}

function clawbackOut(view: PokerClawbackView) {
  const amount = (minor: bigint) => moneyOut(Money.fromMinor(minor, view.currency));
  return {
    clawbackId: view.clawbackId,
    playerId: view.playerId,
    amount: amount(view.amountMinor),
    paidTo: view.paidTo,
    distribution: view.distribution.map((d) => ({ playerId: d.playerId, amount: amount(d.amountMinor) })),
    ledgerTransactionId: view.ledgerTransactionId,
  };
}
