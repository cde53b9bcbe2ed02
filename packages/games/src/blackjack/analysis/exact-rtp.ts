import { invariant } from '../../shared/invariant.ts';
import { doubleRuleAllows, type BlackjackRules } from '../rules.ts';
import { basicStrategy, expectedHandCounts, type BasicStrategy, type LegalSet } from './basic-strategy.ts';
import { dealerChecks, finiteDealerOdds, keyWith, shoeCounts, withoutBlackjack, type DealerOdds } from './dealer-odds.ts';
import { expectedPayoff, totalOf } from './payoff.ts';

/**
 * The return to player of a rule set played with its basic strategy, computed, not sampled: every
 * first two cards and up card with its probability from the real shoe (every hand starts from a
 * full shoe: 004:GAM-BJ-01, 002:BJ-CL-02), the dealer's outcome with every card known to be out
 * removed, and each of the player's draws from what is left. Two approximations, both standard in
 * combinatorial analysis and worth well under 0.01 %: split hands are valued one at a time (each
 * sees the pair's cards removed, not its sister hand's draws), and the player's draw probabilities
 * ignore the unseen hole card (in checking games, known not to complete a blackjack).
 *
 * RTP is per unit of initial stake, the convention of the seeds' stated figures (004:GAM-BJ-09).
 */

export interface ExactRtp {
  readonly rulesId: string;
  /** Expected return per unit of initial stake, stake included. */
  readonly rtp: number;
  readonly houseEdge: number;
}

interface Removal {
  /** Cards of each value known to be out on the player's side (the up card is apart). */
  readonly counts: Int32Array;
  key: number;
  size: number;
}

class FiniteEvaluator {
  private readonly full: Int32Array;
  private readonly fullSize: number;
  // Per up card, keyed by numbers (string keys cost more than the arithmetic they save).
  private readonly oddsMemo: Map<number, DealerOdds>[] = Array.from({ length: 11 }, () => new Map());
  private readonly valueMemo: Map<number, number>[] = Array.from({ length: 11 }, () => new Map());

  constructor(
    private readonly rules: BlackjackRules,
    private readonly strategy: BasicStrategy,
  ) {
    this.full = shoeCounts(rules.decks);
    this.fullSize = 52 * rules.decks;
  }

  /** Probability the next card is `value`, with `removal` and the up card out. */
  private next(value: number, up: number, removal: Removal): number {
    const available = this.full[value]! - removal.counts[value]! - (value === up ? 1 : 0);
    return available <= 0 ? 0 : available / (this.fullSize - removal.size - 1);
  }

  private dealerOdds(up: number, removal: Removal): DealerOdds {
    const memo = this.oddsMemo[up]!;
    let odds = memo.get(removal.key);
    if (!odds) {
      const remaining = new Int32Array(11);
      for (let value = 1; value <= 10; value++)
        remaining[value] = this.full[value]! - removal.counts[value]! - (value === up ? 1 : 0);
      odds = finiteDealerOdds(up, remaining, this.rules);
      if (dealerChecks(up, this.rules)) odds = withoutBlackjack(odds);
      memo.set(removal.key, odds);
    }
    return odds;
  }

  private withCard<T>(removal: Removal, value: number, run: () => T): T {
    removal.counts[value]! += 1;
    const key = removal.key;
    removal.key = keyWith(key, value);
    removal.size += 1;
    const result = run();
    removal.counts[value]! -= 1;
    removal.key = key;
    removal.size -= 1;
    return result;
  }

  private standValue(
    up: number,
    removal: Removal,
    hard: number,
    hasAce: boolean,
    cards: number,
    doubled: boolean,
    holds: boolean,
  ): number {
    const { total } = totalOf(hard, hasAce);
    const charlie = this.rules.cardCharlie !== null && cards >= this.rules.cardCharlie && total <= 21;
    if (total > 21) return doubled ? -2 : -1;
    return expectedPayoff(
      this.dealerOdds(up, removal),
      { total, busted: false, charlie, natural: false, doubled, holdsInitialStake: holds },
      this.rules,
    );
  }

