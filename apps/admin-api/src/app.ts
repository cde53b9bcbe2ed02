import { systemClock, type Clock } from '@casino/core';
import { createServiceApp, type App, type ServiceConnections } from '@casino/http';
import { czechProfile } from '@casino/limits';
import type { AdminApiConfig } from './config.ts';
import { ledgerRoutes } from './routes/ledger.ts';
import { limitsRoutes } from './routes/limits.ts';

export interface AdminApiOptions {
  config: AdminApiConfig;
  connections: ServiceConnections;
  /** Redis keys of this app live under this prefix; tests use one per file. */
  redisKeyPrefix?: string;
  /** Tests pass a controllable clock. */
  clock?: Clock;
}

/** Admin API: its routes register here as the issues that bring them land. */
export async function buildAdminApi(options: AdminApiOptions): Promise<App> {
  const app = await createServiceApp({
    service: 'admin-api',
    description: 'Back office for staff: compliance, support, finance and auditor exports, with roles and an audit trail.',
    config: options.config,
    connections: options.connections,
    ...(options.redisKeyPrefix ? { redisKeyPrefix: options.redisKeyPrefix } : {}),
  });
  ledgerRoutes(app, options.connections.db);
  limitsRoutes(app, { db: options.connections.db, clock: options.clock ?? systemClock, profile: czechProfile });
  return app;
}
