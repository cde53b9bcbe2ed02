import { CurrencyCodeSchema } from '@casino/core';
import { IdempotencyKeySchema, MoneyInputSchema } from '@casino/http';
import { z } from 'zod';
import { MoneyOutputSchema } from './common.schema.ts';

/** Poker cash tables (issue 16, docs/poker-tables.md): the lobby entry, the table's views, the commands. */

export const PokerTableParamsSchema = z.object({ tableId: z.uuid() });

export const PokerCommandHeadersSchema = z.object({
  'idempotency-key': IdempotencyKeySchema.describe(
    "The client's id of this command: sent again with the same body, the first answer comes back and nothing is done twice",
  ),
});

export const PokerLobbyTableSchema = z
  .object({
    tableId: z.string(),
    game: z.literal('poker'),
    name: z.string(),
    profile: z.string().describe("The table's rule profile (HR, AT, CZ-PS, SE, CZ-FO): the rule book it follows"),
    variant: z.string().describe('The engine variant id, e.g. holdem/no-limit'),
    variantName: z.string(),
    structure: z
      .enum(['no-limit', 'pot-limit', 'fixed-limit', 'mixed'])
      .describe('Stud and draw games are fixed limit; mixed: a rotation with big-bet games (8-Game)'),
    currency: z.string().describe('Every amount of this table is in this currency (002:GEN-05)'),
    smallBlind: MoneyOutputSchema,
    bigBlind: MoneyOutputSchema,
    ante: MoneyOutputSchema,
    straddle: MoneyOutputSchema.describe('Zero: no straddle at this table'),
    buyInMin: MoneyOutputSchema,
    buyInMax: MoneyOutputSchema.nullable().describe('null: no maximum (fixed limit where the profile sets none)'),
    seatsMax: z.number().int(),
    seatsTaken: z.number().int(),
    averagePot: MoneyOutputSchema,
    handsPerHour: z.number(),
    rake: z.object({
      rateBps: z.number().int().describe('Rake rate in basis points (500 = 5 %)'),
      capPerHand: MoneyOutputSchema.nullable(),
      noFlopNoDrop: z.boolean().describe('No rake from a hand that ends before the flop'),
    }),
    actionTimeMs: z.number().int(),
    timeBankMs: z.number().int(),
    runItTimesMax: z
      .number()
      .int()
      .nullable()
      .describe('Run it twice: the most runs the players may agree on; null = not offered'),
    badBeatJackpot: z
      .object({
        size: MoneyOutputSchema.describe('The jackpot now'),
        drop: MoneyOutputSchema.describe('Taken from every raked pot into it'),
      })
      .nullable()
      .describe('The bad-beat jackpot this table plays for (GET /v1/poker/jackpots: its rules); null = none'),
    speedPool: z
      .object({
        tableSeats: z.number().int().describe('Seats of each table a hand of the pool is dealt at'),
        foldBeforeTurn: z.boolean().describe('You may fold (and move on to your next hand) before your turn (004:GAM-PT-06)'),
      })
      .nullable()
      .describe(
        "A speed-poker pool, not a table (docs/poker-tables.md#speed-poker): after a fold you are dealt into a new hand at another table at once; seatsMax and seatsTaken count the pool's players. null: a table",
      ),
    waitingListLength: z
      .number()
      .int()
      .nullable()
      .describe('Players waiting for a seat of this table (003:R-TBL-04); null = the table has no waiting list'),
  })
  .meta({ id: 'PokerLobbyTable' });

const SeatStatusSchema = z.enum(['joining', 'playing', 'sitting-out', 'leaving']);
const minor = z.string().describe('Minor units as a decimal string, in the table currency');

