import { invariant } from '../shared/invariant.ts';
import { boxOfSeat, drawCard, emit, type Draft, type DraftBox } from './draft.ts';
import { advanceTurn, afterInsurance, finishHand, finishIfDone, sideDecisionsPending } from './flow.ts';
import { cardPoints, handValue, isAce } from './hand-value.ts';
import { BlackjackRejection, type BlackjackRejectionReason } from './rejection.ts';
import { doubleRuleAllows, type BlackjackRules, type BlackjackWarningKind } from './rules.ts';
import type { BlackjackBox, BlackjackHand, BlackjackState } from './types.ts';

/**
 * Player decisions, PokerKit style: `verifyX` throws the reason a decision is refused, `canX` asks,
 * and the apply functions change a draft that verification has already passed.
 */

type StateView = Pick<BlackjackState, 'phase' | 'boxes' | 'turn' | 'config'>;

/** A refusal before it becomes an exception: `legalDecisions` asks often and must not pay for stack traces. */
export type Refusal = readonly [BlackjackRejectionReason, string];

export function refuse(refusal: Refusal | null): void {
  if (refusal) throw new BlackjackRejection(refusal[0], refusal[1]);
}

function findBox(state: StateView, seat: number): BlackjackBox | null {
  const box = state.boxes.find((entry) => entry.seat === seat);
  return box && !box.movedToTemporaryTable ? box : null;
}

export interface HandToAct {
  readonly box: BlackjackBox;
  readonly hand: BlackjackHand;
  readonly index: number;
}

/** The hand whose turn it is, which must belong to `seat`, or why there is none. */
export function checkHandToAct(state: StateView, seat: number): HandToAct | Refusal {
  if (state.phase !== 'player-turns') return ['wrong-phase', `no player decisions while the round is in ${state.phase}`];
  const box = findBox(state, seat);
  if (!box) return ['no-box', `seat ${seat} has no box in this round`];
  if (state.turn === null || state.turn.seat !== seat) return ['not-your-turn', `it is not seat ${seat}'s turn`];
  return { box, hand: box.hands[state.turn.hand]!, index: state.turn.hand };
}

export function handToAct(state: StateView, seat: number): HandToAct {
  const found = checkHandToAct(state, seat);
  if (Array.isArray(found)) throw new BlackjackRejection(found[0], found[1]);
  return found as HandToAct;
}

export function checkSideDecision(state: StateView, seat: number, kind: 'insurance' | 'even-money'): Refusal | null {
  if (state.phase !== 'insurance') return ['wrong-phase', `${kind} is decided only right after the deal, with an ace up`];
  const box = findBox(state, seat);
  if (!box) return ['no-box', `seat ${seat} has no box in this round`];
  if ((kind === 'insurance' ? box.insurance : box.evenMoney) !== 'pending')
    return ['no-decision-pending', `seat ${seat} has no ${kind} decision to make`];
  return null;
}

export function checkHit(state: StateView, seat: number): Refusal | null {
  const found = checkHandToAct(state, seat);
  if (Array.isArray(found)) return found as Refusal;
  if ((found as HandToAct).hand.splitAces && state.config.rules.splitAcesOneCard)
    return ['cannot-hit', 'a split ace takes one card only'];
  return null;
}

export function checkStand(state: StateView, seat: number): Refusal | null {
  const found = checkHandToAct(state, seat);
  return Array.isArray(found) ? (found as Refusal) : null;
}

function doubleAllowedOn(hand: BlackjackHand, rules: BlackjackRules): boolean {
  return doubleRuleAllows(rules.doubleOn, handValue(hand.cards));
}

/** 004:GAM-B-13, GAM-BJ-05; 002:BJ-13, BJ-CL-12: any first two cards, after a split where allowed, never on split aces. */
export function checkDouble(state: StateView, seat: number): Refusal | null {
  const found = checkHandToAct(state, seat);
  if (Array.isArray(found)) return found as Refusal;
  const { hand } = found as HandToAct;
  const { rules } = state.config;
  if (hand.cards.length !== 2) return ['cannot-double', 'doubling takes the first two cards of a hand'];
  if (hand.splitAces) return ['cannot-double', 'no double on split aces'];
  if (hand.fromSplit && !rules.doubleAfterSplit) return ['cannot-double', 'no double after a split at this table'];
  if (!doubleAllowedOn(hand, rules)) return ['cannot-double', `this table doubles only on ${rules.doubleOn}`];
  return null;
}

export function isPair(hand: BlackjackHand, rules: BlackjackRules): boolean {
  const [first, second] = hand.cards;
  if (hand.cards.length !== 2) return false;
  if (rules.splitTenValuesOfDifferentRank) return cardPoints(first!) === cardPoints(second!);
  return first! >> 2 === second! >> 2;
}

/** 004:GAM-B-12, GAM-BJ-06; 002:BJ-11, BJ-CL-11, BJ-PR-08: equal values, up to the rule set's hands. */
export function checkSplit(state: StateView, seat: number): Refusal | null {
  const found = checkHandToAct(state, seat);
  if (Array.isArray(found)) return found as Refusal;
  const { box, hand } = found as HandToAct;
  const { rules } = state.config;
  if (!isPair(hand, rules)) return ['cannot-split', 'only two cards of equal value split'];
  const aces = isAce(hand.cards[0]!);
  const handsMax = aces ? rules.splitAcesHandsMax : rules.splitHandsMax;
  if (hand.splitAces && rules.splitAcesOneCard) return ['cannot-split', 'split aces are not split again'];
  if (box.hands.length >= handsMax)
    return ['split-limit-reached', `this table splits ${aces ? 'aces' : 'pairs'} into at most ${handsMax} hands`];
  return null;
}

