/**
 * D-1766: behind the web app's server the player API sees the client's address, not 127.0.0.1. The
 * server sends X-Forwarded-For on (what a trusted proxy before it forwarded, then its peer), the API
 * believes it from its TRUSTED_PROXIES only (loopback by default), and per-address rate limits count
 * each client on its own. Real API on a real port, real Redis; login's limit set to 3 a minute.
 */
import { newId } from '@casino/core';
import type { App } from '@casino/http';
import { startHarness, type Harness } from '@casino/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb } from './app.ts';
import { loadWebConfig } from './config.ts';

let h: Harness;
let trusting: App;
let untrusting: App;
let trustingUrl: string;
let untrustingUrl: string;
const loginsPerMinute = 3;

beforeAll(async () => {
  h = await startHarness(new Date(), { env: { LOGIN_RATE_LIMIT_PER_MINUTE: String(loginsPerMinute) } });
  const apiUrl = await h.api.listen({ host: '127.0.0.1', port: 0 });
  const web = (trustedProxies?: string) =>
    buildWeb({
      config: loadWebConfig({
        LOG_LEVEL: 'silent',
        PLAYER_API_URL: apiUrl,
        GAME_SERVICE_URL: 'http://127.0.0.1:1',
        ...(trustedProxies ? { TRUSTED_PROXIES: trustedProxies } : {}),
      }),
    });
  // The default (loopback): a TLS proxy on this machine forwards the browsers' addresses to it.
  trusting = await web();
  trustingUrl = await trusting.listen({ host: '127.0.0.1', port: 0 });
  // One that trusts only some other proxy: a header from this machine is a client's claim, dropped.
  untrusting = await web('192.0.2.1');
  untrustingUrl = await untrusting.listen({ host: '127.0.0.1', port: 0 });
}, 120_000);
afterAll(async () => {
  await trusting?.close();
  await untrusting?.close();
  await h?.close();
});

/** A failed login through the web app's session route, as a client behind the given forwarded address. */
async function login(webUrl: string, forwardedFor: string): Promise<number> {
  const answer = await fetch(`${webUrl}/api/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ email: `nobody-${newId().slice(-8)}@example.cz`, password: 'not the password' }),
  });
  await answer.body?.cancel();
  return answer.status;
}

describe('client addresses behind the web app', () => {
  it('D-1766 issue 17: two clients with different forwarded addresses through the web app are rate-limited separately by the player API', async () => {
    for (let k = 0; k < loginsPerMinute; k++) expect(await login(trustingUrl, '203.0.113.10')).toBe(401);
    expect(await login(trustingUrl, '203.0.113.10')).toBe(429);
    // Another client: its own budget, although both came through the same server from 127.0.0.1.
    expect(await login(trustingUrl, '203.0.113.20')).toBe(401);
  });

  it('D-1766 issue 17: a forwarded header from an address that is not a trusted proxy is ignored: both "clients" are the one peer and share its budget', async () => {
    for (let k = 0; k < loginsPerMinute; k++) expect(await login(untrustingUrl, `198.51.100.${k + 1}`)).toBe(401);
    expect(await login(untrustingUrl, '198.51.100.99')).toBe(429);
  });
});
