import type { Card } from '../../cards/index.ts';
import type { HandRanking } from '../evaluator/ranking.ts';

/**
 * Chips are integer minor units of the table currency (cash games) or tournament chips. Always
 * `bigint`: no float ever touches an amount, and every division in the engine is a named floor.
 */
export type Chips = bigint;

export type BettingStructure = 'no-limit' | 'pot-limit' | 'fixed-limit';

/** One dealing step of a variant: how many community cards it deals, and its betting round. */
export interface Street {
  readonly name: 'preflop' | 'flop' | 'turn' | 'river';
  readonly boardCardCount: number;
  /** Fixed limit: which bet size applies ("small" = the big blind, "big" = twice it; 000-001:A-39). */
  readonly fixedLimitBetSize: 'small' | 'big';
}

/**
 * A poker variant is data, not code: the deck, the hole cards, the streets, the betting structure and
 * the rankings. Every variant here is a blinds game with a community board.
 */
export interface Variant {
  /** Stable id stored in hand histories, e.g. "nlhe", "plo8". */
  readonly id: string;
  /** Text for histories, e.g. "Hold'em No Limit". */
  readonly name: string;
  readonly deck: readonly Card[];
  readonly holeCardCount: number;
  readonly streets: readonly Street[];
  readonly structure: BettingStructure;
  readonly highRanking: HandRanking;
  /** Hi-lo variants: the low half's ranking (null strength = no qualifying low). */
  readonly lowRanking: HandRanking | null;
  /** 001 §8 offers running the board more than once only in Hold'em and Omaha (000-001:RIT-05). */
  readonly runItMoreTimesAllowed: boolean;
  /** Seats the deck can serve: hole cards for all plus a full board. */
  readonly playersMax: number;
}

export type AnteMode = 'none' | 'every-player' | 'big-blind';

/** The table's forced-bet amounts and rake (per table, never changing during a session: 004:GAM-PC-03). */
export interface Stakes {
  readonly smallBlind: Chips;
  readonly bigBlind: Chips;
  /** Dead ante; with mode "big-blind" the big blind posts it once for the whole table. */
  readonly ante: Chips;
  readonly anteMode: AnteMode;
  /** Optional straddle size (003:R-TH-02 B: 2 × BB). Used only when the table allows straddles. */
  readonly straddle: Chips;
  readonly rake: RakeRule;
  /**
   * 003:R-NL-01: at most this much may be committed by one player in one hand (2 × PBB), blinds and
   * antes included; null = no cap. Chips above the cap sit out the hand untouched.
   */
  readonly contributionMax: Chips | null;
}

export interface RakeRule {
  /** Basis points of each pot (500 = 5 %). 0 = no rake. */
  readonly rateBps: number;
  /** Largest rake taken from one hand, in chips; null = uncapped. */
  readonly capPerHand: Chips | null;
  /** 000-001:RAKE-02: no rake unless a flop was dealt. */
  readonly noFlopNoDrop: boolean;
}

export type HeadsUpBlinds = 'button-posts-small-blind' | 'literal-left-of-button';
export type TimeOutAction = 'check-or-fold' | 'fold';

/** Rules where the documents differ; a table picks them (see rules.ts for the profiles). */
export interface TableRules {
  /** 000-001:A-08 / 003:R-TH-06. */
  readonly headsUpBlinds: HeadsUpBlinds;
  /** 003:R-FL-03: uncapped fixed-limit raising when only two players can act at the start of a round. */
  readonly fixedLimitHeadsUpUncapped: boolean;
  /** Bets per fixed-limit round including the opening bet (000-001:BET-11: 4). */
  readonly fixedLimitBetsMax: number;
  /** 003:R-TH-02 B ("Ö" tables) / 000-001:A-37. */
  readonly straddleAllowed: boolean;
  /** 000-001:A-23: losing hands may be mucked unseen. */
  readonly muckAllowed: boolean;
  /** 001 §8: the largest number of run-outs players may agree on (1 = feature off). */
  readonly runItTimesMax: number;
  /** 001 §14.2 check-or-fold vs 003 §2.3 literal fold. */
  readonly timeOutAction: TimeOutAction;
}

/** Steps the engine takes by itself when enabled; tests switch them off to step manually. */
export type Automation =
  'forced-bet-posting' | 'hole-dealing' | 'board-dealing' | 'bet-collection' | 'hand-showing' | 'chips-pushing';