/** 004:GAM-BS-03: after the dealer's check, on the first two cards, before any other decision. */
export function checkSurrender(state: StateView, seat: number): Refusal | null {
  const found = checkHandToAct(state, seat);
  if (Array.isArray(found)) return found as Refusal;
  const { box, hand } = found as HandToAct;
  if (state.config.rules.surrender !== 'late') return ['cannot-surrender', 'this table has no surrender'];
  if (box.acted || box.hands.length !== 1 || hand.cards.length !== 2)
    return ['cannot-surrender', 'surrender is the first decision on the first two cards'];
  return null;
}

/** 004:GAM-B-17, 002:BJ-UI-01: the decisions the software questions before making them. */
export function warningsFor(
  rules: BlackjackRules,
  box: BlackjackBox,
  hand: BlackjackHand,
  decision: 'hit' | 'stand' | 'double',
): BlackjackWarningKind[] {
  if (!box.warningsEnabled) return [];
  const { total, soft } = handValue(hand.cards);
  const raised: BlackjackWarningKind[] = [];
  if (decision === 'hit' && !soft && total >= 17) raised.push('hit-on-hard-17-or-more');
  // 002:AMB-BJ-SOFT: any total of 11 or less (which can only be hard).
  if (decision === 'stand' && total <= 11) raised.push('stand-on-11-or-less');
  if (decision === 'double' && !soft && total >= 12) raised.push('double-on-hard-12-or-more');
  return raised.filter((kind) => rules.warnings.includes(kind));
}

// ---- apply (the draft has passed verification) ----

function current(draft: Draft, seat: number): { box: DraftBox; index: number } {
  const box = boxOfSeat(draft, seat)!;
  invariant(draft.turn?.seat === seat, "verified: it is this seat's turn");
  return { box, index: draft.turn.hand };
}

export function applySideDecision(draft: Draft, seat: number, kind: 'insurance' | 'even-money', take: boolean): void {
  const box = boxOfSeat(draft, seat)!;
  if (kind === 'insurance') {
    box.insurance = take ? 'taken' : 'declined';
    // 004:GAM-B-15: half the original stake.
    if (take) box.insuranceStakeMinor = box.stakeMinor / 2n;
    emit(
      draft,
      take ? { kind: 'insurance-taken', seat, stakeMinor: box.insuranceStakeMinor } : { kind: 'insurance-declined', seat },
    );
  } else {
    box.evenMoney = take ? 'taken' : 'declined';
    emit(draft, take ? { kind: 'even-money-taken', seat } : { kind: 'even-money-declined', seat });
  }
  if (!sideDecisionsPending(draft)) afterInsurance(draft);
}

export function applyHit(draft: Draft, seat: number, warnings: BlackjackWarningKind[]): void {
  const { box, index } = current(draft, seat);
  box.acted = true;
  const card = drawCard(draft);
  box.hands[index]!.cards.push(card);
  emit(draft, { kind: 'hit', seat, hand: index, warnings });
  emit(draft, { kind: 'card-dealt', seat, hand: index, card });
  finishIfDone(draft, box, index, draft.config.rules);
  if (box.hands[index]!.status !== 'playing') advanceTurn(draft);
}

export function applyStand(draft: Draft, seat: number, warnings: BlackjackWarningKind[], timedOut: boolean): void {
  const { box, index } = current(draft, seat);
  box.acted = true;
  emit(draft, { kind: 'stood', seat, hand: index, warnings, timedOut });
  finishHand(draft, box, index, 'stood');
  advanceTurn(draft);
}

/** Exactly one card, then the hand stands (004:GAM-B-13). */
export function applyDouble(draft: Draft, seat: number, warnings: BlackjackWarningKind[]): void {
  const { box, index } = current(draft, seat);
  const hand = box.hands[index]!;
  box.acted = true;
  hand.doubleStakeMinor = hand.stakeMinor;
  emit(draft, { kind: 'doubled', seat, hand: index, stakeMinor: hand.doubleStakeMinor, warnings });
  const card = drawCard(draft);
  hand.cards.push(card);
  emit(draft, { kind: 'card-dealt', seat, hand: index, card });
  finishHand(draft, box, index, handValue(hand.cards).total > 21 ? 'busted' : 'doubled');
  advanceTurn(draft);
}

/** The second card moves to a new hand with a stake equal to the original (004:GAM-B-12). */
export function applySplit(draft: Draft, seat: number): void {
  const { box, index } = current(draft, seat);
  const hand = box.hands[index]!;
  box.acted = true;
  const aces = isAce(hand.cards[0]!);
  const moved = hand.cards.pop()!;
  hand.fromSplit = true;
  hand.splitAces = aces;
  box.hands.splice(index + 1, 0, {
    cards: [moved],
    stakeMinor: box.stakeMinor,
    holdsInitialStake: false,
    doubleStakeMinor: 0n,
    fromSplit: true,
    splitAces: aces,
    status: 'playing',
  });
  emit(draft, { kind: 'split', seat, hand: index, newHand: index + 1, stakeMinor: box.stakeMinor });
  // The turn stays on this hand, which now takes its second card.
  draft.turn = null;
  advanceTurn(draft);
}

export function applySurrender(draft: Draft, seat: number): void {
  const { box, index } = current(draft, seat);
  box.acted = true;
  emit(draft, { kind: 'surrendered', seat });
  finishHand(draft, box, index, 'surrendered');
  advanceTurn(draft);
}
