import { z } from 'zod';
import { MoneyOutputSchema } from './common.schema.ts';

/** Poker tournaments (issue 19, docs/tournaments.md): the lobby, one tournament's state, registration. */

export const TournamentParamsSchema = z.object({ tournamentId: z.uuid() });

export const TournamentStatusSchema = z.enum(['REGISTERING', 'RUNNING', 'FINISHED', 'CANCELLED']);

export const TournamentListQuerySchema = z.object({
  status: TournamentStatusSchema.optional().describe('Only tournaments in this state'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const TournamentSummarySchema = z
  .object({
    tournamentId: z.string(),
    name: z.string(),
    profile: z.string().describe('The rule profile (HR, AT, CZ-PS, SE, CZ-FO) the tournament follows'),
    kind: z.enum(['scheduled', 'sit-and-go']),
    status: TournamentStatusSchema,
    startFee: MoneyOutputSchema.describe('The part of the buy-in that goes to the prize pool'),
    fee: MoneyOutputSchema.describe("The operator's part of the buy-in (registration fee, commission)"),
    startingChips: z.string().describe('Tournament chips: no cash value'),
    entrantsMin: z.number().int(),
    entrantsMax: z.number().int(),
    registered: z.number().int(),
    prizePool: MoneyOutputSchema,
    guarantee: MoneyOutputSchema.nullable(),
    startsAt: z.string().nullable().describe('Scheduled start (the registration deadline); null for a sit & go'),
  })
  .meta({ id: 'TournamentSummary' });

export const TournamentListSchema = z.object({ tournaments: z.array(TournamentSummarySchema) }).meta({ id: 'TournamentList' });

export const TournamentStateSchema = TournamentSummarySchema.extend({
  payouts: z.array(MoneyOutputSchema).describe('The prize of each paid place for the pool now (the guarantee when larger)'),
  levels: z.array(
    z.object({
      smallBlind: z.string(),
      bigBlind: z.string(),
      ante: z.string(),
      durationMs: z.number().int(),
      breakAfterMs: z.number().int(),
    }),
  ),
  clock: z.object({ level: z.number().int(), onBreak: z.boolean(), msToNext: z.number().int().nullable() }).nullable(),
  standings: z.array(
    z.object({
      alias: z.string(),
      placeBest: z.number().int().nullable(),
      placeWorst: z.number().int().nullable().describe('Above placeBest when tied players share their places'),
      prize: MoneyOutputSchema,
      bounty: MoneyOutputSchema,
      status: z.string(),
    }),
  ),
}).meta({ id: 'TournamentState' });

export const RegistrationSchema = z
  .object({
    entryId: z.string(),
    started: z.boolean().describe('A sit & go starts when its last seat is taken'),
  })
  .meta({ id: 'TournamentRegistration' });
