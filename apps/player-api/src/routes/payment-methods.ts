import {
  activatePaymentMethod,
  containsCardNumber,
  depositCaps,
  listPaymentMethods,
  registerPaymentMethod,
  removePaymentMethod,
  renewCard,
  startVerification,
  submitOwnershipDocument,
  verificationState,
  type CashierContext,
} from '@casino/cashier';
import { PaymentMethodSchema, paymentMethodOut } from '@casino/wire/cashier';
import { DomainError } from '@casino/core';
import { moneyOut, type App } from '@casino/http';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  DocumentAcceptedSchema,
  DepositCapsSchema,
  DocumentBodySchema,
  paymentMethodProblems,
  PaymentMethodParamsSchema,
  RegisterPaymentMethodBodySchema,
  RenewCardBodySchema,
  StartVerificationBodySchema,
  VerificationStartedSchema,
  VerificationStateSchema,
} from './payment-methods.schema.ts';

/** 004:PAY-06: a request carrying a full card number is refused before anything reads it. */
export async function refuseCardNumbers(request: FastifyRequest): Promise<void> {
  if (request.body !== undefined && containsCardNumber(JSON.stringify(request.body))) {
    throw new DomainError(
      'card-data-refused',
      "Never send a card number: cards are registered by the payment provider's token only (004:PAY-06).",
      { field: 'body' },
    );
  }
}