  /** A hand of three or more cards (or a two-card hand that chose to hit), played by the strategy. */
  private laterValue(up: number, removal: Removal, hard: number, hasAce: boolean, cards: number, holds: boolean): number {
    const { total } = totalOf(hard, hasAce);
    if (total > 21) return -1;
    const charlie = this.rules.cardCharlie !== null && cards >= this.rules.cardCharlie;
    if (charlie || total === 21 || this.strategy.decideLater(hard, hasAce, cards, up) === 'stand')
      return this.standValue(up, removal, hard, hasAce, cards, false, holds);
    return this.hitValue(up, removal, hard, hasAce, cards, holds);
  }

  private hitValue(up: number, removal: Removal, hard: number, hasAce: boolean, cards: number, holds: boolean): number {
    // 40 bits of removal, then hard sum (5), ace (1), cards (4), holds (1): 51 bits, exact in a double.
    const memoKey = removal.key * 2048 + ((hard * 2 + (hasAce ? 1 : 0)) * 16 + cards) * 2 + (holds ? 1 : 0);
    const memo = this.valueMemo[up]!;
    const known = memo.get(memoKey);
    if (known !== undefined) return known;
    let sum = 0;
    for (let value = 1; value <= 10; value++) {
      const probability = this.next(value, up, removal);
      if (probability > 0)
        sum +=
          probability *
          this.withCard(removal, value, () =>
            this.laterValue(up, removal, hard + value, hasAce || value === 1, cards + 1, holds),
          );
    }
    memo.set(memoKey, sum);
    return sum;
  }

  private doubleValue(up: number, removal: Removal, hard: number, hasAce: boolean, holds: boolean): number {
    let sum = 0;
    for (let value = 1; value <= 10; value++) {
      const probability = this.next(value, up, removal);
      if (probability > 0)
        sum +=
          probability *
          this.withCard(removal, value, () => this.standValue(up, removal, hard + value, hasAce || value === 1, 3, true, holds));
    }
    return sum;
  }

  private doubleAllowed(hard: number, hasAce: boolean, fromSplit: boolean, splitAces: boolean): boolean {
    if (splitAces || (fromSplit && !this.rules.doubleAfterSplit)) return false;
    return doubleRuleAllows(this.rules.doubleOn, totalOf(hard, hasAce));
  }

  /** A two-card hand (its cards already in `removal`) played by the strategy. */
  twoCardValue(up: number, removal: Removal, first: number, second: number, fromSplit: boolean, holds: boolean): number {
    const hard = first + second;
    const hasAce = first === 1 || second === 1;
    const splitAces = fromSplit && first === 1;
    if (splitAces && this.rules.splitAcesOneCard) return this.standValue(up, removal, hard, hasAce, 2, false, holds);
    if (totalOf(hard, hasAce).total === 21) return this.standValue(up, removal, hard, hasAce, 2, false, holds);
    const legal: LegalSet = {
      hit: true,
      stand: true,
      double: this.doubleAllowed(hard, hasAce, fromSplit, splitAces),
      split: !fromSplit && first === second && (first === 1 ? this.rules.splitAcesHandsMax : this.rules.splitHandsMax) > 1,
      surrender: !fromSplit && this.rules.surrender === 'late',
    };
    const decision = this.strategy.decideByValues(
      [first, second],
      up,
      { fromSplit, handsInBox: fromSplit ? Number.POSITIVE_INFINITY : 1 },
      legal,
    );
    switch (decision) {
      case 'stand':
        return this.standValue(up, removal, hard, hasAce, 2, false, holds);
      case 'hit':
        return this.hitValue(up, removal, hard, hasAce, 2, holds);
      case 'double':
        return this.doubleValue(up, removal, hard, hasAce, holds);
      case 'surrender':
        return -0.5;
      case 'split':
        return this.splitValue(up, removal, first);
    }
  }

