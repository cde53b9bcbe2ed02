import type { App } from '@casino/http';
import { joinPlatynkoTable, type TablesContext } from '@casino/tables';
import { gameProblems } from './common.schema.ts';
import { JoinPlatynkoBodySchema, JoinPlatynkoResponseSchema } from './platynko.schema.ts';

/**
 * Plátýnko's way to a table (004:GAM-PL-02): the player picks a speed, a table minimum and a number of
 * players and is seated automatically at an open table with those options. Options the rule book
 * does not offer (20 s, a minimum of 50 CZK, 5 players) are refused as problem+json. Rounds then run
 * through the shared routes (`/v1/rounds/:roundId/actions`), as at any table.
 */
export function platynkoRoutes(app: App, ctx: TablesContext, rateLimit: { max: number; timeWindow: number }): void {
  app.post(
    '/v1/platynko/seats',
    {
      onRequest: app.authenticate('player'),
      config: { rateLimit },
      schema: {
        tags: ['tables'],
        security: [{ playerToken: [] }],
        summary: 'Plátýnko: take a seat at an open table with the chosen speed, minimum and number of players',
        body: JoinPlatynkoBodySchema,
        response: { 201: JoinPlatynkoResponseSchema, ...gameProblems },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await joinPlatynkoTable(ctx, {
          playerId: request.principal!.subject,
          bettingTimeSeconds: request.body.bettingTimeSeconds,
          minimumMinor: request.body.minimum.toMinor(),
          ...(request.body.players === undefined ? {} : { seatsMax: request.body.players }),
        }),
      ),
  );
}