/** The player's payment methods (004:PAY-01..10, 002:PM-01..07): register, verify, activate, renew, remove. */
export function paymentMethodRoutes(app: App, ctx: CashierContext): void {
  const common = { tags: ['payment-methods'], security: [{ playerToken: [] }] };
  const player = app.authenticate('player');
  const me = (request: FastifyRequest) => request.principal!.subject;

  app.get(
    '/v1/payment-methods',
    {
      onRequest: player,
      schema: {
        ...common,
        summary: 'My payment methods',
        response: { 200: z.object({ paymentMethods: z.array(PaymentMethodSchema) }), ...paymentMethodProblems },
      },
    },
    async (request) => ({ paymentMethods: (await listPaymentMethods(ctx.db, me(request))).map(paymentMethodOut) }),
  );

  app.post(
    '/v1/payment-methods',
    {
      preValidation: refuseCardNumbers,
      onRequest: player,
      schema: {
        ...common,
        summary: 'Register a bank account, a card (by its provider token) or another instrument',
        body: RegisterPaymentMethodBodySchema,
        response: { 201: PaymentMethodSchema, ...paymentMethodProblems },
      },
    },
    async (request, reply) =>
      reply.code(201).send(paymentMethodOut(await registerPaymentMethod(ctx, { playerId: me(request), method: request.body }))),
  );

  app.post(
    '/v1/payment-methods/:paymentMethodId/verifications',
    {
      onRequest: player,
      schema: {
        ...common,
        summary: 'Start verifying ownership: 3-D Secure for a card, an offline transfer for a bank account',
        params: PaymentMethodParamsSchema,
        body: StartVerificationBodySchema,
        response: { 202: VerificationStartedSchema, ...paymentMethodProblems },
      },
    },
    async (request, reply) => {
      const started = await startVerification(ctx, {
        playerId: me(request),
        paymentMethodId: request.params.paymentMethodId,
        via: request.body.via,
      });
      const body =
        started.via === 'online-transaction'
          ? started
          : { via: started.via, transfer: { ...started.transfer, amountMin: moneyOut(started.transfer.amountMin) } };
      return reply.code(202).send(body);
    },
  );

  app.get(
    '/v1/payment-methods/:paymentMethodId/verification',
    {
      onRequest: player,
      schema: {
        ...common,
        summary:
          "Where verifying a method stands: its state and the latest 3-D Secure check's outcome (the page after 3-D Secure asks)",
        params: PaymentMethodParamsSchema,
        response: { 200: VerificationStateSchema, ...paymentMethodProblems },
      },
    },
    async (request) => {
      const state = await verificationState(ctx, { playerId: me(request), paymentMethodId: request.params.paymentMethodId });
      return {
        ...state,
        verifiedAt: state.verifiedAt?.toISOString() ?? null,
        verificationDeadlineAt: state.verificationDeadlineAt.toISOString(),
        onlineCheck: state.onlineCheck && {
          outcome: state.onlineCheck.outcome,
          reportedAt: state.onlineCheck.reportedAt?.toISOString() ?? null,
        },
      };
    },
  );

  app.get(
    '/v1/payment-methods/:paymentMethodId/deposit-caps',
    {
      onRequest: player,
      schema: {
        ...common,
        summary: 'What a deposit through this method may be now: minimum, maximum, the rolling caps used and left',
        params: PaymentMethodParamsSchema,
        response: { 200: DepositCapsSchema, ...paymentMethodProblems },
      },
    },
    async (request) => {
      const caps = await depositCaps(ctx, { playerId: me(request), paymentMethodId: request.params.paymentMethodId });
      return {
        ...caps,
        perTransaction: {
          min: moneyOut(caps.perTransaction.min),
          max: caps.perTransaction.max && moneyOut(caps.perTransaction.max),
        },
        windows: caps.windows.map((w) => ({
          window: w.window,
          max: moneyOut(w.max),
          used: moneyOut(w.used),
          remaining: moneyOut(w.remaining),
        })),
        temporaryAccountRemaining: caps.temporaryAccountRemaining && moneyOut(caps.temporaryAccountRemaining),
        largestNow: caps.largestNow && moneyOut(caps.largestNow),
      };
    },
  );

  app.post(
    '/v1/payment-methods/:paymentMethodId/documents',
    {
      bodyLimit: 1_500_000,
      onRequest: player,
      schema: {
        ...common,
        summary: 'Submit a proof of ownership for staff review (never a card image)',
        params: PaymentMethodParamsSchema,
        body: DocumentBodySchema,
        response: { 201: DocumentAcceptedSchema, ...paymentMethodProblems },
      },
    },
    async (request, reply) => {
      const { kind, contentType, contentBase64 } = request.body;
      const accepted = await submitOwnershipDocument(ctx, {
        playerId: me(request),
        paymentMethodId: request.params.paymentMethodId,
        kind,
        contentType,
        content: Buffer.from(contentBase64, 'base64'),
      });
      return reply.code(201).send(accepted);
    },
  );

  app.post(
    '/v1/payment-methods/:paymentMethodId/activation',
    {
      onRequest: player,
      schema: {
        ...common,
        summary: 'Make this verified method the active one (the previous one is deactivated)',
        params: PaymentMethodParamsSchema,
        response: { 200: PaymentMethodSchema, ...paymentMethodProblems },
      },
    },
    async (request) =>
      paymentMethodOut(
        await activatePaymentMethod(ctx, { playerId: me(request), paymentMethodId: request.params.paymentMethodId }),
      ),
  );

  app.put(
    '/v1/payment-methods/:paymentMethodId/card',
    {
      preValidation: refuseCardNumbers,
      onRequest: player,
      schema: {
        ...common,
        summary: 'A renewed card: same number, new expiry (no new verification with the same holder, 004:PAY-05)',
        params: PaymentMethodParamsSchema,
        body: RenewCardBodySchema,
        response: { 200: PaymentMethodSchema, ...paymentMethodProblems },
      },
    },
    async (request) =>
      paymentMethodOut(
        await renewCard(ctx, {
          playerId: me(request),
          paymentMethodId: request.params.paymentMethodId,
          token: request.body.token,
        }),
      ),
  );

  app.delete(
    '/v1/payment-methods/:paymentMethodId',
    {
      onRequest: player,
      schema: {
        ...common,
        summary: 'Remove a payment method',
        params: PaymentMethodParamsSchema,
        response: { 204: z.null(), ...paymentMethodProblems },
      },
    },
    async (request, reply) => {
      await removePaymentMethod(ctx, { playerId: me(request), paymentMethodId: request.params.paymentMethodId });
      return reply.code(204).send(null);
    },
  );
}
