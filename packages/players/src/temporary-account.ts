import { addDays, DomainError, Money, newId, pragueDate, startOfPragueDay, type AccountId } from '@casino/core';
import { enqueueOutboxMessage, transaction, type Db, type Tx } from '@casino/db';
import * as ledger from '@casino/ledger';
import type { PlayersContext } from './context.ts';

/** What the scheduled lifecycle jobs need: no registers, no personal-data keys. */
export type LifecycleContext = Pick<PlayersContext, 'db' | 'clock' | 'rules' | 'pii'>;
import { hasUnsettledBets } from './lifecycle/common.ts';
import { sendEmail } from './notifications.ts';
import { AccessEndedPayloadSchema, accessEndedTopic } from './register-listing.ts';
import { transition } from './states.ts';

/**
 * The temporary account (004 §3.2.4): opened when the contract is concluded through the app, usable
 * for play, cashless deposits of at most 3,000 CZK over its life, no withdrawals, cancelled after 30
 * days without completed registration and its unused balance refunded.
 */
export async function openTemporaryAccount(ctx: LifecycleContext, tx: Tx, playerId: string): Promise<void> {
  const now = ctx.clock.now();
  const wallet = await ledger.openAccount(tx, ledger.playerWalletSpec(playerId, 'temporary', 'CZK'));
  await tx.temporaryAccount.create({
    data: {
      playerId,
      walletAccountId: wallet.id,
      openedAt: now,
      deadlineAt: temporaryAccountDeadline(now, ctx.rules.temporaryAccount.lifetimeDays),
      depositCapMinor: ctx.rules.temporaryAccount.depositCapMinor,
    },
  });
}

/**
 * 004:TMP-08 / AMB-07: registration must be completed "by 30 days from the day the temporary account
 * was created": the day of creation is day 0 and day 30 is the last whole Europe/Prague day.
 */
export function temporaryAccountDeadline(openedAt: Date, lifetimeDays: number): Date {
  return startOfPragueDay(addDays(pragueDate(openedAt), lifetimeDays + 1));
}

export interface TemporaryDepositRequest {
  playerId: string;
  amount: Money;
  channel: 'cashless' | 'cash';
  /** The payment provider's clearing account the money arrives through. */
  sourceAccountId: AccountId;
  idempotencyKey: string;
  metadata?: ledger.TransactionMetadata;
}

/**
 * Credits a deposit to the temporary account, inside the caller's transaction (the cashier's deposit
 * path calls it). The 3,000 CZK lifetime cap counts gross deposits and is checked and raised in one
 * conditional UPDATE, so concurrent deposits can never pass it together (004:TMP-03, 002:AMB-TMP-PARTIAL:
 * a deposit that would exceed the cap is refused whole). Cash is refused (TMP-04). `at`: the
 * deposit's time by the caller's clock, the ledger transaction's time.
 */
export async function creditTemporaryDeposit(tx: Tx, request: TemporaryDepositRequest, at: Date): Promise<ledger.Posted> {
  if (request.channel !== 'cashless')
    throw new DomainError('temporary-account-cashless-only', 'A temporary account accepts cashless deposits only (004:TMP-04).', {
      field: 'body.channel',
    });
  if (request.amount.currency !== 'CZK' || !request.amount.isPositive())
    throw new DomainError('validation-failed', 'Temporary-account deposits are positive CZK amounts.', { field: 'body.amount' });
  const account = await tx.temporaryAccount.findUnique({ where: { playerId: request.playerId } });
  if (!account || account.status !== 'OPEN')
    throw new DomainError('account-not-active', 'There is no open temporary account for this player.');
  const posted = await ledger.transfer(
    tx,
    {
      idempotencyKey: request.idempotencyKey,
      kind: 'DEPOSIT',
      debitAccountId: request.sourceAccountId,
      creditAccountId: account.walletAccountId as AccountId,
      amount: request.amount,
      metadata: { ...request.metadata, temporaryAccount: true },
    },
    at,
  );
  if (posted.replayed) return posted; // counted the first time
  const amountMinor = request.amount.toMinor();
  const raised = await tx.$executeRaw`
    UPDATE temporary_account SET deposited_minor = deposited_minor + ${amountMinor}
    WHERE player_id = ${request.playerId}::uuid AND status = 'OPEN' AND deposited_minor + ${amountMinor} <= deposit_cap_minor`;
  if (raised !== 1) {
    const remaining = Money.fromMinor(account.depositCapMinor - account.depositedMinor, 'CZK');
    throw new DomainError(
      'temporary-account-deposit-cap',
      `Deposits to a temporary account total at most ${Money.fromMinor(account.depositCapMinor, 'CZK')}; at most ${remaining} more can be deposited (004:TMP-03).`,
      {
        field: 'body.amount',
        extensions: { remaining: remaining.toJSON() },
      },
    );
  }
  return posted;
}

