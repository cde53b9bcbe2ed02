// The rate source adapter over real HTTP against the sandbox's simulator, and the worker's refresh.
import { ManualClock } from '@casino/core';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import { buildSandbox, loadSandboxConfig, type SandboxApp } from '@casino/test-support/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentRate } from './current-rate.ts';
import { httpRateSource, refreshRates } from './rate-source.ts';
import type { FxContext } from './rate-store.ts';
import { psLikeRules } from './test-support.ts';

let sandbox: SandboxApp;
let baseUrl: string;
let testDb: TestDatabase;

beforeAll(async () => {
  sandbox = await buildSandbox({ config: loadSandboxConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }) });
  baseUrl = await sandbox.listen({ host: '127.0.0.1', port: 0 });
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await sandbox?.close();
  await testDb?.drop();
});

describe('fx: the rate source over HTTP', () => {
  it('002:WAL-04 the worker’s refresh takes the source’s rates into the rate table; with the source switched off the refresh fails and the rates go stale on their own clock', async () => {
    const clock = new ManualClock(new Date('2026-12-05T10:00:00Z'));
    const ctx: FxContext = { db: testDb.db, clock, rules: psLikeRules, accountCurrency: 'CZK' };
    const source = httpRateSource({ baseUrl, timeoutMs: 5_000 });
    expect((await refreshRates(ctx, source)).outcome).toBe('changed');
    expect((await currentRate(ctx, 'USD', 'EUR')).rate).toBe('0.925925925926');

    await sandbox.inject({ method: 'PUT', url: '/control/fx', payload: { available: false } });
    await expect(refreshRates(ctx, source)).rejects.toMatchObject({ code: 'fx-rates-stale' });
    clock.advanceMs(181_000);
    await expect(currentRate(ctx, 'USD', 'EUR')).rejects.toMatchObject({ code: 'fx-rates-stale', status: 503 });

    await sandbox.inject({
      method: 'PUT',
      url: '/control/fx',
      payload: { available: true, rates: { CZK: '24.500', USD: '1.10', CAD: '1.47', GBP: '0.85' } },
    });
    expect((await refreshRates(ctx, source)).outcome).toBe('changed');
    expect((await currentRate(ctx, 'EUR', 'CZK')).rate).toBe('24.5');
  });
});
