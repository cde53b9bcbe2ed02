import { problemResponses } from '@casino/http';
import { z } from 'zod';
import { outageModes, registerNames } from '../state/ministry.ts';
import { sandboxPersonRoles } from '../state/people.ts';
import {
  BirthNumberSchema,
  CalendarDateSchema,
  CitizenshipSchema,
  IdentityQuerySchema,
  NameSchema,
  PersonQuerySchema,
} from './mf.schema.ts';

/** Latency a test may add to every register answer; the timeout mode holds longer still. */
export const latencyMsMax = 10_000;

const RegisterConditionsSchema = z.object({
  available: z.boolean(),
  mode: z
    .enum(outageModes)
    .describe('error-503: answer 503 problem+json at once; timeout: hold the answer longer than any client waits'),
  latencyMs: z.number().int().min(0).max(latencyMsMax).describe('Added to every answer, available or not'),
});

export const SetConditionsBodySchema = z.object({
  available: z.boolean(),
  mode: z.enum(outageModes).default('error-503').describe('How an unavailable register fails'),
  latencyMs: z.number().int().min(0).max(latencyMsMax).default(0).describe('Added to every answer, available or not'),
  register: z.enum(registerNames).optional().describe('Only this register; both when omitted'),
});

export const ConditionsResponseSchema = z.object({
  identity: RegisterConditionsSchema,
  excludedPersons: RegisterConditionsSchema,
});

export const CallsResponseSchema = z.object({
  identityVerifications: z.number().int().describe('Requests to POST /mf/identity/verifications since the last reset'),
  excludedPersonsChecks: z.number().int().describe('Requests to POST /mf/excluded-persons/checks since the last reset'),
});

export const ListPersonBodySchema = PersonQuerySchema.extend({
  listedSince: CalendarDateSchema.optional().describe('Default: today in Prague'),
});

export const ExcludedPersonResponseSchema = z.object({
  firstName: z.string(),
  surname: z.string(),
  dateOfBirth: CalendarDateSchema,
  birthNumber: BirthNumberSchema.optional(),
  listedSince: CalendarDateSchema,
});

export const DelistResponseSchema = z.object({
  delisted: z.number().int().describe('Entries removed (0 when the person was not listed)'),
});

export const AddPersonBodySchema = IdentityQuerySchema;

export const RegisteredPersonResponseSchema = z.object({
  firstName: z.string(),
  surname: z.string(),
  dateOfBirth: CalendarDateSchema,
  birthNumber: BirthNumberSchema.optional(),
  placeOfBirth: z.string().optional(),
  citizenship: CitizenshipSchema,
});

const SandboxPersonSchema = z.object({
  role: z.enum(sandboxPersonRoles),
  firstName: NameSchema,
  surname: NameSchema,
  dateOfBirth: CalendarDateSchema.describe('As the person gives it'),
  birthNumber: BirthNumberSchema,
  placeOfBirth: z.string(),
  citizenship: CitizenshipSchema,
  sex: z.enum(['female', 'male']),
  identityResult: z
    .enum(['verified', 'not-found', 'mismatch'])
    .describe('What POST /mf/identity/verifications answers with the birth number'),
  listedSince: CalendarDateSchema.optional(),
  registeredDateOfBirth: CalendarDateSchema.optional().describe('The date the basic register holds, when it differs'),
  note: z.string(),
});

export const PeopleResponseSchema = z.object(
  Object.fromEntries(sandboxPersonRoles.map((role) => [role, z.array(SandboxPersonSchema)])) as Record<
    (typeof sandboxPersonRoles)[number],
    z.ZodArray<typeof SandboxPersonSchema>
  >,
);

export const ResetResponseSchema = z.object({ status: z.literal('reset') });

export const controlProblems = problemResponses(400, 409);
