import type { Card } from '../../cards/index.ts';
import type { BlackjackRules } from '../rules.ts';
import { dealerOutcome, settleBox } from '../settlement.ts';
import type { BlackjackBox, BlackjackHand } from '../types.ts';
import { cardOfValue, outcomeCount, type DealerOdds } from './dealer-odds.ts';

/**
 * What a finished hand wins, in units of its own base stake, against each dealer outcome. The table
 * is filled by settling one hand of each kind with the engine's own `settleBox`, so the analysis
 * pays exactly what the engine pays: a wrong payout in the engine is a wrong RTP in the analysis.
 */

export interface FinishedHand {
  /** The hand's best total (ignored when busted). */
  readonly total: number;
  readonly busted: boolean;
  readonly charlie: boolean;
  /** A blackjack paid at the rule set's ratio. */
  readonly natural: boolean;
  readonly doubled: boolean;
  /** Hand 0 of its box: against a dealer blackjack its stake is the one always lost. */
  readonly holdsInitialStake: boolean;
}

// Payoff table layout: hand kind (totals 4..21, bust, Charlie, blackjack) × doubled × holds initial × outcome.
const totalKinds = 18;
const kindBust = totalKinds;
const kindCharlie = totalKinds + 1;
const kindNatural = totalKinds + 2;
const kindCount = totalKinds + 3;
const tables = new WeakMap<BlackjackRules, Float64Array>();
const unitStakeMinor = 1_000n;

function kindOf(hand: FinishedHand): number {
  if (hand.busted) return kindBust;
  if (hand.natural) return kindNatural;
  if (hand.charlie) return kindCharlie;
  return hand.total - 4;
}

const tableIndex = (kind: number, doubled: boolean, holds: boolean, outcome: number): number =>
  ((kind * 2 + (doubled ? 1 : 0)) * 2 + (holds ? 1 : 0)) * outcomeCount + outcome;

function cardsTotalling(total: number): Card[] {
  if (total <= 11) return [cardOfValue(2), cardOfValue(total - 2)];
  const rest = total - 10;
  return rest <= 9 ? [cardOfValue(10), cardOfValue(rest)] : [cardOfValue(10), cardOfValue(rest - 5), cardOfValue(5)];
}

/** Dealer hands of each outcome: 17, 18, 19, 20, 21, bust, blackjack. */
const dealerCardsFor: readonly (readonly Card[])[] = [
  [cardOfValue(10), cardOfValue(7)],
  [cardOfValue(10), cardOfValue(8)],
  [cardOfValue(10), cardOfValue(9)],
  [cardOfValue(10), cardOfValue(10)],
  [cardOfValue(10), cardOfValue(5), cardOfValue(6)],
  [cardOfValue(10), cardOfValue(6), cardOfValue(10)],
  [cardOfValue(1), cardOfValue(10)],
];

/** One finished hand settled by the engine's own `settleBox`, in units of the hand's base stake. */
function settledByEngine(kind: number, doubled: boolean, holds: boolean, outcome: number, rules: BlackjackRules): number {
  const cards =
    kind === kindBust
      ? [cardOfValue(10), cardOfValue(10), cardOfValue(5)]
      : kind === kindNatural
        ? [cardOfValue(1), cardOfValue(10)]
        : kind === kindCharlie
          ? Array.from({ length: rules.cardCharlie ?? 7 }, () => cardOfValue(2))
          : cardsTotalling(kind + 4);
  const status =
    kind === kindBust
      ? 'busted'
      : kind === kindNatural
        ? 'blackjack'
        : kind === kindCharlie
          ? 'charlie'
          : doubled
            ? 'doubled'
            : 'stood';
  const hand: BlackjackHand = {
    cards,
    stakeMinor: unitStakeMinor,
    holdsInitialStake: holds,
    doubleStakeMinor: doubled ? unitStakeMinor : 0n,
    fromSplit: !holds,
    splitAces: false,
    status,
  };
  const box: BlackjackBox = {
    seat: 1,
    stakeMinor: unitStakeMinor,
    hands: [hand],
    insurance: 'not-offered',
    insuranceStakeMinor: 0n,
    evenMoney: 'not-offered',
    warningsEnabled: false,
    acted: true,
    movedToTemporaryTable: false,
  };
  const settled = settleBox(box, dealerOutcome(dealerCardsFor[outcome]!), rules);
  return Number(settled.returnedMinor - settled.stakedMinor) / Number(unitStakeMinor);
}

function payoffTable(rules: BlackjackRules): Float64Array {
  let table = tables.get(rules);
  if (!table) {
    table = new Float64Array(kindCount * 2 * 2 * outcomeCount);
    for (let kind = 0; kind < kindCount; kind++) {
      for (const doubled of [false, true]) {
        for (const holds of [false, true]) {
          for (let outcome = 0; outcome < outcomeCount; outcome++)
            table[tableIndex(kind, doubled, holds, outcome)] = settledByEngine(kind, doubled, holds, outcome, rules);
        }
      }
    }
    tables.set(rules, table);
  }
  return table;
}

/** What the engine pays this hand against the dealer outcome, per unit of the hand's base stake. */
export function handPayoff(outcome: number, hand: FinishedHand, rules: BlackjackRules): number {
  return payoffTable(rules)[tableIndex(kindOf(hand), hand.doubled, hand.holdsInitialStake, outcome)]!;
}

export function expectedPayoff(odds: DealerOdds, hand: FinishedHand, rules: BlackjackRules): number {
  let sum = 0;
  for (let k = 0; k < outcomeCount; k++) {
    const probability = odds[k]!;
    if (probability > 0) sum += probability * handPayoff(k, hand, rules);
  }
  return sum;
}

/** The best total and softness of a hand given its hard sum (aces as 1) and whether it holds an ace. */
export function totalOf(hard: number, hasAce: boolean): { total: number; soft: boolean } {
  const soft = hasAce && hard + 10 <= 21;
  return { total: soft ? hard + 10 : hard, soft };
}
