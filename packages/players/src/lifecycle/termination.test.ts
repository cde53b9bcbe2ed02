import { isDomainError, Money, newId } from '@casino/core';
import { transaction } from '@casino/db';
import * as ledger from '@casino/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transition } from '../states.ts';
import { sendPostalOrdersForUnclaimedRefunds } from '../temporary-account.ts';
import { settleClosedAccounts } from './closure-settlement.ts';
import { addCalendarMonths } from './common.ts';
import { findTerminationCandidates } from './termination-candidates.ts';
import {
  endContractsGivenNotice,
  giveTerminationNotice,
  listTerminationNotices,
  withdrawTerminationNotice,
} from './termination-notice.ts';
import { lifecycleFixture, openBet, settleBet, type LifecycleFixture } from './test-support.ts';

/** Issue 23: termination by the player (004:TRM-01..03), closure settlement (TRM-13..17), grounds that are conditions (TRM-10). */
let f: LifecycleFixture;

beforeAll(async () => {
  f = await lifecycleFixture('2026-03-10T09:00:00Z');
}, 60_000);
afterAll(async () => {
  await f?.drop();
});

const letter = { fileName: 'vypoved.pdf', content: Buffer.from('%PDF-1.4 I terminate my contract.') };
const noBank = async () => null;
const withBank = async () => ({ paymentMethodId: newId() });
const stateOf = async (playerId: string) => (await f.db.player.findUniqueOrThrow({ where: { id: playerId } })).state;

async function withdrawAll(playerId: string): Promise<void> {
  const balance = Money.of(await f.cash(playerId), 'CZK');
  if (!balance.isPositive()) return;
  await transaction(f.db, async (tx) => {
    const wallet = await ledger.findAccountByCode(tx, ledger.playerWalletCode(playerId, 'cash', 'CZK'));
    await ledger.transfer(
      tx,
      {
        idempotencyKey: newId(),
        kind: 'WITHDRAWAL_SETTLE',
        debitAccountId: wallet!.id,
        creditAccountId: f.clearing,
        amount: balance,
      },
      f.clock.now(),
    );
  });
}

async function close(playerId: string): Promise<void> {
  await transaction(f.db, (tx) =>
    transition(tx, playerId, 'REGISTERED', 'CLOSED', { reason: 'test: terminated', actor: 'test', at: f.clock.now() }),
  );
}

describe('issue 23: termination by the player (004 §3.3 TRM-01..03)', () => {
  it('004:T-54 TRM-03 a notice while the balance is not zero, or a bet is unsettled, is disregarded and the player told why', async () => {
    const player = await f.registeredPlayer();
    await f.deposit(player, '20.00');
    const withMoney = await giveTerminationNotice(f.ctx, player, letter);
    expect(withMoney).toMatchObject({ status: 'DISREGARDED', effectiveAt: null });
    expect(withMoney.disregardReasons.join()).toContain('cash wallet holds 20.00 CZK');

    await withdrawAll(player);
    const round = await openBet(f.db, player, f.clock.now());
    const withBet = await giveTerminationNotice(f.ctx, player, letter);
    expect(withBet).toMatchObject({ status: 'DISREGARDED', disregardReasons: ['a bet is not settled yet'] });
    await settleBet(f.db, round, f.clock.now());
    expect((await f.emailsTo(player)).map((e) => e.subject)).toEqual([
      'Your notice of termination is disregarded',
      'Your notice of termination is disregarded',
    ]);
    expect(await stateOf(player)).toBe('REGISTERED');
  });

  it('004:T-54 TRM-01 TRM-02 a clean notice delivered on day D runs 14 days from D+1: the contract ends at the start of D+15 (Europe/Prague), not before', async () => {
    const player = await f.registeredPlayer();
    f.clock.set(new Date('2026-03-10T22:30:00Z')); // 23:30 in Prague: still 10 March
    const notice = await giveTerminationNotice(f.ctx, player, letter);
    expect(notice).toMatchObject({
      status: 'RUNNING',
      noticeStartsAt: new Date('2026-03-10T23:00:00Z'), // 11 March 00:00 CET
      effectiveAt: new Date('2026-03-24T23:00:00Z'), // 25 March 00:00 CET: 11..24 March are the 14 days
    });
    const second = await giveTerminationNotice(f.ctx, player, letter).catch((e: unknown) => e);
    expect(isDomainError(second) && second.code).toBe('termination-notice-running');

    f.clock.set(new Date('2026-03-24T22:59:59Z'));
    expect(await endContractsGivenNotice(f.ctx)).toBe(0);
    expect(await stateOf(player)).toBe('REGISTERED');

    f.clock.set(new Date('2026-03-24T23:00:00Z'));
    // Two workers at once, then again: the contract ends once.
    const ended = await Promise.all([endContractsGivenNotice(f.ctx), endContractsGivenNotice(f.ctx)]);
    expect(ended[0]! + ended[1]!).toBe(1);
    expect(await endContractsGivenNotice(f.ctx)).toBe(0);
    expect(await stateOf(player)).toBe('CLOSED');
    expect((await listTerminationNotices(f.ctx, player))[0]).toMatchObject({ status: 'EFFECTIVE' });
    const transitions = await f.db.playerStateTransition.findMany({ where: { playerId: player, toState: 'CLOSED' } });
    expect(transitions).toHaveLength(1);
    // Issue 16 / D-2324: the ended contract ends the seats too (the worker's players.access-ended job), once.
    const accessEnded = await f.db.outboxMessage.findMany({ where: { topic: 'players.access-ended' } });
    expect(accessEnded.map((m) => m.payload).filter((p) => (p as { playerId?: string }).playerId === player)).toEqual([
      { playerId: player, reason: 'contract-ended', at: '2026-03-24T23:00:00.000Z' },
    ]);
  });

  it('004:TRM-02 the player may withdraw a running notice before it takes effect; the contract then goes on', async () => {
    const player = await f.registeredPlayer();
    await giveTerminationNotice(f.ctx, player, letter);
    f.clock.advanceDays(5);
    expect(await withdrawTerminationNotice(f.ctx, player)).toMatchObject({ status: 'WITHDRAWN' });
    f.clock.advanceDays(20);
    expect(await endContractsGivenNotice(f.ctx)).toBe(0);
    expect(await stateOf(player)).toBe('REGISTERED');
    const none = await withdrawTerminationNotice(f.ctx, player).catch((e: unknown) => e);
    expect(isDomainError(none) && none.code).toBe('not-found');
  });
});

