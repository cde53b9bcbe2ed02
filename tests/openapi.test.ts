import { validate } from '@readme/openapi-parser';
import { buildAdminApi, loadAdminApiConfig } from '@casino/admin-api';
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
