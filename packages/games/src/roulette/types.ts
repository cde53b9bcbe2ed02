import type { SeedCommitment } from '../rng/index.ts';
import type { AnnouncedBetName } from './announced-bets.ts';
import type { BetType, OutsidePositionName } from './layout.ts';
import type { RouletteTableLimits } from './limits.ts';
import type { RouletteVariant } from './variants.ts';

/**
 * Roulette round state: plain data, amounts as bigint minor units in `…Minor` fields, so
 * `roulette-json.ts` can store it and read it back exactly. Every state is deeply frozen.
 */

/** What a player asks for; the engine turns it into chips on positions (placements). */
export type RouletteBetRequest =
  | { readonly kind: 'inside'; readonly numbers: readonly number[]; readonly stakeMinor: bigint }
  | { readonly kind: 'outside'; readonly position: OutsidePositionName; readonly stakeMinor: bigint }
  /** Racetrack neighbours: `centre` and `perSide` numbers each side in wheel order, one chip each. */
  | { readonly kind: 'neighbours'; readonly centre: number; readonly perSide: number; readonly chipMinor: bigint }
  | { readonly kind: 'announced'; readonly name: AnnouncedBetName; readonly chipMinor: bigint };

export interface Placement {
  readonly key: string;
  readonly type: BetType;
  readonly numbers: readonly number[];
  /** Chips of `chipMinor` on this position from one request: Voisins puts 2 on 0/2/3. */
  readonly chips: number;
  readonly chipMinor: bigint;
  readonly stakeMinor: bigint;
}

export interface PlacedBet {
  /** Numbered per seat in placing order; settlement reports per bet id. */
  readonly betId: number;
  readonly request: RouletteBetRequest;
  readonly placements: readonly Placement[];
  readonly stakeMinor: bigint;
}

export interface RouletteSeat {
  readonly seat: number;
  /** Placed but not confirmed: removed when betting closes (004:GAM-R-07). */
  readonly pending: readonly PlacedBet[];
  readonly confirmed: readonly PlacedBet[];
  readonly nextBetId: number;
}

export interface RouletteRoundConfig {
  readonly roundId: string;
  readonly variant: RouletteVariant;
  readonly limits: RouletteTableLimits;
  readonly seatsMax: number;
  /** SHA-256 of the round seed, published before the spin. */
  readonly seedCommitment: SeedCommitment;
}

export type RoulettePhase = 'betting' | 'closed' | 'settled';

export interface PlacementResult {
  readonly key: string;
  readonly stakeMinor: bigint;
  /** Everything paid back on this position, stake included; 0 when it lost. */
  readonly returnedMinor: bigint;
  readonly outcome: 'won' | 'lost' | 'la-partage' | 'partly-won';
}

export interface BetResult {
  readonly betId: number;
  readonly stakeMinor: bigint;
  readonly returnedMinor: bigint;
  readonly placements: readonly PlacementResult[];
}

export interface SeatSettlement {
  readonly seat: number;
  readonly stakedMinor: bigint;
  readonly returnedMinor: bigint;
  readonly bets: readonly BetResult[];
}

export interface RouletteState {
  readonly config: RouletteRoundConfig;
  readonly phase: RoulettePhase;
  readonly seats: readonly RouletteSeat[];
  /** Where the ball (two balls in double-ball roulette) landed. */
  readonly pockets: readonly number[] | null;
  readonly settlements: readonly SeatSettlement[] | null;
  /** Every accepted action in order: with the seed, the round's whole input. */
  readonly actions: readonly RouletteAction[];
  readonly events: readonly RouletteEvent[];
}

export type RouletteAction =
  | { readonly kind: 'place-bets'; readonly seat: number; readonly bets: readonly RouletteBetRequest[] }
  | { readonly kind: 'clear-bets'; readonly seat: number }
  | { readonly kind: 'confirm-bets'; readonly seat: number }
  | { readonly kind: 'close-betting' }
  | { readonly kind: 'spin' };

export type RouletteEvent =
  | { readonly kind: 'round-opened'; readonly roundId: string; readonly variantId: string; readonly seedCommitment: string }
  | { readonly kind: 'bets-placed'; readonly seat: number; readonly bets: readonly PlacedBet[]; readonly stakeMinor: bigint }
  | { readonly kind: 'bets-cleared'; readonly seat: number; readonly stakeMinor: bigint }
  /** The stake to debit: the service posts exactly this amount for the seat. */
  | { readonly kind: 'bets-confirmed'; readonly seat: number; readonly betIds: readonly number[]; readonly stakeMinor: bigint }
  | { readonly kind: 'betting-closed'; readonly dropped: readonly { readonly seat: number; readonly stakeMinor: bigint }[] }
  | { readonly kind: 'ball-landed'; readonly pockets: readonly number[] }
  /** The wins to credit: `returnedMinor` per seat, stakes included. */
  | { readonly kind: 'round-settled'; readonly seats: readonly SeatSettlement[] };

export interface RouletteTransition {
  readonly state: RouletteState;
  /** The events this action appended. */
  readonly events: readonly RouletteEvent[];
}
