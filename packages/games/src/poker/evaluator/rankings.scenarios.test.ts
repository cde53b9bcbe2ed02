import { describe, expect, it } from 'vitest';
import { parseCards } from '../../cards/index.ts';
import { findWinners } from './find-winners.ts';
import type { HandRanking, HandStrength } from './ranking.ts';
import { highRanking, shortDeckHighRanking } from './rankings/high.ts';
import { aceToFiveLow8Ranking, aceToFiveLowRanking, deuceToSevenLowRanking } from './rankings/lows.ts';
import { omahaHighRanking, omahaLow8Ranking } from './rankings/omaha.ts';

/**
 * The hand-ranking scenarios of the seeds (000-001 §4.4–4.5, 002 §4.11, 003 §4.1 and §4.7,
 * 004 §4.11), each through the `HandRanking` interface the engine uses. Cards are "As Kd"; a
 * "hand" of five cards is scored as a board with no hole cards.
 */

function strength(ranking: HandRanking, hole: string, board = ''): HandStrength | null {
  return ranking.strength(parseCards(hole), parseCards(board));
}

function must(ranking: HandRanking, hole: string, board = ''): HandStrength {
  const result = strength(ranking, hole, board);
  if (result === null) throw new Error(`${hole} / ${board} has no ${ranking.name} hand`);
  return result;
}

/** Index of the winners among hole-card sets on one board. */
function winners(ranking: HandRanking, board: string, holes: readonly string[]): number[] {
  return findWinners(holes.map((hole) => strength(ranking, hole, board)));
}

const five = (cards: string): HandStrength => must(highRanking, '', cards);
const low = (cards: string): HandStrength => must(aceToFiveLowRanking, '', cards);
const deuce = (cards: string): HandStrength => must(deuceToSevenLowRanking, '', cards);

