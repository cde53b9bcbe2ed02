import { parseConfig, portVar, secretVar, serviceConfigSchema } from '@casino/core';
import type { z } from 'zod';

export const adminApiConfigSchema = serviceConfigSchema.extend({
  ADMIN_API_PORT: portVar(3002),
  /** The player API's AES-256-GCM key: birth numbers for authorised views, staff TOTP seeds at rest. */
  PII_ENCRYPTION_KEY: secretVar(44),
  /** The player API's HMAC key (the personal-data protector needs both). */
  PII_HASH_KEY: secretVar(44),
});

export type AdminApiConfig = z.infer<typeof adminApiConfigSchema>;

export function loadAdminApiConfig(env: Record<string, string | undefined> = process.env): AdminApiConfig {
  return parseConfig(adminApiConfigSchema, env);
}
