import { createHash } from 'node:crypto';
import { assert } from '@casino/core';
import { nameTokens, normaliseIdentifier, phoneticKey } from './normalise.ts';
import { jaroWinkler } from './similarity.ts';

/** One person on a list, as the importers produce it and the index holds it. */
export interface ListEntryData {
  externalId: string;
  primaryName: string;
  names: string[];
  /** YYYY-MM-DD, or YYYY when the list gives only the year. */
  birthDates: string[];
  /** ISO 3166-1 alpha-2, upper case. */
  nationalities: string[];
  identifiers: string[];
  details?: Record<string, unknown>;
}

export interface IndexedEntry extends ListEntryData {
  listCode: string;
  listKind: 'SANCTIONS' | 'PEP';
  contentHash: string;
}

/** The person being screened: a player, or a name typed by an officer. */
export interface ScreenedPerson {
  fullName: string;
  dateOfBirth?: string | undefined;
  citizenship?: string | undefined;
  identifiers?: readonly string[] | undefined;
}

export interface ScreeningMatch {
  /** `<list code>:<external id>`: stable across reloads of the list. */
  entryKey: string;
  listCode: string;
  listKind: 'SANCTIONS' | 'PEP';
  externalId: string;
  primaryName: string;
  matchedName: string;
  /** The overall score in basis points of 1.0 (7,000 = 0.70). */
  scoreBps: number;
  nameScoreBps: number;
  dateOfBirth: 'match' | 'year-match' | 'same-year-other-day' | 'mismatch' | 'unknown';
  nationality: 'match' | 'mismatch' | 'unknown';
  identifierMatch: boolean;
  contentHash: string;
}

export interface ScreenOptions {
  scoreBpsMin: number;
  candidatesMax: number;
  matchesMax: number;
}

/**
 * How a name's score is adjusted by the other facts, in basis points. A date of birth that
 * disagrees is strong evidence of a different person; a nationality less so.
 */
export const scoreAdjustmentsBps = {
  dateOfBirthMatch: 800,
  birthYearMatch: 300,
  sameYearOtherDay: -500,
  dateOfBirthMismatch: -2_500,
  nationalityMatch: 400,
  nationalityMismatch: -1_000,
} as const;

/** Words more alike than this count as the same word; below it they count as different (0). */
const tokenSimilarityMin = 0.82;
/** Two words with the same phonetic skeleton are at least this alike (transliteration variants). */
const phoneticSimilarity = 0.95;

interface IndexedName {
  entry: number;
  text: string;
  tokens: string[];
  phonetic: string[];
}

export function entryContentHash(entry: Pick<ListEntryData, 'names' | 'birthDates' | 'nationalities' | 'identifiers'>): string {
  const sorted = (list: string[]) => [...list].sort();
  const content = JSON.stringify([
    sorted(entry.names),
    sorted(entry.birthDates),
    sorted(entry.nationalities),
    sorted(entry.identifiers),
  ]);
  return createHash('sha256').update(content).digest('hex');
}

/**
 * An in-memory index of every loaded list entry. Candidates are found by blocking on the phonetic
 * skeleton of each word (its first and last three letters, so one typo cannot hide a word), then
 * scored with Jaro-Winkler over the words as a set (word order does not matter), adjusted by date of
 * birth and nationality. An exact identifier match short-circuits to the full score.
 */
export class ScreeningIndex {
  readonly #entries: IndexedEntry[];
  readonly #names: IndexedName[] = [];
  readonly #blocks = new Map<string, number[]>();
  readonly #identifiers = new Map<string, number[]>();