describe("high hands (Hold'em: best five of hole + board)", () => {
  it('000-001:T-33 HAND-03 kicker: on K9742, AK (kings, A-9-7) beats KQ (kings, Q-9-7)', () => {
    expect(winners(highRanking, 'Kh 9d 7c 4s 2h', ['Ac Ks', 'Kd Qc'])).toEqual([0]);
  });

  it('000-001:T-34 VAR-HE-10 the board plays: on AAKKQ, J2 and J3 both have A-A-K-K-Q and split', () => {
    expect(winners(highRanking, 'As Ad Kc Kh Qs', ['Jh 2c', 'Jc 3d'])).toEqual([0, 1]);
  });

  it('000-001:T-35 DECK-02 the wheel loses to a six-high straight; Q-K-A-2-3 is no straight', () => {
    expect(winners(highRanking, '2c 3d 4h 9s Kc', ['Ad 5s', '5d 6c'])).toEqual([1]);
    expect(must(highRanking, 'Ad 5s', '2c 3d 4h 9s Kc').describe()).toBe('straight, five high');
    expect(five('Qc Kd Ah 2s 3c').category).toBe('high-card');
  });

  it('000-001:T-36 HAND-03 quads kicker: on 9999-2, A3 (9999-A) beats KQ (9999-K)', () => {
    expect(winners(highRanking, '9s 9h 9d 9c 2h', ['Ac 3d', 'Kc Qd'])).toEqual([0]);
  });

  it('000-001:T-37 full house: on KK772, K3 (kings full of sevens) beats 7A (sevens full of kings)', () => {
    expect(winners(highRanking, 'Ks Kd 7c 7h 2s', ['Kc 3d', '7d Ac'])).toEqual([0]);
    expect(must(highRanking, 'Kc 3d', 'Ks Kd 7c 7h 2s').describe()).toBe('full house, kings full of sevens');
  });

  it('000-001:T-38 flush tie-break: A-K-J-8-4 hearts beats A-Q-J-T-8 hearts on the second card', () => {
    expect(winners(highRanking, 'Ah Jh 8h 4h 2c', ['Kh 3s', 'Qh Th'])).toEqual([0]);
  });

  it('000-001:T-39 two pair: on KK662, QQ (K-K-Q-Q-6) beats A3 (K-K-6-6-A)', () => {
    expect(winners(highRanking, 'Kc Kd 6s 6h 2c', ['As 3d', 'Qs Qd'])).toEqual([1]);
  });

  it('000-001:T-40 HAND-03 the steel wheel loses to a six-high straight flush and beats any quads; a royal beats K-high', () => {
    expect(five('Ac 2c 3c 4c 5c').value).toBeLessThan(five('2d 3d 4d 5d 6d').value);
    expect(five('Ac 2c 3c 4c 5c').value).toBeGreaterThan(five('As Ah Ad Ac Kd').value);
    expect(five('As Ks Qs Js Ts').value).toBeGreaterThan(five('Kh Qh Jh Th 9h').value);
    expect(five('As Ks Qs Js Ts').describe()).toBe('royal flush');
  });

  it('000-001:T-41 HAND-05 suits never break ties: A-K-9-7-4 in spades and in hearts split', () => {
    expect(five('As Ks 9s 7s 4s').value).toBe(five('Ah Kh 9h 7h 4h').value);
  });

  it('003:#1 R-RANK-01 each category beats the one below it', () => {
    const ladder = [
      '9h Th Jh Qh Kh',
      '7c 7d 7h 7s 2c',
      '8s 8d 8c Kh Kd',
      'Kh Jh 9h 6h 3h',
      '9c Td Jh Qs Kc',
      '9c 9d 9h 4s 2d',
      'Kc Kd Qh Qs 2c',
      'As Ad Kc 9d 4s',
      'As Qc 9d 5h 3c',
    ];
    const values = ladder.map((cards) => five(cards).value);
    expect([...values].sort((a, b) => b - a)).toEqual(values);
    expect(new Set(values).size).toBe(ladder.length);
  });

  it('003:#2 #3 R-RANK-02 the wheel loses to 2-6, T-A beats 9-K; 5-high straight flush loses to 6-high; the royal is the top hand', () => {
    expect(five('Ah 2d 3c 4s 5h').value).toBeLessThan(five('2c 3d 4h 5s 6c').value);
    expect(five('Tc Jd Qh Ks Ac').value).toBeGreaterThan(five('9c Td Jh Qs Kc').value);
    expect(five('5s 4s 3s 2s As').value).toBeLessThan(five('6h 5h 4h 3h 2h').value);
    expect(five('As Ks Qs Js Ts').value).toBeGreaterThan(five('Kh Qh Jh Th 9h').value);
  });

  it('003:#4 flush tie-break: K-J-9-6-3 beats K-J-9-6-2 (fifth card); K-J-9-6-3 in two suits tie', () => {
    expect(five('Kh Jh 9h 6h 3h').value).toBeGreaterThan(five('Kd Jd 9d 6d 2d').value);
    expect(five('Kh Jh 9h 6h 3h').value).toBe(five('Kd Jd 9d 6d 3d').value);
  });

  it('003:#5 quads kicker: on 7777-2, AK (7777-A) beats QQ (7777-Q) and ties AJ', () => {
    expect(winners(highRanking, '7c 7d 7h 7s 2c', ['As Kd', 'Qs Qh', 'Ac Jc'])).toEqual([0, 2]);
  });

  it('003:#6 full house: 888KK beats 777AA; on 888K2, K3 (888KK) beats 22 (88822)', () => {
    expect(five('8s 8d 8c Kh Kd').value).toBeGreaterThan(five('7s 7d 7c Ah Ad').value);
    expect(winners(highRanking, '8s 8d 8c Kh 2d', ['Kd 3c', '2h 2s'])).toEqual([0]);
  });

  it('003:#7 trips kickers: on 99942, A3 (999-A-4) beats KQ (999-K-Q)', () => {
    expect(winners(highRanking, '9c 9d 9h 4s 2d', ['Ah 3c', 'Kh Qh'])).toEqual([0]);
  });

  it('003:#8 #9 #10 two pair, pair and high card kickers', () => {
    expect(five('Kc Kd Qh Qs 2c').value).toBeGreaterThan(five('Kh Ks Jc Jd Ac').value);
    expect(five('Kc Kd Qh Qs 3c').value).toBeGreaterThan(five('Kh Ks Qc Qd 2d').value);
    expect(five('As Ad Kc 9d 4s').value).toBeGreaterThan(five('Ah Ac Kd 9c 3s').value);
    expect(five('As Qc 9d 5h 3c').value).toBeGreaterThan(five('Ad Qh 9c 5s 2d').value);
  });

  it('003:#11 R-TH-03 / 000-001:DECK-06 one hole card makes a flush on a four-flush board; on a royal board everyone ties', () => {
    expect(must(highRanking, '3h 8c', 'Ah Kh Qh 7h 2c').category).toBe('flush');
    expect(winners(highRanking, 'As Ks Qs Js Ts', ['2c 3d', 'Ah Kh', '9s 8s'])).toEqual([0, 1, 2]);
  });

  it('002:T-HI-01 on AK772, A3 and A9 both play A-A-7-7-K and split (the kicker comes from the board)', () => {
    expect(winners(highRanking, 'As Kd 7c 7h 2s', ['Ah 3c', 'Ad 9c'])).toEqual([0, 1]);
  });

  it('002:T-HI-02 T-HI-03 / 004:AMB-39 open quads and open trips: the kicker, then the pair decides', () => {
    expect(winners(highRanking, '8c 8d 8h 8s 2c', ['4d 3h', '3c 2d'])).toEqual([0]);
    expect(winners(highRanking, 'Ks Kd Kh 5c 2d', ['9c 9d', '5d 7s'])).toEqual([0]);
  });

  it('002:T-HI-04 T-HI-05 T-HI-06 flush fifth card, straights, royal, second pair and two-pair kicker', () => {
    expect(five('As Ks 9s 6s 3s').value).toBeGreaterThan(five('Ah Kh 9h 6h 2h').value);
    expect(five('6c 5d 4h 3s 2c').value).toBeGreaterThan(five('5c 4d 3h 2s Ac').value);
    expect(five('Ac Kd Qh Js Tc').describe()).toBe('straight, ace high');
    expect(five('Kc Kd 4h 4s 9c').value).toBeGreaterThan(five('Kh Ks 3c 3d Ac').value);
    expect(five('Qc Qd Jh Js 8c').value).toBeGreaterThan(five('Qh Qs Jc Jd 7c').value);
    expect(five('As Ks 9s 6s 3s').value).toBe(five('Ah Kh 9h 6h 3h').value);
    expect(five('Qc Kd Ah 2s 3c').category).toBe('high-card');
    expect(five('Ac Kd Qh Js Tc').value).toBeGreaterThan(five('Kc Qd Jh Ts 9c').value);
    expect(five('As Ks Qs Js Ts').value).toBeGreaterThan(five('Kh Qh Jh Th 9h').value);
  });

  it('000-001:HAND-02 the 001 definitions: pair, three of a kind, a straight of mixed suits (one suit makes a straight flush), a flush out of sequence, full house, poker, straight flush, royal flush; kickers and high cards compared from the top', () => {
    expect(five('As Ad 9c 5h 3d').category).toBe('one-pair');
    expect(five('9c 9d 9h 4s 2d').category).toBe('three-of-a-kind');
    expect(five('9c Td Jh Qs Kc').category).toBe('straight');
    expect(five('9h Th Jh Qh Kh').category).toBe('straight-flush');
    expect(five('Kh Jh 9h 6h 3h').category).toBe('flush');
    expect(five('8s 8d 8c Kh Kd').category).toBe('full-house');
    expect(five('7c 7d 7h 7s 2c').category).toBe('four-of-a-kind');
    expect(five('Ts Js Qs Ks As').describe()).toBe('royal flush');
    // The kickers are the cards outside the combination; they decide between equal combinations.
    expect(must(highRanking, 'Ac Ks', 'Kh 9d 7c 4s 2h').describe()).toBe('pair of kings, ace-nine-seven kickers');
    expect(five('Kc Kd Ac 9d 7s').value).toBeGreaterThan(five('Kh Ks Qc 9c 7d').value);
    expect(five('As Qc 9d 5h 3c').value).toBeGreaterThan(five('Ad Jh 9c 5s 3d').value);
    expect(five('As Qc 9d 5h 3c').value).toBeGreaterThan(five('Ad Qh 9c 5s 2d').value);
  });

  it("002:PK-RANK-HI the traditional high ranking: its order, and each kind's tie rule with the community cards supplying kickers; suits never decide", () => {
    // 1. Straight flush: the higher end wins; the royal flush beats everything.
    expect(five('Th 9h 8h 7h 6h').value).toBeGreaterThan(five('9c 8c 7c 6c 5c').value);
    expect(five('As Ks Qs Js Ts').value).toBeGreaterThan(five('Kh Qh Jh Th 9h').value);
    // 2. Four of a kind: the higher quads; equal (open) quads, the higher kicker.
    expect(five('9c 9d 9h 9s 2c').value).toBeGreaterThan(five('8c 8d 8h 8s Ac').value);
    expect(winners(highRanking, '8c 8d 8h 8s 2c', ['4d 3h', '3c 2d'])).toEqual([0]);
    // 3. Full house: the higher trips; equal (open) trips, the higher pair.
    expect(five('9c 9d 9h 2s 2c').value).toBeGreaterThan(five('8c 8d 8h As Ac').value);
    expect(winners(highRanking, 'Ks Kd Kh 5c 2d', ['9c 9d', '5d 7s'])).toEqual([0]);
    // 4. Flush: card by card down to the fifth; all five equal split, whatever the suits.
    expect(five('As Ks 9s 6s 3s').value).toBeGreaterThan(five('Ah Kh 9h 6h 2h').value);
    expect(five('As Ks 9s 6s 3s').value).toBe(five('Ad Kd 9d 6d 3d').value);
    // 5. Straight: the higher end; the ace ends A-K-Q-J-T (highest) or starts 5-4-3-2-A (lowest); no wrap-around.
    expect(five('Ac Kd Qh Js Tc').value).toBeGreaterThan(five('Kc Qd Jh Ts 9c').value);
    expect(five('5c 4d 3h 2s Ac').value).toBeLessThan(five('6c 5d 4h 3s 2c').value);
    expect(five('Qc Kd Ah 2s 3c').category).toBe('high-card');
    // 6. Three of a kind: the higher trips; equal (open) trips, the first then the second kicker.
    expect(five('9c 9d 9h 3s 2c').value).toBeGreaterThan(five('8c 8d 8h As Kc').value);
    expect(winners(highRanking, '9c 9d 9h 4s 2d', ['Ah 8c', 'Ad 5h', 'Kh Qh'])).toEqual([0]);
    // 7. Two pairs: the top pair, the second pair, the kicker.
    expect(five('Ac Ad 3h 3s 2c').value).toBeGreaterThan(five('Kc Kd Qh Qs Ac').value);
    expect(five('Kc Kd 4h 4s 9c').value).toBeGreaterThan(five('Kh Ks 3c 3d Ac').value);
    expect(five('Qc Qd Jh Js 8c').value).toBeGreaterThan(five('Qh Qs Jc Jd 7c').value);
    // 8. One pair: the pair, then the kickers in turn.
    expect(five('Ac Ad 4h 3s 2c').value).toBeGreaterThan(five('Kc Kd Ah Qs Jc').value);
    expect(five('As Ad Kc 9d 4s').value).toBeGreaterThan(five('Ah Ac Kd 9c 3s').value);
    // The ladder: each kind beats the next.
    const ladder = [
      '9h Th Jh Qh Kh',
      '7c 7d 7h 7s 2c',
      '8s 8d 8c Kh Kd',
      'Kh Jh 9h 6h 3h',
      '9c Td Jh Qs Kc',
      '9c 9d 9h 4s 2d',
      'Kc Kd Qh Qs 2c',
      'As Ad Kc 9d 4s',
      'As Qc 9d 5h 3c',
    ];
    const values = ladder.map((cards) => five(cards).value);
    expect([...values].sort((x, y) => y - x)).toEqual(values);
  });

  it("000-001:SHOW-06 the best hand is five cards: the best five of seven in Hold'em, two hole cards and three board cards in Omaha", () => {
    const holdem = must(highRanking, 'Ac Ks', 'Kh 9d 7c 4s 2h');
    expect(holdem.cards).toHaveLength(5);
    const sorted = (cards: readonly number[]) => [...cards].sort((x, y) => x - y);
    expect(sorted(holdem.cards)).toEqual(sorted(parseCards('Kh Ks Ac 9d 7c')));
    const omaha = must(omahaHighRanking, 'Ah Kh 2h 3h', 'Qh Jh 5h 9c 8d');
    expect(omaha.cards).toHaveLength(5);
    expect(omaha.cards.filter((card) => parseCards('Ah Kh 2h 3h').includes(card))).toHaveLength(2);
  });

  it('004:GAM-PT-07 GAM-PT-08 descriptions name the hand and the kickers that decide it', () => {
    expect(must(highRanking, 'Ac Ks', 'Kh 9d 7c 4s 2h').describe()).toBe('pair of kings, ace-nine-seven kickers');
    expect(five('9c 9d 9h 4s 2d').describe()).toBe('three of a kind, nines, four-two kickers');
  });
});

