import { addDays, Money, newId, pragueDate } from '@casino/core';
import { transaction } from '@casino/db';
import { creditTemporaryDeposit } from '@casino/players';
import { applicationFor, newPerson, registerToTemporaryAccount, startHarness, type Harness } from '@casino/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asPlayer, gameTransfer, registeredPlayer } from './cashier-test-support.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

function depositToTemporary(playerId: string, amount: string) {
  return transaction(h.connections.db, (tx) =>
    creditTemporaryDeposit(
      tx,
      {
        playerId,
        amount: Money.of(amount, 'CZK'),
        channel: 'cashless',
        sourceAccountId: h.pspAccountId as never,
        idempotencyKey: `deposit:${newId()}`,
      },
      h.clock.now(),
    ),
  );
}

describe('my balances and the temporary account at a glance (issue 17)', () => {
  it('002:WAL-10 004:TMP-03 a temporary account shows its wallet, the cap used and what may still be deposited', async () => {
    const player = await registerToTemporaryAccount(h, applicationFor(await newPerson(h)));
    await depositToTemporary(player.playerId, '2000.00');
    const balances = await asPlayer(h, player, 'GET', '/v1/me/balances');
    expect(balances.statusCode).toBe(200);
    expect(balances.json()).toEqual({ wallets: [{ wallet: 'temporary', balance: { amount: '2000.00', currency: 'CZK' } }] });
    const me = (await asPlayer(h, player, 'GET', '/v1/me')).json();
    expect(me.temporaryAccount).toMatchObject({
      status: 'OPEN',
      deposited: { amount: '2000.00', currency: 'CZK' },
      depositCap: { amount: '3000.00', currency: 'CZK' },
      depositRemaining: { amount: '1000.00', currency: 'CZK' },
    });
  });

  it('004:TMP-08 the temporary account says its last day and the whole days left after today, 0 on the last day', async () => {
    const player = await registerToTemporaryAccount(h, applicationFor(await newPerson(h)));
    const opened = (await asPlayer(h, player, 'GET', '/v1/me')).json().temporaryAccount;
    const deadline = new Date(opened.deadlineAt);
    const lifetime = h.platform.profile.players.temporaryAccount.lifetimeDays;
    expect(opened).toMatchObject({ lastDay: addDays(pragueDate(h.clock.now()), lifetime), daysLeft: lifetime });
    const clock = h.clock.now();
    try {
      h.clock.set(new Date(deadline.getTime() - 60_000));
      const lastDay = (await asPlayer(h, player, 'GET', '/v1/me')).json().temporaryAccount;
      expect(lastDay).toMatchObject({ lastDay: opened.lastDay, daysLeft: 0 });
    } finally {
      h.clock.set(clock);
    }
  });

  it('002:WAL-10 a registered player sees the cash wallet with what games and deposits left in it', async () => {
    const player = await registeredPlayer(h, '100.00');
    await gameTransfer(h, player.playerId, 'STAKE', '30.00');
    const balances = (await asPlayer(h, player, 'GET', '/v1/me/balances')).json();
    expect(balances.wallets.find((w: { wallet: string }) => w.wallet === 'cash')).toEqual({
      wallet: 'cash',
      balance: { amount: '70.00', currency: 'CZK' },
    });
    expect(balances.wallets.map((w: { wallet: string }) => w.wallet)).toEqual(['cash', 'temporary']);
  });

  it('issue 10: balances need a player token', async () => {
    const response = await h.api.inject({ method: 'GET', url: '/v1/me/balances' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toContain('application/problem+json');
  });
});
