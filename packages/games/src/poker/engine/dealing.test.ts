import { describe, expect, it } from 'vitest';
import { formatCard, parseCards, rankChars, standardDeck, suitChars } from '../../cards/index.ts';
import { SeededRng, type Rng } from '../../rng/index.ts';
import { highRanking } from '../evaluator/index.ts';
import { noLimitHoldem } from './presets.ts';
import { startHand } from './start-hand.ts';
import { testHandOptions } from './testing/fixtures.ts';

/** The deck and the shuffle behind every hand (000-001 §2.3, 003 §1.5, 002 §2 RNG). */

/** An injected generator that records the bounds it was asked for: any `Rng` can back the shuffle. */
function recordingRng(seed: number): Rng & { readonly bounds: number[] } {
  const inner = new SeededRng(seed);
  const bounds: number[] = [];
  return {
    bounds,
    intBelow(bound: number): number {
      bounds.push(bound);
      return inner.intBelow(bound);
    },
  };
}

function shuffledHand(rng: Rng) {
  const { deck: _rigged, ...options } = testHandOptions({ button: 1, stacks: { 1: 100, 2: 100, 3: 100 } });
  return startHand({ ...options, variant: noLimitHoldem, rng }).state;
}

describe('the deck and the shuffle', () => {
  it('000-001:DECK-01 / 002:PK-GEN-09 one 52-card deck of four equal suits and thirteen ranks, 2 to ace; the ace also plays low, as in 5-4-3-2-A', () => {
    const deck = noLimitHoldem.deck;
    expect(deck).toHaveLength(52);
    expect(new Set(deck).size).toBe(52);
    const names = new Set(deck.map(formatCard));
    for (const rank of rankChars) for (const suit of suitChars) expect(names.has(`${rank}${suit}`)).toBe(true);
    expect(highRanking.strength([], parseCards('Ah 2c 3d 4s 5h'))!.describe()).toBe('straight, five high');
    // Suits are equal: the same ranks in other suits score the same.
    const value = (cards: string) => highRanking.strength([], parseCards(cards))!.value;
    expect(value('As Kd 9c 7h 4s')).toBe(value('Ah Ks 9d 7c 4h'));
  });

  it('003:R-CARD-03 / 002:RNG-04 every hand is dealt from a fresh, whole deck: the injected generator orders all 52 cards anew for each hand', () => {
    const rng = recordingRng(16);
    const first = shuffledHand(rng);
    // One Fisher–Yates pass over the whole deck: 51 draws, bounds 52 down to 2.
    expect(rng.bounds).toEqual(Array.from({ length: 51 }, (_, k) => 52 - k));
    expect([...first.deck].sort((a, b) => a - b)).toEqual(standardDeck());
    const second = shuffledHand(rng);
    expect(rng.bounds).toHaveLength(102);
    expect([...second.deck].sort((a, b) => a - b)).toEqual(standardDeck());
    expect(second.deck).not.toEqual(first.deck);
    // The dealt cards come from that order: the first two circuits are the hole cards.
    expect(first.players.flatMap((player) => player.hole).sort((a, b) => a - b)).toEqual(
      first.deck.slice(0, 6).sort((a, b) => a - b),
    );
  });
});
