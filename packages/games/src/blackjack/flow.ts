import { shoeOf, type Card } from '../cards/index.ts';
import { shuffle, type Rng } from '../rng/index.ts';
import { invariant } from '../shared/invariant.ts';
import { boxOfSeat, copyBox, drawCard, emit, type Draft, type DraftBox, type DraftHand } from './draft.ts';
import { handValue, isAce, isTenValue, isTwoCardTwentyOne } from './hand-value.ts';
import type { BlackjackRules } from './rules.ts';
import { dealerOutcome, settleBox } from './settlement.ts';

/**
 * The round, top-down (004 Annex 2, 002 §3B): betting → shuffle and deal → insurance and even money
 * (ace up) → the dealer's check (hole-card rules that check) → each box's hands in seat order →
 * the dealer's hand → settlement. Each phase's end begins the next; the engine runs on by itself
 * until a player must decide or the round is settled.
 */

const unshuffledShoes = new Map<number, readonly Card[]>();

function unshuffledShoe(decks: number): readonly Card[] {
  let shoe = unshuffledShoes.get(decks);
  if (!shoe) {
    shoe = Object.freeze(shoeOf(decks));
    unshuffledShoes.set(decks, shoe);
  }
  return shoe;
}

/** The round's shoe: every deck of the rule set, less the cards a temporary table carries over. */
function shuffledShoe(draft: Draft, rng: Rng): Card[] {
  const carried = draft.boxes.flatMap((box) => box.hands.flatMap((hand) => hand.cards));
  const shoe = [...unshuffledShoe(draft.config.rules.decks)];
  for (const card of carried) shoe.splice(shoe.indexOf(card), 1);
  return shuffle(shoe, rng);
}

function newHand(stakeMinor: bigint): DraftHand {
  return {
    cards: [],
    stakeMinor,
    holdsInitialStake: true,
    doubleStakeMinor: 0n,
    fromSplit: false,
    splitAces: false,
    status: 'playing',
  };
}

/** Closes betting: unconfirmed bets go (004:GAM-B-03), the shoe is shuffled (GAM-BJ-01), cards are dealt. */
export function closeBettingAndDeal(draft: Draft, rng: Rng): void {
  const dropped = draft.bets.filter((bet) => !bet.confirmed).map((bet) => bet.seat);
  emit(draft, { kind: 'betting-closed', dropped });
  const carried = draft.config.temporaryTable;
  if (carried) draft.boxes = [{ ...copyBox(carried.box), movedToTemporaryTable: false }];
  else {
    draft.boxes = draft.bets
      .filter((bet) => bet.confirmed)
      .map((bet) => ({
        seat: bet.seat,
        stakeMinor: bet.stakeMinor,
        hands: [newHand(bet.stakeMinor)],
        insurance: 'not-offered',
        insuranceStakeMinor: 0n,
        evenMoney: 'not-offered',
        warningsEnabled: bet.warningsEnabled,
        acted: false,
        movedToTemporaryTable: false,
      }));
  }
  draft.bets = [];
  if (draft.boxes.length === 0) {
    draft.phase = 'settled';
    draft.settlements = [];
    emit(draft, { kind: 'round-settled', boxes: [] });
    return;
  }
  draft.shoe = Object.freeze(shuffledShoe(draft, rng));
  draft.dealt = 0;
  emit(draft, { kind: 'shoe-shuffled', decks: draft.config.rules.decks, cardCount: draft.shoe.length });
  deal(draft, carried !== null);
  afterDeal(draft);
}

/** Two cards face up to each box, one up and (hole-card rules) one down to the dealer (GAM-B-04, BJ-04). */
function deal(draft: Draft, temporaryTable: boolean): void {
  for (let round = 0; round < 2; round++) {
    if (!temporaryTable) {
      for (const box of draft.boxes) {
        const card = drawCard(draft);
        box.hands[0]!.cards.push(card);
        emit(draft, { kind: 'card-dealt', seat: box.seat, hand: 0, card });
      }
    }
    if (round === 0 || draft.config.rules.holeCard) {
      const card = drawCard(draft);
      draft.dealerCards.push(card);
      emit(draft, { kind: 'dealer-card-dealt', card, faceDown: round === 1 });
    }
  }
  draft.holeCardHidden = draft.config.rules.holeCard;
}

function afterDeal(draft: Draft): void {
  const { rules } = draft.config;
  for (const box of draft.boxes) {
    const first = box.hands[0]!;
    if (box.hands.length === 1 && !first.fromSplit && first.status === 'playing' && isTwoCardTwentyOne(first.cards))
      finishHand(draft, box, 0, 'blackjack');
  }
  const aceUp = isAce(draft.dealerCards[0]!);
  const offered: number[] = [];
  const evenMoneySeats: number[] = [];
  for (const box of draft.boxes) {
    const undecided = (decision: DraftBox['insurance']) => decision === 'pending' || decision === 'not-offered';
    if (box.acted || !undecided(box.insurance) || !undecided(box.evenMoney)) continue;
    const natural = box.hands[0]!.status === 'blackjack';
    box.insurance = aceUp && rules.insurance && !(natural && rules.evenMoney) ? 'pending' : 'not-offered';
    box.evenMoney = aceUp && rules.evenMoney && natural ? 'pending' : 'not-offered';
    if (box.insurance === 'pending') offered.push(box.seat);
    if (box.evenMoney === 'pending') evenMoneySeats.push(box.seat);
  }
  if (offered.length + evenMoneySeats.length > 0) {
    draft.phase = 'insurance';
    emit(draft, { kind: 'insurance-offered', seats: offered, evenMoneySeats });
    return;
  }
  afterInsurance(draft);
}

