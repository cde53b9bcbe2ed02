import { DomainError, type Clock } from '@casino/core';

/** What the simulated rate source serves and whether it answers at all. */
export interface FxSourceSettings {
  /** false: GET /fx/rates answers 503 (the platform keeps its last rates until they go stale). */
  available: boolean;
  source: string;
  base: string;
  /** Units per one unit of the base, as decimal strings (never floats). */
  rates: Record<string, string>;
}

/** The rates of 002:T-WAL-01 and T-WAL-03: EUR 1 = CZK 25.000 = USD 1.08. */
export const defaultFxSourceSettings: FxSourceSettings = Object.freeze({
  available: true,
  source: 'sandbox-xe',
  base: 'EUR',
  rates: Object.freeze({ CZK: '25.000', USD: '1.08', CAD: '1.47', GBP: '0.85', SEK: '11.50' }) as Record<string, string>,
});

/**
 * An exchange-rate source (XE, OANDA) over HTTP, for the worker's refresh (issue 26). Rates change only
 * when a test or a developer sets them (PUT /control/fx); each answer is stamped with the sandbox clock.
 */
export class FxRateSource {
  #settings: FxSourceSettings = { ...defaultFxSourceSettings };

  constructor(private readonly clock: Clock) {}

  get settings(): FxSourceSettings {
    return { ...this.#settings, rates: { ...this.#settings.rates } };
  }

  configure(settings: Partial<FxSourceSettings>): void {
    this.#settings = { ...this.#settings, ...settings, rates: { ...(settings.rates ?? this.#settings.rates) } };
  }

  reset(): void {
    this.#settings = { ...defaultFxSourceSettings };
  }

  latest(base: string): { source: string; base: string; publishedAt: string; rates: Record<string, string> } {
    if (!this.#settings.available)
      throw new DomainError('service-unavailable', 'The sandbox rate source is switched off (PUT /control/fx).');
    if (base !== this.#settings.base)
      throw new DomainError('validation-failed', `The sandbox quotes against ${this.#settings.base} only.`, {
        field: 'querystring.base',
      });
    return {
      source: this.#settings.source,
      base,
      publishedAt: this.clock.now().toISOString(),
      rates: { ...this.#settings.rates },
    };
  }
}
