import { createServiceApp, type App, type ServiceConnections } from '@casino/http';
import type { AdminApiConfig } from './config.ts';
import { ledgerRoutes } from './routes/ledger.ts';

export interface AdminApiOptions {
  config: AdminApiConfig;
  connections: ServiceConnections;
  /** Redis keys of this app live under this prefix; tests use one per file. */
  redisKeyPrefix?: string;
}

/** Admin API: its routes register here as the issues that bring them land. */
export async function buildAdminApi(options: AdminApiOptions): Promise<App> {
  const app = await createServiceApp({
    service: 'admin-api',
    description: 'Back office for staff: compliance, support, finance and auditor exports, with roles and an audit trail.',
    ...options,
  });
  ledgerRoutes(app, options.connections.db);
  return app;
}