/** A stud or draw hand as everyone sees it (issue 20, D-2025): up-cards, how many down-cards, how many drawn. */
const FixedLimitPublicViewSchema = z
  .object({
    handId: z.string(),
    gameId: z.string().describe('The stud or draw game: stud, stud8, razz, draw5, 27td, 27sd, badugi, soko, …'),
    gameName: z.string(),
    family: z.enum(['stud', 'draw']),
    buttonSeat: z.number().int(),
    communityCards: z.array(z.string()).readonly().describe('Stud with too few cards for 7th street: the shared card'),
    potMinor: minor,
    phase: z.enum(['betting', 'drawing', 'complete']),
    street: z.number().int().describe('The betting round, 0-based (stud: 0 = third street)'),
    drawsDone: z.number().int().describe('Draws begun (the one being played counts)'),
    seatToAct: z.number().int().nullable(),
    seats: z
      .array(
        z.object({
          seat: z.number().int(),
          alias: z.string(),
          stackMinor: minor,
          betMinor: minor,
          folded: z.boolean(),
          allIn: z.boolean(),
          upCards: z.array(z.string()).readonly().describe('Face-up cards in the order dealt (stud)'),
          downCardCount: z.number().int().describe('Face-down cards held (their faces only in the owner’s view)'),
          drawn: z.array(z.number().int()).readonly().describe('Cards exchanged at each draw so far'),
          shownCards: z.array(z.string()).readonly().nullable(),
          mucked: z.boolean().describe('Mucked at the showdown unshown, where the table allows it (D-2050)'),
        }),
      )
      .readonly(),
  })
  .meta({ id: 'PokerFixedLimitPublicView' });

/** One player's own stud or draw hand: every card (up or down), the cards drawn, the legal moves. */
const FixedLimitPrivateViewSchema = z
  .object({
    seat: z.number().int(),
    cards: z
      .array(z.object({ card: z.string(), up: z.boolean() }))
      .readonly()
      .describe('Your cards in the order dealt'),
    drawnCards: z.array(z.array(z.string()).readonly()).readonly().describe('The cards you received at each draw'),
    legal: z
      .object({
        kind: z.enum(['bet', 'bring-in', 'draw']),
        fold: z.boolean(),
        check: z.boolean(),
        callMinor: minor.nullable(),
        bringInMinor: minor.nullable().describe('The bring-in; complete = raise to raiseToMinMinor'),
        raiseToMinMinor: minor.nullable().describe('bet, raise or complete: the street bet after it'),
        raiseToMaxMinor: minor.nullable(),
        discardMax: z.number().int().nullable().describe('A draw: the most cards you may exchange'),
      })
      .nullable(),
  })
  .meta({ id: 'PokerFixedLimitPrivateView' });

export const PokerPublicViewSchema = z
  .object({
    tableId: z.string(),
    version: z.number().int().describe('Increases with every change: drop a view older than the one you have'),
    handId: z.string().nullable(),
    handNumber: z.number().int(),
    buttonSeat: z.number().int().nullable(),
    seats: z
      .array(
        z.object({
          seat: z.number().int(),
          alias: z.string(),
          stackMinor: minor,
          status: SeatStatusSchema,
          betMinor: minor,
          inHand: z.boolean(),
          folded: z.boolean(),
          allIn: z.boolean(),
          shownCards: z.array(z.string()).readonly().nullable().describe('Cards shown at the showdown; never hole cards before'),
        }),
      )
      .readonly(),
    board: z.array(z.string()).readonly(),
    potsMinor: z.array(minor).readonly(),
    toAct: z
      .object({ seat: z.number().int(), deadlineAt: z.string(), turn: z.number().int() })
      .nullable()
      .describe('Whose turn it is, until when, and the turn number an action must quote'),
    lastResult: z.unknown().describe('The last completed hand: winners, amounts, rake (until the next hand starts)'),
    runOuts: z
      .array(z.array(z.string()).readonly())
      .readonly()
      .describe('Every run-out of the board (run it twice: one per run; the first is `board`)'),
    runItOffer: z
      .object({
        seatsToAnswer: z.array(z.number().int()).readonly(),
        runsMax: z.number().int().describe('The most runs you may propose (2 to 4)'),
        deadlineAt: z.string().describe('Silence until then counts as once'),
      })
      .nullable()
      .describe('Run it twice: the agreement step while it waits for answers (POST …/run-it, or the socket)'),
    game: z
      .object({
        variant: z.string().describe("The table's variant: a game, or a mix (mixed/horse)"),
        name: z.string(),
        currentVariant: z.string().nullable().describe('At a mixed table: the game being dealt (002:HORSE-02)'),
        currentName: z.string().nullable(),
        handOfGame: z
          .number()
          .int()
          .nullable()
          .describe(
            'A mixed table: the hand being dealt (or the last dealt) is this hand of the current game, 1-based (002:8GAME-05)',
          ),
        handsOfGame: z
          .number()
          .int()
          .nullable()
          .describe(
            'A mixed table: the hands the current game lasts (HORSE: an orbit, as many as the players; 8-Game: 6); else null',
          ),
        nextVariant: z
          .string()
          .nullable()
          .optional()
          .describe("A mixed tournament: the next level's game (one game per level, D-2070, D-2040); null at the last level"),
        nextName: z.string().nullable().optional(),
      })
      .optional()
      .describe("A stud, draw or mixed table's game; absent at a flop game's table"),
    fixedLimit: FixedLimitPublicViewSchema.optional().describe('A stud or draw hand (issue 20); absent otherwise'),
    allInEquity: z
      .object({
        street: z.enum(['preflop', 'flop', 'turn', 'river']),
        boards: z.number().int().describe('The boards that can still come, every one counted (exact, not sampled)'),
        seats: z
          .array(
            z.object({
              seat: z.number().int(),
              cards: z.array(z.string()).readonly().describe('The hand, face up'),
              wins: z.number().int().describe('Boards it wins alone'),
              ties: z.number().int().describe('Boards it ties'),
              winBps: z.number().int().describe('Chance of winning alone, basis points'),
              tieBps: z.number().int().describe('Chance of a tie, basis points'),
              equityBps: z.number().int().describe('Share of the pot (ties split), basis points'),
            }),
          )
          .readonly(),
      })
      .nullable()
      .optional()
      .describe(
        "An all-in run-out shown street by street (003:R-ALLIN-09, D-2038; SE Hold'em tournaments): the hands face up and each one's chance of winning; null otherwise; absent at other tables",
      ),
  })
  .meta({ id: 'PokerPublicView' });

