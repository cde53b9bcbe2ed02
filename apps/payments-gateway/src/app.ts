import { createServiceApp, type App, type ServiceConnections } from '@casino/http';
import type { PaymentsGatewayConfig } from './config.ts';

export interface PaymentsGatewayOptions {
  config: PaymentsGatewayConfig;
  connections: ServiceConnections;
  /** Redis keys of this app live under this prefix; tests use one per file. */
  redisKeyPrefix?: string;
}

/** Payments gateway: its routes register here as the issues that bring them land. */
export async function buildPaymentsGateway(options: PaymentsGatewayOptions): Promise<App> {
  return createServiceApp({
    service: 'payments-gateway',
    description: 'Signed webhooks from payment providers and outbound payouts.',
    ...options,
  });
}
