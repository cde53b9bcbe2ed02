import { problemResponses } from '@casino/http';
import { z } from 'zod';
import { AddressSchema } from './registration.schema.ts';

export const MeResponseSchema = z.object({
  id: z.string(),
  state: z.string(),
  email: z.string(),
  firstName: z.string(),
  surname: z.string(),
  identityStatus: z.string(),
  registerStatus: z.string(),
  screeningStatus: z.string(),
  secondFactorEnabled: z.boolean().describe('Every login asks for an SMS code after the password'),
  temporaryAccount: z
    .object({
      status: z.string(),
      deadlineAt: z.string().describe('The instant the account ends unless registration is completed'),
      lastDay: z.iso.date().describe('The last Europe/Prague day the account is open'),
      daysLeft: z.number().int().min(0).describe('Whole days after today until it ends: 0 on the last day'),
      depositRemaining: z
        .object({ amount: z.string(), currency: z.string() })
        .describe('What may still be deposited: the cap less what was'),
      deposited: z.object({ amount: z.string(), currency: z.string() }),
      depositCap: z.object({ amount: z.string(), currency: z.string() }),
    })
    .nullable(),
});

export const PasswordBodySchema = z.object({
  currentPassword: z.string().min(1).max(200),
  newPassword: z.string().min(12).max(200),
});

export const SecondFactorBodySchema = z.object({ enabled: z.boolean(), currentPassword: z.string().min(1).max(200) });
export const SecondFactorResponseSchema = z.object({ secondFactorEnabled: z.boolean() });

export const PersonalDataBodySchema = z.object({
  surname: z.string().trim().min(1).max(100).optional(),
  residenceAddress: AddressSchema.optional(),
  correspondenceAddress: AddressSchema.nullable().optional(),
  phone: z
    .string()
    .regex(/^\+\d{8,15}$/)
    .optional(),
  changedOn: z.iso.date().describe('When the change happened; report within 5 days (004:REG-03)'),
});

export const PersonalDataResponseSchema = z.object({ reportedLate: z.boolean() });

export const meProblems = problemResponses(400, 401, 403, 422);
