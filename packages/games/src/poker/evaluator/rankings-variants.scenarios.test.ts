import { describe, expect, it } from 'vitest';
import { parseCards } from '../../cards/index.ts';
import { findWinners } from './find-winners.ts';
import type { HandRanking, HandStrength } from './ranking.ts';
import { badugiRanking } from './rankings/badugi.ts';
import { highRanking } from './rankings/high.ts';
import { deuceToSevenLowRanking } from './rankings/lows.ts';
import { sevenE32Ranking, sevenE36Ranking, sevenEDeckSize } from './rankings/seven-e.ts';
import { createSokoRanking, sokoRanking } from './rankings/soko.ts';

/** Issue 20's rankings through the `HandRanking` interface the engine uses; a hand is its cards, no board. */
function hand(ranking: HandRanking, cards: string): HandStrength {
  const strength = ranking.strength(parseCards(cards), []);
  if (strength === null) throw new Error(`${cards}: no ${ranking.name} hand`);
  return strength;
}

function best(ranking: HandRanking, ...hands: string[]): number[] {
  return findWinners(hands.map((cards) => hand(ranking, cards)));
}

describe('Badugi (002 §4.16)', () => {
  it('002:T-BAD-01 BAD-R-02 A♠2♥3♦4♣ is the best hand: nothing beats it, four kings is a one-card king', () => {
    const nut = hand(badugiRanking, 'As 2h 3d 4c');
    expect(nut.category).toBe('badugi');
    expect(nut.describe()).toBe('badugi, four-three-two-ace');
    expect(best(badugiRanking, 'As 2h 3d 4c', 'Ac 2d 3h 5s', 'Ks Kh Kd Kc')).toEqual([0]);
    expect(hand(badugiRanking, 'Ks Kh Kd Kc').category).toBe('one-card');
  });

  it('002:T-BAD-02 BAD-R-04 a K-Q-J-T badugi beats a three-card A-2-3', () => {
    expect(best(badugiRanking, 'Ks Qh Jd Tc', 'As 2h 3d 3c')).toEqual([0]);
  });

  it('002:T-BAD-03 BAD-R-05 A-2-3-5 beats A-2-4-5: equal tops, the next card down decides', () => {
    expect(best(badugiRanking, 'As 2h 4d 5c', 'Ad 2c 3h 5s')).toEqual([1]);
  });

  it('002:T-BAD-04 BAD-R-03 BAD-R-06 A♠2♠3♥4♦ reduces to 4-3-A; a pair keeps one card; two pairs leave two cards', () => {
    expect(hand(badugiRanking, 'As 2s 3h 4d').cards.length).toBe(3);
    expect(hand(badugiRanking, 'As 2s 3h 4d').describe()).toBe('three-card hand, four-three-ace');
    expect(hand(badugiRanking, 'Ac 2h 4d 4s').describe()).toBe('three-card hand, four-two-ace');
    expect(hand(badugiRanking, 'Ac As 5d 5h').describe()).toBe('two-card hand, five-ace');
    expect(hand(badugiRanking, '3h 2h Ah Kh').describe()).toBe('one-card hand, ace');
  });

  it('002:T-BAD-05 BAD-R-06 one-card hands: A beats 3, A against A splits', () => {
    expect(best(badugiRanking, 'Ah 3h 5h 7h', '3s 5s 7s 9s')).toEqual([0]);
    expect(best(badugiRanking, 'Ah 3h 5h 7h', 'As 3s 5s 7s')).toEqual([0, 1]);
  });

  it('002:BAD-R-07 BAD-R-08 AMB-BADUGI-ALGO no straights; A♠ A♥ 2♠ 3♦ → the largest valid subset, A♥ 2♠ 3♦', () => {
    expect(hand(badugiRanking, '2s 3h 4d 5c').describe()).toBe('badugi, five-four-three-two');
    expect(hand(badugiRanking, 'As Ah 2s 3d').describe()).toBe('three-card hand, three-two-ace');
  });
});

