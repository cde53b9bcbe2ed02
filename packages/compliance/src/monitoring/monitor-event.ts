import { assert, DomainError, type Money } from '@casino/core';
import { handleOnce, transaction, type Db, type Tx } from '@casino/db';
import * as ledger from '@casino/ledger';
import type { Actor } from '../actor.ts';
import { appendAuditEntry } from '../audit/audit-log.ts';
import { raiseAlert } from '../cases/alerts.ts';
import type { ComplianceContext } from '../context.ts';
import type { ComplianceRules } from '../rules.ts';
import { eurEquivalentMinor, type MonitoringEvent } from './events.ts';
import {
  evaluateRules,
  lookBackMinutes,
  ruleEvaluators,
  type MonitoringRuleData,
  type RuleFiring,
  type WindowEvent,
} from './rules-engine.ts';

export const monitoringConsumer = 'compliance.monitoring';

export async function loadMonitoringRules(db: Db | Tx): Promise<MonitoringRuleData[]> {
  const rows = await db.monitoringRule.findMany({ orderBy: { code: 'asc' } });
  return rows.map((r) => ({ ...r, params: r.params as Record<string, unknown> }));
}

/**
 * The worker's handler for one monitoring event: stores it, evaluates every enabled rule on the
 * player's recent events and raises an alert per rule that fires, all in one transaction recorded
 * against the message id, so a redelivered event changes nothing.
 */
export async function monitorEvent(
  db: Db,
  rules: ComplianceRules,
  messageId: string,
  event: MonitoringEvent,
  at: Date,
): Promise<RuleFiring[]> {
  const result = await handleOnce(db, monitoringConsumer, messageId, async (tx) => {
    const inserted = await storeEvent(tx, rules, event, at);
    if (!inserted) return [];
    return evaluateForPlayer(tx, rules, event.playerId, event.eventId, at);
  });
  return result.handled ? result.result : [];
}

async function storeEvent(tx: Tx, rules: ComplianceRules, event: MonitoringEvent, at: Date): Promise<boolean> {
  const amount = 'amount' in event ? event.amount : null;
  const amountMinor = amount ? BigInt(amount.amountMinor) : null;
  const { eventId, playerId, occurredAt, kind, ...rest } = event;
  const created = await tx.monitoringEvent.createMany({
    data: [
      {
        id: eventId,
        playerId,
        kind,
        occurredAt: new Date(occurredAt),
        amountMinor,
        currency: amount?.currency ?? null,
        amountEurMinor: amount ? eurEquivalentMinor(rules, amountMinor!, amount.currency) : null,
        outcome: 'outcome' in event ? event.outcome : null,
        paymentMethodId: 'paymentMethodId' in event ? event.paymentMethodId : null,
        counterpartyPlayerId: 'counterpartyPlayerId' in event ? event.counterpartyPlayerId : null,
        reference: 'reference' in event ? (event.reference ?? null) : 'gameRoundId' in event ? event.gameRoundId : null,
        data: rest as object,
        recordedAt: at,
      },
    ],
    skipDuplicates: true,
  });
  return created.count === 1;
}

async function evaluateForPlayer(
  tx: Tx,
  rules: ComplianceRules,
  playerId: string,
  triggerId: string,
  at: Date,
): Promise<RuleFiring[]> {
  const ruleData = await loadMonitoringRules(tx);
  const firings = await evaluateTrigger(tx, rules, ruleData, playerId, triggerId);
  for (const firing of firings) {
    for (const target of firing.playerIds) {
      await raiseAlert(tx, rules, {
        playerId: target,
        source: 'MONITORING',
        ruleCode: firing.ruleCode,
        score: firing.score,
        at,
        details: { reason: firing.reason, facts: firing.facts, eventIds: firing.eventIds, triggerEventId: triggerId },
      });
    }
  }
  return firings;
}