describe("Six Plus Hold'em (36 cards)", () => {
  it('004:T-136 GAM-P6-02 the wheel is the lowest 52-card straight; in Six Plus A-6-7-8-9 is the lowest and a flush beats a full house', () => {
    expect(five('5c 4d 3h 2s Ac').value).toBeLessThan(five('6c 5d 4h 3s 2c').value);
    const sixPlus = (cards: string): HandStrength => must(shortDeckHighRanking, '', cards);
    expect(sixPlus('Ac 6d 7h 8s 9c').describe()).toBe('straight, nine high');
    expect(sixPlus('Ac 6d 7h 8s 9c').value).toBeLessThan(sixPlus('6c 7d 8h 9s Tc').value);
    expect(sixPlus('6h 8h Th Qh Kh').value).toBeGreaterThan(sixPlus('Ac Ad As Kc Kd').value);
    // Decision D-806: three of a kind stays below a straight (004:GAM-P6-03).
    expect(sixPlus('Ac 6d 7h 8s 9c').value).toBeGreaterThan(sixPlus('Ac Ad As Kc Qd').value);
  });

  it('004:GAM-P6-01 a card below six is not in the deck and is refused', () => {
    expect(() => strength(shortDeckHighRanking, '5c 6d', '7h 8s 9c Tc Jd')).toThrow(RangeError);
  });
});

