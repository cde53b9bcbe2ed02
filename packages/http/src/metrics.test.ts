import { countBusinessEvent } from '@casino/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp, type App } from './create-app.ts';

/** Issue 22: `/metrics` on every app built on createHttpApp, the optional bearer token, the route label. */
const token = 'metrics-token-metrics-token-metrics-0123';
let open: App;
let guarded: App;
beforeAll(async () => {
  const base = { version: '0.0.0', description: 'test app', logLevel: 'silent', readinessChecks: [] };
  open = await createHttpApp({ service: 'metrics-open', ...base });
  open.get('/v1/things/:thingId', async () => ({ ok: true }));
  guarded = await createHttpApp({ service: 'metrics-guarded', ...base, metricsToken: token });
  await Promise.all([open.ready(), guarded.ready()]);
});
afterAll(async () => {
  await open?.close();
  await guarded?.close();
});

describe('/metrics (issue 22)', () => {
  it('issue 22: requests are counted under their route pattern, a request of no route as unmatched, never under the raw URL', async () => {
    await open.inject({ method: 'GET', url: '/v1/things/0192a7c4-aaaa-7bbb-8ccc-123456789abc' });
    await open.inject({ method: 'GET', url: '/no/such/route/0192a7c4-dddd' });
    const text = (await open.inject({ method: 'GET', url: '/metrics' })).body;
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/v1\/things\/:thingId",status_code="200"\} 1\n/,
    );
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="unmatched",status_code="404"\} 1\n/);
    expect(text).not.toContain('0192a7c4');
  });

  it('issue 22: a business event reported through the core port appears as its Prometheus counter with its label', async () => {
    countBusinessEvent('limit-refused', 'stake:day');
    countBusinessEvent('limit-refused', 'stake:day');
    const text = (await open.inject({ method: 'GET', url: '/metrics' })).body;
    expect(text).toContain('casino_limit_refusals_total{measure="stake:day"} 2\n');
    expect(text).toContain('# TYPE casino_bets_confirmed_total counter');
  });

  it('issue 22 / D-2202: with METRICS_TOKEN set, /metrics answers 401 without the bearer token or with another, and the metrics with it', async () => {
    expect((await guarded.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await guarded.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token.slice(1)}x` },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await guarded.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('process_cpu_seconds_total');
  });
});