describe('issue 23: closure settlement on the refund cascade (004:TRM-13..17)', () => {
  it('004:T-55 TRM-13 ACC-06 a closed account with a verified bank account: the balance is reserved and queued for the bank within 10 days of the termination, once', async () => {
    const player = await f.registeredPlayer();
    await f.deposit(player, '1234.56');
    await close(player);
    const closedAt = f.clock.now();
    await Promise.all([settleClosedAccounts(f.ctx, withBank), settleClosedAccounts(f.ctx, withBank)]);
    await settleClosedAccounts(f.ctx, withBank);
    const refund = await f.db.temporaryAccountRefund.findUniqueOrThrow({ where: { playerId: player } });
    expect(refund).toMatchObject({
      cause: 'CONTRACT_TERMINATED',
      status: 'BANK_TRANSFER_QUEUED',
      amountMinor: 123_456n,
      dueAt: new Date(closedAt.getTime() + 10 * 86_400_000),
    });
    expect(await f.cash(player)).toBe('0.00');
    expect((await f.emailsTo(player)).map((e) => e.subject)).toEqual(['The balance of your closed account']);
  });

  it('004:T-55 TRM-14 TRM-15 TRM-17 no verified bank account: the player is asked for one within 14 days, then a postal order less the carrier fee, rounded down to whole crowns', async () => {
    const player = await f.registeredPlayer();
    await f.deposit(player, '1234.56');
    await close(player);
    await settleClosedAccounts(f.ctx, noBank);
    expect(await f.db.temporaryAccountRefund.findUniqueOrThrow({ where: { playerId: player } })).toMatchObject({
      status: 'AWAITING_BANK_DETAILS',
    });
    f.clock.advanceDays(13);
    await sendPostalOrdersForUnclaimedRefunds(f.ctx);
    expect((await f.db.temporaryAccountRefund.findUniqueOrThrow({ where: { playerId: player } })).status).toBe(
      'AWAITING_BANK_DETAILS',
    );
    f.clock.advanceDays(1);
    await sendPostalOrdersForUnclaimedRefunds(f.ctx);
    // 1,234.56 less the 65.00 fee is 1,169.56: the postal order carries 1,169 whole crowns (TRM-17).
    expect(await f.db.temporaryAccountRefund.findUniqueOrThrow({ where: { playerId: player } })).toMatchObject({
      status: 'POSTAL_ORDER_QUEUED',
      carrierFeeMinor: 6_500n,
      payoutMinor: 116_900n,
    });
    expect(await ledger.findInvariantViolations(f.db)).toEqual([]);
  });

  it('004:T-55 TRM-16 when the carrier fee exceeds the balance the player is told to collect it at the registered office', async () => {
    const player = await f.registeredPlayer();
    await f.deposit(player, '50.00');
    await close(player);
    await settleClosedAccounts(f.ctx, noBank);
    f.clock.advanceDays(15);
    await sendPostalOrdersForUnclaimedRefunds(f.ctx);
    expect((await f.db.temporaryAccountRefund.findUniqueOrThrow({ where: { playerId: player } })).status).toBe(
      'COLLECT_AT_HEADQUARTERS',
    );
    expect((await f.emailsTo(player)).map((e) => e.subject)).toContain('Collect your balance');
  });
});

