import { MoneyInputSchema, MoneyOutputSchema, problemResponses } from '@casino/http';
import { exclusionHoursMax, historyPageSizeMax } from '@casino/limits';
import { HistoryPageSchema, PendingSettingSchema, SettingSchema } from '@casino/wire/limits';
import { z } from 'zod';

export const MeasureParamsSchema = z.object({
  measure: z
    .string()
    .regex(/^[a-z-]+:[a-z]+$/, 'a limit such as stake:day')
    .max(40)
    .describe(
      'A money, playing-time or tournament-count limit of the profile, e.g. deposit:day, stake:month, net-loss:week, playing-time:session, tournament-count:day',
    ),
});

export const LimitBodySchema = z
  .object({
    amount: MoneyInputSchema.optional().describe('For money limits: the limit in CZK (004:SLM-03)'),
    minutes: z.number().int().positive().max(44_640).optional().describe('For playing-time limits'),
    count: z
      .number()
      .int()
      .positive()
      .max(100_000)
      .optional()
      .describe('For tournament-count limits, where the profile has them: entries per period (003:R-LIM-02)'),
  })
  .refine((body) => [body.amount, body.minutes, body.count].filter((v) => v !== undefined).length === 1, {
    message: 'give exactly one of amount, minutes or count',
    path: ['amount'],
  });

const UsageSchema = z.object({
  used: MoneyOutputSchema.nullable().describe('Money limits: used in the current period (net loss: stakes minus wins)'),
  remaining: MoneyOutputSchema.nullable(),
  usedSeconds: z.number().int().nullable().describe('Playing-time limits'),
  remainingSeconds: z.number().int().nullable(),
  usedCount: z.number().int().nullable().describe('Tournament-count limits: entries made in the current period'),
  remainingCount: z.number().int().nullable(),
  resetsAt: z.string().nullable().describe('When the period ends; null for a session limit'),
});

const MeasureSchema = z.object({
  measure: z.string(),
  kind: z.enum(['amount', 'duration', 'count', 'exclusion']),
  description: z.string(),
  inForce: SettingSchema,
  inForceSince: z.string().nullable(),
  pending: PendingSettingSchema.nullable().describe('A loosening waiting to apply; it can be withdrawn until then'),
  usage: UsageSchema.nullable(),
});

export const LimitsResponseSchema = z.object({
  profile: z.string(),
  refusal: z
    .enum(['account-closed', 'listed-in-register', 'self-excluded'])
    .nullable()
    .describe('Why play and deposits are refused now, if they are'),
  closedAt: z.string().nullable(),
  realityCheckMinutes: z.number().int().nullable(),
  measures: z.array(MeasureSchema),
});

export const LimitChangeResponseSchema = z.object({
  direction: z.enum(['tighten', 'loosen', 'unchanged']),
  changeId: z.string().nullable(),
  effectiveFrom: z.string().describe('In force from; a loosening waits (002:RG-06)'),
  pending: z.boolean(),
});

export const WithdrawnResponseSchema = z.object({ withdrawnChangeId: z.string() });

export const HistoryQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(historyPageSizeMax).default(50),
  after: z.uuid().optional().describe('nextCursor of the previous page'),
});

export const HistoryResponseSchema = HistoryPageSchema;

export const SelfExclusionBodySchema = z.object({
  hours: z
    .number()
    .int()
    .min(12)
    .max(exclusionHoursMax)
    .nullable()
    .describe('12 hours at least; null for indefinitely. It cannot be shortened later.'),
});

export const ExclusionResponseSchema = z.object({
  excludedUntil: z.string().nullable().describe('null: indefinitely'),
  extended: z.boolean().describe('false when a longer exclusion was already running'),
});

export const RegisterEntryResponseSchema = z.object({
  reference: z.string().describe("The ministry's reference of the entry"),
  listedSince: z.iso.date(),
});

export const AccountClosureBodySchema = z.object({
  confirm: z.literal(true).describe('Closing takes effect at once and cannot be undone'),
});

export const AccountClosureResponseSchema = z.object({ closedAt: z.string() });

export const PlayingTimeResponseSchema = z.object({
  day: z.iso.date(),
  playedSeconds: z.number().int().describe("Today's playing time: the time indicator (002:RG-10)"),
  limit: z.object({ measure: z.string(), limitMinutes: z.number().int(), remainingSeconds: z.number().int() }).nullable(),
  session: z
    .object({ playSessionId: z.string(), startedAt: z.string(), playedSeconds: z.number().int(), netResult: MoneyOutputSchema })
    .nullable(),
  realityCheckMinutes: z.number().int().nullable(),
});

export const RealityCheckBodySchema = z.object({
  intervalMinutes: z
    .number()
    .int()
    .positive()
    .nullable()
    .describe('A reminder of time played and net result every this many minutes of play; null for none'),
});

export const RealityCheckResponseSchema = z.object({ intervalMinutes: z.number().int().nullable() });

export const limitsProblems = problemResponses(400, 401, 403, 404, 409, 422, 503);
