import { cardPoints, isAce } from '../hand-value.ts';
import { doubleRuleAllows, type BlackjackRules } from '../rules.ts';
import type { Card } from '../../cards/index.ts';
import { invariant } from '../../shared/invariant.ts';
import {
  dealerChecks,
  infiniteDealerOdds,
  infiniteDeckProbability,
  outcomeBlackjack,
  withoutBlackjack,
  type DealerOdds,
} from './dealer-odds.ts';
import { expectedPayoff, totalOf, type FinishedHand } from './payoff.ts';

/**
 * Basic strategy for a rule set: for every hand a player can hold and every dealer up card, the
 * decision with the highest expected value, computed for an endless shoe under exactly the rule
 * set's rules (dealer's soft 17, doubling, splits and resplits, surrender, Charlie, what a dealer
 * blackjack takes). It is total-dependent, as printed strategy cards are: the same decision for
 * 10-6 and 9-7. The simulator plays it through the engine and the exact calculation evaluates it
 * on the real shoe, so both measure the same player.
 */

export type Decision = 'hit' | 'stand' | 'double' | 'split' | 'surrender';

export interface DecisionValues {
  readonly stand: number;
  readonly hit: number;
  readonly double: number | null;
  readonly split: number | null;
  readonly surrender: number | null;
}

export interface HandInput {
  readonly cards: readonly Card[];
  readonly fromSplit: boolean;
  readonly handsInBox: number;
}

export interface LegalSet {
  readonly hit: boolean;
  readonly stand: boolean;
  readonly double: boolean;
  readonly split: boolean;
  readonly surrender: boolean;
}

export interface BasicStrategy {
  readonly rules: BlackjackRules;
  /** The decision for a hand against the dealer's up card, among the legal ones. */
  decide(hand: HandInput, up: Card, legal: LegalSet): Decision;
  /** A two-card hand by card values (1 = ace, 10 = ten-value). */
  decideByValues(
    values: readonly number[],
    up: number,
    context: { fromSplit: boolean; handsInBox: number },
    legal: LegalSet,
  ): Decision;
  /** Hit or stand on a hand of three or more cards, by its hard sum (aces as 1). */
  decideLater(hard: number, hasAce: boolean, cards: number, up: number): 'hit' | 'stand';
  /** Expected values of each decision on a two-card hand (per unit of the hand's stake). */
  twoCardValues(first: number, second: number, up: number, fromSplit: boolean): DecisionValues;
}

const cardsMaxForKey = 12;

interface UpCardModel {
  readonly odds: DealerOdds;
  /** Best of hit and stand, memoised by hand (hard sum, ace, cards, holds initial stake). */
  readonly continueValues: Map<number, number>;
}

function analysisSupports(rules: BlackjackRules): void {
  invariant(rules.splitTenValuesOfDifferentRank, 'the analysis counts cards by value: ten-value pairs split by value');
  invariant(!rules.blackjackAfterSplitCountsAsBlackjack, 'the analysis pays a split 21 at 1:1');
}

const p = infiniteDeckProbability;

/** Expected values for an endless shoe under one rule set; every decision picks the best legal one. */
class StrategyModel implements BasicStrategy {
  private readonly models = new Map<number, UpCardModel>();
  private readonly splitValues = new Map<string, number>();

  constructor(readonly rules: BlackjackRules) {
    analysisSupports(rules);
  }

  /** The dealer's odds once players act: checking games have already ruled a blackjack out. */
  private model(up: number): UpCardModel {
    let found = this.models.get(up);
    if (!found) {
      const odds = infiniteDealerOdds(up, this.rules);
      found = { odds: dealerChecks(up, this.rules) ? withoutBlackjack(odds) : odds, continueValues: new Map() };
      this.models.set(up, found);
    }
    return found;
  }

  private stand(m: UpCardModel, hard: number, hasAce: boolean, cards: number, holds: boolean, doubled = false): number {
    const { total } = totalOf(hard, hasAce);
    const charlie = this.rules.cardCharlie !== null && cards >= this.rules.cardCharlie && total <= 21;
    const hand: FinishedHand = { total, busted: total > 21, charlie, natural: false, doubled, holdsInitialStake: holds };
    return expectedPayoff(m.odds, hand, this.rules);
  }

