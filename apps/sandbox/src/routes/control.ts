import type { App } from '@casino/http';
import { sandboxPeopleByRole } from '../state/people.ts';
import type { SandboxState } from '../state/sandbox-state.ts';
import {
  AddPersonBodySchema,
  CallsResponseSchema,
  ConditionsResponseSchema,
  controlProblems,
  DelistResponseSchema,
  ExcludedPersonResponseSchema,
  ListPersonBodySchema,
  PeopleResponseSchema,
  RegisteredPersonResponseSchema,
  ResetResponseSchema,
  SetConditionsBodySchema,
} from './control.schema.ts';
import { PersonQuerySchema } from './mf.schema.ts';

/**
 * Switches for tests and for people trying the platform by hand: take a register down, make it
 * slow, list or delist a person, add someone to the basic register, count calls, start over.
 */
export function controlRoutes(app: App, state: SandboxState): void {
  const tags = ['control'];
  const { ministry } = state;

  app.put(
    '/control/mf',
    {
      schema: {
        tags,
        summary: 'Make the ministry registers available, slow or unavailable',
        body: SetConditionsBodySchema,
        response: { 200: ConditionsResponseSchema, ...controlProblems },
      },
    },
    async (request) => {
      const { register, ...conditions } = request.body;
      ministry.setConditions(conditions, register);
      return ministry.allConditions();
    },
  );

  app.get(
    '/control/mf/calls',
    {
      schema: { tags, summary: 'Requests each register received since the last reset', response: { 200: CallsResponseSchema } },
    },
    async () => {
      const calls = ministry.calls();
      return { identityVerifications: calls.identity, excludedPersonsChecks: calls.excludedPersons };
    },
  );

  app.post(
    '/control/mf/excluded-persons',
    {
      schema: {
        tags,
        summary: 'List a person in the register of excluded persons',
        body: ListPersonBodySchema,
        response: { 200: ExcludedPersonResponseSchema, 201: ExcludedPersonResponseSchema, ...controlProblems },
      },
    },
    async (request, reply) => {
      const { entry, created } = ministry.listExcludedPerson(request.body);
      return reply.code(created ? 201 : 200).send(entry);
    },
  );

  app.delete(
    '/control/mf/excluded-persons',
    {
      schema: {
        tags,
        summary: 'Remove a person from the register of excluded persons',
        body: PersonQuerySchema,
        response: { 200: DelistResponseSchema, ...controlProblems },
      },
    },
    async (request) => ({ delisted: ministry.delistExcludedPerson(request.body) }),
  );

  app.post(
    '/control/mf/people',
    {
      schema: {
        tags,
        summary: 'Add a person to the basic register',
        body: AddPersonBodySchema,
        response: { 201: RegisteredPersonResponseSchema, ...controlProblems },
      },
    },
    async (request, reply) => reply.code(201).send(ministry.addPerson(request.body)),
  );

  app.get(
    '/control/people',
    {
      schema: {
        tags,
        summary: 'The built-in fictional people, by what the registers answer about them',
        response: { 200: PeopleResponseSchema },
      },
    },
    async () => sandboxPeopleByRole(),
  );

  app.post(
    '/control/reset',
    {
      schema: {
        tags,
        summary: 'Restore the initial state: fixture people, registers up, counters and mailboxes empty',
        response: { 200: ResetResponseSchema },
      },
    },
    async () => {
      state.reset();
      return { status: 'reset' as const };
    },
  );
}
