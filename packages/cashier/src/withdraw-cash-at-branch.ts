import { DomainError, newId, type Money } from '@casino/core';
import { lockPlayer, transaction, type Tx } from '@casino/db';
import * as ledger from '@casino/ledger';
import { assertWithdrawalAllowed } from '@casino/players';
import { branchCashAccount, cashWallet, operatorAccount } from './accounts.ts';
import { capOverrideOf, withdrawalUsage } from './cap-usage.ts';
import { assertWithinCaps, effectiveCaps } from './caps.ts';
import { accountNumbersOf, type CashierContext } from './context.ts';
import { assertNoOutstandingDebt } from './debt.ts';
import type { identityDocumentTypes } from './deposit-cash-at-branch.ts';
import { requestHashOf } from './request-hash.ts';
import { auditStaffAction, type StaffActor } from './staff-audit.ts';
import { withdrawalView, type WithdrawalView } from './views.ts';

export interface WithdrawCashAtBranchOptions {
  playerId: string;
  amount: Money;
  idempotencyKey: string;
  staff: StaffActor;
  /** The identity document the branch worker checked (004:WDR-06, IDV-06); null when none was shown. */
  idCheck: { documentType: (typeof identityDocumentTypes)[number]; documentNumber: string } | null;
}

/**
 * Cash paid out at a branch (004:WDR-01 (5.9.1)): a staff operation, only after the player's identity
 * document is checked (WDR-06, IDV-06; D-609 asks for it at every cash transaction), within the cash
 * withdrawal caps of the profile (§3.6.3: 1 to 5,000 CZK). The preconditions of a cashless withdrawal
 * that do not concern the method apply: a full account, not listed in the register (a listed player
 * withdraws through support only, ACC-11), no unpaid debt, no payout hold. The cash leaves the till
 * as it is recorded, so the withdrawal is paid at once: the wallet is held and the hold settled to
 * the branches' cash account in one transaction. A larger amount goes cashless (5.9.2).
 */
export async function withdrawCashAtBranch(
  ctx: CashierContext,
  options: WithdrawCashAtBranchOptions,
): Promise<WithdrawalView & { replayed: boolean }> {
  if (!options.idCheck)
    throw new DomainError('identity-document-required', 'Check the identity document before paying out cash (004:WDR-06).', {
      field: 'body.idCheck',
    });
  if (options.amount.currency !== ctx.currency || !options.amount.isPositive())
    throw new DomainError('validation-failed', `Cash withdrawals are positive ${ctx.currency} amounts.`, {
      field: 'body.amount',
    });
  const requestHash = requestHashOf({ amountMinor: options.amount.toMinor().toString(), channel: 'CASH' });
  return transaction(ctx.db, async (tx) => {
    await lockPlayer(tx, options.playerId);
    const existing = await tx.cashierWithdrawal.findUnique({
      where: { playerId_idempotencyKey: { playerId: options.playerId, idempotencyKey: options.idempotencyKey } },
    });
    if (existing) {
      if (existing.requestHash !== requestHash)
        throw new DomainError('idempotency-key-reused', 'This Idempotency-Key was used for a different withdrawal.', {
          field: 'header.idempotency-key',
        });
      return { ...withdrawalView(existing), replayed: true };
    }
    await assertPreconditions(ctx, tx, options);
    return { ...withdrawalView(await payOut(ctx, tx, options, requestHash)), replayed: false };
  });
}

async function assertPreconditions(ctx: CashierContext, tx: Tx, options: WithdrawCashAtBranchOptions): Promise<void> {
  const now = ctx.clock.now();
  const player = await tx.player.findUnique({ where: { id: options.playerId }, select: { state: true, registerStatus: true } });
  if (!player) throw new DomainError('not-found', 'No such player.', { field: 'body.playerId' });
  await assertWithdrawalAllowed(tx, options.playerId);
  if (player.state !== 'REGISTERED')
    throw new DomainError('account-not-active', `A ${player.state.toLowerCase()} account cannot withdraw; contact support.`);
  if (player.registerStatus === 'LISTED')
    throw new DomainError(
      'listed-in-register',
      'A player listed in the register of excluded persons withdraws through the hotline, the contact form or the written form (004:ACC-11).',
    );
  await assertNoOutstandingDebt(tx, options.playerId);
  await ctx.guards.assertNoPayoutHold(tx, options.playerId, now);
  const caps = effectiveCaps(ctx.rules.caps.cash.withdrawal, await capOverrideOf(tx, options.playerId, 'cash', 'withdrawal'));
  assertWithinCaps(
    caps,
    options.amount.toMinor(),
    await withdrawalUsage(tx, { playerId: options.playerId, instrument: 'cash', now }),
    {
      instrument: 'cash',
      direction: 'withdrawal',
    },
  );
}

async function payOut(ctx: CashierContext, tx: Tx, options: WithdrawCashAtBranchOptions, requestHash: string) {
  const now = ctx.clock.now();
  const id = newId<string>();
  // Held first, like every withdrawal: the hold refuses an amount the wallet does not have.
  const hold = await ledger.reserve(
    tx,
    {
      idempotencyKey: `cashier-withdrawal-hold:${id}`,
      sourceAccountId: await cashWallet(tx, options.playerId),
      holdAccountId: await operatorAccount(tx, 'pending-withdrawals'),
      amount: options.amount,
      kind: 'WITHDRAWAL_HOLD',
      metadata: { withdrawalId: id, playerId: options.playerId },
    },
    now,
  );
  await ledger.settle(
    tx,
    {
      idempotencyKey: `cashier-withdrawal-settle:${id}`,
      holdId: hold.id,
      destinationAccountId: await branchCashAccount(tx),
      kind: 'WITHDRAWAL_SETTLE',
      metadata: { withdrawalId: id, channel: 'CASH' },
    },
    now,
  );
  const idDocumentHash = accountNumbersOf(ctx).blindIndex(
    `id-document|${options.idCheck!.documentType}|${options.idCheck!.documentNumber.replace(/\s+/g, '').toUpperCase()}`,
  );
  const row = await tx.cashierWithdrawal.create({
    data: {
      id,
      playerId: options.playerId,
      paymentMethodId: null,
      instrument: 'cash',
      amountMinor: options.amount.toMinor(),
      currency: ctx.currency,
      status: 'PAID',
      channel: 'CASH',
      requestedBy: `staff:${options.staff.staffUserId}`,
      idempotencyKey: options.idempotencyKey,
      requestHash,
      holdId: hold.id,
      dueAt: now,
      sentAt: now,
      paidAt: now,
      createdAt: now,
      updatedAt: now,
    },
  });
  await auditStaffAction(tx, options.staff, now, {
    action: 'cashier.cash-withdrawal',
    subjectType: 'player',
    subjectId: options.playerId,
    after: {
      withdrawalId: id,
      amountMinor: row.amountMinor.toString(),
      idDocumentType: options.idCheck!.documentType,
      idDocumentHash,
    },
  });
  await ctx.guards.recordMonitoringEvent(tx, {
    kind: 'withdrawal',
    playerId: options.playerId,
    occurredAt: now,
    amount: options.amount.toJSON(),
    outcome: 'requested',
    paymentMethodId: null,
    reference: id,
  });
  return row;
}
