// Pure game engines: no I/O, no clock, no randomness but the injected Rng.
export * from './cards/index.ts';
export * from './rng/index.ts';
export type { HandRanking, HandStrength } from './poker/evaluator/ranking.ts';
