import { listPaymentMethods } from '@casino/cashier';
import { paymentMethodOut } from '@casino/wire/cashier';
import {
  addPlayerNote,
  playerView,
  revealPersonalData,
  searchPlayers,
  takeAccountAction,
  type ComplianceContext,
} from '@casino/compliance';
import { moneyOut, type App } from '@casino/http';
import { limitsOverview, type LimitsContext } from '@casino/limits';
import type { z } from 'zod';
import { json, staffActor } from './common.ts';
import { measuresOut } from './limits.ts';
import { adminProblems, security } from './common.schema.ts';
import {
  AccountActionBodySchema,
  AccountActionResultSchema,
  NoteBodySchema,
  NoteCreatedSchema,
  PlayerParamsSchema,
  PlayerSearchQuerySchema,
  PlayerSearchResultSchema,
  PlayerViewSchema,
  RevealBodySchema,
  RevealResultSchema,
} from './players.schema.ts';

const tags = ['players'];
const accessActions: ReadonlySet<string> = new Set(['block', 'unblock', 'close']);

type LimitsViewContext = Pick<LimitsContext, 'db' | 'clock' | 'profile'>;

/** The player view (personal data masked by role) and the account actions staff take, each with a reason. */
export function playerRoutes(app: App, ctx: ComplianceContext, limits: LimitsViewContext): void {
  app.get(
    '/v1/players',
    {
      onRequest: app.authorizeStaff(['support', 'compliance-officer', 'mlro', 'finance', 'auditor', 'admin']),
      schema: {
        tags,
        security,
        summary: 'Find players by id, e-mail or surname prefix, and state; a page at a time, personal data masked',
        querystring: PlayerSearchQuerySchema,
        response: { 200: PlayerSearchResultSchema, ...adminProblems },
      },
    },
    async (request) => json(await searchPlayers(ctx, request.query)) as z.infer<typeof PlayerSearchResultSchema>,
  );

  app.post(
    '/v1/players/:playerId/personal-data/unmask',
    {
      onRequest: app.authorizeStaff(['compliance-officer', 'mlro', 'admin']),
      schema: {
        tags,
        security,
        summary: "Unmask a player's personal data (birth number included): the audit log records who, when and why first",
        params: PlayerParamsSchema,
        body: RevealBodySchema,
        response: { 200: RevealResultSchema, ...adminProblems },
      },
    },
    async (request) =>
      json(await revealPersonalData(ctx, staffActor(request), request.params.playerId, request.body.reason)) as z.infer<
        typeof RevealResultSchema
      >,
  );

  app.get(
    '/v1/players/:playerId',
    {
      onRequest: app.authorizeStaff(['support', 'compliance-officer', 'mlro', 'finance', 'auditor', 'admin']),
      schema: {
        tags,
        security,
        summary:
          'A player as staff see it: data (masked; unmasking is its own audited call), state history, limits, wallets, alerts, cases, notes',
        params: PlayerParamsSchema,
        response: { 200: PlayerViewSchema, ...adminProblems },
      },
    },
    async (request) => {
      const view = await playerView(ctx, staffActor(request), request.params.playerId);
      const [measures, methods] = await Promise.all([limitsOverview(limits, view.id), listPaymentMethods(ctx.db, view.id)]);
      const wallets = view.wallets.map((w) => ({ ...w, balance: moneyOut(w.balance) }));
      return {
        ...(json({ ...view, wallets: [] }) as z.infer<typeof PlayerViewSchema>),
        wallets,
        selfLimits: measuresOut(measures),
        paymentMethods: methods.map(paymentMethodOut),
      };
    },
  );

  app.post(
    '/v1/players/:playerId/actions',
    {
      onRequest: app.authorizeStaff(['compliance-officer', 'mlro', 'admin']),
      schema: {
        tags,
        security,
        summary: 'Block, unblock, close (004:TRM-10), demand re-verification, hold or release payouts; a reason is mandatory',
        params: PlayerParamsSchema,
        body: AccountActionBodySchema,
        response: { 200: AccountActionResultSchema, ...adminProblems },
      },
    },
    async (request) => {
      const result = await takeAccountAction(ctx, staffActor(request), request.params.playerId, request.body);
      // Committed: a block or closure refuses the player's existing tokens on every service at once.
      if (accessActions.has(request.body.action)) await app.principalChanged('player', request.params.playerId);
      return result;
    },
  );

  app.post(
    '/v1/players/:playerId/notes',
    {
      onRequest: app.authorizeStaff(['support', 'compliance-officer', 'mlro', 'admin']),
      schema: {
        tags,
        security,
        summary: 'Add a note to the player',
        params: PlayerParamsSchema,
        body: NoteBodySchema,
        response: { 201: NoteCreatedSchema, ...adminProblems },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addPlayerNote(ctx, staffActor(request), request.params.playerId, request.body.body)),
  );
}
