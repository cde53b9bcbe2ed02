import {
  centi,
  type BonusView,
  type DebtView,
  type DepositView,
  type PaymentMethodView,
  type WithdrawalView,
} from '@casino/cashier';
import { MoneyOutputSchema, moneyOut } from '@casino/http';
import { z } from 'zod';

/**
 * How the cashier's rows look on the wire, for the player and staff APIs alike (`@casino/wire/cashier`):
 * money as strings, times as ISO 8601, never an account number or a token. Only the apps import it.
 */
export const PaymentMethodSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['bank-account', 'card', 'other']),
    instrument: z.string().describe('The row of the caps table: bank-transfer, card, apple-pay, paypal, paysafecard, other'),
    status: z.enum(['REGISTERED', 'VERIFICATION_PENDING', 'VERIFIED', 'REJECTED', 'REMOVED']),
    active: z.boolean().describe('Exactly one verified method is active (004:PAY-09)'),
    display: z.string().describe('Masked: never a full account or card number'),
    holderName: z.string(),
    country: z.string(),
    card: z
      .object({ brand: z.string(), last4: z.string(), expiryMonth: z.number().int(), expiryYear: z.number().int() })
      .nullable(),
    verificationMethod: z.string().nullable(),
    verificationDeadlineAt: z.iso.datetime(),
    verifiedAt: z.iso.datetime().nullable(),
    rejectionReason: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'PaymentMethod' });

export const DepositSchema = z
  .object({
    id: z.string(),
    paymentMethodId: z.string().nullable(),
    instrument: z.string(),
    channel: z.enum(['CASHLESS', 'CASH']),
    amount: MoneyOutputSchema,
    status: z
      .string()
      .describe(
        'CREATED, PENDING, AUTHORIZED, SETTLED (credited), FAILED, EXPIRED, REFUSED (refunded later), REFUNDED, CHARGED_BACK',
      ),
    redirectUrl: z.string().nullable().describe('Where the payer completes 3-D Secure or the bank confirmation'),
    refusal: z.object({ code: z.string(), detail: z.string() }).nullable(),
    createdAt: z.iso.datetime(),
    creditedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Deposit' });

export const WithdrawalSchema = z
  .object({
    id: z.string(),
    paymentMethodId: z.string().nullable().describe('Null for cash paid out at a branch (004:WDR-01)'),
    amount: MoneyOutputSchema,
    status: z.enum(['IN_REVIEW', 'APPROVED', 'SENDING', 'SENT', 'PAID', 'FAILED', 'REJECTED', 'CANCELLED']),
    channel: z.string(),
    reviewReasons: z.array(z.string()),
    dueAt: z.iso.datetime().describe('Remitted by then (004:WDR-03: 14 days)'),
    overdue: z.boolean(),
    failureReason: z.string().nullable(),
    createdAt: z.iso.datetime(),
    paidAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Withdrawal' });

export const DebtSchema = z
  .object({
    id: z.string(),
    cause: z.enum(['MISUSE_FEE', 'CLAWBACK', 'CHARGEBACK']),
    amount: MoneyOutputSchema,
    outstanding: MoneyOutputSchema,
    status: z.enum(['OPEN', 'OVERDUE', 'REPAID']),
    reason: z.string(),
    dueAt: z.iso.datetime(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Debt' });

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

export function paymentMethodOut(v: PaymentMethodView): z.infer<typeof PaymentMethodSchema> {
  return {
    ...v,
    status: v.status as z.infer<typeof PaymentMethodSchema>['status'],
    verificationDeadlineAt: iso(v.verificationDeadlineAt),
    verifiedAt: isoOrNull(v.verifiedAt),
    createdAt: iso(v.createdAt),
  };
}

export function depositOut(v: DepositView): z.infer<typeof DepositSchema> {
  return {
    id: v.id,
    paymentMethodId: v.paymentMethodId,
    instrument: v.instrument,
    channel: v.channel as 'CASHLESS' | 'CASH',
    amount: moneyOut(v.amount),
    status: v.status,
    redirectUrl: v.redirectUrl,
    refusal: v.refusal,
    createdAt: iso(v.createdAt),
    creditedAt: isoOrNull(v.creditedAt),
  };
}

export function withdrawalOut(v: WithdrawalView): z.infer<typeof WithdrawalSchema> {
  return {
    id: v.id,
    paymentMethodId: v.paymentMethodId,
    amount: moneyOut(v.amount),
    status: v.status as z.infer<typeof WithdrawalSchema>['status'],
    channel: v.channel,
    reviewReasons: v.reviewReasons,
    dueAt: iso(v.dueAt),
    overdue: v.overdue,
    failureReason: v.failureReason,
    createdAt: iso(v.createdAt),
    paidAt: isoOrNull(v.paidAt),
  };
}

export function debtOut(v: DebtView): z.infer<typeof DebtSchema> {
  return {
    ...v,
    cause: v.cause as z.infer<typeof DebtSchema>['cause'],
    status: v.status as z.infer<typeof DebtSchema>['status'],
    amount: moneyOut(v.amount),
    outstanding: moneyOut(v.outstanding),
    dueAt: iso(v.dueAt),
    createdAt: iso(v.createdAt),
  };
}

/** A bonus (002:BON): the player's wallet view and the staff grant's answer. */
export const Centi = z.string().describe('Hundredths shown as a decimal, e.g. "11.00" points');

export const BonusSchema = z
  .object({
    id: z.string(),
    status: z.enum(['LOCKED', 'RELEASED', 'FORFEITED']),
    source: z.enum(['STAFF', 'DEPOSIT_RULE']),
    amount: MoneyOutputSchema,
    locked: MoneyOutputSchema.describe('Still locked in the bonus wallet: neither playable nor withdrawable (002:BON-03)'),
    released: MoneyOutputSchema.describe('Released to cash so far (002:BON-05)'),
    forfeited: MoneyOutputSchema,
    trancheCount: z.number().int(),
    releasedTranches: z.number().int(),
    pointsEarned: Centi.describe('VIP points earned since the grant'),
    nextTranchePoints: Centi.nullable().describe('The VIP points (since the grant) at which the next part is released'),
    nextTranche: MoneyOutputSchema.nullable(),
    grantedAt: z.string(),
    expiresAt: z.string().describe('The end of the window: what is still locked then is forfeited (002:BON-06)'),
    endedAt: z.string().nullable(),
  })
  .meta({ id: 'Bonus' });

export function bonusOut(b: BonusView) {
  return {
    id: b.id,
    status: b.status,
    source: b.source,
    amount: moneyOut(b.amount),
    locked: moneyOut(b.locked),
    released: moneyOut(b.released),
    forfeited: moneyOut(b.forfeited),
    trancheCount: b.trancheCount,
    releasedTranches: b.releasedTranches,
    pointsEarned: centi(b.pointsEarnedCenti),
    nextTranchePoints: b.nextTranchePointsCenti === null ? null : centi(b.nextTranchePointsCenti),
    nextTranche: b.nextTranche === null ? null : moneyOut(b.nextTranche),
    grantedAt: b.grantedAt.toISOString(),
    expiresAt: b.expiresAt.toISOString(),
    endedAt: b.endedAt?.toISOString() ?? null,
  };
}
