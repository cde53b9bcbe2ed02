import { randomBytes } from 'node:crypto';
import { addDays, DomainError, newId, pragueDate, startOfPragueDay } from '@casino/core';
import { transaction, type Db, type Tx } from '@casino/db';
import { sendEmail } from '@casino/players';
import { actorId, type Actor } from '../actor.ts';
import { requireActiveStaff } from '../accounts/account-actions.ts';
import { appendAuditEntry } from '../audit/audit-log.ts';
import type { ComplianceContext } from '../context.ts';
import type { ComplaintChannel, ComplaintContentField, ComplaintRules } from '../rules.ts';

/**
 * Complaints (004 §3.9 CMP-01..09, 002 CMP-01..08; issue 23; docs/account-lifecycle.md). A complaint
 * arrives through a channel: one the profile does not accept is disregarded and the complainant told
 * how to complain (004:CMP-06); one delivered after the last day of its 6-month window is late and
 * not upheld (CMP-01, CMP-05); one missing required content is incomplete and the complainant told
 * what is missing (CMP-02). Any other opens a case with its SLA clock (004:CMP-03 30 days; 002:CMP-03,
 * CMP-04 90 minutes to assess, 7 days to resolve or escalate, 30 days from filing once escalated;
 * CMP-05 paused while waiting for documents) and, on the channels that have one, an immediate
 * acknowledgement. Staff assess, ask for documents, escalate and decide with reasoning; every
 * decision names the out-of-court resolution body (ČOI, CMP-08). The register of complaints is in
 * the auditor exports (packages/reporting, `complaints`).
 */
export type ComplaintStatus = 'DISREGARDED' | 'LATE' | 'INCOMPLETE' | 'OPEN' | 'WAITING_FOR_DOCUMENTS' | 'ESCALATED' | 'DECIDED';
export const complaintDecisions = ['upheld', 'partly-upheld', 'not-upheld'] as const;
export type ComplaintDecision = (typeof complaintDecisions)[number];

export interface ComplaintIntake {
  channel: ComplaintChannel;
  playerId?: string | undefined;
  replyEmail?: string | undefined;
  complainantName?: string | undefined;
  correspondenceAddress?: string | undefined;
  game?: string | undefined;
  betClosedAt?: Date | undefined;
  /** The decisive fact the window counts from (AMB-45: the bet's settlement or the event complained of). */
  eventAt: Date;
  description: string;
  remedyWanted?: string | undefined;
  /** When it was delivered; now by default (staff recording a letter give its delivery time). */
  receivedAt?: Date | undefined;
  /** 002:AMB-ESCALATION: the review route the complainant asks for, if escalated. */
  escalationRoute?: string | undefined;
}

export interface ComplaintView {
  complaintId: string;
  reference: string;
  playerId: string | null;
  channel: string;
  status: ComplaintStatus;
  missing: string[];
  game: string | null;
  betClosedAt: Date | null;
  eventAt: Date;
  description: string;
  remedyWanted: string | null;
  receivedAt: Date;
  windowEndsAt: Date;
  clock: {
    assessDueAt: Date | null;
    assessedAt: Date | null;
    resolveDueAt: Date | null;
    escalatedAt: Date | null;
    escalationRoute: string | null;
    waitingSince: Date | null;
    pausedMs: number;
    nextDeadline: Date | null;
    overdue: boolean;
  };
  decision: string | null;
  decisionGround: string | null;
  reasoning: string | null;
  decidedAt: Date | null;
  escalationContact: string;
}

