import { invariant } from '../shared/invariant.ts';
import { insidePosition, type Position } from './layout.ts';

/**
 * Racetrack and announced ("call") bets: fixed sets of chips on inside positions, placed with one
 * click (004:GAM-RE-06 European racetrack, GAM-RF-04 French announced bets). Each chip is an
 * ordinary inside bet and pays by what it covers (004:GAM-RF-05), so an announced bet is nothing
 * but its chip list. The lists are the source's tables with two decisions (docs/decisions.md):
 * Voisins du Zéro is 9 chips in both variants (D-701, 004:AMB-24) and the Finales en plein are
 * named by their final digit (D-702, 004:AMB-25).
 */

export type AnnouncedBetName =
  | 'voisins-du-zero'
  | 'tiers-du-cylindre'
  | 'orphelins-en-plein'
  | 'orphelins-a-cheval'
  | 'jeu-zero'
  | 'jeu-7-9'
  | `finales-en-plein-${FinalDigit}`
  | `finales-a-cheval-${FinalesPair}`;

type FinalDigit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';
type FinalesPair =
  | '0-1'
  | '1-2'
  | '2-3'
  | '3-4'
  | '4-5'
  | '5-6'
  | '6-7'
  | '7-8'
  | '8-9'
  | '9-10'
  | '0-3'
  | '1-4'
  | '2-5'
  | '3-6'
  | '4-7'
  | '5-8'
  | '6-9'
  | '7-10'
  | '8-11'
  | '9-12';

/** One chip per entry: the numbers it covers. A position listed twice carries two chips. */
const chipLists: Readonly<Record<AnnouncedBetName, readonly (readonly number[])[]>> = {
  'voisins-du-zero': [
    [0, 2, 3],
    [0, 2, 3],
    [4, 7],
    [12, 15],
    [18, 21],
    [19, 22],
    [25, 26, 28, 29],
    [25, 26, 28, 29],
    [32, 35],
  ],
  'tiers-du-cylindre': [
    [5, 8],
    [10, 11],
    [13, 16],
    [23, 24],
    [27, 30],
    [33, 36],
  ],
  'orphelins-en-plein': [[1], [6], [9], [14], [17], [20], [31], [34]],
  'orphelins-a-cheval': [[1], [6, 9], [14, 17], [17, 20], [31, 34]],
  'jeu-zero': [[0, 3], [12, 15], [26], [32, 35]],
  'jeu-7-9': [[7, 8], [8, 9], [17, 18], [19], [27], [28, 29]],
  'finales-en-plein-0': [[0], [10], [20], [30]],
  'finales-en-plein-1': [[1], [11], [21], [31]],
  'finales-en-plein-2': [[2], [12], [22], [32]],
  'finales-en-plein-3': [[3], [13], [23], [33]],
  'finales-en-plein-4': [[4], [14], [24], [34]],
  'finales-en-plein-5': [[5], [15], [25], [35]],
  'finales-en-plein-6': [[6], [16], [26], [36]],
  'finales-en-plein-7': [[7], [17], [27]],
  'finales-en-plein-8': [[8], [18], [28]],
  'finales-en-plein-9': [[9], [19], [29]],
  'finales-a-cheval-0-1': [[0, 1], [10, 11], [20, 21], [30], [31]],
  'finales-a-cheval-1-2': [[1, 2], [11, 12], [21], [22], [31, 32]],
  'finales-a-cheval-2-3': [[2, 3], [12], [13], [22, 23], [32, 33]],
  'finales-a-cheval-3-4': [[3], [4], [13, 14], [23, 24], [33], [34]],
  'finales-a-cheval-4-5': [[4, 5], [14, 15], [24], [25], [34, 35]],
  'finales-a-cheval-5-6': [[5, 6], [15], [16], [25, 26], [35, 36]],
  'finales-a-cheval-6-7': [[6], [7], [16, 17], [26, 27], [36]],
  'finales-a-cheval-7-8': [[7, 8], [17, 18], [27], [28]],
  'finales-a-cheval-8-9': [[8, 9], [18], [19], [28, 29]],
  'finales-a-cheval-9-10': [[9], [10], [19, 20], [29, 30]],
  'finales-a-cheval-0-3': [
    [0, 3],
    [10, 13],
    [20, 23],
    [30, 33],
  ],
  'finales-a-cheval-1-4': [
    [1, 4],
    [11, 14],
    [21, 24],
    [31, 34],
  ],
  'finales-a-cheval-2-5': [
    [2, 5],
    [12, 15],
    [22, 25],
    [32, 35],
  ],
  'finales-a-cheval-3-6': [
    [3, 6],
    [13, 16],
    [23, 26],
    [33, 36],
  ],
  'finales-a-cheval-4-7': [
    [4, 7],
    [14, 17],
    [24, 27],
  ],
  'finales-a-cheval-5-8': [
    [5, 8],
    [15, 18],
    [25, 28],
  ],
  'finales-a-cheval-6-9': [
    [6, 9],
    [16, 19],
    [26, 29],
  ],
  'finales-a-cheval-7-10': [
    [7, 10],
    [17, 20],
    [27, 30],
  ],
  'finales-a-cheval-8-11': [
    [8, 11],
    [18, 21],
    [28, 31],
  ],
  'finales-a-cheval-9-12': [
    [9, 12],
    [19, 22],
    [29, 32],
  ],
};

export const announcedBetNames: readonly AnnouncedBetName[] = Object.freeze(Object.keys(chipLists) as AnnouncedBetName[]);

/** The European racetrack's special bets (004:GAM-RE-06); the French table offers every announced bet. */
export const racetrackSpecialBets: readonly AnnouncedBetName[] = Object.freeze([
  'voisins-du-zero',
  'tiers-du-cylindre',
  'orphelins-en-plein',
]);

export function isAnnouncedBetName(value: unknown): value is AnnouncedBetName {
  return typeof value === 'string' && Object.hasOwn(chipLists, value);
}

export interface ChipGroup {
  readonly position: Position;
  readonly chips: number;
}

/** The announced bet's positions with the number of chips on each, in the source's order. */
export function announcedBetChips(name: AnnouncedBetName): readonly ChipGroup[] {
  return announcedGroups.get(name)!;
}

export function announcedBetChipCount(name: AnnouncedBetName): number {
  return chipLists[name].length;
}

/** Distinct numbers the bet covers (Orphelins à cheval covers 8 although 9 are listed: 004:AMB-25). */
export function announcedBetNumbers(name: AnnouncedBetName): number[] {
  return [...new Set(chipLists[name].flat())].sort((a, b) => a - b);
}

const announcedGroups: ReadonlyMap<AnnouncedBetName, readonly ChipGroup[]> = new Map(
  announcedBetNames.map((name) => {
    const groups: { position: Position; chips: number }[] = [];
    for (const numbers of chipLists[name]) {
      const position = insidePosition(numbers);
      invariant(position !== null, `${name}: ${numbers.join('/')} is not an inside position`);
      const same = groups.find((group) => group.position.key === position.key);
      if (same) same.chips += 1;
      else groups.push({ position, chips: 1 });
    }
    return [name, Object.freeze(groups.map((group) => Object.freeze(group)))];
  }),
);
