import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { waitFor } from '@casino/core/testing';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './support/holding-proxy.ts';

/**
 * Issue 22: traces leave a real service over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set. The
 * player API runs as its own process exactly as in production (`node --import tsx server.ts`); this
 * test is the collector, a real HTTP server taking the exporter's JSON.
 */
const root = path.resolve(import.meta.dirname, '..');
const playerApiServer = path.join(root, 'apps', 'player-api', 'src', 'server.ts');

interface Span {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Array<{ key: string; value: { stringValue?: string } }>;
  service: string;
}

let testDb: TestDatabase;
let collector: Server;
let collectorUrl: string;
const received: Span[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  collector = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces' && request.headers['content-type']?.startsWith('application/json')) {
        const batch = JSON.parse(body) as {
          resourceSpans: Array<{
            resource: { attributes: Array<{ key: string; value: { stringValue?: string } }> };
            scopeSpans: Array<{ spans: Omit<Span, 'service'>[] }>;
          }>;
        };
        for (const resourceSpans of batch.resourceSpans) {
          const service = resourceSpans.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
          for (const scope of resourceSpans.scopeSpans) for (const span of scope.spans) received.push({ ...span, service });
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => collector?.close(resolve));
  await testDb?.drop();
});

describe('traces (issue 22)', () => {
  it('issue 22: with OTEL_EXPORTER_OTLP_ENDPOINT set, one login request reaches the collector as a server span with its PostgreSQL queries as descendants in the same trace, and the request id is the trace id', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', playerApiServer], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        PLAYER_API_PORT: String(port),
        DATABASE_URL: testDb.url,
        REDIS_URL: process.env.REDIS_URL,
        JWT_SECRET: randomBytes(32).toString('hex'),
        PII_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        PII_HASH_KEY: randomBytes(32).toString('base64'),
        OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl,
        OTEL_BSP_SCHEDULE_DELAY: '100',
      },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await waitFor(
        async () => {
          if (child.exitCode !== null) throw new Error(`player-api exited:\n${output}`);
          const ready = await fetch(`http://127.0.0.1:${port}/health/ready`).catch(() => null);
          return ready?.status === 200 ? true : undefined;
        },
        { timeoutMs: 90_000, what: 'player-api ready' },
      );
      const answer = await fetch(`http://127.0.0.1:${port}/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'nobody@example.invalid', password: 'not-the-password-0' }),
      });
      expect(answer.status).toBe(401);
      const requestId = answer.headers.get('x-request-id')!;
      expect(requestId).toMatch(/^[0-9a-f]{32}$/);

      const server = await waitFor(
        async () => received.find((s) => s.traceId === requestId && s.kind === 2 && s.parentSpanId === undefined),
        { timeoutMs: 30_000, what: 'the server span' },
      );
      expect(server.service).toBe('player-api');
      expect(server.attributes.find((a) => a.key === 'http.route')?.value.stringValue).toBe('/v1/auth/login');
      const queries = await waitFor(
        async () => {
          const found = received.filter(
            (s) =>
              s.traceId === requestId && s.attributes.some((a) => a.key === 'db.system' && a.value.stringValue === 'postgresql'),
          );
          return found.length > 0 ? found : undefined;
        },
        { timeoutMs: 30_000, what: 'PostgreSQL spans' },
      );
      // Every query span hangs (through pool connects and the like) from this request's server span.
      const byId = new Map(received.filter((s) => s.traceId === requestId).map((s) => [s.spanId, s]));
      for (const query of queries) {
        let ancestor: Span | undefined = query;
        while (ancestor && ancestor.spanId !== server.spanId)
          ancestor = ancestor.parentSpanId ? byId.get(ancestor.parentSpanId) : undefined;
        expect(ancestor, `${query.name} descends from the request's span`).toBe(server);
      }
      // The log line of the request carries the same id.
      await waitFor(async () => (output.includes(`"reqId":"${requestId}"`) ? true : undefined), {
        timeoutMs: 10_000,
        what: 'the request log line',
      });
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 120_000);
});
