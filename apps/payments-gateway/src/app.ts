import { createCashierContext, type CashierGuards } from '@casino/cashier';
import { systemClock, type Clock } from '@casino/core';
import { createServiceApp, type App, type ServiceConnections } from '@casino/http';
import { PiiProtector } from '@casino/players';
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
}

/** Payments gateway: the payment provider's signed webhooks (payouts are sent by the worker's job). */
export async function buildPaymentsGateway(options: PaymentsGatewayOptions): Promise<App> {
  const { config, connections } = options;
  const clock = options.clock ?? systemClock;
  const app = await createServiceApp({
    service: 'payments-gateway',
    description: 'Signed webhooks from payment providers: payments, payouts, refunds, chargebacks, verifications.',
    config,
    connections,
    ...(options.redisKeyPrefix ? { redisKeyPrefix: options.redisKeyPrefix } : {}),
  });
  const ctx = createCashierContext({
    db: connections.db,
    clock,
    providerName: config.PSP_PROVIDER_NAME,
    accountNumbers: new PiiProtector({ encryptionKey: config.PII_ENCRYPTION_KEY, hashKey: config.PII_HASH_KEY }),
    ...(options.guards ? { guards: options.guards } : {}),
  });
  webhookRoutes(app, ctx, { secrets: config.PSP_WEBHOOK_SECRETS.split(',') });
  return app;
}
