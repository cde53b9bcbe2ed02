/**
 * The console's server on its own (issue 21): the page's security headers, the proxy's refusals, the
 * staff session cookie. The flows through the real admin API are the browser tests' (src/e2e).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '@casino/http';
import { buildConsole } from './app.ts';
import { loadConsoleConfig } from './config.ts';
import { staffSessionCookie } from './session.ts';

let consoleApp: App;
beforeAll(async () => {
  // Port 1 answers nothing: an admin API that is down.
  consoleApp = await buildConsole({ config: loadConsoleConfig({ LOG_LEVEL: 'silent', ADMIN_API_URL: 'http://127.0.0.1:1' }) });
  await consoleApp.ready();
});
afterAll(async () => {
  await consoleApp?.close();
});

describe('the console server', () => {
  it('issue 21: every page answer carries the strict Content-Security-Policy (no inline script or style) and the usual security headers', async () => {
    const response = await consoleApp.inject({ method: 'GET', url: '/aml/alerts' });
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

  it('issue 21: the proxy never hands the page the staff token routes; an admin API that is down is a 503 problem', async () => {
    for (const route of ['login', 'refresh', 'logout']) {
      const refused = await consoleApp.inject({
        method: 'POST',
        url: `/api/admin/v1/staff/${route}`,
        payload: { refreshToken: 'x'.repeat(30) },
      });
      expect(refused.statusCode, route).toBe(404);
      expect(refused.headers['content-type']).toContain('application/problem+json');
    }
    const down = await consoleApp.inject({ method: 'GET', url: '/api/admin/v1/alerts' });
    expect(down.statusCode).toBe(503);
    expect(down.json().type).toBe('https://problems.casino.example/service-unavailable');
  });

  it('issue 21: the session routes refuse another site, and a refresh without the cookie is 401', async () => {
    const crossSite = await consoleApp.inject({
      method: 'POST',
      url: '/api/session/login',
      headers: { origin: 'https://evil.example', host: 'localhost:3007' },
      payload: { email: 'a@b.cz', password: 'x', totpCode: '123456' },
    });
    expect(crossSite.statusCode).toBe(403);
    const noCookie = await consoleApp.inject({ method: 'POST', url: '/api/session/refresh' });
    expect(noCookie.statusCode).toBe(401);
    expect(noCookie.headers['cache-control']).toBe('no-store');
  });

  it('D-2102 issue 21: the staff session cookie is httpOnly, SameSite=Strict, scoped to /api/session, never longer than the 12-hour session, and named apart from the players’ cookie', () => {
    expect(staffSessionCookie('t0k3n', true)).toBe(
      'casino_staff_session=t0k3n; Path=/api/session; Max-Age=43200; HttpOnly; SameSite=Strict; Secure',
    );
    expect(staffSessionCookie('t0k3n', false)).not.toContain('Secure');
  });
});