describe('issue 23: termination grounds that are conditions, offered to staff (004:TRM-10)', () => {
  it('004:T-56 DRM-06 TRM-10 a zero balance for more than 12 months is ground (xi), no bet for more than 12 months ground (xv); offered once, and lapsing when the condition ends', async () => {
    const idle = await f.registeredPlayer(); // never deposited: zero balance, no bet
    const saver = await f.registeredPlayer();
    await f.deposit(saver, '10.00'); // money, but never a bet
    f.clock.set(addCalendarMonths(f.clock.now(), 12));
    await findTerminationCandidates(f.ctx);
    expect(await f.db.terminationCandidate.count({ where: { playerId: { in: [idle, saver] } } })).toBe(0); // not more than 12 months yet

    f.clock.advanceDays(1);
    await Promise.all([findTerminationCandidates(f.ctx), findTerminationCandidates(f.ctx)]);
    await findTerminationCandidates(f.ctx);
    const offered = async (playerId: string) =>
      (await f.db.terminationCandidate.findMany({ where: { playerId, status: 'OPEN' }, orderBy: { ground: 'asc' } })).map(
        (c) => c.ground,
      );
    expect(await offered(idle)).toEqual(['xi', 'xv']);
    expect(await offered(saver)).toEqual(['xv']);

    await transaction(f.db, async (tx) => {
      const wallet = await ledger.findAccountByCode(tx, ledger.playerWalletCode(saver, 'cash', 'CZK'));
      await ledger.transfer(
        tx,
        {
          idempotencyKey: newId(),
          kind: 'STAKE',
          debitAccountId: wallet!.id,
          creditAccountId: f.clearing,
          amount: Money.of('1.00', 'CZK'),
        },
        f.clock.now(),
      );
    });
    await findTerminationCandidates(f.ctx);
    expect(await offered(saver)).toEqual([]);
    expect(await f.db.terminationCandidate.findFirst({ where: { playerId: saver } })).toMatchObject({ status: 'LAPSED' });
  });
});

describe('issue 23: a debt unpaid 10 days is a termination ground (004:TRM-12)', () => {
  it('004:TRM-12 WIN-05 a debt the cashier flagged overdue is offered to staff as ground (v), once, and lapses when repaid', async () => {
    const player = await f.registeredPlayer();
    const debtId = newId();
    const now = f.clock.now();
    await f.db.playerDebt.create({
      data: {
        id: debtId,
        playerId: player,
        cause: 'CLAWBACK',
        amountMinor: 70_000n,
        outstandingMinor: 70_000n,
        status: 'OVERDUE',
        ledgerTransactionId: newId(),
        reason: 'wrongly credited win',
        createdBy: 'test',
        dueAt: new Date(now.getTime() - 86_400_000),
        overdueAt: now,
        createdAt: new Date(now.getTime() - 11 * 86_400_000),
        updatedAt: now,
      },
    });
    await Promise.all([findTerminationCandidates(f.ctx), findTerminationCandidates(f.ctx)]);
    const offers = await f.db.terminationCandidate.findMany({ where: { playerId: player, ground: 'v' } });
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({ status: 'OPEN', detail: expect.stringContaining('004:TRM-12') });

    await f.db.playerDebt.update({
      where: { id: debtId },
      data: { status: 'REPAID', outstandingMinor: 0n, repaidAt: f.clock.now() },
    });
    await findTerminationCandidates(f.ctx);
    expect((await f.db.terminationCandidate.findFirstOrThrow({ where: { playerId: player, ground: 'v' } })).status).toBe(
      'LAPSED',
    );
  });
});