/** 004:TMP-05: nothing, neither deposits nor wins, is withdrawn from a temporary account. */
export async function assertWithdrawalAllowed(tx: Tx | Db, playerId: string): Promise<void> {
  const player = await tx.player.findUniqueOrThrow({ where: { id: playerId }, select: { state: true } });
  if (player.state === 'TEMPORARY' || player.state === 'APPLICANT') {
    throw new DomainError(
      'temporary-account-no-withdrawals',
      'Nothing can be withdrawn from a temporary account until registration is completed (004:TMP-05).',
    );
  }
}

/** A player's verified bank account, if the cashier has one; the refund goes there (004:TMP-09). */
export type VerifiedBankAccountLookup = (tx: Tx, playerId: string) => Promise<{ paymentMethodId: string } | null>;

/**
 * The scheduled job of 004:TMP-08: cancels every temporary account (and application) whose deadline
 * has passed. The registration can no longer be completed (TMP-10); a positive balance is reserved
 * for the refund, which goes to a verified bank account if there is one, else the player is asked for
 * one (TMP-11). Each player in its own transaction; returns how many were cancelled.
 */
export async function cancelExpiredTemporaryAccounts(
  ctx: LifecycleContext,
  verifiedBankAccount: VerifiedBankAccountLookup,
  batchSizeMax = 100,
): Promise<number> {
  const now = ctx.clock.now();
  const due = await ctx.db.temporaryAccount.findMany({
    where: { status: 'OPEN', deadlineAt: { lte: now } },
    select: { playerId: true },
    take: batchSizeMax,
  });
  for (const { playerId } of due) await transaction(ctx.db, (tx) => cancelOne(ctx, tx, playerId, verifiedBankAccount));
  await refundDeferredBalances(ctx, verifiedBankAccount, batchSizeMax);
  const staleApplicants = await ctx.db.player.findMany({
    where: {
      state: 'APPLICANT',
      createdAt: { lte: new Date(now.getTime() - (ctx.rules.temporaryAccount.lifetimeDays + 1) * 86_400_000) },
    },
    select: { id: true },
    take: batchSizeMax,
  });
  for (const { id } of staleApplicants) {
    await transaction(ctx.db, (tx) =>
      transition(tx, id, 'APPLICANT', 'CANCELLED', {
        reason: 'application not completed within 30 days (002:REG-07)',
        actor: 'system:registration-expiry',
        at: now,
      }),
    );
  }
  return due.length + staleApplicants.length;
}

