export { cryptoRng, SeededRng, shuffle, type Rng } from './rng.ts';
export {
  commitToSeed,
  createRoundSeed,
  InvalidRoundSeed,
  isRoundSeed,
  roundRng,
  roundSeedBytes,
  seedMatchesCommitment,
  SeedStreamRng,
  testRoundSeed,
  type RoundSeed,
  type SeedCommitment,
} from './round-seed.ts';
