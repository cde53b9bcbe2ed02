import { assert, Money, newId, type AccountId, type CurrencyCode } from '@casino/core';
import type { Tx } from '@casino/db';
import * as ledger from '@casino/ledger';
import { exchangedAmounts, type ConversionTerms } from './quote.ts';

export interface ConversionPosting {
  idempotencyKey: string;
  /** FX_CONVERSION for a wallet exchange; DEPOSIT, WITHDRAWAL_HOLD, BUY_IN or CASH_OUT when the conversion is that movement. */
  kind: ledger.TransactionKind;
  terms: ConversionTerms;
  /** Where the debit amount leaves: a wallet, a provider's clearing account, a table's escrow. */
  debitAccountId: AccountId;
  /** Where the credit amount arrives. */
  creditAccountId: AccountId;
  playerId: string | null;
  /** What caused it (a deposit's id, a seating's), for the conversion's row and the exports. */
  reference: string;
  quoteId?: string;
  metadata?: ledger.TransactionMetadata;
  /**
   * The debit amount leaving several accounts instead of `debitAccountId` (a tournament refund: from the prize
   * pool and the fee revenue, D-2615); the amounts, in the debit currency, add up to `terms.debit`.
   */
  debitSplit?: ReadonlyArray<{ accountId: AccountId; amount: Money }>;
  /** The credit amount arriving in several accounts (a tournament buy-in: the pool and the fee revenue, D-2615). */
  creditSplit?: ReadonlyArray<{ accountId: AccountId; amount: Money }>;
}

/**
 * One conversion as ONE balanced ledger transaction, each currency balancing on its own, through the
 * operator's FX account of each currency (the FX difference stays there), the fee to fee revenue:
 *
 *   debit side (currency A):  source +debit   fx:A −sold   [fee-revenue:A −fee on a withdrawal]
 *   credit side (currency B): fx:B +bought    target −credit   [fee-revenue:B −fee otherwise]
 *
 * (a positive posting debits, a negative one credits). The rate, its source and time, the amounts and
 * the fee are recorded in `fx_conversion` and in the transaction's metadata. Inside the caller's
 * transaction; the same key again posts nothing and records nothing.
 */
export async function postConversion(tx: Tx, request: ConversionPosting, at: Date): Promise<ledger.Posted> {
  const posted = await ledger.post(
    tx,
    {
      idempotencyKey: request.idempotencyKey,
      kind: request.kind,
      postings: await conversionLines(tx, request),
      metadata: conversionMetadata(request),
    },
    at,
  );
  if (!posted.replayed) await recordConversion(tx, request, posted.transactionId, at);
  return posted;
}

/**
 * A withdrawal converted at a quote (002:WAL-06, D-2611): the wallet → the holding account in the payout's
 * currency as ONE reserving transaction through the FX accounts (the lines of `postConversion`), held until
 * the payout settles it; a release mirrors it, returning the wallet's own amount and the fee. Inside the
 * caller's transaction; the same key again reserves nothing and records nothing.
 */
export async function reserveConversion(
  tx: Tx,
  request: Omit<ConversionPosting, 'creditAccountId'> & { holdAccountId: AccountId },
  at: Date,
): Promise<ledger.Hold> {
  const lines = await conversionLines(tx, { ...request, creditAccountId: request.holdAccountId });
  const replayed = await ledger.findTransactionIdByIdempotencyKey(tx, request.idempotencyKey);
  const hold = await ledger.reserve(
    tx,
    {
      idempotencyKey: request.idempotencyKey,
      sourceAccountId: request.debitAccountId,
      holdAccountId: request.holdAccountId,
      amount: request.terms.credit,
      kind: request.kind,
      metadata: conversionMetadata(request),
      postings: lines,
    },
    at,
  );
  if (!replayed)
    await recordConversion(tx, { ...request, creditAccountId: request.holdAccountId }, hold.reserveTransactionId, at);
  return hold;
}

