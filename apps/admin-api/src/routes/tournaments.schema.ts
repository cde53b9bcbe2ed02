import { MoneyOutputSchema, UuidSchema } from '@casino/http';
import { CurrencyCodeSchema } from '@casino/core';
import { z } from 'zod';
import { ReasonSchema } from './common.schema.ts';

const statuses = ['REGISTERING', 'RUNNING', 'FINISHED', 'CANCELLED'] as const;

export const TournamentParamsSchema = z.object({ tournamentId: UuidSchema });
export const TournamentListQuerySchema = z.object({
  status: z.enum(statuses).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const StaffReasonBodySchema = z.object({ reason: ReasonSchema });

export const StaffTournamentSummarySchema = z.object({
  tournamentId: z.string(),
  name: z.string(),
  profile: z.string(),
  kind: z.enum(['scheduled', 'sit-and-go']),
  status: z.enum(statuses),
  startFee: MoneyOutputSchema,
  fee: MoneyOutputSchema,
  entrantsMin: z.number().int(),
  entrantsMax: z.number().int(),
  registered: z.number().int(),
  prizePool: MoneyOutputSchema.describe("The pool's ledger balance now"),
  guarantee: MoneyOutputSchema.nullable(),
  startsAt: z.string().nullable(),
});
export const StaffTournamentListSchema = z.object({ tournaments: z.array(StaffTournamentSummarySchema) });

export const StaffTournamentSchema = StaffTournamentSummarySchema.extend({
  definition: z
    .unknown()
    .describe('The definition it was created with (structure, payouts, fees, limits; bigints as {"$n": "…"})'),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  overlay: MoneyOutputSchema,
  startFeesPaid: MoneyOutputSchema.describe('Start fees the entries paid into the pool (rebuys and add-ons included)'),
  feesPaid: MoneyOutputSchema.describe("Fees the entries paid to the operator's fee revenue"),
  refunded: MoneyOutputSchema,
  prizesPaid: MoneyOutputSchema.describe('Prizes and bounties credited'),
  payouts: z.array(MoneyOutputSchema),
  clock: z.object({ level: z.number().int(), onBreak: z.boolean(), msToNext: z.number().nullable() }).nullable(),
  pausedByStaffAt: z
    .string()
    .nullable()
    .describe('Set by POST …/pause; the driving instance stops dealing at the next hand boundary'),
  driver: z.object({ instanceId: z.string(), leaseExpiresAt: z.string() }).nullable(),
  live: z
    .object({
      paused: z.boolean().describe('Whether the floor has applied a pause (as of the last hand boundary)'),
      handsPlayed: z.number().int(),
      level: z.number().int(),
      onBreak: z.boolean(),
      tables: z.array(
        z.object({
          tableNumber: z.number().int(),
          seats: z.array(z.object({ seat: z.number().int(), entryId: z.string(), chips: z.string() })),
        }),
      ),
    })
    .nullable(),
  entries: z.array(
    z.object({
      entryId: z.string(),
      playerId: z.string(),
      status: z.string(),
      registeredAt: z.string(),
      paidStart: MoneyOutputSchema,
      paidFee: MoneyOutputSchema,
      rebuys: z.number().int(),
      addOns: z.number().int(),
      chips: z.string().nullable(),
      active: z.boolean().nullable(),
      placeBest: z.number().int().nullable(),
      placeWorst: z.number().int().nullable(),
      prize: MoneyOutputSchema,
      bounty: MoneyOutputSchema,
      refund: MoneyOutputSchema,
      ticketId: z
        .string()
        .nullable()
        .describe('The satellite seat ticket that paid this entry (D-2039); null: paid from a wallet'),
    }),
  ),
  tickets: z
    .array(
      z.object({
        ticketId: z.string(),
        playerId: z.string(),
        satelliteTournamentId: z.string().describe('The satellite that won it'),
        value: MoneyOutputSchema.describe("This tournament's buy-in, held in its ticket account until used or cashed"),
        status: z.enum(['issued', 'used', 'cashed']).describe('issued: unused; used: paid an entry; cashed: paid to the wallet'),
        entryId: z.string().nullable(),
        issuedAt: z.string(),
        settledAt: z.string().nullable(),
      }),
    )
    .describe('Seat tickets into this tournament won in its satellites (D-1956..D-1959, D-2039)'),
});

export const PausedSchema = z.object({ tournamentId: z.string(), pausedByStaffAt: z.string().nullable() });
export const CancelledSchema = z.object({
  tournamentId: z.string(),
  status: z.literal('CANCELLED'),
  refunds: z.array(z.object({ entryId: z.string(), refund: MoneyOutputSchema })),
});

export const Day2StartedSchema = z.object({
  tournamentId: z.string(),
  started: z
    .boolean()
    .describe('false: fewer than 2 qualifiers, the Day 2 cancelled (none) or won by the lone qualifier (D-1967)'),
  entries: z.array(
    z.object({ entryId: z.string(), chips: z.string().describe('the stack carried from Day 1 (tournament chips)') }),
  ),
});

const MinorSchema = z
  .string()
  .regex(/^\d{1,15}$/)
  .describe('Minor units of the currency, a whole number');
const ChipsSchema = z
  .string()
  .regex(/^[1-9]\d{0,14}$/)
  .describe('Tournament chips, a whole number');
const TimeSchema = z.iso.datetime({ offset: true });

/**
 * A flight event (004:GAM-P-T-17, D-1965): the shape its days share, the Day 2's start and size, and each Day 1's
 * start, size and qualifiers. The domain check (the profile's formats, fees, structure) answers 422 tournament-invalid.
 */
export const FlightEventBodySchema = z.object({
  reason: ReasonSchema,
  profile: z.enum(['HR', 'AT', 'CZ-PS', 'SE', 'CZ-FO']),
  name: z.string().trim().min(1).max(80).describe('The event; its days are named "<name>: Day 1A", …, "<name>: Day 2"'),
  variant: z.string().min(1).max(40).describe('The game, a table variant id, e.g. holdem/no-limit'),
  currency: CurrencyCodeSchema,
  carry: z.enum(['flight', 'best-stack-forward', 'stack-builder']),
  seatsPerTable: z.number().int().min(2).max(10),
  startFeeMinor: MinorSchema.describe('Each Day 1 entry: to the event pool'),
  feeMinor: MinorSchema.describe("Each Day 1 entry: the operator's fee"),
  chips: ChipsSchema.describe('Starting chips of a Day 1 entry'),
  levels: z
    .array(
      z.object({
        smallBlind: ChipsSchema,
        bigBlind: ChipsSchema,
        ante: z.string().regex(/^\d{1,15}$/),
        durationMs: z.number().int().min(1).max(86_400_000),
        breakAfterMs: z.number().int().min(0).max(86_400_000),
      }),
    )
    .min(1)
    .max(100),
  payouts: z
    .array(
      z.object({ entrantsMin: z.number().int().min(2).max(100_000), placesBps: z.array(z.number().int()).min(1).max(1_000) }),
    )
    .min(1)
    .max(50)
    .describe("The event's payout table (paid at Day 2, by the number of qualifiers)"),
  handForHandAbovePaidMax: z.number().int().min(0).max(1_000),
  day2: z.object({ startsAt: TimeSchema, entrantsMax: z.number().int().min(2).max(100_000) }),
  day1s: z
    .array(
      z.object({
        startsAt: TimeSchema,
        entrantsMin: z.number().int().min(3).max(100_000),
        entrantsMax: z.number().int().min(3).max(100_000),
        qualifiers: z.number().int().min(2).max(100_000).describe('The Day 1 ends when this many players or fewer are left'),
      }),
    )
    .min(1)
    .max(20),
});

export const FlightEventCreatedSchema = z.object({ eventId: z.string(), day1Ids: z.array(z.string()) });

export const TournamentHandsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).max(200).optional().describe('nextCursor of the previous page'),
});

export const StaffTournamentHandPageSchema = z.object({
  nextCursor: z.string().nullable(),
  hands: z.array(
    z.object({
      handId: z.string().describe('Recall it whole with GET /v1/poker/hands/{handId}'),
      tableNumber: z.number().int(),
      handNumber: z.number().int().describe("The hand's number at its table"),
      endedAt: z.string(),
      pot: z.string().describe('Tournament chips'),
      players: z.array(
        z.object({
          playerId: z.string(),
          seat: z.number().int(),
          putIn: z.string().describe('Tournament chips'),
          won: z.string().describe('Tournament chips'),
        }),
      ),
    }),
  ),
});
