/**
 * A blackjack rule set is data (issue 7): decks, hole card, dealer's soft 17, doubling, splitting,
 * surrender, insurance, even money, card Charlie and what a dealer blackjack takes. The seeds' four
 * rule sets are presets (presets.ts); an operator adds a table by adding data, not code.
 */

export type BlackjackWarningKind = 'hit-on-hard-17-or-more' | 'stand-on-11-or-less' | 'double-on-hard-12-or-more';

export type DoubleRule = 'any-two-cards' | 'hard-9-to-11' | 'hard-10-or-11';

/**
 * The table's doubling rule on a two-card total, stated once for the engine and the RTP analyses:
 * any two cards, or only hard 9–11 or hard 10–11 (a soft total never doubles there).
 */
export function doubleRuleAllows(rule: DoubleRule, value: { total: number; soft: boolean }): boolean {
  if (rule === 'any-two-cards') return true;
  if (value.soft) return false;
  return rule === 'hard-9-to-11' ? value.total >= 9 && value.total <= 11 : value.total >= 10 && value.total <= 11;
}

export interface PayoutRatio {
  /** "3:2" is { win: 3, stake: 2 }: a blackjack on 2 units wins 3. */
  readonly win: number;
  readonly stake: number;
}

export interface BlackjackRules {
  readonly id: string;
  readonly name: string;
  /** Where the rule set comes from, e.g. "004 §3.13.5". */
  readonly source: string;
  readonly decks: number;
  /** The dealer gets a second card face down with the deal; without one it comes when the dealer plays. */
  readonly holeCard: boolean;
  /** With a hole card: with an ace or ten up the dealer checks it for blackjack before anybody acts. */
  readonly dealerChecksForBlackjack: boolean;
  readonly dealerHitsSoft17: boolean;
  readonly blackjackPays: PayoutRatio;
  readonly doubleOn: DoubleRule;
  readonly doubleAfterSplit: boolean;
  /** Hands one box may become by splitting a non-ace pair (2 = split once). */
  readonly splitHandsMax: number;
  /** The same for aces. */
  readonly splitAcesHandsMax: number;
  /** Each split ace gets exactly one card (no hit, double or resplit). */
  readonly splitAcesOneCard: boolean;
  /** Any two ten-value cards are a pair (K-10, J-10); otherwise only equal ranks. */
  readonly splitTenValuesOfDifferentRank: boolean;
  /** Two cards totalling 21 after a split: a plain 21 paying 1:1 (every seed), or a blackjack. */
  readonly blackjackAfterSplitCountsAsBlackjack: boolean;
  /** Late surrender: after the dealer's check, on the first two cards, half the stake back. */
  readonly surrender: 'none' | 'late';
  readonly insurance: boolean;
  /** A player with blackjack facing an ace may take 1:1 at once (002:BJ-15). */
  readonly evenMoney: boolean;
  /** A hand of this many cards not over 21 wins at once (null: no Charlie rule). */
  readonly cardCharlie: number | null;
  /** Whether a Charlie still wins when the dealer turns out to have blackjack. */
  readonly charlieBeatsDealerBlackjack: boolean;
  /**
   * Against a dealer blackjack found after players acted: "original-stake-only" loses the box's
   * initial stake and returns split and double stakes of hands that did not bust (004:GAM-BJ-03,
   * 002:BJ-CL-06); "all-stakes" loses everything on the hands.
   */
  readonly lostToDealerBlackjack: 'original-stake-only' | 'all-stakes';
  /** UI protections that ask for reconfirmation (004:GAM-B-17, 002:BJ-UI-01). */
  readonly warnings: readonly BlackjackWarningKind[];
}

export class InvalidBlackjackRules extends Error {
  override readonly name = 'InvalidBlackjackRules';
}

/** The largest card Charlie we accept: beyond it no hand ever gets there (11 cards exhaust 21). */
export const cardCharlieMax = 11;
export const blackjackDecksMax = 8;

export function validateBlackjackRules(rules: BlackjackRules): void {
  const fail = (message: string): never => {
    throw new InvalidBlackjackRules(`${rules.id}: ${message}`);
  };
  if (!Number.isInteger(rules.decks) || rules.decks < 1 || rules.decks > blackjackDecksMax)
    fail(`1 to ${blackjackDecksMax} decks`);
  if (rules.dealerChecksForBlackjack && !rules.holeCard) fail('the dealer can only check a hole card');
  if (rules.surrender === 'late' && !rules.dealerChecksForBlackjack)
    fail('late surrender comes after the dealer has checked for blackjack');
  const { win, stake } = rules.blackjackPays;
  if (!Number.isInteger(win) || !Number.isInteger(stake) || win < 1 || stake < 1)
    fail('the blackjack payout is a ratio of positive integers');
  if (!Number.isInteger(rules.splitHandsMax) || rules.splitHandsMax < 1 || rules.splitHandsMax > 4)
    fail('a box splits into at most 4 hands');
  if (!Number.isInteger(rules.splitAcesHandsMax) || rules.splitAcesHandsMax < 1 || rules.splitAcesHandsMax > rules.splitHandsMax)
    fail('ace splits are at most the other splits');
  if (
    rules.cardCharlie !== null &&
    (!Number.isInteger(rules.cardCharlie) || rules.cardCharlie < 3 || rules.cardCharlie > cardCharlieMax)
  )
    fail(`a card Charlie is 3 to ${cardCharlieMax} cards`);
  if (rules.evenMoney && !rules.insurance) fail('even money is a form of insurance');
}
