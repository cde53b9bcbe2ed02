import { invariant } from '../shared/invariant.ts';
import { handValue, isTwoCardTwentyOne } from './hand-value.ts';
import type { BlackjackRules } from './rules.ts';
import type { BlackjackBox, BlackjackHand, BoxSettlement, HandResult } from './types.ts';

/**
 * Settlement is exact (issue 7): every amount is a whole number of minor units because stakes are
 * multiples of an even unit that also makes the blackjack ratio exact (limits.ts). A win returns
 * the stake plus as much again (004:GAM-B-09), a blackjack the stake plus 3:2, a push the stake
 * (GAM-B-10), insurance three times its stake (GAM-B-15), surrender half (GAM-BS-03).
 */

export interface DealerOutcome {
  readonly total: number;
  readonly blackjack: boolean;
  readonly busted: boolean;
}

export function dealerOutcome(cards: readonly number[]): DealerOutcome {
  const { total } = handValue(cards);
  return { total, blackjack: isTwoCardTwentyOne(cards), busted: total > 21 };
}

function isNatural(hand: BlackjackHand, rules: BlackjackRules): boolean {
  if (hand.status === 'blackjack') return true;
  return hand.fromSplit && rules.blackjackAfterSplitCountsAsBlackjack && !hand.splitAces && isTwoCardTwentyOne(hand.cards);
}

export function blackjackReturnMinor(stakeMinor: bigint, rules: BlackjackRules): bigint {
  const { win, stake } = rules.blackjackPays;
  const winMinor = stakeMinor * BigInt(win);
  invariant(winMinor % BigInt(stake) === 0n, 'the table unit makes the blackjack payout exact');
  return stakeMinor + winMinor / BigInt(stake);
}

function half(amountMinor: bigint): bigint {
  invariant(amountMinor % 2n === 0n, 'stakes are multiples of an even unit');
  return amountMinor / 2n;
}

/** 004:GAM-BJ-03, 002:BJ-CL-06: what a hand gets back when the dealer has blackjack. */
function againstDealerBlackjack(hand: BlackjackHand, rules: BlackjackRules): Pick<HandResult, 'outcome' | 'returnedMinor'> {
  const total = hand.stakeMinor + hand.doubleStakeMinor;
  if (hand.status === 'busted') return { outcome: 'bust', returnedMinor: 0n };
  if (hand.status === 'surrendered') return { outcome: 'surrender', returnedMinor: half(hand.stakeMinor) };
  if (isNatural(hand, rules)) return { outcome: 'push', returnedMinor: hand.stakeMinor };
  if (hand.status === 'charlie' && rules.charlieBeatsDealerBlackjack) return { outcome: 'charlie', returnedMinor: 2n * total };
  if (rules.lostToDealerBlackjack === 'all-stakes') return { outcome: 'lose', returnedMinor: 0n };
  // The initial stake is lost; split and double stakes of hands that did not bust come back.
  const returnedMinor = (hand.holdsInitialStake ? 0n : hand.stakeMinor) + hand.doubleStakeMinor;
  return { outcome: returnedMinor === 0n ? 'lose' : 'push', returnedMinor };
}

function againstDealerHand(
  hand: BlackjackHand,
  dealer: DealerOutcome,
  rules: BlackjackRules,
): Pick<HandResult, 'outcome' | 'returnedMinor'> {
  const total = hand.stakeMinor + hand.doubleStakeMinor;
  switch (hand.status) {
    case 'busted':
      return { outcome: 'bust', returnedMinor: 0n };
    case 'surrendered':
      return { outcome: 'surrender', returnedMinor: half(hand.stakeMinor) };
    case 'charlie':
      return { outcome: 'charlie', returnedMinor: 2n * total };
    default:
      break;
  }
  if (isNatural(hand, rules)) return { outcome: 'blackjack', returnedMinor: blackjackReturnMinor(hand.stakeMinor, rules) };
  invariant(hand.status !== 'playing', 'every hand is finished before settlement');
  const player = handValue(hand.cards).total;
  if (dealer.busted || player > dealer.total) return { outcome: 'win', returnedMinor: 2n * total };
  if (player === dealer.total) return { outcome: 'push', returnedMinor: total };
  return { outcome: 'lose', returnedMinor: 0n };
}

export function settleBox(box: BlackjackBox, dealer: DealerOutcome, rules: BlackjackRules): BoxSettlement {
  const insuranceReturnedMinor = box.insurance === 'taken' && dealer.blackjack ? 3n * box.insuranceStakeMinor : 0n;
  const hands: HandResult[] = box.hands.map((hand, index) => {
    const stakeMinor = hand.stakeMinor + hand.doubleStakeMinor;
    if (box.evenMoney === 'taken') return { hand: index, outcome: 'even-money', stakeMinor, returnedMinor: 2n * stakeMinor };
    const result = dealer.blackjack ? againstDealerBlackjack(hand, rules) : againstDealerHand(hand, dealer, rules);
    return { hand: index, stakeMinor, ...result };
  });
  const stakedMinor = hands.reduce((sum, hand) => sum + hand.stakeMinor, 0n) + box.insuranceStakeMinor;
  const returnedMinor = hands.reduce((sum, hand) => sum + hand.returnedMinor, 0n) + insuranceReturnedMinor;
  return { seat: box.seat, stakedMinor, returnedMinor, insuranceReturnedMinor, hands };
}
