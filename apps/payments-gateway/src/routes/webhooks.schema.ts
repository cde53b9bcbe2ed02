import { ProviderEventEnvelopeSchema } from '@casino/cashier';
import { problemResponses } from '@casino/http';
import { z } from 'zod';

export const WebhookParamsSchema = z.object({ provider: z.string().min(1).max(40) });

export const WebhookHeadersSchema = z.object({
  'webhook-id': z.string().min(1).max(100).describe("The provider's event id, the same on every delivery of one event"),
  'webhook-timestamp': z
    .string()
    .regex(/^(0|[1-9]\d{0,11})$/)
    .describe(
      'Unix seconds in canonical decimal (no sign, no leading zeros), signed as sent; refused when more than 5 minutes from our clock',
    ),
  'webhook-signature': z.string().min(1).max(1_000).describe('Space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`'),
});

export const WebhookBodySchema = ProviderEventEnvelopeSchema.describe('Standard Webhooks payload: { type, timestamp, data }');

export const WebhookAnswerSchema = z.object({
  outcome: z
    .enum(['applied', 'duplicate', 'stale', 'unknown-type', 'unmatched', 'refused', 'discrepancy'])
    .describe(
      'applied: its effect took place now; duplicate: delivered before (or its bank transfer was booked under another event id); stale: superseded; unknown-type: stored, ignored; unmatched: no such subject; refused: the deposit was refused and will be refunded; discrepancy: it contradicts our record (a payout of another amount, paid after it failed), nothing was settled and a cashier will look into it',
    ),
});

export const webhookProblems = problemResponses(400, 401, 404, 413, 415, 503);
