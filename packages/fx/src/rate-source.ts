import { createOutboundHttpClient, CurrencyCodeSchema, DomainError, type Clock, type CurrencyCode } from '@casino/core';
import { z } from 'zod';
import { recordRates, type FxContext, type PublishedRates, type RecordOutcome } from './rate-store.ts';
import { rateTextPattern } from './rates.ts';

/** The rate source as a port: XE or OANDA in production, the sandbox's simulator in development and tests. */
export interface RateSource {
  /** The latest rates against `base`, or a refusal saying why there are none (the caller keeps the old set). */
  latest(base: CurrencyCode): Promise<PublishedRates>;
}

/** What the rate source answers on `GET fx/rates?base=EUR` (the sandbox serves the same shape). */
export const RateSourceAnswerSchema = z.object({
  source: z.string().min(1).max(40),
  base: CurrencyCodeSchema,
  publishedAt: z.iso.datetime(),
  rates: z.record(z.string(), z.string().regex(rateTextPattern)),
});

export interface HttpRateSourceOptions {
  baseUrl: string;
  timeoutMs: number;
  clock?: Clock;
}

/**
 * The adapter over HTTP, through the platform's one outbound client (timeouts, retries of the read,
 * a circuit breaker). Any failure is `fx-rates-stale` for the refresh to log: the set in force stays
 * and goes stale on its own clock, which is what refuses conversions.
 */
export function httpRateSource(options: HttpRateSourceOptions): RateSource {
  const client = createOutboundHttpClient({
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs,
    retries: 2,
    backoff: { baseMs: 200, maxMs: 2_000 },
    breaker: { failureThreshold: 5, openMs: 30_000 },
    ...(options.clock ? { clock: options.clock } : {}),
  });
  return {
    async latest(base) {
      const outcome = await client.request({ method: 'GET', path: `fx/rates?base=${base}`, retrySafe: true }, (answer) => {
        const parsed = RateSourceAnswerSchema.safeParse(answer.body);
        return parsed.success ? parsed.data : null;
      });
      if (outcome.kind !== 'answer')
        throw new DomainError(
          'fx-rates-stale',
          `The rate source gave no rates (${outcome.kind === 'refused' ? outcome.status : outcome.reason}).`,
        );
      const unitsPerBase: Partial<Record<CurrencyCode, string>> = {};
      for (const [code, rate] of Object.entries(outcome.value.rates))
        if (CurrencyCodeSchema.safeParse(code).success) unitsPerBase[code as CurrencyCode] = rate;
      return {
        source: outcome.value.source,
        base: outcome.value.base,
        unitsPerBase,
        publishedAt: new Date(outcome.value.publishedAt),
      };
    },
  };
}

/** One refresh (the worker's schedule runs it every `refreshIntervalSeconds`): ask the source, record by the profile's rule. */
export async function refreshRates(ctx: FxContext, source: RateSource): Promise<RecordOutcome> {
  const published = await source.latest(ctx.rules.source.base);
  return recordRates(ctx, published);
}