  constructor(entries: IndexedEntry[]) {
    this.#entries = entries;
    entries.forEach((entry, index) => {
      for (const name of new Set([entry.primaryName, ...entry.names])) this.#addName(index, name);
      for (const identifier of entry.identifiers) push(this.#identifiers, normaliseIdentifier(identifier), index);
    });
  }

  get entryCount(): number {
    return this.#entries.length;
  }

  screen(person: ScreenedPerson, options: ScreenOptions): ScreeningMatch[] {
    assert(options.matchesMax >= 1 && options.candidatesMax >= 1, 'screening limits must be positive');
    const best = new Map<number, ScreeningMatch>();
    for (const identifier of person.identifiers ?? []) {
      for (const index of this.#identifiers.get(normaliseIdentifier(identifier)) ?? []) {
        best.set(index, this.#match(index, this.#entries[index]!.primaryName, 10_000, person, true));
      }
    }
    const tokens = [...new Set(nameTokens(person.fullName))];
    const phonetic = tokens.map(phoneticKey);
    for (const nameIndex of this.#candidates(phonetic, options.candidatesMax)) {
      const name = this.#names[nameIndex]!;
      if (best.get(name.entry)?.identifierMatch) continue;
      const nameScoreBps = Math.round(nameSimilarity(tokens, phonetic, name.tokens, name.phonetic) * 10_000);
      const match = this.#match(name.entry, name.text, nameScoreBps, person, false);
      if (match.scoreBps > (best.get(name.entry)?.scoreBps ?? -1)) best.set(name.entry, match);
    }
    return [...best.values()]
      .filter((m) => m.scoreBps >= options.scoreBpsMin)
      .sort((a, b) => b.scoreBps - a.scoreBps || a.entryKey.localeCompare(b.entryKey))
      .slice(0, options.matchesMax);
  }

  #addName(entry: number, text: string): void {
    const tokens = nameTokens(text);
    if (tokens.length === 0) return;
    const phonetic = tokens.map(phoneticKey);
    const nameIndex = this.#names.push({ entry, text, tokens, phonetic }) - 1;
    for (const key of new Set(phonetic.flatMap(blockingKeys))) push(this.#blocks, key, nameIndex);
  }

  /** Names sharing a block with at least two of the query's words (one for a one-word query), most shared first. */
  #candidates(phonetic: string[], candidatesMax: number): number[] {
    const hits = new Map<number, number>();
    phonetic.slice(0, 30).forEach((key, tokenNo) => {
      const seen = new Set<number>();
      for (const block of blockingKeys(key)) {
        for (const nameIndex of this.#blocks.get(block) ?? []) {
          if (seen.has(nameIndex)) continue;
          seen.add(nameIndex);
          hits.set(nameIndex, (hits.get(nameIndex) ?? 0) | (1 << tokenNo));
        }
      }
    });
    const required = Math.min(2, phonetic.length);
    const candidates: Array<[number, number]> = [];
    for (const [nameIndex, mask] of hits) {
      const count = bitCount(mask);
      if (count >= required) candidates.push([nameIndex, count]);
    }
    if (candidates.length > candidatesMax) candidates.sort((a, b) => b[1] - a[1]).length = candidatesMax;
    return candidates.map(([nameIndex]) => nameIndex);
  }

  #match(
    index: number,
    matchedName: string,
    nameScoreBps: number,
    person: ScreenedPerson,
    identifierMatch: boolean,
  ): ScreeningMatch {
    const entry = this.#entries[index]!;
    const dateOfBirth = compareBirthDates(person.dateOfBirth, entry.birthDates);
    const nationality = compareNationality(person.citizenship, entry.nationalities);
    const adjustmentBps =
      (dateOfBirth === 'match' ? scoreAdjustmentsBps.dateOfBirthMatch : 0) +
      (dateOfBirth === 'year-match' ? scoreAdjustmentsBps.birthYearMatch : 0) +
      (dateOfBirth === 'same-year-other-day' ? scoreAdjustmentsBps.sameYearOtherDay : 0) +
      (dateOfBirth === 'mismatch' ? scoreAdjustmentsBps.dateOfBirthMismatch : 0) +
      (nationality === 'match' ? scoreAdjustmentsBps.nationalityMatch : 0) +
      (nationality === 'mismatch' ? scoreAdjustmentsBps.nationalityMismatch : 0);
    const scoreBps = identifierMatch ? 10_000 : Math.max(0, Math.min(10_000, nameScoreBps + adjustmentBps));
    return {
      entryKey: `${entry.listCode}:${entry.externalId}`,
      listCode: entry.listCode,
      listKind: entry.listKind,
      externalId: entry.externalId,
      primaryName: entry.primaryName,
      matchedName,
      scoreBps,
      nameScoreBps,
      dateOfBirth,
      nationality,
      identifierMatch,
      contentHash: entry.contentHash,
    };
  }
}

function blockingKeys(phonetic: string): string[] {
  return phonetic.length <= 3 ? [phonetic] : [`^${phonetic.slice(0, 3)}`, `$${phonetic.slice(-3)}`];
}

/** Words compared as sets in both directions, so extra or missing middle names cost only a little. */
export function nameSimilarity(
  queryTokens: string[],
  queryPhonetic: string[],
  nameTokensOfEntry: string[],
  namePhonetic: string[],
): number {
  if (queryTokens.length === 0 || nameTokensOfEntry.length === 0) return 0;
  const bestForEntry = new Array<number>(nameTokensOfEntry.length).fill(0);
  let queryTotal = 0;
  for (let i = 0; i < queryTokens.length; i++) {
    let best = 0;
    for (let j = 0; j < nameTokensOfEntry.length; j++) {
      const similarity = tokenSimilarity(queryTokens[i]!, queryPhonetic[i]!, nameTokensOfEntry[j]!, namePhonetic[j]!);
      if (similarity > best) best = similarity;
      if (similarity > bestForEntry[j]!) bestForEntry[j] = similarity;
    }
    queryTotal += best;
  }
  const entryTotal = bestForEntry.reduce((sum, s) => sum + s, 0);
  return (queryTotal / queryTokens.length + entryTotal / nameTokensOfEntry.length) / 2;
}

function tokenSimilarity(a: string, phoneticA: string, b: string, phoneticB: string): number {
  const spelled = jaroWinkler(a, b);
  const similarity = phoneticA === phoneticB && phoneticA.length >= 2 ? Math.max(spelled, phoneticSimilarity) : spelled;
  return similarity >= tokenSimilarityMin ? similarity : 0;
}

function compareBirthDates(dateOfBirth: string | undefined, listed: string[]): ScreeningMatch['dateOfBirth'] {
  if (!dateOfBirth || listed.length === 0) return 'unknown';
  if (listed.includes(dateOfBirth)) return 'match';
  const year = dateOfBirth.slice(0, 4);
  if (listed.some((d) => d.length === 4 && d === year)) return 'year-match';
  if (listed.some((d) => d.slice(0, 4) === year)) return 'same-year-other-day';
  return 'mismatch';
}

function compareNationality(citizenship: string | undefined, listed: string[]): ScreeningMatch['nationality'] {
  if (!citizenship || listed.length === 0) return 'unknown';
  return listed.includes(citizenship.toUpperCase()) ? 'match' : 'mismatch';
}

function push(map: Map<string, number[]>, key: string, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function bitCount(mask: number): number {
  let count = 0;
  for (let m = mask; m !== 0; m &= m - 1) count++;
  return count;
}
