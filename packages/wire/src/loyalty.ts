import { centi, type BonusView, type VipLevel, type VipStatus } from '@casino/cashier';
import { MoneyOutputSchema, moneyOut } from '@casino/http';
import { z } from 'zod';

/**
 * Issue 26: bonuses (002:BON) and VIP points (002:VIP) on the wire, one shape for the player API (the
 * player's own) and the admin API (staff looking at a player).
 */
export const Centi = z.string().describe('Hundredths shown as a decimal, e.g. "11.00" points');

export const BonusSchema = z
  .object({
    id: z.string(),
    status: z.enum(['LOCKED', 'RELEASED', 'FORFEITED']),
    source: z.enum(['STAFF', 'DEPOSIT_RULE']),
    amount: MoneyOutputSchema,
    locked: MoneyOutputSchema.describe('Still locked in the bonus wallet: neither playable nor withdrawable (002:BON-03)'),
    released: MoneyOutputSchema.describe('Released to cash so far (002:BON-05)'),
    forfeited: MoneyOutputSchema,
    trancheCount: z.number().int(),
    releasedTranches: z.number().int(),
    pointsEarned: Centi.describe('VIP points earned since the grant'),
    nextTranchePoints: Centi.nullable().describe('The VIP points (since the grant) at which the next part is released'),
    nextTranche: MoneyOutputSchema.nullable(),
    grantedAt: z.string(),
    expiresAt: z.string().describe('The end of the window: what is still locked then is forfeited (002:BON-06)'),
    endedAt: z.string().nullable(),
  })
  .meta({ id: 'Bonus' });

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

export function bonusOut(b: BonusView) {
  return {
    id: b.id,
    status: b.status,
    source: b.source,
    amount: moneyOut(b.amount),
    locked: moneyOut(b.locked),
    released: moneyOut(b.released),
    forfeited: moneyOut(b.forfeited),
    trancheCount: b.trancheCount,
    releasedTranches: b.releasedTranches,
    pointsEarned: centi(b.pointsEarnedCenti),
    nextTranchePoints: b.nextTranchePointsCenti === null ? null : centi(b.nextTranchePointsCenti),
    nextTranche: b.nextTranche === null ? null : moneyOut(b.nextTranche),
    grantedAt: b.grantedAt.toISOString(),
    expiresAt: b.expiresAt.toISOString(),
    endedAt: b.endedAt?.toISOString() ?? null,
  };
}

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
