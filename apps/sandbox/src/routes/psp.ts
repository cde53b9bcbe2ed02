import type { App } from '@casino/http';
import type { FastifyRequest } from 'fastify';
import type { SandboxState } from '../state/sandbox-state.ts';
import {
  AuthenticationBodySchema,
  CardTokenSchema,
  CreatePaymentBodySchema,
  CreatePayoutBodySchema,
  CreateRefundBodySchema,
  CreateVerificationBodySchema,
  IdempotencyHeadersSchema,
  PaymentParamsSchema,
  PaymentResponseSchema,
  PayoutResponseSchema,
  pspProblems,
  RefundResponseSchema,
  StatusResponseSchema,
  TokenizeCardBodySchema,
  TokenParamsSchema,
  VerificationParamsSchema,
  VerificationResponseSchema,
} from './psp.schema.ts';

const baseUrlOf = (request: FastifyRequest): string => `${request.protocol}://${request.host}`;

/** The payment provider's API as the platform (and a payer's browser) calls it. */
export function pspRoutes(app: App, state: SandboxState): void {
  const tags = ['payment-provider'];
  const { psp } = state;
  const available = async () => psp.assertAvailable();

  app.post(
    '/psp/card-tokens',
    {
      onRequest: available,
      schema: {
        tags,
        summary: "Tokenise a card (the payer's browser calls this; the card number never reaches the platform)",
        body: TokenizeCardBodySchema,
        response: { 201: CardTokenSchema, ...pspProblems },
      },
    },
    async (request, reply) => reply.code(201).send(psp.tokenizeCard(request.body)),
  );

  app.get(
    '/psp/card-tokens/:token',
    {
      onRequest: available,
      schema: {
        tags,
        summary: 'What a card token stands for: brand, last four digits, expiry, issuer country, holder, fingerprint',
        params: TokenParamsSchema,
        response: { 200: CardTokenSchema, ...pspProblems },
      },
    },
    async (request) => psp.describeToken(request.params.token),
  );

  app.post(
    '/psp/payments',
    {
      onRequest: available,
      schema: {
        tags,
        summary: 'Take a payment; the payer authenticates at redirectUrl (3-D Secure or online banking)',
        headers: IdempotencyHeadersSchema,
        body: CreatePaymentBodySchema,
        response: { 201: PaymentResponseSchema, ...pspProblems },
      },
    },
    async (request, reply) =>
      reply.code(201).send(psp.createPayment(request.headers['idempotency-key'], request.body, baseUrlOf(request))),
  );

  app.post(
    '/psp/payments/:paymentId/authentication',
    {
      schema: {
        tags,
        summary: 'The payer passes or fails 3-D Secure (what the challenge page would post)',
        params: PaymentParamsSchema,
        body: AuthenticationBodySchema,
        response: { 200: StatusResponseSchema, ...pspProblems },
      },
    },
    async (request) => psp.authenticatePayment(request.params.paymentId, request.body.outcome),
  );

  app.post(
    '/psp/verifications',
    {
      onRequest: available,
      schema: {
        tags,
        summary: 'A zero-amount 3-D Secure check of a card',
        headers: IdempotencyHeadersSchema,
        body: CreateVerificationBodySchema,
        response: { 201: VerificationResponseSchema, ...pspProblems },
      },
    },
    async (request, reply) =>
      reply.code(201).send(psp.createVerification(request.headers['idempotency-key'], request.body, baseUrlOf(request))),
  );

  app.post(
    '/psp/verifications/:verificationId/authentication',
    {
      schema: {
        tags,
        summary: 'The cardholder passes or fails the 3-D Secure check',
        params: VerificationParamsSchema,
        body: AuthenticationBodySchema,
        response: { 200: StatusResponseSchema, ...pspProblems },
      },
    },
    async (request) => psp.authenticateVerification(request.params.verificationId, request.body.outcome),
  );

  app.post(
    '/psp/payouts',
    {
      onRequest: available,
      schema: {
        tags,
        summary: 'Pay money out to a bank account',
        headers: IdempotencyHeadersSchema,
        body: CreatePayoutBodySchema,
        response: { 202: PayoutResponseSchema, ...pspProblems },
      },
    },
    async (request, reply) => reply.code(202).send(psp.createPayout(request.headers['idempotency-key'], request.body)),
  );

  app.post(
    '/psp/refunds',
    {
      onRequest: available,
      schema: {
        tags,
        summary: 'Refund a payment',
        headers: IdempotencyHeadersSchema,
        body: CreateRefundBodySchema,
        response: { 202: RefundResponseSchema, ...pspProblems },
      },
    },
    async (request, reply) => reply.code(202).send(psp.createRefund(request.headers['idempotency-key'], request.body)),
  );
}
