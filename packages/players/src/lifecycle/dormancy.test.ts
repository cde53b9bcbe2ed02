import { Money, newId, type TransactionId } from '@casino/core';
import { transaction } from '@casino/db';
import * as ledger from '@casino/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { czechPlayerRules } from '../rules.ts';
import { addCalendarMonths } from './common.ts';
import { runDormancy } from './dormancy.ts';
import { lifecycleFixture, openBet, settleBet, type LifecycleFixture } from './test-support.ts';

/**
 * Issue 23, dormancy (004 §3.3 DRM-01..05, T-50..T-53). Each test has players of its own; the clock
 * moves forward only, so every test starts from "now" and the players registered then.
 */
let f: LifecycleFixture;

beforeAll(async () => {
  f = await lifecycleFixture('2025-01-10T10:00:00Z');
}, 60_000);
afterAll(async () => {
  await f?.drop();
});

const dormancyOf = (playerId: string) => f.db.accountDormancy.findMany({ where: { playerId }, orderBy: { createdAt: 'asc' } });
const feesOf = async (playerId: string) =>
  (await f.db.dormancyFee.findMany({ where: { playerId }, orderBy: [{ dormancyId: 'asc' }, { month: 'asc' }] })).map((fee) =>
    Money.fromMinor(fee.amountMinor, 'CZK').toDecimalString(),
  );
const at = (instant: Date) => f.clock.set(instant);

describe('issue 23: dormancy (004 §3.3)', () => {
  it('004:T-50 DRM-01 DRM-02 after 12 months and a day without a movement of the player the account is inactive and the player demonstrably notified; a win and a fee in between do not reset the clock', async () => {
    const start = f.clock.now();
    const player = await f.registeredPlayer();
    await f.deposit(player, '100.00');
    at(addCalendarMonths(start, 6));
    await f.win(player, '40.00'); // a re-settlement, not the player's movement (DRM-02)

    at(addCalendarMonths(start, 12)); // exactly 12 months: not "more than" 12
    await runDormancy(f.ctx);
    expect(await dormancyOf(player)).toEqual([]);

    at(new Date(addCalendarMonths(start, 12).getTime() + 86_400_000));
    await runDormancy(f.ctx);
    const [period] = await dormancyOf(player);
    expect(period).toMatchObject({ lastMovementAt: start, dormantAt: addCalendarMonths(start, 12), endedAt: null });
    // The notice is an outbox e-mail, kept with its delivery record (relayed_at) by the outbox.
    const notice = await f.db.outboxMessage.findUniqueOrThrow({ where: { id: period!.noticeMessageId } });
    expect(notice.topic).toBe('notifications.email');
    expect((await f.emailsTo(player)).map((e) => e.subject)).toEqual(['Your account is inactive']);
    expect(await feesOf(player)).toEqual(['10.00']);
    // The fee itself is not a movement: the next run does not end the period.
    await runDormancy(f.ctx);
    expect((await dormancyOf(player))[0]!.endedAt).toBeNull();
  });

  it('004:T-51 DRM-03 an account holding an unsettled bet is never inactive, however long ago its last movement', async () => {
    const player = await f.registeredPlayer();
    await f.deposit(player, '50.00');
    const round = await openBet(f.db, player, f.clock.now());
    at(addCalendarMonths(f.clock.now(), 13));
    await runDormancy(f.ctx);
    expect(await dormancyOf(player)).toEqual([]);

    await settleBet(f.db, round, f.clock.now());
    await runDormancy(f.ctx);
    expect(await dormancyOf(player)).toHaveLength(1);
  });

  it('004:T-52 DRM-04 a balance of 25 pays fees of 10, 10 and 5, then nothing: the fee never takes the balance below zero, each a ledger transaction', async () => {
    const player = await f.registeredPlayer();
    await f.deposit(player, '25.00');
    const dormantAt = addCalendarMonths(f.clock.now(), 12);
    for (const month of [0, 1, 2, 3, 4]) {
      at(new Date(addCalendarMonths(dormantAt, month).getTime() + 60_000));
      await runDormancy(f.ctx);
    }
    expect(await feesOf(player)).toEqual(['10.00', '10.00', '5.00', '0.00', '0.00']);
    expect(await f.cash(player)).toBe('0.00');
    const fees = await f.db.dormancyFee.findMany({ where: { playerId: player, amountMinor: { gt: 0n } } });
    for (const fee of fees) {
      const posted = await ledger.findTransaction(f.db, fee.ledgerTransactionId as TransactionId);
      expect(posted?.kind).toBe('FEE');
    }
    expect(await ledger.findInvariantViolations(f.db)).toEqual([]);
  });

  it('004:T-53 DRM-05 a deposit reactivates an inactive account and the fee stops; so does a bet', async () => {
    const depositor = await f.registeredPlayer();
    const bettor = await f.registeredPlayer();
    await f.deposit(depositor, '100.00');
    await f.deposit(bettor, '100.00');
    const dormantAt = addCalendarMonths(f.clock.now(), 12);
    at(new Date(dormantAt.getTime() + 60_000));
    await runDormancy(f.ctx);
    expect(await feesOf(depositor)).toEqual(['10.00']);

    at(new Date(dormantAt.getTime() + 10 * 86_400_000));
    await f.deposit(depositor, '20.00');
    await transaction(f.db, async (tx) => {
      const wallet = await ledger.findAccountByCode(tx, ledger.playerWalletCode(bettor, 'cash', 'CZK'));
      await ledger.transfer(
        tx,
        {
          idempotencyKey: newId(),
          kind: 'STAKE',
          debitAccountId: wallet!.id,
          creditAccountId: f.clearing,
          amount: Money.of('5.00', 'CZK'),
        },
        f.clock.now(),
      );
    });
    at(new Date(addCalendarMonths(dormantAt, 3).getTime() + 60_000));
    await runDormancy(f.ctx);
    for (const player of [depositor, bettor]) {
      const [period] = await dormancyOf(player);
      expect(period).toMatchObject({ endReason: 'reactivated' });
      expect(await feesOf(player)).toEqual(['10.00']);
    }
    expect(await f.cash(depositor)).toBe('110.00');
  });

  it('issue 23: 004:DRM-01 DRM-04 the dormancy job run twice and on two workers at once opens one period per player and charges each month once', async () => {
    const players = [await f.registeredPlayer(), await f.registeredPlayer(), await f.registeredPlayer()];
    for (const player of players) await f.deposit(player, '100.00');
    const dormantAt = addCalendarMonths(f.clock.now(), 12);
    at(new Date(addCalendarMonths(dormantAt, 1).getTime() + 60_000));
    await Promise.all([runDormancy(f.ctx), runDormancy(f.ctx), runDormancy({ ...f.ctx })]);
    await runDormancy(f.ctx);
    for (const player of players) {
      expect(await dormancyOf(player)).toHaveLength(1);
      expect(await feesOf(player)).toEqual(['10.00', '10.00']);
      expect(await f.cash(player)).toBe('80.00');
      expect((await f.emailsTo(player)).length).toBe(1);
    }
  });

  it('issue 23: 002 has no dormancy: a profile without dormancy rules never makes an account inactive', async () => {
    const player = await f.registeredPlayer();
    await f.deposit(player, '100.00');
    at(addCalendarMonths(f.clock.now(), 30));
    await runDormancy({ ...f.ctx, rules: { ...czechPlayerRules, dormancy: null } });
    expect(await dormancyOf(player)).toEqual([]);
  });
});
