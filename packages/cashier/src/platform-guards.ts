import {
  defaultComplianceRules,
  assertNoPayoutHold,
  checkDepositAml,
  decideDepositAml,
  depositAmlWindowStart,
  monitoringEventMessage,
  recordMonitoringEvent,
  type ComplianceRules,
  type MonitoringEventInput,
} from '@casino/compliance';
import { Money, newId, type Clock, type CurrencyCode } from '@casino/core';
import {
  authorizeDeposit,
  checkDeposit,
  czechProfile,
  decideDepositOnRead,
  depositReadArguments,
  type JurisdictionProfile,
} from '@casino/limits';
import type { CashierGuards, CashierMonitoringEvent } from './ports.ts';

export interface PlatformGuardsOptions {
  clock: Clock;
  /** The self-limitation measures the deposits are checked against (packages/limits). */
  limitsProfile?: JurisdictionProfile;
  /** AML thresholds and monitoring (packages/compliance). */
  complianceRules?: ComplianceRules;
}

/**
 * The cashier's guards as the platform runs them: the player's self-limitation measures
 * (`@casino/limits`), and AML due diligence, payout holds and monitoring (`@casino/compliance`), each
 * inside the cashier's database transaction, in the order of checks of docs/cashier.md.
 */
export function createPlatformGuards(options: PlatformGuardsOptions): CashierGuards {
  const limits = { clock: options.clock, profile: options.limitsProfile ?? czechProfile };
  const rules = options.complianceRules ?? defaultComplianceRules;
  return {
    checkDepositAllowed: (tx, request) => checkDeposit(limits, tx, request),
    async authorizeDeposit(tx, request) {
      await authorizeDeposit(limits, tx, request);
    },
    checkDepositAml: (tx, request) => checkDepositAml(tx, rules, request),
    assertNoPayoutHold: (tx, playerId, at) => assertNoPayoutHold(tx, playerId, at),
    async recordMonitoringEvent(tx, event) {
      const monitored = monitoringEventOf(event);
      if (monitored) await recordMonitoringEvent(tx, monitored);
    },
    oneCall: {
      limitsReadArguments: depositReadArguments,
      amlWindowStart: depositAmlWindowStart,
      decideDeposit: (request, at, document) => decideDepositOnRead(limits, request, at, document).countArguments,
      decideAml: (facts, amount) => decideDepositAml(rules, facts, amount),
      monitoringMessage(event) {
        const monitored = monitoringEventOf(event);
        return monitored && monitoringEventMessage(monitored);
      },
    },
  };
}

/**
 * The cashier's events in compliance's vocabulary. A withdrawal is monitored when it is requested
 * (rapid in and out, 002:AML-04); its payment and failure are the cashier's own record.
 */
function monitoringEventOf(event: CashierMonitoringEvent): MonitoringEventInput | null {
  const base = { eventId: newId(), playerId: event.playerId, occurredAt: event.occurredAt.toISOString() };
  switch (event.kind) {
    case 'deposit':
      // A cash deposit at a branch has no payment method of the player's.
      return {
        ...base,
        kind: 'deposit',
        amount: minorOf(event.amount),
        outcome: event.outcome,
        paymentMethodId: event.paymentMethodId ?? 'cash-at-branch',
        reference: event.reference,
      };
    case 'withdrawal':
      return event.outcome === 'requested'
        ? {
            ...base,
            kind: 'withdrawal',
            amount: minorOf(event.amount),
            // Cash paid out at a branch has no payment method of the player's either.
            paymentMethodId: event.paymentMethodId ?? 'cash-at-branch',
            reference: event.reference,
          }
        : null;
    case 'payment-method-change':
      return {
        ...base,
        kind: 'payment-method-change',
        action: event.action,
        paymentMethodId: event.paymentMethodId,
        methodType: event.methodType,
      };
  }
}

function minorOf(amount: { amount: string; currency: string }): { amountMinor: string; currency: CurrencyCode } {
  const money = Money.of(amount.amount, amount.currency as CurrencyCode);
  return { amountMinor: money.toMinor().toString(), currency: money.currency };
}
