import type { CashierGuards, PaymentProvider } from '@casino/cashier';
import type { Clock } from '@casino/core';
import { createServiceApp, type App, type ServiceConnections } from '@casino/http';
import type { ExcludedPersonsRegister } from '@casino/limits';
import { composeContexts, pokerRuleProfiles, type OperatorProfile, type Platform } from '@casino/operator';
import { findPlayerAccess, type MinistryRegisters } from '@casino/players';
import type { PlayerApiConfig } from './config.ts';
import { accountLifecycleRoutes } from './routes/account-lifecycle.ts';
import { authRoutes } from './routes/auth.ts';
import { cashierRoutes } from './routes/cashier.ts';
import { loyaltyRoutes } from './routes/loyalty.ts';
import { limitsRoutes } from './routes/limits.ts';
import { meRoutes } from './routes/me.ts';
import { paymentMethodRoutes } from './routes/payment-methods.ts';
import { registrationRoutes } from './routes/registration.ts';
import { statementRoutes } from './routes/statement.ts';
import { walletRoutes } from './routes/wallets.ts';

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
  /** Instead of the module OPERATOR_PROFILE names (tests); validated the same way. */
  profile?: OperatorProfile;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The contexts this app runs with, from the composition root (tests read the profile from it). */
    platform: Platform;
  }
}

/** Player API: registration, login, the player's own account, self-limitation measures, payment methods and the cashier. */
export async function buildPlayerApi(options: PlayerApiOptions): Promise<App> {
  const { config, connections } = options;
  // Before anything listens: a profile that breaks an invariant stops start-up here (issue 15).
  const platform = composeContexts({
    config,
    connections,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.profile ? { profile: options.profile } : {}),
    ...(options.registers ? { registers: options.registers } : {}),
    ...(options.paymentProvider ? { paymentProvider: options.paymentProvider } : {}),
    ...(options.guards ? { guards: options.guards } : {}),
  });
  const app = await createServiceApp({
    service: 'player-api',
    description: 'Registration, login, profile, self-limitation measures, payment methods, cashier and history for players.',
    config,
    connections,
    ...(options.redisKeyPrefix ? { redisKeyPrefix: options.redisKeyPrefix } : {}),
    // A blocked, closed or cancelled account's tokens are refused on the next request.
    principals: { player: (playerId) => findPlayerAccess(connections.db, playerId) },
  });
  app.decorate('platform', platform);
  const ctx = platform.players();
  registrationRoutes(app, ctx, { perMinute: config.REGISTRATION_RATE_LIMIT_PER_MINUTE });
  authRoutes(app, ctx, { perMinute: config.LOGIN_RATE_LIMIT_PER_MINUTE });
  meRoutes(app, ctx);
  limitsRoutes(app, platform.limits());
  const cashier = platform.cashier();
  paymentMethodRoutes(app, cashier);
  cashierRoutes(app, cashier);
  // Issue 26: bonuses, VIP points and the SE poker account (the store context of the poker rooms' money).
  loyaltyRoutes(app, cashier, {
    db: connections.db,
    clock: platform.clock,
    limits: platform.enforcement(),
    instanceId: 'player-api',
    profiles: pokerRuleProfiles,
  });
  statementRoutes(app, platform.reporting());
  walletRoutes(app, platform.fx());
  accountLifecycleRoutes(app, ctx, platform.compliance(), platform.profile.currency);
  return app;
}
