import { CurrencyCodeSchema } from '@casino/core';
import { MoneyInputSchema, MoneyOutputSchema, problemResponses } from '@casino/http';
import { z } from 'zod';
import { VipPointsSchema } from '@casino/wire/loyalty';

export { BonusesResponseSchema, BonusSchema, VipLevelSchema, VipPointsSchema } from '@casino/wire/loyalty';

/** Issue 26: bonuses (002:BON), VIP points (002:VIP) and the SE poker account (003:R-WAL) as the player sees them. */
export const loyaltyProblems = problemResponses(400, 401, 403, 404, 409, 422, 503);

const Whole = z.coerce.number().int().min(1).max(1_000_000);
const RequestId = z.string().min(1).max(100).describe('Your id of this request: a retry with the same id changes nothing twice');

export const ExchangeBodySchema = z.object({ starsCoins: Whole, requestId: RequestId });
export const RefundBodySchema = z.object({ starsCoins: Whole, currency: CurrencyCodeSchema, requestId: RequestId });
export const RefundResponseSchema = z.object({
  refund: MoneyOutputSchema,
  ledgerTransactionId: z.string(),
  balance: VipPointsSchema,
});

export const PokerAccountTransferBodySchema = z.object({
  room: z.string().min(1).max(10).describe('The poker room (rule profile) whose poker account it is, e.g. SE'),
  direction: z.enum(['to-poker-account', 'to-main-account']),
  amount: MoneyInputSchema,
  requestId: RequestId,
});
export const LeaveHallBodySchema = z.object({
  room: z.string().min(1).max(10),
  currency: CurrencyCodeSchema,
  requestId: RequestId,
});
export const PokerAccountResponseSchema = z
  .object({ main: MoneyOutputSchema, poker: MoneyOutputSchema, ledgerTransactionId: z.string().nullable() })
  .meta({ id: 'PokerAccountBalances' });
