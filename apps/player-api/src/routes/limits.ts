import type { App } from '@casino/http';
import {
  changeLimit,
  closeAccount,
  limitHistory,
  limitsOverview,
  playingTimeToday,
  pressPanicButton,
  requestRegisterEntry,
  selfExclude,
  setRealityCheck,
  withdrawPendingChange,
  type LimitsContext,
} from '@casino/limits';
import {
  AccountClosureBodySchema,
  AccountClosureResponseSchema,
  ExclusionResponseSchema,
  HistoryQuerySchema,
  HistoryResponseSchema,
  LimitBodySchema,
  LimitChangeResponseSchema,
  limitsProblems,
  LimitsResponseSchema,
  MeasureParamsSchema,
  PlayingTimeResponseSchema,
  RealityCheckBodySchema,
  RealityCheckResponseSchema,
  RegisterEntryResponseSchema,
  SelfExclusionBodySchema,
  WithdrawnResponseSchema,
} from './limits.schema.ts';
import { changeOut, exclusionOut, historyOut, overviewOut, playingTimeOut } from './limits.view.ts';

/**
 * The player's self-limitation measures (ZHH §15; 002 §3.4; 004 §3.5): see them, tighten at once,
 * loosen after the waiting period or withdraw the loosening, self-exclude, press the panic button,
 * ask to be entered in the register of excluded persons, close the account, and the time indicator
 * with reality-check reminders. The rules are in @casino/limits (docs/limits.md).
 */
export function limitsRoutes(app: App, ctx: LimitsContext): void {
  const common = { tags: ['limits'], security: [{ playerToken: [] }] };
  const player = app.authenticate('player');
  const me = (request: { principal: { subject: string } | null }) => request.principal!.subject;

  app.get(
    '/v1/me/limits',
    {
      onRequest: player,
      schema: {
        ...common,
        summary: 'My measures: in force, pending, and what is left',
        response: { 200: LimitsResponseSchema, ...limitsProblems },
      },
    },
    async (request) => overviewOut(ctx.profile.id, await limitsOverview(ctx, me(request))),
  );

  app.put(
    '/v1/me/limits/:measure',
    {
      onRequest: player,
      schema: {
        ...common,
        summary: 'Set or change a limit: lower at once, higher after the waiting period',
        params: MeasureParamsSchema,
        body: LimitBodySchema,
        response: { 200: LimitChangeResponseSchema, 202: LimitChangeResponseSchema, ...limitsProblems },
      },
    },
    async (request, reply) => {
      const { amount, minutes, count } = request.body;
      const limit = amount ? { amount } : minutes !== undefined ? { minutes } : { count: count! };
      const outcome = await changeLimit(ctx, { playerId: me(request), measure: request.params.measure, limit, actor: 'player' });
      return reply.code(outcome.pending ? 202 : 200).send(changeOut(outcome));
    },
  );

  app.delete(
    '/v1/me/limits/:measure',
    {
      onRequest: player,
      schema: {
        ...common,
        summary: 'Remove a limit (it stays until the waiting period ends)',
        params: MeasureParamsSchema,
        response: { 200: LimitChangeResponseSchema, 202: LimitChangeResponseSchema, ...limitsProblems },
      },
    },
    async (request, reply) => {
      const outcome = await changeLimit(ctx, {
        playerId: me(request),
        measure: request.params.measure,
        limit: null,
        actor: 'player',
      });
      return reply.code(outcome.pending ? 202 : 200).send(changeOut(outcome));
    },
  );

  app.delete(
    '/v1/me/limits/:measure/pending-change',
    {
      onRequest: player,
      schema: {
        ...common,
        summary: 'Withdraw a pending loosening before it applies',
        params: MeasureParamsSchema,
        response: { 200: WithdrawnResponseSchema, ...limitsProblems },
      },
    },
    async (request) => withdrawPendingChange(ctx, { playerId: me(request), measure: request.params.measure, actor: 'player' }),
  );

  app.get(
    '/v1/me/limits/history',
    {
      onRequest: player,
      schema: {
        ...common,
        summary: 'Every change of my measures: who, when, old, new, effective from',
        querystring: HistoryQuerySchema,
        response: { 200: HistoryResponseSchema, ...limitsProblems },
      },
    },
    async (request) =>
      historyOut(
        await limitHistory(ctx, me(request), {
          limit: request.query.limit,
          ...(request.query.after ? { after: request.query.after } : {}),
        }),
      ),
  );

  app.post(
    '/v1/me/self-exclusion',
    {
      onRequest: player,
      schema: {
        ...common,
        summary: 'Self-exclude now (ends every session; cannot be shortened)',
        body: SelfExclusionBodySchema,
        response: { 201: ExclusionResponseSchema, ...limitsProblems },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(exclusionOut(await selfExclude(ctx, { playerId: me(request), hours: request.body.hours, actor: 'player' }))),
  );

  app.post(
    '/v1/me/panic-button',
    {
      onRequest: player,
      schema: {
        ...common,
        summary: `Panic button: excluded for ${ctx.profile.panicButtonHours} hours at once`,
        response: { 201: ExclusionResponseSchema, ...limitsProblems },
      },
    },
    async (request, reply) =>
      reply.code(201).send(exclusionOut(await pressPanicButton(ctx, { playerId: me(request), actor: 'player' }))),
  );

  app.post(
    '/v1/me/register-exclusion',
    {
      onRequest: player,
      schema: {
        ...common,
        summary: 'Ask to be entered in the register of excluded persons (§16 ZHH)',
        response: { 201: RegisterEntryResponseSchema, ...limitsProblems },
      },
    },
    async (request, reply) => reply.code(201).send(await requestRegisterEntry(ctx, { playerId: me(request) })),
  );

  app.post(
    '/v1/me/account-closure',
    {
      onRequest: player,
      schema: {
        ...common,
        summary: 'Close my account now (my measures pass to a new account opened within 7 days)',
        body: AccountClosureBodySchema,
        response: { 200: AccountClosureResponseSchema, ...limitsProblems },
      },
    },
    async (request) => {
      const { closedAt } = await closeAccount(ctx, { playerId: me(request) });
      // Committed: this token and every other of the player's is refused from the next request on.
      await app.principalChanged('player', me(request));
      return { closedAt: closedAt.toISOString() };
    },
  );

  app.get(
    '/v1/me/playing-time',
    {
      onRequest: player,
      schema: {
        ...common,
        summary: "Today's playing time, my play session and its net result",
        response: { 200: PlayingTimeResponseSchema, ...limitsProblems },
      },
    },
    async (request) => playingTimeOut(await playingTimeToday(ctx, me(request))),
  );

  app.put(
    '/v1/me/reality-check',
    {
      onRequest: player,
      schema: {
        ...common,
        summary: 'Reality-check reminders: every N minutes of play, or none',
        body: RealityCheckBodySchema,
        response: { 200: RealityCheckResponseSchema, ...limitsProblems },
      },
    },
    async (request) => setRealityCheck(ctx, { playerId: me(request), intervalMinutes: request.body.intervalMinutes }),
  );
}
