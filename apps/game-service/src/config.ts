import { parseConfig, portVar, serviceConfigSchema } from '@casino/core';
import type { z } from 'zod';

export const gameServiceConfigSchema = serviceConfigSchema.extend({
  GAME_SERVICE_PORT: portVar(3003),
});

export type GameServiceConfig = z.infer<typeof gameServiceConfigSchema>;

export function loadGameServiceConfig(env: Record<string, string | undefined> = process.env): GameServiceConfig {
  return parseConfig(gameServiceConfigSchema, env);
}
