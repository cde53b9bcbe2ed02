import { z } from 'zod';
import { IsoDate, ReasonSchema } from './common.schema.ts';

export const ListCodeParamsSchema = z.object({
  code: z.string().regex(/^[a-z0-9][a-z0-9-]{1,59}$/, 'lower-case letters, digits and hyphens'),
});
export const LoadListBodySchema = z.object({
  name: z.string().trim().min(1).max(200),
  kind: z.enum(['SANCTIONS', 'PEP']),
  format: z
    .enum(['opensanctions-ftm', 'eu-fsf-xml'])
    .describe(
      'opensanctions-ftm: FollowTheMoney entities, one JSON per line; eu-fsf-xml: the EU consolidated financial sanctions XML',
    ),
  content: z.string().min(1).describe('The file as published'),
  reason: ReasonSchema,
});
export const LoadListResultSchema = z.object({ listId: z.string(), revision: z.number().int(), entryCount: z.number().int() });
export const ListsSchema = z.object({
  lists: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      kind: z.string(),
      sourceFormat: z.string(),
      revision: z.number().int(),
      entryCount: z.number().int(),
      loadedAt: IsoDate,
      loadedBy: z.string(),
    }),
  ),
});
export const CheckBodySchema = z.object({
  fullName: z.string().trim().min(2).max(300),
  dateOfBirth: z.iso.date().optional(),
  citizenship: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  identifiers: z.array(z.string().max(50)).max(10).optional(),
});
export const MatchSchema = z.object({
  entryKey: z.string(),
  listCode: z.string(),
  listKind: z.string(),
  externalId: z.string(),
  primaryName: z.string(),
  matchedName: z.string(),
  scoreBps: z.number().int(),
  nameScoreBps: z.number().int(),
  dateOfBirth: z.string(),
  nationality: z.string(),
  identifierMatch: z.boolean(),
});
export const CheckResultSchema = z.object({ reviewScoreBpsMin: z.number().int(), matches: z.array(MatchSchema) });
export const AlertParamsSchema = z.object({ alertId: z.uuid() });
export const ScreeningDecisionBodySchema = z.object({
  outcome: z.enum(['confirmed-match', 'false-positive']),
  reason: ReasonSchema,
});
export const ScreeningDecisionResultSchema = z.object({ playerState: z.string() });
