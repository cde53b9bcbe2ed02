import type { App } from '@casino/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxState } from '../state/sandbox-state.ts';
import { challengeDonePage, challengePage, challengePageCsp } from './challenge-page.ts';
import {
  AuthenticationBodySchema,
  BackToMerchantSchema,
  ChallengePageSchema,
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

/** The challenge page's buttons post a form; the platform's own calls and tests post JSON. */
const fromBrowserForm = (request: FastifyRequest): boolean =>
  String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');

const html = (reply: FastifyReply, body: string) =>
  reply.code(200).header('content-security-policy', challengePageCsp).type('text/html; charset=utf-8').send(body);

/**
 * After the form: the browser goes back to the merchant's page (303, so it GETs it), as a real
 * provider's 3-D Secure ends; without a returnUrl, a page that says it is done.
 */
function answerForm(reply: FastifyReply, status: string, returnUrl: string | null) {
  return returnUrl ? reply.redirect(returnUrl, 303) : html(reply, challengeDonePage(status));
}

/** The payment provider's API as the platform (and a payer's browser) calls it. */
export function pspRoutes(app: App, state: SandboxState): void {
  const tags = ['payment-provider'];
  const { psp } = state;
  const available = async () => psp.assertAvailable();
  // The challenge page's form (outcome=pass|fail); small, flat, and validated by the routes' schemas.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

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

  app.get(
    '/psp/payments/:paymentId/authentication',
    {
      schema: {
        tags,
        summary: "The challenge page a payer's browser opens at redirectUrl (3-D Secure or the bank's confirmation)",
        params: PaymentParamsSchema,
        response: { 200: ChallengePageSchema, ...pspProblems },
      },
    },
    async (request, reply) => {
      const challenge = psp.challengeOfPayment(request.params.paymentId);
      const what = `Pay ${challenge.amount.amount} ${challenge.amount.currency}${challenge.card ? ` with ${challenge.card}` : ''}`;
      return html(reply, challengePage({ what, status: challenge.status }));
    },
  );

  app.post(
    '/psp/payments/:paymentId/authentication',
    {
      schema: {
        tags,
        summary: "The payer passes or fails 3-D Secure: JSON from tests, or the challenge page's form (then 303 to returnUrl)",
        params: PaymentParamsSchema,
        body: AuthenticationBodySchema,
        response: { 200: StatusResponseSchema, 303: BackToMerchantSchema, ...pspProblems },
      },
    },
    async (request, reply) => {
      const result = psp.authenticatePayment(request.params.paymentId, request.body.outcome);
      if (!fromBrowserForm(request)) return result;
      return answerForm(reply, result.status, psp.challengeOfPayment(request.params.paymentId).returnUrl);
    },
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

  app.get(
    '/psp/verifications/:verificationId/authentication',
    {
      schema: {
        tags,
        summary: "The challenge page a cardholder's browser opens at redirectUrl",
        params: VerificationParamsSchema,
        response: { 200: ChallengePageSchema, ...pspProblems },
      },
    },
    async (request, reply) => {
      const challenge = psp.challengeOfVerification(request.params.verificationId);
      const what = `Verify ${challenge.card ?? 'the card'} (no money is taken)`;
      return html(reply, challengePage({ what, status: challenge.status }));
    },
  );

  app.post(
    '/psp/verifications/:verificationId/authentication',
    {
      schema: {
        tags,
        summary:
          "The cardholder passes or fails the 3-D Secure check: JSON, or the challenge page's form (then 303 to returnUrl)",
        params: VerificationParamsSchema,
        body: AuthenticationBodySchema,
        response: { 200: StatusResponseSchema, 303: BackToMerchantSchema, ...pspProblems },
      },
    },
    async (request, reply) => {
      const result = psp.authenticateVerification(request.params.verificationId, request.body.outcome);
      if (!fromBrowserForm(request)) return result;
      return answerForm(reply, result.status, psp.challengeOfVerification(request.params.verificationId).returnUrl);
    },
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
