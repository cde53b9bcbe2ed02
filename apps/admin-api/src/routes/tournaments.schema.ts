import { MoneyOutputSchema, UuidSchema } from '@casino/http';
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
    }),
  ),
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
