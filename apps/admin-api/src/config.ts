import { parseConfig, portVar, secretVar, serviceConfigSchema, urlVar } from '@casino/core';
import { operatorConfigSchema } from '@casino/operator';
import { z } from 'zod';

export const adminApiConfigSchema = serviceConfigSchema.extend({
  /** Which operator profile (currency, time zone, every package's rules) the service runs as (issue 15). */
  ...operatorConfigSchema.shape,
  ADMIN_API_PORT: portVar(3002),
  /** Keys of personal data at rest (the identity document checked at a cash deposit is kept as a keyed hash). */
  PII_ENCRYPTION_KEY: secretVar(44),
  PII_HASH_KEY: secretVar(44),
  /** The Ministry of Finance registers: a contract signed at a branch asks them (004:REG-12, REG-04). */
  MF_REGISTERS_URL: urlVar('http://127.0.0.1:3005', ['http', 'https']),
  /** Base of links in e-mails to players (the player web app). */
  PUBLIC_BASE_URL: urlVar('http://127.0.0.1:3001', ['http', 'https']),
  /** The payment provider the cashier books against (its ledger clearing account). */
  PSP_PROVIDER_NAME: z
    .string()
    .regex(/^[a-z][a-z0-9-]{1,38}$/)
    .default('sandbox-psp'),
});

export type AdminApiConfig = z.infer<typeof adminApiConfigSchema>;

export function loadAdminApiConfig(env: Record<string, string | undefined> = process.env): AdminApiConfig {
  return parseConfig(adminApiConfigSchema, env);
}
