import { makeCard, type Card } from '../../cards/index.ts';
import { dealerHits } from '../flow.ts';
import { handValue, isTwoCardTwentyOne } from '../hand-value.ts';
import type { BlackjackRules } from '../rules.ts';

/**
 * Probabilities for the analysis of a rule set. Cards are counted by blackjack value only: index 1
 * is an ace, 2..9 their value, 10 every ten-value card. A dealer's final hand is one of seven
 * outcomes: 17, 18, 19, 20, 21, bust, blackjack.
 */

export const outcome17 = 0;
export const outcomeBust = 5;
export const outcomeBlackjack = 6;
export const outcomeCount = 7;

export type DealerOdds = Float64Array;

/** Cards of each value in a shoe of `decks` decks (index 0 unused). */
export function shoeCounts(decks: number): Int32Array {
  const counts = new Int32Array(11);
  for (let value = 1; value <= 9; value++) counts[value] = 4 * decks;
  counts[10] = 16 * decks;
  return counts;
}

/** An endless shoe: every value with its share of a deck (the usual basic-strategy model). */
export const infiniteDeckProbability: readonly number[] = [0, ...Array.from({ length: 9 }, () => 1 / 13), 4 / 13];

/** A card of each blackjack value (1 = ace, 10 = ten), to ask the engine about hands of values. */
export function cardOfValue(value: number): Card {
  return value === 1 ? makeCard(12, 3) : value === 10 ? makeCard(8, 3) : makeCard(value - 2, 3);
}

/**
 * How the dealer's hand with these cards ends, or null while the dealer draws: asked of the engine
 * itself (`dealerHits`, `isTwoCardTwentyOne`), so the analysis plays the dealer the engine plays.
 */
function dealerFinal(cards: readonly Card[], rules: BlackjackRules): number | null {
  if (cards.length < 2) return null;
  if (isTwoCardTwentyOne(cards)) return outcomeBlackjack;
  const { total } = handValue(cards);
  if (total > 21) return outcomeBust;
  return dealerHits(cards, rules) ? null : total - 17 + outcome17;
}

// Drawn multisets are keyed in base 16 per value: at most 15 cards of one value, 40 bits in all.
const valueWeight: readonly number[] = Array.from({ length: 11 }, (_, value) => (value === 0 ? 0 : 16 ** (value - 1)));

export function keyWith(key: number, value: number): number {
  return key + valueWeight[value]!;
}

/**
 * Every way the dealer's hand can grow from one up card, as a graph of drawn multisets: which draws
 * end the hand (and how) depends only on the rules, not on the cards left, so it is built once per
 * up card and then evaluated for any shoe with flat arrays.
 */
interface DealerTree {
  readonly nodes: number;
  /** Per node and value: cards of that value the dealer has drawn. */
  readonly drawn: Int32Array;
  readonly drawnTotal: Int32Array;
  /** Per node: the final outcome, or -1 while the dealer draws. */
  readonly terminal: Int32Array;
  /** Per node and value: the node after drawing that value. */
  readonly child: Int32Array;
}

const dealerTrees = new WeakMap<BlackjackRules, Map<number, DealerTree>>();

