import { DomainError, newId, type Money } from '@casino/core';
import { lockPlayer, transaction } from '@casino/db';
import { branchCashAccount } from './accounts.ts';
import { accountNumbersOf, type CashierContext } from './context.ts';
import { creditDeposit } from './credit-deposit.ts';
import { requestHashOf } from './request-hash.ts';
import { depositView, type DepositView } from './views.ts';
import { auditStaffAction, type StaffActor } from './staff-audit.ts';

export const identityDocumentTypes = ['national-id', 'passport', 'residence-permit'] as const;

export interface DepositCashAtBranchOptions {
  playerId: string;
  amount: Money;
  idempotencyKey: string;
  staff: StaffActor;
  /** The identity document the branch worker checked (004:IDV-06); null when none was shown. */
  idCheck: { documentType: (typeof identityDocumentTypes)[number]; documentNumber: string } | null;
}

/**
 * Cash at a branch (004:DEP-01 (5.4.1)): a staff operation, only after the player's identity
 * document is checked (IDV-06: the operator asks for it at every cash transaction, D-611), at most
 * 5,000 CZK per transaction and per rolling 24 hours across all branches (AMB-03). A temporary
 * account takes no cash (TMP-04). Every check of a deposit applies, then the cash is credited at
 * once; a refusal leaves nothing behind (the cash stays in the player's hand).
 */
export async function depositCashAtBranch(
  ctx: CashierContext,
  options: DepositCashAtBranchOptions,
): Promise<DepositView & { replayed: boolean }> {
  if (!options.idCheck)
    throw new DomainError('identity-document-required', 'Check the identity document before taking cash (004:IDV-06).', {
      field: 'body.idCheck',
    });
  if (options.amount.currency !== ctx.currency || !options.amount.isPositive())
    throw new DomainError('validation-failed', `Cash deposits are positive ${ctx.currency} amounts.`, { field: 'body.amount' });
  const idDocumentHash = accountNumbersOf(ctx).blindIndex(
    `id-document|${options.idCheck.documentType}|${options.idCheck.documentNumber.replace(/\s+/g, '').toUpperCase()}`,
  );
  const requestHash = requestHashOf({ amountMinor: options.amount.toMinor().toString(), channel: 'CASH' });
  return transaction(ctx.db, async (tx) => {
    await lockPlayer(tx, options.playerId);
    const existing = await tx.cashierDeposit.findUnique({
      where: { playerId_idempotencyKey: { playerId: options.playerId, idempotencyKey: options.idempotencyKey } },
    });
    if (existing) {
      if (existing.requestHash !== requestHash)
        throw new DomainError('idempotency-key-reused', 'This Idempotency-Key was used for a different deposit.', {
          field: 'header.idempotency-key',
        });
      return { ...depositView(existing), replayed: true };
    }
    const player = await tx.player.findUnique({ where: { id: options.playerId }, select: { state: true } });
    if (!player) throw new DomainError('not-found', 'No such player.', { field: 'body.playerId' });
    const now = ctx.clock.now();
    const deposit = await tx.cashierDeposit.create({
      data: {
        id: newId<string>(),
        playerId: options.playerId,
        instrument: 'cash',
        channel: 'CASH',
        amountMinor: options.amount.toMinor(),
        currency: ctx.currency,
        status: 'CREATED',
        temporaryAccount: player.state === 'TEMPORARY',
        idempotencyKey: options.idempotencyKey,
        requestHash,
        staffUserId: options.staff.staffUserId,
        idDocumentType: options.idCheck!.documentType,
        idDocumentHash,
        expiresAt: now,
        createdAt: now,
        updatedAt: now,
      },
    });
    await creditDeposit(ctx, tx, deposit, await branchCashAccount(tx), { status: 'SETTLED' });
    await auditStaffAction(tx, options.staff, now, {
      action: 'cashier.cash-deposit',
      subjectType: 'player',
      subjectId: options.playerId,
      after: {
        depositId: deposit.id,
        amountMinor: deposit.amountMinor.toString(),
        idDocumentType: options.idCheck!.documentType,
      },
    });
    return { ...depositView(await tx.cashierDeposit.findUniqueOrThrow({ where: { id: deposit.id } })), replayed: false };
  });
}
