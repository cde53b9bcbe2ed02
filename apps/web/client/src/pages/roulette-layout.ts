/**
 * The roulette layout's chip spots (004:GAM-RE-02..04), as a matrix the page lays out and walks
 * with the arrow keys: the numbers, and between them where the chip of a combination sits: on the
 * line between two numbers a split, at the crossing of four a corner, at the outer edge of a row
 * (three numbers across the layout) a street and at the edge between two rows a six-line; beside
 * zero the splits 0/1, 0/2, 0/3, the trios 0/1/2 and 0/2/3, and the first four 0/1/2/3. Every inside
 * position the game service accepts (packages/games roulette/layout.ts) is exactly one spot.
 *
 * Matrix: 6 rows (number rows 3, 2, 1 with the lines between them, then the street edge) × 25
 * columns (zero, the line after it, then the twelve rows of the layout with the lines between).
 */
export type InsideSpotType = 'straight' | 'split' | 'street' | 'corner' | 'six-line';

export interface Spot {
  readonly type: InsideSpotType;
  /** Ascending, as the API's `numbers`. */
  readonly numbers: readonly number[];
  readonly row: number;
  readonly col: number;
}

export const layoutRows = 6;
export const layoutCols = 25;

/** The layout row (0..11) at a matrix column, or null on a line (odd columns from 3 on) or at zero. */
const streetAt = (col: number): number | null => (col >= 2 && col % 2 === 0 ? (col - 2) / 2 : null);
/** The number at (street k, matrix row r of a number row: 0 → third column, 2 → second, 4 → first). */
const numberAt = (k: number, row: number) => k * 3 + (3 - row / 2);
const sorted = (numbers: number[]) => [...numbers].sort((a, b) => a - b);

function spotAt(row: number, col: number): Spot | null {
  const at = (type: InsideSpotType, numbers: number[]): Spot => ({ type, numbers: sorted(numbers), row, col });
  const numberRow = row % 2 === 0 && row < 5;
  if (col === 0) return row === 0 ? at('straight', [0]) : null; // zero spans the number rows (drawn by the page)
  if (col === 1) {
    if (numberRow) return at('split', [0, 3 - row / 2]);
    if (row === 1) return at('street', [0, 2, 3]);
    if (row === 3) return at('street', [0, 1, 2]);
    return at('corner', [0, 1, 2, 3]);
  }
  const k = streetAt(col);
  if (k !== null) {
    if (numberRow) return at('straight', [numberAt(k, row)]);
    if (row === 5) return at('street', [k * 3 + 1, k * 3 + 2, k * 3 + 3]);
    // A line between two number rows: the numbers above and below it.
    return at('split', [numberAt(k, row - 1), numberAt(k, row + 1)]);
  }
  const left = (col - 3) / 2; // the line between layout rows `left` and `left + 1`
  if (numberRow) return at('split', [numberAt(left, row), numberAt(left + 1, row)]);
  if (row === 5)
    return at(
      'six-line',
      [1, 2, 3, 4, 5, 6].map((n) => left * 3 + n),
    );
  return at('corner', [
    numberAt(left, row - 1),
    numberAt(left, row + 1),
    numberAt(left + 1, row - 1),
    numberAt(left + 1, row + 1),
  ]);
}

/** The matrix in column order (the page's DOM order): null where nothing sits. */
export const layoutMatrix: readonly (readonly (Spot | null)[])[] = Array.from({ length: layoutCols }, (_, col) =>
  Array.from({ length: layoutRows }, (_, row) => spotAt(row, col)),
);

export const layoutSpots: readonly Spot[] = layoutMatrix.flat().filter((spot): spot is Spot => spot !== null);

/** The spot a key press moves to from (row, col): the next one in that direction; zero covers rows 0–4 of column 0. */
export function moveFrom(row: number, col: number, dRow: number, dCol: number): Spot | null {
  let r = row;
  let c = col;
  for (;;) {
    r += dRow;
    c += dCol;
    if (r < 0 || r >= layoutRows || c < 0 || c >= layoutCols) return null;
    if (c === 0 && r < 5) return layoutMatrix[0]![0]!;
    const spot = layoutMatrix[c]![r];
    if (spot) return spot;
  }
}
