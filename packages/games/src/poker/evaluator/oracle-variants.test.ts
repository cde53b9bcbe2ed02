import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseCard, rankChars, rankOf, type Card } from '../../cards/index.ts';
import { findWinners } from './find-winners.ts';
import type { HandRanking, HandStrength } from './ranking.ts';
import { badugiRanking } from './rankings/badugi.ts';
import { highRanking } from './rankings/high.ts';
import { aceToFiveLow8Ranking, aceToFiveLowRanking, deuceToSevenLowRanking } from './rankings/lows.ts';

/**
 * Differential test against an independent implementation: every record of the PokerKit 0.7.4
 * evaluation fixtures (../shared/oracle/pokerkit-variants, README there) through the rankings the
 * engine uses. For each deal: the winners, each player's category and the ranks of the best hand;
 * across each whole file: our strength values order the hands exactly as PokerKit's `pk_index`
 * (same index ⇔ same value, and the same direction). The one place the rule book and PokerKit part
 * (2-7 A-2-3-4-5, README "departures" 1) is checked against the textbook verdict the fixture carries.
 */
// A copy of ../shared/oracle/pokerkit-variants (PokerKit's verdicts, README.md there), kept in the repository so a
// clone anywhere runs these tests.
const oracleDir = path.resolve(import.meta.dirname, '../../../test-fixtures/pokerkit-variants');

interface EvalRecord {
  id: number;
  kind: string;
  holes: string[][];
  board?: string[];
  ranks: string[];
  category: string[];
  pk_index: number[];
  size?: number[];
  winners?: number[];
  high_winners?: number[];
  low?: (string[] | null)[];
  low_ranks?: (string | null)[];
  low_pk_index?: (number | null)[];
  low_winners?: number[];
  textbook?: { category: string[] | string; winners: number[] } | null;
}

