// Pure game engines: no I/O, no clock, no randomness but the injected Rng.
export * from './cards/index.ts';
export * from './rng/index.ts';
export type { HandRanking, HandStrength } from './poker/evaluator/ranking.ts';
// A namespace, so the poker vocabulary (bet, call, Phase, PlayerState…) never collides with other games'.
export * as poker from './poker/index.ts';
export { GameEngineInvariantViolation } from './shared/invariant.ts';
export { InvalidGameJson, type JsonValue } from './shared/game-json.ts';
export { InvalidRoundRecord } from './shared/round-record.ts';
export * from './roulette/index.ts';
export * from './blackjack/index.ts';
export * from './platynko/index.ts';
