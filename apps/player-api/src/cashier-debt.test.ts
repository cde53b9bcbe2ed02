import { flagOverdueDebts } from '@casino/cashier';
import * as ledger from '@casino/ledger';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  asPlayer,
  asStaff,
  cashBalance,
  czk,
  deposit,
  gameTransfer,
  key,
  pspSettings,
  registeredPlayer,
  webhooksDelivered,
} from './cashier-test-support.ts';
import { eventually, mailFor, startHarness, type Harness } from '@casino/test-support';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(async () => {
  await pspSettings(h, { provider: { authentication: 'frictionless', frictionlessOutcome: 'pass', payoutOutcome: 'paid' } });
});
afterAll(async () => {
  await h?.close();
});

const problemType = (response: { json(): { type?: string } }) =>
  response.json().type?.replace('https://problems.casino.example/', '');

describe('debt: clawback of a wrongly credited win', () => {
  it('004:WIN-04 / WIN-05 / WIN-01 / T-64 a wrong win of 1,000 with a balance of 300: taken without consent and with notice, the balance is 0 and 700 is owed within 10 days; only deposits are possible; then it is overdue', async () => {
    const player = await registeredPlayer(h);
    await deposit(h, player, player.bankMethodId, '200.00');
    const win = await gameTransfer(h, player.playerId, 'WIN', '1000.00');
    await gameTransfer(h, player.playerId, 'STAKE', '1000.00');
    expect(await cashBalance(h, player.playerId)).toBe('300.00');
    const clawback = await asStaff(h, ['finance'], 'POST', `/v1/players/${player.playerId}/clawbacks`, {
      winTransactionId: win,
      reason: 'the win was credited twice by a settlement error',
    });
    expect(clawback.json()).toMatchObject({
      taken: { amount: '1000.00' },
      fromBalance: { amount: '300.00' },
      debt: { outstanding: { amount: '700.00' } },
    });
    expect(await cashBalance(h, player.playerId)).toBe('0.00');
    expect(await mailFor(h, player.email, /(wrongly credited|credited to it by mistake)/)).toBeTruthy();
    const debts = (await asPlayer(h, player, 'GET', '/v1/debts')).json();
    expect(debts).toMatchObject({ outstanding: { amount: '700.00' }, debts: [{ cause: 'CLAWBACK', status: 'OPEN' }] });
    expect(new Date(debts.debts[0].dueAt).getTime() - h.clock.now().getTime()).toBe(10 * 86_400_000);
    expect(problemType(await asPlayer(h, player, 'POST', '/v1/withdrawals', { amount: czk('10.00') }, key()))).toBe(
      'debt-outstanding',
    );
    expect(
      problemType(
        await asStaff(h, ['finance'], 'POST', `/v1/players/${player.playerId}/clawbacks`, {
          winTransactionId: win,
          reason: 'the same win again',
        }),
      ),
    ).toBe('conflict');
    h.clock.advanceDays(11);
    try {
      expect(await flagOverdueDebts(h.connections.db, h.clock.now())).toBeGreaterThanOrEqual(1);
      expect((await asStaff(h, ['support'], 'GET', `/v1/players/${player.playerId}/debts`)).json().debts[0].status).toBe(
        'OVERDUE',
      ); // 004:TRM-12: a termination ground
    } finally {
      h.clock.advanceDays(-11);
    }
    expect((await deposit(h, player, player.bankMethodId, '1000.00')).statusCode).toBe(201);
    expect(await cashBalance(h, player.playerId)).toBe('300.00');
    expect((await asPlayer(h, player, 'GET', '/v1/debts')).json()).toMatchObject({
      outstanding: { amount: '0.00' },
      debts: [{ status: 'REPAID' }],
    });
    expect(await ledger.findInvariantViolations(h.connections.db)).toEqual([]);
  });
});

