import { registerPaymentMethod, type CashierContext } from '@casino/cashier';
import { DomainError } from '@casino/core';
import type { App } from '@casino/http';
import type { MeasureDecision } from '@casino/limits';
import { enterBranchKeypadCode, setBranchPin, startBranchContract, type PlayersContext } from '@casino/players';
import type { z } from 'zod';
import {
  BranchConfirmationSchema,
  BranchContractBodySchema,
  BranchContractStartedSchema,
  BranchPaymentAccountBodySchema,
  BranchPaymentAccountResponseSchema,
  BranchPlayerParamsSchema,
  KeypadCodeBodySchema,
  KeypadCodeResponseSchema,
  KeypadPinBodySchema,
} from './branch-contracts.schema.ts';
import { adminProblems } from './common.schema.ts';

/**
 * The branch channel (004 čl. 4.2): the branch worker enters the form, the applicant types the SMS code
 * and then the PIN on the keypad; storing the PIN concludes the contract and the worker prints the
 * confirmation. The worker then registers the applicant's payment account, the only kind a branch takes
 * (REG-16); verifying it (the cashier's staff decision) completes the registration (REG-15).
 */
export function branchContractRoutes(app: App, players: () => PlayersContext, cashier: CashierContext): void {
  const common = { tags: ['branch'], security: [{ staffToken: [] }] };
  const branchStaff = app.authorizeStaff(['support', 'admin']);

  app.post(
    '/v1/branch-contracts',
    {
      onRequest: branchStaff,
      schema: {
        ...common,
        summary: 'A contract at a branch: the form, the identity document, each self-limit; the register is asked first',
        body: BranchContractBodySchema,
        response: { 201: BranchContractStartedSchema, ...adminProblems },
      },
    },
    async (request, reply) => {
      const { branchCode, identityDocument, acceptedDocuments, selfLimits, ...person } = request.body;
      const started = await startBranchContract(players(), {
        branchCode,
        enteredBy: `staff:${request.principal!.subject}`,
        person,
        identityDocument,
        termsVersion: acceptedDocuments.termsVersion,
        gamePlanVersion: acceptedDocuments.gamePlanVersion,
        selfLimits: selfLimits.map(toDecision),
      });
      return reply.code(201).send(started);
    },
  );

  app.post(
    '/v1/branch-contracts/:playerId/keypad-code',
    {
      onRequest: branchStaff,
      schema: {
        ...common,
        summary: 'The SMS code as the applicant typed it on the keypad (004:REG-13)',
        params: BranchPlayerParamsSchema,
        body: KeypadCodeBodySchema,
        response: { 200: KeypadCodeResponseSchema, ...adminProblems },
      },
    },
    async (request) => {
      await enterBranchKeypadCode(players(), request.params.playerId, request.body.code);
      return { phoneVerified: true as const, next: 'pin' as const };
    },
  );

  app.post(
    '/v1/branch-contracts/:playerId/pin',
    {
      onRequest: branchStaff,
      schema: {
        ...common,
        summary: 'The PIN as the applicant typed it on the keypad: stored, it concludes the contract (004:REG-14)',
        params: BranchPlayerParamsSchema,
        body: KeypadPinBodySchema,
        response: { 201: BranchConfirmationSchema, ...adminProblems },
      },
    },
    async (request, reply) => {
      const confirmation = await setBranchPin(players(), request.params.playerId, request.body.pin);
      return reply.code(201).send({ ...confirmation, concludedAt: confirmation.concludedAt.toISOString() });
    },
  );

  app.post(
    '/v1/branch-contracts/:playerId/payment-methods',
    {
      onRequest: branchStaff,
      schema: {
        ...common,
        summary: 'The payment account registered at the branch; cards only through the application (004:REG-16)',
        params: BranchPlayerParamsSchema,
        body: BranchPaymentAccountBodySchema,
        response: { 201: BranchPaymentAccountResponseSchema, ...adminProblems },
      },
    },
    async (request, reply) => {
      const { kind, iban, holderName } = request.body;
      if (kind !== 'bank-account' || !iban || !holderName)
        throw new DomainError(
          'validation-failed',
          'At a branch only a payment (bank) account can be registered; a card only through the application (004:REG-16).',
          { field: kind !== 'bank-account' ? 'body.kind' : 'body.iban' },
        );
      const method = await registerPaymentMethod(cashier, {
        playerId: request.params.playerId,
        method: { kind: 'bank-account', iban, holderName },
      });
      return reply.code(201).send({ id: method.id, status: method.status });
    },
  );
}

type DecisionBody = z.infer<typeof BranchContractBodySchema>['selfLimits'][number];

function toDecision(body: DecisionBody): MeasureDecision {
  if (body.decision === 'refused') return { measure: body.measure, decision: 'refused' };
  if (body.amount && body.amount.currency !== 'CZK') {
    throw new DomainError('validation-failed', 'Self-limits are set in CZK (004:REG-22).', {
      field: 'body.selfLimits.amount.currency',
    });
  }
  return {
    measure: body.measure,
    decision: 'set',
    ...(body.amount ? { amountMinor: body.amount.toMinor() } : {}),
    ...(body.minutes !== undefined ? { durationMinutes: body.minutes } : {}),
    ...(body.hours !== undefined ? { exclusionHours: body.hours } : {}),
  };
}