export function sideDecisionsPending(draft: Pick<Draft, 'boxes'>): boolean {
  return draft.boxes.some((box) => !box.movedToTemporaryTable && (box.insurance === 'pending' || box.evenMoney === 'pending'));
}

/** Once every insurance and even-money decision is made: the dealer's check, then the players. */
export function afterInsurance(draft: Draft): void {
  const { rules } = draft.config;
  const up = draft.dealerCards[0]!;
  if (rules.holeCard && rules.dealerChecksForBlackjack && (isAce(up) || isTenValue(up))) {
    const blackjack = isTwoCardTwentyOne(draft.dealerCards);
    emit(draft, { kind: 'dealer-checked', blackjack });
    if (blackjack) {
      revealHoleCard(draft);
      settle(draft);
      return;
    }
  }
  draft.phase = 'player-turns';
  advanceTurn(draft);
}

export function finishHand(draft: Draft, box: DraftBox, index: number, status: DraftHand['status']): void {
  const hand = box.hands[index]!;
  hand.status = status;
  emit(draft, { kind: 'hand-finished', seat: box.seat, hand: index, status, total: handValue(hand.cards).total });
}

/** After a card: bust, Charlie, or 21 finish the hand; otherwise the player decides again (002:BJ-10). */
export function finishIfDone(draft: Draft, box: DraftBox, index: number, rules: BlackjackRules): void {
  const hand = box.hands[index]!;
  const { total } = handValue(hand.cards);
  if (total > 21) finishHand(draft, box, index, 'busted');
  else if (rules.cardCharlie !== null && hand.cards.length >= rules.cardCharlie) finishHand(draft, box, index, 'charlie');
  else if (total === 21) finishHand(draft, box, index, 'twenty-one');
}

/**
 * Moves the turn to the next hand that needs a decision, in seat order and hand order. A hand made by
 * a split gets its second card when its turn comes; a split ace then stands (004:GAM-B-12).
 */
export function advanceTurn(draft: Draft): void {
  const { rules } = draft.config;
  for (const box of draft.boxes) {
    if (box.movedToTemporaryTable) continue;
    for (let index = 0; index < box.hands.length; index++) {
      const hand = box.hands[index]!;
      if (hand.status !== 'playing') continue;
      if (hand.cards.length === 1) {
        const card = drawCard(draft);
        hand.cards.push(card);
        emit(draft, { kind: 'card-dealt', seat: box.seat, hand: index, card });
        if (hand.splitAces && rules.splitAcesOneCard) {
          finishHand(draft, box, index, 'split-ace');
          continue;
        }
        finishIfDone(draft, box, index, rules);
        if (box.hands[index]!.status !== 'playing') continue;
      }
      if (draft.turn?.seat !== box.seat || draft.turn.hand !== index) emit(draft, { kind: 'turn', seat: box.seat, hand: index });
      draft.turn = { seat: box.seat, hand: index };
      return;
    }
  }
  draft.turn = null;
  playDealer(draft);
  settle(draft);
}

function revealHoleCard(draft: Draft): void {
  if (!draft.holeCardHidden) return;
  draft.holeCardHidden = false;
  emit(draft, { kind: 'hole-card-revealed', card: draft.dealerCards[1]! });
}

export function dealerHits(cards: readonly Card[], rules: BlackjackRules): boolean {
  const { total, soft } = handValue(cards);
  return total < 17 || (total === 17 && soft && rules.dealerHitsSoft17);
}

/** Hands whose result depends on the dealer's total. */
function someHandAwaitsDealer(draft: Draft): boolean {
  return draft.boxes.some(
    (box) =>
      !box.movedToTemporaryTable &&
      box.evenMoney !== 'taken' &&
      box.hands.some((hand) => ['stood', 'doubled', 'twenty-one', 'split-ace'].includes(hand.status)),
  );
}

// Eleven cards always pass 17; the bound only guards the loop.
const dealerCardsMax = 12;

/**
 * The dealer always completes two cards (the hole card is turned, or without one the second card is
 * dealt: 004:GAM-B-16, 002:BJ-04), then draws to the rule set's standing total only while some hand
 * still needs the dealer's total.
 */
function playDealer(draft: Draft): void {
  const { rules } = draft.config;
  if (draft.holeCardHidden) revealHoleCard(draft);
  else if (draft.dealerCards.length === 1) {
    const card = drawCard(draft);
    draft.dealerCards.push(card);
    emit(draft, { kind: 'dealer-card-dealt', card, faceDown: false });
  }
  const blackjack = isTwoCardTwentyOne(draft.dealerCards);
  if (!blackjack && someHandAwaitsDealer(draft)) {
    while (dealerHits(draft.dealerCards, rules)) {
      invariant(draft.dealerCards.length < dealerCardsMax, 'the dealer stands within twelve cards');
      const card = drawCard(draft);
      draft.dealerCards.push(card);
      emit(draft, { kind: 'dealer-card-dealt', card, faceDown: false });
    }
  }
  const outcome = dealerOutcome(draft.dealerCards);
  emit(draft, { kind: 'dealer-stood', total: outcome.total, blackjack: outcome.blackjack, busted: outcome.busted });
}

function settle(draft: Draft): void {
  const outcome = dealerOutcome(draft.dealerCards);
  draft.dealerBlackjack = outcome.blackjack;
  draft.turn = null;
  draft.phase = 'settled';
  const settlements = draft.boxes
    .filter((box) => !box.movedToTemporaryTable)
    .map((box) => settleBox(box, outcome, draft.config.rules));
  draft.settlements = settlements;
  emit(draft, { kind: 'round-settled', boxes: settlements });
}

export { boxOfSeat };
