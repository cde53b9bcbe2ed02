import type { Card } from '../cards/index.ts';
import type { BlackjackTableLimits } from './limits.ts';
import type { BlackjackRules, BlackjackWarningKind } from './rules.ts';

/**
 * Blackjack round state: plain data (amounts bigint minor units in `…Minor` fields, cards as
 * numbers), deeply frozen, stored with `blackjackStateToJson`. The whole shoe of the round is part
 * of the state from the deal on, so the service must show players `blackjackTableView(state)`,
 * never the state itself.
 */

export type HandStatus =
  /** Waiting for the player's decision (or, after a split, for its second card). */
  | 'playing'
  | 'stood'
  | 'busted'
  /** Doubled: one card taken, the hand is finished. */
  | 'doubled'
  /** Reached 21 with three or more cards, or two after a split: finished. */
  | 'twenty-one'
  /** Ace and ten as the box's first two cards. */
  | 'blackjack'
  /** A split ace that got its one card. */
  | 'split-ace'
  /** Card Charlie: that many cards without busting (004:GAM-BJ-08, GAM-BS-04). */
  | 'charlie'
  | 'surrendered';

export interface BlackjackHand {
  readonly cards: readonly Card[];
  /** The box's initial stake (hand 0) or the stake a split added. */
  readonly stakeMinor: bigint;
  /** Hand 0 carries the initial stake; against a dealer blackjack that is the stake always lost. */
  readonly holdsInitialStake: boolean;
  /** Added by doubling; 0 when the hand did not double. */
  readonly doubleStakeMinor: bigint;
  readonly fromSplit: boolean;
  readonly splitAces: boolean;
  readonly status: HandStatus;
}

export type SideDecision = 'not-offered' | 'pending' | 'taken' | 'declined';

export interface BlackjackBox {
  readonly seat: number;
  readonly stakeMinor: bigint;
  readonly hands: readonly BlackjackHand[];
  readonly insurance: SideDecision;
  readonly insuranceStakeMinor: bigint;
  readonly evenMoney: SideDecision;
  /** 004:GAM-B-17: on until the player switches them off at a warning. */
  readonly warningsEnabled: boolean;
  /** The player has made a decision on this box (surrender is only possible before any). */
  readonly acted: boolean;
  /** Set when the box left this round for a temporary table (004:TEC-03). */
  readonly movedToTemporaryTable: boolean;
}

export interface SeatBet {
  readonly seat: number;
  readonly stakeMinor: bigint;
  readonly confirmed: boolean;
  readonly warningsEnabled: boolean;
}

export type BlackjackPhase = 'betting' | 'insurance' | 'player-turns' | 'settled';

export interface TemporaryTableOrigin {
  readonly originRoundId: string;
  readonly seat: number;
  /** The hand that was to act when the box left the live table. */
  readonly handIndex: number;
}

export interface BlackjackRoundConfig {
  readonly roundId: string;
  readonly rules: BlackjackRules;
  readonly limits: BlackjackTableLimits;
  readonly seatsMax: number;
  readonly seedCommitment: string;
  /** Set on a temporary table (004:TEC-03): the box carried over from the interrupted round. */
  readonly temporaryTable: (TemporaryTableOrigin & { readonly box: BlackjackBox }) | null;
}

export interface HandResult {
  readonly hand: number;
  readonly outcome: 'blackjack' | 'win' | 'charlie' | 'push' | 'lose' | 'bust' | 'surrender' | 'even-money';
  readonly stakeMinor: bigint;
  /** Paid back for this hand, stake included. */
  readonly returnedMinor: bigint;
}

export interface BoxSettlement {
  readonly seat: number;
  /** Everything the box staked: initial, splits, doubles and insurance. */
  readonly stakedMinor: bigint;
  /** Everything it gets back, stakes included. */
  readonly returnedMinor: bigint;
  readonly insuranceReturnedMinor: bigint;
  readonly hands: readonly HandResult[];
}

export interface BlackjackState {
  readonly config: BlackjackRoundConfig;
  readonly phase: BlackjackPhase;
  readonly bets: readonly SeatBet[];
  readonly boxes: readonly BlackjackBox[];
  /** The shuffled shoe of this round (fixed at the deal, 004:GAM-BJ-01), and how many cards it has dealt. */
  readonly shoe: readonly Card[] | null;
  readonly dealt: number;
  readonly dealerCards: readonly Card[];
  /** The dealer's second card is dealt but not shown. */
  readonly holeCardHidden: boolean;
  readonly dealerBlackjack: boolean | null;
  /** Whose decision it is in the player-turns phase. */
  readonly turn: { readonly seat: number; readonly hand: number } | null;
  readonly settlements: readonly BoxSettlement[] | null;
  readonly actions: readonly BlackjackAction[];
  readonly events: readonly BlackjackEvent[];
}