export const allAutomations: readonly Automation[] = Object.freeze([
  'forced-bet-posting',
  'hole-dealing',
  'board-dealing',
  'bet-collection',
  'hand-showing',
  'chips-pushing',
]);

export interface SeatedPlayer {
  /** Table seat number, 1..seatCount. */
  readonly seat: number;
  readonly name: string;
  readonly stack: Chips;
}

/** A post outside the normal blinds: new players and returning players (000-001:BTN-08..11). */
export interface ExtraPost {
  readonly seat: number;
  /** Counts toward the player's bet (may check if unraised). */
  readonly live: Chips;
  /** Goes to the pot only. */
  readonly dead: Chips;
}

/** Who posts which blind; the table planner (table-plan.ts) fills it, else derived from the button. */
export interface BlindAssignment {
  /** null = dead small blind (nobody posts it). */
  readonly smallBlindSeat: number | null;
  readonly bigBlindSeat: number;
  readonly straddleSeat: number | null;
  readonly extraPosts: readonly ExtraPost[];
}

export type Phase =
  | 'forced-bets'
  | 'hole-dealing'
  | 'betting'
  | 'bet-collection'
  | 'run-count-selection'
  | 'board-dealing'
  | 'showdown'
  | 'chips-pushing'
  | 'complete';

export type PlayerStatus = 'active' | 'folded' | 'all-in';

export interface PlayerState {
  readonly seat: number;
  readonly name: string;
  readonly startingStack: Chips;
  /** Chips kept out of this hand by Stakes.contributionMax; returned untouched. */
  readonly reserved: Chips;
  /** Chips behind, still playable this hand. */
  readonly stack: Chips;
  /** Live bet on the current street, not yet collected. */
  readonly bet: Chips;
  /** Everything put in this hand (antes, dead posts, bets), net of returned uncalled bets. */
  readonly contributed: Chips;
  /**
   * The part of `contributed` that buys no share of other players' chips: a big-blind ante and the
   * dead part of a post (decision D-805). It goes into the main pot.
   */
  readonly dead: Chips;
  readonly hole: readonly Card[];
  readonly status: PlayerStatus;
  /** Must act again before the betting round can close. */
  readonly needsToAct: boolean;
  /** Betting is open to this player (false after acting until a full raise reopens it). */
  readonly mayRaise: boolean;
  readonly showdown: 'pending' | 'shown' | 'mucked' | 'none';
  /** Run-it-more-times proposal (001 §8), null until chosen. */
  readonly runCountChoice: number | null;
}

export interface BettingRound {
  readonly street: number;
  readonly highestBet: Chips;
  /** The bet level of the last full bet or raise (the blind level pre-flop). */
  readonly lastFullBet: Chips;
  /** The smallest raise increment: max(BB, last full raise increment) (004:AMB-34). */
  readonly minRaiseIncrement: Chips;
  /** Fixed limit: bets counted toward the cap, the big blind being the first pre-flop (000-001:A-04). */
  readonly betCount: number;
  readonly capped: boolean;
  readonly actorIndex: number | null;
  /** Index of the last player to bet or raise voluntarily on this street. */
  readonly aggressorIndex: number | null;
}

export interface Pot {
  readonly amount: Chips;
  /** Player indices that may win this pot (not folded, contributed to its level). */
  readonly eligible: readonly number[];
  /** What each player put into this pot, by player index (for rake attribution, 000-001:RAKE-04). */
  readonly contributions: readonly Chips[];
}

export interface HandConfig {
  readonly handId: string;
  readonly variant: Variant;
  readonly stakes: Stakes;
  readonly rules: TableRules;
  readonly seatCount: number;
  readonly buttonSeat: number;
  readonly blinds: BlindAssignment;
  readonly automations: readonly Automation[];
}

