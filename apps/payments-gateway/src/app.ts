import type { CashierGuards } from '@casino/cashier';
import type { Clock } from '@casino/core';
import { createServiceApp, type App, type ServiceConnections } from '@casino/http';
import { composeContexts, type OperatorProfile, type Platform } from '@casino/operator';
import type { PaymentsGatewayConfig } from './config.ts';
import { webhookRoutes } from './routes/webhooks.ts';

export interface PaymentsGatewayOptions {
  config: PaymentsGatewayConfig;
  connections: ServiceConnections;
  /** Redis keys of this app live under this prefix; tests use one per file. */
  redisKeyPrefix?: string;
  /** Tests pass a controllable clock (signature timestamps are checked against it). */
  clock?: Clock;
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

/** Payments gateway: the payment provider's signed webhooks (payouts are sent by the worker's job). */
export async function buildPaymentsGateway(options: PaymentsGatewayOptions): Promise<App> {
  const { config, connections } = options;
  const platform = composeContexts({
    config,
    connections,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.profile ? { profile: options.profile } : {}),
    ...(options.guards ? { guards: options.guards } : {}),
  });
  const app = await createServiceApp({
    service: 'payments-gateway',
    description: 'Signed webhooks from payment providers: payments, payouts, refunds, chargebacks, verifications.',
    config,
    connections,
    ...(options.redisKeyPrefix ? { redisKeyPrefix: options.redisKeyPrefix } : {}),
  });
  app.decorate('platform', platform);
  const ctx = platform.cashier();
  webhookRoutes(app, ctx, { secrets: config.PSP_WEBHOOK_SECRETS.split(',') });
  return app;
}
