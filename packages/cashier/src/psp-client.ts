import { setTimeout as sleep } from 'node:timers/promises';
import { assert, DomainError, type Money } from '@casino/core';
import { z } from 'zod';
import type { CardDetails, PaymentProvider } from './ports.ts';

export interface PaymentProviderClientOptions {
  /** Our name for the provider: its ledger clearing account and webhook path use it. */
  name: string;
  /** The provider's API; apps/sandbox in development and tests. */
  baseUrl: string;
  /** Per HTTP attempt, body included. */
  timeoutMs?: number;
  /** Extra attempts after a network error, a timeout, a 5xx or a 429; safe because every call carries an idempotency key. */
  retries?: number;
  backoff?: { baseMs: number; maxMs: number };
}

export const providerClientLimits = { timeoutMsMax: 30_000, retriesMax: 5 } as const;

const CardTokenSchema = z.object({
  token: z.string(), brand: z.string().max(20), last4: z.string().regex(/^\d{4}$/), expiryMonth: z.number().int().min(1).max(12), expiryYear: z.number().int(),
  issuerCountry: z.string().length(2), holderName: z.string().max(200), fingerprint: z.string().max(100),
});
const PaymentSchema = z.object({ paymentId: z.string(), redirectUrl: z.string().nullable().optional() });
const VerificationSchema = z.object({ verificationId: z.string(), redirectUrl: z.string().nullable().optional() });
const PayoutSchema = z.object({ payoutId: z.string() });
const RefundSchema = z.object({ refundId: z.string() });

type Outcome = { kind: 'ok'; body: unknown } | { kind: 'refused'; status: number; detail: string } | { kind: 'unavailable'; reason: string };

/**
 * The HTTP client of the payment provider. Writes carry our reference as `Idempotency-Key`, so a
 * retry after a lost answer finds the first result at the provider instead of paying twice. A
 * network error, a timeout, a 5xx or a 429 is retried with jittered backoff and then answers
 * `payment-provider-unavailable` (503); a 4xx is the provider's final word: `payment-declined`.
 * Card numbers never pass through it: cards arrive as the provider's tokens (004:PAY-06).
 */
export function createPaymentProviderClient(options: PaymentProviderClientOptions): PaymentProvider {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const retries = options.retries ?? 2;
  const backoff = options.backoff ?? { baseMs: 100, maxMs: 1_000 };
  assert(Number.isInteger(timeoutMs) && timeoutMs > 0 && timeoutMs <= providerClientLimits.timeoutMsMax, `timeoutMs must be in 1..${providerClientLimits.timeoutMsMax}`);
  assert(Number.isInteger(retries) && retries >= 0 && retries <= providerClientLimits.retriesMax, `retries must be in 0..${providerClientLimits.retriesMax}`);
  const base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);

  async function call<S extends z.ZodType>(method: 'GET' | 'POST', path: string, schema: S, body?: unknown, idempotencyKey?: string): Promise<z.infer<S>> {
    for (let attempt = 0; ; attempt++) {
      const outcome = await exchange(new URL(path, base), method, timeoutMs, body, idempotencyKey);
      if (outcome.kind === 'ok') {
        const parsed = schema.safeParse(outcome.body);
        if (!parsed.success) throw new DomainError('payment-provider-unavailable', 'The payment provider answered in an unexpected format.');
        return parsed.data;
      }
      if (outcome.kind === 'refused') {
        if (outcome.status === 404 && method === 'GET') throw new DomainError('validation-failed', 'The payment provider does not know this token.', { field: 'body.token' });
        throw new DomainError('payment-declined', `The payment provider declined: ${outcome.detail}`.slice(0, 500), { extensions: { providerStatus: outcome.status } });
      }
      if (attempt >= retries) throw new DomainError('payment-provider-unavailable', `The payment provider cannot be reached (${outcome.reason}); try again shortly.`);
      const stepMs = Math.min(backoff.maxMs, backoff.baseMs * 2 ** attempt);
      await sleep(Math.round(stepMs / 2 + Math.random() * (stepMs / 2)));
    }
  }

  const amountOf = (money: Money) => money.toJSON();
  return {
    name: options.name,
    async describeCardToken(token): Promise<CardDetails> {
      const card = await call('GET', `psp/card-tokens/${encodeURIComponent(token)}`, CardTokenSchema);
      return { brand: card.brand, last4: card.last4, expiryMonth: card.expiryMonth, expiryYear: card.expiryYear, issuerCountry: card.issuerCountry, holderName: card.holderName, fingerprint: card.fingerprint };
    },
    async createPayment(request) {
      const payment = await call('POST', 'psp/payments', PaymentSchema, { reference: request.reference, amount: amountOf(request.amount), method: request.method }, `payment:${request.reference}`);
      return { providerPaymentId: payment.paymentId, redirectUrl: payment.redirectUrl ?? null };
    },
    async createCardVerification(request) {
      const verification = await call('POST', 'psp/verifications', VerificationSchema, { reference: request.reference, token: request.token }, `verification:${request.attemptId}`);
      return { providerVerificationId: verification.verificationId, redirectUrl: verification.redirectUrl ?? null };
    },
    async createPayout(request) {
      const payout = await call('POST', 'psp/payouts', PayoutSchema, { reference: request.reference, amount: amountOf(request.amount), destination: request.destination }, `payout:${request.reference}`);
      return { providerPayoutId: payout.payoutId };
    },
    async refundPayment(request) {
      const refund = await call('POST', 'psp/refunds', RefundSchema, { reference: request.reference, paymentId: request.providerPaymentId, amount: amountOf(request.amount) }, `refund:${request.reference}`);
      return { providerRefundId: refund.refundId };
    },
  };
}

async function exchange(url: URL, method: 'GET' | 'POST', timeoutMs: number, body: unknown, idempotencyKey: string | undefined): Promise<Outcome> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method,
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return { kind: 'unavailable', reason: timedOut ? 'timeout' : 'network error' };
  }
  if (response.status >= 500 || response.status === 429) return { kind: 'unavailable', reason: `HTTP ${response.status}` };
  if (response.status >= 400) return { kind: 'refused', status: response.status, detail: detailOf(text) };
  if (response.status < 200 || response.status >= 300) return { kind: 'unavailable', reason: `HTTP ${response.status}` };
  try {
    return { kind: 'ok', body: JSON.parse(text) as unknown };
  } catch {
    return { kind: 'unavailable', reason: 'malformed answer' };
  }
}

function detailOf(text: string): string {
  try {
    const problem = JSON.parse(text) as { detail?: unknown };
    return typeof problem.detail === 'string' ? problem.detail : 'no reason given';
  } catch {
    return 'no reason given';
  }
}
