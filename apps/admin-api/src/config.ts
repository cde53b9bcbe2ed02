import { parseConfig, portVar, serviceConfigSchema } from '@casino/core';
import type { z } from 'zod';

export const adminApiConfigSchema = serviceConfigSchema.extend({
  ADMIN_API_PORT: portVar(3002),
});

export type AdminApiConfig = z.infer<typeof adminApiConfigSchema>;

export function loadAdminApiConfig(env: Record<string, string | undefined> = process.env): AdminApiConfig {
  return parseConfig(adminApiConfigSchema, env);
}
