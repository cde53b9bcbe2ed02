import type { Card } from '../../cards/index.ts';

/**
 * One interface for every way poker hands are ranked (high, Omaha high, ace-to-five low 8-or-better,
 * deuce-to-seven low, short-deck high, and later Sökö, Badugi, 32-card decks). The engine only ever
 * asks a ranking for the strength of a player's best hand and compares numbers.
 */
export interface HandRanking {
  readonly name: string;
  /**
   * The best hand `hole` and `board` make under this ranking (Omaha: exactly two hole cards and
   * three board cards). Null when the player has no qualifying hand (a low that is not 8-or-better).
   */
  strength(hole: readonly Card[], board: readonly Card[]): HandStrength | null;
}

export interface HandStrength {
  /** Comparable across players under one ranking: higher is better; equal values split the pot. */
  readonly value: number;
  /** e.g. 'straight-flush', 'full-house', 'eight-low'. */
  readonly category: string;
  /** The five cards that make the hand, best first. */
  readonly cards: readonly Card[];
  /** e.g. "full house, kings full of sevens". */
  describe(): string;
}
