import { DomainError } from '@casino/core';
import type { App } from '@casino/http';
import type { MeasureDecision } from '@casino/limits';
import { confirmEmail, submitApplication, type PlayersContext } from '@casino/players';
import type { z } from 'zod';
import {
  ApplicationBodySchema,
  ApplicationResponseSchema,
  EmailConfirmationBodySchema,
  EmailConfirmationResponseSchema,
  registrationProblems,
} from './registration.schema.ts';

/** Application and e-mail confirmation: steps 1 and 2 of the application channel (004:REG-20, REG-21). */
export function registrationRoutes(app: App, ctx: PlayersContext, limits: { perMinute: number }): void {
  app.post(
    '/v1/registrations',
    {
      config: { rateLimit: { max: limits.perMinute, timeWindow: 60_000 } },
      schema: {
        tags: ['registration'],
        summary: 'Apply: personal data, credentials, documents accepted, a decision on each self-limit',
        body: ApplicationBodySchema,
        response: { 201: ApplicationResponseSchema, ...registrationProblems },
      },
    },
    async (request, reply) => {
      const { password, acceptedDocuments, selfLimits, ...person } = request.body;
      const result = await submitApplication(ctx, {
        person,
        password,
        termsVersion: acceptedDocuments.termsVersion,
        gamePlanVersion: acceptedDocuments.gamePlanVersion,
        selfLimits: selfLimits.map(toDecision),
      });
      return reply.code(201).send({
        playerId: result.playerId,
        state: 'APPLICANT' as const,
        identityStatus: result.identityStatus,
        next: 'Confirm the e-mail address with the link we sent, then log in.',
      });
    },
  );

  app.post(
    '/v1/registrations/email-confirmations',
    {
      schema: {
        tags: ['registration'],
        summary: 'Confirm the e-mail address with the token from the e-mail',
        body: EmailConfirmationBodySchema,
        response: { 200: EmailConfirmationResponseSchema, ...registrationProblems },
      },
    },
    async (request) => {
      const { playerId } = await confirmEmail(ctx, request.body.token);
      return { playerId, next: 'Log in; we will send an SMS code to conclude the contract.' };
    },
  );
}

type DecisionBody = z.infer<typeof ApplicationBodySchema>['selfLimits'][number];

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
