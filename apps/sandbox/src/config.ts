import { baseConfigSchema, hostVar, parseConfig, portVar } from '@casino/core';
import type { z } from 'zod';

/** The sandbox keeps its state in memory: it needs neither PostgreSQL, Redis nor a JWT secret. */
export const sandboxConfigSchema = baseConfigSchema.pick({ NODE_ENV: true, LOG_LEVEL: true }).extend({
  HOST: hostVar(),
  SANDBOX_PORT: portVar(3005),
});

export type SandboxConfig = z.infer<typeof sandboxConfigSchema>;

export function loadSandboxConfig(env: Record<string, string | undefined> = process.env): SandboxConfig {
  return parseConfig(sandboxConfigSchema, env);
}
