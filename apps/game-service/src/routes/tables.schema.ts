import { z } from 'zod';
import { EngineJsonSchema, MoneyOutputSchema } from './common.schema.ts';
import { PokerLobbyTableSchema } from './poker.schema.ts';

export const LobbyQuerySchema = z.object({
  game: z.enum(['roulette', 'blackjack', 'platynko', 'poker']).optional().describe('One game; omit for every table'),
});

const RoundStatusSchema = z
  .object({ roundId: z.string(), phase: z.string(), version: z.number().int(), deadlineAt: z.string().nullable() })
  .nullable();

export const TableSchema = z.object({
  tableId: z.string(),
  code: z.string(),
  name: z.string(),
  game: z.enum(['roulette', 'blackjack', 'platynko']),
  variant: z.string().describe('The roulette variant (european, french, double-ball), the blackjack preset, or fortuna-platynko'),
  currency: z.string(),
  limits: z.record(z.string(), MoneyOutputSchema).describe('The table limits (004:GAM-RE-07..09, GAM-BJ-04, GAM-PL-01)'),
  seatsMax: z.number().int(),
  seatsTaken: z.number().int(),
  bettingTimeMs: z.number().int(),
  actionTimeMs: z.number().int(),
  idleRoundsMax: z.number().int(),
  round: RoundStatusSchema,
});

/** 002:RG-09, REG-03: who runs the games, under whose licence, the harm warning with help, and the terms. */
export const LobbyNoticesSchema = z.object({
  operator: z.object({
    name: z.string(),
    registeredOffice: z.string(),
    companyId: z.string().optional(),
    website: z.string(),
    contact: z.string(),
  }),
  licence: z.object({ kind: z.string(), authority: z.string().describe('The authority that granted the basic licence') }),
  harmWarning: z.object({
    text: z.string(),
    url: z.string().describe("The operator's page warning that gambling may be harmful"),
    help: z.object({ name: z.string(), contact: z.string() }).describe('An institution for problem gambling'),
  }),
  termsUrl: z.string().describe('The terms accepted at registration'),
});

export const LobbyResponseSchema = z.object({
  tables: z
    .array(z.union([TableSchema, PokerLobbyTableSchema]))
    .describe('Roulette, blackjack and Plátýnko tables, then poker cash tables (`game` tells them apart)'),
  notices: LobbyNoticesSchema,
});

export const TableDetailSchema = TableSchema.extend({
  seats: z.array(z.object({ seat: z.number().int(), status: z.enum(['seated', 'leaving']), mine: z.boolean() })),
  view: EngineJsonSchema.nullable(),
  playing: z
    .object({
      session: z
        .object({ startedAt: z.string(), playedMs: z.number().int() })
        .nullable()
        .describe("Your play session at this table: the time indicator's source; null until you play"),
      harmWarning: z.string().describe('Gambling may be harmful'),
    })
    .describe('What the table view must show (002:RG-10)'),
});

export const TakeSeatBodySchema = z.object({
  seat: z.number().int().min(1).max(5).optional().describe('A free seat; omit for the first free one'),
});
export const TakeSeatResponseSchema = z.object({ seat: z.number().int(), roundId: z.string().nullable() });
export const LeaveSeatResponseSchema = z.object({
  left: z.boolean().describe('false: you have a stake in the running round; the seat is freed when it ends'),
});
