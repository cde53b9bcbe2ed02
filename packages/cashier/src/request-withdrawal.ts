import { DomainError, Money, newId } from '@casino/core';
import { enqueueOutboxMessage, lockPlayer, transaction, type Tx } from '@casino/db';
import * as ledger from '@casino/ledger';
import { assertWithdrawalAllowed } from '@casino/players';
import { cashWallet, operatorAccount } from './accounts.ts';
import { payoutDueAt } from './business-days.ts';
import { capOverrideOf, withdrawalUsage } from './cap-usage.ts';
import { assertWithinCaps, effectiveCaps } from './caps.ts';
import type { CashierContext } from './context.ts';
import { assertNoOutstandingDebt } from './debt.ts';
import { holdConvertedWithdrawal, takeWithdrawalQuote } from './converted-payments.ts';
import { detectMisuse, type MisuseReport } from './detect-misuse.ts';
import { payoutTopic } from './jobs.ts';
import { requestHashOf } from './request-hash.ts';
import type { Instrument } from './rules.ts';
import { withdrawalView, type WithdrawalView } from './views.ts';
import { auditStaffAction, type StaffActor } from './staff-audit.ts';
import { requestWithdrawalWithOneCall } from './request-withdrawal-one-call.ts';

export interface RequestWithdrawalOptions {
  playerId: string;
  amount: Money;
  idempotencyKey: string;
  /** PLAYER from the app; SUPPORT when staff take a listed player's request by the hotline or a form (004:ACC-11). */
  channel: 'PLAYER' | 'SUPPORT';
  requestedBy: string;
  /** The staff user who took a SUPPORT request: the action goes to the audit log. */
  staff?: StaffActor;
  /**
   * A `withdrawal` quote the player saw (002:WAL-06): `amount` (what the bank receives) comes from the
   * quote's wallet at its terms, converted when it is held (D-2611).
   */
  quoteId?: string;
}

/**
 * A cashless withdrawal (004:WDR-01..04, 002:PAY-05..07). The preconditions of 004:WDR-02, each with
 * its own problem type, in this order: a full account (never a temporary one); not listed in the
 * register unless support took the request; an active method; that is a bank account; every
 * registered method verified; no unpaid debt; no AML hold; the method's caps. Then the amount is
 * held in the ledger (never overdrawn, however many requests race), and the withdrawal waits for
 * review when the rules say so, or goes to the payout job at once.
 */
export async function requestWithdrawal(
  ctx: CashierContext,
  options: RequestWithdrawalOptions,
): Promise<WithdrawalView & { replayed: boolean }> {
  if (options.amount.currency !== 'CZK' || !options.amount.isPositive())
    throw new DomainError('validation-failed', 'Withdrawals are positive CZK amounts (004:ACC-02).', { field: 'body.amount' });
  const requestHash = requestHashOf({
    amountMinor: options.amount.toMinor().toString(),
    currency: options.amount.currency,
    channel: options.channel,
    ...(options.quoteId ? { quoteId: options.quoteId } : {}),
  });
  // Issue 22 (D-2289): the common case in two round trips on plain `pg`; null: the ORM transaction below.
  const done = await requestWithdrawalWithOneCall(ctx, options, requestHash);
  if (done) return done;
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
    const method = await assertPreconditions(ctx, tx, options);
    return { ...withdrawalView(await holdAndRecord(ctx, tx, options, method, requestHash)), replayed: false };
  });
}

async function assertPreconditions(ctx: CashierContext, tx: Tx, options: RequestWithdrawalOptions) {
  const now = ctx.clock.now();
  const player = await tx.player.findUnique({ where: { id: options.playerId }, select: { state: true, registerStatus: true } });
  if (!player) throw new DomainError('not-found', 'No such player.');
  await assertWithdrawalAllowed(tx, options.playerId);
  if (player.state !== 'REGISTERED')
    throw new DomainError('account-not-active', `A ${player.state.toLowerCase()} account cannot withdraw; contact support.`);
  if (player.registerStatus === 'LISTED' && options.channel !== 'SUPPORT') {
    throw new DomainError(
      'listed-in-register',
      'A player listed in the register of excluded persons withdraws through the hotline, the contact form or the written form (004:ACC-11).',
    );
  }
  const methods = await tx.paymentMethod.findMany({ where: { playerId: options.playerId, status: { not: 'REMOVED' } } });
  const active = methods.find((m) => m.active);
  if (!active)
    throw new DomainError('no-active-payment-method', 'Activate a verified bank account to withdraw to (004:WDR-02, PAY-09).');
  if (!ctx.rules.withdrawalInstruments.includes(active.instrument as Instrument)) {
    throw new DomainError(
      'withdrawal-method-not-bank-account',
      'Cashless withdrawals go only to a bank account; make your verified bank account the active method (004:WDR-02 (a), T-31).',
      { extensions: { activeInstrument: active.instrument } },
    );
  }
  const unverified = methods.filter((m) => m.status !== 'VERIFIED');
  if (unverified.length > 0) {
    throw new DomainError(
      'payment-methods-not-verified',
      'Every registered payment method must be verified first: finish or remove those still registered, pending or rejected (004:WDR-02 (b), T-32).',
      {
        extensions: { paymentMethodIds: unverified.map((m) => m.id) },
      },
    );
  }
  await assertNoOutstandingDebt(tx, options.playerId);
  await ctx.guards.assertNoPayoutHold(tx, options.playerId, now);
  const instrument = active.instrument as Instrument;
  const caps = effectiveCaps(
    ctx.rules.caps[instrument].withdrawal,
    await capOverrideOf(tx, options.playerId, instrument, 'withdrawal'),
  );
  assertWithinCaps(caps, options.amount.toMinor(), await withdrawalUsage(tx, { playerId: options.playerId, instrument, now }), {
    instrument,
    direction: 'withdrawal',
  });
  return active;
}

