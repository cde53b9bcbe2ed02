import { CurrencyWalletsSchema } from '@casino/wire/loyalty';
import { z } from 'zod';

export { BonusesResponseSchema as PlayerBonusesSchema, VipPointsSchema as PlayerVipPointsSchema } from '@casino/wire/loyalty';

export const PlayerWalletsSchema = z.object({ wallets: CurrencyWalletsSchema });
