import { CurrencyCodeSchema } from '@casino/core';
import { MoneyOutputSchema } from '@casino/http';
import { z } from 'zod';

export { BonusesResponseSchema as PlayerBonusesSchema, VipPointsSchema as PlayerVipPointsSchema } from '@casino/wire/loyalty';

export const PlayerWalletsSchema = z.object({
  wallets: z
    .array(
      z.object({
        currency: CurrencyCodeSchema,
        balance: MoneyOutputSchema,
        offered: z.boolean().describe('false: a wallet in a currency the operator no longer offers; it can only be emptied'),
      }),
    )
    .describe('One cash wallet per currency the operator offers (002:WAL-02), at zero until first used'),
});
