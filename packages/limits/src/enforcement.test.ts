import { Money, newId } from '@casino/core';
import { transaction } from '@casino/db';
import * as ledger from '@casino/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDeposit } from './authorize-deposit.ts';
import { authorizeStake } from './authorize-stake.ts';
import { limitsOverview } from './limits-overview.ts';
import { recordSettlement } from './record-settlement.ts';
import { czk, limitsFixture, setAmount, type LimitsFixture } from './test-support.ts';

let f: LimitsFixture;
beforeAll(async () => {
  f = await limitsFixture();
});
afterAll(async () => {
  await f?.close();
});

const eur = (amount: string) => Money.of(amount, 'EUR');
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as { code: string; extensions?: Record<string, unknown> },
  );

describe('enforcement: stakes', () => {
  it('issue 5: 20 parallel stakes of 100 CZK against a 1,000 CZK daily stake limit: exactly 10 succeed and the ledger shows 1,000 CZK (ARCHITECTURE idea 3)', async () => {
    const player = await f.newPlayer({ 'stake:day': setAmount('1000.00') });
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => f.stake(player, czk('100.00'))));
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    expect(refused.map((o) => o.reason.code ?? String(o.reason))).toEqual(Array(10).fill('limit-exceeded'));
    expect((await ledger.balance(f.db, player.wallet)).toDecimalString()).toBe('99000.00');
    const staked = await f.db.ledgerPosting.aggregate({
      where: { accountId: player.wallet, amountMinor: { gt: 0n } },
      _sum: { amountMinor: true },
    });
    expect(staked._sum.amountMinor).toBe(100_000n); // 1,000.00 CZK debited from the wallet, in haléře
    expect(await ledger.findInvariantViolations(f.db)).toEqual([]);
  });

  it('002:RG-08 / BET-02 / T-RG-06 a stake over the remaining allowance, though within the balance, is refused naming the measure and the remaining amount; nothing is posted', async () => {
    const player = await f.newPlayer({ 'stake:day': setAmount('1000.00'), 'stake:month': setAmount('5000.00') });
    await f.stake(player, czk('700.00'));
    const error = await refusal(f.stake(player, czk('300.01')));
    expect(error).toMatchObject({
      code: 'limit-exceeded',
      status: 422,
      extensions: {
        measure: 'stake:day',
        remaining: { amount: '300.00', currency: 'CZK' },
        limit: { amount: '1000.00', currency: 'CZK' },
      },
    });
    expect(error?.extensions?.resetsAt).toBe('2026-11-02T23:00:00.000Z'); // midnight in Prague (CET)
    expect((await ledger.balance(f.db, player.wallet)).toDecimalString()).toBe('99300.00');
    const exactly = await f.stake(player, czk('300.00'));
    expect(exactly.remaining).toEqual(
      expect.arrayContaining([{ measure: 'stake:day', remaining: czk('0.00'), resetsAt: new Date('2026-11-02T23:00:00.000Z') }]),
    );
  });

  it('004:SLM-04 / BET-06 a 40 EUR stake counts at the rate it was converted at', async () => {
    const player = await f.newPlayer({ 'stake:day': setAmount('1000.00') });
    const first = await f.stake(player, eur('40.00'), { rateToCzk: '24.615' });
    expect(first.counted.toDecimalString()).toBe('984.60');
    const entry = await f.db.selfLimitUsageEntry.findFirstOrThrow({ where: { playerId: player.playerId, kind: 'STAKE' } });
    expect([entry.amountMinor, entry.currency, entry.rateToCzk?.toString(), entry.countedMinor]).toEqual([
      4_000n,
      'EUR',
      '24.615',
      98_460n,
    ]);
    // 1 EUR at the same rate is 24.62 CZK (banker's rounding of 24.615): more than the 15.40 CZK left.
    expect(await refusal(f.stake(player, eur('1.00'), { rateToCzk: '24.615' }))).toMatchObject({
      code: 'limit-exceeded',
      extensions: { remaining: { amount: '15.40', currency: 'CZK' } },
    });
    expect((await f.stake(player, czk('15.40'))).counted.toDecimalString()).toBe('15.40');
  });

  it("004:SLM-04 the same 40 EUR counts differently at another transaction's rate: the rate is the transaction's own", async () => {
    const player = await f.newPlayer({ 'stake:day': setAmount('1000.00') });
    expect(await refusal(f.stake(player, eur('40.00'), { rateToCzk: '25.01' }))).toMatchObject({
      code: 'limit-exceeded',
      extensions: { measure: 'stake:day', remaining: { amount: '1000.00' } },
    });
  });

  it("004:TRM-10 / DRM-01 / AMB-10 an account blocked or closed by staff, or dormant, is refused at the next stake, though the player's access token is still valid", async () => {
    for (const state of ['BLOCKED', 'CLOSED', 'DORMANT'] as const) {
      const player = await f.newPlayer({});
      await f.stake(player, czk('10.00'));
      await f.db.player.update({ where: { id: player.playerId }, data: { state } });
      expect(await refusal(f.stake(player, czk('10.00')))).toMatchObject({
        code: 'account-not-active',
        extensions: { accountState: state },
      });
      expect((await ledger.balance(f.db, player.wallet)).toDecimalString()).toBe('99990.00');
    }
  });

  it('issue 5: a retried stake (same reference) is counted once and not refused by its own first counting', async () => {
    const player = await f.newPlayer({ 'stake:day': setAmount('100.00') });
    const reference = `stake:${newId()}`;
    const first = await f.stake(player, czk('100.00'), { reference });
    const retry = await f.stake(player, czk('100.00'), { reference });
    expect([first.replayed, retry.replayed]).toEqual([false, true]);
    expect(await f.db.selfLimitUsageEntry.count({ where: { playerId: player.playerId } })).toBe(1);
    expect(await refusal(f.stake(player, czk('50.00'), { reference }))).toMatchObject({ code: 'idempotency-key-reused' });
  });
});

