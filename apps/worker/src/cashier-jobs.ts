import {
  DepositRefundPayloadSchema,
  depositRefundTopic,
  PaymentMethodVerifiedPayloadSchema,
  paymentMethodVerifiedTopic,
  PayoutPayloadSchema,
  payoutTopic,
  refundRefusedDeposit,
  sendPayout,
  type CashierContext,
} from '@casino/cashier';
import { isDomainError } from '@casino/core';
import { defineJob, type Db, type JobDefinition } from '@casino/db';
import { completeRegistrationAfterVerification, type PlayersContext } from '@casino/players';

export interface CashierJobsOptions {
  cashier: (db: Db) => CashierContext;
  players: (db: Db) => PlayersContext;
  logger: { warn(details: object, message: string): void };
}

/**
 * The cashier's queued work. Each handler is safe to run twice on its own terms (a payout already
 * sent is skipped; the provider dedupes on our reference), so none needs `handleOnce`; a provider
 * that cannot be reached throws and BullMQ retries with backoff.
 */
export function cashierJobs(options: CashierJobsOptions): JobDefinition[] {
  return [
    defineJob({
      topic: payoutTopic,
      version: 1,
      payload: PayoutPayloadSchema,
      handle: async ({ withdrawalId }, { db }) => {
        await sendPayout(options.cashier(db), withdrawalId);
      },
    }),
    defineJob({
      topic: depositRefundTopic,
      version: 1,
      payload: DepositRefundPayloadSchema,
      handle: async ({ depositId }, { db }) => {
        await refundRefusedDeposit(options.cashier(db), depositId);
      },
    }),
    defineJob({
      // 004:REG-23/24, D-406: a temporary account's registration completes once a payment method is verified.
      topic: paymentMethodVerifiedTopic,
      version: 1,
      payload: PaymentMethodVerifiedPayloadSchema,
      handle: async ({ playerId, paymentMethodId }, { db }) => {
        try {
          await completeRegistrationAfterVerification(options.players(db), {
            playerId,
            verifiedPaymentMethodId: paymentMethodId,
          });
        } catch (error) {
          // A refusal that waits for someone (screening hit, identity not found, 30 days over) ends the job; an outage retries it.
          if (!isDomainError(error) || error.status >= 500) throw error;
          options.logger.warn({ playerId, problem: error.code }, 'registration not completed after payment-method verification');
        }
      },
    }),
  ];
}
