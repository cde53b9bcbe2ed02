import { DomainError, newId } from '@casino/core';
import { transaction } from '@casino/db';
import type { Actor } from '../actor.ts';
import { requireActiveStaff } from '../accounts/account-actions.ts';
import { appendAuditEntry } from '../audit/audit-log.ts';
import type { ComplianceContext } from '../context.ts';

export type CaseStatus = 'OPEN' | 'AWAITING_INFORMATION' | 'ESCALATED' | 'CLOSED';

/** Opens a case on a player from one or more of their open alerts, which move into the case. */
export async function openCase(
  ctx: ComplianceContext,
  actor: Actor & { kind: 'staff' },
  options: { alertIds: string[]; title: string; reason: string },
): Promise<{ caseId: string }> {
  if (options.alertIds.length === 0)
    throw new DomainError('validation-failed', 'A case starts from at least one alert.', { field: 'body.alertIds' });
  return transaction(ctx.db, async (tx) => {
    await requireActiveStaff(tx, actor.staffUserId);
    const alerts = await tx.complianceAlert.findMany({ where: { id: { in: options.alertIds } } });
    if (alerts.length !== new Set(options.alertIds).size)
      throw new DomainError('not-found', 'One of the alerts does not exist.', { field: 'body.alertIds' });
    const playerIds = new Set(alerts.map((a) => a.playerId));
    if (playerIds.size !== 1)
      throw new DomainError('validation-failed', 'The alerts of a case concern one player.', { field: 'body.alertIds' });
    const taken = alerts.find((a) => a.status !== 'OPEN');
    if (taken)
      throw new DomainError('conflict', `Alert ${taken.id} is ${taken.status === 'CLOSED' ? 'closed' : 'already in a case'}.`, {
        field: 'body.alertIds',
      });
    const now = ctx.clock.now();
    const caseId = newId();
    const playerId = alerts[0]!.playerId;
    await tx.complianceCase.create({
      data: {
        id: caseId,
        playerId,
        title: options.title,
        status: 'OPEN',
        assignedTo: actor.staffUserId,
        createdBy: actor.staffUserId,
        createdAt: now,
        updatedAt: now,
      },
    });
    const moved = await tx.complianceAlert.updateMany({
      where: { id: { in: options.alertIds }, status: 'OPEN' },
      data: { status: 'IN_CASE', caseId },
    });
    if (moved.count !== alerts.length)
      throw new DomainError('conflict', 'An alert was taken into another case concurrently.', { field: 'body.alertIds' });
    await appendAuditEntry(tx, actor, now, {
      action: 'case.open',
      subjectType: 'case',
      subjectId: caseId,
      reason: options.reason,
      after: { playerId, title: options.title, alertIds: options.alertIds },
    });
    return { caseId };
  });
}

export async function findCase(ctx: Pick<ComplianceContext, 'db'>, caseId: string) {
  const found = await ctx.db.complianceCase.findUnique({ where: { id: caseId } });
  if (!found) throw new DomainError('not-found', `No case ${caseId}.`, { field: 'params.caseId' });
  const [alerts, comments, documents, reports, holds] = await Promise.all([
    ctx.db.complianceAlert.findMany({ where: { caseId }, orderBy: { createdAt: 'asc' } }),
    ctx.db.caseComment.findMany({ where: { caseId }, orderBy: { createdAt: 'asc' } }),
    ctx.db.caseDocument.findMany({
      where: { caseId },
      orderBy: { uploadedAt: 'asc' },
      select: { id: true, filename: true, contentType: true, sizeBytes: true, sha256: true, uploadedBy: true, uploadedAt: true },
    }),
    ctx.db.suspiciousTransactionReport.findMany({
      where: { caseId },
      orderBy: { createdAt: 'asc' },
      select: {
        id: true,
        createdAt: true,
        createdBy: true,
        filedAt: true,
        filedBy: true,
        authorityReference: true,
        documentSha256: true,
      },
    }),
    ctx.db.payoutHold.findMany({ where: { caseId }, orderBy: { placedAt: 'asc' } }),
  ]);
  return { ...found, alerts, comments, documents, reports, holds };
}

export async function listCases(
  ctx: Pick<ComplianceContext, 'db'>,
  query: { status?: CaseStatus; playerId?: string; assignedTo?: string; after?: string; limit: number },
) {
  const rows = await ctx.db.complianceCase.findMany({
    where: {
      ...(query.status ? { status: query.status } : {}),
      ...(query.playerId ? { playerId: query.playerId } : {}),
      ...(query.assignedTo ? { assignedTo: query.assignedTo } : {}),
      ...(query.after ? { id: { gt: query.after } } : {}),
    },
    orderBy: { id: 'asc' },
    take: query.limit + 1,
  });
  const cases = rows.slice(0, query.limit);
  return { cases, nextCursor: rows.length > query.limit ? cases.at(-1)!.id : null };
}
