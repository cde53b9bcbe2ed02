// Poker (issue 8): the hand evaluator and the pure hand engine; issue 20: stud, draw and mixed games. How it works: docs/poker.md.
export * from './evaluator/index.ts';
export * from './engine/index.ts';
export * from './fixed-limit/index.ts';
