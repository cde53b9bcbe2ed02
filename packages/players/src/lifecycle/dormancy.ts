import { Money, newId, type AccountId } from '@casino/core';
import { lockPlayer, transaction, type Tx } from '@casino/db';
import * as ledger from '@casino/ledger';
import { sendEmail } from '../notifications.ts';
import type { DormancyRules } from '../rules.ts';
import { addCalendarMonths, cashWallet, hasUnsettledBets, operatorAccount } from './common.ts';
import type { AccountLifecycleContext } from './context.ts';

/**
 * Dormancy (004 §3.3, DRM-01..05): an account with no movement the player initiated for more than
 * 12 months is inactive. The player is demonstrably told (an e-mail through the outbox, its message
 * kept on the period), and a monthly fee of 10 CZK is charged while it lasts, never more than the
 * balance (25 → 10, 10, 5, then nothing). A deposit or a bet (any movement of the profile's
 * `movementKinds`) ends it and the fee stops. Fees, re-settlements and the operator's transactions
 * are not movements, so they never restart the clock; an unsettled bet keeps the account active.
 *
 * The account is not moved to another state: the player must stay able to deposit and bet to
 * reactivate it (DRM-05), and blocking is the operator's option, offered to staff as ground (xiv)
 * (D-2301). Every step is idempotent and takes the player lock, so the job may run twice, and on two
 * workers at once: one period per player (a partial unique index), one fee per month (its key).
 */
export interface DormancyRunResult {
  becameDormant: number;
  reactivated: number;
  feesCharged: number;
}

export async function runDormancy(ctx: AccountLifecycleContext, batchSizeMax = 500): Promise<DormancyRunResult> {
  const rules = ctx.rules.dormancy;
  const result: DormancyRunResult = { becameDormant: 0, reactivated: 0, feesCharged: 0 };
  if (!rules) return result;
  await settleOpenPeriods(ctx, rules, batchSizeMax, result);
  result.becameDormant = await startDormancyPeriods(ctx, rules, batchSizeMax);
  // The periods opened just now pay their first month.
  await settleOpenPeriods(ctx, rules, batchSizeMax, result);
  return result;
}

/** The last movement the player initiated, or the registration when there was none. */
async function lastMovementOf(tx: Tx, rules: DormancyRules, playerId: string, registeredAt: Date): Promise<Date> {
  const last = await ledger.lastPlayerMovementAt(tx, { playerId, kinds: rules.movementKinds });
  return last && last > registeredAt ? last : registeredAt;
}

async function registeredAtOf(tx: Tx, playerId: string, fallback: Date): Promise<Date> {
  const registered = await tx.playerStateTransition.findFirst({
    where: { playerId, toState: 'REGISTERED' },
    orderBy: { at: 'asc' },
    select: { at: true },
  });
  return registered?.at ?? fallback;
}

async function startDormancyPeriods(ctx: AccountLifecycleContext, rules: DormancyRules, batchSizeMax: number): Promise<number> {
  const now = ctx.clock.now();
  // Only players registered long enough can have been inactive that long.
  const cutoff = addCalendarMonths(now, -rules.inactiveAfterMonths);
  let started = 0;
  let after: string | undefined;
  for (;;) {
    const candidates = await ctx.db.player.findMany({
      where: { state: 'REGISTERED', createdAt: { lt: cutoff }, ...(after ? { id: { gt: after } } : {}) },
      select: { id: true },
      orderBy: { id: 'asc' },
      take: batchSizeMax,
    });
    if (candidates.length === 0) break;
    after = candidates.at(-1)!.id;
    for (const { id } of candidates) {
      // A cheap read first: most players moved money recently and need no transaction at all.
      const last = await ledger.lastPlayerMovementAt(ctx.db, { playerId: id, kinds: rules.movementKinds });
      if (last && last >= cutoff) continue;
      if (await transaction(ctx.db, (tx) => startIfInactive(ctx, tx, rules, id))) started++;
    }
    if (candidates.length < batchSizeMax) break;
  }
  return started;
}

async function startIfInactive(ctx: AccountLifecycleContext, tx: Tx, rules: DormancyRules, playerId: string): Promise<boolean> {
  const now = ctx.clock.now();
  await lockPlayer(tx, playerId);
  const player = await tx.player.findUniqueOrThrow({
    where: { id: playerId },
    select: { state: true, email: true, createdAt: true },
  });
  if (player.state !== 'REGISTERED') return false;
  if (await tx.accountDormancy.findFirst({ where: { playerId, endedAt: null }, select: { id: true } })) return false;
  const lastMovementAt = await lastMovementOf(tx, rules, playerId, await registeredAtOf(tx, playerId, player.createdAt));
  const dormantAt = addCalendarMonths(lastMovementAt, rules.inactiveAfterMonths);
  // "More than 12 months": on the anniversary itself the account is still active (004:T-50).
  if (now <= dormantAt) return false;
  if (await hasUnsettledBets(tx, playerId)) return false; // 004:DRM-03
  const fee = Money.fromMinor(rules.monthlyFeeMinor, ctx.currency);
  const noticeMessageId = await sendEmail(tx, ctx.pii, {
    to: player.email,
    subject: 'Your account is inactive',
    text:
      `There has been no deposit, bet or other movement of yours on your account for more than ${rules.inactiveAfterMonths} months ` +
      `(the last on ${lastMovementAt.toISOString().slice(0, 10)}), so it is now inactive (004:DRM-01). While it stays inactive ` +
      `we charge an inactivity fee of ${fee} a month, never more than your balance (DRM-04). A deposit or a bet reactivates ` +
      'the account and stops the fee (DRM-05). The operator may also block an inactive account.',
  });
  await tx.accountDormancy.create({
    data: { id: newId(), playerId, lastMovementAt, dormantAt, noticeMessageId, createdAt: now },
  });
  return true;
}

