import { parseConfig, portVar, serviceConfigSchema } from '@casino/core';
import type { z } from 'zod';

export const paymentsGatewayConfigSchema = serviceConfigSchema.extend({
  PAYMENTS_GATEWAY_PORT: portVar(3004),
});

export type PaymentsGatewayConfig = z.infer<typeof paymentsGatewayConfigSchema>;

export function loadPaymentsGatewayConfig(env: Record<string, string | undefined> = process.env): PaymentsGatewayConfig {
  return parseConfig(paymentsGatewayConfigSchema, env);
}
