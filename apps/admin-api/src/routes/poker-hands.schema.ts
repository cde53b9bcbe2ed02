import { MoneyOutputSchema, problemResponses } from '@casino/http';
import { z } from 'zod';

export const HandParamsSchema = z.object({ handId: z.uuid() });

export const StaffHandSchema = z.object({
  handId: z.string(),
  tableId: z.string(),
  tableName: z.string(),
  profile: z.string(),
  tournamentId: z
    .string()
    .nullable()
    .describe("A live tournament's hand: its amounts (pot, put in, won) are tournament chips, not money (D-1937)"),
  handNumber: z.number().int(),
  status: z.enum(['completed', 'voided']),
  voidReason: z.string().nullable().describe('Why a hand was voided (its table server stopped): every chip went back'),
  currency: z.string(),
  startedAt: z.string(),
  endedAt: z.string(),
  pot: MoneyOutputSchema,
  rake: MoneyOutputSchema,
  flopDealt: z.boolean(),
  rakeTransactionId: z.string().nullable().describe('The ledger transaction that took the rake'),
  replayVerified: z
    .boolean()
    .describe('The stored record was dealt again from its deck and every decision re-applied, reproducing every operation'),
  players: z.array(
    z.object({
      playerId: z.string(),
      seat: z.number().int(),
      putIn: MoneyOutputSchema,
      won: MoneyOutputSchema,
      rake: MoneyOutputSchema.describe('The part of the rake this player bore'),
      residenceCountry: z.string(),
    }),
  ),
  text: z.string().nullable().describe('The hand with every card (the server view), PokerStars format'),
  history: z.unknown().describe("The engine's replayable record: deck, seats, every decision (docs/poker.md)"),
});

export const pokerHandProblems = problemResponses(400, 401, 403, 404);