function load(file: string): EvalRecord[] {
  const text = gunzipSync(readFileSync(path.join(oracleDir, file))).toString('utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as EvalRecord);
}

const pokerKitCategory: Record<string, string> = {
  'high-card': 'High card',
  'one-pair': 'One pair',
  'two-pair': 'Two pair',
  'three-of-a-kind': 'Three of a kind',
  straight: 'Straight',
  flush: 'Flush',
  'full-house': 'Full house',
  'four-of-a-kind': 'Four of a kind',
  'straight-flush': 'Straight flush',
};

/** Our category in PokerKit's words: an unpaired low ("eight-low") is PokerKit's "High card". */
function asPokerKit(category: string): string {
  return category.endsWith('-low') ? 'High card' : (pokerKitCategory[category] ?? category);
}

function cards(texts: readonly string[]): Card[] {
  return texts.map(parseCard);
}

function rankMultiset(hand: readonly Card[]): string {
  return hand
    .map((card) => rankChars[rankOf(card)]!)
    .sort()
    .join('');
}

function sortedRanks(ranks: string): string {
  return [...ranks].sort().join('');
}

/**
 * `pk_index` and our values must induce the same order: equal indices ⇔ equal values, and
 * `better(pkA, pkB)` ⇔ our value A > value B. Sorting the distinct values and checking that the
 * indices are strictly monotone in the file's direction proves it for every pair at once.
 */
function expectSameOrder(pairs: readonly { pk: number; value: number }[], largerIsBetter: boolean, label: string): void {
  const byPk = new Map<number, number>();
  const byValue = new Map<number, number>();
  for (const { pk, value } of pairs) {
    if (byPk.has(pk) && byPk.get(pk) !== value)
      throw new Error(`${label}: pk_index ${pk} has values ${byPk.get(pk)} and ${value}`);
    if (byValue.has(value) && byValue.get(value) !== pk)
      throw new Error(`${label}: value ${value} has pk_index ${byValue.get(value)} and ${pk}`);
    byPk.set(pk, value);
    byValue.set(value, pk);
  }
  const values = [...byValue.keys()].sort((a, b) => a - b);
  for (let i = 1; i < values.length; i++) {
    const weaker = byValue.get(values[i - 1]!)!;
    const stronger = byValue.get(values[i]!)!;
    const agrees = largerIsBetter ? stronger > weaker : stronger < weaker;
    if (!agrees)
      throw new Error(`${label}: value ${values[i]} beats ${values[i - 1]} but pk_index says ${stronger} vs ${weaker}`);
  }
  expect(byPk.size).toBeGreaterThan(100);
}

interface Verdicts {
  strengths: (HandStrength | null)[];
}

function evaluateAll(ranking: HandRanking, record: EvalRecord): Verdicts {
  const board = cards(record.board ?? []);
  return { strengths: record.holes.map((hole) => ranking.strength(cards(hole), board)) };
}

function checkSingleRanking(
  file: string,
  ranking: HandRanking,
  largerIsBetter: boolean,
  skipOrder?: (record: EvalRecord, player: number) => boolean,
): number {
  const records = load(file);
  expect(records.length).toBe(3300);
  const pairs: { pk: number; value: number }[] = [];
  let checked = 0;
  for (const record of records) {
    const { strengths } = evaluateAll(ranking, record);
    const expected = record.textbook ? record.textbook.winners : record.winners!;
    expect(findWinners(strengths), `${file} id ${record.id} winners`).toEqual(expected);
    strengths.forEach((strength, player) => {
      if (strength === null) throw new Error(`${file} id ${record.id}: player ${player} has no hand`);
      if (skipOrder?.(record, player)) return;
      expect(asPokerKit(strength.category), `${file} id ${record.id} player ${player} category`).toBe(record.category[player]);
      expect(rankMultiset(strength.cards), `${file} id ${record.id} player ${player} ranks`).toBe(
        sortedRanks(record.ranks[player]!),
      );
      pairs.push({ pk: record.pk_index[player]!, value: strength.value });
    });
    checked++;
  }
  expectSameOrder(pairs, largerIsBetter, file);
  return checked;
}

const isWheelHolder = (record: EvalRecord, player: number): boolean =>
  sortedRanks(record.holes[player]!.map((c) => c[0]).join('')) === sortedRanks('A2345');

describe('PokerKit 0.7.4 evaluation fixtures (../shared/oracle/pokerkit-variants), every record', () => {
  it('002:STUD-01 STUD-11 000-001:VAR-ST-10 DECK-08 seven-card stud high: winners, categories and the strength order of all 3,300 deals (eight-handed with the community card)', () => {
    expect(checkSingleRanking('eval_stud.jsonl.gz', highRanking, true)).toBe(3300);
  });

  it('002:DRAW5-06 five-card draw high: winners, categories and the strength order of all 3,300 deals', () => {
    expect(checkSingleRanking('eval_five_card_draw.jsonl.gz', highRanking, true)).toBe(3300);
  });

  it('002:RAZ-01 RAZ-04 A5-01..07 AMB-RAZZ-PAIRS razz (ace-to-five, no qualifier): winners, categories and the strength order of all 3,300 deals', () => {
    expect(checkSingleRanking('eval_razz.jsonl.gz', aceToFiveLowRanking, false)).toBe(3300);
  });

  it('002:D27-01..08 TD27-03 AMB-27-STRFL deuce-to-seven: winners of all 3,300 deals (textbook verdict where a player holds A-2-3-4-5), categories and strength order', () => {
    expect(checkSingleRanking('eval_deuce_to_seven.jsonl.gz', deuceToSevenLowRanking, false, isWheelHolder)).toBe(3300);
  });

  it("002:D27-02 T-27-02 A-5-4-3-2 is an ace-high no-pair hand (the rule book), not PokerKit's 5-high straight: its textbook category and winners in every fixture record", () => {
    const records = load('eval_deuce_to_seven.jsonl.gz').filter((record) => record.textbook);
    expect(records.length).toBe(80);
    let differ = 0;
    for (const record of records) {
      const { strengths } = evaluateAll(deuceToSevenLowRanking, record);
      expect(findWinners(strengths)).toEqual(record.textbook!.winners);
      if (JSON.stringify(record.textbook!.winners) !== JSON.stringify(record.winners)) differ++;
      record.holes.forEach((hole, player) => {
        if (!isWheelHolder(record, player)) return;
        const category = strengths[player]!.category;
        const suited = new Set(hole.map((card) => card[1])).size === 1;
        expect(category).toBe(suited ? 'flush' : 'ace-low');
      });
    }
    expect(differ).toBe(28);
  });

  it('002:BAD-R-01..08 T-BAD-01..05 AMB-BADUGI-ALGO badugi: winners, hand sizes, ranks and the strength order of all 3,300 deals', () => {
    const records = load('eval_badugi.jsonl.gz');
    const pairs: { pk: number; value: number }[] = [];
    for (const record of records) {
      const { strengths } = evaluateAll(badugiRanking, record);
      expect(findWinners(strengths), `badugi id ${record.id}`).toEqual(record.winners);
      strengths.forEach((strength, player) => {
        expect(strength!.cards.length, `badugi id ${record.id} size`).toBe(record.size![player]);
        const ranks = strength!.cards.map((card) => 'A23456789TJQK'[(rankOf(card) + 1) % 13]).join('');
        expect(ranks, `badugi id ${record.id} ranks`).toBe(record.ranks[player]);
        pairs.push({ pk: record.pk_index[player]!, value: strength!.value });
      });
    }
    expect(records.length).toBe(3300);
    expectSameOrder(pairs, false, 'eval_badugi');
  });

  it('002:STUD8-01 STUD8-02 STUD8-04 STUD8-05 stud hi/lo 8-or-better: high winners, who qualifies for low, low ranks, low winners and both strength orders of all 3,300 deals', () => {
    const records = load('eval_stud_hilo.jsonl.gz');
    const highPairs: { pk: number; value: number }[] = [];
    const lowPairs: { pk: number; value: number }[] = [];
    let noLow = 0;
    for (const record of records) {
      const high = evaluateAll(highRanking, record).strengths;
      const low = evaluateAll(aceToFiveLow8Ranking, record).strengths;
      expect(findWinners(high), `hilo id ${record.id} high`).toEqual(record.high_winners);
      expect(findWinners(low), `hilo id ${record.id} low`).toEqual(record.low_winners);
      if (record.low_winners!.length === 0) noLow++;
      record.holes.forEach((_, player) => {
        expect(asPokerKit(high[player]!.category)).toBe(record.category[player]);
        highPairs.push({ pk: record.pk_index[player]!, value: high[player]!.value });
        const lowHand = low[player];
        const expectedLow = record.low_ranks![player];
        if (expectedLow === null || expectedLow === undefined) {
          expect(lowHand, `hilo id ${record.id} player ${player} has no low`).toBeNull();
          return;
        }
        expect(lowHand, `hilo id ${record.id} player ${player} low`).not.toBeNull();
        expect(rankMultiset(lowHand!.cards)).toBe(sortedRanks(expectedLow));
        lowPairs.push({ pk: record.low_pk_index![player]!, value: lowHand!.value });
      });
    }
    expect(records.length).toBe(3300);
    expect(noLow).toBe(1128);
    expectSameOrder(highPairs, true, 'eval_stud_hilo high');
    // Only 56 lows exist (0 = 5-4-3-2-A … 55 = 8-7-6-5-4); the fixtures hold most of them.
    const byValue = new Map(lowPairs.map(({ pk, value }) => [value, pk]));
    const values = [...byValue.keys()].sort((a, b) => a - b);
    for (let i = 1; i < values.length; i++) expect(byValue.get(values[i]!)!).toBeLessThan(byValue.get(values[i - 1]!)!);
    expect(new Set(lowPairs.map(({ pk }) => pk)).size).toBe(byValue.size);
  });
});
