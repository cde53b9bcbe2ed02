import { problemResponses } from '@casino/http';
import { z } from 'zod';
import { identityFields } from '../state/identity.ts';

export const NameSchema = z.string().trim().min(1).max(100);
export const CalendarDateSchema = z.iso.date().describe('Calendar date, YYYY-MM-DD');
export const BirthNumberSchema = z
  .string()
  .regex(/^\d{9,10}$/, 'digits only, 9 or 10 of them')
  .describe('Czech birth number (rodné číslo) without the slash: 9 digits before 1954, 10 after');
export const CitizenshipSchema = z
  .string()
  .regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code such as CZ')
  .describe('ISO 3166-1 alpha-2, e.g. CZ');
export const ReferenceSchema = z
  .string()
  .describe("The ministry's reference of this query; the platform keeps it as evidence of the check");

/** The identity the register of excluded persons matches on. */
export const PersonQuerySchema = z.object({
  firstName: NameSchema,
  surname: NameSchema,
  dateOfBirth: CalendarDateSchema,
  birthNumber: BirthNumberSchema.optional().describe('When given, the person is matched by it alone'),
});

/** The identity the basic register verifies: the person query plus place of birth and citizenship. */
export const IdentityQuerySchema = PersonQuerySchema.extend({
  placeOfBirth: NameSchema.optional().describe('Narrows a match by name when given'),
  citizenship: CitizenshipSchema,
});

export const IdentityVerificationResponseSchema = z.object({
  result: z.enum(['verified', 'not-found', 'mismatch']),
  mismatchedFields: z
    .array(z.enum(identityFields))
    .optional()
    .describe('With result mismatch: the fields that disagree with the register'),
  reference: ReferenceSchema,
});

export const ExcludedPersonsCheckResponseSchema = z.object({
  listed: z.boolean(),
  listedSince: CalendarDateSchema.optional().describe('With listed true: the day the listing began'),
  reference: ReferenceSchema,
});

export const ExclusionEntryResponseSchema = z.object({
  listed: z.literal(true),
  listedSince: CalendarDateSchema.describe('The day the listing began (today for a new entry)'),
  reference: ReferenceSchema,
});

/** 503: the register is switched off (PUT /control/mf). */
export const registerProblems = problemResponses(400, 503);
