import { DomainError } from '@casino/core';
import { createQuote, exchangeBetweenWallets, listWallets, type ConversionTerms, type FxContext } from '@casino/fx';
import { moneyOut, type App } from '@casino/http';
import {
  ExchangeBodySchema,
  ExchangeResponseSchema,
  QuoteBodySchema,
  QuoteResponseSchema,
  walletProblems,
  WalletsResponseSchema,
} from './wallets.schema.ts';

/**
 * Wallets per currency and conversions (issue 26): the player's wallets, a quote showing both amounts,
 * the rate and the fee before anything is committed (002:WAL-06, T-WAL-01), and an exchange between two
 * wallets at a quote. Refusals: `fx-rates-stale` (503), `fx-quote-expired` (409),
 * `wallet-currency-not-offered` (422), `insufficient-funds` (422).
 */
export function walletRoutes(app: App, fx: FxContext): void {
  const common = { tags: ['wallets'], security: [{ playerToken: [] }] };

  app.get(
    '/v1/me/wallets',
    {
      onRequest: app.authenticate('player'),
      schema: {
        ...common,
        summary: 'My wallets, one per currency the operator offers',
        response: { 200: WalletsResponseSchema, ...walletProblems },
      },
    },
    async (request) => {
      const wallets = await listWallets(fx, request.principal!.subject);
      return {
        wallets: wallets.map((w) => ({ currency: w.currency, balance: moneyOut(w.balance), offered: w.offered })),
        gameCurrencies: [...fx.rules.gameCurrencies],
      };
    },
  );

  app.post(
    '/v1/fx/quotes',
    {
      onRequest: app.authenticate('player'),
      schema: {
        ...common,
        summary: 'Quote a conversion: both amounts, the rate and the fee, valid for a short time',
        body: QuoteBodySchema,
        response: { 201: QuoteResponseSchema, ...walletProblems },
      },
    },
    async (request, reply) => {
      const { purpose, amount, to } = request.body;
      const from = purpose === 'game' ? request.body.from : amount.currency;
      if (!from) throw new DomainError('validation-failed', 'A game quote names the paying wallet.', { field: 'body.from' });
      const quote = await createQuote(fx, {
        playerId: request.principal!.subject,
        purpose,
        debitCurrency: from,
        creditCurrency: to,
        amount,
      });
      return reply.code(201).send({ quoteId: quote.id, ...termsOut(quote.terms), expiresAt: quote.expiresAt.toISOString() });
    },
  );

  app.post(
    '/v1/me/wallets/exchanges',
    {
      onRequest: app.authenticate('player'),
      schema: {
        ...common,
        summary: 'Convert between two of my wallets at a quote (purpose exchange); a retry converts once',
        body: ExchangeBodySchema,
        response: { 200: ExchangeResponseSchema, ...walletProblems },
      },
    },
    async (request) => {
      const done = await exchangeBetweenWallets(fx, { playerId: request.principal!.subject, quoteId: request.body.quoteId });
      const { debit, credit, fee, rate } = termsOut(done.terms);
      return { ledgerTransactionId: done.transactionId, debit, credit, fee, rate, replayed: done.replayed };
    },
  );
}

function termsOut(terms: ConversionTerms) {
  return {
    purpose: terms.purpose,
    debit: moneyOut(terms.debit),
    credit: moneyOut(terms.credit),
    fee: moneyOut(terms.fee),
    feeBps: Number(terms.feeBps),
    rate: terms.rate,
    rateSource: terms.rateSource,
    ratePublishedAt: terms.ratePublishedAt.toISOString(),
  };
}
