import { connectionReadinessChecks, createHttpApp, type App, type ServiceConnections } from '@casino/http';
import type { WorkerConfig } from './config.ts';

/** The worker's own HTTP surface: health endpoints for the orchestrator, nothing else. */
export async function buildWorkerHealthApp(config: WorkerConfig, connections: ServiceConnections): Promise<App> {
  return createHttpApp({
    service: 'worker',
    version: '0.1.0',
    description: 'BullMQ workers: outbox relay, job handlers, repeatable schedules. Health endpoints only.',
    logLevel: config.LOG_LEVEL,
    hsts: config.BEHIND_TLS,
    trustedProxies: config.TRUSTED_PROXIES,
    readinessChecks: connectionReadinessChecks(connections),
  });
}
