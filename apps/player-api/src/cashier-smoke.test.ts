import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asPlayer, cashBalance, deposit, pspSettings, registeredPlayer } from './cashier-test-support.ts';
import { startHarness, type Harness } from './test-support.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await pspSettings(h, { provider: { authentication: 'frictionless' } });
});
afterAll(async () => {
  await h?.close();
});

describe('smoke', () => {
  it('issue 6: a registered player deposits by bank', async () => {
    const player = await registeredPlayer(h);
    expect(await cashBalance(h, player.playerId)).toBe('100.00');
    const response = await deposit(h, player, player.bankMethodId, '500.00');
    expect(response.statusCode).toBe(201);
    expect(await cashBalance(h, player.playerId)).toBe('600.00');
    const methods = await asPlayer(h, player, 'GET', '/v1/payment-methods');
    expect(methods.json().paymentMethods[0]).toMatchObject({ status: 'VERIFIED', active: true });
  });
});
