import {
  createOutboundHttpClient,
  DomainError,
  outboundHttpLimits,
  systemClock,
  type CircuitState,
  type Clock,
  type Money,
} from '@casino/core';
import { z } from 'zod';
import type { CardDetails, PaymentProvider } from './ports.ts';

export interface PaymentProviderClientOptions {
  /** Our name for the provider: its ledger clearing account and webhook path use it. */
  name: string;
  /** The provider's API; apps/sandbox in development and tests. */
  baseUrl: string;
  /** Per HTTP attempt, body included. Default 5000. */
  timeoutMs?: number;
  /** Extra attempts after a network error, a timeout, a 5xx or a 429; safe because every write carries an idempotency key. Default 2. */
  retries?: number;
  /** Full-jitter exponential backoff between attempts. Default { baseMs: 100, maxMs: 1000 }. */
  backoff?: { baseMs: number; maxMs: number };
  /** Defaults: 5 consecutive failed calls open the breaker for 30000 ms. */
  breaker?: { failureThreshold?: number; openMs?: number };
  /** Drives the breaker; tests pass a ManualClock. */
  clock?: Clock;
  /** Source of the backoff jitter, in [0, 1). */
  random?: () => number;
}

/** The provider port, plus where its breaker stands (health pages and tests). */
export interface PaymentProviderClient extends PaymentProvider {
  circuitState(): CircuitState;
}

export const providerClientLimits = {
  timeoutMsMax: outboundHttpLimits.timeoutMsMax,
  retriesMax: outboundHttpLimits.retriesMax,
} as const;

const CardTokenSchema = z.object({
  token: z.string(),
  brand: z.string().max(20),
  last4: z.string().regex(/^\d{4}$/),
  expiryMonth: z.number().int().min(1).max(12),
  expiryYear: z.number().int(),
  issuerCountry: z.string().length(2),
  holderName: z.string().max(200),
  fingerprint: z.string().max(100),
});
const PaymentSchema = z.object({ paymentId: z.string(), redirectUrl: z.string().nullable().optional() });
const VerificationSchema = z.object({ verificationId: z.string(), redirectUrl: z.string().nullable().optional() });
const PayoutSchema = z.object({ payoutId: z.string() });
const RefundSchema = z.object({ refundId: z.string() });

/**
 * The HTTP client of the payment provider, on the platform's one outbound client (issue 15). Writes
 * carry our reference as `Idempotency-Key`, so a retry after a lost answer finds the first result at
 * the provider instead of paying twice. A network error, a timeout, a 5xx or a 429 is retried with
 * full-jitter backoff and then answers `payment-provider-unavailable` (503); so does a call while the
 * breaker is open (a provider that keeps failing is not asked again for `openMs`: the player gets the
 * 503 at once instead of waiting out the retries, and the provider is not hammered while it recovers).
 * A 4xx is the provider's final word: `payment-declined`. Card numbers never pass through it: cards
 * arrive as the provider's tokens (004:PAY-06).
 */
export function createPaymentProviderClient(options: PaymentProviderClientOptions): PaymentProviderClient {
  const http = createOutboundHttpClient({
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs ?? 5_000,
    retries: options.retries ?? 2,
    backoff: options.backoff ?? { baseMs: 100, maxMs: 1_000 },
    breaker: { failureThreshold: options.breaker?.failureThreshold ?? 5, openMs: options.breaker?.openMs ?? 30_000 },
    clock: options.clock ?? systemClock,
    ...(options.random ? { random: options.random } : {}),
  });

  async function call<S extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: S,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<z.infer<S>> {
    // Reads, and writes under an idempotency key, may both be sent again.
    const outcome = await http.request(
      { method, path, body, headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}, retrySafe: true },
      (answer) => {
        const parsed = schema.safeParse(answer.body);
        return parsed.success ? { data: parsed.data as z.infer<S> } : null;
      },
    );
    if (outcome.kind === 'answer') return outcome.value.data;
    if (outcome.kind === 'refused') {
      if (outcome.status === 404 && method === 'GET')
        throw new DomainError('validation-failed', 'The payment provider does not know this token.', { field: 'body.token' });
      throw new DomainError('payment-declined', `The payment provider declined: ${detailOf(outcome.text)}`.slice(0, 500), {
        extensions: { providerStatus: outcome.status },
      });
    }
    if (outcome.reason === 'malformed-response')
      throw new DomainError('payment-provider-unavailable', 'The payment provider answered in an unexpected format.');
    throw new DomainError(
      'payment-provider-unavailable',
      `The payment provider cannot be reached (${outcome.reason}); try again shortly.`,
    );
  }

  const amountOf = (money: Money) => money.toJSON();
  return {
    name: options.name,
    circuitState: () => http.circuitState(),
    async describeCardToken(token): Promise<CardDetails> {
      const card = await call('GET', `psp/card-tokens/${encodeURIComponent(token)}`, CardTokenSchema);
      return {
        brand: card.brand,
        last4: card.last4,
        expiryMonth: card.expiryMonth,
        expiryYear: card.expiryYear,
        issuerCountry: card.issuerCountry,
        holderName: card.holderName,
        fingerprint: card.fingerprint,
      };
    },
    async createPayment(request) {
      const payment = await call(
        'POST',
        'psp/payments',
        PaymentSchema,
        {
          reference: request.reference,
          amount: amountOf(request.amount),
          method: request.method,
          ...(request.returnUrl ? { returnUrl: request.returnUrl } : {}),
        },
        `payment:${request.reference}`,
      );
      return { providerPaymentId: payment.paymentId, redirectUrl: payment.redirectUrl ?? null };
    },
    async createCardVerification(request) {
      const verification = await call(
        'POST',
        'psp/verifications',
        VerificationSchema,
        { reference: request.reference, token: request.token, ...(request.returnUrl ? { returnUrl: request.returnUrl } : {}) },
        `verification:${request.attemptId}`,
      );
      return { providerVerificationId: verification.verificationId, redirectUrl: verification.redirectUrl ?? null };
    },
    async createPayout(request) {
      const payout = await call(
        'POST',
        'psp/payouts',
        PayoutSchema,
        { reference: request.reference, amount: amountOf(request.amount), destination: request.destination },
        `payout:${request.reference}`,
      );
      return { providerPayoutId: payout.payoutId };
    },
    async refundPayment(request) {
      const refund = await call(
        'POST',
        'psp/refunds',
        RefundSchema,
        { reference: request.reference, paymentId: request.providerPaymentId, amount: amountOf(request.amount) },
        `refund:${request.reference}`,
      );
      return { providerRefundId: refund.refundId };
    },
  };
}

function detailOf(text: string): string {
  try {
    const problem = JSON.parse(text) as { detail?: unknown };
    return typeof problem.detail === 'string' ? problem.detail : 'no reason given';
  } catch {
    return 'no reason given';
  }
}