/** The rules that fire on one stored event, over the player's events (as either side) in the longest window. */
async function evaluateTrigger(
  tx: Tx,
  rules: ComplianceRules,
  ruleData: MonitoringRuleData[],
  playerId: string,
  triggerId: string,
): Promise<RuleFiring[]> {
  const trigger = await tx.monitoringEvent.findUniqueOrThrow({ where: { id: triggerId } });
  const from = new Date(trigger.occurredAt.getTime() - lookBackMinutes(ruleData) * 60_000);
  // The most recent events when a player has more than the bound: the windows end at the trigger.
  const rows = await tx.monitoringEvent.findMany({
    where: { OR: [{ playerId }, { counterpartyPlayerId: playerId }], occurredAt: { gt: from, lte: trigger.occurredAt } },
    orderBy: { occurredAt: 'desc' },
    take: rules.monitoring.windowEventsMax,
  });
  return evaluateRules(ruleData, toWindowEvent(trigger), rows.reverse().map(toWindowEvent));
}

function toWindowEvent(row: {
  id: string;
  playerId: string;
  kind: string;
  occurredAt: Date;
  amountEurMinor: bigint | null;
  outcome: string | null;
  paymentMethodId: string | null;
  counterpartyPlayerId: string | null;
  data: unknown;
}): WindowEvent {
  return { ...row, data: (row.data ?? {}) as Record<string, unknown> };
}

/**
 * Batch evaluation (after a rule was tuned, or nightly): each player with events since `since` is
 * evaluated once, with their latest event as the trigger. A rule that already alerted on the player
 * since then is not raised again, so running the batch twice adds nothing.
 */
export async function evaluateMonitoringBatch(
  db: Db,
  rules: ComplianceRules,
  options: { since: Date; at: Date; playersMax: number },
): Promise<{ players: number; alerts: number }> {
  const latest = await db.$queryRaw<Array<{ id: string; player_id: string }>>`
    SELECT DISTINCT ON (player_id) id, player_id FROM monitoring_event WHERE occurred_at >= ${options.since}
    ORDER BY player_id, occurred_at DESC LIMIT ${options.playersMax}`;
  let alerts = 0;
  for (const row of latest) {
    alerts += await transaction(db, async (tx) => {
      const already = new Set(
        (
          await tx.complianceAlert.findMany({
            where: { playerId: row.player_id, source: 'MONITORING', createdAt: { gte: options.since } },
            select: { ruleCode: true },
          })
        ).map((a) => a.ruleCode),
      );
      const ruleData = (await loadMonitoringRules(tx)).filter((r) => !already.has(r.code));
      const firings = await evaluateTrigger(tx, rules, ruleData, row.player_id, row.id);
      for (const f of firings)
        await raiseAlert(tx, rules, {
          playerId: row.player_id,
          source: 'MONITORING',
          ruleCode: f.ruleCode,
          score: f.score,
          at: options.at,
          details: { reason: f.reason, facts: f.facts, eventIds: f.eventIds, batch: true },
        });
      return firings.length;
    });
  }
  return { players: latest.length, alerts };
}

export interface MonitoringRuleUpdate {
  enabled?: boolean;
  thresholdMinor?: bigint | null;
  windowMinutes?: number | null;
  countMin?: number | null;
  score?: number;
  params?: Record<string, number>;
  reason: string;
}

/** Tunes a rule (MLRO or admin); the change and its reason go to the audit log, the version goes up. */
export async function updateMonitoringRule(ctx: ComplianceContext, actor: Actor, code: string, update: MonitoringRuleUpdate) {
  if (!ruleEvaluators[code]) throw new DomainError('not-found', `No monitoring rule ${code}.`, { field: 'params.code' });
  return transaction(ctx.db, async (tx) => {
    const before = await tx.monitoringRule.findUniqueOrThrow({ where: { code } });
    const now = ctx.clock.now();
    const { reason, ...changes } = update;
    const params = update.params ? ({ ...(before.params as Record<string, unknown>), ...update.params } as object) : undefined;
    const after = await tx.monitoringRule.update({
      where: { code },
      data: {
        ...changes,
        ...(params ? { params } : {}),
        version: { increment: 1 },
        updatedAt: now,
        updatedBy: actor.kind === 'staff' ? actor.staffUserId : actor.name,
      },
    });
    assert(after.version === before.version + 1, 'rule version advances by one');
    await appendAuditEntry(tx, actor, now, {
      action: 'monitoring-rule.update',
      subjectType: 'monitoring-rule',
      subjectId: code,
      reason,
      before,
      after,
    });
    return after;
  });
}