describe('Sökö (000-001 §6.5, 003 §3.15)', () => {
  const literal = createSokoRanking({
    fourFlushTie: 'whole-hand',
    fourStraightTie: 'off-card',
    fourCardStraightFlush: 'four-straight',
  });

  it('000-001:T-58 VAR-SK-08 HAND-06 003:S-12 four-flush beats a pair, loses to two pair; four-straight sits between pair and four-flush', () => {
    expect(hand(sokoRanking, 'Kh 9h 5h 2h Qs').category).toBe('four-flush');
    expect(hand(sokoRanking, '5c 6d 7h 8s Kc').category).toBe('four-straight');
    expect(best(sokoRanking, 'Kh 9h 5h 2h Qs', 'As Ad Kc 7d 3s')).toEqual([0]);
    expect(best(sokoRanking, 'Kh 9h 5h 2h Qs', '3s 3d 4c 4d 7s')).toEqual([1]);
    expect(best(sokoRanking, '5c 6d 7h 8s Kc', 'As Ad Kc 7d 3s')).toEqual([0]);
    expect(best(sokoRanking, '5c 6d 7h 8s Kd', 'Kh 9h 5h 2h Qs')).toEqual([1]);
  });

  it('000-001:T-58 VAR-SK-08 the fifth card is no kicker under 001: equal four-flushes and equal four-straights split; J-Q-K-A beats T-J-Q-K', () => {
    expect(best(sokoRanking, 'Kh 9h 5h 2h Qs', 'Kd 9d 5d 2d 3s')).toEqual([0, 1]);
    expect(best(sokoRanking, '5c 6d 7h 8s Kc', '5d 6c 7s 8h 2c')).toEqual([0, 1]);
    expect(best(sokoRanking, 'Jc Qd Kh As 3c', 'Tc Jd Qh Ks 3d')).toEqual([0]);
  });

  it('003:S-13 a four-flush beats a pair of aces in Sökö and loses to it in Femkort (standard ranking)', () => {
    expect(best(sokoRanking, 'Kh 9h 5h 2h Qs', 'As Ad Kc 7d 3s')).toEqual([0]);
    expect(best(highRanking, 'Kh 9h 5h 2h Qs', 'As Ad Kc 7d 3s')).toEqual([1]);
  });

  it('003:S-14 Q-35 R-RANK-01 four-straight tie under 003: the off card decides, K beats Q (001 splits)', () => {
    expect(best(literal, '5c 6d 7h 8s Kc', '5d 6c 7s 8h Qc')).toEqual([0]);
    expect(best(sokoRanking, '5c 6d 7h 8s Kc', '5d 6c 7s 8h Qc')).toEqual([0, 1]);
  });

  it('003:S-15 000-001:A-15 R-RANK-04 A-2-3-4 is a 4-high four-straight, losing to 2-3-4-5; Q-K-A-2 is no four-straight', () => {
    expect(hand(sokoRanking, 'Ac 2d 3h 4s 9c').describe()).toBe('four-straight, four high');
    expect(best(sokoRanking, 'Ac 2d 3h 4s 9c', '2c 3d 4h 5s 9d')).toEqual([1]);
    expect(hand(sokoRanking, 'Qc Kd Ah 2s 9c').category).toBe('high-card');
  });

  it('003:S-16 Q-34 four-flush tie: 001 compares the four suited cards only (split), 003 literal compares the whole hand 1st→5th', () => {
    // P1 K♥9♥5♥2♥ + Q♠; P2 K♦9♦5♦2♦ + J♠: 001 splits; the literal whole-hand reading gives P1 (Q over J).
    expect(best(sokoRanking, 'Kh 9h 5h 2h Qs', 'Kd 9d 5d 2d Js')).toEqual([0, 1]);
    expect(best(literal, 'Kh 9h 5h 2h Qs', 'Kd 9d 5d 2d Js')).toEqual([0]);
    // Whole hand 1st→5th: P1 A-K-9-5-2 (A off suit) beats P2 K-Q-9-5-2 (all four suited cards higher) literally.
    expect(best(literal, 'Kh 9h 5h 2h As', 'Kd Qd 9d 5d 2s')).toEqual([0]);
    expect(best(sokoRanking, 'Kh 9h 5h 2h As', 'Kd Qd 9d 5d 2s')).toEqual([1]);
  });

  it("003:S-17 Q-36 R-RANK-04 a four-card straight flush: a four-flush by default (001 A-15), only a four-straight under 003's literal definition", () => {
    expect(hand(sokoRanking, '5h 6h 7h 8h Kc').category).toBe('four-flush');
    expect(hand(literal, '5h 6h 7h 8h Kc').category).toBe('four-straight');
  });

  it('003:S-18 R-RANK-04 an inside four-straight is nothing; 5-6-7-8-8 ranks as a four-straight; pair plus four-flush is a four-flush', () => {
    expect(hand(sokoRanking, '5c 6d 8h 9s Kc').category).toBe('high-card');
    expect(hand(sokoRanking, '5c 6d 7h 8s 8c').category).toBe('four-straight');
    expect(hand(literal, '5c 6d 7h 8s 8c').describe()).toBe('four-straight, eight high');
    expect(hand(sokoRanking, 'Kh Ks 5h 2h 9h').category).toBe('four-flush');
    expect(hand(sokoRanking, '5h 6h 7h 8c Kh').category).toBe('four-flush');
  });
});

