import * as ledger from '@casino/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asPlayer,
  asStaff,
  cardToken,
  cashBalance,
  czk,
  gameTransfer,
  key,
  pspSettings,
  registeredPlayer,
  sandboxCall,
  webhooksDelivered,
} from './cashier-test-support.ts';
import { eventually, startHarness, type Harness } from '@casino/test-support';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await pspSettings(h, { provider: { authentication: 'challenge', payoutOutcome: 'paid', settlement: 'immediate' } });
});
afterAll(async () => {
  await h?.close();
});

describe('cashier end to end', () => {
  it('issue 6: 004:ACC-01 end to end: registration with a bank account verified by transfer, a card verified by 3-D Secure, a card deposit, a stake, a win and a withdrawal to the bank account; the ledger balances with no invariant violated', async () => {
    const player = await registeredPlayer(h);
    expect(await cashBalance(h, player.playerId)).toBe('100.00');

    const card = (
      await asPlayer(h, player, 'POST', '/v1/payment-methods', { kind: 'card', token: await cardToken(h, player.holderName) })
    ).json();
    const check = (
      await asPlayer(h, player, 'POST', `/v1/payment-methods/${card.id}/verifications`, { via: 'online-transaction' })
    ).json();
    await sandboxCall(h, 'POST', new URL(check.redirectUrl).pathname, { outcome: 'pass' });
    await webhooksDelivered(h);
    expect((await asPlayer(h, player, 'POST', `/v1/payment-methods/${card.id}/activation`)).json()).toMatchObject({
      status: 'VERIFIED',
      active: true,
    });

    const intent = (
      await asPlayer(h, player, 'POST', '/v1/deposits', { paymentMethodId: card.id, amount: czk('1000.00') }, key())
    ).json();
    expect(intent).toMatchObject({ status: 'PENDING', redirectUrl: expect.any(String) });
    await sandboxCall(h, 'POST', new URL(intent.redirectUrl).pathname, { outcome: 'pass' });
    await webhooksDelivered(h);
    expect((await asPlayer(h, player, 'GET', `/v1/deposits/${intent.id}`)).json()).toMatchObject({
      status: 'SETTLED',
      creditedAt: expect.any(String),
    });
    expect(await cashBalance(h, player.playerId)).toBe('1100.00');

    await gameTransfer(h, player.playerId, 'STAKE', '200.00');
    await gameTransfer(h, player.playerId, 'WIN', '500.00');
    expect(await cashBalance(h, player.playerId)).toBe('1400.00');

    await asPlayer(h, player, 'POST', `/v1/payment-methods/${player.bankMethodId}/activation`);
    const withdrawal = (await asPlayer(h, player, 'POST', '/v1/withdrawals', { amount: czk('1400.00') }, key())).json();
    expect(withdrawal.status).toBe('APPROVED');
    await eventually(
      async () =>
        (await asPlayer(h, player, 'GET', `/v1/withdrawals/${withdrawal.id}`)).json().status === 'PAID' ? true : undefined,
      'payout',
    );
    expect(await cashBalance(h, player.playerId)).toBe('0.00');

    // The provider's clearing account: 100 + 1,000 in, 1,400 out; the house: +200 − 500.
    const clearing = (await ledger.findAccountByCode(
      h.connections.db,
      ledger.paymentProviderClearingCode('sandbox-psp', 'CZK'),
    ))!;
    const movements = await h.connections.db.ledgerPosting.findMany({
      where: { accountId: clearing.id, transaction: { metadata: { path: ['depositId'], equals: intent.id } } },
    });
    expect(movements.map((p) => p.amountMinor)).toEqual([100_000n]);
    const trial = await asStaff(h, ['auditor'], 'GET', '/v1/ledger/trial-balance?currency=CZK');
    expect(trial.json().balanced).toBe(true);
    expect(await ledger.findInvariantViolations(h.connections.db)).toEqual([]);
  });
});
