import { assert, countBusinessEvent, DomainError, newId } from '@casino/core';
import { afterCommit, transaction, type Db, type Tx } from '@casino/db';
import type { ComplianceContext } from '../context.ts';
import type { Actor } from '../actor.ts';
import { appendAuditEntry } from '../audit/audit-log.ts';
import type { ComplianceRules } from '../rules.ts';

export type AlertSource = 'SCREENING' | 'MONITORING';
export type AlertStatus = 'OPEN' | 'IN_CASE' | 'CLOSED';

export interface RaiseAlertOptions {
  playerId: string;
  source: AlertSource;
  ruleCode: string;
  score: number;
  details: Record<string, unknown>;
  at: Date;
}

export interface RaisedAlert {
  alertId: string;
  /** false when the rule fired again while its alert was open: the occurrence is added to it. */
  created: boolean;
}

/**
 * Raises an alert for an officer (002:AML-04, AML-05). While a rule's alert on a player is not closed,
 * the rule firing again adds an occurrence to it instead of a second alert (a partial unique index
 * decides, so concurrent firings cannot both create one). The player's risk level follows.
 */
export async function raiseAlert(tx: Tx, rules: ComplianceRules, options: RaiseAlertOptions): Promise<RaisedAlert> {
  assert(Number.isInteger(options.score) && options.score >= 0 && options.score <= 100, 'alert scores are 0..100');
  const [row] = await tx.$queryRaw<Array<{ id: string; inserted: boolean }>>`
    INSERT INTO compliance_alert (id, player_id, source, rule_code, score, status, details, occurrences, last_fired_at, created_at)
    VALUES (${newId()}::uuid, ${options.playerId}::uuid, ${options.source}, ${options.ruleCode}, ${options.score}, 'OPEN', ${JSON.stringify(options.details)}::jsonb, 1, ${options.at}, ${options.at})
    ON CONFLICT (player_id, rule_code) WHERE status <> 'CLOSED'
    DO UPDATE SET occurrences = compliance_alert.occurrences + 1, last_fired_at = EXCLUDED.last_fired_at,
                  details = EXCLUDED.details, score = GREATEST(compliance_alert.score, EXCLUDED.score)
    RETURNING id, (xmax = 0) AS inserted`;
  assert(row !== undefined, 'raising an alert returns its row');
  await refreshPlayerRisk(tx, rules, options.playerId, options.at);
  afterCommit(tx, () => countBusinessEvent('alert-raised', options.ruleCode));
  return { alertId: row.id, created: row.inserted };
}

export type RiskLevel = 'LOW' | 'MEDIUM' | 'HIGH';

/** Outcomes that say the alert was not a real risk: they do not count towards the risk score. */
const discountedOutcomes = ['false-positive', 'no-action'];

/**
 * The player's risk: the scores of their alerts in the last `riskWindowDays` add up, except alerts an
 * officer closed as a false positive or with no action; the sum maps to LOW, MEDIUM or HIGH.
 */
export async function refreshPlayerRisk(
  tx: Tx,
  rules: ComplianceRules,
  playerId: string,
  at: Date,
): Promise<{ score: number; level: RiskLevel }> {
  const since = new Date(at.getTime() - rules.monitoring.riskWindowDays * 86_400_000);
  const [row] = await tx.$queryRaw<[{ total: bigint | null }]>`
    SELECT sum(score)::bigint AS total FROM compliance_alert
    WHERE player_id = ${playerId}::uuid AND created_at >= ${since} AND (outcome IS NULL OR outcome <> ALL(${discountedOutcomes}::text[]))`;
  const score = Number(row.total ?? 0n);
  const level: RiskLevel =
    score >= rules.monitoring.riskHighScoreMin ? 'HIGH' : score >= rules.monitoring.riskMediumScoreMin ? 'MEDIUM' : 'LOW';
  await tx.playerRisk.upsert({
    where: { playerId },
    create: { playerId, score, level, updatedAt: at },
    update: { score, level, updatedAt: at },
  });
  return { score, level };
}

export interface AlertQuery {
  status?: AlertStatus;
  playerId?: string;
  source?: AlertSource;
  assignedTo?: string;
  limit: number;
  /** The id of the last alert of the previous page. */
  after?: string;
}

export async function listAlerts(db: Db | Tx, query: AlertQuery) {
  const rows = await db.complianceAlert.findMany({
    where: {
      ...(query.status ? { status: query.status } : {}),
      ...(query.playerId ? { playerId: query.playerId } : {}),
      ...(query.source ? { source: query.source } : {}),
      ...(query.assignedTo ? { assignedTo: query.assignedTo } : {}),
      ...(query.after ? { id: { gt: query.after } } : {}),
    },
    orderBy: { id: 'asc' },
    take: query.limit + 1,
  });
  const alerts = rows.slice(0, query.limit);
  return { alerts, nextCursor: rows.length > query.limit ? alerts.at(-1)!.id : null };
}

export async function findAlert(db: Db | Tx, alertId: string) {
  const alert = await db.complianceAlert.findUnique({ where: { id: alertId } });
  if (!alert) throw new DomainError('not-found', `No alert ${alertId}.`, { field: 'params.alertId' });
  return alert;
}

/** An officer takes an alert (or gives it to a colleague). */
export async function assignAlert(
  ctx: ComplianceContext,
  actor: Actor & { kind: 'staff' },
  options: { alertId: string; assigneeId: string; reason?: string | undefined },
): Promise<void> {
  await transaction(ctx.db, async (tx) => {
    await assertStaffUserExists(tx, actor.staffUserId, 'forbidden');
    const alert = await findAlert(tx, options.alertId);
    if (alert.status === 'CLOSED')
      throw new DomainError('conflict', 'A closed alert cannot be assigned.', { field: 'params.alertId' });
    await assertStaffUserExists(tx, options.assigneeId);
    const at = ctx.clock.now();
    await tx.complianceAlert.update({ where: { id: alert.id }, data: { assignedTo: options.assigneeId } });
    await appendAuditEntry(tx, actor, at, {
      action: 'alert.assign',
      subjectType: 'alert',
      subjectId: alert.id,
      reason: options.reason ?? null,
      before: { assignedTo: alert.assignedTo },
      after: { assignedTo: options.assigneeId },
    });
  });
}

/** An active staff user: as the one acting ('forbidden' otherwise) or as an assignee ('validation-failed'). */
export async function assertStaffUserExists(
  tx: Tx | Db,
  staffUserId: string,
  asActor: 'forbidden' | 'assignee' = 'assignee',
): Promise<void> {
  const user = await tx.staffUser.findUnique({ where: { id: staffUserId }, select: { active: true } });
  if (user?.active) return;
  if (asActor === 'forbidden') throw new DomainError('forbidden', 'This staff user is unknown or deactivated.');
  throw new DomainError('validation-failed', 'No active staff user with this id.', { field: 'body.assigneeId' });
}
