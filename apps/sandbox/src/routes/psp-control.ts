import { DomainError } from '@casino/core';
import type { App } from '@casino/http';
import type { SandboxState } from '../state/sandbox-state.ts';
import {
  AcceptedSchema,
  BankTransferBodySchema,
  EventsQuerySchema,
  EventsResponseSchema,
  ChargebackBodySchema,
  DeliveriesQuerySchema,
  DeliveriesResponseSchema,
  PaymentsListSchema,
  PayoutOutcomeBodySchema,
  PayoutParamsSchema,
  PayoutsListSchema,
  ProviderRecordsQuerySchema,
  pspControlProblems,
  PspConditionsBodySchema,
  PspConditionsSchema,
  RedeliverBodySchema,
  TransferResponseSchema,
} from './psp-control.schema.ts';
import { PaymentParamsSchema } from './psp.schema.ts';

/**
 * Switches of the simulated payment provider: how it authenticates, settles and pays out, how it
 * misbehaves delivering webhooks (duplicates, reordering, delays, broken signatures, a skewed
 * clock, retries), and the events only a provider can start (chargebacks, incoming transfers).
 */
export function pspControlRoutes(app: App, state: SandboxState): void {
  const tags = ['control'];
  const { psp, webhooks } = state;
  const conditions = () => {
    const { secrets, ...shown } = webhooks.settings;
    return { provider: psp.settings, webhooks: { ...shown, secretCount: secrets.length } };
  };

  app.get(
    '/control/psp',
    { schema: { tags, summary: "The payment provider's settings", response: { 200: PspConditionsSchema } } },
    async () => conditions(),
  );

  app.put(
    '/control/psp',
    {
      schema: {
        tags,
        summary: "Change the payment provider's behaviour and its webhook delivery",
        body: PspConditionsBodySchema,
        response: { 200: PspConditionsSchema, ...pspControlProblems },
      },
    },
    async (request) => {
      psp.configure({ ...psp.settings, ...request.body.provider });
      const next = { ...webhooks.settings, ...request.body.webhooks };
      if (next.retry.maxMs < next.retry.baseMs)
        throw new DomainError('validation-failed', 'retry.maxMs is below retry.baseMs.', { field: 'body.webhooks.retry' });
      webhooks.configure(next);
      return conditions();
    },
  );

  app.get(
    '/control/psp/deliveries',
    {
      schema: {
        tags,
        summary: 'Webhook delivery attempts, oldest first',
        querystring: DeliveriesQuerySchema,
        response: { 200: DeliveriesResponseSchema },
      },
    },
    async (request) => ({ inFlight: webhooks.inFlight, deliveries: webhooks.records(request.query) }),
  );

  app.get(
    '/control/psp/events',
    {
      schema: {
        tags,
        summary: 'Events the provider produced, oldest first (also those it could not deliver)',
        querystring: EventsQuerySchema,
        response: { 200: EventsResponseSchema },
      },
    },
    async (request) => ({ events: webhooks.events(request.query.reference) }),
  );

  app.post(
    '/control/psp/deliveries',
    {
      schema: {
        tags,
        summary: 'Deliver an event again, with its original id (the provider resending hours later)',
        body: RedeliverBodySchema,
        response: { 202: AcceptedSchema, ...pspControlProblems },
      },
    },
    async (request, reply) => {
      if (!webhooks.redeliver(request.body.eventId))
        throw new DomainError('not-found', 'No such event.', { field: 'body.eventId' });
      return reply.code(202).send({ status: 'accepted' as const });
    },
  );

  app.get(
    '/control/psp/payments',
    {
      schema: { tags, summary: 'Payments taken', querystring: ProviderRecordsQuerySchema, response: { 200: PaymentsListSchema } },
    },
    async (request) => ({
      payments: psp
        .payments(request.query.reference)
        .map((p) => ({ id: p.id, reference: p.reference, status: p.status, amount: p.amount, threeDSecure: p.threeDSecure })),
    }),
  );

  app.get(
    '/control/psp/payouts',
    { schema: { tags, summary: 'Payouts made', querystring: ProviderRecordsQuerySchema, response: { 200: PayoutsListSchema } } },
    async (request) => ({
      payouts: psp
        .payouts(request.query.reference)
        .map((p) => ({ id: p.id, reference: p.reference, status: p.status, amount: p.amount, destination: p.destination })),
    }),
  );

  app.post(
    '/control/psp/payments/:paymentId/settle',
    {
      schema: {
        tags,
        summary: 'Settle an authorized payment (with settlement: manual)',
        params: PaymentParamsSchema,
        response: { 202: AcceptedSchema, ...pspControlProblems },
      },
    },
    async (request, reply) => (
      psp.settlePayment(request.params.paymentId),
      reply.code(202).send({ status: 'accepted' as const })
    ),
  );

  app.post(
    '/control/psp/payments/:paymentId/chargeback',
    {
      schema: {
        tags,
        summary: 'The card issuer charges a payment back',
        params: PaymentParamsSchema,
        body: ChargebackBodySchema,
        response: { 202: AcceptedSchema, ...pspControlProblems },
      },
    },
    async (request, reply) => (
      psp.chargeBack(request.params.paymentId, request.body.reason),
      reply.code(202).send({ status: 'accepted' as const })
    ),
  );

  app.post(
    '/control/psp/payments/:paymentId/expire',
    {
      schema: {
        tags,
        summary: 'The payer never authenticated: the payment expires',
        params: PaymentParamsSchema,
        response: { 202: AcceptedSchema, ...pspControlProblems },
      },
    },
    async (request, reply) => (
      psp.expirePayment(request.params.paymentId),
      reply.code(202).send({ status: 'accepted' as const })
    ),
  );

  app.post(
    '/control/psp/payouts/:payoutId/outcome',
    {
      schema: {
        tags,
        summary: 'End a payout (with payoutOutcome: manual)',
        params: PayoutParamsSchema,
        body: PayoutOutcomeBodySchema,
        response: { 202: AcceptedSchema, ...pspControlProblems },
      },
    },
    async (request, reply) => (
      psp.completePayout(request.params.payoutId, request.body.outcome),
      reply.code(202).send({ status: 'accepted' as const })
    ),
  );

  app.post(
    '/control/psp/bank-transfers',
    {
      schema: {
        tags,
        summary: "A bank transfer arrives on the operator's account (offline verification)",
        body: BankTransferBodySchema,
        response: { 202: TransferResponseSchema, ...pspControlProblems },
      },
    },
    async (request, reply) => reply.code(202).send(psp.receiveBankTransfer(request.body)),
  );
}
