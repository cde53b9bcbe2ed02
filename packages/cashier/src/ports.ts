import type { Money } from '@casino/core';
import type { Tx } from '@casino/db';

/**
 * What the cashier needs from the self-limits (issue 5) and compliance (issue 9) work, as one port.
 * The platform runs `createPlatformGuards` (packages/limits and packages/compliance); tests of the
 * cashier's own order of checks use a steerable one (`@casino/cashier/testing`). Every method runs
 * inside the caller's database transaction.
 */
export interface CashierGuards {
  /** Self-limitation measures as they stand, counting nothing: asked when a deposit is requested (throws limit-exceeded, self-excluded…). */
  checkDepositAllowed(tx: Tx, request: { playerId: string; amount: Money }): Promise<void>;
  /** Self-limitation measures, inside the deposit's transaction before the posting; counts the deposit (throws limit-exceeded, self-excluded…). */
  authorizeDeposit(tx: Tx, request: { playerId: string; reference: string; amount: Money }): Promise<void>;
  /** The last check of a deposit: AML thresholds and due diligence. */
  checkDepositAml(tx: Tx, request: { playerId: string; amount: Money; at: Date }): Promise<{ dueDiligenceApplied: boolean }>;
  /** Throws (403) while the player's payouts are suspended; asked when a withdrawal is requested and again when it is paid. */
  assertNoPayoutHold(tx: Tx, playerId: string, at: Date): Promise<void>;
  /** Deposits, withdrawals and payment-method changes for AML monitoring (002:PM-08). */
  recordMonitoringEvent(tx: Tx, event: CashierMonitoringEvent): Promise<void>;
  /**
   * The same rules for the one-call credit of a payment event (credit-payment-one-call.ts, D-2280), on
   * rows the cashier's SQL function read; absent (a test's steerable guards), every credit takes the ORM path.
   */
  oneCall?: DepositOneCallGuards;
}

/** `authorizeDeposit`, `checkDepositAml` and `recordMonitoringEvent` split into their pure decisions. */
export interface DepositOneCallGuards {
  /** The self-limits' current periods at `at` (limits_stake_read's arguments). */
  limitsReadArguments(at: Date): { day: string; week: string; month: string };
  /** Where AML's linked deposits start (24 hours before `at`). */
  amlWindowStart(at: Date): Date;
  /** Decides the deposit on limits_stake_read's document; a refusal throws; limits_deposit_count's arguments. */
  decideDeposit(
    request: { playerId: string; reference: string; amount: Money },
    at: Date,
    document: Record<string, unknown>,
  ): unknown[];
  /** AML's decision on the facts read (throws due-diligence-required). */
  decideAml(
    facts: { thresholdMinor: bigint | null; earlier: Money[]; identityStatus: string | null; openDemand: boolean },
    amount: Money,
  ): { dueDiligenceApplied: boolean };
  /** The outbox message `recordMonitoringEvent` would write, or null when the event is not monitored. */
  monitoringMessage(event: CashierMonitoringEvent): { topic: string; payload: object } | null;
}

export type CashierMonitoringEvent =
  | {
      kind: 'deposit';
      playerId: string;
      occurredAt: Date;
      amount: { amount: string; currency: string };
      outcome: 'succeeded' | 'failed';
      paymentMethodId: string | null;
      reference: string;
    }
  | {
      kind: 'withdrawal';
      playerId: string;
      occurredAt: Date;
      amount: { amount: string; currency: string };
      outcome: 'requested' | 'paid' | 'failed';
      /** Null for cash paid out at a branch (004:WDR-01 (5.9.1)). */
      paymentMethodId: string | null;
      reference: string;
    }
  | {
      kind: 'payment-method-change';
      playerId: string;
      occurredAt: Date;
      action: 'added' | 'removed' | 'activated';
      paymentMethodId: string;
      methodType: string;
    };

/** How a payment reaches the provider: a card or wallet by its token, a bank account by online banking. */
export type ProviderPaymentMethod =
  { type: 'card'; token: string } | { type: 'bank-account' } | { type: 'wallet'; instrument: string; account: string };

export interface CardDetails {
  brand: string;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
  issuerCountry: string;
  holderName: string;
  /** The same card number always has the same fingerprint, across renewals. */
  fingerprint: string;
}

/**
 * The payment provider, over HTTP (apps/sandbox in development and tests). Every call carries our
 * reference as its idempotency key, so a retry never pays twice. Failures are DomainErrors:
 * `payment-provider-unavailable` (try again later) or `payment-declined` (final).
 */
export interface PaymentProvider {
  readonly name: string;
  /** What the provider's tokenisation returned for a card; the number itself never reaches us (004:PAY-06). */
  describeCardToken(token: string): Promise<CardDetails>;
  createPayment(request: {
    reference: string;
    amount: Money;
    method: ProviderPaymentMethod;
    /** Where the provider sends the payer's browser after authenticating (a page of the web app). */
    returnUrl?: string;
  }): Promise<{ providerPaymentId: string; redirectUrl: string | null }>;
  /** A zero-amount 3-D Secure check of a card (004:PAY-04); `attemptId` keys one attempt, so a failed check can be tried again. */
  createCardVerification(request: {
    reference: string;
    attemptId: string;
    token: string;
    returnUrl?: string;
  }): Promise<{ providerVerificationId: string; redirectUrl: string | null }>;
  createPayout(request: {
    reference: string;
    amount: Money;
    destination: { iban: string; holderName: string };
  }): Promise<{ providerPayoutId: string }>;
  refundPayment(request: { reference: string; providerPaymentId: string; amount: Money }): Promise<{ providerRefundId: string }>;
}

/** Encryption at rest of bank account numbers, and the keyed hash that finds one again (players' PiiProtector). */
export interface AccountNumberProtector {
  encrypt(plaintext: string): string;
  decrypt(stored: string): string;
  blindIndex(value: string): string;
}
