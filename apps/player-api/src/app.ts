import { systemClock, type Clock } from '@casino/core';
import { createMinistryRegistersClient, screenPlayer } from '@casino/compliance';
import { createServiceApp, type App, type ServiceConnections } from '@casino/http';
import { czechProfile } from '@casino/limits';
import { czechPlayerRules, PiiProtector, type MinistryRegisters, type PlayersContext } from '@casino/players';
import { czechReportingRules } from '@casino/reporting';
import type { PlayerApiConfig } from './config.ts';
import { authRoutes } from './routes/auth.ts';
import { meRoutes } from './routes/me.ts';
import { registrationRoutes } from './routes/registration.ts';
import { statementRoutes } from './routes/statement.ts';

export interface PlayerApiOptions {
  config: PlayerApiConfig;
  connections: ServiceConnections;
  /** Redis keys of this app live under this prefix; tests use one per file. */
  redisKeyPrefix?: string;
  /** Tests pass a controllable clock. */
  clock?: Clock;
  /** Defaults to the HTTP client of the MF registers at MF_REGISTERS_URL. */
  registers?: MinistryRegisters;
}

/** Player API: registration, login, the player's own account; cashier and limits arrive with their issues. */
export async function buildPlayerApi(options: PlayerApiOptions): Promise<App> {
  const { config, connections } = options;
  const clock = options.clock ?? systemClock;
  const app = await createServiceApp({
    service: 'player-api',
    description: 'Registration, login, profile, self-limitation measures, payment methods, cashier and history for players.',
    config,
    connections,
    ...(options.redisKeyPrefix ? { redisKeyPrefix: options.redisKeyPrefix } : {}),
  });
  const ctx: PlayersContext = {
    db: connections.db,
    clock,
    rules: czechPlayerRules,
    limitsProfile: czechProfile,
    pii: new PiiProtector({ encryptionKey: config.PII_ENCRYPTION_KEY, hashKey: config.PII_HASH_KEY }),
    registers: options.registers ?? createMinistryRegistersClient({ baseUrl: config.MF_REGISTERS_URL, clock }),
    screening: { screen: screenPlayer },
    publicBaseUrl: config.PUBLIC_BASE_URL,
  };
  registrationRoutes(app, ctx, { perMinute: config.REGISTRATION_RATE_LIMIT_PER_MINUTE });
  authRoutes(app, ctx, { perMinute: config.LOGIN_RATE_LIMIT_PER_MINUTE });
  meRoutes(app, ctx);
  statementRoutes(app, { db: connections.db, clock, rules: czechReportingRules });
  return app;
}