describe('enforcement: net loss (docs/limits.md)', () => {
  it('issue 5: net loss ("Čistá prohra" of 002) is stakes minus wins: a win makes room under the net-loss limit', async () => {
    const player = await f.newPlayer({ 'net-loss:day': setAmount('500.00') });
    await f.stake(player, czk('400.00'));
    expect(await refusal(f.stake(player, czk('200.00')))).toMatchObject({
      code: 'limit-exceeded',
      extensions: { measure: 'net-loss:day', remaining: { amount: '100.00' } },
    });
    await f.win(player, czk('300.00'));
    await f.stake(player, czk('400.00')); // net loss 400 − 300 + 400 = 500
    expect(await refusal(f.stake(player, czk('0.01')))).toMatchObject({
      extensions: { measure: 'net-loss:day', remaining: { amount: '0.00' } },
    });
  });

  it('issue 5: 003:R-LIM-07 poker cash game: money taken to the table (a buy-in past the limit is refused) minus money brought back; tournaments: buy-ins and fees minus prizes', async () => {
    const player = await f.newPlayer({ 'net-loss:day': setAmount('1000.00') });
    await f.stake(player, czk('800.00'), { category: 'poker-cash' }); // buy-in
    await f.win(player, czk('650.00'), { category: 'poker-cash' }); // left the table with 650
    await f.stake(player, czk('110.00'), { category: 'poker-tournament' }); // 100 buy-in + 10 fee
    await f.win(player, czk('60.00'), { category: 'poker-tournament' }); // prize
    const overview = await limitsOverview({ db: f.db, clock: f.clock, profile: f.ctx.profile }, player.playerId);
    const netLoss = overview.measures.find((m) => m.definition.code === 'net-loss:day')!;
    expect(netLoss.usage).toMatchObject({ used: 20_000n, remaining: 80_000n }); // (800 − 650) + (110 − 60) = 200 CZK
    // AMB-16: the buy-in is checked whole before the player sits down; play at the table is not interrupted.
    expect(await refusal(f.stake(player, czk('800.01'), { category: 'poker-cash' }))).toMatchObject({
      extensions: { measure: 'net-loss:day', remaining: { amount: '800.00' } },
    });
  });

  it('issue 5: a settlement is never refused: a win after a self-exclusion still counts for net loss', async () => {
    const player = await f.newPlayer({ 'net-loss:day': setAmount('1000.00') });
    await f.stake(player, czk('100.00'));
    await transaction(f.db, async (tx) => {
      const at = f.clock.now();
      await tx.selfLimitChange.create({
        data: {
          id: newId(),
          playerId: player.playerId,
          measure: 'self-exclusion',
          direction: 'TIGHTEN',
          isSet: true,
          excludedUntil: new Date(at.getTime() + 86_400_000),
          previousIsSet: false,
          requestedAt: at,
          requestedBy: 'player',
          effectiveFrom: at,
        },
      });
    });
    expect(await refusal(f.stake(player, czk('1.00')))).toMatchObject({
      code: 'self-excluded',
      extensions: { excludedUntil: '2026-11-03T09:00:00.000Z' },
    });
    expect(await refusal(f.deposit(player, czk('1.00')))).toMatchObject({ code: 'self-excluded' });
    await f.win(player, czk('250.00'));
    const usage = await f.db.selfLimitUsage.findFirstOrThrow({ where: { playerId: player.playerId, period: 'DAY' } });
    expect([usage.stakesMinor, usage.winsMinor]).toEqual([10_000n, 25_000n]);
  });

  it('issue 5: a settlement of nothing (a lost bet) records nothing', async () => {
    const player = await f.newPlayer();
    const outcome = await transaction(f.db, (tx) =>
      recordSettlement(f.ctx, tx, {
        playerId: player.playerId,
        reference: `win:${newId()}`,
        amount: czk('0.00'),
        category: 'casino',
      }),
    );
    expect(outcome.counted.isZero()).toBe(true);
    expect(await f.db.selfLimitUsageEntry.count({ where: { playerId: player.playerId } })).toBe(0);
  });
});