describe('Omaha: exactly two hole cards and three board cards', () => {
  it("000-001:T-42 VAR-OM-04 hole A-K-Q-J with one spade on a four-spade board: no flush, a pair of jacks with A-8-5; Hold'em would flush", () => {
    const omaha = must(omahaHighRanking, 'As Kd Qc Jh', '2s 5s 8s Js 3d');
    expect(omaha.describe()).toBe('pair of jacks, ace-eight-five kickers');
    expect(must(highRanking, 'As Kd', '2s 5s 8s Js 3d').category).toBe('flush');
  });

  it('000-001:T-43 Omaha cannot play the board: on AAAKK with 2-3-4-5 of clubs, three aces with 5-4', () => {
    expect(must(omahaHighRanking, '2c 3c 4c 5c', 'Ac Ad Ah Ks Kd').describe()).toBe('three of a kind, aces, five-four kickers');
  });

  it('003:#53 R-OM-03 on A-K-Q-J-2 with four spades: 9s alone is no flush; T-5-4-3 makes no straight (A-K-Q-T-5); T-9 makes a K-high straight', () => {
    expect(must(omahaHighRanking, '9s 3c 4d 5h', 'As Ks Qs Js 2d').category).toBe('high-card');
    expect(must(omahaHighRanking, 'Th 5h 4d 3c', 'As Ks Qs Js 2d').describe()).toBe('high card, ace-king-queen-ten-five');
    expect(must(omahaHighRanking, 'Th 9h 8c 7c', 'As Ks Qs Js 2d').describe()).toBe('straight, king high');
    expect(must(highRanking, 'Th 5h', 'As Ks Qs Js 2d').describe()).toBe('straight, ace high');
  });

  it('002:T-OM-01 T-OM-02 on four hearts, T of hearts with three spades: no flush, no straight, A-K-Q-T-5', () => {
    expect(must(omahaHighRanking, 'Th 3s 4s 5s', 'Ah Kh Qh Jh 2c').describe()).toBe('high card, ace-king-queen-ten-five');
  });

  it('004:T-137 GAM-PO-02 four hearts in hand and three on the board make a flush with two plus three; one heart in hand on four is none', () => {
    expect(must(omahaHighRanking, 'Ah Kh 2h 3h', 'Qh Jh 5h 9c 8d').describe()).toBe('flush, ace-king-queen-jack-five');
    expect(must(omahaHighRanking, 'Ah Kc 2d 3s', 'Qh Jh 5h 9h 8d').category).not.toBe('flush');
  });

  it('000-001:VAR-OM5-01 5 Card Omaha: five hole cards, still exactly two of them', () => {
    // A royal flush in hand plays only two of its cards: with three board spades, an A-K flush.
    expect(must(omahaHighRanking, 'As Ks Qs Js Ts', '2s 3s 4s 5h 9c').describe()).toBe('flush, ace-king-four-three-two');
    expect(must(omahaHighRanking, 'As Ks Qs Js Ts', '2s 3s 4d 5h 9c').describe()).toBe('high card, ace-king-nine-five-four');
  });
});

