import { createHash } from 'node:crypto';
import { DomainError, newId } from '@casino/core';
import { transaction, type Tx } from '@casino/db';
import type { Actor } from '../actor.ts';
import { requireActiveStaff } from '../accounts/account-actions.ts';
import { appendAuditEntry } from '../audit/audit-log.ts';
import type { ComplianceContext } from '../context.ts';
import { assertStaffUserExists } from './alerts.ts';

type StaffActor = Actor & { kind: 'staff' };

/** Locks an open case for a change; a closed case is history and changes no more. */
export async function lockOpenCase(tx: Tx, caseId: string) {
  const [row] = await tx.$queryRaw<Array<{ id: string; player_id: string; status: string; assigned_to: string | null }>>`
    SELECT id, player_id, status, assigned_to FROM compliance_case WHERE id = ${caseId}::uuid FOR UPDATE`;
  if (!row) throw new DomainError('not-found', `No case ${caseId}.`, { field: 'params.caseId' });
  if (row.status === 'CLOSED') throw new DomainError('conflict', 'This case is closed.', { field: 'params.caseId' });
  return { id: row.id, playerId: row.player_id, status: row.status, assignedTo: row.assigned_to };
}

async function caseWork<T>(
  ctx: ComplianceContext,
  actor: StaffActor,
  caseId: string,
  work: (tx: Tx, found: Awaited<ReturnType<typeof lockOpenCase>>, now: Date) => Promise<T>,
): Promise<T> {
  return transaction(ctx.db, async (tx) => {
    await requireActiveStaff(tx, actor.staffUserId);
    const found = await lockOpenCase(tx, caseId);
    const now = ctx.clock.now();
    const result = await work(tx, found, now);
    await tx.complianceCase.update({ where: { id: caseId }, data: { updatedAt: now } });
    return result;
  });
}

export function assignCase(
  ctx: ComplianceContext,
  actor: StaffActor,
  options: { caseId: string; assigneeId: string; reason?: string | undefined },
) {
  return caseWork(ctx, actor, options.caseId, async (tx, found, now) => {
    await assertStaffUserExists(tx, options.assigneeId);
    await tx.complianceCase.update({ where: { id: found.id }, data: { assignedTo: options.assigneeId } });
    await appendAuditEntry(tx, actor, now, {
      action: 'case.assign',
      subjectType: 'case',
      subjectId: found.id,
      reason: options.reason ?? null,
      before: { assignedTo: found.assignedTo },
      after: { assignedTo: options.assigneeId },
    });
  });
}

export function commentOnCase(ctx: ComplianceContext, actor: StaffActor, options: { caseId: string; body: string }) {
  return caseWork(ctx, actor, options.caseId, async (tx, found, now) => {
    const commentId = newId();
    await tx.caseComment.create({
      data: { id: commentId, caseId: found.id, authorId: actor.staffUserId, body: options.body, createdAt: now },
    });
    await appendAuditEntry(tx, actor, now, {
      action: 'case.comment',
      subjectType: 'case',
      subjectId: found.id,
      after: { commentId, body: options.body },
    });
    return { commentId };
  });
}

export interface AttachDocumentOptions {
  caseId: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Attaches a document (a bank statement, a source-of-funds letter); its SHA-256 goes to the audit log. */
export function attachCaseDocument(ctx: ComplianceContext, actor: StaffActor, options: AttachDocumentOptions) {
  if (options.content.length === 0)
    throw new DomainError('validation-failed', 'The document is empty.', { field: 'body.contentBase64' });
  if (options.content.length > ctx.rules.caseDocumentBytesMax)
    throw new DomainError('payload-too-large', `Case documents are at most ${ctx.rules.caseDocumentBytesMax} bytes.`, {
      field: 'body.contentBase64',
    });
  return caseWork(ctx, actor, options.caseId, async (tx, found, now) => {
    const documentId = newId();
    const sha256 = createHash('sha256').update(options.content).digest('hex');
    await tx.caseDocument.create({
      data: {
        id: documentId,
        caseId: found.id,
        filename: options.filename,
        contentType: options.contentType,
        sizeBytes: options.content.length,
        sha256,
        content: new Uint8Array(options.content),
        uploadedBy: actor.staffUserId,
        uploadedAt: now,
      },
    });
    await appendAuditEntry(tx, actor, now, {
      action: 'case.attach-document',
      subjectType: 'case',
      subjectId: found.id,
      after: { documentId, filename: options.filename, sizeBytes: options.content.length, sha256 },
    });
    return { documentId, sha256 };
  });
}

export async function readCaseDocument(ctx: Pick<ComplianceContext, 'db'>, caseId: string, documentId: string) {
  const document = await ctx.db.caseDocument.findFirst({ where: { id: documentId, caseId } });
  if (!document)
    throw new DomainError('not-found', `No document ${documentId} in case ${caseId}.`, { field: 'params.documentId' });
  return document;
}

/** Escalates the case to the money-laundering reporting officer (002:AML-02, AML-05). */
export function escalateCase(
  ctx: ComplianceContext,
  actor: StaffActor,
  options: { caseId: string; reason: string; mlroId?: string | undefined },
) {
  return caseWork(ctx, actor, options.caseId, async (tx, found, now) => {
    if (found.status === 'ESCALATED')
      throw new DomainError('conflict', 'The case is already with the MLRO.', { field: 'params.caseId' });
    if (options.mlroId) {
      const mlro = await tx.staffUser.findUnique({ where: { id: options.mlroId }, select: { roles: true, active: true } });
      if (!mlro?.active || !mlro.roles.includes('mlro'))
        throw new DomainError('validation-failed', 'The case can only be escalated to an active MLRO.', { field: 'body.mlroId' });
    }
    await tx.complianceCase.update({
      where: { id: found.id },
      data: {
        status: 'ESCALATED',
        escalatedAt: now,
        escalatedBy: actor.staffUserId,
        ...(options.mlroId ? { assignedTo: options.mlroId } : {}),
      },
    });
    await appendAuditEntry(tx, actor, now, {
      action: 'case.escalate',
      subjectType: 'case',
      subjectId: found.id,
      reason: options.reason,
      before: { status: found.status, assignedTo: found.assignedTo },
      after: { status: 'ESCALATED', assignedTo: options.mlroId ?? found.assignedTo },
    });
  });
}
