import type { App } from '@casino/http';
import type { SandboxState } from '../state/sandbox-state.ts';
import {
  ExcludedPersonsCheckResponseSchema,
  ExclusionEntryResponseSchema,
  IdentityQuerySchema,
  IdentityVerificationResponseSchema,
  PersonQuerySchema,
  registerProblems,
} from './mf.schema.ts';
import { simulateRegisterConditions } from './register-conditions.ts';

/** The two registers of the Ministry of Finance the platform asks before registration and at every login. */
export function ministryRoutes(app: App, state: SandboxState, shutdown: AbortSignal): void {
  const tags = ['ministry-of-finance'];

  app.post(
    '/mf/identity/verifications',
    {
      onRequest: simulateRegisterConditions(state.ministry, 'identity', shutdown),
      schema: {
        tags,
        summary: 'Verify identity and date of birth against the basic registers',
        description:
          'Matched by birth number when given, else by name (case- and diacritics-insensitive), date of birth and, when given, place of birth.',
        body: IdentityQuerySchema,
        response: { 200: IdentityVerificationResponseSchema, ...registerProblems },
      },
    },
    async (request) => state.ministry.verifyIdentity(request.body),
  );

  app.post(
    '/mf/excluded-persons/checks',
    {
      onRequest: simulateRegisterConditions(state.ministry, 'excludedPersons', shutdown),
      schema: {
        tags,
        summary: 'Is this person in the register of excluded persons (§16 ZHH)?',
        description: 'Matched by birth number when both sides have one, else by name and date of birth.',
        body: PersonQuerySchema,
        response: { 200: ExcludedPersonsCheckResponseSchema, ...registerProblems },
      },
    },
    async (request) => state.ministry.checkExcludedPersons(request.body),
  );

  app.post(
    '/mf/excluded-persons/entries',
    {
      onRequest: simulateRegisterConditions(state.ministry, 'excludedPersons', shutdown),
      schema: {
        tags,
        summary: 'Enter a person in the register of excluded persons on their own request, passed on by an operator',
        description:
          "Idempotent, like the ministry's other interfaces answering 200: a person already listed stays listed from the original day. Later checks find the person.",
        body: PersonQuerySchema,
        response: { 200: ExclusionEntryResponseSchema, ...registerProblems },
      },
    },
    async (request) => {
      const { entry, reference } = state.ministry.enterOnRequest(request.body);
      return { listed: true as const, listedSince: entry.listedSince, reference };
    },
  );
}
