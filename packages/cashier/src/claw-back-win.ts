import { DomainError, newId, type Money } from '@casino/core';
import { lockPlayer, sqlStateOf, transaction } from '@casino/db';
import * as ledger from '@casino/ledger';
import { sendEmail } from '@casino/players';
import { accountNumbersOf, type CashierContext } from './context.ts';
import { takeFromPlayer } from './debt.ts';
import type { DebtView } from './views.ts';
import { auditStaffAction, staffMark, type StaffActor } from './staff-audit.ts';

export interface ClawBackWinOptions {
  playerId: string;
  winTransactionId: string;
  /** Defaults to the whole win. */
  amount: Money | null;
  reason: string;
  staff: StaffActor;
}

const winKinds = ['WIN', 'PRIZE', 'CASH_OUT'];

/**
 * 004:WIN-04/05, T-64: a wrongly credited win is taken back without the player's consent, with a
 * notice; if the balance does not cover it, the rest is a debt to repay within 10 days, and until
 * then only deposits are possible. The money returns to the account the win came from. A win is
 * clawed back at most once.
 */
export async function clawBackWin(
  ctx: CashierContext,
  options: ClawBackWinOptions,
): Promise<{ clawedBack: Money; fromWallet: Money; debt: DebtView | null }> {
  try {
    return await transaction(ctx.db, async (tx) => {
      await lockPlayer(tx, options.playerId);
      if (await tx.cashierClawback.findUnique({ where: { winTransactionId: options.winTransactionId }, select: { id: true } })) {
        throw new DomainError('conflict', 'This win has been clawed back already.', { field: 'body.winTransactionId' });
      }
      const win = await ledger.findTransaction(tx, options.winTransactionId);
      const credit = win?.postings.find(
        (p) =>
          p.amount.isNegative() &&
          p.account.ownerKind === 'PLAYER' &&
          p.account.ownerId === options.playerId &&
          ['cash', 'temporary'].includes(p.account.purpose),
      );
      const source = win?.postings.find((p) => p.amount.isPositive() && p.account.ownerKind === 'OPERATOR');
      if (!win || !winKinds.includes(win.kind) || !credit || !source)
        throw new DomainError('not-found', "No win of this player's with that transaction id.", {
          field: 'body.winTransactionId',
        });
      const credited = credit.amount.negated();
      const amount = options.amount ?? credited;
      if (!amount.isPositive() || amount.greaterThan(credited))
        throw new DomainError('validation-failed', `A clawback is more than zero and at most the win (${credited}).`, {
          field: 'body.amount',
        });
      const now = ctx.clock.now();
      const player = await tx.player.findUniqueOrThrow({ where: { id: options.playerId }, select: { email: true } });
      const taken = await takeFromPlayer(tx, {
        playerId: options.playerId,
        walletId: credit.account.id,
        creditAccountId: source.account.id,
        amount,
        kind: 'CLAWBACK',
        idempotencyKey: `cashier-clawback:${win.id}`,
        metadata: { winTransactionId: win.id, staffUserId: options.staff.staffUserId, reason: options.reason.slice(0, 200) },
        at: now,
        debt: {
          cause: 'CLAWBACK',
          reason: `A wrongly credited win of ${amount} was deducted (čl. 7.3): ${options.reason}`,
          createdBy: staffMark(options.staff),
          repaymentDays: ctx.rules.debtRepaymentDays,
        },
        sealer: accountNumbersOf(ctx),
      });
      await tx.cashierClawback.create({
        data: {
          id: newId<string>(),
          playerId: options.playerId,
          winTransactionId: win.id,
          amountMinor: amount.toMinor(),
          ledgerTransactionId: taken.transactionId,
          debtId: taken.debt?.id ?? null,
          reason: options.reason.slice(0, 500),
          clawedBackBy: staffMark(options.staff),
          clawedBackAt: now,
        },
      });
      await sendEmail(tx, accountNumbersOf(ctx), {
        to: player.email,
        subject: 'A wrongly credited win was deducted',
        text: `We deducted ${amount} from your account: a win was credited to it by mistake (čl. 7.3 of the game plan). ${options.reason}`,
      });
      await auditStaffAction(tx, options.staff, now, {
        action: 'cashier.clawback',
        subjectType: 'player',
        subjectId: options.playerId,
        reason: options.reason,
        after: {
          winTransactionId: win.id,
          amountMinor: amount.toMinor().toString(),
          ledgerTransactionId: taken.transactionId,
          debtId: taken.debt?.id ?? null,
        },
      });
      return { clawedBack: amount, fromWallet: taken.fromWallet, debt: taken.debt };
    });
  } catch (error) {
    if (sqlStateOf(error) === '23505')
      throw new DomainError('conflict', 'This win has been clawed back already.', { field: 'body.winTransactionId' });
    throw error;
  }
}
