import { applyProviderEvent, verifyWebhook, type CashierContext } from '@casino/cashier';
import { countBusinessEvent, DomainError } from '@casino/core';
import type { App } from '@casino/http';
import {
  WebhookAnswerSchema,
  WebhookBodySchema,
  WebhookHeadersSchema,
  webhookProblems,
  WebhookParamsSchema,
} from './webhooks.schema.ts';

/** A provider's event is a few hundred bytes; anything far larger is not one. */
export const webhookBodyBytesMax = 64 * 1024;

const header = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/**
 * `POST /v1/webhooks/:provider` (issue 6): the signature is checked on the raw body before anything
 * is parsed or stored (a bad or stale one is 401 and leaves no trace), then the event is applied
 * exactly once by the cashier, deduplicated on the provider's event id in the transaction of its
 * effect. Any 2xx tells the provider to stop retrying; a 400 says the event itself is invalid (a
 * signed event with a negative, zero or absurd amount, say: issue 14 (8)), is final and stores
 * nothing; a 401 or a 5xx asks it to retry later (D-1424).
 */
export function webhookRoutes(app: App, ctx: CashierContext, options: { secrets: readonly string[] }): void {
  void app.register(async (plugin) => {
    // The child scope keeps the app's zod type provider; Fastify's register typing drops it.
    const scope = plugin as unknown as App;
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: webhookBodyBytesMax },
      (request, rawBody, done) => {
        const verification = verifyWebhook({
          secrets: options.secrets,
          headers: {
            id: header(request.headers['webhook-id']),
            timestamp: header(request.headers['webhook-timestamp']),
            signature: header(request.headers['webhook-signature']),
          },
          body: rawBody as string,
          now: ctx.clock.now(),
        });
        if (!verification.ok) {
          done(
            new DomainError('webhook-signature-invalid', `The webhook was refused: ${verification.reason}.`, {
              field: 'header.webhook-signature',
              extensions: { reason: verification.reason },
            }),
            undefined,
          );
          return;
        }
        try {
          done(null, JSON.parse(rawBody as string));
        } catch {
          done(new DomainError('validation-failed', 'The webhook body is not JSON.', { field: 'body' }), undefined);
        }
      },
    );

    scope.post(
      '/v1/webhooks/:provider',
      {
        config: { rateLimit: false },
        schema: {
          tags: ['webhooks'],
          summary: "A payment provider's signed event (Standard Webhooks)",
          params: WebhookParamsSchema,
          headers: WebhookHeadersSchema,
          body: WebhookBodySchema,
          response: { 200: WebhookAnswerSchema, ...webhookProblems },
        },
      },
      async (request) => {
        if (request.params.provider !== ctx.providerName)
          throw new DomainError('not-found', `No payment provider ${request.params.provider}.`, { field: 'params.provider' });
        const { body } = request;
        const answer = await applyProviderEvent(ctx, {
          provider: ctx.providerName,
          eventId: request.headers['webhook-id'],
          type: body.type,
          payload: body,
        });
        // Received deliveries by outcome (issue 22): `duplicate` is a provider's retry answered before.
        countBusinessEvent('webhook-received', answer.outcome);
        return answer;
      },
    );
  });
}
