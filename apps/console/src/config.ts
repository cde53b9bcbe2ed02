import { baseConfigSchema, boolVar, hostVar, parseConfig, portVar, trustedProxiesVar, urlVar } from '@casino/core';
import path from 'node:path';
import { z } from 'zod';

/**
 * The console's server (the backend-for-frontend, issue 21): like the players' web app it holds no
 * data of its own, so it needs neither PostgreSQL, Redis nor a JWT secret, only where the admin API is.
 */
export const consoleConfigSchema = baseConfigSchema.pick({ NODE_ENV: true, LOG_LEVEL: true, METRICS_TOKEN: true }).extend({
  HOST: hostVar(),
  CONSOLE_PORT: portVar(3007),
  /** The admin API the browser reaches as `/api/admin/*`. */
  ADMIN_API_URL: urlVar('http://127.0.0.1:3002', ['http', 'https']),
  /** The built page (Vite's output). */
  CONSOLE_DIST_DIR: z
    .string()
    .min(1)
    .default(path.resolve(import.meta.dirname, '..', 'dist')),
  /** TLS terminates in front of the server: HSTS, and the session cookie is always `Secure` (D-1750). */
  BEHIND_TLS: boolVar(false),
  /** Proxies in front of this server whose X-Forwarded-For it passes on (D-1766). */
  TRUSTED_PROXIES: trustedProxiesVar(),
});

export type ConsoleConfig = z.infer<typeof consoleConfigSchema>;

export function loadConsoleConfig(env: Record<string, string | undefined> = process.env): ConsoleConfig {
  return parseConfig(consoleConfigSchema, env);
}
