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
  /** A poker table's lease lapses this long after its holder's last renewal (renewed every third of it); then another instance takes over. */
  POKER_LEASE_TTL_MS: intVar(10_000, { min: 1_000, max: 300_000 }),
  /** How long a poker command forwarded to the table's holder waits for its answer before 503 table-unavailable. */
  POKER_FORWARD_TIMEOUT_MS: intVar(3_000, { min: 100, max: 60_000 }),
  /** How often an instance looks for poker tables nobody drives (their holder stopped) to take them over. */
  POKER_CLAIM_SCAN_INTERVAL_MS: intVar(2_000, { min: 100, max: 300_000 }),
  /** Poker tables one instance drives at most; more are left to the other instances. */
  POKER_TABLES_PER_INSTANCE_MAX: intVar(5_000, { min: 1, max: 1_000_000 }),
});

export type GameServiceConfig = z.infer<typeof gameServiceConfigSchema>;

export function loadGameServiceConfig(env: Record<string, string | undefined> = process.env): GameServiceConfig {
  return parseConfig(gameServiceConfigSchema, env);
}
