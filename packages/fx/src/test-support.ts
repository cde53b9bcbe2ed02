/** Rules and rates for the FX package's tests (the operator profiles hold the real ones; they depend on this package). */
import { Money, type CurrencyCode } from '@casino/core';
import type { PublishedRates } from './rate-store.ts';
import type { RateSet } from './rates.ts';
import type { FxRules } from './rules.ts';

/** As CZ-PS (002): four wallets, no CZK one, XE every 60 s, a fee on deposits and withdrawals. */
export const psLikeRules: FxRules = {
  walletCurrencies: ['USD', 'EUR', 'CAD', 'GBP'],
  gameCurrencies: ['USD', 'EUR', 'GBP'],
  source: { name: 'xe', base: 'EUR', currencies: ['EUR', 'CZK', 'USD', 'CAD', 'GBP'] },
  refreshIntervalSeconds: 60,
  changeIntervalHoursMin: 0,
  staleAfterSeconds: 180,
  quoteValiditySeconds: 60,
  feeBps: { deposit: { EUR: 150n, USD: 150n, CAD: 200n, GBP: 200n }, withdrawal: { EUR: 150n, USD: 150n, CAD: 200n, GBP: 200n } },
};

/** As CZ-FO (004): one CZK wallet, poker also in EUR, USD, GBP, OANDA changed at most once per 24 h. */
export const foLikeRules: FxRules = {
  walletCurrencies: ['CZK'],
  gameCurrencies: ['CZK', 'EUR', 'USD', 'GBP'],
  source: { name: 'oanda', base: 'EUR', currencies: ['EUR', 'CZK', 'USD', 'GBP'] },
  refreshIntervalSeconds: 3_600,
  changeIntervalHoursMin: 24,
  staleAfterSeconds: 26 * 3_600,
  quoteValiditySeconds: 60,
  feeBps: { deposit: {}, withdrawal: {} },
};

/** 002:T-WAL-01 and T-WAL-03's rates: EUR 1 = CZK 25.000 = USD 1.08. */
export const scenarioRates = (publishedAt: Date, overrides: Partial<Record<CurrencyCode, string>> = {}): PublishedRates => ({
  source: 'sandbox-xe',
  base: 'EUR',
  unitsPerBase: { CZK: '25.000', USD: '1.08', CAD: '1.47', GBP: '0.85', ...overrides },
  publishedAt,
});

export const rateSetOf = (published: PublishedRates, id = 'set-1'): RateSet => ({
  id,
  source: published.source,
  base: published.base,
  unitsPerBase: { ...published.unitsPerBase, [published.base]: '1' },
  publishedAt: published.publishedAt,
  effectiveFrom: published.publishedAt,
  checkedAt: published.publishedAt,
});

export const m = (amount: string, currency: CurrencyCode) => Money.of(amount, currency);