/** The last moment a complaint about `eventAt` is delivered in time: the end of the same calendar day `months` later (AMB-CMP-6M). */
export function complaintWindowEnd(eventAt: Date, months: number): Date {
  const [year, month, day] = pragueDate(eventAt).split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  const lastDate = `${target.getUTCFullYear()}-${String(target.getUTCMonth() + 1).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
  return startOfPragueDay(addDays(lastDate, 1));
}

function missingContent(rules: ComplaintRules, intake: ComplaintIntake): ComplaintContentField[] {
  return rules.requiredContent.filter((field) => {
    const value = intake[field];
    return value === undefined || (typeof value === 'string' && value.trim().length === 0);
  });
}

const minutes = (n: number) => n * 60_000;
const days = (n: number) => n * 86_400_000;

export async function receiveComplaint(ctx: ComplianceContext, actor: Actor, intake: ComplaintIntake): Promise<ComplaintView> {
  const rules = ctx.rules.complaints;
  if (intake.escalationRoute !== undefined && !(rules.escalation?.routes ?? []).includes(intake.escalationRoute))
    throw new DomainError(
      'validation-failed',
      `The escalation routes are: ${(rules.escalation?.routes ?? []).join(', ') || 'none'}.`,
      {
        field: 'body.escalationRoute',
      },
    );
  return transaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    const receivedAt = intake.receivedAt ?? now;
    if (receivedAt > now)
      throw new DomainError('validation-failed', 'A complaint cannot be received in the future.', { field: 'body.receivedAt' });
    const replyTo = intake.replyEmail ?? (intake.playerId ? await playerEmail(tx, intake.playerId) : null);
    const windowEndsAt = complaintWindowEnd(intake.eventAt, rules.windowMonths);
    const missing = missingContent(rules, intake);
    const status: ComplaintStatus = !rules.acceptedChannels.includes(intake.channel)
      ? 'DISREGARDED'
      : receivedAt >= windowEndsAt
        ? 'LATE'
        : missing.length > 0
          ? 'INCOMPLETE'
          : 'OPEN';
    const open = status === 'OPEN';
    const row = await tx.complaint.create({
      data: {
        id: newId(),
        reference: `C-${pragueDate(receivedAt).replaceAll('-', '')}-${randomBytes(3).toString('hex')}`,
        playerId: intake.playerId ?? null,
        channel: intake.channel,
        status,
        complainantName: intake.complainantName ?? null,
        correspondenceAddress: intake.correspondenceAddress ?? null,
        replyEmail: replyTo,
        game: intake.game ?? null,
        betClosedAt: intake.betClosedAt ?? null,
        eventAt: intake.eventAt,
        description: intake.description,
        remedyWanted: intake.remedyWanted ?? null,
        missing,
        receivedAt,
        windowEndsAt,
        assessDueAt:
          open && rules.assessWithinMinutes !== null ? new Date(receivedAt.getTime() + minutes(rules.assessWithinMinutes)) : null,
        resolveDueAt: open ? new Date(receivedAt.getTime() + days(rules.resolveWithinDays)) : null,
        escalationRoute: intake.escalationRoute ?? null,
        ...(status === 'LATE'
          ? {
              decision: 'not-upheld',
              decisionGround: 'late',
              reasoning: `Delivered after the last day of the ${rules.windowMonths}-month window (004:CMP-01, CMP-05).`,
              decidedAt: now,
              decidedBy: 'system:complaint-window',
            }
          : {}),
        recordedBy: actorId(actor),
        createdAt: now,
        updatedAt: now,
      },
    });
    if (replyTo)
      await sendEmail(tx, ctx.secrets, replyFor(rules, row.reference, status, missing, intake.channel, windowEndsAt, replyTo));
    await appendAuditEntry(tx, actor, now, {
      action: 'complaint.receive',
      subjectType: 'complaint',
      subjectId: row.id,
      after: { reference: row.reference, channel: intake.channel, status, missing },
    });
    return viewOf(row, rules, now);
  });
}

function replyFor(
  rules: ComplaintRules,
  reference: string,
  status: ComplaintStatus,
  missing: readonly string[],
  channel: ComplaintChannel,
  windowEndsAt: Date,
  to: string,
): { to: string; subject: string; text: string } {
  switch (status) {
    case 'DISREGARDED':
      return {
        to,
        subject: 'Your complaint cannot be accepted through this channel',
        text: `A complaint made by ${channel} is disregarded (004:CMP-06). Please complain ${rules.howToComplain}.`,
      };
    case 'LATE':
      return {
        to,
        subject: `Your complaint ${reference} is late`,
        text:
          `Your complaint was delivered after ${pragueDate(new Date(windowEndsAt.getTime() - 1))}, the last day of the ` +
          `${rules.windowMonths}-month period for complaints, so it cannot be upheld (004:CMP-01, CMP-05). ` +
          `You may turn to ${rules.alternativeDisputeResolution}.`,
      };
    case 'INCOMPLETE':
      return {
        to,
        subject: `Your complaint ${reference} is incomplete`,
        text: `Your complaint lacks: ${missing.join(', ')} (004:CMP-02). Please complain again ${rules.howToComplain}, with them.`,
      };
    default:
      return {
        to,
        subject: `We received your complaint ${reference}`,
        text: rules.acknowledgedChannels.includes(channel)
          ? `We received your complaint and will tell you the result within ${rules.resolveWithinDays} days (004:CMP-03, 002:CMP-02).`
          : `We received your complaint ${reference}.`,
      };
  }
}

async function playerEmail(tx: Tx, playerId: string): Promise<string | null> {
  return (await tx.player.findUnique({ where: { id: playerId }, select: { email: true } }))?.email ?? null;
}

export type ComplaintAction =
  | { action: 'assess'; note: string }
  | { action: 'request-documents'; what: string }
  | { action: 'documents-received'; note: string }
  | { action: 'escalate'; route: string; note: string }
  | { action: 'decide'; decision: ComplaintDecision; ground?: string | undefined; reasoning: string };

/** A staff step on a complaint, under the complaint's row lock, audited. */
export async function actOnComplaint(
  ctx: ComplianceContext,
  actor: Actor & { kind: 'staff' },
  complaintId: string,
  step: ComplaintAction,
): Promise<ComplaintView> {
  const rules = ctx.rules.complaints;
  return transaction(ctx.db, async (tx) => {
    await requireActiveStaff(tx, actor.staffUserId);
    const locked = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM complaint WHERE id = ${complaintId}::uuid FOR UPDATE`;
    if (locked.length === 0) throw new DomainError('not-found', 'No such complaint.', { field: 'params.complaintId' });
    const before = await tx.complaint.findUniqueOrThrow({ where: { id: complaintId } });
    const now = ctx.clock.now();
    const active = ['OPEN', 'WAITING_FOR_DOCUMENTS', 'ESCALATED'];
    if (!active.includes(before.status))
      throw new DomainError('complaint-not-open', `The complaint is ${before.status.toLowerCase()}.`, {
        extensions: { complaintStatus: before.status },
      });
    const data = stepData(rules, before, step, now);
    const after = await tx.complaint.update({
      where: { id: complaintId },
      data: { ...data, ...(step.action === 'decide' ? { decidedBy: actor.staffUserId } : {}), updatedAt: now },
    });
    if (after.replyEmail) {
      if (step.action === 'decide')
        await sendEmail(tx, ctx.secrets, {
          to: after.replyEmail,
          subject: `The decision on your complaint ${after.reference}`,
          text:
            `Decision: ${step.decision}${step.ground ? ` (${step.ground})` : ''}. Reasoning: ${step.reasoning}\n\n` +
            `If you disagree, you may turn to ${rules.alternativeDisputeResolution} (004:CMP-08, 002:CMP-08).`,
        });
      if (step.action === 'request-documents')
        await sendEmail(tx, ctx.secrets, {
          to: after.replyEmail,
          subject: `Documents for your complaint ${after.reference}`,
          text: `To decide your complaint we need: ${step.what}.`,
        });
    }
    await appendAuditEntry(tx, actor, now, {
      action: `complaint.${step.action}`,
      subjectType: 'complaint',
      subjectId: complaintId,
      reason: 'reasoning' in step ? step.reasoning : 'note' in step ? step.note : step.what,
      before: { status: before.status },
      after: {
        status: after.status,
        ...(step.action === 'decide' ? { decision: step.decision, ground: step.ground ?? null } : {}),
      },
    });
    return viewOf(after, rules, now);
  });
}

