import { newId } from '@casino/core';
import { pgBatchedTransaction, playerLockKey, rollBack } from '@casino/db';
import * as ledger from '@casino/ledger';
import { playerDebtSpec } from './accounts.ts';
import { payoutDueAt } from './business-days.ts';
import { capWindowsOf } from './cap-usage.ts';
import { assertWithinCaps, effectiveCaps } from './caps.ts';
import type { CashierContext } from './context.ts';
import { capOverrideOf } from './credit-payment-one-call.ts';
import { payoutTopic } from './jobs.ts';
import { misuseOf, misuseWindowStart, misuseWithdrawalsMax, type MisuseInterval } from './detect-misuse.ts';
import { reviewReasonsOf, type RequestWithdrawalOptions } from './request-withdrawal.ts';
import type { Instrument } from './rules.ts';
import { withdrawalView, type WithdrawalView } from './views.ts';

/**
 * The player API's withdrawal request in two round trips (issue 22, D-2289), no ORM: BEGIN with
 * `cashier_withdrawal_begin` (the player lock, the Idempotency-Key's earlier request, the facts of 004:WDR-02's
 * preconditions, the caps' usage, the accounts' ids, the misuse rule's count of earlier withdrawals), then
 * `cashier_withdrawal_commit` with COMMIT (the hold as `ledger.reserve` posts it, the request's row, the payout
 * job's and the monitoring event's outbox rows) (`pgBatchedTransaction`).
 *
 * Only the common case, where every precondition passes: a player's own request (not support's), no FX quote, a
 * registered account not listed, its active method a bank account and every method verified, no debt, no payout
 * hold, the wallet opened, the cashier's own guards; the misuse rule (004:ACC-07) decides on its own reads
 * (`cashier_misuse_intervals`, as `detectMisuse` reads them) with its own code (`misuseOf`). A refusal or
 * anything else rolls back and runs the ORM transaction, which refuses with the precondition's own problem; the caps
 * are checked here with the ORM path's functions (the last precondition: their refusal is the same either way).
 */

let committedCount = 0;

/** Withdrawal requests this process committed through this path (tests prove a case took it; not a metric). */
export function oneCallWithdrawalRequestCount(): number {
  return committedCount;
}

const beginSql = 'SELECT cashier_withdrawal_begin($1::jsonb) AS doc';
const commitSql = 'SELECT cashier_withdrawal_commit($1::jsonb) AS doc';

interface WithdrawalDoc {
  id: string;
  player_id: string;
  payment_method_id: string | null;
  amount_minor: string;
  currency: string;
  status: string;
  channel: string;
  review_reasons: string[];
  due_at: string;
  overdue_flagged_at: string | null;
  failure_reason: string | null;
  created_at: string;
  paid_at: string | null;
  discrepancy_flagged_at: string | null;
  discrepancy_reason: string | null;
  request_hash: string;
}

interface Begun {
  existing: WithdrawalDoc | null;
  player: { state: string; register_status: string } | null;
  methods: Array<{ id: string; instrument: string; status: string; active: boolean }>;
  debt_minor: string;
  payout_hold: boolean;
  cap_override: Record<string, unknown> | null;
  usage: { d30: string; d7: string; d24: string; n24: number } | null;
  misuse: MisuseInterval[];
  wallet_id: string | null;
  hold_account_id: string | null;
}

const dateOrNull = (value: string | null) => (value === null ? null : new Date(value));

function viewOf(doc: WithdrawalDoc): WithdrawalView {
  return withdrawalView({
    id: doc.id,
    playerId: doc.player_id,
    paymentMethodId: doc.payment_method_id,
    amountMinor: BigInt(doc.amount_minor),
    currency: doc.currency,
    status: doc.status,
    channel: doc.channel,
    reviewReasons: doc.review_reasons,
    dueAt: new Date(doc.due_at),
    overdueFlaggedAt: dateOrNull(doc.overdue_flagged_at),
    failureReason: doc.failure_reason,
    createdAt: new Date(doc.created_at),
    paidAt: dateOrNull(doc.paid_at),
    discrepancyFlaggedAt: dateOrNull(doc.discrepancy_flagged_at),
    discrepancyReason: doc.discrepancy_reason,
  });
}

