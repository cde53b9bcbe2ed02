import { problemResponses } from '@casino/http';
import { z } from 'zod';
import { AmountSchema } from './psp.schema.ts';

export const ProviderSettingsSchema = z.object({
  available: z.boolean().describe('false: the API answers 503'),
  authentication: z
    .enum(['challenge', 'frictionless'])
    .describe('challenge: the payer completes 3-D Secure at redirectUrl; frictionless: it happens by itself'),
  frictionlessOutcome: z.enum(['pass', 'fail']),
  settlement: z.enum(['immediate', 'manual']).describe('immediate: payment.settled follows payment.authorized in one burst'),
  payoutOutcome: z.enum(['paid', 'failed', 'manual']),
});

export const WebhookSettingsSchema = z.object({
  url: z.url().nullable().describe('Where webhooks go (the payments gateway); null stops them'),
  secrets: z
    .array(z.string().regex(/^whsec_[A-Za-z0-9+/=]{32,}$/))
    .min(1)
    .max(4)
    .describe('Every delivery is signed with each (key rotation)'),
  duplicates: z.number().int().min(0).max(20).describe('Extra copies of every event, sent concurrently'),
  reorder: z.boolean().describe('Deliver the events of one burst last first (settled before authorized)'),
  delayMs: z.number().int().min(0).max(60_000),
  corruptFirstAttempts: z.number().int().min(0).max(5).describe('The first N attempts of every event carry a wrong signature'),
  timestampSkewSeconds: z.number().int().min(-86_400).max(86_400).describe('Added to webhook-timestamp (a stale clock)'),
  retry: z.object({
    attemptsMax: z.number().int().min(1).max(20),
    baseMs: z.number().int().min(1).max(600_000),
    maxMs: z.number().int().min(1).max(3_600_000),
  }),
  timeoutMs: z.number().int().min(100).max(60_000),
});

/**
 * What the control API shows of the webhook settings: everything but the signing secrets, which are
 * write-only (issue 14 (13)). Whoever signs or verifies deliveries has the secret from its own
 * configuration (PSP_WEBHOOK_SECRETS); an unauthenticated GET must never hand it out.
 */
export const WebhookSettingsViewSchema = WebhookSettingsSchema.omit({ secrets: true }).extend({
  secretCount: z.number().int().describe('How many signing secrets are set (the secrets themselves are never shown)'),
});

export const PspConditionsSchema = z.object({ provider: ProviderSettingsSchema, webhooks: WebhookSettingsViewSchema });
export const PspConditionsBodySchema = z.object({
  provider: ProviderSettingsSchema.partial().optional(),
  webhooks: WebhookSettingsSchema.partial().optional(),
});

export const DeliveriesQuerySchema = z.object({
  reference: z.string().max(100).optional(),
  eventId: z.string().max(100).optional(),
});
export const DeliveriesResponseSchema = z.object({
  inFlight: z.number().int().describe('Deliveries still being attempted or waiting for a retry'),
  deliveries: z.array(
    z.object({
      eventId: z.string(),
      type: z.string(),
      reference: z.string().nullable(),
      attempt: z.number().int(),
      copy: z.number().int(),
      status: z.number().int().nullable(),
      error: z.string().nullable(),
      signatureCorrupted: z.boolean(),
      at: z.string(),
    }),
  ),
});

export const RedeliverBodySchema = z.object({ eventId: z.string().min(1).max(100) });
export const ChargebackBodySchema = z.object({ reason: z.string().min(1).max(200).default('fraudulent') });
export const PayoutParamsSchema = z.object({ payoutId: z.string().min(1).max(100) });
export const PayoutOutcomeBodySchema = z.object({ outcome: z.enum(['paid', 'failed']) });
export const BankTransferBodySchema = z.object({
  reference: z.string().regex(/^\d{1,10}$/),
  payerAccount: z.string().min(15).max(40),
  payerName: z.string().min(1).max(200),
  amount: AmountSchema,
});
export const TransferResponseSchema = z.object({ transferId: z.string() });
export const ProviderRecordsQuerySchema = z.object({ reference: z.string().max(100).optional() });
export const PaymentsListSchema = z.object({
  payments: z.array(
    z.object({
      id: z.string(),
      reference: z.string(),
      status: z.string(),
      amount: AmountSchema,
      threeDSecure: z.string().nullable(),
    }),
  ),
});
export const PayoutsListSchema = z.object({
  payouts: z.array(
    z.object({
      id: z.string(),
      reference: z.string(),
      status: z.string(),
      amount: AmountSchema,
      destination: z.object({ iban: z.string(), holderName: z.string() }),
    }),
  ),
});
export const AcceptedSchema = z.object({ status: z.literal('accepted') });

export const pspControlProblems = problemResponses(400, 404, 409);

export const EventsQuerySchema = z.object({ reference: z.string().max(100).optional() });
export const EventsResponseSchema = z.object({
  events: z.array(z.object({ id: z.string(), type: z.string(), timestamp: z.string(), data: z.record(z.string(), z.unknown()) })),
});