  /** Best of hit and stand from a hand of `cards` cards (no double, split or surrender any more). */
  private continueValue(m: UpCardModel, hard: number, hasAce: boolean, cards: number, holds: boolean): number {
    const { total } = totalOf(hard, hasAce);
    if (total > 21) return -1;
    if ((this.rules.cardCharlie !== null && cards >= this.rules.cardCharlie) || total === 21)
      return this.stand(m, hard, hasAce, cards, holds);
    const key = ((hard * 2 + (hasAce ? 1 : 0)) * cardsMaxForKey + Math.min(cards, cardsMaxForKey - 1)) * 2 + (holds ? 1 : 0);
    const known = m.continueValues.get(key);
    if (known !== undefined) return known;
    const value = Math.max(this.stand(m, hard, hasAce, cards, holds), this.hit(m, hard, hasAce, cards, holds));
    m.continueValues.set(key, value);
    return value;
  }

  private hit(m: UpCardModel, hard: number, hasAce: boolean, cards: number, holds: boolean): number {
    let sum = 0;
    for (let value = 1; value <= 10; value++)
      sum += p[value]! * this.continueValue(m, hard + value, hasAce || value === 1, cards + 1, holds);
    return sum;
  }

  private double(m: UpCardModel, hard: number, hasAce: boolean, holds: boolean): number {
    let sum = 0;
    for (let value = 1; value <= 10; value++)
      sum += p[value]! * this.stand(m, hard + value, hasAce || value === 1, 3, holds, true);
    return sum;
  }

  private doubleAllowed(hard: number, hasAce: boolean, fromSplit: boolean, splitAces: boolean): boolean {
    if (splitAces || (fromSplit && !this.rules.doubleAfterSplit)) return false;
    return doubleRuleAllows(this.rules.doubleOn, totalOf(hard, hasAce));
  }

  private canSplitMore(value: number, handsInBox: number): boolean {
    return handsInBox < (value === 1 ? this.rules.splitAcesHandsMax : this.rules.splitHandsMax);
  }

  /** Values of a two-card hand's decisions. */
  private twoCard(
    first: number,
    second: number,
    up: number,
    fromSplit: boolean,
    holds: boolean,
    handsInBox: number,
  ): DecisionValues {
    const m = this.model(up);
    const hard = first + second;
    const hasAce = first === 1 || second === 1;
    const splitAces = fromSplit && first === 1;
    const standValue = this.stand(m, hard, hasAce, 2, holds);
    if (splitAces && this.rules.splitAcesOneCard)
      return { stand: standValue, hit: -Infinity, double: null, split: null, surrender: null };
    return {
      stand: standValue,
      hit: this.hit(m, hard, hasAce, 2, holds),
      double: this.doubleAllowed(hard, hasAce, fromSplit, splitAces) ? this.double(m, hard, hasAce, holds) : null,
      split: first === second && this.canSplitMore(first, handsInBox) ? this.split(first, up, handsInBox) : null,
      surrender: !fromSplit && this.rules.surrender === 'late' ? -0.5 : null,
    };
  }

  /** A split hand holding one card: its value once it gets the second card, played at its best. */
  private splitHand(pairValue: number, second: number, up: number, holds: boolean): number {
    const values = this.twoCard(pairValue, second, up, true, holds, Number.POSITIVE_INFINITY);
    return Math.max(values.stand, values.hit, values.double ?? -Infinity);
  }

  /** Splitting a pair (resplitting when a pair card comes and the box has room), per unit of the original stake. */
  private split(pairValue: number, up: number, handsBefore: number): number {
    const memoKey = `${pairValue}:${up}:${handsBefore}`;
    const known = this.splitValues.get(memoKey);
    if (known !== undefined) return known;
    const handsMax = pairValue === 1 ? this.rules.splitAcesHandsMax : this.rules.splitHandsMax;
    // Split aces that take one card are never split again (decisions.ts checkSplit).
    const counts = expectedHandCounts(
      p[pairValue]!,
      handsBefore + 1,
      handsMax,
      !(pairValue === 1 && this.rules.splitAcesOneCard),
    );
    let other = 0;
    let otherInitial = 0;
    for (let value = 1; value <= 10; value++) {
      if (value === pairValue) continue;
      const weight = p[value]! / (1 - p[pairValue]!);
      other += weight * this.splitHand(pairValue, value, up, false);
      otherInitial += weight * this.splitHand(pairValue, value, up, true);
    }
    const pairLeft = this.splitHand(pairValue, pairValue, up, false);
    const pairLeftInitial = this.splitHand(pairValue, pairValue, up, true);
    const hands = counts.other + counts.pairs;
    // Every hand is valued as one with a split stake; hand 0 holds the initial stake instead.
    const value =
      counts.other * other +
      counts.pairs * pairLeft +
      (counts.other * (otherInitial - other) + counts.pairs * (pairLeftInitial - pairLeft)) / hands;
    this.splitValues.set(memoKey, value);
    return value;
  }

