import { assert, DomainError, Money, type CurrencyCode } from '@casino/core';
import { Decimal } from 'decimal.js';
import { convertAt, crossRate, feeRounding, rateDecimalPlaces, rateRounding, type RateSet } from './rates.ts';
import type { FxRules } from './rules.ts';

/**
 * Why money changes currency, which decides the fee (002:WAL-05, WAL-07, WAL-08):
 * - deposit: a payment in another currency (CZK included) credited to the wallet the player chose; the
 *   fee of the credited wallet's currency, taken from the converted amount (002:WAL-03, T-WAL-01)
 * - withdrawal: a wallet paid out in the method's currency; the fee of the debited wallet, taken before converting
 * - exchange: one wallet into another at the player's request, charged as a deposit into the credited wallet
 * - game: a buy-in or its cash-out from a wallet in another currency than the table's; no fee (002:WAL-08, T-WAL-03)
 */
export const conversionPurposes = ['deposit', 'withdrawal', 'exchange', 'game'] as const;
export type ConversionPurpose = (typeof conversionPurposes)[number];

export interface QuoteRequest {
  purpose: ConversionPurpose;
  debitCurrency: CurrencyCode;
  creditCurrency: CurrencyCode;
  /**
   * The amount fixed by the request: in `debitCurrency` (what leaves: a deposit's payment, a withdrawal
   * from the wallet) or, for a game only, in `creditCurrency` (the chips a buy-in asks for, T-WAL-03).
   */
  amount: Money;
}

/** What a conversion moves, every amount rounded once, before anything is committed (002:WAL-06). */
export interface ConversionTerms {
  purpose: ConversionPurpose;
  /** Leaves the debited side (the payment method, the wallet the buy-in comes from). */
  debit: Money;
  /** Reaches the credited side after the fee. */
  credit: Money;
  /** The operator's conversion fee, in the debit currency (withdrawal) or the credit currency (deposit, exchange). */
  fee: Money;
  feeBps: bigint;
  /** Units of the credit currency per unit of the debit currency, 12 decimal places. */
  rate: string;
  rateSetId: string;
  rateSource: string;
  /** When the source published the rate. */
  ratePublishedAt: Date;
}

/** A rate fixed when chips were bought from another currency's wallet: a cash seat's or a tournament payment's. */
export interface GameFunding {
  /** The paying wallet's currency. */
  currency: CurrencyCode;
  /** Units of the wallet's currency per chip unit. */
  rate: string;
  rateSetId: string;
  source: string;
  publishedAt: Date;
}

/**
 * Chips bought from another currency's wallet at `funding`'s rate (002:WAL-08, T-WAL-03): the wallet pays chips × rate,
 * rounded once, no fee; the recorded rate is the credit side's per debit unit, rounded as every rate is.
 */
export function gameBuyInTerms(funding: GameFunding, chips: Money): ConversionTerms {
  return {
    purpose: 'game',
    debit: convertAt(chips, funding.rate, funding.currency),
    credit: chips,
    fee: Money.zero(chips.currency),
    feeBps: 0n,
    rate: new Decimal(1).div(funding.rate).toDecimalPlaces(rateDecimalPlaces, rateRounding).toFixed(),
    rateSetId: funding.rateSetId,
    rateSource: funding.source,
    ratePublishedAt: funding.publishedAt,
  };
}

/** The terms of a conversion at the given rate set (pure: no clock, no database). */
export function conversionTerms(rules: FxRules, set: RateSet, request: QuoteRequest): ConversionTerms {
  const { purpose, debitCurrency, creditCurrency, amount } = request;
  if (debitCurrency === creditCurrency)
    throw new DomainError('validation-failed', 'A conversion needs two different currencies.', { field: 'body.to' });
  if (amount.toMinor() <= 0n)
    throw new DomainError('validation-failed', 'The amount must be positive.', { field: 'body.amount' });
  const rate = crossRate(set, debitCurrency, creditCurrency);
  const recorded = { purpose, rate, rateSetId: set.id, rateSource: set.source, ratePublishedAt: set.publishedAt };
  if (amount.currency === creditCurrency) {
    // Chips asked for in the table's currency, paid from another wallet at the inverse cross rate, no fee.
    assert(purpose === 'game', 'only a game conversion fixes the credited amount');
    const debit = convertAt(amount, crossRate(set, creditCurrency, debitCurrency), debitCurrency);
    return { ...recorded, debit, credit: amount, fee: Money.zero(creditCurrency), feeBps: 0n };
  }
  assert(amount.currency === debitCurrency, 'the fixed amount is in the debit or the credit currency');
  if (purpose === 'withdrawal') {
    const feeBps = rules.feeBps.withdrawal[debitCurrency] ?? 0n;
    const fee = amount.percentageBps(feeBps, feeRounding);
    const credit = convertAt(amount.minus(fee), rate, creditCurrency);
    return { ...recorded, debit: amount, credit, fee, feeBps };
  }
  const feeBps = purpose === 'game' ? 0n : (rules.feeBps.deposit[creditCurrency] ?? 0n);
  const gross = convertAt(amount, rate, creditCurrency);
  const fee = gross.percentageBps(feeBps, feeRounding);
  return { ...recorded, debit: amount, credit: gross.minus(fee), fee, feeBps };
}

/** The gross amount on the side the fee is taken from: what the FX accounts exchange. */
export function exchangedAmounts(terms: ConversionTerms): { sold: Money; bought: Money } {
  const feeOnDebit = terms.fee.currency === terms.debit.currency && terms.purpose === 'withdrawal';
  return feeOnDebit
    ? { sold: terms.debit.minus(terms.fee), bought: terms.credit }
    : { sold: terms.debit, bought: terms.credit.plus(terms.fee) };
}
