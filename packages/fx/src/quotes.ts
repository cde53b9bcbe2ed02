import { assert, DomainError, Money, newId, type CurrencyCode } from '@casino/core';
import type { Tx } from '@casino/db';
import { Decimal } from 'decimal.js';
import { conversionTerms, type ConversionPurpose, type ConversionTerms, type QuoteRequest } from './quote.ts';
import { currentRates, type FxContext } from './rate-store.ts';
import type { FxRules } from './rules.ts';

export interface Quote {
  id: string;
  terms: ConversionTerms;
  expiresAt: Date;
}

/**
 * The terms the player sees before committing (002:WAL-06, T-WAL-01): both amounts, the rate and the
 * fee, held for `quoteValiditySeconds` at the rate in force (002:AMB-XE-SNAPSHOT). Refused when the
 * rates are stale (`fx-rates-stale`) or a currency is not offered (`wallet-currency-not-offered`).
 */
export async function createQuote(ctx: FxContext, request: QuoteRequest & { playerId: string }): Promise<Quote> {
  assertCurrenciesOffered(ctx.rules, request);
  const set = await currentRates(ctx);
  const terms = conversionTerms(ctx.rules, set, request);
  const now = ctx.clock.now();
  const quote: Quote = { id: newId(), terms, expiresAt: new Date(now.getTime() + ctx.rules.quoteValiditySeconds * 1000) };
  await ctx.db.fxQuote.create({
    data: {
      id: quote.id,
      playerId: request.playerId,
      purpose: terms.purpose,
      debitCurrency: terms.debit.currency,
      debitMinor: terms.debit.toMinor(),
      creditCurrency: terms.credit.currency,
      creditMinor: terms.credit.toMinor(),
      feeCurrency: terms.fee.currency,
      feeMinor: terms.fee.toMinor(),
      feeBps: Number(terms.feeBps),
      rate: terms.rate,
      rateSetId: set.id,
      createdAt: now,
      expiresAt: quote.expiresAt,
    },
  });
  return quote;
}

/**
 * Uses a quote inside the caller's transaction: the player's own, of the expected purpose, unused and
 * not expired (`fx-quote-expired`), then marked used so it converts once. The rate is the quote's,
 * even if a newer set took effect meanwhile: the player agreed to these amounts.
 */
export async function takeQuote(
  ctx: FxContext,
  tx: Tx,
  request: { quoteId: string; playerId: string; purpose: ConversionPurpose },
): Promise<{ id: string; terms: ConversionTerms }> {
  const [row] = await tx.$queryRaw<QuoteRow[]>`
    SELECT q.id, q.player_id, q.purpose, q.debit_currency, q.debit_minor, q.credit_currency, q.credit_minor,
           q.fee_currency, q.fee_minor, q.fee_bps, q.rate::text AS rate, q.rate_set_id, q.expires_at, q.used_at,
           s.source, s.published_at
    FROM fx_quote q JOIN fx_rate_set s ON s.id = q.rate_set_id
    WHERE q.id = ${request.quoteId}::uuid FOR UPDATE OF q`;
  if (!row || row.player_id !== request.playerId) throw new DomainError('not-found', 'No such quote.', { field: 'body.quoteId' });
  if (row.purpose !== request.purpose)
    throw new DomainError('validation-failed', `This quote is for a ${row.purpose}, not a ${request.purpose}.`, {
      field: 'body.quoteId',
    });
  if (row.used_at !== null)
    throw new DomainError('fx-quote-expired', 'This quote has been used already.', { field: 'body.quoteId' });
  if (ctx.clock.now() >= row.expires_at)
    throw new DomainError('fx-quote-expired', 'This quote has expired; ask for a new one.', {
      field: 'body.quoteId',
      extensions: { expiredAt: row.expires_at.toISOString() },
    });
  await tx.$executeRaw`UPDATE fx_quote SET used_at = ${ctx.clock.now()} WHERE id = ${row.id}::uuid`;
  return { id: row.id, terms: termsOfRow(row) };
}

