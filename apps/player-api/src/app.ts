import { createCashierContext, createPaymentProviderClient, type CashierGuards, type PaymentProvider } from '@casino/cashier';
import { systemClock, type Clock } from '@casino/core';
import { createMinistryRegistersClient, screenPlayer } from '@casino/compliance';
import { createServiceApp, type App, type ServiceConnections } from '@casino/http';
import { czechProfile, type ExcludedPersonsRegister, type LimitsContext } from '@casino/limits';
import { czechPlayerRules, findPlayerAccess, PiiProtector, playerAccountsFor, type MinistryRegisters, type PlayersContext } from '@casino/players';
import { czechReportingRules } from '@casino/reporting';
import type { PlayerApiConfig } from './config.ts';
import { authRoutes } from './routes/auth.ts';
import { cashierRoutes } from './routes/cashier.ts';
import { limitsRoutes } from './routes/limits.ts';
import { meRoutes } from './routes/me.ts';
import { paymentMethodRoutes } from './routes/payment-methods.ts';
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
  registers?: MinistryRegisters & ExcludedPersonsRegister;
  /** Defaults to the HTTP client of the payment provider at PSP_URL. */
  paymentProvider?: PaymentProvider;
  /** The cashier's limits and compliance port; the platform's own (packages/cashier) by default. */
  guards?: CashierGuards;
}

/** Player API: registration, login, the player's own account, self-limitation measures, payment methods and the cashier. */
export async function buildPlayerApi(options: PlayerApiOptions): Promise<App> {
  const { config, connections } = options;
  const clock = options.clock ?? systemClock;
  const app = await createServiceApp({
    service: 'player-api',
    description: 'Registration, login, profile, self-limitation measures, payment methods, cashier and history for players.',
    config,
    connections,
    ...(options.redisKeyPrefix ? { redisKeyPrefix: options.redisKeyPrefix } : {}),
    // A blocked, closed or cancelled account's tokens are refused on the next request.
    principals: { player: (playerId) => findPlayerAccess(connections.db, playerId) },
  });
  const registers = options.registers ?? createMinistryRegistersClient({ baseUrl: config.MF_REGISTERS_URL, clock });
  const pii = new PiiProtector({ encryptionKey: config.PII_ENCRYPTION_KEY, hashKey: config.PII_HASH_KEY });
  const ctx: PlayersContext = {
    db: connections.db,
    clock,
    rules: czechPlayerRules,
    limitsProfile: czechProfile,
    pii,
    registers,
    screening: { screen: screenPlayer },
    publicBaseUrl: config.PUBLIC_BASE_URL,
  };
  const limits: LimitsContext = { db: connections.db, clock, profile: czechProfile, accounts: playerAccountsFor(ctx), register: registers };
  registrationRoutes(app, ctx, { perMinute: config.REGISTRATION_RATE_LIMIT_PER_MINUTE });
  authRoutes(app, ctx, { perMinute: config.LOGIN_RATE_LIMIT_PER_MINUTE });
  meRoutes(app, ctx);
  limitsRoutes(app, limits);
  const cashier = createCashierContext({
    db: connections.db,
    clock,
    providerName: config.PSP_PROVIDER_NAME,
    provider: options.paymentProvider ?? createPaymentProviderClient({ name: config.PSP_PROVIDER_NAME, baseUrl: config.PSP_URL }),
    accountNumbers: pii,
    ...(options.guards ? { guards: options.guards } : {}),
  });
  paymentMethodRoutes(app, cashier);
  cashierRoutes(app, cashier);
  statementRoutes(app, { db: connections.db, clock, rules: czechReportingRules });
  return app;
}
