import { parseCards, shoeOf, type Card } from '../../cards/index.ts';
import { commitToSeed, testRoundSeed, type Rng } from '../../rng/index.ts';
import { applyBlackjackAction, openBlackjackRound } from '../round.ts';
import type { BlackjackRules } from '../rules.ts';
import type { BlackjackAction, BlackjackState, BlackjackTableLimits } from '../types.ts';

/** Test helpers: rigged shoes and compact scripts. Not part of the public API. */

export const czk = (amount: number): bigint => BigInt(Math.round(amount * 100));

export const testLimits: BlackjackTableLimits = {
  unitMinor: 10n,
  stakeMinimumMinor: czk(0.1),
  stakeMaximumMinor: czk(1_000_000),
};

/**
 * An rng under which the engine's Fisher–Yates shuffle of `initial` yields `target`: at each step
 * it picks the index where the card wanted at that position currently is.
 */
export function riggedShuffle(initial: readonly Card[], target: readonly Card[]): Rng {
  const working = [...initial];
  const picks: number[] = [];
  for (let i = working.length - 1; i > 0; i--) {
    const j = working.lastIndexOf(target[i]!, i);
    if (j < 0) throw new Error(`card ${target[i]} is not left in the shoe`);
    picks.push(j);
    [working[i], working[j]] = [working[j]!, working[i]!];
  }
  return {
    intBelow(bound: number): number {
      const pick = picks.shift();
      if (pick === undefined || pick >= bound) throw new Error('the rigged shuffle is used for one shuffle only');
      return pick;
    },
  };
}

/** A shoe order starting with `first` (cards in dealing order), the rest of the shoe after it. */
export function stackedShoe(shoe: readonly Card[], first: readonly Card[]): Card[] {
  const rest = [...shoe];
  for (const card of first) {
    const at = rest.indexOf(card);
    if (at < 0) throw new Error(`the shoe has no card ${card} left`);
    rest.splice(at, 1);
  }
  return [...first, ...rest];
}

export interface Layout {
  /** Each seat's first two cards, "As Kd". */
  readonly seats: Readonly<Record<number, string>>;
  /** The dealer's first two cards (up card first). */
  readonly dealer: string;
  /** Cards the players draw, in the order they draw them. */
  readonly playerDraws?: string;
  /** Cards the dealer draws after the first two. */
  readonly dealerDraws?: string;
}

/**
 * The order cards leave the shoe for this layout under the rule set: one card to each box, the
 * dealer's up card, the second card to each box, the hole card (hole-card rules), the players'
 * draws, the dealer's second card (no hole card), the dealer's draws.
 */
export function dealingOrder(rules: BlackjackRules, layout: Layout): Card[] {
  const seats = Object.keys(layout.seats)
    .map(Number)
    .sort((a, b) => a - b);
  const hands = seats.map((seat) => parseCards(layout.seats[seat]!));
  const [up, second] = parseCards(layout.dealer);
  const order: Card[] = [...hands.map((hand) => hand[0]!), up!, ...hands.map((hand) => hand[1]!)];
  if (rules.holeCard) order.push(second!);
  order.push(...parseCards(layout.playerDraws ?? ''));
  if (!rules.holeCard) order.push(second!);
  order.push(...parseCards(layout.dealerDraws ?? ''));
  return order;
}

export function riggedDeal(rules: BlackjackRules, layout: Layout, carried: readonly Card[] = []): Rng {
  const initial = shoeOf(rules.decks);
  for (const card of carried) initial.splice(initial.indexOf(card), 1);
  return riggedShuffle(initial, stackedShoe(initial, dealingOrder(rules, layout)));
}

export function openTestRound(rules: BlackjackRules, label = 'blackjack'): BlackjackState {
  return openBlackjackRound({
    roundId: `round-${label}`,
    rules,
    limits: testLimits,
    seedCommitment: commitToSeed(testRoundSeed(label)),
  }).state;
}

const noRng: Rng = {
  intBelow(): number {
    throw new Error('only closing the betting draws randomness');
  },
};

export function act(state: BlackjackState, action: BlackjackAction, rng: Rng = noRng): BlackjackState {
  const transition = applyBlackjackAction(state, action, rng);
  if (transition.needsReconfirmation) throw new Error(`${action.kind} needs reconfirmation: ${transition.warnings.join(', ')}`);
  return transition.state;
}

/** Seats bet (stake in CZK), confirm, and the rigged layout is dealt. */
export function deal(
  rules: BlackjackRules,
  layout: Layout,
  stakesCzk: Readonly<Record<number, number>> = { 1: 100 },
): BlackjackState {
  let state = openTestRound(rules);
  for (const [seat, stake] of Object.entries(stakesCzk)) {
    state = act(state, { kind: 'place-bet', seat: Number(seat), stakeMinor: czk(stake) });
    state = act(state, { kind: 'confirm-bet', seat: Number(seat) });
  }
  return act(state, { kind: 'close-betting' }, riggedDeal(rules, layout));
}

/** "1:hit 1:stand 2:double 1:insurance-no": decisions in order, warnings reconfirmed. */
export function play(state: BlackjackState, script: string): BlackjackState {
  return script
    .split(/\s+/)
    .filter(Boolean)
    .reduce((current, step) => {
      const [seatText, move] = step.split(':');
      const seat = Number(seatText);
      switch (move) {
        case 'hit':
        case 'stand':
        case 'double':
          return act(current, { kind: move, seat, reconfirmed: true });
        case 'split':
        case 'surrender':
        case 'time-out':
          return act(current, { kind: move, seat });
        case 'insurance':
        case 'insurance-no':
          return act(current, { kind: 'insurance', seat, take: move === 'insurance' });
        case 'even-money':
        case 'even-money-no':
          return act(current, { kind: 'even-money', seat, take: move === 'even-money' });
        default:
          throw new Error(`unknown move ${move}`);
      }
    }, state);
}

export function settlementOf(state: BlackjackState, seat = 1) {
  const settlement = state.settlements?.find((entry) => entry.seat === seat);
  if (!settlement) throw new Error(`seat ${seat} is not settled (phase ${state.phase})`);
  return settlement;
}
