// The cashier (issue 6): payment methods and their verification, deposits, withdrawals, caps from
// jurisdiction data, signed payment-provider webhooks, debts, misuse fees and clawbacks.
// Rules and flows: docs/cashier.md.
export { oneCallCreditCount } from './credit-payment-one-call.ts';
export {
  batchedCreditCount,
  creditPaymentsInBatch,
  depositCreditBatchMax,
  depositCreditLanes,
  depositCreditsWaiting,
  depositCreditsWaitingMax,
} from './credit-payment-batch.ts';
export { oneCallDepositRequestCount } from './create-deposit-one-call.ts';
export { oneCallWithdrawalRequestCount } from './request-withdrawal-one-call.ts';
export { applyProviderEvent, type DeliveryOutcome, type ProviderEventDelivery } from './apply-provider-event.ts';
export { addCzechBusinessDays, isCzechBusinessDay, payoutDueAt } from './business-days.ts';
export { assertWithinCaps, effectiveCaps, looserFields, type CapOverride, type CapUsage } from './caps.ts';
export { cancelWithdrawal } from './cancel-withdrawal.ts';
export { containsCardNumber } from './card-data.ts';
export {
  cashierPageSizeMax,
  getDeposit,
  getOwnershipDocument,
  getWithdrawal,
  listDeposits,
  listMethodsAwaitingReview,
  listWithdrawals,
  misuseReport,
} from './cashier-queries.ts';
export { chargeMisuseFee, type ChargeMisuseFeeOptions } from './charge-misuse-fee.ts';
export { clawBackWin, type ClawBackWinOptions } from './claw-back-win.ts';
export { createCashierContext, type CashierContext, type CreateCashierContextOptions } from './context.ts';
export { createDeposit, type CreateDepositOptions } from './create-deposit.ts';
export { assertNoOutstandingDebt, listDebts, listUnpaidDebts, outstandingDebt } from './debt.ts';
export { decideVerification, type DecideVerificationOptions } from './decide-verification.ts';
export { depositCashAtBranch, identityDocumentTypes, type DepositCashAtBranchOptions } from './deposit-cash-at-branch.ts';
export { withdrawCashAtBranch, type WithdrawCashAtBranchOptions } from './withdraw-cash-at-branch.ts';
export { detectMisuse, type MisuseCycle, type MisuseReport } from './detect-misuse.ts';
export { createPlatformGuards, type PlatformGuardsOptions } from './platform-guards.ts';
export type { StaffActor } from './staff-audit.ts';
export {
  DepositRefundPayloadSchema,
  depositRefundTopic,
  PaymentMethodVerifiedPayloadSchema,
  paymentMethodVerifiedTopic,
  PayoutPayloadSchema,
  payoutTopic,
} from './jobs.ts';
export {
  activatePaymentMethod,
  findVerifiedBankAccount,
  listPaymentMethods,
  rejectOverdueVerifications,
  removePaymentMethod,
  renewCard,
} from './manage-payment-methods.ts';
export { canTransitionMethod, type PaymentMethodStatus } from './payment-method-states.ts';
export type {
  AccountNumberProtector,
  CardDetails,
  CashierGuards,
  DepositOneCallGuards,
  CashierMonitoringEvent,
  PaymentProvider,
  ProviderPaymentMethod,
} from './ports.ts';
export { ProviderEventEnvelopeSchema, providerEventTypes } from './provider-events.ts';
export {
  createPaymentProviderClient,
  providerClientLimits,
  type PaymentProviderClient,
  type PaymentProviderClientOptions,
} from './psp-client.ts';
export { refundRefusedDeposit } from './refund-refused-deposit.ts';
export { registerPaymentMethod, type PaymentMethodInput } from './register-payment-method.ts';
export { requestWithdrawal, type RequestWithdrawalOptions } from './request-withdrawal.ts';
export { listWithdrawalsForReview, reviewWithdrawal, type ReviewWithdrawalOptions } from './review-withdrawal.ts';
export {
  czechCapsTable,
  czechCashierRules,
  euEeaCountries,
  instruments,
  type CapsTable,
  type CashierRules,
  type Direction,
  type DirectionCaps,
  type Instrument,
  type PayoutDeadline,
} from './rules.ts';
export {
  expireStaleDeposits,
  flagOverduePayouts,
  queueTemporaryAccountRefunds,
  runCashierDeadlines,
} from './run-cashier-deadlines.ts';
export { sendPayout, type PayoutOutcome } from './send-payout.ts';
export { setCapOverride, type SetCapOverrideOptions } from './set-cap-override.ts';
export { startVerification, type StartVerificationOptions, type VerificationStarted } from './start-verification.ts';
export { verificationState, type VerificationState } from './verification-state.ts';
export { depositCaps, type DepositCapsView } from './deposit-caps.ts';
export {
  documentBytesMax,
  documentContentTypes,
  documentKinds,
  submitOwnershipDocument,
  type DocumentKind,
} from './submit-ownership-document.ts';
export { flagOverdueDebts } from './debt.ts';
export type { DebtView, DepositView, PaymentMethodView, WithdrawalView } from './views.ts';
export {
  isWebhookSecret,
  signWebhook,
  verifyWebhook,
  webhookToleranceSeconds,
  type WebhookHeaders,
  type WebhookVerification,
} from './webhook-signature.ts';
export {
  bonusForfeitKey,
  bonusGrantKey,
  bonusReleaseKey,
  forfeitExpiredBonuses,
  grantBonusByStaff,
  grantBonusIn,
  playerBonuses,
  trancheAmounts,
  type BonusSource,
  type BonusStatus,
  type BonusView,
  type GrantBonusRequest,
  type StaffGrantRequest,
} from './bonuses.ts';
export { fixedRateCommissionToUsd, pointsCentiFor, usdCommissionOnly, type CommissionToUsd } from './commission-to-usd.ts';
export type { AmountsPerCurrency, BonusRules, LoyaltyRules, VipLevel, VipRules } from './loyalty-rules.ts';
export {
  accrueCommissionPoints,
  centi,
  exchangePointsForStarsCoins,
  levelFor,
  pointsBalanceIn,
  refundCommission,
  vipStatus,
  type ExchangeRequest,
  type PointsBalance,
  type RefundRequest,
  type VipStatus,
} from './vip-points.ts';
