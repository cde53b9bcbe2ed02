import { createCashierContext, type CashierGuards } from '@casino/cashier';
import { systemClock, type Clock } from '@casino/core';
import { createServiceApp, type App, type ServiceConnections } from '@casino/http';
import { PiiProtector } from '@casino/players';
import type { AdminApiConfig } from './config.ts';
import { cashierPlayerRoutes } from './routes/cashier-players.ts';
import { cashierReviewRoutes } from './routes/cashier-review.ts';
import { ledgerRoutes } from './routes/ledger.ts';

export interface AdminApiOptions {
  config: AdminApiConfig;
  connections: ServiceConnections;
  /** Redis keys of this app live under this prefix; tests use one per file. */
  redisKeyPrefix?: string;
  /** Tests pass a controllable clock. */
  clock?: Clock;
  /** The limits and compliance port; the interim guards until those packages are wired in. */
  guards?: CashierGuards;
}

/** Admin API: its routes register here as the issues that bring them land. */
export async function buildAdminApi(options: AdminApiOptions): Promise<App> {
  const { config, connections } = options;
  const clock = options.clock ?? systemClock;
  const app = await createServiceApp({
    service: 'admin-api',
    description: 'Back office for staff: compliance, support, finance and auditor exports, with roles and an audit trail.',
    config,
    connections,
    ...(options.redisKeyPrefix ? { redisKeyPrefix: options.redisKeyPrefix } : {}),
  });
  ledgerRoutes(app, connections.db);
  const cashier = createCashierContext({
    db: connections.db,
    clock,
    providerName: config.PSP_PROVIDER_NAME,
    accountNumbers: new PiiProtector({ encryptionKey: config.PII_ENCRYPTION_KEY, hashKey: config.PII_HASH_KEY }),
    ...(options.guards ? { guards: options.guards } : {}),
  });
  cashierReviewRoutes(app, cashier);
  cashierPlayerRoutes(app, cashier);
  return app;
}