type ComplaintRow = Awaited<ReturnType<Db['complaint']['findUniqueOrThrow']>>;

function stepData(rules: ComplaintRules, row: ComplaintRow, step: ComplaintAction, now: Date) {
  switch (step.action) {
    case 'assess':
      if (row.assessedAt) throw new DomainError('conflict', 'The complaint is assessed already.');
      return { assessedAt: now };
    case 'request-documents':
      if (row.status === 'WAITING_FOR_DOCUMENTS') throw new DomainError('conflict', 'Documents are requested already.');
      return { status: 'WAITING_FOR_DOCUMENTS', waitingSince: now };
    case 'documents-received': {
      if (row.status !== 'WAITING_FOR_DOCUMENTS' || !row.waitingSince)
        throw new DomainError('conflict', 'No documents were requested.');
      // 002:CMP-05: the deadline moves by the time spent waiting (where the profile pauses the clock).
      const waited = rules.pausedWhileWaitingForDocuments ? now.getTime() - row.waitingSince.getTime() : 0;
      return {
        status: row.escalatedAt ? 'ESCALATED' : 'OPEN',
        waitingSince: null,
        pausedMs: row.pausedMs + BigInt(waited),
        resolveDueAt: row.resolveDueAt ? new Date(row.resolveDueAt.getTime() + waited) : null,
      };
    }
    case 'escalate':
      if (!rules.escalation)
        throw new DomainError('validation-failed', 'This operator has no escalation level.', { field: 'body.action' });
      if (!rules.escalation.routes.includes(step.route))
        throw new DomainError('validation-failed', `The routes are: ${rules.escalation.routes.join(', ')}.`, {
          field: 'body.route',
        });
      if (row.escalatedAt) throw new DomainError('conflict', 'The complaint is escalated already.');
      return escalation(rules.escalation, row, step.route, now);
    case 'decide':
      if (step.decision === 'not-upheld' && step.ground !== undefined && !rules.notUpheldGrounds.includes(step.ground))
        throw new DomainError('validation-failed', `The grounds are: ${rules.notUpheldGrounds.join(', ')}.`, {
          field: 'body.ground',
        });
      if (step.decision !== 'not-upheld' && step.ground !== undefined)
        throw new DomainError('validation-failed', 'A ground is given only for a complaint not upheld.', {
          field: 'body.ground',
        });
      return {
        status: 'DECIDED',
        decision: step.decision,
        decisionGround: step.ground ?? null,
        reasoning: step.reasoning,
        decidedAt: now,
        waitingSince: null,
      };
  }
}