async function cancelOne(
  ctx: LifecycleContext,
  tx: Tx,
  playerId: string,
  verifiedBankAccount: VerifiedBankAccountLookup,
): Promise<void> {
  const now = ctx.clock.now();
  const closed = await tx.temporaryAccount.updateMany({
    where: { playerId, status: 'OPEN', deadlineAt: { lte: now } },
    data: { status: 'CANCELLED', closedAt: now },
  });
  if (closed.count !== 1) return; // completed or cancelled meanwhile
  // A player who closed the account (issue 5) stays CLOSED; the unused balance is refunded all the same.
  const { state } = await tx.player.findUniqueOrThrow({ where: { id: playerId }, select: { state: true } });
  if (state === 'TEMPORARY')
    await transition(tx, playerId, 'TEMPORARY', 'CANCELLED', {
      reason: 'temporary account expired after 30 days (004:TMP-08)',
      actor: 'system:temporary-account-expiry',
      at: now,
    });
  // The seats end too (D-2325): a poker seat at the end of the running hand, chips credited to the wallet.
  await enqueueOutboxMessage(tx, {
    topic: accessEndedTopic,
    payload: AccessEndedPayloadSchema.parse({ playerId, reason: 'temporary-account-expired', at: now.toISOString() }),
  });
  // Money still at a table (a poker stack, a stake in an open round) comes back to the wallet after this
  // transaction, so the refund waits for it: refundDeferredBalances opens it once nothing is in play.
  if (await hasUnsettledBets(tx, playerId)) {
    const player = await tx.player.findUniqueOrThrow({ where: { id: playerId }, select: { email: true } });
    await sendEmail(tx, ctx.pii, {
      to: player.email,
      subject: 'Your temporary account was cancelled',
      text: 'Registration was not completed within 30 days, so your temporary account was cancelled. Your seats at the tables end with the hand in play; once your money is back from the tables, we will write to you about refunding your balance.',
    });
    return;
  }
  await refundBalance(ctx, tx, playerId, verifiedBankAccount, now);
}

/**
 * The refunds a cancellation deferred because money was still at the tables (D-2325): each cancelled
 * temporary account with a positive wallet, no refund yet and nothing in play now gets its refund.
 */
async function refundDeferredBalances(
  ctx: LifecycleContext,
  verifiedBankAccount: VerifiedBankAccountLookup,
  batchSizeMax: number,
): Promise<void> {
  // Money comes back from a table within a hand, so only accounts cancelled in the last days can be
  // waiting (bounded, STYLE: limit everything); the wallet's balance is the ledger's to say.
  const since = new Date(ctx.clock.now().getTime() - deferredRefundWindowDays * 86_400_000);
  const waiting = await ctx.db.$queryRaw<Array<{ player_id: string; wallet_account_id: string }>>`
    SELECT t.player_id, t.wallet_account_id FROM temporary_account t
    WHERE t.status = 'CANCELLED' AND t.closed_at >= ${since}
      AND NOT EXISTS (SELECT 1 FROM temporary_account_refund r WHERE r.player_id = t.player_id)
    ORDER BY t.closed_at LIMIT ${batchSizeMax}`;
  for (const { player_id: playerId, wallet_account_id: walletId } of waiting) {
    if (!(await ledger.balance(ctx.db, walletId as AccountId)).isPositive()) continue;
    await transaction(ctx.db, async (tx) => {
      await lockTemporaryAccount(tx, playerId);
      if (await tx.temporaryAccountRefund.findUnique({ where: { playerId } })) return; // another worker did it
      if (await hasUnsettledBets(tx, playerId)) return; // still at a table: the next run
      await refundBalance(ctx, tx, playerId, verifiedBankAccount, ctx.clock.now());
    });
  }
}

/** How long after a cancellation a refund deferred for money at the tables is still looked for. */
const deferredRefundWindowDays = 7;

async function lockTemporaryAccount(tx: Tx, playerId: string): Promise<void> {
  await tx.$queryRaw`SELECT 1 FROM temporary_account WHERE player_id = ${playerId}::uuid FOR UPDATE`;
}