/** Options a decision may carry when it would trigger a warning (004:GAM-B-17). */
export interface WarnedDecision {
  /** The player saw the warning and confirmed the decision again. */
  readonly reconfirmed?: boolean;
  /** Switch the warnings off, possible only while one is shown (with a reconfirmation). */
  readonly disableWarnings?: boolean;
}

export type BlackjackAction =
  | { readonly kind: 'place-bet'; readonly seat: number; readonly stakeMinor: bigint; readonly warningsEnabled?: boolean }
  | { readonly kind: 'clear-bet'; readonly seat: number }
  | { readonly kind: 'confirm-bet'; readonly seat: number }
  | { readonly kind: 'close-betting' }
  | { readonly kind: 'insurance'; readonly seat: number; readonly take: boolean }
  | { readonly kind: 'even-money'; readonly seat: number; readonly take: boolean }
  | ({ readonly kind: 'hit' | 'stand' | 'double'; readonly seat: number } & WarnedDecision)
  | { readonly kind: 'split'; readonly seat: number }
  | { readonly kind: 'surrender'; readonly seat: number }
  /** The player's timer ran out: pending insurance is declined, the hand to act stands (004:AMB-27). */
  | { readonly kind: 'time-out'; readonly seat: number }
  /** The player dropped out mid-round: the box leaves for a temporary table (004:TEC-03). */
  | { readonly kind: 'move-to-temporary-table'; readonly seat: number };

export type BlackjackEvent =
  | {
      readonly kind: 'round-opened';
      readonly roundId: string;
      readonly rulesId: string;
      readonly seedCommitment: string;
      readonly temporaryTableFor: string | null;
    }
  | { readonly kind: 'bet-placed'; readonly seat: number; readonly stakeMinor: bigint }
  | { readonly kind: 'bet-cleared'; readonly seat: number }
  /** The stake to debit for the box. */
  | { readonly kind: 'bet-confirmed'; readonly seat: number; readonly stakeMinor: bigint }
  | { readonly kind: 'betting-closed'; readonly dropped: readonly number[] }
  | { readonly kind: 'shoe-shuffled'; readonly decks: number; readonly cardCount: number }
  | { readonly kind: 'card-dealt'; readonly seat: number; readonly hand: number; readonly card: number }
  | { readonly kind: 'dealer-card-dealt'; readonly card: number; readonly faceDown: boolean }
  | { readonly kind: 'insurance-offered'; readonly seats: readonly number[]; readonly evenMoneySeats: readonly number[] }
  /** Additional stakes to debit: insurance, double, split. */
  | { readonly kind: 'insurance-taken'; readonly seat: number; readonly stakeMinor: bigint }
  | { readonly kind: 'insurance-declined'; readonly seat: number }
  | { readonly kind: 'even-money-taken'; readonly seat: number }
  | { readonly kind: 'even-money-declined'; readonly seat: number }
  | { readonly kind: 'dealer-checked'; readonly blackjack: boolean }
  | { readonly kind: 'turn'; readonly seat: number; readonly hand: number }
  | { readonly kind: 'hit'; readonly seat: number; readonly hand: number; readonly warnings: readonly BlackjackWarningKind[] }
  | {
      readonly kind: 'stood';
      readonly seat: number;
      readonly hand: number;
      readonly warnings: readonly BlackjackWarningKind[];
      readonly timedOut: boolean;
    }
  | {
      readonly kind: 'doubled';
      readonly seat: number;
      readonly hand: number;
      readonly stakeMinor: bigint;
      readonly warnings: readonly BlackjackWarningKind[];
    }
  | {
      readonly kind: 'split';
      readonly seat: number;
      readonly hand: number;
      readonly newHand: number;
      readonly stakeMinor: bigint;
    }
  | { readonly kind: 'surrendered'; readonly seat: number }
  | { readonly kind: 'warnings-disabled'; readonly seat: number }
  | {
      readonly kind: 'hand-finished';
      readonly seat: number;
      readonly hand: number;
      readonly status: HandStatus;
      readonly total: number;
    }
  | { readonly kind: 'moved-to-temporary-table'; readonly seat: number; readonly handIndex: number; readonly box: BlackjackBox }
  | { readonly kind: 'hole-card-revealed'; readonly card: number }
  | { readonly kind: 'dealer-stood'; readonly total: number; readonly blackjack: boolean; readonly busted: boolean }
  /** The wins to credit: per box, stakes included. */
  | { readonly kind: 'round-settled'; readonly boxes: readonly BoxSettlement[] };

export interface BlackjackTransition {
  readonly state: BlackjackState;
  readonly events: readonly BlackjackEvent[];
  /** Warnings the decision triggers (004:GAM-B-17). */
  readonly warnings: readonly BlackjackWarningKind[];
  /** True when the decision was not applied because the player must confirm it again. */
  readonly needsReconfirmation: boolean;
}

export type { BlackjackRules, BlackjackTableLimits, BlackjackWarningKind };
