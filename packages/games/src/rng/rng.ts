import { randomInt } from 'node:crypto';

/**
 * The only source of randomness a game engine sees. Production uses the CSPRNG; tests and replays
 * use a seeded generator, so a recorded seed reproduces a round exactly.
 */
export interface Rng {
  /** A uniformly distributed integer in [0, bound), without modulo bias. `bound` ≤ 2^32. */
  intBelow(bound: number): number;
}

/** Node's cryptographically secure generator (rejection sampling inside `crypto.randomInt`). */
export const cryptoRng: Rng = {
  intBelow(bound: number): number {
    assertBound(bound);
    return randomInt(bound);
  },
};

/**
 * Deterministic generator for tests and replay: xoshiro128** seeded through splitmix32 from a
 * 32-bit seed or a string. Never used for real-money outcomes.
 */
export class SeededRng implements Rng {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  constructor(seed: number | string) {
    let state = typeof seed === 'number' ? seed >>> 0 : hashString(seed);
    const next = () => {
      state = (state + 0x9e3779b9) >>> 0;
      let z = state;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.s0 = next();
    this.s1 = next();
    this.s2 = next();
    this.s3 = next();
  }

  /** The next 32 uniformly random bits. */
  nextUint32(): number {
    const result = Math.imul(rotl(Math.imul(this.s1, 5) >>> 0, 7), 9) >>> 0;
    const t = (this.s1 << 9) >>> 0;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    return result;
  }

  intBelow(bound: number): number {
    assertBound(bound);
    // Rejection sampling: drop the top values that would make some results more likely.
    const limit = 2 ** 32 - (2 ** 32 % bound);
    for (;;) {
      const value = this.nextUint32();
      if (value < limit) return value % bound;
    }
  }
}

function rotl(x: number, k: number): number {
  return ((x << k) | (x >>> (32 - k))) >>> 0;
}

function hashString(text: string): number {
  let h = 2166136261; // FNV-1a
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h;
}

function assertBound(bound: number): void {
  if (!Number.isInteger(bound) || bound < 1 || bound > 2 ** 32)
    throw new RangeError(`bound must be an integer in [1, 2^32], got ${bound}`);
}

/** Unbiased Fisher–Yates shuffle; returns a new array. */
export function shuffle<T>(items: readonly T[], rng: Rng): T[] {
  const result = items.slice();
  for (let i = result.length - 1; i > 0; i--) {
    const j = rng.intBelow(i + 1);
    const swap = result[i]!;
    result[i] = result[j]!;
    result[j] = swap;
  }
  return result;
}