/**
 * The AML hook of the deposit path, the last check in the cashier's order of checks: a deposit that,
 * alone or with the player's other deposits of the last 24 hours (from the ledger, so nothing lags),
 * reaches the due-diligence threshold needs an identity verified through the registers and no open
 * re-verification demand (EU customer due diligence at 2,000 EUR, single or linked; 002:AML-01).
 * Returns whether due diligence applied, for the cashier to record with the deposit.
 */
export async function checkDepositAml(
  tx: Tx,
  rules: ComplianceRules,
  request: { playerId: string; amount: Money; at: Date },
): Promise<{ dueDiligenceApplied: boolean }> {
  const thresholdMinor =
    (await tx.monitoringRule.findUnique({ where: { code: 'large-transaction' }, select: { thresholdMinor: true } }))
      ?.thresholdMinor ?? null;
  const earlier = await ledger.playerMovementTotals(tx, {
    playerId: request.playerId,
    kinds: ['DEPOSIT'],
    direction: 'credited',
    after: depositAmlWindowStart(request.at),
  });
  if (!reachesDueDiligence(rules, { thresholdMinor, earlier }, request.amount)) return { dueDiligenceApplied: false };
  const player = await tx.player.findUnique({ where: { id: request.playerId }, select: { identityStatus: true } });
  const openDemand = await tx.reverificationDemand.findFirst({
    where: { playerId: request.playerId, satisfiedAt: null },
    select: { id: true },
  });
  return decideDepositAml(
    rules,
    { thresholdMinor, earlier, identityStatus: player?.identityStatus ?? null, openDemand: !!openDemand },
    request.amount,
  );
}

/** Where the 24 hours of linked deposits start (002:AML-01). */
export function depositAmlWindowStart(at: Date): Date {
  return new Date(at.getTime() - 24 * 3_600_000);
}

/** What the deposit's AML check decides on: read by `checkDepositAml`, or by the cashier's one-call credit (D-2281). */
export interface DepositAmlFacts {
  /** The `large-transaction` rule's threshold in EUR minor units; null: the rule has none (2,000 EUR). */
  thresholdMinor: bigint | null;
  /** The player's deposits credited since `depositAmlWindowStart`, per currency. */
  earlier: readonly Money[];
  identityStatus: string | null;
  openDemand: boolean;
}

function reachesDueDiligence(
  rules: ComplianceRules,
  facts: Pick<DepositAmlFacts, 'thresholdMinor' | 'earlier'>,
  amount: Money,
): boolean {
  const threshold = facts.thresholdMinor ?? 200_000n;
  const earlierEur = facts.earlier.reduce(
    (sum, deposited) => sum + eurEquivalentMinor(rules, deposited.toMinor(), deposited.currency),
    0n,
  );
  return earlierEur + eurEquivalentMinor(rules, amount.toMinor(), amount.currency) >= threshold;
}

/** The AML decision on the facts: due diligence applies at the threshold, and needs a verified identity and no open demand. */
export function decideDepositAml(
  rules: ComplianceRules,
  facts: DepositAmlFacts,
  amount: Money,
): { dueDiligenceApplied: boolean } {
  if (!reachesDueDiligence(rules, facts, amount)) return { dueDiligenceApplied: false };
  if (facts.identityStatus !== 'VERIFIED' || facts.openDemand) {
    throw new DomainError(
      'due-diligence-required',
      'Deposits of 2,000 EUR or more, single or linked within 24 hours, need a verified identity; complete verification first.',
      { field: 'body.amount' },
    );
  }
  return { dueDiligenceApplied: true };
}