function dealerTree(up: number, rules: BlackjackRules): DealerTree {
  let perUp = dealerTrees.get(rules);
  if (!perUp) {
    perUp = new Map();
    dealerTrees.set(rules, perUp);
  }
  const cached = perUp.get(up);
  if (cached) return cached;
  const index = new Map<number, number>([[0, 0]]);
  const drawn: number[][] = [new Array<number>(11).fill(0)];
  const terminal: number[] = [];
  const child: number[][] = [];
  for (let node = 0; node < drawn.length; node++) {
    const counts = drawn[node]!;
    const cards = [cardOfValue(up), ...counts.flatMap((count, value) => Array.from({ length: count }, () => cardOfValue(value)))];
    const final = dealerFinal(cards, rules);
    terminal.push(final ?? -1);
    const next = new Array<number>(11).fill(-1);
    if (final === null) {
      const key = counts.reduce((sum, count, value) => (value === 0 ? sum : sum + count * valueWeight[value]!), 0);
      for (let value = 1; value <= 10; value++) {
        const childKey = keyWith(key, value);
        let at = index.get(childKey);
        if (at === undefined) {
          at = drawn.length;
          index.set(childKey, at);
          const grown = [...counts];
          grown[value]! += 1;
          drawn.push(grown);
        }
        next[value] = at;
      }
    }
    child.push(next);
  }
  const tree: DealerTree = {
    nodes: drawn.length,
    drawn: Int32Array.from(drawn.flat()),
    drawnTotal: Int32Array.from(drawn.map((counts) => counts.reduce((sum, count) => sum + count, 0))),
    terminal: Int32Array.from(terminal),
    child: Int32Array.from(child.flat()),
  };
  perUp.set(up, tree);
  return tree;
}

let scratch = new Float64Array(0);

/** The dealer's final outcome with an endless shoe, given the up card. */
export function infiniteDealerOdds(up: number, rules: BlackjackRules): DealerOdds {
  return evaluateTree(dealerTree(up, rules), (value) => infiniteDeckProbability[value]!, null);
}

/**
 * The dealer's final outcome when the dealer draws from `remaining` (the shoe less every card known
 * to be out: the up card and the player's cards), depleting it card by card. Exact.
 */
export function finiteDealerOdds(up: number, remaining: Int32Array, rules: BlackjackRules): DealerOdds {
  return evaluateTree(dealerTree(up, rules), null, remaining);
}

/** Sweeps the tree from its leaves: each node's odds are its children's, weighted by the next card. */
function evaluateTree(
  tree: DealerTree,
  fixedProbability: ((value: number) => number) | null,
  remaining: Int32Array | null,
): DealerOdds {
  if (scratch.length < tree.nodes * outcomeCount) scratch = new Float64Array(tree.nodes * outcomeCount);
  const odds = scratch;
  const { terminal, child, drawn, drawnTotal } = tree;
  let left = 0;
  if (remaining) for (let value = 1; value <= 10; value++) left += remaining[value]!;
  // Children are always created after their parents, so a reverse sweep meets children first.
  for (let node = tree.nodes - 1; node >= 0; node--) {
    if (terminal[node]! >= 0) continue;
    const base = node * outcomeCount;
    for (let k = 0; k < outcomeCount; k++) odds[base + k] = 0;
    const pool = left - drawnTotal[node]!;
    for (let value = 1; value <= 10; value++) {
      let probability: number;
      if (fixedProbability) probability = fixedProbability(value);
      else {
        const available = remaining![value]! - drawn[node * 11 + value]!;
        if (available <= 0) continue;
        probability = available / pool;
      }
      const next = child[node * 11 + value]!;
      const final = terminal[next]!;
      // Most draws end the hand: a final child adds to one outcome instead of seven.
      if (final >= 0) odds[base + final] = odds[base + final]! + probability;
      else {
        const from = next * outcomeCount;
        for (let k = 0; k < outcomeCount; k++) odds[base + k] = odds[base + k]! + probability * odds[from + k]!;
      }
    }
  }
  return odds.slice(0, outcomeCount);
}

/** The dealer's odds once the dealer has checked and has no blackjack (hole-card rules that check). */
export function withoutBlackjack(odds: DealerOdds): DealerOdds {
  const conditioned = new Float64Array(outcomeCount);
  const noBlackjack = 1 - odds[outcomeBlackjack]!;
  for (let k = 0; k < outcomeBlackjack; k++) conditioned[k] = odds[k]! / noBlackjack;
  return conditioned;
}

/** Checks the dealer for blackjack before players act: the rule sets with a hole card that check, with an ace or ten up. */
export function dealerChecks(up: number, rules: BlackjackRules): boolean {
  return rules.holeCard && rules.dealerChecksForBlackjack && (up === 1 || up === 10);
}
