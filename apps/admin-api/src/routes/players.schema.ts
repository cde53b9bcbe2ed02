import { PaymentMethodSchema } from '@casino/wire/cashier';
import { payoutHoldGrounds, terminationGrounds } from '@casino/compliance';
import { MoneyOutputSchema } from '@casino/http';
import { z } from 'zod';
import { IsoDate, ReasonSchema } from './common.schema.ts';
import { MeasuresSchema } from './limits.schema.ts';

export const PlayerParamsSchema = z.object({ playerId: z.uuid() });
const grounds = Object.keys(terminationGrounds) as [keyof typeof terminationGrounds, ...Array<keyof typeof terminationGrounds>];

export const AccountActionBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('block'), reason: ReasonSchema }),
  z.object({ action: z.literal('unblock'), reason: ReasonSchema }),
  z.object({
    action: z.literal('close'),
    reason: ReasonSchema,
    ground: z.enum(grounds).describe('004:TRM-10 clause (i)–(xvi)'),
    barReregistration: z.boolean().default(false).describe('004:TRM-18'),
  }),
  z.object({ action: z.literal('demand-reverification'), reason: ReasonSchema }),
  z.object({
    action: z.literal('hold-payouts'),
    reason: ReasonSchema,
    ground: z
      .enum(payoutHoldGrounds)
      .optional()
      .describe('suspicious-transaction (004:AML-04, the default) or game-irregularity (004:WIN-06, at most 60 days)'),
  }),
  z.object({ action: z.literal('release-payouts'), reason: ReasonSchema }),
]);
export const AccountActionResultSchema = z.object({ state: z.string() });
export const NoteBodySchema = z.object({ body: z.string().trim().min(1).max(5_000) });
export const NoteCreatedSchema = z.object({ noteId: z.string() });

const PersonalDataSchema = z.looseObject({
  masked: z.boolean(),
  firstName: z.string(),
  surname: z.string(),
  dateOfBirth: z.string(),
  email: z.string(),
  phone: z.string(),
  birthNumber: z.string().nullable().describe('Masked as ******/**** unless unmasked; null when the player has none'),
});

export const PlayerSearchQuerySchema = z.object({
  q: z.string().trim().max(254).optional().describe('A player id, an e-mail (exact) or the start of a surname'),
  state: z.enum(['APPLICANT', 'TEMPORARY', 'REGISTERED', 'BLOCKED', 'DORMANT', 'CLOSED', 'CANCELLED']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export const PlayerSearchResultSchema = z.object({
  total: z.number().int(),
  players: z.array(
    z.object({
      id: z.string(),
      state: z.string(),
      firstName: z.string(),
      surname: z.string(),
      email: z.string().describe('masked'),
      registeredAt: IsoDate.nullable(),
      createdAt: IsoDate,
    }),
  ),
});
export const RevealBodySchema = z.object({ reason: ReasonSchema });
export const RevealResultSchema = z.object({
  personalData: PersonalDataSchema,
  auditEntryId: z.string().describe('The audit log entry that records this unmasking'),
});

export const PlayerViewSchema = z.looseObject({
  id: z.string(),
  state: z.string(),
  personalData: PersonalDataSchema,
  identityStatus: z.string(),
  registerStatus: z.string(),
  screeningStatus: z.string(),
  stateHistory: z.array(
    z.object({ from: z.string().nullable(), to: z.string(), reason: z.string(), actor: z.string(), at: IsoDate }),
  ),
  selfLimits: MeasuresSchema.describe(
    'The self-limitation measures in force and pending; their history: GET /v1/players/{playerId}/self-limits',
  ),
  paymentMethods: z.array(PaymentMethodSchema),
  wallets: z.array(z.object({ accountId: z.string(), code: z.string(), purpose: z.string(), balance: MoneyOutputSchema })),
  risk: z.object({ score: z.number().int(), level: z.string(), updatedAt: IsoDate.nullable() }),
  payoutHold: z.looseObject({ holdId: z.string(), expiresAt: IsoDate }).nullable(),
  alerts: z.array(z.looseObject({ id: z.string(), ruleCode: z.string(), status: z.string() })),
  cases: z.array(z.looseObject({ id: z.string(), status: z.string() })),
  notes: z.array(z.looseObject({ id: z.string(), body: z.string() })),
});