async function conversionLines(tx: Tx, request: ConversionPosting): Promise<ledger.PostingLine[]> {
  const { terms } = request;
  const { sold, bought } = exchangedAmounts(terms);
  assert(sold.currency === terms.debit.currency && bought.currency === terms.credit.currency, 'each side in its currency');
  assert(sold.toMinor() > 0n && bought.toMinor() > 0n && terms.fee.toMinor() >= 0n, 'a conversion moves positive amounts');
  const debits = request.debitSplit ?? [{ accountId: request.debitAccountId, amount: terms.debit }];
  const credits = request.creditSplit ?? [{ accountId: request.creditAccountId, amount: terms.credit }];
  assert(sumOf(debits, terms.debit) === terms.debit.toMinor(), 'the debit split adds up to the debit');
  assert(sumOf(credits, terms.credit) === terms.credit.toMinor(), 'the credit split adds up to the credit');
  const lines: ledger.PostingLine[] = [
    ...debits.filter((d) => d.amount.toMinor() > 0n).map((d) => ({ accountId: d.accountId, amount: d.amount })),
    { accountId: await operatorAccount(tx, 'fx', sold.currency), amount: sold.negated() },
    { accountId: await operatorAccount(tx, 'fx', bought.currency), amount: bought },
    ...credits.filter((c) => c.amount.toMinor() > 0n).map((c) => ({ accountId: c.accountId, amount: c.amount.negated() })),
  ];
  if (terms.fee.toMinor() > 0n)
    lines.push({ accountId: await operatorAccount(tx, 'fee-revenue', terms.fee.currency), amount: terms.fee.negated() });
  return lines;
}

function sumOf(parts: ReadonlyArray<{ amount: Money }>, total: Money): bigint {
  assert(
    parts.every((p) => p.amount.currency === total.currency && p.amount.toMinor() >= 0n),
    'split parts are non-negative, each in its side currency',
  );
  return parts.reduce((sum, p) => sum + p.amount.toMinor(), 0n);
}

function conversionMetadata(request: Pick<ConversionPosting, 'terms' | 'metadata'>): ledger.TransactionMetadata {
  const { terms } = request;
  return {
    ...request.metadata,
    fxPurpose: terms.purpose,
    fxRate: terms.rate,
    fxRateSource: terms.rateSource,
    fxRatePublishedAt: terms.ratePublishedAt.toISOString(),
    fxRateSetId: terms.rateSetId,
    fxFee: terms.fee.toDecimalString(),
  };
}

async function recordConversion(tx: Tx, request: ConversionPosting, ledgerTransactionId: string, at: Date): Promise<void> {
  const { terms } = request;
  await tx.fxConversion.create({
    data: {
      id: newId(),
      ledgerTransactionId,
      playerId: request.playerId,
      purpose: terms.purpose,
      reference: request.reference,
      debitCurrency: terms.debit.currency,
      debitMinor: terms.debit.toMinor(),
      creditCurrency: terms.credit.currency,
      creditMinor: terms.credit.toMinor(),
      feeCurrency: terms.fee.currency,
      feeMinor: terms.fee.toMinor(),
      rate: terms.rate,
      rateSource: terms.rateSource,
      ratePublishedAt: terms.ratePublishedAt,
      rateSetId: terms.rateSetId,
      quoteId: request.quoteId ?? null,
      at,
    },
  });
}

/**
 * The operator's FX or fee account in a currency, opened on first use (a wallet currency the seed did not
 * open). Not cached: an id opened inside a transaction that then rolls back must not outlive it.
 */
export async function operatorAccount(tx: Tx, purpose: 'fx' | 'fee-revenue', currency: CurrencyCode): Promise<AccountId> {
  const code = ledger.operatorAccountCode(purpose, currency);
  const found = await ledger.findAccountByCode(tx, code);
  if (found) return found.id;
  const spec = ledger.operatorAccountSpecs(currency, 1).find((s) => s.code === code);
  assert(spec !== undefined, `the chart of accounts defines ${code}`);
  return (await ledger.openAccount(tx, spec)).id;
}

/** A zero amount in a currency (the fee of a game conversion). */
export const noFee = (currency: CurrencyCode): Money => Money.zero(currency);
