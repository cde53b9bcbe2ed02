/**
 * The web app's server on its own (issue 17): the page's security headers, the proxy's refusals, and
 * the session cookie's attributes. The flows through the real APIs are the browser tests' (src/e2e).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '@casino/http';
import { buildWeb } from './app.ts';
import { loadWebConfig } from './config.ts';
import { cookieIsSecure, readCookie, refreshCookie } from './session.ts';

let web: App;
beforeAll(async () => {
  // Port 1 answers nothing: an API that is down.
  web = await buildWeb({
    config: loadWebConfig({ LOG_LEVEL: 'silent', PLAYER_API_URL: 'http://127.0.0.1:1', GAME_SERVICE_URL: 'http://127.0.0.1:1' }),
  });
  await web.ready();
});
afterAll(async () => {
  await web?.close();
});

describe('the web app server', () => {
  it('issue 17: every page answer carries the strict Content-Security-Policy (no inline script or style) and the usual security headers', async () => {
    const response = await web.inject({ method: 'GET', url: '/wallet' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('issue 17: the proxy never hands the page a token route, nor the sandbox beyond card tokenisation; an API that is down is a 503 problem', async () => {
    const auth = await web.inject({
      method: 'POST',
      url: '/api/player/v1/auth/refresh',
      payload: { refreshToken: 'x'.repeat(30) },
    });
    expect(auth.statusCode).toBe(404);
    expect(auth.headers['content-type']).toContain('application/problem+json');
    // Without SANDBOX_URL (production) there is no sandbox route at all.
    expect((await web.inject({ method: 'POST', url: '/sandbox/psp/card-tokens', payload: {} })).statusCode).toBe(404);
    const down = await web.inject({ method: 'GET', url: '/api/player/v1/me' });
    expect(down.statusCode).toBe(503);
    expect(down.json().type).toBe('https://problems.casino.example/service-unavailable');
  });

  it("issue 22 / D-2202: the proxy never forwards the APIs' /metrics to the page (404, where a forwarded request to the down API is a 503), while the web server's own /metrics answers", async () => {
    for (const url of [
      '/api/player/metrics',
      '/api/game/metrics',
      '/api/player/metrics?x=1',
      '/api/player/v1/../metrics',
      '/api/game/v1/%2e%2e/metrics',
      '/api/player/%6detrics',
    ]) {
      const refused = await web.inject({ method: 'GET', url });
      expect(refused.statusCode, url).toBe(404);
    }
    expect((await web.inject({ method: 'GET', url: '/api/game/v1/tables' })).statusCode).toBe(503);
    const own = await web.inject({ method: 'GET', url: '/metrics' });
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('http_request_duration_seconds');
  });

  it('issue 17: the session routes refuse another site, and a refresh without the cookie is 401', async () => {
    const crossSite = await web.inject({
      method: 'POST',
      url: '/api/session/login',
      headers: { origin: 'https://evil.example', host: 'localhost:3000' },
      payload: { email: 'a@b.cz', password: 'x' },
    });
    expect(crossSite.statusCode).toBe(403);
    const noCookie = await web.inject({ method: 'POST', url: '/api/session/refresh' });
    expect(noCookie.statusCode).toBe(401);
    expect(noCookie.headers['cache-control']).toBe('no-store');
  });

  it('D-1750 issue 17: the refresh cookie is httpOnly, SameSite=Strict, scoped to /api/session, and Secure except over plain http to this machine', () => {
    expect(refreshCookie('t0k3n', true)).toBe(
      'casino_refresh=t0k3n; Path=/api/session; Max-Age=2592000; HttpOnly; SameSite=Strict; Secure',
    );
    expect(cookieIsSecure({ behindTls: false, protocol: 'http', hostname: '127.0.0.1:3000' })).toBe(false);
    expect(cookieIsSecure({ behindTls: false, protocol: 'http', hostname: 'localhost' })).toBe(false);
    expect(cookieIsSecure({ behindTls: false, protocol: 'http', hostname: 'casino.example' })).toBe(true);
    expect(cookieIsSecure({ behindTls: true, protocol: 'http', hostname: 'localhost' })).toBe(true);
    expect(readCookie('a=1; casino_refresh=abc%3D; b=2', 'casino_refresh')).toBe('abc=');
  });
});