  /** Splitting (and resplitting) a pair whose two cards are in `removal`, per unit of the original stake. */
  private splitValue(up: number, removal: Removal, pair: number): number {
    const handsMax = pair === 1 ? this.rules.splitAcesHandsMax : this.rules.splitHandsMax;
    const q = this.next(pair, up, removal);
    const counts = expectedHandCounts(q, 2, handsMax, !(pair === 1 && this.rules.splitAcesOneCard));
    let other = 0;
    let otherInitial = 0;
    for (let value = 1; value <= 10; value++) {
      if (value === pair) continue;
      const probability = this.next(value, up, removal) / (1 - q);
      if (probability === 0) continue;
      // The hand is [pair, value]; the pair's other card is already out.
      other += probability * this.withCard(removal, value, () => this.twoCardValue(up, removal, pair, value, true, false));
      otherInitial += probability * this.withCard(removal, value, () => this.twoCardValue(up, removal, pair, value, true, true));
    }
    const pairLeft = q > 0 ? this.withCard(removal, pair, () => this.twoCardValue(up, removal, pair, pair, true, false)) : 0;
    const pairLeftInitial =
      q > 0 ? this.withCard(removal, pair, () => this.twoCardValue(up, removal, pair, pair, true, true)) : 0;
    const hands = counts.other + counts.pairs;
    return (
      counts.other * other +
      counts.pairs * pairLeft +
      (counts.other * (otherInitial - other) + counts.pairs * (pairLeftInitial - pairLeft)) / hands
    );
  }

  /** One round: the player's first two cards and the dealer's up card are known. */
  roundValue(first: number, second: number, up: number): number {
    const removal: Removal = { counts: new Int32Array(11), key: 0, size: 0 };
    return this.withCard(removal, first, () =>
      this.withCard(removal, second, () => {
        const blackjackCard = up === 1 ? 10 : up === 10 ? 1 : 0;
        const dealerBlackjack = blackjackCard === 0 ? 0 : this.next(blackjackCard, up, removal);
        if ((first === 1 && second === 10) || (first === 10 && second === 1)) {
          return (1 - dealerBlackjack) * (this.rules.blackjackPays.win / this.rules.blackjackPays.stake);
        }
        const play = this.twoCardValue(up, removal, first, second, false, true);
        // Checking games settle a dealer blackjack at once: the initial stake is lost.
        return dealerChecks(up, this.rules) ? -dealerBlackjack + (1 - dealerBlackjack) * play : play;
      }),
    );
  }

  rtp(): number {
    const n = this.fullSize;
    let expected = 0;
    let total = 0;
    // The same two cards in either order are the same hand.
    const rounds = new Map<number, number>();
    const round = (first: number, second: number, up: number): number => {
      const key = (Math.min(first, second) * 11 + Math.max(first, second)) * 11 + up;
      let value = rounds.get(key);
      if (value === undefined) {
        value = this.roundValue(first, second, up);
        rounds.set(key, value);
      }
      return value;
    };
    for (let first = 1; first <= 10; first++) {
      for (let up = 1; up <= 10; up++) {
        for (let second = 1; second <= 10; second++) {
          const a = this.full[first]!;
          const b = this.full[up]! - (up === first ? 1 : 0);
          const c = this.full[second]! - (second === first ? 1 : 0) - (second === up ? 1 : 0);
          const probability = (a / n) * (b / (n - 1)) * (c / (n - 2));
          if (probability <= 0) continue;
          total += probability;
          expected += probability * round(first, second, up);
        }
      }
    }
    invariant(Math.abs(total - 1) < 1e-9, 'the deals cover every case');
    return 1 + expected;
  }
}

export function exactRtp(rules: BlackjackRules, strategy: BasicStrategy = basicStrategy(rules)): ExactRtp {
  const rtp = new FiniteEvaluator(rules, strategy).rtp();
  return { rulesId: rules.id, rtp, houseEdge: 1 - rtp };
}
