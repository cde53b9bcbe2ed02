import type { poker } from '@casino/games';
import type { FixedLimitHandRecord, FixedLimitPrivateView, FixedLimitPublicView } from './fixed-limit-table.ts';
import type { BadBeatJackpotSettings, PokerRuleProfile, PokerTableDefinition } from './profile.ts';

/**
 * The contract between the in-memory poker table (`PokerTable`, pure: no I/O, no clock of its own)
 * and the driver that leases the table, persists it and moves the money (issue 16).
 *
 * The driving instance holds one `PokerTable` per table it leases and feeds it commands one at a
 * time (a per-table queue). Chips move only inside the engine during a hand; everything that touches
 * money is asked of the driver as an effect and applied to the table only after the driver's
 * database transaction has committed:
 *
 *   sit (buy-in)  driver: limits + wallet → escrow + seat row, commit  → table.seatPlayer(...)
 *   top-up        table.command(top-up) → effect 'top-up' now or at hand end → driver posts → table.chipsAdded(...)
 *                 (or table.topUpRefused(...) when limits or funds refuse it)
 *   leave         table.command(leave) → effect 'release-seat' now or at hand end → driver posts escrow → wallet
 *                 → table.seatReleased(...)
 *   hand end      effect 'hand-complete' (record, stacks, rake) → driver: one transaction → table.handCommitted(...)
 *
 * Invariant (asserted by the driver after every hand commit): the escrow balance = Σ seat stacks as
 * stored, and the stored stacks are the stacks at the start of the running hand plus buy-ins and
 * top-ups made since (so a crash mid-hand voids the hand by construction: every chip back, no rake).
 */

export type SeatStatus =
  /** Sat down, waiting to be dealt in (for the big blind or a post, per the profile). */
  | 'joining'
  | 'playing'
  | 'sitting-out'
  /** Asked to leave during a hand; released when it ends. */
  | 'leaving';

export interface SeatState {
  readonly seat: number;
  readonly playerId: string;
  /** Display name at the table edge (alias). */
  readonly alias: string;
  /** Chips in front of the player now (during a hand: after what they put in so far). */
  readonly stackMinor: bigint;
  /** Chips bought during a hand, added when it ends (table stakes: 002:PK-POT-01, 004:GAM-P-06). */
  readonly pendingChipsMinor: bigint;
  /** A top-up asked for and not yet executed (queued to hand end, 000-001:UI-09). */
  readonly pendingTopUpMinor: bigint;
  readonly status: SeatStatus;
  /** Hands sat out in a row (the profile's maximum releases the seat). */
  readonly sitOutHands: number;
  readonly missedBigBlind: boolean;
  readonly missedButton: boolean;
  readonly waitForBigBlind: boolean;
  readonly timeBankMs: number;
  readonly connected: boolean;
}

/** Commands a player (or staff, or the clock) gives a table. Every one is validated; a refusal changes nothing. */
export type PlayerCommand =
  | {
      readonly kind: 'act';
      /** 'bring-in' and 'complete': the stud games' first decision (issue 20); refused at the flop games. */
      readonly action: 'fold' | 'check' | 'call' | 'bet' | 'raise' | 'all-in' | 'bring-in' | 'complete';
      readonly amountMinor?: bigint;
      readonly turn?: number;
    }
  /** A draw game's exchange (issue 20): the indices of the player's own cards to discard; none = stand pat. */
  | { readonly kind: 'draw'; readonly discard: readonly number[]; readonly turn?: number }
  | { readonly kind: 'show' | 'muck' }
  | { readonly kind: 'sit-out' }
  | { readonly kind: 'sit-in' }
  | { readonly kind: 'time-bank' }
  | { readonly kind: 'leave' }
  | { readonly kind: 'top-up'; readonly amountMinor: bigint }
  /** Run it twice (issue 18): how many times to run the rest of the board; 1 declines. */
  | { readonly kind: 'run-count'; readonly count: number };

