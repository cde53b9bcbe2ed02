import { validate } from '@readme/openapi-parser';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { adminRoutes, buildAdminApi, loadAdminApiConfig } from '@casino/admin-api';
import { buildGameService, loadGameServiceConfig } from '@casino/game-service';
import { buildPaymentsGateway, loadPaymentsGatewayConfig } from '@casino/payments-gateway';
import { buildPlayerApi, loadPlayerApiConfig } from '@casino/player-api';
import { buildSandbox, loadSandboxConfig } from '@casino/sandbox';
import { buildWorkerHealthApp, loadWorkerConfig } from '@casino/worker';
import { createTestConnections, testServiceEnv, type TestConnections } from '@casino/http/testing';
import type { App } from '@casino/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let connections: TestConnections;
const apps = new Map<string, App>();

beforeAll(async () => {
  connections = await createTestConnections();
  const env = testServiceEnv();
  const shared = { connections, redisKeyPrefix: connections.redisKeyPrefix };
  apps.set('player-api', await buildPlayerApi({ config: loadPlayerApiConfig(env), ...shared }));
  apps.set('admin-api', await buildAdminApi({ config: loadAdminApiConfig(env), ...shared }));
  apps.set('game-service', await buildGameService({ config: loadGameServiceConfig(env), ...shared }));
  apps.set('payments-gateway', await buildPaymentsGateway({ config: loadPaymentsGatewayConfig(env), ...shared }));
  apps.set('sandbox', await buildSandbox({ config: loadSandboxConfig(env) }));
  apps.set('worker', await buildWorkerHealthApp(loadWorkerConfig(env), connections));
  await Promise.all([...apps.values()].map((app) => app.ready()));
});

afterAll(async () => {
  await Promise.all([...apps.values()].map((app) => app.close()));
  await connections?.close();
});

describe('every app publishes its API', () => {
  for (const name of ['player-api', 'admin-api', 'game-service', 'payments-gateway', 'sandbox', 'worker']) {
    it(`${name}: /openapi.json is a valid OpenAPI 3.1 document listing the health endpoints`, async () => {
      const app = apps.get(name)!;
      const response = await app.inject({ method: 'GET', url: '/openapi.json' });
      expect(response.statusCode).toBe(200);
      const document = response.json();
      expect(document.openapi).toBe('3.1.0');
      expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/health/live', '/health/ready']));
      const result = await validate(structuredClone(document));
      expect(result.valid ? [] : result.errors).toEqual([]);
    });

    it(`${name}: /docs serves Swagger UI`, async () => {
      const response = await apps.get(name)!.inject({ method: 'GET', url: '/docs/' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('swagger');
    });
  }
});

/**
 * docs/api.md carries an index of every route of every service, generated from the apps' own OpenAPI
 * documents (and, for the admin API, the roles each route declares), so it can never fall behind
 * the code: this test fails when they differ; `npm run docs:api` rewrites it.
 */
describe('the route index in docs/api.md', () => {
  const docPath = path.resolve(import.meta.dirname, '..', 'docs', 'api.md');
  const [start, end] = ['<!-- routes:start -->', '<!-- routes:end -->'];

  it('lists exactly the routes each service publishes, with who may call them and what they do', async () => {
    const index = await routeIndex();
    const doc = await readFile(docPath, 'utf8');
    if (process.env.UPDATE_API_DOC === '1') {
      await writeFile(docPath, `${doc.split(start)[0]}${start}\n${index}${end}${doc.split(end)[1] ?? '\n'}`);
    }
    const documented = (await readFile(docPath, 'utf8')).split(start)[1]?.split(end)[0] ?? '';
    expect(documented.trim()).toEqual(index.trim());
  });

  async function routeIndex(): Promise<string> {
    const ports: Record<string, number> = {
      'player-api': 3001,
      'admin-api': 3002,
      'game-service': 3003,
      'payments-gateway': 3004,
      sandbox: 3005,
      worker: 3006,
    };
    const roles = new Map(
      adminRoutes(apps.get('admin-api')!).map((r) => [
        `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`,
        r.public ? 'public' : (r.roles ?? []).join(', '),
      ]),
    );
    const sections: string[] = [];
    for (const [name, app] of apps) {
      const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
        paths: Record<string, Record<string, { summary?: string; security?: Array<Record<string, unknown>> }>>;
      };
      const rows: string[] = [];
      for (const [route, operations] of Object.entries(document.paths)) {
        if (route.startsWith('/health') || route.startsWith('/docs') || route === '/openapi.json') continue;
        for (const [method, operation] of Object.entries(operations)) {
          const verb = method.toUpperCase();
          const security = Object.keys(operation.security?.[0] ?? {})[0];
          const who =
            name === 'admin-api'
              ? (roles.get(`${verb} ${route}`) ?? '?')
              : security === 'playerToken'
                ? 'player'
                : security === 'staffToken'
                  ? 'staff'
                  : 'public';
          rows.push(`| \`${verb}\` | \`${route}\` | ${who} | ${(operation.summary ?? '').replace(/\|/g, '\\|')} |`);
        }
      }
      if (rows.length === 0) continue;
      sections.push(`### ${name} (:${ports[name]})\n\n| method | path | who | what |\n|---|---|---|---|\n${rows.join('\n')}\n`);
    }
    return `${sections.join('\n')}\n`;
  }
});