export const PokerPrivateViewSchema = z
  .object({
    seat: z.number().int(),
    holeCards: z.array(z.string()).readonly(),
    legal: z
      .object({
        fold: z.boolean(),
        check: z.boolean(),
        callMinor: minor.nullable(),
        betMinMinor: minor.nullable(),
        betMaxMinor: minor.nullable(),
        raiseMinMinor: minor.nullable(),
        raiseMaxMinor: minor.nullable(),
        allIn: z.boolean(),
      })
      .nullable()
      .describe('On your turn: the legal actions and their amounts (a raise amount is the total to raise to)'),
    fixedLimit: FixedLimitPrivateViewSchema.nullable()
      .optional()
      .describe('A stud or draw hand: your cards, draws and legal moves (legal above is then null)'),
    speed: z
      .object({
        poolSeat: z.number().int(),
        status: z.enum(['waiting', 'playing', 'sitting-out', 'leaving']),
        chipsMinor: minor.describe('Your chips: free while waiting, your stack at the table while in a hand'),
        handsSinceBigBlind: z
          .number()
          .int()
          .describe('Hands dealt to you since you last posted the big blind: the most-owing player posts it'),
        table: z
          .object({
            number: z.number().int().describe("The pool's table this hand is dealt at (new with every hand)"),
            handId: z.string().nullable(),
            seat: z.number().int(),
            blind: z.enum(['small', 'big']).nullable().describe('The blind you posted in this hand'),
            view: PokerPublicViewSchema.describe("The hand's table; its toAct.turn is the turn an action must quote"),
          })
          .nullable()
          .describe('The hand you are in; null while you wait for the next'),
        movedFrom: z.number().int().nullable().describe('The table you left last (a fold, or the hand ended)'),
      })
      .optional()
      .describe('Only in a speed-poker pool: where you are in the pool'),
    tournamentId: z.string().optional().describe('Only at a tournament (the table id is its id): the tournament'),
    tableNumber: z.number().int().optional().describe("Only at a tournament: your table's number (your `table` in the snapshot)"),
    level: z
      .object({
        index: z.number().int().describe('0-based'),
        smallBlind: minor,
        bigBlind: minor,
        ante: minor,
      })
      .optional()
      .describe("Only at a tournament: the clock's level, in tournament chips"),
    onBreak: z.boolean().optional().describe('Only at a tournament: the clock is on a break'),
    paused: z.boolean().optional().describe('Only at a tournament: paused by staff (D-1935)'),
    playersLeft: z.number().int().optional().describe('Only at a tournament: players still in it'),
  })
  .meta({ id: 'PokerPrivateView' });

export const PokerSnapshotSchema = z
  .object({
    table: PokerPublicViewSchema,
    mine: PokerPrivateViewSchema.nullable().describe('Your seat, hole cards and legal actions; null for a spectator'),
    seatOffer: z
      .object({ expiresAt: z.iso.datetime() })
      .optional()
      .describe('A freed seat offered to you, first in the waiting list (003:R-TBL-04): sit down before expiresAt'),
  })
  .meta({ id: 'PokerSnapshot' });

