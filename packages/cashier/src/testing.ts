/** Test support: the limits and compliance port with simple, real behaviour that tests can steer. */
import { DomainError } from '@casino/core';
import type { CashierGuards, CashierMonitoringEvent } from './ports.ts';

export interface TestGuards extends CashierGuards {
  /** Every guard call in order, e.g. ['authorizeDeposit', 'checkDepositAml']. */
  calls: string[];
  events: CashierMonitoringEvent[];
  /** A self-limit per player: credited deposits in total may not pass it. */
  depositLimitMinor: Map<string, bigint>;
  selfExcluded: Set<string>;
  /** Players whose payouts are suspended (an AML hold). */
  payoutHolds: Set<string>;
  /** Deposits from this amount get due diligence. */
  dueDiligenceFromMinor: bigint;
}

export function createTestGuards(): TestGuards {
  const guards: TestGuards = {
    calls: [],
    events: [],
    depositLimitMinor: new Map(),
    selfExcluded: new Set(),
    payoutHolds: new Set(),
    dueDiligenceFromMinor: 5_000_000n,
    async checkDepositAllowed(tx, request) {
      guards.calls.push('checkDepositAllowed');
      await refuseOverLimit(tx, request.playerId, request.amount.toMinor(), null);
    },
    async authorizeDeposit(tx, request) {
      guards.calls.push('authorizeDeposit');
      await refuseOverLimit(tx, request.playerId, request.amount.toMinor(), request.reference);
    },
    async checkDepositAml(_tx, request) {
      guards.calls.push('checkDepositAml');
      return { dueDiligenceApplied: request.amount.toMinor() >= guards.dueDiligenceFromMinor };
    },
    async assertNoPayoutHold(_tx, playerId) {
      guards.calls.push('assertNoPayoutHold');
      if (guards.payoutHolds.has(playerId))
        throw new DomainError('forbidden', 'Payouts are suspended (test guard for payouts-suspended).');
    },
    async recordMonitoringEvent(_tx, event) {
      guards.events.push(event);
    },
  };
  /** Self-excluded, or credited deposits (other than this one) plus this amount over the player's limit. */
  async function refuseOverLimit(
    tx: Parameters<CashierGuards['authorizeDeposit']>[0],
    playerId: string,
    amountMinor: bigint,
    reference: string | null,
  ): Promise<void> {
    if (guards.selfExcluded.has(playerId)) throw new DomainError('forbidden', 'Self-excluded (test guard).');
    const limit = guards.depositLimitMinor.get(playerId);
    if (limit === undefined) return;
    const credited = await tx.cashierDeposit.aggregate({
      where: { playerId, creditedAt: { not: null }, ...(reference ? { id: { not: reference } } : {}) },
      _sum: { amountMinor: true },
    });
    if ((credited._sum.amountMinor ?? 0n) + amountMinor > limit)
      throw new DomainError('limit-exceeded', 'The deposit limit would be exceeded (test guard).', { field: 'body.amount' });
  }
  return guards;
}
export { depositInto, insertActiveBankAccount, insertRakedHand } from './testing-loyalty.ts';
