/**
 * A broken engine assumption in the roulette or blackjack engine: a bug, never a player's mistake
 * (those are the engines' named rejections). The service answers it with a 500 and keeps the
 * round's previous state, because engines never mutate the state they were given.
 */
export class GameEngineInvariantViolation extends Error {
  override readonly name = 'GameEngineInvariantViolation';
}

export function invariant(condition: unknown, message: string): asserts condition {
  if (!condition) throw new GameEngineInvariantViolation(message);
}

/**
 * Whether `deepFreeze` freezes: a guard that turns an engine editing a state it was given (a bug) into a
 * TypeError. On in development and tests, where every engine test runs with it; off in production
 * (NODE_ENV=production, as the images and manifests set it), where walking every state loaded from the
 * database cost a bet confirmation about 2 % of its CPU (issue 22, D-2262). Engines never rely on it.
 */
const freezing = globalThis.process?.env?.NODE_ENV !== 'production';

/** Deep-freezes plain data (objects and arrays) so a state handed out can never be edited (see `freezing`). */
export function deepFreeze<T>(value: T): T {
  if (!freezing || value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  // Frozen parts are shared between states and skipped, so a transition pays only for what it made.
  if (Array.isArray(value)) for (let k = 0; k < value.length; k++) deepFreeze(value[k]);
  else for (const key in value) deepFreeze((value as Record<string, unknown>)[key]);
  return value;
}