export const WaitingListJoinResponseSchema = z
  .object({
    place: z.number().int().describe('Your place in the list: 1 = the next freed seat is offered to you'),
    length: z.number().int().describe('Players in the list, you included'),
  })
  .meta({ id: 'PokerWaitingListPlace' });

export const PokerCommandResponseSchema = PokerSnapshotSchema.extend({
  replayed: z.boolean().describe('This Idempotency-Key was answered before: the first answer, nothing done again'),
});

export const SitBodySchema = z.object({
  seat: z.number().int().min(1).max(10).optional().describe('A free seat; omit for the first free one'),
  buyIn: MoneyInputSchema.describe("The chips to bring, in the table currency, inside the table's buy-in range"),
  fromWallet: CurrencyCodeSchema.optional().describe(
    "Pay from this wallet (002:WAL-05, T-WAL-03): another currency than the table's is converted at the current rate without fee",
  ),
  waitForBigBlind: z.boolean().optional().describe('Rather wait for the big blind than post to play at once'),
});

export const ActionBodySchema = z.object({
  action: z
    .enum(['fold', 'check', 'call', 'bet', 'raise', 'all-in', 'bring-in', 'complete'])
    .describe("bring-in and complete: a stud game's first decision (the view's fixedLimit); fixed limit has no all-in action"),
  amount: MoneyInputSchema.optional().describe(
    'bet: the bet; raise: the total to raise to (stud/draw: optional, the one fixed size); not for the other actions',
  ),
  turn: z.number().int().min(0).describe("The turn you act on (the view's toAct.turn): a stale turn changes nothing"),
});

/** A draw game's exchange (issue 20, docs/poker-tables.md#stud-and-draw-games). */
export const DrawBodySchema = z.object({
  discard: z
    .array(z.number().int().min(0).max(4))
    .max(5)
    .describe('Positions (0-based) in mine.fixedLimit.cards of the cards to exchange; [] stands pat'),
  turn: z.number().int().min(0).describe("The turn you draw on (the view's toAct.turn): a stale turn changes nothing"),
});

export const RunItBodySchema = z.object({
  runs: z.number().int().min(1).max(4).describe('How many times to run the rest of the board; 1 declines (once for everyone)'),
});

export const TopUpBodySchema = z.object({ amount: MoneyInputSchema.describe('Chips to add, in the table currency') });

export const ChatBodySchema = z.object({ text: z.string().min(1).max(200) });

export const ChatResponseSchema = z.object({ sent: z.literal(true) });

export const HandParamsSchema = z.object({ handId: z.uuid() });

export const HandTextSchema = {
  description: 'The hand in the PokerStars text format most poker tools read, as you may see it',
  content: { 'text/plain': { schema: z.string() } },
};

export const HandPageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).max(200).optional().describe('nextCursor of the previous page'),
});

export const HandSummarySchema = z.object({
  handId: z.string(),
  tableId: z.string(),
  tableName: z.string(),
  handNumber: z.number().int(),
  seat: z.number().int().describe('Your seat in the hand'),
  currency: z.string(),
  putIn: MoneyOutputSchema.describe('What you put into the pot'),
  won: MoneyOutputSchema.describe('What you collected'),
  rake: MoneyOutputSchema.describe('The part of the rake your contribution bore'),
  pot: MoneyOutputSchema,
  endedAt: z.string(),
});

export const HandPageSchema = z.object({ nextCursor: z.string().nullable(), hands: z.array(HandSummarySchema) });

export const HandDetailSchema = z.object({
  handId: z.string(),
  tableId: z.string(),
  tableName: z.string(),
  handNumber: z.number().int(),
  profile: z.string(),
  tournamentId: z
    .string()
    .nullable()
    .describe("A live tournament's hand: its amounts (pot, put in, won) are tournament chips, not money (D-1937)"),
  currency: z.string(),
  startedAt: z.string(),
  endedAt: z.string(),
  pot: MoneyOutputSchema,
  rake: MoneyOutputSchema,
  seat: z.number().int().describe('Your seat in the hand'),
  players: z.array(z.object({ seat: z.number().int(), putIn: MoneyOutputSchema, won: MoneyOutputSchema })),
  text: z.string().describe('The hand as you may see it, PokerStars format (the .txt download has the same)'),
});