  decideByValues(
    values: readonly number[],
    up: number,
    context: { fromSplit: boolean; handsInBox: number },
    legal: LegalSet,
  ): Decision {
    if (values.length === 2)
      return best(this.twoCard(values[0]!, values[1]!, up, context.fromSplit, true, context.handsInBox), legal);
    const hard = values.reduce((sum, value) => sum + value, 0);
    return this.decideLater(hard, values.includes(1), values.length, up) === 'hit' && legal.hit ? 'hit' : 'stand';
  }

  decideLater(hard: number, hasAce: boolean, cards: number, up: number): 'hit' | 'stand' {
    const m = this.model(up);
    return this.hit(m, hard, hasAce, cards, true) > this.stand(m, hard, hasAce, cards, true) + 1e-12 ? 'hit' : 'stand';
  }

  decide(hand: HandInput, up: Card, legal: LegalSet): Decision {
    return this.decideByValues(
      hand.cards.map(cardPoints),
      isAce(up) ? 1 : cardPoints(up),
      { fromSplit: hand.fromSplit, handsInBox: hand.handsInBox },
      legal,
    );
  }

  twoCardValues(first: number, second: number, up: number, fromSplit: boolean): DecisionValues {
    return this.twoCard(first, second, up, fromSplit, true, 1);
  }
}

export function basicStrategy(rules: BlackjackRules): BasicStrategy {
  return new StrategyModel(rules);
}

function best(values: DecisionValues, legal: LegalSet): Decision {
  let choice: Decision = 'stand';
  let top = legal.stand ? values.stand : -Infinity;
  const consider = (decision: Decision, value: number | null, allowed: boolean) => {
    if (allowed && value !== null && value > top + 1e-12) {
      top = value;
      choice = decision;
    }
  };
  consider('hit', values.hit, legal.hit);
  consider('double', values.double, legal.double);
  consider('split', values.split, legal.split);
  consider('surrender', values.surrender, legal.surrender);
  return choice;
}

/**
 * Expected numbers of finished split hands whose second card was another value (`other`) or the
 * pair's value with no room to resplit (`pairs`), after a split that left the box with
 * `handsAfterSplit` hands, two of them holding one card. Cards are drawn hand by hand; a pair card
 * resplits while the box has fewer than `handsMax` hands.
 */
export function expectedHandCounts(
  pairProbability: number,
  handsAfterSplit: number,
  handsMax: number,
  resplitAllowed: boolean,
): { other: number; pairs: number } {
  const memo = new Map<string, { other: number; pairs: number }>();
  const visit = (total: number, pending: number): { other: number; pairs: number } => {
    if (pending === 0) return { other: 0, pairs: 0 };
    const key = `${total}:${pending}`;
    const known = memo.get(key);
    if (known) return known;
    const done = visit(total, pending - 1);
    const q = pairProbability;
    let result: { other: number; pairs: number };
    if (resplitAllowed && total < handsMax) {
      const resplit = visit(total + 1, pending + 1);
      result = { other: (1 - q) * (done.other + 1) + q * resplit.other, pairs: (1 - q) * done.pairs + q * resplit.pairs };
    } else {
      result = { other: (1 - q) * (done.other + 1) + q * done.other, pairs: (1 - q) * done.pairs + q * (done.pairs + 1) };
    }
    memo.set(key, result);
    return result;
  };
  return visit(handsAfterSplit, 2);
}

/** Dealer blackjack probability with an endless shoe, for the up card. */
export function infiniteBlackjackProbability(up: number, rules: BlackjackRules): number {
  return infiniteDealerOdds(up, rules)[outcomeBlackjack]!;
}
