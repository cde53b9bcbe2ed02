import { parseConfig, portVar, secretVar, serviceConfigSchema } from '@casino/core';
import { operatorConfigSchema } from '@casino/operator';
import { z } from 'zod';

export const paymentsGatewayConfigSchema = serviceConfigSchema.extend({
  /** Which operator profile (currency, time zone, every package's rules) the service runs as (issue 15). */
  ...operatorConfigSchema.shape,
  PAYMENTS_GATEWAY_PORT: portVar(3004),
  /** The provider whose webhooks arrive at /v1/webhooks/<name>; its ledger clearing account has the same name. */
  PSP_PROVIDER_NAME: z
    .string()
    .regex(/^[a-z][a-z0-9-]{1,38}$/)
    .default('sandbox-psp'),
  /**
   * The provider's webhook signing secrets (`whsec_…`, comma-separated). A delivery signed with any
   * of them is accepted, so a key rotates without downtime. Required: a default would become production's.
   */
  PSP_WEBHOOK_SECRETS: secretVar(38).pipe(
    z.string().regex(/^whsec_[A-Za-z0-9+/=]{32,}(,whsec_[A-Za-z0-9+/=]{32,})*$/, 'expected whsec_… secrets, comma-separated'),
  ),
  /** Keys of personal data at rest: an offline verification transfer is matched to a bank account by its keyed hash. */
  PII_ENCRYPTION_KEY: secretVar(44),
  PII_HASH_KEY: secretVar(44),
});

export type PaymentsGatewayConfig = z.infer<typeof paymentsGatewayConfigSchema>;

export function loadPaymentsGatewayConfig(env: Record<string, string | undefined> = process.env): PaymentsGatewayConfig {
  return parseConfig(paymentsGatewayConfigSchema, env);
}
