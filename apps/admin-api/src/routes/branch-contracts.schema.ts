import { MoneyInputSchema } from '@casino/http';
import { z } from 'zod';

const text = (max: number) => z.string().trim().min(1).max(max);

const BranchAddressSchema = z.object({
  street: text(200),
  city: text(100),
  postalCode: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z -]{3,10}$/),
  country: z.string().regex(/^[A-Z]{2}$/),
});

/** The form the branch worker fills in with the applicant (004 čl. 4.2.1): the application's data and the document. */
export const BranchContractBodySchema = z.object({
  branchCode: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,40}$/)
    .describe('The branch where the applicant signs'),
  firstName: text(100),
  surname: text(100),
  birthSurname: text(100).optional(),
  birthNumber: z
    .string()
    .regex(/^\d{6}\/?\d{3,4}$/, 'YYMMDD/XXXX')
    .optional(),
  dateOfBirth: z.iso.date(),
  placeOfBirth: text(100).optional(),
  citizenship: z.string().regex(/^[A-Z]{2}$/),
  residenceAddress: BranchAddressSchema,
  correspondenceAddress: BranchAddressSchema.optional(),
  phone: z.string().regex(/^\+\d{8,15}$/),
  email: z.email().max(254),
  identityDocument: z
    .object({
      type: z.enum(['national-id', 'passport', 'residence-permit']),
      number: z.string().trim().min(4).max(40),
      validUntil: z.iso.date(),
    })
    .describe('The valid identity document shown in person (004:REG-10, IDV-02)'),
  acceptedDocuments: z.object({ termsVersion: text(40), gamePlanVersion: text(40) }),
  selfLimits: z
    .array(
      z.discriminatedUnion('decision', [
        z.object({ measure: z.string().max(40), decision: z.literal('refused') }),
        z.object({
          measure: z.string().max(40),
          decision: z.literal('set'),
          amount: MoneyInputSchema.optional(),
          minutes: z.number().int().positive().optional(),
          hours: z.number().int().positive().nullable().optional(),
        }),
      ]),
    )
    .max(30)
    .describe('Each self-limitation measure set or declined, entered by the worker (004:REG-11, SLM-02)'),
});

export const BranchContractStartedSchema = z.object({
  playerId: z.string(),
  next: z.literal('keypad-code').describe('The applicant types the SMS code on the keypad (004:REG-13)'),
});

export const BranchPlayerParamsSchema = z.object({ playerId: z.uuid() });
export const KeypadCodeBodySchema = z.object({ code: z.string().regex(/^\d{6}$/) });
export const KeypadPinBodySchema = z.object({
  pin: z
    .string()
    .regex(/^\d{6,8}$/)
    .describe('Typed on the keypad; never shown'),
});
export const KeypadCodeResponseSchema = z.object({ phoneVerified: z.literal(true), next: z.literal('pin') });
export const BranchConfirmationSchema = z.object({
  playerId: z.string(),
  branchCode: z.string(),
  concludedAt: z.string(),
  text: z.string().describe('The confirmation the worker prints (004:REG-14)'),
});

export const BranchPaymentAccountBodySchema = z.object({
  kind: z.string().max(20).describe("'bank-account'; a card is registered only through the application (004:REG-16)"),
  iban: z.string().max(42).optional(),
  holderName: z.string().trim().min(1).max(200).optional(),
});
export const BranchPaymentAccountResponseSchema = z.object({ id: z.string(), status: z.string() });