/** What the driver must do for the table. Applied in order; each that moves money is one ledger transaction. */
export type TableEffect =
  | { readonly kind: 'top-up'; readonly seat: number; readonly playerId: string; readonly amountMinor: bigint }
  | {
      readonly kind: 'release-seat';
      readonly seat: number;
      readonly playerId: string;
      readonly stackMinor: bigint;
      readonly reason: 'left' | 'sit-out-max' | 'removed' | 'busted';
    }
  | { readonly kind: 'hand-complete'; readonly hand: CompletedHand }
  /** A tournament floor's state changed outside a hand (a rebuy offer lapsed, D-1936): the store writes it. */
  | { readonly kind: 'checkpoint' };

export interface CompletedHand {
  readonly handId: string;
  readonly handNumber: number;
  /**
   * The engine's JSON record (`poker.exportHandHistory`), replayable; a stud or draw hand's is its
   * `FixedLimitHandRecord` (issue 20, D-2024), told apart by `format`.
   */
  readonly history: poker.HandHistory | FixedLimitHandRecord;
  /**
   * The positions to store for the next hand when the table knows them better than the record (a stud
   * or draw hand; any hand of a mixed table, with the rotation's position). Absent: from the record.
   */
  readonly tablePositions?: (poker.Positions & { readonly mixed?: poker.MixedPosition }) | null;
  /**
   * The engine's final state of the hand, which the record was exported from: the store checks the
   * results and renders the text from it instead of replaying the record once more per hand.
   */
  readonly finalState?: poker.HandState;
  /** Stacks after the hand (pending chips not yet added), by seat. */
  readonly stacksAfter: readonly { readonly seat: number; readonly playerId: string; readonly stackMinor: bigint }[];
  readonly rakeMinor: bigint;
  /** Rake borne per player (000-001:RAKE-04), for VIP points and reports. */
  readonly rakeByPlayer: readonly { readonly playerId: string; readonly rakeMinor: bigint }[];
  /** Per player: put in, won, net (for limits: poker-cash settlements are counted at leave, not per hand). */
  readonly results: readonly {
    readonly playerId: string;
    readonly seat: number;
    readonly putInMinor: bigint;
    readonly wonMinor: bigint;
  }[];
  readonly flopDealt: boolean;
  /**
   * The bad-beat jackpot (issue 18, jackpot.ts): the drop this hand pays into it (borne by the
   * winners; `stacksAfter` are after it) and the bad beat that wins it. Absent: the table takes no part.
   */
  readonly jackpot?: {
    /** The published shares the payout follows (the table's profile's). */
    readonly shares: BadBeatJackpotSettings['shares'];
    readonly dropMinor: bigint;
    readonly dropBySeat: readonly { readonly seat: number; readonly playerId: string; readonly amountMinor: bigint }[];
    readonly badBeat: {
      readonly loserSeat: number;
      readonly winnerSeat: number;
      readonly loserCards: readonly string[];
      readonly winnerCards: readonly string[];
      readonly loserPlayerId: string;
      readonly winnerPlayerId: string;
      readonly otherPlayerIds: readonly string[];
    } | null;
  };
  /** Each decision a player made in time, from their turn's start, in ms (bot monitoring; issue 18). */
  readonly actionDelays?: readonly { readonly playerId: string; readonly delayMs: number }[];
  /**
   * A speed pool's hand (issue 18): the number of the pool's table it was dealt at. The store then
   * records it as a change of its players' pool stacks (store-speed-pool.ts), not as the table's one running hand.
   */
  readonly poolTableNumber?: number;
}