describe('Omaha Hi/Lo: the 8-or-better low, exactly two plus three', () => {
  it('000-001:T-44 VAR-OHL-07 HAND-07 on 2-5-8-K-Q, A3KK has three kings and 8-5-3-2-A, beating A49 9 on both halves', () => {
    const board = '2s 5d 8c Kh Qs';
    expect(must(omahaHighRanking, 'Ad 3c Ks Kc', board).describe()).toBe('three of a kind, kings, queen-eight kickers');
    expect(must(omahaLow8Ranking, 'Ad 3c Ks Kc', board).describe()).toBe('eight-five-three-two-ace low');
    expect(must(omahaLow8Ranking, 'Ah 4s 9d 9c', board).describe()).toBe('eight-five-four-two-ace low');
    expect(winners(omahaHighRanking, board, ['Ad 3c Ks Kc', 'Ah 4s 9d 9c'])).toEqual([0]);
    expect(winners(omahaLow8Ranking, board, ['Ad 3c Ks Kc', 'Ah 4s 9d 9c'])).toEqual([0]);
  });

  it('000-001:T-45 T-47 T-48 no low: KKJJ on 2-5-8-K-Q; any hand on K-Q-9-5-2; A2JJ whose only low pairs the board', () => {
    expect(strength(omahaLow8Ranking, 'Ks Kc Jd Jh', '2s 5d 8c Kh Qs')).toBeNull();
    expect(strength(omahaLow8Ranking, 'Ah 2h 3c 4d', 'Kh Qs 9c 5d 2s')).toBeNull();
    expect(strength(omahaLow8Ranking, 'As 2c Jd Jc', '2s 5d 8c Kh Qs')).toBeNull();
  });

  it('000-001:T-49 A-18 / 003:#50 / 002:T-O8-05 the qualifier is per card: 8-7-6-5-4 qualifies, 9-4-3-2-A and 9-5-4-3-2 do not', () => {
    expect(must(aceToFiveLow8Ranking, '', '8c 7d 6h 5s 4c').category).toBe('eight-low');
    expect(strength(aceToFiveLow8Ranking, '', '9c 4d 3h 2s Ac')).toBeNull();
    expect(strength(aceToFiveLow8Ranking, '', '9c 5d 4h 3s 2c')).toBeNull();
  });

  it('000-001:T-50 VAR-OHL-08 / 003:#52 a five-card club flush A-2-4-5-6 is also the 6-5-4-2-A low; A-2-3-4-5 is a straight and the best low', () => {
    expect(must(omahaHighRanking, '5c 4c Kd Kh', 'Ac 2c 6c Js Td').category).toBe('flush');
    expect(must(omahaLow8Ranking, '5c 4c Kd Kh', 'Ac 2c 6c Js Td').describe()).toBe('six-five-four-two-ace low');
    expect(five('Ac 2d 3h 4s 5c').category).toBe('straight');
    expect(low('Ac 2d 3h 4s 5c').value).toBeGreaterThan(low('Ac 2d 3h 4s 6c').value);
  });

  it('003:#45 on 2-5-7-K-Q, As3hKdKc scoops: trips and 7-5-3-2-A against a pair of nines and 7-5-4-2-A', () => {
    const board = '2c 5d 7h Ks Qd';
    expect(winners(omahaHighRanking, board, ['As 3h Kd Kc', 'Ad 4c 9s 9h'])).toEqual([0]);
    expect(winners(omahaLow8Ranking, board, ['As 3h Kd Kc', 'Ad 4c 9s 9h'])).toEqual([0]);
  });

  it('003:#46 #49 / 002:T-O8-03 no low on K-Q-9-8-2, nor with 2-5 in hand on a board that pairs them', () => {
    expect(strength(omahaLow8Ranking, 'Ac 3c 4d 6h', 'Kc Qd 9h 8s 2d')).toBeNull();
    expect(strength(omahaLow8Ranking, 'Ac 3c 4d 6h', 'Ks Qd 9c 8h 2d')).toBeNull();
    expect(strength(omahaLow8Ranking, '2h 5s 9c 9d', '2c 5d 7h Ks Qd')).toBeNull();
  });

  it('003:#48 R-O8-06 on 2-3-4-K-Q, A5KK makes the wheel for both halves; AKKQ has only one low card and no low', () => {
    expect(must(omahaLow8Ranking, 'As 5c Kd Kc', '2c 3d 4h Ks Qd').describe()).toBe('five-four-three-two-ace low');
    expect(must(omahaHighRanking, 'As 5c Kd Kc', '2c 3d 4h Ks Qd').describe()).toBe('straight, five high');
    expect(strength(omahaLow8Ranking, 'As Kd Kc Qs', '2c 3d 4h Ks Qd')).toBeNull();
  });

  it('002:T-O8-01 on 2-5-7-K-Q, A3KK (KKK-Q-7, 7-5-3-2-A) wins high and low against A4 99 (7-5-4-2-A)', () => {
    const board = '2c 5d 7h Ks Qc';
    expect(must(omahaLow8Ranking, 'As 3h Kd Kh', board).describe()).toBe('seven-five-three-two-ace low');
    expect(winners(omahaLow8Ranking, board, ['As 3h Kd Kh', 'Ah 4c 9d 9s'])).toEqual([0]);
  });

  it('002:T-O8-04 A5-01 on 4-5-6-K-K, 7-8-9-T makes the 8-7-6-5-4 low (the straight does not count) and an eight-high straight', () => {
    expect(must(omahaLow8Ranking, '7h 8h 9c Tc', '4s 5d 6c Kh Kd').describe()).toBe('eight-seven-six-five-four low');
    expect(must(omahaHighRanking, '7h 8h 9c Tc', '4s 5d 6c Kh Kd').describe()).toBe('straight, eight high');
  });

  it('004:T-139 GAM-PHL-05 7-5-4-3-2 beats 7-6-4-3-2; lows compare from the highest card down', () => {
    expect(low('7c 5d 4h 3s 2c').value).toBeGreaterThan(low('7d 6h 4c 3d 2s').value);
  });
});

