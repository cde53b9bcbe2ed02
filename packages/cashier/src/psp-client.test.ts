import { ManualClock, Money } from '@casino/core';
// The sandbox app through test support: a package never imports an app (D-1551).
import { buildSandbox, loadSandboxConfig, type SandboxApp } from '@casino/test-support/sandbox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPaymentProviderClient, type PaymentProviderClientOptions } from './psp-client.ts';

let sandbox: SandboxApp;
let baseUrl: string;

beforeAll(async () => {
  sandbox = await buildSandbox({ config: loadSandboxConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }) });
  baseUrl = await sandbox.listen({ host: '127.0.0.1', port: 0 });
});

beforeEach(async () => {
  await control('POST', '/control/reset');
  // No payments gateway listens here: the provider keeps its events instead of delivering them.
  await control('PUT', '/control/psp', { webhooks: { url: null } });
});

afterAll(async () => {
  await sandbox?.close();
});

async function control(method: 'POST' | 'PUT', url: string, payload?: object) {
  const response = await sandbox.inject({ method, url, ...(payload ? { payload } : {}) });
  expect(response.statusCode).toBeLessThan(300);
}

const providerAvailable = (available: boolean) => control('PUT', '/control/psp', { provider: { available } });

/** What the provider recorded under a reference: a payment exists only if our request reached it. */
async function paymentsAtProvider(reference: string): Promise<unknown[]> {
  return (await sandbox.inject({ method: 'GET', url: `/control/psp/payments?reference=${reference}` })).json().payments;
}

/** Short backoff so outages are tested in milliseconds; the breaker runs on a clock the test moves. */
function client(clock: ManualClock, overrides: Partial<PaymentProviderClientOptions> = {}) {
  return createPaymentProviderClient({
    name: 'sandbox-psp',
    baseUrl,
    timeoutMs: 5_000,
    retries: 1,
    backoff: { baseMs: 1, maxMs: 5 },
    breaker: { failureThreshold: 2, openMs: 10_000 },
    clock,
    ...overrides,
  });
}

const payment = (reference: string) => ({
  reference,
  amount: Money.of('100.00', 'CZK'),
  method: { type: 'bank-account' as const },
});

describe("issue 15: the payment provider's client has a circuit breaker", () => {
  it('issue 15: the PSP client opens its breaker after repeated failures of the provider, then refuses at once without calling it', async () => {
    const provider = client(new ManualClock(new Date('2026-11-21T10:00:00Z')));
    await providerAvailable(false);
    for (const reference of ['failing-1', 'failing-2']) {
      await expect(provider.createPayment(payment(reference))).rejects.toMatchObject({ code: 'payment-provider-unavailable' });
    }
    expect(provider.circuitState()).toBe('open');

    // The provider is back, but an open breaker does not ask it before openMs: 503 at once, nothing recorded there.
    await providerAvailable(true);
    await expect(provider.createPayment(payment('while-open'))).rejects.toMatchObject({
      code: 'payment-provider-unavailable',
      detail: expect.stringContaining('circuit-open'),
    });
    expect(await paymentsAtProvider('while-open')).toEqual([]);
  });

  it("issue 15: after openMs the PSP client's half-open probe reaches the provider, and its success closes the breaker", async () => {
    const clock = new ManualClock(new Date('2026-11-21T10:00:00Z'));
    const provider = client(clock);
    await providerAvailable(false);
    for (const reference of ['failing-1', 'failing-2'])
      await expect(provider.createPayment(payment(reference))).rejects.toThrow();
    await providerAvailable(true);
    clock.advanceMs(9_999);
    expect(provider.circuitState()).toBe('open');

    clock.advanceMs(1);
    expect(provider.circuitState()).toBe('half-open');
    const probe = await provider.createPayment(payment('probe'));
    expect(probe.providerPaymentId).toMatch(/^pay_/);
    expect(await paymentsAtProvider('probe')).toHaveLength(1);
    expect(provider.circuitState()).toBe('closed');
    // Closed again: the next call goes straight through.
    await provider.createPayment(payment('after-probe'));
    expect(await paymentsAtProvider('after-probe')).toHaveLength(1);
  });

  it("issue 15: a failed probe opens the PSP client's breaker again for another openMs", async () => {
    const clock = new ManualClock(new Date('2026-11-21T10:00:00Z'));
    const provider = client(clock, { breaker: { failureThreshold: 1, openMs: 5_000 } });
    await providerAvailable(false);
    await expect(provider.createPayment(payment('failing'))).rejects.toThrow();
    clock.advanceMs(5_000);
    await expect(provider.createPayment(payment('failed-probe'))).rejects.toMatchObject({
      detail: expect.stringContaining('server-error'),
    });
    expect(provider.circuitState()).toBe('open');
  });

  it("issue 15: a refusal (4xx) is the provider's answer, not a failure: it never opens the breaker", async () => {
    const provider = client(new ManualClock(new Date('2026-11-21T10:00:00Z')));
    for (let i = 0; i < 3; i++)
      await expect(provider.describeCardToken('tok_unknown')).rejects.toMatchObject({ code: 'validation-failed' });
    expect(provider.circuitState()).toBe('closed');
  });
});