/** Every open period, page by page: ended if the player moved money (or the contract ended), else its due fees charged. */
async function settleOpenPeriods(
  ctx: AccountLifecycleContext,
  rules: DormancyRules,
  batchSizeMax: number,
  result: DormancyRunResult,
): Promise<void> {
  let after: string | undefined;
  for (;;) {
    const open = await ctx.db.accountDormancy.findMany({
      where: { endedAt: null, ...(after ? { id: { gt: after } } : {}) },
      select: { id: true, playerId: true },
      orderBy: { id: 'asc' },
      take: batchSizeMax,
    });
    if (open.length === 0) return;
    after = open.at(-1)!.id;
    for (const period of open) {
      const outcome = await transaction(ctx.db, (tx) => chargeFeesOf(ctx, tx, rules, period.id, period.playerId));
      if (outcome === 'ended') result.reactivated++;
      else result.feesCharged += outcome;
    }
    if (open.length < batchSizeMax) return;
  }
}

/**
 * Ends the period when the player moved money after it began (DRM-05) or the contract ended. Also
 * called before each fee, under the player lock, so a deposit that committed first stops that fee.
 */
async function endIfReactivated(
  ctx: AccountLifecycleContext,
  tx: Tx,
  rules: DormancyRules,
  dormancyId: string,
): Promise<boolean> {
  const period = await tx.accountDormancy.findUniqueOrThrow({ where: { id: dormancyId } });
  if (period.endedAt) return true;
  const player = await tx.player.findUniqueOrThrow({ where: { id: period.playerId }, select: { state: true } });
  const last = await ledger.lastPlayerMovementAt(tx, { playerId: period.playerId, kinds: rules.movementKinds });
  const reactivated = last !== null && last > period.lastMovementAt;
  const closed = player.state === 'CLOSED' || player.state === 'CANCELLED';
  if (!reactivated && !closed) return false;
  await tx.accountDormancy.update({
    where: { id: dormancyId },
    data: { endedAt: reactivated ? last : ctx.clock.now(), endReason: reactivated ? 'reactivated' : 'contract-ended' },
  });
  return true;
}

/**
 * Fee month m of a period falls due m − 1 calendar months after the account became inactive (the
 * first on the day it did, AMB-10: D-2301). Months the job missed are charged on its next run, each
 * once; a month with no balance is recorded with nothing charged, so a later win does not pay it.
 */
async function chargeFeesOf(
  ctx: AccountLifecycleContext,
  tx: Tx,
  rules: DormancyRules,
  dormancyId: string,
  playerId: string,
): Promise<number | 'ended'> {
  const now = ctx.clock.now();
  await lockPlayer(tx, playerId);
  if (await endIfReactivated(ctx, tx, rules, dormancyId)) return 'ended';
  const period = await tx.accountDormancy.findUniqueOrThrow({ where: { id: dormancyId } });
  const done = await tx.dormancyFee.findMany({ where: { dormancyId }, select: { month: true } });
  const charged = new Set(done.map((f) => f.month));
  const wallet = await cashWallet(tx, playerId, ctx.currency);
  let posted = 0;
  for (let month = 1; ; month++) {
    const dueAt = addCalendarMonths(period.dormantAt, month - 1);
    if (dueAt > now) break;
    if (charged.has(month)) continue;
    const balance = wallet ? await ledger.balance(tx, wallet) : Money.zero(ctx.currency);
    const monthly = Money.fromMinor(rules.monthlyFeeMinor, ctx.currency);
    const fee = balance.lessThan(monthly) ? balance : monthly; // never below zero (DRM-04)
    let ledgerTransactionId: string | null = null;
    if (wallet && fee.isPositive()) {
      const result = await ledger.transfer(
        tx,
        {
          idempotencyKey: `dormancy-fee:${dormancyId}:${month}`,
          kind: 'FEE',
          debitAccountId: wallet as AccountId,
          creditAccountId: await operatorAccount(tx, 'fee-revenue', ctx.currency),
          amount: fee,
          metadata: { reason: 'inactivity fee (004:DRM-04)', playerId, dormancyId, month },
        },
        now,
      );
      ledgerTransactionId = result.transactionId;
      posted++;
    }
    await tx.dormancyFee.create({
      data: {
        dormancyId,
        month,
        playerId,
        dueAt,
        amountMinor: fee.isPositive() ? fee.toMinor() : 0n,
        ledgerTransactionId,
        chargedAt: now,
      },
    });
  }
  return posted;
}
