import type { CurrencyCode } from '@casino/core';
import type { Db, Tx } from '@casino/db';
import { currentRates, type FxContext } from './rate-store.ts';
import { crossRate } from './rates.ts';

export interface CurrentRate {
  /** Units of `to` per unit of `from`, 12 decimal places. */
  rate: string;
  rateSetId: string;
  source: string;
  publishedAt: Date;
}

/** The rate in force from one currency to another (refused as `fx-rates-stale` when stale): for VIP points, caps, displays. */
export async function currentRate(
  ctx: FxContext,
  from: CurrencyCode,
  to: CurrencyCode,
  tx: Tx | Db = ctx.db,
): Promise<CurrentRate> {
  const set = await currentRates(ctx, tx);
  return { rate: crossRate(set, from, to), rateSetId: set.id, source: set.source, publishedAt: set.publishedAt };
}
