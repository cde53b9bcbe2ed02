import { CurrencyCodeSchema } from '@casino/core';
import { MoneyInputSchema, MoneyOutputSchema, problemResponses } from '@casino/http';
import { CurrencyWalletsSchema } from '@casino/wire/loyalty';
import { z } from 'zod';

export const WalletsResponseSchema = z.object({
  wallets: CurrencyWalletsSchema,
  gameCurrencies: z.array(CurrencyCodeSchema).describe('The currencies tables play in (002:GEN-05, 004:BET-05)'),
});

export const QuoteBodySchema = z.object({
  purpose: z
    .enum(['deposit', 'withdrawal', 'exchange', 'game'])
    .describe(
      'deposit: a payment in `amount`’s currency into the wallet `to`; withdrawal: the wallet `amount` is in, paid out in `to`; exchange: wallet to wallet; game: chips in `to` bought from the wallet `from` (no fee, 002:WAL-08)',
    ),
  amount: MoneyInputSchema.describe('The amount fixed: what leaves (deposit, withdrawal, exchange) or the chips wanted (game)'),
  from: CurrencyCodeSchema.optional().describe('game: the wallet paying; otherwise the currency of `amount`'),
  to: CurrencyCodeSchema.describe('The currency credited'),
});

export const QuoteResponseSchema = z.object({
  quoteId: z.uuid(),
  purpose: z.string(),
  debit: MoneyOutputSchema.describe('What leaves the paying side (the method on a deposit, the wallet otherwise)'),
  credit: MoneyOutputSchema.describe('What reaches the credited side after every fee'),
  fee: MoneyOutputSchema.describe('The conversion fee (002:WAL-05); zero in-game'),
  feeBps: z.number().int(),
  rate: z.string().describe('Units of the credit currency per unit of the debit currency, a decimal string'),
  rateSource: z.string(),
  ratePublishedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime().describe('Commit before this; afterwards ask for a new quote'),
});

export const ExchangeBodySchema = z.object({ quoteId: z.uuid().describe('A quote with purpose exchange') });

export const ExchangeResponseSchema = z.object({
  ledgerTransactionId: z.uuid(),
  debit: MoneyOutputSchema,
  credit: MoneyOutputSchema,
  fee: MoneyOutputSchema,
  rate: z.string(),
  replayed: z.boolean().describe('true: this quote had been converted before; nothing moved again'),
});

export const walletProblems = problemResponses(400, 401, 403, 404, 409, 422, 429, 503);
