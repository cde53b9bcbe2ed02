import { isCurrencyCode, type CurrencyCode } from '@casino/core';

/**
 * What an operator's profile says about wallets and foreign exchange (by-capability.md §6d). Data,
 * never a branch on the operator: CZ-PS holds USD, EUR, CAD and GBP wallets with XE rates every 60 s
 * and a fee on deposits and withdrawals; CZ-FO holds one CZK wallet, plays poker also in EUR, USD
 * and GBP, and changes its OANDA rate at most once per 24 hours.
 */
export interface FxRules {
  /** The wallets a player may hold (002:WAL-02). A deposit names one of them; the first is the default. */
  walletCurrencies: readonly CurrencyCode[];
  /** The currencies a game table may run in (002:GEN-05: not CAD; 004:BET-05: poker also EUR, USD, GBP). */
  gameCurrencies: readonly CurrencyCode[];
  source: {
    /** The published source the rates follow (recorded with every conversion): 'xe', 'oanda'. */
    name: string;
    /** The rate source quotes every currency as units per one unit of this one. */
    base: CurrencyCode;
    /** Every currency the platform converts between; the source must quote each. */
    currencies: readonly CurrencyCode[];
  };
  /** How often the worker asks the source (002:WAL-04: every 60 s). */
  refreshIntervalSeconds: number;
  /** A new rate set takes effect at most once per this many hours (004 "Směnný kurz": 24); 0 = at every refresh. */
  changeIntervalHoursMin: number;
  /** Rates not confirmed by the source for longer than this refuse every conversion (`fx-rates-stale`). */
  staleAfterSeconds: number;
  /** How long a quote shown to the player holds (002:AMB-XE-SNAPSHOT: at most 60 s). */
  quoteValiditySeconds: number;
  /**
   * The conversion fee in basis points of the converted amount, per wallet currency (002:WAL-05, AMB-FX-FEE):
   * on a deposit the wallet credited, on a withdrawal the wallet debited. None in-game (002:WAL-08).
   */
  feeBps: { deposit: Partial<Record<CurrencyCode, bigint>>; withdrawal: Partial<Record<CurrencyCode, bigint>> };
  /**
   * The rate at which a game played from another currency's wallet converts later movements (by-capability §6d
   * `fx.winRate`, D-2617): 'stake' (default; 004:BET-06, T-60: top-ups and the cash-out at the buy-in's rate) or
   * 'current' (002:WAL-08 under CZ-PS: every in-game conversion at the XE rate of the moment).
   */
  gameRate?: 'stake' | 'current';
}

/** Bounds a profile may not cross (limits are configuration, checked at start-up). */
export const fxLimits = {
  refreshIntervalSecondsMin: 10,
  refreshIntervalSecondsMax: 86_400,
  quoteValiditySecondsMax: 300,
  feeBpsMax: 1_000n,
} as const;

export interface FxRuleProblem {
  setting: string;
  message: string;
}

/** What is wrong with the FX rules, each under its setting's path (the operator validator prefixes `fx.`). */
export function fxRuleProblems(rules: FxRules): FxRuleProblem[] {
  const problems: FxRuleProblem[] = [];
  const fail = (setting: string, message: string) => problems.push({ setting, message });
  const known = (setting: string, codes: readonly string[]) => {
    for (const code of codes) if (!isCurrencyCode(code)) fail(setting, `unknown currency ${JSON.stringify(code)}`);
  };
  known('walletCurrencies', rules.walletCurrencies);
  known('gameCurrencies', rules.gameCurrencies);
  known('source.currencies', rules.source.currencies);
  if (rules.walletCurrencies.length === 0) fail('walletCurrencies', 'must name at least one currency');
  if (new Set(rules.walletCurrencies).size !== rules.walletCurrencies.length) fail('walletCurrencies', 'names a currency twice');
  const quoted = new Set<string>(rules.source.currencies);
  if (!quoted.has(rules.source.base)) fail('source.currencies', `must include the base ${rules.source.base}`);
  for (const code of [...rules.walletCurrencies, ...rules.gameCurrencies])
    if (!quoted.has(code)) fail('source.currencies', `must include ${code} (a wallet or game currency)`);
  if (
    !Number.isInteger(rules.refreshIntervalSeconds) ||
    rules.refreshIntervalSeconds < fxLimits.refreshIntervalSecondsMin ||
    rules.refreshIntervalSeconds > fxLimits.refreshIntervalSecondsMax
  )
    fail('refreshIntervalSeconds', `must be ${fxLimits.refreshIntervalSecondsMin}..${fxLimits.refreshIntervalSecondsMax}`);
  if (!Number.isInteger(rules.changeIntervalHoursMin) || rules.changeIntervalHoursMin < 0)
    fail('changeIntervalHoursMin', 'must be a whole number of hours, 0 or more');
  if (!Number.isInteger(rules.staleAfterSeconds) || rules.staleAfterSeconds <= rules.refreshIntervalSeconds)
    fail('staleAfterSeconds', 'must exceed refreshIntervalSeconds (one missed refresh is not yet stale)');
  if (
    !Number.isInteger(rules.quoteValiditySeconds) ||
    rules.quoteValiditySeconds < 1 ||
    rules.quoteValiditySeconds > fxLimits.quoteValiditySecondsMax
  )
    fail('quoteValiditySeconds', `must be 1..${fxLimits.quoteValiditySecondsMax}`);
  for (const direction of ['deposit', 'withdrawal'] as const)
    for (const [code, bps] of Object.entries(rules.feeBps[direction])) {
      if (!rules.walletCurrencies.includes(code as CurrencyCode))
        fail(`feeBps.${direction}.${code}`, 'a fee for a currency that has no wallet');
      if (typeof bps !== 'bigint' || bps < 0n || bps > fxLimits.feeBpsMax)
        fail(`feeBps.${direction}.${code}`, `must be 0..${fxLimits.feeBpsMax} basis points`);
    }
  return problems;
}
