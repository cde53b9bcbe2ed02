import { DomainError, newId } from '@casino/core';
import { transaction, type Tx } from '@casino/db';
import * as ledger from '@casino/ledger';
import { createHash } from 'node:crypto';
import { actorId, type Actor } from '../actor.ts';
import { requireActiveStaff, terminationGrounds, type TerminationGround } from '../accounts/account-actions.ts';
import { assertStaffMove, lockPlayer, movePlayer } from '../accounts/player-state.ts';
import { appendAuditEntry } from '../audit/audit-log.ts';
import { canonicalJson, toJsonValue } from '../audit/canonical-json.ts';
import type { ComplianceContext } from '../context.ts';
import { refreshPlayerRisk } from './alerts.ts';
import { lockOpenCase } from './case-work.ts';
import { placePayoutHold } from './payout-holds.ts';

export type CaseDecision =
  | { decision: 'no-action'; reason: string }
  | { decision: 'request-information'; reason: string }
  | { decision: 'hold-payouts'; reason: string }
  | { decision: 'file-report'; reason: string }
  | { decision: 'close-account'; reason: string; ground: TerminationGround; barReregistration: boolean };

/** Decisions that end the case; the others keep it open while the information or the hold is pending. */
const finalDecisions: ReadonlySet<CaseDecision['decision']> = new Set(['no-action', 'file-report', 'close-account']);

/** How far back the report's transactions reach. */
export const reportTransactionsDays = 90;
export const reportTransactionsMax = 1_000;

/**
 * An officer's decision on a case (002:AML-05; 004:AML-03, AML-04, WIN-07, TRM-10): no action, request
 * information from the player, hold payouts, file a suspicious transaction report (the MLRO only), or
 * close the account with a termination ground. Each is recorded on the case and in the audit log.
 */
export async function decideCase(
  ctx: ComplianceContext,
  actor: Actor & { kind: 'staff' },
  caseId: string,
  request: CaseDecision,
): Promise<{ status: string; holdId?: string; reportId?: string }> {
  if (request.decision === 'file-report' && !actor.roles.includes('mlro')) {
    throw new DomainError(
      'forbidden',
      'Only the money-laundering reporting officer files suspicious transaction reports (002:AML-02).',
    );
  }
  return transaction(ctx.db, async (tx) => {
    await requireActiveStaff(tx, actor.staffUserId);
    const found = await lockOpenCase(tx, caseId);
    const now = ctx.clock.now();
    const outcome: { holdId?: string; reportId?: string } = {};
    if (request.decision === 'hold-payouts')
      outcome.holdId = (
        await placePayoutHold(tx, ctx.rules, actor, now, { playerId: found.playerId, caseId, reason: request.reason })
      ).holdId;
    if (request.decision === 'file-report')
      outcome.reportId = await createReport(tx, actor, now, found.playerId, caseId, request.reason);
    if (request.decision === 'close-account') await closeForCase(tx, actor, now, found.playerId, request);
    const final = finalDecisions.has(request.decision);
    const status = final ? 'CLOSED' : request.decision === 'request-information' ? 'AWAITING_INFORMATION' : found.status;
    await tx.complianceCase.update({
      where: { id: caseId },
      data: {
        status,
        decision: request.decision,
        decisionReason: request.reason,
        decidedBy: actor.staffUserId,
        decidedAt: now,
        updatedAt: now,
      },
    });
    if (final) {
      await tx.complianceAlert.updateMany({
        where: { caseId, status: { not: 'CLOSED' } },
        data: { status: 'CLOSED', outcome: request.decision, closedBy: actor.staffUserId, closedAt: now },
      });
      await refreshPlayerRisk(tx, ctx.rules, found.playerId, now);
    }
    await appendAuditEntry(tx, actor, now, {
      action: `case.decide.${request.decision}`,
      subjectType: 'case',
      subjectId: caseId,
      reason: request.reason,
      before: { status: found.status },
      after: { status, ...outcome },
    });
    return { status, ...outcome };
  });
}