export interface HandState {
  readonly config: HandConfig;
  /** The whole deck order for this hand; replaying it reproduces every card (000-001:DECK-09). */
  readonly deck: readonly Card[];
  readonly deckIndex: number;
  /** Dealt-in players in seat order. */
  readonly players: readonly PlayerState[];
  readonly phase: Phase;
  /** Index into variant.streets of the current or last street; -1 before the hole cards. */
  readonly street: number;
  /** One board per run-out; boards[0] is the only one unless players agreed to run it more times. */
  readonly boards: readonly (readonly Card[])[];
  readonly betting: BettingRound | null;
  /** The last betting round that had any action, and its last bettor or raiser (showdown order). */
  readonly lastRound: { readonly street: number; readonly aggressorIndex: number | null } | null;
  readonly pots: readonly Pot[];
  /** Showdown order (player indices) once showdown starts. */
  readonly showdownOrder: readonly number[];
  readonly result: HandResult | null;
  readonly operations: readonly Operation[];
}

export interface HandResultPlayer {
  readonly seat: number;
  readonly name: string;
  readonly startingStack: Chips;
  readonly endingStack: Chips;
  readonly contributed: Chips;
  readonly won: Chips;
  /** Rake borne by this player, in proportion to what they put in each pot (000-001:RAKE-04). */
  readonly rake: Chips;
  readonly net: Chips;
}

export interface HandResult {
  readonly players: readonly HandResultPlayer[];
  readonly rake: Chips;
  readonly potTotal: Chips;
  readonly voided: boolean;
}

// ---- Operation records: the hand's log, each frozen and appended in order. ----

export type ActionKind = 'fold' | 'check' | 'call' | 'bet' | 'raise';

export type Operation =
  | { readonly kind: 'ante-posted'; readonly seat: number; readonly amount: Chips; readonly allIn: boolean }
  | {
      readonly kind: 'blind-posted';
      readonly seat: number;
      readonly blind: 'small' | 'big' | 'straddle' | 'extra';
      readonly live: Chips;
      readonly dead: Chips;
      readonly allIn: boolean;
    }
  | { readonly kind: 'hole-dealt'; readonly seat: number; readonly cards: readonly Card[] }
  | { readonly kind: 'board-dealt'; readonly run: number; readonly street: number; readonly cards: readonly Card[] }
  | {
      readonly kind: 'action';
      readonly seat: number;
      readonly action: ActionKind;
      /** Chips added to the pot by this action. */
      readonly added: Chips;
      /** The player's street bet after the action. */
      readonly betAfter: Chips;
      readonly allIn: boolean;
      readonly timedOut: boolean;
    }
  | { readonly kind: 'bet-returned'; readonly seat: number; readonly amount: Chips }
  | { readonly kind: 'bets-collected'; readonly street: number; readonly amount: Chips }
  | { readonly kind: 'run-count-chosen'; readonly seat: number; readonly count: number }
  | { readonly kind: 'runs-agreed'; readonly count: number }
  | {
      readonly kind: 'hand-shown';
      readonly seat: number;
      readonly cards: readonly Card[];
      /** Per run: the high hand's description and the low's (null = no qualifying low). */
      readonly high: readonly string[];
      readonly low: readonly (string | null)[] | null;
    }
  | { readonly kind: 'hand-mucked'; readonly seat: number }
  | {
      readonly kind: 'rake-taken';
      readonly pot: number;
      readonly amount: Chips;
      readonly bySeat: readonly { readonly seat: number; readonly amount: Chips }[];
    }
  | {
      readonly kind: 'pot-awarded';
      readonly pot: number;
      readonly run: number;
      readonly half: 'whole' | 'high' | 'low';
      readonly seat: number;
      readonly amount: Chips;
    }
  | { readonly kind: 'hand-voided'; readonly refunds: readonly { readonly seat: number; readonly amount: Chips }[] }
  | { readonly kind: 'hand-ended'; readonly rake: Chips };

export interface Transition {
  readonly state: HandState;
  /** The operations this call appended (player action plus every automated step after it). */
  readonly events: readonly Operation[];
}

/** What the player to act may do, with amounts as "street bet after the action" (raise-to). */
export interface LegalActions {
  readonly seat: number;
  readonly fold: boolean;
  readonly check: boolean;
  /** Chips a call adds (less than the bet faced when all-in). */
  readonly call: Chips | null;
  /** Opening bet range (bet-to). */
  readonly bet: { readonly min: Chips; readonly max: Chips } | null;
  /** Raise-to range. */
  readonly raise: { readonly min: Chips; readonly max: Chips } | null;
  /** The street bet an all-in reaches, when all-in is one of the legal moves. */
  readonly allIn: Chips | null;
  readonly timeOut: 'check' | 'fold';
}
