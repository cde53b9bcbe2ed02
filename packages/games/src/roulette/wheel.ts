/**
 * The single-zero wheel (004:GAM-RE-01, 002:RLT-03): 37 pockets, 0 to 36. The order of the pockets
 * around the wheel is the standard European one (004:GAM-RE-05 [EXTERNAL], confirmed by the source's
 * own neighbour example 11-30-8-23-10).
 */

export const pocketCount = 37;
export const zero = 0;
export const highestNumber = 36;

/** Pocket numbers clockwise from zero. */
export const wheelOrder: readonly number[] = Object.freeze([
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12,
  35, 3, 26,
]);

export const redNumbers: ReadonlySet<number> = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

export type PocketColour = 'green' | 'red' | 'black';

export function isPocket(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= zero && (value as number) <= highestNumber;
}

export function colourOf(pocket: number): PocketColour {
  if (pocket === zero) return 'green';
  return redNumbers.has(pocket) ? 'red' : 'black';
}

const wheelIndex: readonly number[] = (() => {
  const index = new Array<number>(pocketCount);
  wheelOrder.forEach((pocket, position) => (index[pocket] = position));
  return index;
})();

/**
 * `centre` and `perSide` pockets on each side of it in wheel order, anticlockwise first, as the
 * racetrack shows them (004:GAM-RE-05, GAM-RF-06): neighbours of 8 with 2 each side are 11 30 8 23 10.
 */
export function neighboursOf(centre: number, perSide: number): number[] {
  const position = wheelIndex[centre]!;
  const numbers: number[] = [];
  for (let offset = -perSide; offset <= perSide; offset++)
    numbers.push(wheelOrder[(position + offset + pocketCount) % pocketCount]!);
  return numbers;
}