/**
 * The terms of a quote already taken by a request (a deposit converted when the provider confirms it,
 * D-2610): read, not used again, whatever its expiry, since the player committed while it held.
 */
export async function committedQuote(tx: Tx, quoteId: string): Promise<{ id: string; terms: ConversionTerms }> {
  const [row] = await tx.$queryRaw<QuoteRow[]>`
    SELECT q.id, q.player_id, q.purpose, q.debit_currency, q.debit_minor, q.credit_currency, q.credit_minor,
           q.fee_currency, q.fee_minor, q.fee_bps, q.rate::text AS rate, q.rate_set_id, q.expires_at, q.used_at,
           s.source, s.published_at
    FROM fx_quote q JOIN fx_rate_set s ON s.id = q.rate_set_id
    WHERE q.id = ${quoteId}::uuid`;
  assert(row !== undefined && row.used_at !== null, 'a committed quote exists and was taken by its request');
  return { id: row.id, terms: termsOfRow(row) };
}

interface QuoteRow {
  id: string;
  player_id: string;
  purpose: ConversionPurpose;
  debit_currency: CurrencyCode;
  debit_minor: bigint;
  credit_currency: CurrencyCode;
  credit_minor: bigint;
  fee_currency: CurrencyCode;
  fee_minor: bigint;
  fee_bps: number;
  rate: string;
  rate_set_id: string;
  expires_at: Date;
  used_at: Date | null;
  source: string;
  published_at: Date;
}

function termsOfRow(row: QuoteRow): ConversionTerms {
  return {
    purpose: row.purpose,
    debit: Money.fromMinor(row.debit_minor, row.debit_currency),
    credit: Money.fromMinor(row.credit_minor, row.credit_currency),
    fee: Money.fromMinor(row.fee_minor, row.fee_currency),
    feeBps: BigInt(row.fee_bps),
    rate: new Decimal(row.rate).toFixed(), // NUMERIC(24, 12) text without its trailing zeros
    rateSetId: row.rate_set_id,
    rateSource: row.source,
    ratePublishedAt: row.published_at,
  };
}

/**
 * Which currencies each purpose may name (002:WAL-02, T-WAL-02: only the profile's wallets exist;
 * GEN-05, T-WAL-04: tables only in the game currencies). A deposit's payment and a withdrawal's payout
 * may be in any currency the source quotes (002:WAL-03: CZK included).
 */
export function assertCurrenciesOffered(
  rules: FxRules,
  request: Pick<QuoteRequest, 'purpose' | 'debitCurrency' | 'creditCurrency'>,
): void {
  const wallet = (code: CurrencyCode, field: string) => {
    if (!rules.walletCurrencies.includes(code))
      throw new DomainError(
        'wallet-currency-not-offered',
        `There is no ${code} wallet; wallets: ${rules.walletCurrencies.join(', ')}.`,
        {
          field,
          extensions: { walletCurrencies: rules.walletCurrencies },
        },
      );
  };
  const quoted = (code: CurrencyCode, field: string) => {
    if (!rules.source.currencies.includes(code))
      throw new DomainError('wallet-currency-not-offered', `${code} is not converted here.`, { field });
  };
  switch (request.purpose) {
    case 'deposit':
      quoted(request.debitCurrency, 'body.from');
      return wallet(request.creditCurrency, 'body.to');
    case 'withdrawal':
      wallet(request.debitCurrency, 'body.from');
      return quoted(request.creditCurrency, 'body.to');
    case 'exchange':
      // A wallet the profile no longer offers (a CZK balance from before) may still be emptied into one it does.
      quoted(request.debitCurrency, 'body.from');
      return wallet(request.creditCurrency, 'body.to');
    case 'game':
      wallet(request.debitCurrency, 'body.from');
      if (!rules.gameCurrencies.includes(request.creditCurrency))
        throw new DomainError('wallet-currency-not-offered', `No table plays in ${request.creditCurrency}.`, {
          field: 'body.to',
          extensions: { gameCurrencies: rules.gameCurrencies },
        });
  }
}