describe('ace-to-five and deuce-to-seven lows', () => {
  it('002:T-A5-01 A5-05 6-4-3-2-A beats 6-5-4-2-A; the wheel beats everything; 7-6-5-4-3 is a seven low', () => {
    expect(low('6c 4d 3h 2s Ac').value).toBeGreaterThan(low('6d 5h 4c 2d As').value);
    expect(low('5c 4d 3h 2s Ac').value).toBeGreaterThan(low('6c 4d 3h 2s Ac').value);
    expect(low('7c 6d 5h 4s 3c').category).toBe('seven-low');
  });

  it('002:T-RAZ-01 A5-07 without a qualifier 9-7-5-3-2 beats any pair and a queen low still ranks above a pair', () => {
    expect(low('9c 7d 5h 3s 2c').value).toBeGreaterThan(low('Ac Ad 2h 3s 4c').value);
    expect(low('Qc Jd 5h 3s 2c').value).toBeGreaterThan(low('2c 2d 3h 4s 5c').value);
    expect(low('2c 2d 3h 4s 5c').value).toBeGreaterThan(low('2h 2s 3c 3d 4h').value);
  });

  it('002:T-27-01 D27-04 7-5-4-3-2 offsuit ("number one") beats 7-6-5-3-2 offsuit', () => {
    expect(deuce('7c 5d 4h 3s 2c').value).toBeGreaterThan(deuce('7d 6h 5c 3d 2s').value);
    expect(deuce('7c 5d 4h 3s 2c').describe()).toBe('seven-five-four-three-two low');
  });

  it('002:T-27-02 D27-02 the ace is high: 8-6-5-4-2 beats A-5-4-3-2 (an ace low, not a straight)', () => {
    expect(deuce('8c 6d 5h 4s 2c').value).toBeGreaterThan(deuce('Ac 5d 4h 3s 2c').value);
    expect(deuce('Ac 5d 4h 3s 2c').category).toBe('ace-low');
  });

  it('002:T-27-03 D27-05 D27-06 any no-pair hand beats a pair; a pair of twos beats a pair of threes; a pair beats two pair beats trips', () => {
    expect(deuce('Ac Kd Qh Js 9c').value).toBeGreaterThan(deuce('2c 2d 4h 5s 7c').value);
    expect(deuce('2c 2d 4h 5s 7c').value).toBeGreaterThan(deuce('3c 3d 4h 5s 7c').value);
    expect(deuce('3c 3d 4h 5s 7c').value).toBeGreaterThan(deuce('2c 2d 4h 4s 7c').value);
    expect(deuce('2c 2d 4h 4s 7c').value).toBeGreaterThan(deuce('2c 2d 2h 4s 7c').value);
  });

  it('002:T-27-04 AMB-27-STRFL (decision D-807) a straight or a flush is no low: 6-5-4-3-2 offsuit and 7-5-4-3-2 of hearts rank below trips', () => {
    expect(deuce('6c 5d 4h 3s 2c').category).toBe('straight');
    expect(deuce('7h 5h 4h 3h 2h').category).toBe('flush');
    expect(deuce('6c 5d 4h 3s 2c').value).toBeLessThan(deuce('2c 2d 2h 4s 7c').value);
    expect(deuce('7h 5h 4h 3h 2h').value).toBeLessThan(deuce('6c 5d 4h 3s 2c').value);
  });
});