async function closeForCase(
  tx: Tx,
  actor: Actor & { kind: 'staff' },
  now: Date,
  playerId: string,
  request: Extract<CaseDecision, { decision: 'close-account' }>,
): Promise<void> {
  const player = await lockPlayer(tx, playerId);
  if (player.state === 'CLOSED') return;
  assertStaffMove('close', player.state);
  await movePlayer(tx, 'close', playerId, player.state, 'CLOSED', {
    reason: `terminated by the operator, 004:TRM-10 (${request.ground}): ${terminationGrounds[request.ground]}`,
    actor: actorId(actor),
    at: now,
  });
  await tx.accountTermination.create({
    data: {
      playerId,
      ground: request.ground,
      reason: request.reason,
      terminatedBy: actor.staffUserId,
      effectiveAt: now,
      reregistrationBarred: request.barReregistration,
    },
  });
}

/** The suspicious transaction report: the player, their recent transactions and alerts, and the reasoning, frozen as filed. */
async function createReport(
  tx: Tx,
  actor: Actor & { kind: 'staff' },
  now: Date,
  playerId: string,
  caseId: string,
  reasoning: string,
): Promise<string> {
  const player = await tx.player.findUniqueOrThrow({
    where: { id: playerId },
    select: {
      id: true,
      firstName: true,
      surname: true,
      dateOfBirth: true,
      placeOfBirth: true,
      citizenship: true,
      residenceAddress: true,
      email: true,
      phone: true,
      state: true,
      registeredAt: true,
    },
  });
  const since = new Date(now.getTime() - reportTransactionsDays * 86_400_000);
  const transactions = await ledger.playerPostingsSince(tx, { playerId, since, limit: reportTransactionsMax });
  const alerts = await tx.complianceAlert.findMany({
    where: { caseId },
    select: { id: true, source: true, ruleCode: true, score: true, details: true, createdAt: true },
  });
  const reportId = newId();
  const document = toJsonValue({
    reportId,
    caseId,
    createdAt: now,
    preparedBy: actor.staffUserId,
    reasoning,
    subject: { ...player, dateOfBirth: player.dateOfBirth.toISOString().slice(0, 10) },
    // Credits to the player's wallets are negative postings: shown from the player's side (+ in, − out).
    transactions: transactions.map((t) => ({
      transactionId: t.transactionId,
      kind: t.kind,
      account: t.accountCode,
      currency: t.currency,
      amountMinor: -t.amountMinor,
      effectiveAt: t.effectiveAt,
    })),
    transactionsSince: since,
    alerts,
  });
  const documentSha256 = createHash('sha256').update(canonicalJson(document)).digest('hex');
  await tx.suspiciousTransactionReport.create({
    data: {
      id: reportId,
      caseId,
      playerId,
      reasoning,
      document: document as object,
      documentSha256,
      createdBy: actor.staffUserId,
      createdAt: now,
    },
  });
  return reportId;
}

export async function readReport(ctx: Pick<ComplianceContext, 'db'>, reportId: string) {
  const report = await ctx.db.suspiciousTransactionReport.findUnique({ where: { id: reportId } });
  if (!report) throw new DomainError('not-found', `No report ${reportId}.`, { field: 'params.reportId' });
  return report;
}

/** Records that the report was filed with the FIU (Finanční analytický úřad), with its reference. */
export async function recordReportFiling(
  ctx: ComplianceContext,
  actor: Actor & { kind: 'staff' },
  options: { reportId: string; authorityReference: string; filedAt?: Date },
): Promise<void> {
  await transaction(ctx.db, async (tx) => {
    await requireActiveStaff(tx, actor.staffUserId);
    const now = ctx.clock.now();
    const filedAt = options.filedAt ?? now;
    if (filedAt > now)
      throw new DomainError('validation-failed', 'A report cannot be filed in the future.', { field: 'body.filedAt' });
    const updated = await tx.suspiciousTransactionReport.updateMany({
      where: { id: options.reportId, filedAt: null },
      data: { filedAt, filedBy: actor.staffUserId, authorityReference: options.authorityReference },
    });
    if (updated.count !== 1) {
      await readReport(ctx, options.reportId);
      throw new DomainError('conflict', 'The filing of this report is already recorded.', { field: 'params.reportId' });
    }
    await appendAuditEntry(tx, actor, now, {
      action: 'report.record-filing',
      subjectType: 'report',
      subjectId: options.reportId,
      after: { filedAt, authorityReference: options.authorityReference },
    });
  });
}
