import { DomainError, Money, pragueDate, startOfPragueDay, type Clock } from '@casino/core';
import type { Tx } from '@casino/db';
import type { CashierGuards } from './ports.ts';
import type { CashierRules } from './rules.ts';

/**
 * The guards the apps run until the self-limits (issue 5) and compliance (issue 9) packages are
 * wired in, built from what exists today, never a blanket yes:
 * - self-limits: the deposit limits per Prague day and month and the self-exclusion decided at
 *   registration (`self_limit_decision`), against the deposits credited in that day or month;
 * - AML: due diligence is flagged on deposits from the rules' threshold;
 * - payout hold: a sanctions/PEP screening hit awaiting compliance suspends payouts;
 * - monitoring events: not recorded yet (the deposit, withdrawal and method rows are the record).
 * The lead replaces it with the real implementations (docs/cashier.md, "Ports").
 */
export function createInterimGuards(options: { rules: CashierRules; clock: Clock }): CashierGuards {
  return {
    async authorizeDeposit(tx, request) {
      const now = options.clock.now();
      const decisions = await tx.selfLimitDecision.findMany({ where: { playerId: request.playerId, decision: 'SET' } });
      const exclusion = decisions.find((d) => d.measure === 'self-exclusion');
      if (exclusion && (exclusion.excludedUntil === null || exclusion.excludedUntil > now)) {
        throw new DomainError('forbidden', 'The player is self-excluded; deposits are not accepted (004:SLM-05).');
      }
      const today = pragueDate(now);
      const windows = [
        { measure: 'deposit:day', since: startOfPragueDay(today) },
        { measure: 'deposit:month', since: startOfPragueDay(`${today.slice(0, 7)}-01`) },
      ];
      for (const window of windows) {
        const limit = decisions.find((d) => d.measure === window.measure)?.amountMinor;
        if (limit === null || limit === undefined) continue;
        const used = await creditedSince(tx, request.playerId, window.since, request.reference);
        if (used + request.amount.toMinor() > limit) {
          throw new DomainError('limit-exceeded', `The self-limit ${window.measure} of ${Money.fromMinor(limit, 'CZK')} would be exceeded.`, {
            field: 'body.amount',
            extensions: { measure: window.measure, limit: Money.fromMinor(limit, 'CZK').toJSON(), used: Money.fromMinor(used, 'CZK').toJSON() },
          });
        }
      }
    },
    async checkDepositAml(_tx, request) {
      return { dueDiligenceApplied: request.amount.toMinor() >= options.rules.amlDueDiligenceThresholdMinor };
    },
    async assertNoPayoutHold(tx, playerId) {
      const player = await tx.player.findUnique({ where: { id: playerId }, select: { screeningStatus: true } });
      if (player?.screeningStatus === 'HIT') throw new DomainError('forbidden', 'Payouts are suspended while a screening hit awaits a compliance decision (004:WIN-07).');
    },
    async recordMonitoringEvent() {},
  };
}

async function creditedSince(tx: Tx, playerId: string, since: Date, excludeDepositId: string): Promise<bigint> {
  const result = await tx.cashierDeposit.aggregate({ where: { playerId, creditedAt: { gte: since }, id: { not: excludeDepositId } }, _sum: { amountMinor: true } });
  return result._sum.amountMinor ?? 0n;
}