/** What everyone at the table (players and spectators) may see. */
export interface PublicTableView {
  readonly tableId: string;
  /** Increases with every change; a client drops a view older than the one it has. */
  readonly version: number;
  readonly handId: string | null;
  readonly handNumber: number;
  readonly buttonSeat: number | null;
  readonly seats: readonly {
    readonly seat: number;
    readonly alias: string;
    readonly stackMinor: string;
    readonly status: SeatStatus;
    readonly betMinor: string;
    readonly inHand: boolean;
    readonly folded: boolean;
    readonly allIn: boolean;
    /** Cards shown at the showdown (never hole cards before). */
    readonly shownCards: readonly string[] | null;
  }[];
  readonly board: readonly string[];
  readonly potsMinor: readonly string[];
  readonly toAct: { readonly seat: number; readonly deadlineAt: string; readonly turn: number } | null;
  /** The result of the last completed hand (winners, amounts, rake), until the next hand starts. */
  readonly lastResult: unknown;
  /** Run it twice (issue 18): every run-out of the board, the first being `board`; one entry when run once. */
  readonly runOuts: readonly (readonly string[])[];
  /** The run-it-twice agreement step while it waits: who still answers, the most runs, until when; else null. */
  readonly runItOffer: {
    readonly seatsToAnswer: readonly number[];
    readonly runsMax: number;
    readonly deadlineAt: string;
  } | null;
  /** The game (issue 20): the table's variant, and at a mixed table the game being dealt. Absent at a plain flop table. */
  readonly game?: {
    readonly variant: string;
    readonly name: string;
    readonly currentVariant: string | null;
    readonly currentName: string | null;
    /** A mixed table: the hand being dealt (or the last dealt) is this hand of its game, 1-based (002:8GAME-05); else null. */
    readonly handOfGame: number | null;
    /** A mixed table: the hands the current game lasts (an orbit: as many as the players dealt in, 002 AMB-ROUND); else null. */
    readonly handsOfGame: number | null;
    /** A mixed tournament (its game changes with each level, D-2070): the next level's game; null at the last level. Absent at cash tables. */
    readonly nextVariant?: string | null;
    readonly nextName?: string | null;
  };
  /** A stud or draw hand: up-cards, down-card counts, draws, bring-in (D-2025). Absent otherwise. */
  readonly fixedLimit?: FixedLimitPublicView;
  /**
   * A table that shows the all-in run-out (003:R-ALLIN-09, D-2038): while the board of an all-in hand
   * is dealt street by street, each hand face up with its exact chance of winning; null otherwise.
   * Absent at tables without the setting.
   */
  readonly allInEquity?: AllInEquityView | null;
}

/** Each hand's exact equity on the board dealt so far, every remaining board counted (003:R-ALLIN-09). */
export interface AllInEquityView {
  readonly street: 'preflop' | 'flop' | 'turn' | 'river';
  /** The boards that can still come (all of them counted). */
  readonly boards: number;
  readonly seats: readonly {
    readonly seat: number;
    readonly cards: readonly string[];
    /** Boards this hand wins alone, and ties. */
    readonly wins: number;
    readonly ties: number;
    /** Chance of winning alone, of a tie, and the share of the pot (ties split), basis points rounded half up. */
    readonly winBps: number;
    readonly tieBps: number;
    readonly equityBps: number;
  }[];
}

/** What one seated player sees in addition: their hole cards and, on their turn, the legal actions with amounts. */
export interface PrivateSeatView {
  readonly seat: number;
  readonly holeCards: readonly string[];
  readonly legal: {
    readonly fold: boolean;
    readonly check: boolean;
    readonly callMinor: string | null;
    readonly betMinMinor: string | null;
    readonly betMaxMinor: string | null;
    readonly raiseMinMinor: string | null;
    readonly raiseMaxMinor: string | null;
    readonly allIn: boolean;
  } | null;
  /** A stud or draw hand: the player's own cards (up and down), the cards drawn, the legal moves (D-2025). */
  readonly fixedLimit?: FixedLimitPrivateView | null;
}

export interface PokerTableSetup {
  readonly tableId: string;
  readonly profile: PokerRuleProfile;
  readonly definition: PokerTableDefinition;
  /** Seats as persisted (after a takeover: the stored stacks, i.e. the interrupted hand voided). */
  readonly seats: readonly Pick<SeatState, 'seat' | 'playerId' | 'alias' | 'stackMinor' | 'status'>[];
  readonly handNumber: number;
  readonly previousPositions: poker.Positions | null;
}
