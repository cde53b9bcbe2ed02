import { highestNumber, isPocket, redNumbers, zero } from './wheel.ts';

/**
 * The betting layout (004:GAM-RE-02..04): inside positions cover 1 to 6 adjacent numbers of the
 * 3 × 12 grid (plus zero at its head), outside positions 12 or 18 numbers. A position is what a
 * chip sits on; its type fixes the payout ratio and the table limits.
 */

export type InsideBetType = 'straight' | 'split' | 'street' | 'corner' | 'six-line';
export type OutsideBetType = 'column' | 'dozen' | 'even-chance';
export type BetType = InsideBetType | OutsideBetType;

export const insideBetTypes: readonly InsideBetType[] = Object.freeze(['straight', 'split', 'street', 'corner', 'six-line']);
export const outsideBetTypes: readonly OutsideBetType[] = Object.freeze(['column', 'dozen', 'even-chance']);
export const betTypes: readonly BetType[] = Object.freeze([...insideBetTypes, ...outsideBetTypes]);

export type OutsidePositionName =
  'red' | 'black' | 'odd' | 'even' | 'low' | 'high' | 'dozen-1' | 'dozen-2' | 'dozen-3' | 'column-1' | 'column-2' | 'column-3';

export const outsidePositionNames: readonly OutsidePositionName[] = Object.freeze([
  'red',
  'black',
  'odd',
  'even',
  'low',
  'high',
  'dozen-1',
  'dozen-2',
  'dozen-3',
  'column-1',
  'column-2',
  'column-3',
]);

export interface Position {
  readonly type: BetType;
  /** The numbers the position covers, ascending. */
  readonly numbers: readonly number[];
  /** Identifies the position on the layout: "split:14-17", "red". Limits add up per key. */
  readonly key: string;
}

/** Net payout ratios "X to 1" (004:GAM-RE-03; 002:RLT-08 [EXTERNAL] has the same standard table). */
export const payoutRatio: Readonly<Record<BetType, bigint>> = Object.freeze({
  straight: 35n,
  split: 17n,
  street: 11n,
  corner: 8n,
  'six-line': 5n,
  column: 2n,
  dozen: 2n,
  'even-chance': 1n,
});

/** How many numbers each type covers. */
export const numbersPerType: Readonly<Record<BetType, number>> = Object.freeze({
  straight: 1,
  split: 2,
  street: 3,
  corner: 4,
  'six-line': 6,
  column: 12,
  dozen: 12,
  'even-chance': 18,
});

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, k) => from + k);
const column = (n: number): number => ((n - 1) % 3) + 1;

export const outsideNumbers: Readonly<Record<OutsidePositionName, readonly number[]>> = Object.freeze({
  red: [...redNumbers].sort((a, b) => a - b),
  black: range(1, highestNumber).filter((n) => !redNumbers.has(n)),
  odd: range(1, highestNumber).filter((n) => n % 2 === 1),
  even: range(1, highestNumber).filter((n) => n % 2 === 0),
  low: range(1, 18),
  high: range(19, 36),
  'dozen-1': range(1, 12),
  'dozen-2': range(13, 24),
  'dozen-3': range(25, 36),
  'column-1': range(1, highestNumber).filter((n) => column(n) === 1),
  'column-2': range(1, highestNumber).filter((n) => column(n) === 2),
  'column-3': range(1, highestNumber).filter((n) => column(n) === 3),
});

export function outsidePosition(name: OutsidePositionName): Position {
  const type: OutsideBetType = name.startsWith('dozen') ? 'dozen' : name.startsWith('column') ? 'column' : 'even-chance';
  return { type, numbers: outsideNumbers[name], key: name };
}

export function isOutsidePositionName(value: unknown): value is OutsidePositionName {
  return typeof value === 'string' && (outsidePositionNames as readonly string[]).includes(value);
}

function sameSet(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((n, k) => n === b[k]);
}

function isSplit([a, b]: readonly number[]): boolean {
  if (a === zero) return b! >= 1 && b! <= 3;
  return (b! - a! === 1 && column(a!) !== 3) || b! - a! === 3;
}

function isStreet(numbers: readonly number[]): boolean {
  const [a] = numbers;
  if (a === zero) return sameSet(numbers, [0, 1, 2]) || sameSet(numbers, [0, 2, 3]);
  return column(a!) === 1 && sameSet(numbers, [a!, a! + 1, a! + 2]);
}

function isCorner(numbers: readonly number[]): boolean {
  const [a] = numbers;
  if (a === zero) return sameSet(numbers, [0, 1, 2, 3]);
  return column(a!) !== 3 && a! + 4 <= highestNumber && sameSet(numbers, [a!, a! + 1, a! + 3, a! + 4]);
}

function isSixLine(numbers: readonly number[]): boolean {
  const [a] = numbers;
  return a !== zero && column(a!) === 1 && a! + 5 <= highestNumber && sameSet(numbers, range(a!, a! + 5));
}

/**
 * The inside position covering exactly these numbers, or null when no chip can sit there: a split
 * must be two adjacent numbers (or zero with 1, 2 or 3), a street a row (or a zero trio 0-1-2,
 * 0-2-3), a corner four numbers meeting at a point (or the first four 0-1-2-3), a six-line two
 * adjacent rows.
 */
export function insidePosition(numbers: readonly number[]): Position | null {
  if (!numbers.every(isPocket) || new Set(numbers).size !== numbers.length) return null;
  const sorted = [...numbers].sort((a, b) => a - b);
  const type = insideTypeOf(sorted);
  if (type === null) return null;
  return { type, numbers: sorted, key: `${type}:${sorted.join('-')}` };
}

function insideTypeOf(sorted: readonly number[]): InsideBetType | null {
  switch (sorted.length) {
    case 1:
      return 'straight';
    case 2:
      return isSplit(sorted) ? 'split' : null;
    case 3:
      return isStreet(sorted) ? 'street' : null;
    case 4:
      return isCorner(sorted) ? 'corner' : null;
    case 6:
      return isSixLine(sorted) ? 'six-line' : null;
    default:
      return null;
  }
}

export function isInsideType(type: BetType): type is InsideBetType {
  return (insideBetTypes as readonly string[]).includes(type);
}

/** Every inside position on the layout, by type (for limits, RTP and documentation). */
export function allInsidePositions(): Position[] {
  const candidates: number[][] = [];
  for (let n = 0; n <= highestNumber; n++) candidates.push([n]);
  for (let a = 0; a <= highestNumber; a++) for (let b = a + 1; b <= highestNumber; b++) candidates.push([a, b]);
  candidates.push([0, 1, 2], [0, 2, 3], [0, 1, 2, 3]);
  for (let a = 1; a <= highestNumber; a++) {
    candidates.push([a, a + 1, a + 2], [a, a + 1, a + 3, a + 4], range(a, a + 5));
  }
  return candidates.map((numbers) => insidePosition(numbers)).filter((position): position is Position => position !== null);
}
