import { baseConfigSchema, boolVar, hostVar, parseConfig, portVar, trustedProxiesVar, urlVar } from '@casino/core';
import path from 'node:path';
import { z } from 'zod';

/**
 * The web application's server (the backend-for-frontend, issue 17): it holds no data of its own,
 * so it needs neither PostgreSQL, Redis nor a JWT secret, only where the APIs it fronts are.
 */
export const webConfigSchema = baseConfigSchema.pick({ NODE_ENV: true, LOG_LEVEL: true, METRICS_TOKEN: true }).extend({
  HOST: hostVar(),
  WEB_PORT: portVar(3000),
  /** The player API the browser reaches as `/api/player/*`. */
  PLAYER_API_URL: urlVar('http://127.0.0.1:3001', ['http', 'https']),
  /** The game service the browser reaches as `/api/game/*` (and its table WebSocket). */
  GAME_SERVICE_URL: urlVar('http://127.0.0.1:3003', ['http', 'https']),
  /**
   * The sandbox's payment provider, reached as `/sandbox/psp/*` so the page can tokenise a test card
   * and answer the simulated 3-D Secure challenge (D-1753). Unset (production): no such route.
   */
  SANDBOX_URL: urlVar(undefined, ['http', 'https']).optional(),
  /** The built page (Vite's output). */
  WEB_DIST_DIR: z
    .string()
    .min(1)
    .default(path.resolve(import.meta.dirname, '..', 'dist')),
  /** TLS terminates in front of the server: HSTS, and the refresh cookie is always `Secure` (D-1750). */
  BEHIND_TLS: boolVar(false),
  /**
   * The proxies in front of this server whose X-Forwarded-For it passes on to the APIs (D-1766);
   * from anyone else only the peer's own address goes on. The APIs must trust this server in turn.
   */
  TRUSTED_PROXIES: trustedProxiesVar(),
});

export type WebConfig = z.infer<typeof webConfigSchema>;

export function loadWebConfig(env: Record<string, string | undefined> = process.env): WebConfig {
  return parseConfig(webConfigSchema, env);
}
