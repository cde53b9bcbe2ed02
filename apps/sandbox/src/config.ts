import { baseConfigSchema, hostVar, parseConfig, portVar, urlVar } from '@casino/core';
import { z } from 'zod';

/** The sandbox keeps its state in memory: it needs neither PostgreSQL, Redis nor a JWT secret. */
export const sandboxConfigSchema = baseConfigSchema.pick({ NODE_ENV: true, LOG_LEVEL: true, METRICS_TOKEN: true }).extend({
  HOST: hostVar(),
  SANDBOX_PORT: portVar(3005),
  /** Where the simulated payment provider delivers its webhooks: the payments gateway. */
  PSP_WEBHOOK_URL: urlVar('http://127.0.0.1:3004/v1/webhooks/sandbox-psp', ['http', 'https']),
  /**
   * The webhook signing secrets (`whsec_…`, comma-separated; every delivery is signed with each).
   * The payments gateway must hold the same. Unset: a random one, so nothing verifies until it is set.
   */
  PSP_WEBHOOK_SECRETS: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=]{32,}(,whsec_[A-Za-z0-9+/=]{32,})*$/, 'expected whsec_… secrets, comma-separated')
    .optional(),
});

export type SandboxConfig = z.infer<typeof sandboxConfigSchema>;

export function loadSandboxConfig(env: Record<string, string | undefined> = process.env): SandboxConfig {
  return parseConfig(sandboxConfigSchema, env);
}
