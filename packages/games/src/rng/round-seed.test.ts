import { createCipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { shuffle } from './rng.ts';
import {
  commitToSeed,
  createRoundSeed,
  InvalidRoundSeed,
  roundRng,
  SeedStreamRng,
  seedMatchesCommitment,
  testRoundSeed,
} from './round-seed.ts';

describe('round seeds and their commitments', () => {
  it('issue 7: a fresh seed is 32 CSPRNG bytes whose SHA-256 is the published commitment', () => {
    const { seed, commitment } = createRoundSeed();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(commitment).toBe(commitToSeed(seed));
    expect(seedMatchesCommitment(seed, commitment)).toBe(true);
    expect(seedMatchesCommitment(createRoundSeed().seed, commitment)).toBe(false);
    expect(createRoundSeed().seed).not.toBe(seed);
    // SHA-256 of 32 zero bytes, a published test vector.
    expect(commitToSeed('0'.repeat(64))).toBe('66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925');
    expect(() => commitToSeed('xyz')).toThrow(InvalidRoundSeed);
  });

  it('issue 7: the round stream is AES-256-CTR keyed by the seed (known answer: the zero key encrypts the zero block to dc95c078…)', () => {
    const rng = new SeedStreamRng('0'.repeat(64));
    expect(rng.nextUint32().toString(16)).toBe('78c095dc');
    const seed = testRoundSeed('kat');
    const reference = createCipheriv('aes-256-ctr', Buffer.from(seed, 'hex'), Buffer.alloc(16)).update(Buffer.alloc(8192));
    const stream = roundRng(seed);
    for (let k = 0; k < 2048; k++) expect(stream.nextUint32()).toBe(reference.readUInt32LE(4 * k));
  });

  it('the same seed gives the same stream; another seed another', () => {
    const draw = (seed: string) =>
      Array.from(
        { length: 50 },
        (
          (rng) => () =>
            rng.intBelow(52)
        )(roundRng(seed)),
      );
    expect(draw(testRoundSeed('a'))).toEqual(draw(testRoundSeed('a')));
    expect(draw(testRoundSeed('a'))).not.toEqual(draw(testRoundSeed('b')));
  });

  it('issue 7: integers come without modulo bias: below 3·2^30 a naive modulo would put half the draws under 2^30, rejection puts a third', () => {
    const rng = roundRng(testRoundSeed('bias'));
    const bound = 3 * 2 ** 30;
    const draws = 30_000;
    let low = 0;
    for (let k = 0; k < draws; k++) if (rng.intBelow(bound) < 2 ** 30) low++;
    // A third ± 5 standard deviations (σ ≈ 0.0027); the biased half is 60 σ away.
    expect(Math.abs(low / draws - 1 / 3)).toBeLessThan(0.014);
  });

  it('issue 7: Fisher–Yates over the stream deals every order of a small deck equally often (chi-square, 5 degrees of freedom)', () => {
    const rng = roundRng(testRoundSeed('shuffle'));
    const counts = new Map<string, number>();
    const shuffles = 60_000;
    for (let k = 0; k < shuffles; k++) {
      const key = shuffle(['a', 'b', 'c'], rng).join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    const expected = shuffles / 6;
    const chiSquare = [...counts.values()].reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    // The 99.99th percentile of chi-square with 5 degrees of freedom is 25.7.
    expect(chiSquare).toBeLessThan(25.7);
  });
});