describe('enforcement: deposits', () => {
  it('004:SLM-05 a deposit over the daily deposit limit is refused with what remains; the month counts across days', async () => {
    const player = await f.newPlayer({ 'deposit:day': setAmount('2000.00'), 'deposit:month': setAmount('3000.00') });
    await f.deposit(player, czk('1500.00'));
    expect(await refusal(f.deposit(player, czk('600.00')))).toMatchObject({
      code: 'limit-exceeded',
      extensions: { measure: 'deposit:day', remaining: { amount: '500.00' } },
    });
    f.clock.advanceDays(1);
    try {
      await f.deposit(player, czk('1500.00'));
      expect(await refusal(f.deposit(player, czk('0.01')))).toMatchObject({
        extensions: { measure: 'deposit:month', remaining: { amount: '0.00' }, resetsAt: '2026-11-30T23:00:00.000Z' },
      });
    } finally {
      f.clock.advanceDays(-1);
    }
  });

  it('004:SLM-05 checking a deposit when it is requested refuses what crediting it would, and counts nothing', async () => {
    const player = await f.newPlayer({ 'deposit:day': setAmount('1000.00') });
    await f.deposit(player, czk('800.00'));
    const check = (amount: string) =>
      transaction(f.db, (tx) => checkDeposit(f.ctx, tx, { playerId: player.playerId, amount: czk(amount) }));
    await check('200.00');
    await check('200.00');
    expect(await refusal(check('200.01'))).toMatchObject({
      code: 'limit-exceeded',
      extensions: { measure: 'deposit:day', remaining: { amount: '200.00' } },
    });
    expect(await f.db.selfLimitUsageEntry.count({ where: { playerId: player.playerId } })).toBe(1);
    expect((await f.deposit(player, czk('200.00'))).counted.toDecimalString()).toBe('200.00');
  });

  it('004:REG-22 a deposit in EUR counts at its rate', async () => {
    const player = await f.newPlayer({ 'deposit:day': setAmount('1000.00') });
    expect((await f.deposit(player, eur('20.00'), { rateToCzk: '25.00' })).counted.toDecimalString()).toBe('500.00');
    expect(await refusal(f.deposit(player, eur('20.04'), { rateToCzk: '25.00' }))).toMatchObject({
      extensions: { remaining: { amount: '500.00' } },
    });
  });

  it('issue 5: ten parallel deposits of 300 CZK against a 1,000 CZK daily deposit limit: exactly 3 succeed', async () => {
    const player = await f.newPlayer({ 'deposit:day': setAmount('1000.00') });
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => f.deposit(player, czk('300.00'))));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    expect((await ledger.balance(f.db, player.wallet)).toDecimalString()).toBe('100900.00');
  });
});

describe("enforcement: the refusal rolls back the caller's transaction", () => {
  it('issue 5: a stake refused after the caller already posted something leaves nothing behind', async () => {
    const player = await f.newPlayer({ 'stake:day': setAmount('10.00') });
    const before = await f.db.ledgerTransaction.count();
    const attempt = transaction(f.db, async (tx) => {
      await ledger.transfer(
        tx,
        {
          idempotencyKey: `other:${newId()}`,
          kind: 'TRANSFER',
          debitAccountId: player.wallet,
          creditAccountId: f.house,
          amount: czk('1.00'),
        },
        f.clock.now(),
      );
      await authorizeStake(f.ctx, tx, {
        playerId: player.playerId,
        playSessionId: player.playSessionId,
        reference: `stake:${newId()}`,
        amount: czk('11.00'),
        category: 'casino',
      });
    });
    await expect(attempt).rejects.toMatchObject({ code: 'limit-exceeded' });
    expect(await f.db.ledgerTransaction.count()).toBe(before);
    expect(await f.db.selfLimitUsageEntry.count({ where: { playerId: player.playerId } })).toBe(0);
  });
});