async function refundBalance(
  ctx: LifecycleContext,
  tx: Tx,
  playerId: string,
  verifiedBankAccount: VerifiedBankAccountLookup,
  now: Date,
): Promise<void> {
  const account = await tx.temporaryAccount.findUniqueOrThrow({ where: { playerId } });
  const balance = await ledger.balance(tx, account.walletAccountId as AccountId);
  const player = await tx.player.findUniqueOrThrow({ where: { id: playerId }, select: { email: true } });
  if (!balance.isPositive()) {
    await sendEmail(tx, ctx.pii, {
      to: player.email,
      subject: 'Your temporary account was cancelled',
      text: 'Registration was not completed within 30 days, so your temporary account was cancelled. To play, please register again.',
    });
    return;
  }
  const bank = await verifiedBankAccount(tx, playerId);
  await openRefund(tx, {
    playerId,
    walletAccountId: account.walletAccountId as AccountId,
    amount: balance,
    cause: 'TEMPORARY_ACCOUNT_CANCELLED',
    bankKnown: bank !== null,
    dueAt: new Date(now.getTime() + ctx.rules.temporaryAccount.refundDays * 86_400_000),
    bankDetailsDueAt: new Date(now.getTime() + ctx.rules.temporaryAccount.bankDetailsWaitDays * 86_400_000),
    at: now,
  });
  await sendEmail(tx, ctx.pii, {
    to: player.email,
    subject: 'Your temporary account was cancelled',
    text: bank
      ? `Registration was not completed within 30 days. Your balance of ${balance} will be sent to your verified bank account within ${ctx.rules.temporaryAccount.refundDays} days.`
      : `Registration was not completed within 30 days. To receive your balance of ${balance}, please send us the details of a bank account in your name; otherwise we will send it by postal order, less the carrier's fee (004:TMP-11, TMP-12).`,
  });
}

export interface OpenRefundRequest {
  playerId: string;
  walletAccountId: AccountId;
  amount: Money;
  cause: 'TEMPORARY_ACCOUNT_CANCELLED' | 'CONTRACT_TERMINATED';
  /** A verified bank account is known: the cashier pays it (queueTemporaryAccountRefunds). */
  bankKnown: boolean;
  /** The refund's deadline: 7 days (TMP-09) or 10 days (TRM-13). */
  dueAt: Date;
  /** Still no bank details by then: a postal order (TMP-12, TRM-14, TRM-15). */
  bankDetailsDueAt: Date;
  at: Date;
}

/**
 * The one refund cascade (issue 23): the whole balance is reserved out of the wallet and the refund
 * goes to a verified bank account (the cashier's payout), else waits for bank details, then goes by
 * postal order less the carrier's fee, or is collected at headquarters (sendPostalOrdersForUnclaimedRefunds).
 * A cancelled temporary account (004:TMP-09..12) and a terminated contract (TRM-13..17) both use it.
 */
export async function openRefund(tx: Tx, request: OpenRefundRequest): Promise<void> {
  const hold = await ledger.reserve(
    tx,
    {
      idempotencyKey:
        request.cause === 'TEMPORARY_ACCOUNT_CANCELLED'
          ? `temporary-account-refund:${request.playerId}`
          : `closure-refund:${request.playerId}`,
      sourceAccountId: request.walletAccountId,
      holdAccountId: await pendingWithdrawalsAccount(tx),
      amount: request.amount,
      kind: 'WITHDRAWAL_HOLD',
      metadata: {
        reason:
          request.cause === 'TEMPORARY_ACCOUNT_CANCELLED'
            ? 'temporary account cancelled (004:TMP-09)'
            : 'contract terminated (004:TRM-13)',
        playerId: request.playerId,
      },
    },
    request.at,
  );
  await tx.temporaryAccountRefund.create({
    data: {
      id: newId(),
      playerId: request.playerId,
      holdId: hold.id,
      amountMinor: request.amount.toMinor(),
      status: request.bankKnown ? 'BANK_TRANSFER_QUEUED' : 'AWAITING_BANK_DETAILS',
      cause: request.cause,
      dueAt: request.dueAt,
      bankDetailsDueAt: request.bankDetailsDueAt,
      createdAt: request.at,
      updatedAt: request.at,
    },
  });
}

