// Poker (issue 8): the hand evaluator and the pure hand engine. How it works: docs/poker.md.
export * from './evaluator/index.ts';
export * from './engine/index.ts';
