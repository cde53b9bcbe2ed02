import { findActivePayoutHold } from '@casino/compliance';
import { assert, Money, type AccountId } from '@casino/core';
import { transaction, type Tx } from '@casino/db';
import * as ledger from '@casino/ledger';
import type { TablesContext } from './context.ts';
import { tableRules } from './rules.ts';

/**
 * 004:WIN-07 / AML-04 (D-733): while a player's participation is assessed as suspicious, the payout
 * of wins is suspended. A game round still settles (its result is fixed and the win is owed, WIN-03),
 * so the win is credited and at once held: a ledger hold moves it from the wallet into the operator's
 * suspense account, where it can be neither staked nor withdrawn. When the payout hold ends (released
 * by an officer, or expired after the period the AML act allows) the scheduler releases it back.
 */
export async function holdWinIfPayoutsSuspended(
  ctx: TablesContext,
  tx: Tx,
  win: { playerId: string; roundId: string; seat: number; wallet: AccountId; amount: Money },
): Promise<boolean> {
  const at = ctx.clock.now();
  if (!(await findActivePayoutHold(tx, win.playerId, at))) return false;
  const suspense = await ledger.findAccountByCode(tx, ledger.operatorAccountCode('suspense', win.amount.currency));
  assert(suspense !== null, 'the chart of accounts has the suspense account');
  const hold = await ledger.reserve(
    tx,
    {
      idempotencyKey: `game:${win.roundId}:win-hold:${win.seat}`,
      sourceAccountId: win.wallet,
      holdAccountId: suspense.id,
      amount: win.amount,
      metadata: { reason: 'payouts suspended (004:WIN-07)', roundId: win.roundId, playerId: win.playerId },
    },
    at,
  );
  await tx.gameWinHold.create({
    data: { ledgerHoldId: hold.id, playerId: win.playerId, roundId: win.roundId, amountMinor: win.amount.toMinor(), heldAt: at },
  });
  return true;
}

/** Whether a held win is due for release (its player's payouts no longer suspended): a plain read, `$1` the time. */
export const heldWinDueSql = `EXISTS (
  SELECT 1 FROM game_win_hold w
  WHERE w.released_at IS NULL
    AND NOT EXISTS (SELECT 1 FROM payout_hold h WHERE h.player_id = w.player_id AND h.released_at IS NULL AND h.expires_at > $1))`;

/** Releases held wins of players whose payouts are no longer suspended; returns how many. */
export async function releaseHeldWins(ctx: TablesContext): Promise<number> {
  // A pass with nothing to release is one plain read instead of BEGIN, the locking read and COMMIT (issue
  // 22, D-2294): the scheduler runs it every tick. The locking read below decides, as before.
  const [due] = await ctx.db.$queryRawUnsafe<Array<{ due: boolean }>>(`SELECT ${heldWinDueSql} AS due`, ctx.clock.now());
  if (due?.due !== true) return 0;
  return releaseDueHeldWins(ctx);
}

/** `releaseHeldWins` after its read said some are due (the scheduler's pass reads it with the due rounds, D-2297). */
export async function releaseDueHeldWins(ctx: TablesContext): Promise<number> {
  return transaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    const due = await tx.$queryRaw<Array<{ ledger_hold_id: string }>>`
      SELECT w.ledger_hold_id FROM game_win_hold w
      WHERE w.released_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM payout_hold h WHERE h.player_id = w.player_id AND h.released_at IS NULL AND h.expires_at > ${now})
      ORDER BY w.held_at LIMIT ${tableRules.heldWinsPerPassMax}
      FOR UPDATE OF w SKIP LOCKED`;
    for (const { ledger_hold_id: holdId } of due) {
      await ledger.release(
        tx,
        {
          idempotencyKey: `game-win-hold-release:${holdId}`,
          holdId: holdId as ledger.HoldId,
          metadata: { reason: 'payouts no longer suspended' },
        },
        now,
      );
      await tx.gameWinHold.update({ where: { ledgerHoldId: holdId }, data: { releasedAt: now } });
    }
    return due.length;
  });
}
