/**
 * Tables indexed by a 13-bit rank mask (bit r set = rank r present, 0 = two … 12 = ace). Each has
 * 8,192 entries and is filled from code when the module loads (well under a millisecond), so the
 * evaluators answer "how many ranks", "which are the top five", "is there a straight" with one
 * array read instead of a loop. Nothing is read from files: the games package stays pure.
 */
export const rankCount = 13;
export const rankMaskSize = 1 << rankCount;
export const rankMaskAll = rankMaskSize - 1;

/** Number of ranks in the mask. */
export const bitCount: Uint8Array = buildBitCount();
/** Highest rank in the mask (0 for the empty mask, which callers never ask about). */
export const topRank: Uint8Array = buildTopRank();
/**
 * The five highest ranks packed as nibbles, highest first: r1<<16 | r2<<12 | r3<<8 | r4<<4 | r5.
 * Missing ranks (masks of fewer than five bits) are zero; callers only compare values of hands with
 * the same shape, so the zeros never decide anything.
 */
export const topFive: Int32Array = buildTopFive();

function buildBitCount(): Uint8Array {
  const table = new Uint8Array(rankMaskSize);
  for (let mask = 1; mask < rankMaskSize; mask++) table[mask] = table[mask >> 1]! + (mask & 1);
  return table;
}

function buildTopRank(): Uint8Array {
  const table = new Uint8Array(rankMaskSize);
  for (let mask = 2; mask < rankMaskSize; mask++) table[mask] = table[mask >> 1]! + 1;
  return table;
}

function buildTopFive(): Int32Array {
  const table = new Int32Array(rankMaskSize);
  for (let mask = 1; mask < rankMaskSize; mask++) {
    let packed = 0;
    let taken = 0;
    for (let rank = rankCount - 1; rank >= 0 && taken < 5; rank--) {
      if ((mask & (1 << rank)) === 0) continue;
      packed |= rank << (16 - 4 * taken);
      taken++;
    }
    table[mask] = packed;
  }
  return table;
}

/** A straight as the ranks it needs and the rank it counts as (its "high card"). */
export interface StraightShape {
  readonly ranks: readonly number[];
  readonly top: number;
}

/**
 * Every five-rank run whose lowest rank is at least `lowestRank`, plus the ace-low run that uses the
 * ace in place of the rank below `lowestRank` when `aceLow` is set (A-2-3-4-5 in a 52-card deck,
 * A-6-7-8-9 in the 36-card deck, A-7-8-9-T in a 32-card deck).
 */
export function straightShapes(lowestRank: number, aceLow: boolean): StraightShape[] {
  const shapes: StraightShape[] = [];
  for (let top = lowestRank + 4; top < rankCount; top++) {
    shapes.push({ ranks: [top - 4, top - 3, top - 2, top - 1, top], top });
  }
  if (aceLow)
    shapes.push({ ranks: [rankCount - 1, lowestRank, lowestRank + 1, lowestRank + 2, lowestRank + 3], top: lowestRank + 3 });
  return shapes;
}

/**
 * For each rank mask: 1 + the top rank of the highest straight it contains, or 0 for none. The +1
 * keeps 0 free to mean "no straight" although a straight's top rank is never 0 anyway.
 */
export function buildStraightTops(shapes: readonly StraightShape[]): Uint8Array {
  const table = new Uint8Array(rankMaskSize);
  const shapeMasks = shapes.map((shape) => ({ mask: shape.ranks.reduce((mask, rank) => mask | (1 << rank), 0), top: shape.top }));
  for (let mask = 0; mask < rankMaskSize; mask++) {
    let best = 0;
    for (const shape of shapeMasks) {
      if ((mask & shape.mask) === shape.mask && shape.top + 1 > best) best = shape.top + 1;
    }
    table[mask] = best;
  }
  return table;
}
