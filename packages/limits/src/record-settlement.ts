import type { Money } from '@casino/core';
import type { Tx } from '@casino/db';
import type { EnforcementContext } from './context.ts';
import { findSession, saveSession } from './play-session-store.ts';
import { lockPlayer } from './player-lock.ts';
import { countInCzk, countOnce, type GameCategory, type UsageEntryRequest } from './usage-entries.ts';
import { addUsage, moneyDeltas } from './usage.ts';

export interface SettlementRequest {
  playerId: string;
  /** Unique per player: the idempotency key of the ledger posting that credits the win is ideal. */
  reference: string;
  /**
   * Money coming back to the wallet from play: a win (stake returned included); for poker cash games
   * the money brought back from the table; for tournaments a prize (docs/limits.md, net loss).
   */
  amount: Money;
  /** The same rate the stake was converted at: a win is paid at the stake's rate (004:BET-06). */
  rateToCzk?: string;
  category: GameCategory;
  /** The play session, when the settlement belongs to one (a tournament prize may come later). */
  playSessionId?: string;
}

/**
 * Records a settlement for net loss, inside the caller's transaction and under the per-player lock,
 * before its ledger posting. Never refused by a measure: a win on a stake placed before a
 * self-exclusion is paid all the same. A zero amount (a lost bet) changes nothing.
 */
export async function recordSettlement(
  ctx: EnforcementContext,
  tx: Tx,
  request: SettlementRequest,
): Promise<{ counted: Money; replayed: boolean }> {
  const at = ctx.clock.now();
  const entry: UsageEntryRequest = {
    playerId: request.playerId,
    kind: 'SETTLEMENT',
    reference: request.reference,
    category: request.category,
    amount: countInCzk(request.amount, request.rateToCzk),
    playSessionId: request.playSessionId ?? null,
    at,
  };
  const counted = entry.amount.counted;
  if (counted.isZero()) return { counted, replayed: false };
  await lockPlayer(tx, request.playerId, at);
  const once = await countOnce(tx, entry);
  if (once.replayed) return { counted: once.counted, replayed: true };
  await addUsage(tx, request.playerId, moneyDeltas(at, 'winsMinor', counted));
  if (request.playSessionId !== undefined) {
    const session = await findSession(tx, request.playerId, request.playSessionId);
    await saveSession(tx, session, { at: session.lastActivityAt, winsMinor: counted.toMinor() });
  }
  return { counted, replayed: false };
}
