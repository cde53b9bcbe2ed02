// Wallets per currency and foreign exchange (issues 26 and 18): one mechanism for deposits and
// withdrawals into a chosen wallet, exchanges between wallets, buy-ins at tables in another currency,
// and any rate another package needs (VIP points, caps). Rates are decimals, every amount rounded once.
export { fxLimits, fxRuleProblems, type FxRuleProblem, type FxRules } from './rules.ts';
export {
  amountRounding,
  convertAt,
  crossRate,
  feeRounding,
  isRateText,
  rateDecimalPlaces,
  rateRounding,
  type RateSet,
} from './rates.ts';
export {
  conversionPurposes,
  conversionTerms,
  exchangedAmounts,
  gameBuyInTerms,
  type ConversionPurpose,
  type ConversionTerms,
  type GameFunding,
  type QuoteRequest,
} from './quote.ts';
export { currentRates, rateSetById, recordRates, type FxContext, type PublishedRates, type RecordOutcome } from './rate-store.ts';
export { currentRate, type CurrentRate } from './current-rate.ts';
export {
  httpRateSource,
  RateSourceAnswerSchema,
  refreshRates,
  type HttpRateSourceOptions,
  type RateSource,
} from './rate-source.ts';
export { assertCurrenciesOffered, committedQuote, createQuote, takeQuote, type Quote } from './quotes.ts';
export {
  operatorAccount as fxOperatorAccount,
  postConversion,
  reserveConversion,
  type ConversionPosting,
} from './post-conversion.ts';
export { cashWalletIn, exchangeBetweenWallets, insufficientFundsProblem, listWallets, type WalletView } from './wallets.ts';
