import type { AccountId } from '@casino/core';
import { lockPlayer, transaction, type Tx } from '@casino/db';
import * as ledger from '@casino/ledger';
import { sendEmail } from '../notifications.ts';
import { openRefund, type VerifiedBankAccountLookup } from '../temporary-account.ts';
import { cashWallet } from './common.ts';
import type { AccountLifecycleContext } from './context.ts';

/**
 * Closure settlement (004:TRM-13..17, ACC-06): when a contract ends, by the operator's termination
 * or the player's notice, the balance of the cash wallet goes back on the temporary account's
 * refund cascade (one cascade, not two: temporary-account.ts `openRefund`): to the verified bank
 * account that is the active payment method within 10 days (the cashier's payout job); without one,
 * the player is asked for a verified own bank account within 14 days (TRM-14); then a postal order
 * less the carrier's fee, cash rounded down to whole crowns (TRM-15, TRM-17), or collection at the
 * registered office when the fee is not less than the balance (TRM-16). Each closed account is
 * settled once (the refund row is unique per player and its ledger key is the player's).
 */
export async function settleClosedAccounts(
  ctx: AccountLifecycleContext,
  verifiedBankAccount: VerifiedBankAccountLookup,
  batchSizeMax = 100,
): Promise<number> {
  // Closed players with no refund yet, page by page; the ledger says which of them hold money.
  const due: string[] = [];
  let after: string | undefined;
  while (due.length < batchSizeMax) {
    const closed = await ctx.db.player.findMany({
      where: { state: 'CLOSED', ...(after ? { id: { gt: after } } : {}) },
      select: { id: true },
      orderBy: { id: 'asc' },
      take: 500,
    });
    if (closed.length === 0) break;
    after = closed.at(-1)!.id;
    const refunded = new Set(
      (
        await ctx.db.temporaryAccountRefund.findMany({
          where: { playerId: { in: closed.map((p) => p.id) } },
          select: { playerId: true },
        })
      ).map((r) => r.playerId),
    );
    const open = closed.map((p) => p.id).filter((id) => !refunded.has(id));
    due.push(...(await ledger.playersWithPositiveBalance(ctx.db, { playerIds: open, wallet: 'cash', currency: ctx.currency })));
    if (closed.length < 500) break;
  }
  let settled = 0;
  for (const id of due.slice(0, batchSizeMax))
    if (await transaction(ctx.db, (tx) => settleOne(ctx, tx, id, verifiedBankAccount))) settled++;
  return settled;
}

async function settleOne(
  ctx: AccountLifecycleContext,
  tx: Tx,
  playerId: string,
  verifiedBankAccount: VerifiedBankAccountLookup,
): Promise<boolean> {
  await lockPlayer(tx, playerId);
  const now = ctx.clock.now();
  if (await tx.temporaryAccountRefund.findUnique({ where: { playerId }, select: { id: true } })) return false;
  const player = await tx.player.findUniqueOrThrow({ where: { id: playerId }, select: { state: true, email: true } });
  if (player.state !== 'CLOSED') return false;
  const wallet = await cashWallet(tx, playerId, ctx.currency);
  if (!wallet) return false;
  const balance = await ledger.balance(tx, wallet);
  if (!balance.isPositive()) return false;
  const closed = await tx.playerStateTransition.findFirst({
    where: { playerId, toState: 'CLOSED' },
    orderBy: { at: 'desc' },
    select: { at: true },
  });
  const closedAt = closed?.at ?? now;
  const rules = ctx.rules.termination;
  const bank = await verifiedBankAccount(tx, playerId);
  await openRefund(tx, {
    playerId,
    walletAccountId: wallet as AccountId,
    amount: balance,
    cause: 'CONTRACT_TERMINATED',
    bankKnown: bank !== null,
    dueAt: new Date(closedAt.getTime() + rules.refundDays * 86_400_000),
    bankDetailsDueAt: new Date(now.getTime() + rules.bankDetailsWaitDays * 86_400_000),
    at: now,
  });
  await sendEmail(tx, ctx.pii, {
    to: player.email,
    subject: 'The balance of your closed account',
    text: bank
      ? `Your contract has ended. Your balance of ${balance} will be sent to your verified bank account within ${rules.refundDays} days (004:TRM-13).`
      : `Your contract has ended and we have no verified bank account of yours to send your balance of ${balance} to. ` +
        `Please give us a verified bank account in your own name within ${rules.bankDetailsWaitDays} days (004:TRM-14); otherwise we ` +
        "will send the balance by postal order, less the carrier's fee, in whole crowns, or, if the fee exceeds it, ask you to " +
        'collect it at our registered office (TRM-15..17).',
  });
  return true;
}
