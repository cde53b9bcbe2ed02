import { Money, type CurrencyCode } from '@casino/core';

/** What the APIs show of the cashier's rows: never an account number or a provider token. */
export interface PaymentMethodView {
  id: string;
  kind: 'bank-account' | 'card' | 'other';
  instrument: string;
  status: string;
  active: boolean;
  display: string;
  holderName: string;
  country: string;
  card: { brand: string; last4: string; expiryMonth: number; expiryYear: number } | null;
  verificationMethod: string | null;
  verificationDeadlineAt: Date;
  verifiedAt: Date | null;
  rejectionReason: string | null;
  createdAt: Date;
}

export function paymentMethodView(row: {
  id: string;
  kind: string;
  instrument: string;
  status: string;
  active: boolean;
  display: string;
  holderName: string;
  country: string;
  cardBrand: string | null;
  cardLast4: string | null;
  cardExpiryMonth: number | null;
  cardExpiryYear: number | null;
  verificationMethod: string | null;
  verificationDeadlineAt: Date;
  verifiedAt: Date | null;
  rejectionReason: string | null;
  createdAt: Date;
}): PaymentMethodView {
  const kind = row.kind === 'BANK_ACCOUNT' ? 'bank-account' : row.kind === 'CARD' ? 'card' : 'other';
  const card =
    row.cardBrand !== null && row.cardLast4 !== null && row.cardExpiryMonth !== null && row.cardExpiryYear !== null
      ? { brand: row.cardBrand, last4: row.cardLast4, expiryMonth: row.cardExpiryMonth, expiryYear: row.cardExpiryYear }
      : null;
  return {
    id: row.id,
    kind,
    instrument: row.instrument,
    status: row.status,
    active: row.active,
    display: row.display,
    holderName: row.holderName,
    country: row.country,
    card,
    verificationMethod: row.verificationMethod,
    verificationDeadlineAt: row.verificationDeadlineAt,
    verifiedAt: row.verifiedAt,
    rejectionReason: row.rejectionReason,
    createdAt: row.createdAt,
  };
}

export interface DepositView {
  id: string;
  playerId: string;
  paymentMethodId: string | null;
  instrument: string;
  channel: string;
  amount: Money;
  status: string;
  redirectUrl: string | null;
  refusal: { code: string; detail: string } | null;
  createdAt: Date;
  creditedAt: Date | null;
}

export function depositView(row: {
  id: string;
  playerId: string;
  paymentMethodId: string | null;
  instrument: string;
  channel: string;
  amountMinor: bigint;
  currency: string;
  status: string;
  redirectUrl: string | null;
  refusalCode: string | null;
  refusalDetail: string | null;
  createdAt: Date;
  creditedAt: Date | null;
}): DepositView {
  return {
    id: row.id,
    playerId: row.playerId,
    paymentMethodId: row.paymentMethodId,
    instrument: row.instrument,
    channel: row.channel,
    amount: Money.fromMinor(row.amountMinor, row.currency as CurrencyCode),
    status: row.status,
    redirectUrl: row.redirectUrl,
    refusal: row.refusalCode ? { code: row.refusalCode, detail: row.refusalDetail ?? '' } : null,
    createdAt: row.createdAt,
    creditedAt: row.creditedAt,
  };
}

export interface WithdrawalView {
  id: string;
  playerId: string;
  paymentMethodId: string | null;
  amount: Money;
  status: string;
  channel: string;
  reviewReasons: string[];
  dueAt: Date;
  overdue: boolean;
  failureReason: string | null;
  createdAt: Date;
  paidAt: Date | null;
  /** The provider's payout event contradicted the withdrawal (issue 14 (7)): for staff only. */
  discrepancy: { reason: string; flaggedAt: Date } | null;
}

export function withdrawalView(row: {
  id: string;
  playerId: string;
  paymentMethodId: string | null;
  amountMinor: bigint;
  currency: string;
  status: string;
  channel: string;
  reviewReasons: string[];
  dueAt: Date;
  overdueFlaggedAt: Date | null;
  failureReason: string | null;
  createdAt: Date;
  paidAt: Date | null;
  discrepancyFlaggedAt: Date | null;
  discrepancyReason: string | null;
}): WithdrawalView {
  return {
    id: row.id,
    playerId: row.playerId,
    paymentMethodId: row.paymentMethodId,
    amount: Money.fromMinor(row.amountMinor, row.currency as CurrencyCode),
    status: row.status,
    channel: row.channel,
    reviewReasons: row.reviewReasons,
    dueAt: row.dueAt,
    overdue: row.overdueFlaggedAt !== null,
    failureReason: row.failureReason,
    createdAt: row.createdAt,
    paidAt: row.paidAt,
    discrepancy:
      row.discrepancyFlaggedAt === null ? null : { reason: row.discrepancyReason ?? '', flaggedAt: row.discrepancyFlaggedAt },
  };
}

export interface DebtView {
  id: string;
  cause: string;
  amount: Money;
  outstanding: Money;
  status: string;
  reason: string;
  dueAt: Date;
  createdAt: Date;
}

export function debtView(row: {
  id: string;
  cause: string;
  amountMinor: bigint;
  outstandingMinor: bigint;
  status: string;
  reason: string;
  dueAt: Date;
  createdAt: Date;
}): DebtView {
  return {
    id: row.id,
    cause: row.cause,
    amount: Money.fromMinor(row.amountMinor, 'CZK'),
    outstanding: Money.fromMinor(row.outstandingMinor, 'CZK'),
    status: row.status,
    reason: row.reason,
    dueAt: row.dueAt,
    createdAt: row.createdAt,
  };
}
