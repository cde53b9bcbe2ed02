import { Money } from '@casino/core';
import { moneyOut, type App } from '@casino/http';
import { changePassword, playerOverview, setSecondFactor, updatePersonalData, type PlayersContext } from '@casino/players';
import { z } from 'zod';
import {
  MeResponseSchema,
  meProblems,
  PasswordBodySchema,
  PersonalDataBodySchema,
  PersonalDataResponseSchema,
  SecondFactorBodySchema,
  SecondFactorResponseSchema,
} from './me.schema.ts';

/** The player's own account: overview, password, second factor, personal data (with history). */
export function meRoutes(app: App, ctx: PlayersContext): void {
  const common = { tags: ['me'], security: [{ playerToken: [] }] };

  app.get(
    '/v1/me',
    {
      onRequest: app.authenticate('player'),
      schema: { ...common, summary: 'My account', response: { 200: MeResponseSchema, ...meProblems } },
    },
    async (request) => {
      const overview = await playerOverview(ctx, request.principal!.subject);
      return { ...overview, temporaryAccount: overview.temporaryAccount && temporaryAccountOut(overview.temporaryAccount) };
    },
  );

  app.post(
    '/v1/me/password',
    {
      onRequest: app.authenticate('player'),
      schema: {
        ...common,
        summary: 'Change my password (ends my other sessions)',
        body: PasswordBodySchema,
        response: { 204: z.null(), ...meProblems },
      },
    },
    async (request, reply) => {
      await changePassword(ctx, request.principal!.subject, request.body.currentPassword, request.body.newPassword);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/v1/me/second-factor',
    {
      onRequest: app.authenticate('player'),
      schema: {
        ...common,
        summary: 'Turn the SMS second factor of my logins on or off',
        body: SecondFactorBodySchema,
        response: { 200: SecondFactorResponseSchema, ...meProblems },
      },
    },
    async (request) => {
      return setSecondFactor(ctx, request.principal!.subject, request.body);
    },
  );

  app.patch(
    '/v1/me/personal-data',
    {
      onRequest: app.authenticate('player'),
      schema: {
        ...common,
        summary: 'Report a change of my personal data',
        body: PersonalDataBodySchema,
        response: { 200: PersonalDataResponseSchema, ...meProblems },
      },
    },
    async (request) => {
      const { changedOn, ...fields } = request.body;
      return updatePersonalData(ctx, request.principal!.subject, { ...fields, changedOn });
    },
  );
}

type TemporaryAccount = NonNullable<Awaited<ReturnType<typeof playerOverview>>['temporaryAccount']>;

/** The temporary account's state as a page shows it: the cap used, what may still be deposited, the days left (D-1782). */
function temporaryAccountOut(temporary: TemporaryAccount) {
  const deposited = Money.fromMinor(temporary.depositedMinor, 'CZK');
  const cap = Money.fromMinor(temporary.depositCapMinor, 'CZK');
  return {
    status: temporary.status,
    deadlineAt: temporary.deadlineAt,
    lastDay: temporary.lastDay,
    daysLeft: temporary.daysLeft,
    deposited: moneyOut(deposited),
    depositCap: moneyOut(cap),
    depositRemaining: moneyOut(cap.greaterThan(deposited) ? cap.minus(deposited) : cap.minus(cap)),
  };
}
