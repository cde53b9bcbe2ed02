import { intVar, parseConfig, portVar, secretVar, serviceConfigSchema, urlVar } from '@casino/core';
import { operatorConfigSchema } from '@casino/operator';
import { z } from 'zod';

export const playerApiConfigSchema = serviceConfigSchema.extend({
  /** Which operator profile (currency, time zone, every package's rules) the service runs as (issue 15). */
  ...operatorConfigSchema.shape,
  PLAYER_API_PORT: portVar(3001),
  /** AES-256-GCM key for birth numbers at rest: 32 random bytes, base64. */
  PII_ENCRYPTION_KEY: secretVar(44),
  /** HMAC key for finding the same person again: at least 32 random bytes, base64. */
  PII_HASH_KEY: secretVar(44),
  /** The Ministry of Finance registers (identity, excluded persons); apps/sandbox in development. */
  MF_REGISTERS_URL: urlVar('http://127.0.0.1:3005', ['http', 'https']),
  /**
   * The player web app's origin (apps/web, which serves the pages and proxies this API): the base of
   * the links in e-mails to players (`/confirm-email?token=…`) and of the address the payment
   * provider sends the browser back to after 3-D Secure (D-1783, D-1784).
   */
  PUBLIC_BASE_URL: urlVar('http://127.0.0.1:3000', ['http', 'https']),
  /** Per client address: applications and logins are where guessing and abuse happen. */
  REGISTRATION_RATE_LIMIT_PER_MINUTE: intVar(10, { min: 1, max: 100_000 }),
  LOGIN_RATE_LIMIT_PER_MINUTE: intVar(20, { min: 1, max: 100_000 }),
  /** The payment provider's API (apps/sandbox in development). */
  PSP_URL: urlVar('http://127.0.0.1:3005', ['http', 'https']),
  /** Our name for the provider: its ledger clearing account and webhook path. */
  PSP_PROVIDER_NAME: z
    .string()
    .regex(/^[a-z][a-z0-9-]{1,38}$/)
    .default('sandbox-psp'),
});

export type PlayerApiConfig = z.infer<typeof playerApiConfigSchema>;

export function loadPlayerApiConfig(env: Record<string, string | undefined> = process.env): PlayerApiConfig {
  return parseConfig(playerApiConfigSchema, env);
}
