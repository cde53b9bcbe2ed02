import { CurrencyCodeSchema } from '@casino/core';
import { MoneyInputSchema } from '@casino/http';
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
  game: z
    .object({
      variant: z.string().describe("The tournament's game: a flop, stud or draw game, or a mix (mixed/horse)"),
      name: z.string(),
      currentVariant: z.string().nullable().describe("A mix: the game of the level now (the first level's before the start)"),
      currentName: z.string().nullable(),
      nextVariant: z
        .string()
        .nullable()
        .describe('A mix: the game of the next level (the game changes with each level, D-2070); null at the last level'),
      nextName: z.string().nullable(),
    })
    .describe('The game dealt now and next (002 HORSE-02, 8GAME-05; D-2040)'),
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
  mine: z
    .object({
      status: z.enum(['registered', 'unregistered', 'finished', 'cancelled']).describe('My latest entry'),
      seated: z
        .boolean()
        .describe('The tournament runs and I am in it: my table is GET /v1/poker/tables/{tournamentId} (docs/tournaments.md)'),
    })
    .nullable()
    .describe('My entry into this tournament; null: none'),
  satellite: z
    .object({
      seats: z.number().int(),
      seatValue: MoneyOutputSchema.describe('Each seat: the target buy-in (start fee + fee)'),
      targetTournamentId: z
        .string()
        .nullable()
        .describe('Set when the seats are tickets into this tournament (D-1956); null: paid in cash (004:GAM-P-T-13)'),
    })
    .nullable(),
  mysteryBounties: z
    .object({
      published: z.array(z.object({ amount: MoneyOutputSchema, count: z.number().int() })),
      remaining: z
        .array(MoneyOutputSchema)
        .nullable()
        .describe('While running: the bounties not drawn yet, largest first (004:GAM-P-T-21)'),
    })
    .nullable(),
  twister: z
    .object({
      multipliers: z.array(
        z.object({
          multiplier: z.number().int().describe('The prize pool is this many start fees'),
          probabilityPpm: z.number().int().describe('Its probability, parts per million'),
          prizePool: MoneyOutputSchema,
        }),
      ),
      expectedPrizePoolBps: z.number().int().describe('The expected prize pool per start fees paid, bps (below 10,000, D-1971)'),
      drawnMultiplier: z.number().int().nullable().describe('Drawn at the start by the RNG; null before'),
    })
    .nullable()
    .describe('A Twister: the published table of prize pools and probabilities (000-001:TRN-18, UI-07; D-1970)'),
  flight: z
    .object({
      day: z.union([z.literal(1), z.literal(2)]),
      eventId: z.string().describe("The event: its Day 2 tournament's id"),
      carry: z.enum(['flight', 'best-stack-forward', 'stack-builder']),
      qualifiers: z.number().int().nullable().describe('Day 1: it ends when this many players or fewer are left'),
    })
    .nullable()
    .describe("A flight event's day (004:GAM-P-T-17, D-1965): Day 1s are registered for; Day 2 seats their qualifiers"),
}).meta({ id: 'TournamentState' });

export const TicketListSchema = z
  .object({
    tickets: z.array(
      z.object({
        ticketId: z.string(),
        targetTournamentId: z.string(),
        targetName: z.string(),
        satelliteTournamentId: z.string(),
        value: MoneyOutputSchema,
        status: z
          .enum(['issued', 'used', 'cashed'])
          .describe('issued: registers me for the target without paying; used: it did; cashed: paid to my wallet (D-1959)'),
        entryId: z.string().nullable(),
        issuedAt: z.string(),
      }),
    ),
  })
  .meta({ id: 'TournamentTicketList' });

export const RegistrationSchema = z
  .object({
    entryId: z.string(),
    started: z.boolean().describe('A sit & go starts when its last seat is taken'),
    debit: MoneyOutputSchema.nullable().describe('What left the paying wallet (null: a freeroll)'),
    ticketId: z.string().nullable().describe('The satellite seat ticket that paid this entry; null: paid from the wallet'),
  })
  .meta({ id: 'TournamentRegistration' });

const FromWalletSchema = CurrencyCodeSchema.describe(
  "Pay from this wallet (002:WAL-09, BET-04, T-WAL-05): another currency than the tournament's is converted at the current rate without fee (002:WAL-08)",
);

export const RegistrationBodySchema = z.object({
  fromWallet: FromWalletSchema.optional(),
  confirmedDebit: MoneyInputSchema.optional().describe(
    'The debit shown to you before you confirmed (GET …/buy-in): another amount now (the rate moved) is 409 fx-quote-expired, nothing registered',
  ),
});

export const BuyInQuerySchema = z.object({
  fromWallet: FromWalletSchema.optional(),
  purchase: z
    .enum(['rebuy', 'add-on'])
    .optional()
    .describe(
      "The price of a rebuy or an add-on instead of the entry's (D-2618); a re-entry or late registration costs the entry's",
    ),
});

export const BuyInPriceSchema = z.object({
  startFee: MoneyOutputSchema.describe('Goes to the prize pool'),
  fee: MoneyOutputSchema.describe("The operator's fee"),
  total: MoneyOutputSchema.describe('Start fee + fee, in the tournament currency'),
  debit: MoneyOutputSchema.describe('What leaves the paying wallet now: the total converted at the current rate, no fee'),
  rate: z.string().nullable().describe("Units of the paying wallet's currency per tournament unit; null: no conversion"),
  ratePublishedAt: z.iso.datetime().nullable(),
});

export const PurchaseBodySchema = z.object({
  kind: z
    .enum(['rebuy', 'add-on', 're-entry', 'late-registration'])
    .describe(
      'rebuy: chips in the rebuy period (when the rules allow, e.g. out of chips); add-on: once, at its break; re-entry: a new entry after elimination in the late-registration period; late-registration: a first entry after the start, in that period',
    ),
  fromWallet: FromWalletSchema.optional(),
  confirmedDebit: MoneyInputSchema.optional().describe(
    'The debit shown to you before you confirmed (GET …/buy-in, with `purchase` for a rebuy or add-on): another amount now (the rate moved) is 409 fx-quote-expired, nothing bought',
  ),
});

export const PurchaseSchema = z
  .object({
    kind: z.enum(['rebuy', 'add-on', 're-entry', 'late-registration']),
    entryId: z.string().describe('The entry the chips went to (a new one for a re-entry or late registration)'),
    chips: z.string().describe('Tournament chips bought: they play from your next hand'),
    ledgerTransactionId: z.string().nullable().describe('The payment (null for a free purchase)'),
    replayed: z.boolean().describe('True when this idempotency key had bought already: nothing was done again'),
  })
  .meta({ id: 'TournamentPurchase' });

export const TournamentHandsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).max(200).optional().describe('nextCursor of the previous page'),
});

export const TournamentHandPageSchema = z
  .object({
    nextCursor: z.string().nullable(),
    hands: z.array(
      z.object({
        handId: z.string().describe('Recall it with GET /v1/poker/hands/{handId}'),
        tableNumber: z.number().int(),
        handNumber: z.number().int().describe("The hand's number at its table"),
        endedAt: z.string(),
        pot: z.string().describe('Tournament chips'),
        seat: z.number().int().describe('Your seat in the hand'),
        putIn: z.string().describe('Your tournament chips put in'),
        won: z.string().describe('Your tournament chips won'),
      }),
    ),
  })
  .meta({ id: 'TournamentHandPage' });