function escalation(rules: NonNullable<ComplaintRules['escalation']>, row: ComplaintRow, route: string, now: Date) {
  return {
    status: row.status === 'WAITING_FOR_DOCUMENTS' ? 'WAITING_FOR_DOCUMENTS' : 'ESCALATED',
    escalatedAt: now,
    escalationRoute: route,
    // 002:AMB-CMP-30: 30 days from filing, plus the time spent waiting for documents.
    resolveDueAt: new Date(row.receivedAt.getTime() + days(rules.resolveWithinDaysOfFiling) + Number(row.pausedMs)),
  };
}

/**
 * The scheduled half of 002:CMP-04: open complaints not resolved by their first deadline are
 * escalated (to the route the complainant asked for, else the first of the profile's). Profiles
 * without an escalation level (CZ-FO) only show the overdue clock in the queue. Idempotent: a
 * conditional update, so two workers escalate a complaint once.
 */
export async function escalateOverdueComplaints(ctx: ComplianceContext, batchSizeMax = 100): Promise<number> {
  const rules = ctx.rules.complaints.escalation;
  if (!rules) return 0;
  const now = ctx.clock.now();
  const due = await ctx.db.complaint.findMany({
    where: { status: 'OPEN', escalatedAt: null, resolveDueAt: { lte: now } },
    take: batchSizeMax,
  });
  let escalated = 0;
  for (const row of due) {
    const route = row.escalationRoute ?? rules.routes[0]!;
    const done = await transaction(ctx.db, async (tx) => {
      const updated = await tx.complaint.updateMany({
        where: { id: row.id, status: 'OPEN', escalatedAt: null },
        data: { ...escalation(rules, row, route, now), updatedAt: now },
      });
      if (updated.count !== 1) return false;
      await appendAuditEntry(tx, { kind: 'system', name: 'complaint-sla' }, now, {
        action: 'complaint.escalate',
        subjectType: 'complaint',
        subjectId: row.id,
        reason: `not resolved within ${ctx.rules.complaints.resolveWithinDays} days (002:CMP-04)`,
        after: { status: 'ESCALATED', route },
      });
      return true;
    });
    if (done) escalated++;
  }
  return escalated;
}

