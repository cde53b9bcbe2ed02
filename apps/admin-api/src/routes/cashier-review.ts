import {
  decideVerification,
  getOwnershipDocument,
  listMethodsAwaitingReview,
  listWithdrawalsForReview,
  reviewWithdrawal,
  type CashierContext,
} from '@casino/cashier';
import { PaymentMethodSchema, paymentMethodOut, WithdrawalSchema, withdrawalOut } from '@casino/wire/cashier';
import { findActivePayoutHold } from '@casino/compliance';
import type { App } from '@casino/http';
import { z } from 'zod';
import { staffActor } from './common.ts';
import {
  cashierStaffProblems,
  DocumentContentSchema,
  StaffWithdrawalSchema,
  DocumentParamsSchema,
  LimitQuerySchema,
  PaymentMethodParamsSchema,
  VerificationDecisionBodySchema,
  VerificationDecisionResponseSchema,
  WithdrawalDecisionBodySchema,
  WithdrawalParamsSchema,
  WithdrawalQueueQuerySchema,
} from './cashier.schema.ts';

const methodReviewers = ['support', 'compliance-officer', 'admin'] as const;
const withdrawalReviewers = ['finance', 'compliance-officer', 'mlro', 'admin'] as const;

/** Staff queues of the cashier: proofs of ownership to review (004:PAY-03), withdrawals to approve or reject. */
export function cashierReviewRoutes(app: App, ctx: CashierContext): void {
  const tags = ['cashier'];
  const security = [{ staffToken: [] }];

  app.get(
    '/v1/cashier/payment-methods/review-queue',
    {
      onRequest: app.authorizeStaff(methodReviewers),
      schema: {
        tags,
        security,
        summary: 'Payment methods awaiting a verification decision, oldest first',
        querystring: LimitQuerySchema,
        response: {
          200: z.object({
            paymentMethods: z.array(
              PaymentMethodSchema.extend({
                playerId: z.string(),
                documents: z.array(
                  z.object({
                    id: z.string(),
                    kind: z.string(),
                    contentType: z.string(),
                    sizeBytes: z.number().int(),
                    submittedAt: z.iso.datetime(),
                  }),
                ),
              }),
            ),
          }),
          ...cashierStaffProblems,
        },
      },
    },
    async (request) => ({
      paymentMethods: (await listMethodsAwaitingReview(ctx.db, request.query.limit)).map((m) => ({
        ...paymentMethodOut(m),
        playerId: m.playerId,
        documents: m.documents.map((d) => ({ ...d, submittedAt: d.submittedAt.toISOString() })),
      })),
    }),
  );

  app.get(
    '/v1/cashier/payment-methods/:paymentMethodId/documents/:documentId',
    {
      onRequest: app.authorizeStaff(methodReviewers),
      schema: {
        tags,
        security,
        summary: 'A submitted proof of ownership',
        params: DocumentParamsSchema,
        response: { 200: DocumentContentSchema, ...cashierStaffProblems },
      },
    },
    async (request) => {
      const document = await getOwnershipDocument(ctx.db, request.params.paymentMethodId, request.params.documentId);
      return { contentType: document.contentType, contentBase64: document.content.toString('base64') };
    },
  );

  app.post(
    '/v1/cashier/payment-methods/:paymentMethodId/verification-decision',
    {
      onRequest: app.authorizeStaff(methodReviewers),
      schema: {
        tags,
        security,
        summary: 'Approve (verify) or reject a payment method after reviewing its documents',
        params: PaymentMethodParamsSchema,
        body: VerificationDecisionBodySchema,
        response: { 200: VerificationDecisionResponseSchema, ...cashierStaffProblems },
      },
    },
    async (request) => {
      const decided = await decideVerification(ctx, {
        paymentMethodId: request.params.paymentMethodId,
        ...request.body,
        staff: staffActor(request),
      });
      return { status: decided.status as 'VERIFIED' | 'REJECTED' };
    },
  );

  app.get(
    '/v1/cashier/withdrawals',
    {
      onRequest: app.authorizeStaff(withdrawalReviewers),
      schema: {
        tags,
        security,
        summary:
          'The withdrawal review queue (or approved, sent, overdue ones, or discrepancies with the provider), oldest first',
        querystring: WithdrawalQueueQuerySchema,
        response: { 200: z.object({ withdrawals: z.array(StaffWithdrawalSchema) }), ...cashierStaffProblems },
      },
    },
    async (request) => {
      const rows = await listWithdrawalsForReview(ctx, request.query);
      // The reviewer sees an AML or irregularity hold on the player before approving (issue 21).
      const now = ctx.clock.now();
      const holds = new Map(
        await Promise.all(
          [...new Set(rows.map((w) => w.playerId))].map(
            async (playerId) => [playerId, await findActivePayoutHold(ctx.db, playerId, now)] as const,
          ),
        ),
      );
      return {
        withdrawals: rows.map((w) => {
          const hold = holds.get(w.playerId);
          return {
            ...withdrawalOut(w),
            playerId: w.playerId,
            discrepancy: w.discrepancy && { reason: w.discrepancy.reason, flaggedAt: w.discrepancy.flaggedAt.toISOString() },
            payoutHold: hold
              ? { reason: hold.reason, placedAt: hold.placedAt.toISOString(), expiresAt: hold.expiresAt.toISOString() }
              : null,
          };
        }),
      };
    },
  );

  app.post(
    '/v1/cashier/withdrawals/:withdrawalId/decision',
    {
      onRequest: app.authorizeStaff(['finance', 'compliance-officer', 'admin']),
      schema: {
        tags,
        security,
        summary: 'Approve a withdrawal in review (it goes to the payout job) or reject it (the funds return)',
        params: WithdrawalParamsSchema,
        body: WithdrawalDecisionBodySchema,
        response: { 200: WithdrawalSchema, ...cashierStaffProblems },
      },
    },
    async (request) =>
      withdrawalOut(
        await reviewWithdrawal(ctx, { withdrawalId: request.params.withdrawalId, ...request.body, staff: staffActor(request) }),
      ),
  );
}
