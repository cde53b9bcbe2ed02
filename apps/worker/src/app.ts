import { connectionReadinessChecks, createHttpApp, observeDatabasePool, type App, type ServiceConnections } from '@casino/http';
import type { WorkerConfig } from './config.ts';

/** The worker's own HTTP surface: health endpoints for the orchestrator and `/metrics` for Prometheus, nothing else. */
export async function buildWorkerHealthApp(config: WorkerConfig, connections: ServiceConnections): Promise<App> {
  const app = await createHttpApp({
    service: 'worker',
    version: '0.1.0',
    description: 'BullMQ workers: outbox relay, job handlers, repeatable schedules. Health endpoints and metrics only.',
    logLevel: config.LOG_LEVEL,
    hsts: config.BEHIND_TLS,
    trustedProxies: config.TRUSTED_PROXIES,
    readinessChecks: connectionReadinessChecks(connections),
    ...(config.METRICS_TOKEN ? { metricsToken: config.METRICS_TOKEN } : {}),
  });
  observeDatabasePool(app, connections.db, 'worker');
  return app;
}