const queueStatuses: ComplaintStatus[] = ['OPEN', 'WAITING_FOR_DOCUMENTS', 'ESCALATED'];

/** The staff queue: complaints still to decide, the nearest deadline first, each with its clock. */
export async function complaintQueue(
  ctx: ComplianceContext,
  options: { status?: ComplaintStatus; limit: number },
): Promise<ComplaintView[]> {
  const rows = await ctx.db.complaint.findMany({
    where: { status: options.status ? options.status : { in: queueStatuses } },
    orderBy: [{ resolveDueAt: 'asc' }, { receivedAt: 'asc' }],
    take: Math.min(options.limit, ctx.rules.pageSizeMax),
  });
  const now = ctx.clock.now();
  return rows
    .map((row) => viewOf(row, ctx.rules.complaints, now))
    .sort((a, b) => (a.clock.nextDeadline?.getTime() ?? Infinity) - (b.clock.nextDeadline?.getTime() ?? Infinity));
}

export async function findComplaint(ctx: ComplianceContext, complaintId: string): Promise<ComplaintView> {
  const row = await ctx.db.complaint.findUnique({ where: { id: complaintId } });
  if (!row) throw new DomainError('not-found', 'No such complaint.', { field: 'params.complaintId' });
  return viewOf(row, ctx.rules.complaints, ctx.clock.now());
}

/** The player's own complaints, newest first (issue 23: the player's view). */
export async function playerComplaints(ctx: ComplianceContext, playerId: string): Promise<ComplaintView[]> {
  const rows = await ctx.db.complaint.findMany({
    where: { playerId },
    orderBy: { receivedAt: 'desc' },
    take: ctx.rules.pageSizeMax,
  });
  const now = ctx.clock.now();
  return rows.map((row) => viewOf(row, ctx.rules.complaints, now));
}

function viewOf(row: ComplaintRow, rules: ComplaintRules, now: Date): ComplaintView {
  const waiting = row.status === 'WAITING_FOR_DOCUMENTS' && rules.pausedWhileWaitingForDocuments;
  const nextDeadline =
    row.status === 'DECIDED' || !row.resolveDueAt
      ? null
      : row.assessDueAt && !row.assessedAt
        ? row.assessDueAt
        : row.resolveDueAt;
  return {
    complaintId: row.id,
    reference: row.reference,
    playerId: row.playerId,
    channel: row.channel,
    status: row.status as ComplaintStatus,
    missing: row.missing,
    game: row.game,
    betClosedAt: row.betClosedAt,
    eventAt: row.eventAt,
    description: row.description,
    remedyWanted: row.remedyWanted,
    receivedAt: row.receivedAt,
    windowEndsAt: row.windowEndsAt,
    clock: {
      assessDueAt: row.assessDueAt,
      assessedAt: row.assessedAt,
      resolveDueAt: row.resolveDueAt,
      escalatedAt: row.escalatedAt,
      escalationRoute: row.escalationRoute,
      waitingSince: row.waitingSince,
      pausedMs: Number(row.pausedMs),
      nextDeadline,
      overdue: nextDeadline !== null && !waiting && nextDeadline <= now,
    },
    decision: row.decision,
    decisionGround: row.decisionGround,
    reasoning: row.reasoning,
    decidedAt: row.decidedAt,
    escalationContact: rules.alternativeDisputeResolution,
  };
}
