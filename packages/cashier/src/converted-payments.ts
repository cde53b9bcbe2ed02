import { assert, DomainError, type AccountId, type Money } from '@casino/core';
import type { Tx } from '@casino/db';
import { cashWalletIn, committedQuote, postConversion, reserveConversion, takeQuote, type ConversionTerms } from '@casino/fx';
import type * as ledger from '@casino/ledger';
import type { CashierContext } from './context.ts';

/**
 * Payments converted at a quote (002:WAL-03, WAL-06, T-WAL-01; docs/decisions.md D-2610, D-2611). The
 * provider pays and is paid in the account currency (`ctx.currency`, where caps, self-limits and the
 * temporary account count); the player's wallet is the one they chose. The quote the player saw is
 * taken (used once, refused when expired) when the request is made, in the request's transaction, and
 * the conversion is posted at its terms: a deposit's when the provider confirms the payment, a
 * withdrawal's when its amount is held. Kept apart from the webhook's crediting path, which calls
 * `postConvertedDeposit` only for a deposit that carries a quote.
 */

function fxOf(ctx: CashierContext) {
  assert(ctx.fx !== undefined, 'a converted payment needs the FX context (composeContexts passes it)');
  return ctx.fx;
}

/** Only a registered account holds wallets in several currencies (a temporary account has one, 004:TMP). */
function assertRegistered(state: string): void {
  if (state !== 'REGISTERED')
    throw new DomainError('account-not-active', 'Only a registered account converts a payment into another wallet.', {
      field: 'body.quoteId',
      extensions: { state },
    });
}

/**
 * The deposit request's quote (purpose `deposit`), taken inside the intent's transaction: the player's
 * own, unused, unexpired (`not-found`, `fx-quote-expired`), paying exactly the requested amount.
 */
export async function takeDepositQuote(
  ctx: CashierContext,
  tx: Tx,
  request: { playerId: string; playerState: string; quoteId: string; amount: Money },
): Promise<string> {
  assertRegistered(request.playerState);
  const quote = await takeQuote(fxOf(ctx), tx, { quoteId: request.quoteId, playerId: request.playerId, purpose: 'deposit' });
  assertQuoteAmount(quote.terms.debit, request.amount, 'pays');
  return quote.id;
}

/**
 * The withdrawal request's quote (purpose `withdrawal`): the player's own, unused, unexpired, paying out
 * exactly the requested amount (the bank receives `amount`; the quote says what leaves which wallet).
 */
export async function takeWithdrawalQuote(
  ctx: CashierContext,
  tx: Tx,
  request: { playerId: string; quoteId: string; amount: Money },
): Promise<{ id: string; terms: ConversionTerms }> {
  const quote = await takeQuote(fxOf(ctx), tx, { quoteId: request.quoteId, playerId: request.playerId, purpose: 'withdrawal' });
  assertQuoteAmount(quote.terms.credit, request.amount, 'pays out');
  return quote;
}

function assertQuoteAmount(quoted: Money, requested: Money, verb: string): void {
  if (!quoted.equals(requested))
    throw new DomainError(
      'validation-failed',
      `The quote ${verb} ${quoted.toDecimalString()} ${quoted.currency}, not ${requested.toDecimalString()} ${requested.currency}.`,
      { field: 'body.amount', extensions: { quoted: quoted.toJSON() } },
    );
}

/**
 * A confirmed deposit credited at its quote: ONE ledger transaction (kind DEPOSIT) from the provider's
 * clearing account in the payment's currency through the FX accounts into the chosen wallet, the fee to
 * fee revenue, recorded in `fx_conversion` with the rate, its source and time. Inside the crediting
 * transaction, after every check (credit-deposit.ts); the same key again posts nothing.
 */
export async function postConvertedDeposit(
  tx: Tx,
  deposit: { id: string; playerId: string; fxQuoteId: string; amount: Money },
  posting: { sourceAccountId: AccountId; idempotencyKey: string; metadata: ledger.TransactionMetadata; now: Date },
): Promise<{ walletId: AccountId; posted: ledger.Posted; credited: Money }> {
  const quote = await committedQuote(tx, deposit.fxQuoteId);
  assert(quote.terms.debit.equals(deposit.amount), 'a converted deposit pays what its quote debits');
  const walletId = await cashWalletIn(tx, deposit.playerId, quote.terms.credit.currency);
  const posted = await postConversion(
    tx,
    {
      idempotencyKey: posting.idempotencyKey,
      kind: 'DEPOSIT',
      terms: quote.terms,
      debitAccountId: posting.sourceAccountId,
      creditAccountId: walletId,
      playerId: deposit.playerId,
      reference: `deposit:${deposit.id}`,
      quoteId: quote.id,
      metadata: posting.metadata,
    },
    posting.now,
  );
  return { walletId, posted, credited: quote.terms.credit };
}

/**
 * A withdrawal's amount held at its quote: ONE reserving transaction (kind WITHDRAWAL_HOLD) from the
 * quoted wallet through the FX accounts into pending withdrawals in the payout's currency, the fee to
 * fee revenue. The payout settles the hold as any other; a cancellation, rejection or failed payout
 * releases it by its mirror image, so the wallet gets back exactly what it gave, fee included.
 */
export async function holdConvertedWithdrawal(
  tx: Tx,
  request: {
    withdrawalId: string;
    playerId: string;
    quote: { id: string; terms: ConversionTerms };
    holdAccountId: AccountId;
    now: Date;
  },
): Promise<ledger.Hold> {
  const { quote } = request;
  return reserveConversion(
    tx,
    {
      idempotencyKey: `cashier-withdrawal-hold:${request.withdrawalId}`,
      kind: 'WITHDRAWAL_HOLD',
      terms: quote.terms,
      debitAccountId: await cashWalletIn(tx, request.playerId, quote.terms.debit.currency),
      holdAccountId: request.holdAccountId,
      playerId: request.playerId,
      reference: `withdrawal:${request.withdrawalId}`,
      quoteId: quote.id,
      metadata: { withdrawalId: request.withdrawalId, playerId: request.playerId },
    },
    request.now,
  );
}
