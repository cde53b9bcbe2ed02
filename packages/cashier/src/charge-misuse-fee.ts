import { DomainError, Money, newId, Rounding } from '@casino/core';
import { lockPlayer, transaction } from '@casino/db';
import { currentWallet, operatorAccount } from './accounts.ts';
import { accountNumbersOf, type CashierContext } from './context.ts';
import { takeFromPlayer } from './debt.ts';
import type { DebtView } from './views.ts';
import { auditStaffAction, staffMark, type StaffActor } from './staff-audit.ts';

export interface ChargeMisuseFeeOptions {
  playerId: string;
  depositIds: string[];
  withdrawalIds: string[];
  reason: string;
  staff: StaffActor;
  idempotencyKey: string;
}

export const misuseFeeItemsMax = 100;

/**
 * 004:ACC-07, T-49: by a staff decision, a flat 5 % of each deposit and each withdrawal concerned in
 * a repeated non-gaming use, each rounded half up to the haléř, is taken from the balance; what the
 * balance does not cover is a debt due in 10 days. A deposit or withdrawal is charged at most once.
 */
export async function chargeMisuseFee(
  ctx: CashierContext,
  options: ChargeMisuseFeeOptions,
): Promise<{ fee: Money; fromWallet: Money; debt: DebtView | null }> {
  const items = options.depositIds.length + options.withdrawalIds.length;
  if (items === 0 || items > misuseFeeItemsMax)
    throw new DomainError('validation-failed', `Name 1 to ${misuseFeeItemsMax} deposits and withdrawals concerned.`, {
      field: 'body.depositIds',
    });
  return transaction(ctx.db, async (tx) => {
    await lockPlayer(tx, options.playerId);
    const idempotencyKey = `cashier-misuse-fee:${options.staff.staffUserId}:${options.idempotencyKey}`;
    const deposits = await tx.cashierDeposit.findMany({
      where: { id: { in: options.depositIds }, playerId: options.playerId, creditedAt: { not: null } },
      select: { id: true, amountMinor: true },
    });
    const withdrawals = await tx.cashierWithdrawal.findMany({
      where: {
        id: { in: options.withdrawalIds },
        playerId: options.playerId,
        status: { notIn: ['REJECTED', 'CANCELLED', 'FAILED'] },
      },
      select: { id: true, amountMinor: true },
    });
    if (deposits.length !== new Set(options.depositIds).size || withdrawals.length !== new Set(options.withdrawalIds).size) {
      throw new DomainError(
        'validation-failed',
        "Every deposit must be the player's and credited, every withdrawal the player's and not cancelled, rejected or failed.",
        { field: 'body' },
      );
    }
    const charged = await tx.$queryRaw<Array<{ id: string }>>`
      SELECT id FROM cashier_misuse_fee WHERE player_id = ${options.playerId}::uuid AND (deposit_ids && ${options.depositIds}::text[] OR withdrawal_ids && ${options.withdrawalIds}::text[])`;
    if (charged.length > 0)
      throw new DomainError('conflict', 'Some of these deposits or withdrawals were charged a misuse fee already.', {
        extensions: { misuseFeeIds: charged.map((c) => c.id) },
      });
    const amounts = [...deposits, ...withdrawals].map((item) => Money.fromMinor(item.amountMinor, ctx.currency));
    const fee = Money.sum(
      amounts.map((a) => a.percentageBps(ctx.rules.misuseFeeBps, Rounding.HALF_UP)),
      ctx.currency,
    );
    const now = ctx.clock.now();
    const player = await tx.player.findUniqueOrThrow({ where: { id: options.playerId }, select: { state: true } });
    const taken = await takeFromPlayer(tx, {
      playerId: options.playerId,
      walletId: await currentWallet(tx, options.playerId, player.state),
      creditAccountId: await operatorAccount(tx, 'fee-revenue'),
      amount: fee,
      kind: 'FEE',
      idempotencyKey,
      metadata: { staffUserId: options.staff.staffUserId, reason: 'misuse fee (004:ACC-07)' },
      at: now,
      debt: {
        cause: 'MISUSE_FEE',
        reason: `A fee of ${fee} (5 % of the deposits and withdrawals concerned) was charged for using the account other than for bets (čl. 5.8): ${options.reason}`,
        createdBy: staffMark(options.staff),
        repaymentDays: ctx.rules.debtRepaymentDays,
      },
      sealer: accountNumbersOf(ctx),
    });
    await tx.cashierMisuseFee.create({
      data: {
        id: newId<string>(),
        playerId: options.playerId,
        depositIds: options.depositIds,
        withdrawalIds: options.withdrawalIds,
        baseMinor: Money.sum(amounts, ctx.currency).toMinor(),
        feeMinor: fee.toMinor(),
        ledgerTransactionId: taken.transactionId,
        debtId: taken.debt?.id ?? null,
        reason: options.reason.slice(0, 500),
        chargedBy: staffMark(options.staff),
        chargedAt: now,
      },
    });
    await auditStaffAction(tx, options.staff, now, {
      action: 'cashier.misuse-fee',
      subjectType: 'player',
      subjectId: options.playerId,
      reason: options.reason,
      after: {
        feeMinor: fee.toMinor().toString(),
        depositIds: options.depositIds,
        withdrawalIds: options.withdrawalIds,
        ledgerTransactionId: taken.transactionId,
        debtId: taken.debt?.id ?? null,
      },
    });
    return { fee, fromWallet: taken.fromWallet, debt: taken.debt };
  });
}
