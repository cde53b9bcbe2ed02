import { DomainError, isCurrencyCode, Money, type AccountId, type CurrencyCode, type TransactionId } from '@casino/core';
import { lockPlayer, transaction, type Tx } from '@casino/db';
import * as ledger from '@casino/ledger';
import { postConversion } from './post-conversion.ts';
import type { ConversionTerms } from './quote.ts';
import { takeQuote } from './quotes.ts';
import type { FxContext } from './rate-store.ts';

export interface WalletView {
  currency: CurrencyCode;
  balance: Money;
  /** false for a wallet the player still holds in a currency the profile no longer offers (it can only be emptied). */
  offered: boolean;
}

/**
 * The player's cash wallets (002:WAL-02): one per currency the profile offers, shown at zero until
 * first used, then any other cash wallet the player still holds (a CZK balance from before the
 * profile offered other currencies), each with its balance.
 */
export async function listWallets(ctx: FxContext, playerId: string): Promise<WalletView[]> {
  const owned = await ledger.findAccountsOwnedBy(ctx.db, 'PLAYER', playerId);
  const cash = new Map(owned.filter((a) => a.purpose === 'cash').map((a) => [a.currency, a.id] as const));
  const currencies = [...ctx.rules.walletCurrencies, ...[...cash.keys()].filter((c) => !ctx.rules.walletCurrencies.includes(c))];
  const views: WalletView[] = [];
  for (const currency of currencies) {
    if (!isCurrencyCode(currency)) continue;
    const id = cash.get(currency);
    views.push({
      currency,
      balance: id ? await ledger.balance(ctx.db, id) : Money.zero(currency),
      offered: ctx.rules.walletCurrencies.includes(currency),
    });
  }
  return views;
}

/** The player's cash wallet in a currency, opened on first use. */
export async function cashWalletIn(tx: Tx, playerId: string, currency: CurrencyCode): Promise<AccountId> {
  const spec = ledger.playerWalletSpec(playerId, 'cash', currency);
  return (await ledger.findAccountByCode(tx, spec.code))?.id ?? (await ledger.openAccount(tx, spec)).id;
}

/**
 * Converts between two of the player's wallets at a quote they saw (`exchange`), as one ledger
 * transaction through the FX accounts, under the per-player lock. Refused: the quote's refusals
 * (`not-found`, `fx-quote-expired`), an account that is not registered (`account-not-active`: a
 * temporary account has one wallet), more than the wallet holds (`insufficient-funds`); nothing is
 * written then, the quote included. The quote's id is the idempotency key: a retry converts once.
 */
export async function exchangeBetweenWallets(
  ctx: FxContext,
  request: { playerId: string; quoteId: string },
): Promise<{ transactionId: TransactionId; terms: ConversionTerms; replayed: boolean }> {
  return transaction(ctx.db, async (tx) => {
    await lockPlayer(tx, request.playerId);
    const idempotencyKey = `fx:exchange:${request.quoteId}`;
    const earlier = await ledger.findTransactionIdByIdempotencyKey(tx, idempotencyKey);
    if (earlier) {
      const row = await tx.fxConversion.findUniqueOrThrow({ where: { ledgerTransactionId: earlier } });
      if (row.playerId !== request.playerId) throw new DomainError('not-found', 'No such quote.', { field: 'body.quoteId' });
      return { transactionId: earlier as TransactionId, terms: await termsOfConversion(tx, earlier), replayed: true };
    }
    const player = await tx.player.findUnique({ where: { id: request.playerId }, select: { state: true } });
    if (player?.state !== 'REGISTERED')
      throw new DomainError('account-not-active', 'Only a registered account holds more than one wallet.', {
        extensions: { state: player?.state ?? null },
      });
    const quote = await takeQuote(ctx, tx, { quoteId: request.quoteId, playerId: request.playerId, purpose: 'exchange' });
    const { terms } = quote;
    try {
      const posted = await postConversion(
        tx,
        {
          idempotencyKey,
          kind: 'FX_CONVERSION',
          terms,
          debitAccountId: await cashWalletIn(tx, request.playerId, terms.debit.currency),
          creditAccountId: await cashWalletIn(tx, request.playerId, terms.credit.currency),
          playerId: request.playerId,
          reference: `fx-quote:${quote.id}`,
          quoteId: quote.id,
          metadata: { playerId: request.playerId },
        },
        ctx.clock.now(),
      );
      return { transactionId: posted.transactionId, terms, replayed: false };
    } catch (error) {
      throw insufficientFundsProblem(error, terms.debit.currency);
    }
  });
}

/** The ledger's InsufficientFunds as the player's problem (422), anything else unchanged. */
export function insufficientFundsProblem(error: unknown, currency: CurrencyCode): unknown {
  if (!(error instanceof ledger.InsufficientFunds)) return error;
  const balance = Money.fromMinor(error.balanceMinor, currency);
  return new DomainError('insufficient-funds', `The ${currency} wallet holds ${balance.toDecimalString()}.`, {
    field: 'body.quoteId',
    extensions: { balance: balance.toJSON() },
  });
}

async function termsOfConversion(tx: Tx, ledgerTransactionId: string): Promise<ConversionTerms> {
  const row = await tx.fxConversion.findUniqueOrThrow({ where: { ledgerTransactionId } });
  return {
    purpose: row.purpose as ConversionTerms['purpose'],
    debit: Money.fromMinor(row.debitMinor, row.debitCurrency as CurrencyCode),
    credit: Money.fromMinor(row.creditMinor, row.creditCurrency as CurrencyCode),
    fee: Money.fromMinor(row.feeMinor, row.feeCurrency as CurrencyCode),
    feeBps: 0n,
    rate: row.rate.toFixed(),
    rateSetId: row.rateSetId,
    rateSource: row.rateSource,
    ratePublishedAt: row.ratePublishedAt,
  };
}