describe("debt: the cashiers' list of unpaid debts", () => {
  it("004:WIN-05 / TRM-12 issue 21: every player's unpaid debts, open or overdue, with the player; the OVERDUE filter shows it once flagged; support is refused; a bad status is a problem", async () => {
    const player = await registeredPlayer(h);
    const win = await gameTransfer(h, player.playerId, 'WIN', '400.00');
    await gameTransfer(h, player.playerId, 'STAKE', '400.00');
    const clawback = await asStaff(h, ['finance'], 'POST', `/v1/players/${player.playerId}/clawbacks`, {
      winTransactionId: win,
      reason: 'a settlement error credited this win',
    });
    expect(clawback.statusCode).toBe(201);
    const owed = clawback.json().debt.outstanding.amount as string;
    const listed = async (query: string) => {
      const response = await asStaff(h, ['finance'], 'GET', `/v1/cashier/debts${query}`);
      expect(response.statusCode).toBe(200);
      const body = response.json() as { total: number; debts: Array<{ playerId: string; status: string; dueAt: string }> };
      expect(body.debts.map((d) => d.dueAt)).toEqual([...body.debts.map((d) => d.dueAt)].sort());
      return body.debts.filter((d) => d.playerId === player.playerId);
    };
    expect(await listed('?limit=200')).toMatchObject([{ status: 'OPEN', cause: 'CLAWBACK', outstanding: { amount: owed } }]);
    expect(await listed('?status=OVERDUE&limit=200')).toEqual([]);
    h.clock.advanceDays(11);
    try {
      await flagOverdueDebts(h.connections.db, h.clock.now());
      expect(await listed('?status=OVERDUE&limit=200')).toMatchObject([{ status: 'OVERDUE' }]);
    } finally {
      h.clock.advanceDays(-11);
    }
    expect((await asStaff(h, ['support'], 'GET', '/v1/cashier/debts')).statusCode).toBe(403);
    const bad = await asStaff(h, ['finance'], 'GET', '/v1/cashier/debts?status=PAID');
    expect([bad.statusCode, bad.headers['content-type'], problemType(bad)]).toEqual([
      400,
      'application/problem+json; charset=utf-8',
      'validation-failed',
    ]);
  });
});

describe('debt: misuse fee', () => {
  it('004:ACC-07 / T-49 deposits withdrawn without play twice are flagged for review; staff charge 5 % of each deposit and withdrawal concerned; the shortfall is a debt due in 10 days', async () => {
    const player = await registeredPlayer(h);
    const later = () => h.clock.advanceMs(60_000); // the cycles happen one after another
    later();
    const d1 = (await deposit(h, player, player.bankMethodId, '1000.00')).json().id;
    later();
    const w1 = (await asPlayer(h, player, 'POST', '/v1/withdrawals', { amount: czk('1000.00') }, key())).json();
    expect(w1.status).toBe('APPROVED'); // one cycle is not yet "repeatedly"
    await eventually(
      async () =>
        (await h.connections.db.cashierWithdrawal.findUniqueOrThrow({ where: { id: w1.id } })).status === 'PAID'
          ? true
          : undefined,
      'payout',
    );
    later();
    const d2 = (await deposit(h, player, player.bankMethodId, '2000.00')).json().id;
    later();
    const w2 = (await asPlayer(h, player, 'POST', '/v1/withdrawals', { amount: czk('2000.00') }, key())).json();
    expect(w2).toMatchObject({ status: 'IN_REVIEW', reviewReasons: [expect.stringContaining('suspected non-gaming use')] });
    const report = (await asStaff(h, ['compliance-officer'], 'GET', `/v1/players/${player.playerId}/misuse`)).json();
    expect(report.suspected).toBe(true);
    expect(report.cycles.map((c: { withdrawalId: string }) => c.withdrawalId)).toEqual([w1.id, w2.id]);
    const charge = (body: object) => asStaff(h, ['finance'], 'POST', `/v1/players/${player.playerId}/misuse-fees`, body, key());
    const charged = await charge({
      depositIds: [d1, d2],
      withdrawalIds: [w1.id, w2.id],
      reason: 'two deposit-withdrawal cycles without any bet',
    });
    // 5 % of 1,000 + 2,000 + 1,000 + 2,000 = 300; the balance (100) covers 100.
    expect(charged.json()).toMatchObject({
      taken: { amount: '300.00' },
      fromBalance: { amount: '100.00' },
      debt: { outstanding: { amount: '200.00' } },
    });
    expect(problemType(await charge({ depositIds: [d1], withdrawalIds: [], reason: 'charging the same deposit again' }))).toBe(
      'conflict',
    );
    const fees = await h.connections.db.cashierMisuseFee.findMany({ where: { playerId: player.playerId } });
    expect(fees.map((f) => [f.baseMinor, f.feeMinor])).toEqual([[600_000n, 30_000n]]);
    expect(await ledger.findInvariantViolations(h.connections.db)).toEqual([]);
    await webhooksDelivered(h);
  });
});
