import type { SeedCommitment } from '../rng/index.ts';
import type { PlatynkoCardId, PlatynkoRank, PlatynkoSuit } from './canvas.ts';
import type { PlatynkoTableLimits } from './limits.ts';

/**
 * Plátýnko round state: plain data, amounts as bigint minor units in `…Minor` fields (the game JSON
 * codec's rule), so the service can store it and read it back exactly. Every state is deeply frozen.
 * Cards are canvas ids (`hearts-VII`) in fields named `cardId` and `drawn`, never `card`/`cards`
 * (those hold the 52-card deck's cards in the codec).
 */

/** What a player asks for; the engine turns it into chips on cards (placements). */
export type PlatynkoBetRequest =
  | { readonly kind: 'card'; readonly cardId: PlatynkoCardId; readonly chipMinor: bigint }
  /** 004:GAM-PL-09: the chip on each of the 8 cards of the suit. */
  | { readonly kind: 'row'; readonly suit: PlatynkoSuit; readonly chipMinor: bigint }
  /** 004:GAM-PL-09: the chip on each of the 4 cards of the rank. */
  | { readonly kind: 'column'; readonly rank: PlatynkoRank; readonly chipMinor: bigint };

/** Chips on one card. */
export interface ChipPlacement {
  readonly cardId: PlatynkoCardId;
  readonly stakeMinor: bigint;
}

export interface PlatynkoPlacedBet {
  /** Numbered per seat in placing order. */
  readonly betId: number;
  /** The request, or the rebet that repeated the previous round's layout (factor 2: double rebet). */
  readonly request: PlatynkoBetRequest | { readonly kind: 'rebet'; readonly factor: 1 | 2 };
  readonly placements: readonly ChipPlacement[];
  readonly stakeMinor: bigint;
}

export interface PlatynkoSeat {
  readonly seat: number;
  /** Placed but not confirmed: Undo and Clear work on these; dropped when betting closes. */
  readonly pending: readonly PlatynkoPlacedBet[];
  /** Confirmed: stored and debited, settled whatever happens to the connection (004:GAM-PL-11); the seat's betting is then closed. */
  readonly confirmed: readonly PlatynkoPlacedBet[];
  readonly nextBetId: number;
}

export interface PlatynkoRoundConfig {
  readonly roundId: string;
  readonly limits: PlatynkoTableLimits;
  readonly seatsMax: number;
  /** SHA-256 of the round seed, published before the draw. */
  readonly seedCommitment: SeedCommitment;
}

export type PlatynkoPhase = 'betting' | 'closed' | 'settled';

export interface CardResult {
  readonly cardId: PlatynkoCardId;
  readonly stakeMinor: bigint;
  /** 1..8, or null when the card was not drawn. */
  readonly position: number | null;
  /** Stake × the position's multiplier, stake included; 0 when not drawn. Before the win cap. */
  readonly returnedMinor: bigint;
}

export interface PlatynkoSeatSettlement {
  readonly seat: number;
  readonly stakedMinor: bigint;
  /** What the seat is paid, stakes included (gross), after the maximum win. */
  readonly returnedMinor: bigint;
  /** returned − staked: the net result (004:AMB-21 keeps gross and net). */
  readonly netMinor: bigint;
  /** What the maximum win cut off (0 unless the cap applied, 004:T-127). */
  readonly cappedMinor: bigint;
  /** Per card, the seat's total stake there (every bet on the card together). */
  readonly cardResults: readonly CardResult[];
}

export interface PlatynkoState {
  readonly config: PlatynkoRoundConfig;
  readonly phase: PlatynkoPhase;
  readonly seats: readonly PlatynkoSeat[];
  /** The 8 cards in draw order, once drawn. */
  readonly drawn: readonly PlatynkoCardId[] | null;
  readonly settlements: readonly PlatynkoSeatSettlement[] | null;
  /** Every accepted action in order: with the seed, the round's whole input. */
  readonly actions: readonly PlatynkoAction[];
  readonly events: readonly PlatynkoEvent[];
}

export type PlatynkoAction =
  | { readonly kind: 'place-bets'; readonly seat: number; readonly bets: readonly PlatynkoBetRequest[] }
  /** "Zpět": the last unconfirmed bet comes off (004:GAM-PL-06). */
  | { readonly kind: 'undo'; readonly seat: number }
  /** "Smazat sázky": every unconfirmed bet comes off (004:GAM-PL-06). */
  | { readonly kind: 'clear-bets'; readonly seat: number }
  /**
   * "Vsadit znovu": the seat's layout of its previous round (the service reads it from that round's
   * record and puts it in the action, so replay needs nothing else), once or doubled (004:GAM-PL-10).
   */
  | { readonly kind: 'rebet'; readonly seat: number; readonly layout: readonly ChipPlacement[]; readonly factor: 1 | 2 }
  /** "Potvrdit sázky": the unconfirmed bets are closed and debited (004:GAM-PL-06, BET-04). */
  | { readonly kind: 'confirm-bets'; readonly seat: number }
  | { readonly kind: 'close-betting' }
  | { readonly kind: 'draw' };

export type PlatynkoEvent =
  | { readonly kind: 'round-opened'; readonly roundId: string; readonly game: 'platynko'; readonly seedCommitment: string }
  | {
      readonly kind: 'bets-placed';
      readonly seat: number;
      readonly bets: readonly PlatynkoPlacedBet[];
      readonly stakeMinor: bigint;
    }
  | { readonly kind: 'bet-undone'; readonly seat: number; readonly betId: number; readonly stakeMinor: bigint }
  | { readonly kind: 'bets-cleared'; readonly seat: number; readonly stakeMinor: bigint }
  /** The stake to debit: the service posts exactly this amount for the seat. */
  | { readonly kind: 'bets-confirmed'; readonly seat: number; readonly betIds: readonly number[]; readonly stakeMinor: bigint }
  | { readonly kind: 'betting-closed'; readonly dropped: readonly { readonly seat: number; readonly stakeMinor: bigint }[] }
  /** The 8 cards, in the order the dealer drew them. */
  | { readonly kind: 'cards-drawn'; readonly drawn: readonly PlatynkoCardId[] }
  /** The wins to credit: `returnedMinor` per seat, stakes included. */
  | { readonly kind: 'round-settled'; readonly seats: readonly PlatynkoSeatSettlement[] };

export interface PlatynkoTransition {
  readonly state: PlatynkoState;
  /** The events this action appended. */
  readonly events: readonly PlatynkoEvent[];
}
