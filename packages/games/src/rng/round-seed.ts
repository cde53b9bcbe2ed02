import { createCipheriv, createHash, randomBytes, type Cipher } from 'node:crypto';
import type { Rng } from './rng.ts';

/**
 * A round's randomness, committed before play and revealed after it (ARCHITECTURE idea 8).
 *
 * Production draws a fresh 256-bit seed from Node's CSPRNG for every round and publishes only its
 * commitment (SHA-256 of the seed bytes) while the round runs. Every random step of the round then
 * reads from `roundRng(seed)`, a deterministic CSPRNG stream keyed by the seed, so the seed plus the
 * action log reproduce the round exactly (game recall, complaints, audits), and anybody given the
 * revealed seed can check it against the commitment.
 */

/** 32 random bytes as 64 lowercase hex characters. */
export type RoundSeed = string;
/** SHA-256 of the seed's 32 bytes, 64 lowercase hex characters. */
export type SeedCommitment = string;

export const roundSeedBytes = 32;
const hexSeedPattern = /^[0-9a-f]{64}$/;

export class InvalidRoundSeed extends Error {
  override readonly name = 'InvalidRoundSeed';
}

export function isRoundSeed(value: unknown): value is RoundSeed {
  return typeof value === 'string' && hexSeedPattern.test(value);
}

function seedBytes(seed: RoundSeed): Buffer {
  if (!isRoundSeed(seed)) throw new InvalidRoundSeed('a round seed is 64 lowercase hex characters');
  return Buffer.from(seed, 'hex');
}

/** A fresh seed from the operating system's CSPRNG, with its commitment. */
export function createRoundSeed(): { readonly seed: RoundSeed; readonly commitment: SeedCommitment } {
  const seed = randomBytes(roundSeedBytes).toString('hex');
  return { seed, commitment: commitToSeed(seed) };
}

export function commitToSeed(seed: RoundSeed): SeedCommitment {
  return createHash('sha256').update(seedBytes(seed)).digest('hex');
}

export function seedMatchesCommitment(seed: RoundSeed, commitment: SeedCommitment): boolean {
  return isRoundSeed(seed) && commitToSeed(seed) === commitment;
}

/**
 * A deterministic seed for tests, simulations and benchmarks: SHA-256 of a label. Never for real
 * money (anyone who knows the label knows the seed).
 */
export function testRoundSeed(label: string): RoundSeed {
  return createHash('sha256').update(`test-round-seed:${label}`).digest('hex');
}

// The keystream is produced in blocks; 4 KiB serves a 416-card shoe (≤ 2 KiB of draws) in one call.
const keystreamBlockBytes = 4096;
const zeroBlock = Buffer.alloc(keystreamBlockBytes);

/**
 * AES-256 in counter mode keyed by the seed, read as a stream of 32-bit words: the CTR_DRBG
 * construction without reseeding, which a round never needs (a seed serves one round, and a round
 * draws at most a few kilobytes). Integers come by rejection sampling, so no value is more likely
 * than another (no modulo bias).
 */
export class SeedStreamRng implements Rng {
  private readonly key: Buffer;
  // Created at the first draw: most actions of a round draw nothing, and the service builds a stream for each.
  private cipher: Cipher | null = null;
  private block: Buffer = Buffer.alloc(0);
  private offset = 0;

  constructor(seed: RoundSeed) {
    this.key = seedBytes(seed);
  }

  nextUint32(): number {
    if (this.offset + 4 > this.block.length) {
      // A fixed all-zero counter block is safe because each key (seed) is used for one stream only.
      this.cipher ??= createCipheriv('aes-256-ctr', this.key, Buffer.alloc(16));
      this.block = this.cipher.update(zeroBlock);
      this.offset = 0;
    }
    const value = this.block.readUInt32LE(this.offset);
    this.offset += 4;
    return value;
  }

  intBelow(bound: number): number {
    if (!Number.isInteger(bound) || bound < 1 || bound > 2 ** 32)
      throw new RangeError(`bound must be an integer in [1, 2^32], got ${bound}`);
    const limit = 2 ** 32 - (2 ** 32 % bound);
    for (;;) {
      const value = this.nextUint32();
      if (value < limit) return value % bound;
    }
  }
}

/** The stream every random step of the round with this seed reads from. */
export function roundRng(seed: RoundSeed): SeedStreamRng {
  return new SeedStreamRng(seed);
}