export async function requestWithdrawalWithOneCall(
  ctx: CashierContext,
  options: RequestWithdrawalOptions,
  requestHash: string,
): Promise<(WithdrawalView & { replayed: boolean }) | null> {
  const guards = ctx.guards.oneCall;
  if (!guards || options.quoteId || options.staff || options.channel !== 'PLAYER') return null;
  const at = ctx.clock.now();
  const windows = capWindowsOf(at);
  let answered: (WithdrawalView & { replayed: boolean }) | null = null;
  const outcome = await pgBatchedTransaction(ctx.db, async (tx) => {
    answered = null;
    const rows = await tx.begin<{ doc: Begun }>(beginSql, [
      JSON.stringify({
        player_id: options.playerId,
        lock_key: playerLockKey(options.playerId),
        idempotency_key: options.idempotencyKey,
        at: at.toISOString(),
        since30d: windows.since30d.toISOString(),
        since7d: windows.since7d.toISOString(),
        since24h: windows.since24h.toISOString(),
        amount_minor: options.amount.toMinor().toString(),
        misuse_since: misuseWindowStart(ctx.rules, at).toISOString(),
        misuse_max: misuseWithdrawalsMax,
        wallet_code: ledger.playerWalletSpec(options.playerId, 'cash', options.amount.currency).code,
        debt_code: playerDebtSpec(options.playerId).code,
        hold_code: ledger.operatorAccountCode('pending-withdrawals', options.amount.currency),
      }),
    ]);
    const read = rows[0]!.doc;
    if (read.existing) {
      if (read.existing.request_hash !== requestHash) return rollBack; // the ORM path answers idempotency-key-reused
      answered = { ...viewOf(read.existing), replayed: true };
      return rollBack;
    }
    // 004:WDR-02's preconditions: any that fails is the ORM path's refusal.
    const player = read.player;
    if (!player || player.state !== 'REGISTERED' || player.register_status === 'LISTED') return rollBack;
    const active = read.methods.find((m) => m.active);
    if (!active || !ctx.rules.withdrawalInstruments.includes(active.instrument as Instrument)) return rollBack;
    if (read.methods.some((m) => m.status !== 'VERIFIED')) return rollBack;
    if (BigInt(read.debt_minor) > 0n || read.payout_hold) return rollBack;
    if (!read.wallet_id || !read.hold_account_id || !read.usage) return rollBack;
    const instrument = active.instrument as Instrument;
    const amountMinor = options.amount.toMinor();
    assertWithinCaps(
      effectiveCaps(ctx.rules.caps[instrument].withdrawal, capOverrideOf(read.cap_override)),
      amountMinor,
      {
        rolling30dMinor: BigInt(read.usage.d30),
        rolling7dMinor: BigInt(read.usage.d7),
        rolling24hMinor: BigInt(read.usage.d24),
        count24h: Number(read.usage.n24),
        attempts24h: Number(read.usage.n24),
      },
      { instrument, direction: 'withdrawal' },
    );

    const id = newId<string>();
    const holdMetadata = { withdrawalId: id, playerId: options.playerId };
    const key = `cashier-withdrawal-hold:${id}`;
    const posting = ledger.transferPostArguments(
      {
        idempotencyKey: key,
        kind: 'WITHDRAWAL_HOLD',
        debitAccountId: read.wallet_id as ledger.TransferRequest['debitAccountId'],
        creditAccountId: read.hold_account_id as ledger.TransferRequest['creditAccountId'],
        amount: options.amount,
        metadata: holdMetadata,
      },
      at,
    );
    const reasons = reviewReasonsOf(ctx.rules, options, misuseOf(ctx.rules, read.misuse));
    const status = reasons.length > 0 ? 'IN_REVIEW' : 'APPROVED';
    const monitoring = guards.monitoringMessage({
      kind: 'withdrawal',
      playerId: options.playerId,
      occurredAt: at,
      amount: options.amount.toJSON(),
      outcome: 'requested',
      paymentMethodId: active.id,
      reference: id,
    });
    try {
      const committed = await tx.commit<{ doc: WithdrawalDoc }>(commitSql, [
        JSON.stringify({
          at: at.toISOString(),
          post: {
            id: posting[0],
            key,
            hash: posting[2],
            metadata: JSON.parse(posting[4] as string),
            postings: JSON.parse(posting[7] as string),
          },
          hold: {
            id: newId<string>(),
            source: read.wallet_id,
            account: read.hold_account_id,
            currency: options.amount.currency,
            amount_minor: amountMinor.toString(),
            metadata: holdMetadata,
          },
          withdrawal: {
            id,
            player_id: options.playerId,
            payment_method_id: active.id,
            instrument,
            amount_minor: amountMinor.toString(),
            currency: options.amount.currency,
            status,
            channel: options.channel,
            requested_by: options.requestedBy,
            idempotency_key: options.idempotencyKey,
            request_hash: requestHash,
            review_reasons: reasons,
            due_at: payoutDueAt(at, ctx.rules.payoutDeadline).toISOString(),
          },
          payout_outbox:
            status === 'APPROVED' ? { id: newId<string>(), topic: payoutTopic, payload: { withdrawalId: id } } : null,
          monitoring_outbox: monitoring && { id: newId<string>(), topic: monitoring.topic, payload: monitoring.payload },
        }),
      ]);
      return committed[0]!.doc;
    } catch (error) {
      throw ledger.ledgerErrorOf(error, key);
    }
  });
  if (outcome === rollBack) return answered;
  committedCount++;
  return { ...viewOf(outcome), replayed: false };
}
