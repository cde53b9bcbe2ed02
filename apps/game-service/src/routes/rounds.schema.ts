import { IdempotencyKeySchema } from '@casino/http';
import {
  announcedBetNames,
  outsidePositionNames,
  platynkoBetsPerActionMax,
  platynkoCanvas,
  platynkoRanks,
  platynkoSuits,
  rouletteBetsPerActionMax,
} from '@casino/games';
import { z } from 'zod';
import { CzkSchema, EngineJsonSchema, MoneyOutputSchema } from './common.schema.ts';

export const ActionHeadersSchema = z.object({
  'idempotency-key': IdempotencyKeySchema.describe(
    "The client's id of this action: sent again, the first answer comes back and nothing is debited twice",
  ),
});

const pocket = z.number().int().min(0).max(36);
const RouletteBetSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('inside'),
    numbers: z.array(pocket).min(1).max(6).describe('A straight, split, street, corner or six-line (004:GAM-RE-02)'),
    stake: CzkSchema,
  }),
  z.object({
    kind: z.literal('outside'),
    position: z.enum(outsidePositionNames as unknown as [string, ...string[]]),
    stake: CzkSchema,
  }),
  z.object({
    kind: z.literal('neighbours'),
    centre: pocket,
    perSide: z.number().int().min(1).max(5),
    chip: CzkSchema.describe('One chip on each number (004:GAM-RE-05, GAM-RF-06)'),
  }),
  z.object({
    kind: z.literal('announced'),
    name: z.enum(announcedBetNames as unknown as [string, ...string[]]),
    chip: CzkSchema.describe('The chip of each position of the announced bet (004:GAM-RE-06, GAM-RF-04)'),
  }),
]);

const PlatynkoChipSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('card'),
    card: z
      .enum(platynkoCanvas as unknown as [string, ...string[]])
      .describe('A card of the canvas: <suit>-<rank> (004:GAM-PL-03)'),
    chip: CzkSchema,
  }),
  z.object({
    kind: z.literal('row'),
    suit: z.enum(platynkoSuits as unknown as [string, ...string[]]),
    chip: CzkSchema.describe('On each of the 8 cards of the suit (004:GAM-PL-09)'),
  }),
  z.object({
    kind: z.literal('column'),
    rank: z.enum(platynkoRanks as unknown as [string, ...string[]]),
    chip: CzkSchema.describe('On each of the 4 cards of the rank (004:GAM-PL-09)'),
  }),
]);

const decision = {
  reconfirmed: z.boolean().optional().describe('004:GAM-B-17: sent again after a warning'),
  disableWarnings: z.boolean().optional().describe('Only together with a reconfirmation'),
};

export const ActionBodySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('place-bets'),
    bets: z.array(RouletteBetSchema).min(1).max(rouletteBetsPerActionMax),
    confirm: z.boolean().optional().describe('Confirm every unconfirmed bet at once ("Potvrdit sázky", 004:GAM-R-07)'),
  }),
  z.object({ kind: z.literal('clear-bets') }),
  z.object({ kind: z.literal('confirm-bets') }),
  z.object({
    kind: z.literal('place-bet'),
    stake: CzkSchema,
    warningsEnabled: z.boolean().optional(),
    confirm: z.boolean().optional(),
  }),
  z.object({ kind: z.literal('clear-bet') }),
  z.object({ kind: z.literal('confirm-bet') }),
  z.object({ kind: z.literal('insurance'), take: z.boolean() }),
  z.object({ kind: z.literal('even-money'), take: z.boolean() }),
  z.object({ kind: z.literal('hit'), ...decision }),
  z.object({ kind: z.literal('stand'), ...decision }),
  z.object({ kind: z.literal('double'), ...decision }),
  z.object({ kind: z.literal('split') }),
  z.object({ kind: z.literal('surrender') }),
  z.object({
    kind: z.literal('place-chips'),
    chips: z.array(PlatynkoChipSchema).min(1).max(platynkoBetsPerActionMax).describe('Plátýnko chips (004:GAM-PL-04, GAM-PL-09)'),
    confirm: z.boolean().optional().describe('Confirm every unconfirmed chip at once ("Potvrdit sázky", 004:GAM-PL-06)'),
  }),
  z.object({ kind: z.literal('undo').describe('Plátýnko "Zpět": the last unconfirmed chip comes off (004:GAM-PL-06)') }),
  z.object({
    kind: z.literal('rebet'),
    double: z.boolean().optional().describe('Twice the previous stake on each card (004:GAM-PL-10)'),
    confirm: z.boolean().optional(),
  }),
]);

export type ActionBody = z.infer<typeof ActionBodySchema>;

export const ActionResponseSchema = z.object({
  roundId: z.string(),
  tableId: z.string(),
  kind: z.enum(['live', 'temporary']),
  version: z.number().int().describe("Counts the round's changes: a push with a lower version is older"),
  phase: z.string(),
  replayed: z.boolean().describe('This action id was answered before: the first answer, nothing done again'),
  needsReconfirmation: z.boolean(),
  warnings: z.array(z.string()),
  stakes: z.array(z.object({ amount: MoneyOutputSchema, ledgerTransactionId: z.string() })).describe('What this action debited'),
  events: EngineJsonSchema,
  view: EngineJsonSchema,
});

export const TemporaryTablesResponseSchema = z.object({
  temporaryTables: z.array(
    z.object({
      roundId: z.string(),
      originRoundId: z.string(),
      tableId: z.string(),
      phase: z.string(),
      openedAt: z.string(),
      deadlineAt: z.string().nullable(),
    }),
  ),
});

export const ResumedResponseSchema = z.object({
  roundId: z.string(),
  phase: z.string(),
  version: z.number().int(),
  view: EngineJsonSchema,
});
