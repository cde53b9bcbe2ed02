import { intVar, parseConfig, portVar, serviceConfigSchema } from '@casino/core';
import { operatorConfigSchema } from '@casino/operator';
import type { z } from 'zod';

export const gameServiceConfigSchema = serviceConfigSchema.extend({
  /** Which operator profile (currency, time zone, every package's rules) the service runs as (issue 15). */
  ...operatorConfigSchema.shape,
  GAME_SERVICE_PORT: portVar(3003),
  /** How often the scheduler looks for rounds whose timer ran out (betting time, decision time). */
  GAME_SCHEDULER_TICK_MS: intVar(200, { min: 10, max: 10_000 }),
  /** Per client address: bets and decisions come many times a minute at every seated player. */
  GAME_RATE_LIMIT_PER_MINUTE: intVar(1_200, { min: 1, max: 10_000_000 }),
});

export type GameServiceConfig = z.infer<typeof gameServiceConfigSchema>;

export function loadGameServiceConfig(env: Record<string, string | undefined> = process.env): GameServiceConfig {
  return parseConfig(gameServiceConfigSchema, env);
}
