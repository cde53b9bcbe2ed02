import { centi, type VipLevel, type VipStatus } from '@casino/cashier';
import { CurrencyCodeSchema } from '@casino/core';
import { MoneyOutputSchema } from '@casino/http';
import { z } from 'zod';
import { BonusSchema, Centi } from './cashier.ts';

/**
 * Issue 26: bonuses (002:BON) and VIP points (002:VIP) on the wire, one shape for the player API (the
 * player's own) and the admin API (staff looking at a player).
 */
// The bonus itself is the cashier's wire shape (the staff grant answers with it too).
export { BonusSchema, bonusOut, Centi } from './cashier.ts';

export const BonusesResponseSchema = z.object({ bonuses: z.array(BonusSchema) });

export const VipLevelSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    pointsEarnedMin: Centi,
    kycEvidenceRequired: z.boolean(),
    depositCapMultiplier: z.number(),
    withdrawalMaxUnlimited: z.boolean(),
  })
  .meta({ id: 'VipLevel' });

export const VipPointsSchema = z
  .object({
    points: Centi,
    starsCoins: Centi,
    pointsEarned: Centi,
    pointsPerStarsCoin: Centi,
    level: VipLevelSchema.nullable(),
    nextLevel: VipLevelSchema.nullable(),
  })
  .meta({ id: 'VipPoints' });

const levelOut = (l: VipLevel | null) =>
  l === null
    ? null
    : {
        id: l.id,
        name: l.name,
        pointsEarnedMin: centi(l.pointsEarnedCentiMin),
        kycEvidenceRequired: l.kycEvidenceRequired,
        depositCapMultiplier: l.depositCapMultiplier,
        withdrawalMaxUnlimited: l.withdrawalMaxUnlimited,
      };

export function vipOut(v: VipStatus) {
  return {
    points: centi(v.pointsCenti),
    starsCoins: centi(v.starsCoinsCenti),
    pointsEarned: centi(v.pointsEarnedCenti),
    pointsPerStarsCoin: centi(v.pointsCentiPerStarsCoin),
    level: levelOut(v.level),
    nextLevel: levelOut(v.nextLevel),
  };
}

/** A player's cash wallets, one per currency (the player's own and staff's view of a player, 002:WAL-02). */
export const CurrencyWalletsSchema = z
  .array(
    z.object({
      currency: CurrencyCodeSchema,
      balance: MoneyOutputSchema,
      offered: z.boolean().describe('false: a wallet in a currency the operator no longer offers; it can only be emptied'),
    }),
  )
  .describe('One cash wallet per currency the operator offers (002:WAL-02), at zero until first used');
