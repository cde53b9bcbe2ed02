import { createServiceApp, type App, type ServiceConnections } from '@casino/http';
import type { GameServiceConfig } from './config.ts';

export interface GameServiceOptions {
  config: GameServiceConfig;
  connections: ServiceConnections;
  /** Redis keys of this app live under this prefix; tests use one per file. */
  redisKeyPrefix?: string;
}

/** Game service: its routes register here as the issues that bring them land. */
export async function buildGameService(options: GameServiceOptions): Promise<App> {
  return createServiceApp({
    service: 'game-service',
    description: 'Lobby, roulette and blackjack rounds, and poker tables; every stake and win posts to the ledger.',
    ...options,
  });
}
