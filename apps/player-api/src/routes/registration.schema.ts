import { MoneyInputSchema, problemResponses } from '@casino/http';
import { z } from 'zod';

const text = (max: number) => z.string().trim().min(1).max(max);

export const AddressSchema = z.object({
  street: text(200),
  city: text(100),
  postalCode: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z -]{3,10}$/),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .describe('ISO 3166-1 alpha-2'),
});

const SelfLimitDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ measure: z.string().max(40), decision: z.literal('refused') }),
  z.object({
    measure: z.string().max(40),
    decision: z.literal('set'),
    amount: MoneyInputSchema.optional().describe('For money limits: CZK (004:REG-22)'),
    minutes: z.number().int().positive().optional().describe('For playing-time limits'),
    hours: z.number().int().positive().nullable().optional().describe('For self-exclusion; null means indefinite'),
  }),
]);

export const ApplicationBodySchema = z.object({
  firstName: text(100),
  surname: text(100),
  birthSurname: text(100).optional(),
  birthNumber: z
    .string()
    .regex(/^\d{6}\/?\d{3,4}$/, 'YYMMDD/XXXX')
    .optional()
    .describe('Rodné číslo; omit if none was assigned'),
  dateOfBirth: z.iso.date(),
  placeOfBirth: text(100).optional().describe('Required when there is no birth number'),
  citizenship: z.string().regex(/^[A-Z]{2}$/),
  residenceAddress: AddressSchema,
  correspondenceAddress: AddressSchema.optional(),
  phone: z.string().regex(/^\+\d{8,15}$/, 'international format, e.g. +420601234567'),
  email: z.email().max(254),
  password: z.string().min(12).max(200),
  acceptedDocuments: z
    .object({ termsVersion: text(40), gamePlanVersion: text(40) })
    .describe('Versions of the terms and the game plan the applicant accepted'),
  selfLimits: z
    .array(SelfLimitDecisionSchema)
    .max(30)
    .describe('A decision (set or refused) on each self-limitation measure of the profile'),
});

export const ApplicationResponseSchema = z.object({
  playerId: z.string(),
  state: z.literal('APPLICANT').describe('The account state, spelled as everywhere else (GET /v1/me, the admin API)'),
  identityStatus: z.string(),
  next: z.string(),
});

export const EmailConfirmationBodySchema = z.object({ token: z.string().min(20).max(200) });
export const EmailConfirmationResponseSchema = z.object({ playerId: z.string(), next: z.string() });

export const registrationProblems = problemResponses(400, 403, 409, 422, 429, 503);
