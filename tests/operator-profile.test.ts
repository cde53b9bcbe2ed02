/**
 * Issue 15: every app builds its contexts through the one composition root, on the profile
 * OPERATOR_PROFILE names. Built from the environment with OPERATOR_PROFILE=CZ-PS, each app runs with
 * 002's rules where they differ from 004's (a payout within 5 business days, 002:PAY-05, instead of
 * 14 calendar days, 004:WDR-03); unset, with CZ-FO's.
 */
import { buildAdminApi, loadAdminApiConfig } from '@casino/admin-api';
import { buildGameService, loadGameServiceConfig } from '@casino/game-service';
import { createTestConnections, testServiceEnv, type TestConnections } from '@casino/http/testing';
import { czFoProfile, czPsProfile } from '@casino/operator';
import { buildPaymentsGateway, loadPaymentsGatewayConfig } from '@casino/payments-gateway';
import { buildPlayerApi, loadPlayerApiConfig } from '@casino/player-api';
import { loadWorkerConfig, workerPlatform } from '@casino/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let connections: TestConnections;
beforeAll(async () => {
  connections = await createTestConnections();
});
afterAll(async () => {
  await connections?.close();
});

describe('operator profile from the configuration (issue 15)', () => {
  it.each([
    ['CZ-PS', czPsProfile, { kind: 'business-days', days: 5 }],
    [undefined, czFoProfile, { kind: 'calendar-days', days: 14 }],
  ] as const)(
    "issue 15: OPERATOR_PROFILE=%s gives every app and the worker that profile's rules (002:PAY-05, 004:WDR-03)",
    async (id, profile, payoutDeadline) => {
      const env = testServiceEnv(id ? { OPERATOR_PROFILE: id } : {});
      const shared = { connections, redisKeyPrefix: connections.redisKeyPrefix };
      const apps = [
        await buildPlayerApi({ config: loadPlayerApiConfig(env), ...shared }),
        await buildAdminApi({ config: loadAdminApiConfig(env), ...shared }),
        await buildPaymentsGateway({ config: loadPaymentsGatewayConfig(env), ...shared }),
        await buildGameService({ config: loadGameServiceConfig(env), ...shared }),
      ];
      try {
        for (const app of apps) {
          expect(app.platform.profile).toEqual(profile);
          if (app.hasDecorator('tablesContext')) expect(app.tablesContext.limits.profile).toBe(profile.limits);
          else expect(app.platform.cashier().rules.payoutDeadline).toEqual(payoutDeadline);
        }
        const worker = workerPlatform(loadWorkerConfig(env));
        expect(worker.profile).toBe(profile);
        expect(worker.cashier(connections.db).rules.payoutDeadline).toEqual(payoutDeadline);
        expect(worker.players(connections.db).rules).toBe(profile.players);
      } finally {
        await Promise.all(apps.map((app) => app.close()));
      }
    },
  );
});