describe('Mörkpoker 7-E (003 §3.5)', () => {
  it('003:S-19 R-7E-05 list L: a flush beats a full house in both decks', () => {
    for (const ranking of [sevenE32Ranking, sevenE36Ranking]) {
      expect(best(ranking, 'Ah Jh 9h 8h 7h', 'Ks Kd Kc Qs Qd')).toEqual([0]);
      expect(best(ranking, 'Ks Kd Kc Kh Qd', 'Ah Jh 9h 8h 7h')).toEqual([0]);
    }
  });

  it('003:S-20 R-7E-03 R-7E-01 R-7E-02 32 cards: A-7-8-9-T is the lowest straight; 36 cards: A-6-7-8-9 is, and A-7-8-9-T is not a straight', () => {
    expect(hand(sevenE32Ranking, 'As 7d 8h 9c Td').describe()).toBe('straight, ten high');
    expect(best(sevenE32Ranking, 'As 7d 8h 9c Td', '7s 8d 9h Tc Jd')).toEqual([1]);
    expect(hand(sevenE36Ranking, 'As 6d 7h 8c 9d').describe()).toBe('straight, nine high');
    expect(hand(sevenE36Ranking, 'As 7d 8h 9c Td').category).toBe('high-card');
    expect(() => hand(sevenE32Ranking, '6s 7d 8h 9c Td')).toThrow(RangeError);
  });

  it('003:S-21 R-7E-01 R-7E-02 R-7E-07 Q-15 the deck by players in the hand: 32 up to four, 36 with five, more is not dealt', () => {
    expect([2, 3, 4, 5].map(sevenEDeckSize)).toEqual([32, 32, 32, 36]);
    expect(() => sevenEDeckSize(6)).toThrow(RangeError);
  });
});

describe('Deuce-to-seven, issue 20 scenarios', () => {
  it('002:T-27-01 T-27-03 D27-04..06 7-5-4-3-2 beats 7-6-5-3-2; no pair beats a pair; 22 beats 33; pair beats two pair beats trips', () => {
    expect(best(deuceToSevenLowRanking, '7s 5d 4h 3c 2d', '7d 6h 5c 3s 2h')).toEqual([0]);
    expect(best(deuceToSevenLowRanking, 'Ks Qd Jh 9c 8d', '2s 2d 3h 4c 5d')).toEqual([0]);
    expect(best(deuceToSevenLowRanking, '2s 2d 7h 8c 9d', '3s 3d 7c 8h 9s')).toEqual([0]);
    expect(best(deuceToSevenLowRanking, '2s 2d 7h 8c 9d', '2c 2h 3c 3d 9h', '4s 4d 4h 8d 9c')).toEqual([0]);
    expect(best(deuceToSevenLowRanking, '2c 2h 3c 3d 9h', '4s 4d 4h 8d 9c')).toEqual([0]);
  });
});
