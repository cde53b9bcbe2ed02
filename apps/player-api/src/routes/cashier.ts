import {
  cancelWithdrawal,
  createDeposit,
  getDeposit,
  getWithdrawal,
  listDebts,
  listDeposits,
  listWithdrawals,
  outstandingDebt,
  requestWithdrawal,
  type CashierContext,
} from '@casino/cashier';
import { debtOut, DepositSchema, depositOut, WithdrawalSchema, withdrawalOut } from '@casino/wire/cashier';
import { moneyOut, type App } from '@casino/http';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  cashierProblems,
  CreateDepositBodySchema,
  DebtsResponseSchema,
  DepositParamsSchema,
  IdempotencyHeadersSchema,
  ListQuerySchema,
  RequestWithdrawalBodySchema,
  WithdrawalParamsSchema,
} from './cashier.schema.ts';

/**
 * The player's cashier: deposit intents (credited when the provider's signed webhook confirms
 * them), withdrawals (held at once, paid by the payout job), cancellations, and debts.
 */
export function cashierRoutes(app: App, ctx: CashierContext): void {
  const common = { tags: ['cashier'], security: [{ playerToken: [] }] };
  const player = app.authenticate('player');
  const me = (request: FastifyRequest) => request.principal!.subject;

  app.post(
    '/v1/deposits',
    {
      onRequest: player,
      schema: {
        ...common,
        summary: 'Deposit: the provider takes the payment (complete 3-D Secure at redirectUrl); its webhook credits it',
        headers: IdempotencyHeadersSchema,
        body: CreateDepositBodySchema,
        response: { 200: DepositSchema, 201: DepositSchema, ...cashierProblems },
      },
    },
    async (request, reply) => {
      const deposit = await createDeposit(ctx, {
        playerId: me(request),
        paymentMethodId: request.body.paymentMethodId,
        amount: request.body.amount,
        idempotencyKey: request.headers['idempotency-key'],
        ...(request.body.quoteId ? { quoteId: request.body.quoteId } : {}),
      });
      return reply.code(deposit.replayed ? 200 : 201).send(depositOut(deposit));
    },
  );

  app.get(
    '/v1/deposits',
    {
      onRequest: player,
      schema: {
        ...common,
        summary: 'My deposits, newest first',
        querystring: ListQuerySchema,
        response: { 200: z.object({ deposits: z.array(DepositSchema) }), ...cashierProblems },
      },
    },
    async (request) => ({ deposits: (await listDeposits(ctx.db, me(request), request.query.limit)).map(depositOut) }),
  );

  app.get(
    '/v1/deposits/:depositId',
    {
      onRequest: player,
      schema: {
        ...common,
        summary: 'One of my deposits',
        params: DepositParamsSchema,
        response: { 200: DepositSchema, ...cashierProblems },
      },
    },
    async (request) => depositOut(await getDeposit(ctx.db, me(request), request.params.depositId)),
  );

  app.post(
    '/v1/withdrawals',
    {
      onRequest: player,
      schema: {
        ...common,
        summary: 'Withdraw to the active bank account (004:WDR-02 preconditions, each its own problem type)',
        headers: IdempotencyHeadersSchema,
        body: RequestWithdrawalBodySchema,
        response: { 200: WithdrawalSchema, 201: WithdrawalSchema, ...cashierProblems },
      },
    },
    async (request, reply) => {
      const withdrawal = await requestWithdrawal(ctx, {
        playerId: me(request),
        amount: request.body.amount,
        idempotencyKey: request.headers['idempotency-key'],
        channel: 'PLAYER',
        requestedBy: 'player',
        ...(request.body.quoteId ? { quoteId: request.body.quoteId } : {}),
      });
      return reply.code(withdrawal.replayed ? 200 : 201).send(withdrawalOut(withdrawal));
    },
  );

  app.get(
    '/v1/withdrawals',
    {
      onRequest: player,
      schema: {
        ...common,
        summary: 'My withdrawals, newest first',
        querystring: ListQuerySchema,
        response: { 200: z.object({ withdrawals: z.array(WithdrawalSchema) }), ...cashierProblems },
      },
    },
    async (request) => ({ withdrawals: (await listWithdrawals(ctx.db, me(request), request.query.limit)).map(withdrawalOut) }),
  );

  app.get(
    '/v1/withdrawals/:withdrawalId',
    {
      onRequest: player,
      schema: {
        ...common,
        summary: 'One of my withdrawals',
        params: WithdrawalParamsSchema,
        response: { 200: WithdrawalSchema, ...cashierProblems },
      },
    },
    async (request) => withdrawalOut(await getWithdrawal(ctx.db, me(request), request.params.withdrawalId)),
  );

  app.post(
    '/v1/withdrawals/:withdrawalId/cancellation',
    {
      onRequest: player,
      schema: {
        ...common,
        summary: 'Cancel a withdrawal not yet sent; the funds return to the balance',
        params: WithdrawalParamsSchema,
        response: { 200: WithdrawalSchema, ...cashierProblems },
      },
    },
    async (request) =>
      withdrawalOut(await cancelWithdrawal(ctx, { playerId: me(request), withdrawalId: request.params.withdrawalId })),
  );

  app.get(
    '/v1/debts',
    {
      onRequest: player,
      schema: {
        ...common,
        summary: 'What I owe (fees, clawbacks, chargebacks) and by when',
        response: { 200: DebtsResponseSchema, ...cashierProblems },
      },
    },
    async (request) => ({
      outstanding: moneyOut(await outstandingDebt(ctx.db, me(request))),
      debts: (await listDebts(ctx.db, me(request))).map(debtOut),
    }),
  );
}