async function pendingWithdrawalsAccount(tx: Tx): Promise<AccountId> {
  const account = await ledger.findAccountByCode(tx, ledger.operatorAccountCode('pending-withdrawals', 'CZK'));
  if (!account) throw new DomainError('service-unavailable', 'The operator chart of accounts is not set up (run the seed).');
  return account.id;
}

/**
 * The second half of 004:TMP-12: a refund still waiting for bank details after the wait sends a postal
 * order within the 7 days, the carrier's fee deducted and cash rounded down to whole crowns (čl. 4.11,
 * TRM-17); when the fee is not less than the balance, the player collects it at headquarters (TRM-16).
 */
export async function sendPostalOrdersForUnclaimedRefunds(ctx: LifecycleContext, batchSizeMax = 100): Promise<number> {
  const now = ctx.clock.now();
  const due = await ctx.db.temporaryAccountRefund.findMany({
    where: { status: 'AWAITING_BANK_DETAILS', bankDetailsDueAt: { lte: now } },
    take: batchSizeMax,
  });
  for (const refund of due) await transaction(ctx.db, (tx) => sendPostalOrder(ctx, tx, refund.id));
  return due.length;
}

async function sendPostalOrder(ctx: LifecycleContext, tx: Tx, refundId: string): Promise<void> {
  const now = ctx.clock.now();
  const refund = await tx.temporaryAccountRefund.findUniqueOrThrow({ where: { id: refundId } });
  if (refund.status !== 'AWAITING_BANK_DETAILS') return;
  const feeMinor = ctx.rules.temporaryAccount.postalOrderFeeMinor;
  const player = await tx.player.findUniqueOrThrow({ where: { id: refund.playerId }, select: { email: true } });
  if (refund.amountMinor <= feeMinor) {
    await tx.temporaryAccountRefund.update({
      where: { id: refundId },
      data: { status: 'COLLECT_AT_HEADQUARTERS', carrierFeeMinor: feeMinor, updatedAt: now },
    });
    await sendEmail(tx, ctx.pii, {
      to: player.email,
      subject: 'Collect your balance',
      text: `Sending your balance by postal order would cost more than the balance itself; please arrange to collect ${Money.fromMinor(refund.amountMinor, 'CZK')} at our registered office.`,
    });
    return;
  }
  const payoutMinor = roundDownToWholeCrowns(refund.amountMinor - feeMinor);
  const retainedMinor = refund.amountMinor - payoutMinor; // the carrier's fee and the haléře below a crown
  await ledger.settle(
    tx,
    {
      idempotencyKey: `temporary-account-refund-postal-order:${refundId}`,
      holdId: refund.holdId as ledger.HoldId,
      destinationAccountId: await operatorAccount(tx, 'bank'),
      kind: 'WITHDRAWAL_SETTLE',
      deductions: [
        {
          accountId: await operatorAccount(tx, 'fee-revenue'),
          amount: Money.fromMinor(retainedMinor, 'CZK'),
          reason: 'postal-order fee and cash rounding (004:TMP-12, TRM-17)',
        },
      ],
      metadata: { refundId, channel: 'postal-order' },
    },
    now,
  );
  await tx.temporaryAccountRefund.update({
    where: { id: refundId },
    data: { status: 'POSTAL_ORDER_QUEUED', carrierFeeMinor: feeMinor, payoutMinor, updatedAt: now },
  });
}

async function operatorAccount(tx: Tx, purpose: string): Promise<AccountId> {
  const account = await ledger.findAccountByCode(tx, ledger.operatorAccountCode(purpose, 'CZK'));
  if (!account) throw new DomainError('service-unavailable', 'The operator chart of accounts is not set up (run the seed).');
  return account.id;
}

/** Cash is paid in whole crowns, rounded down (004:TRM-17). */
export function roundDownToWholeCrowns(amountMinor: bigint): bigint {
  return amountMinor - (amountMinor % 100n);
}