async function holdAndRecord(
  ctx: CashierContext,
  tx: Tx,
  options: RequestWithdrawalOptions,
  method: { id: string; instrument: string },
  requestHash: string,
) {
  const now = ctx.clock.now();
  const id = newId<string>();
  const quote = options.quoteId
    ? await takeWithdrawalQuote(ctx, tx, { playerId: options.playerId, quoteId: options.quoteId, amount: options.amount })
    : null;
  const holdAccountId = await operatorAccount(tx, 'pending-withdrawals');
  const hold = quote
    ? await holdConvertedWithdrawal(tx, { withdrawalId: id, playerId: options.playerId, quote, holdAccountId, now })
    : await ledger.reserve(
        tx,
        {
          idempotencyKey: `cashier-withdrawal-hold:${id}`,
          sourceAccountId: await cashWallet(tx, options.playerId),
          holdAccountId,
          amount: options.amount,
          kind: 'WITHDRAWAL_HOLD',
          metadata: { withdrawalId: id, playerId: options.playerId },
        },
        now,
      );
  const reasons = await reviewReasons(ctx, tx, options);
  const row = await tx.cashierWithdrawal.create({
    data: {
      id,
      playerId: options.playerId,
      paymentMethodId: method.id,
      instrument: method.instrument,
      amountMinor: options.amount.toMinor(),
      currency: 'CZK',
      status: reasons.length > 0 ? 'IN_REVIEW' : 'APPROVED',
      channel: options.channel,
      requestedBy: options.requestedBy,
      idempotencyKey: options.idempotencyKey,
      requestHash,
      holdId: hold.id,
      fxQuoteId: quote?.id ?? null,
      reviewReasons: reasons,
      dueAt: payoutDueAt(now, ctx.rules.payoutDeadline),
      createdAt: now,
      updatedAt: now,
    },
  });
  if (row.status === 'APPROVED') await enqueueOutboxMessage(tx, { topic: payoutTopic, payload: { withdrawalId: id } });
  if (options.staff) {
    await auditStaffAction(tx, options.staff, now, {
      action: 'cashier.withdrawal.take-for-player',
      subjectType: 'player',
      subjectId: options.playerId,
      after: { withdrawalId: id, amountMinor: options.amount.toMinor().toString(), status: row.status },
    });
  }
  await ctx.guards.recordMonitoringEvent(tx, {
    kind: 'withdrawal',
    playerId: options.playerId,
    occurredAt: now,
    amount: options.amount.toJSON(),
    outcome: 'requested',
    paymentMethodId: method.id,
    reference: id,
  });
  return row;
}

/** When a withdrawal waits for finance or compliance: a large amount, a support-taken request, a suspected misuse. */
async function reviewReasons(ctx: CashierContext, tx: Tx, options: RequestWithdrawalOptions): Promise<string[]> {
  const misuse = await detectMisuse(tx, ctx.rules, {
    playerId: options.playerId,
    now: ctx.clock.now(),
    pendingWithdrawalMinor: options.amount.toMinor(),
  });
  return reviewReasonsOf(ctx.rules, options, misuse);
}

/** `reviewReasons` on the misuse report (the withdrawal's one-call path reads it in its first statement, D-2290). */
export function reviewReasonsOf(
  rules: CashierContext['rules'],
  options: Pick<RequestWithdrawalOptions, 'amount' | 'channel'>,
  misuse: MisuseReport,
): string[] {
  const reasons: string[] = [];
  if (options.amount.toMinor() >= rules.withdrawalReviewThresholdMinor)
    reasons.push(`amount at least ${Money.fromMinor(rules.withdrawalReviewThresholdMinor, 'CZK')}`);
  if (options.channel === 'SUPPORT') reasons.push('requested through support (004:ACC-11)');
  if (misuse.suspected)
    reasons.push(`suspected non-gaming use: ${misuse.cycles.length} deposit-withdrawal cycles without play (004:ACC-07)`);
  return reasons;
}
