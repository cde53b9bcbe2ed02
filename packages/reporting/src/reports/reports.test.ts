import { Money, newId, type AccountId, type TransactionId } from '@casino/core';
import { transaction } from '@casino/db';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import { openAccount, reverse } from '@casino/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { czk, move, openChart, playerWithWallet, postLines, type Chart } from '../test-support.ts';
import { ggrReport } from './ggr-report.ts';
import { playerLiabilityReport } from './player-liability-report.ts';
import { allocateSharedGame, allocateSharedLiquidity, type SharedGame } from './shared-liquidity.ts';
import { trialBalanceReport } from './trial-balance-report.ts';

let testDb: TestDatabase;
let chart: Chart;

beforeAll(async () => {
  testDb = await createTestDatabase();
  chart = await openChart(testDb.db);
});
afterAll(async () => {
  await testDb?.drop();
});

const at = (iso: string) => new Date(iso);
const amounts = (line: { stakes: Money; wins: Money; rake: Money; tournamentFees: Money; ggr: Money }) => ({
  stakes: line.stakes.toDecimalString(),
  wins: line.wins.toDecimalString(),
  rake: line.rake.toDecimalString(),
  fees: line.tournamentFees.toDecimalString(),
  ggr: line.ggr.toDecimalString(),
});

async function gameAccount(ownerKind: 'POKER_TABLE' | 'TOURNAMENT'): Promise<AccountId> {
  const id = newId<string>();
  return (
    await openAccount(testDb.db, {
      code: `${ownerKind.toLowerCase()}:${id}:CZK`,
      ownerKind,
      ownerId: id,
      purpose: ownerKind === 'TOURNAMENT' ? 'tournament' : 'poker-table',
      currency: 'CZK',
      type: 'LIABILITY',
      allowNegative: false,
      shardCount: 1,
    })
  ).id;
}

async function reverseAt(transactionId: TransactionId, when: string) {
  return transaction(testDb.db, (tx) => reverse(tx, { transactionId, reason: 'test correction' }, at(when)));
}

describe('GGR per game and period (issue 10; 002:RAKE-01..03)', () => {
  it('issue 10: the GGR of a crafted set of stakes, wins, refunds, reversals, rake and tournament fees equals the hand-computed figures', async () => {
    const a = await playerWithWallet(testDb.db);
    const b = await playerWithWallet(testDb.db);
    await move(testDb.db, 'DEPOSIT', chart.psp, a.wallet, czk('1000.00'), at('2026-11-01T10:00:00Z'));
    await move(testDb.db, 'DEPOSIT', chart.psp, b.wallet, czk('1000.00'), at('2026-11-01T10:00:00Z'));
    // 10 November (Prague): roulette stakes 100 + 40 + 60, the 60 refunded, a win of 200; blackjack 50 staked, 75 won.
    await move(testDb.db, 'STAKE', a.wallet, chart.roulette, czk('100.00'), at('2026-11-10T10:00:00Z'));
    await move(testDb.db, 'STAKE', b.wallet, chart.roulette, czk('40.00'), at('2026-11-10T10:00:00Z'));
    await move(testDb.db, 'STAKE', b.wallet, chart.roulette, czk('60.00'), at('2026-11-10T11:00:00Z'));
    await move(testDb.db, 'REFUND', chart.roulette, b.wallet, czk('60.00'), at('2026-11-10T11:05:00Z'));
    await move(testDb.db, 'WIN', chart.roulette, a.wallet, czk('200.00'), at('2026-11-10T10:00:01Z'));
    await move(testDb.db, 'STAKE', a.wallet, chart.blackjack, czk('50.00'), at('2026-11-10T12:00:00Z'));
    await move(testDb.db, 'WIN', chart.blackjack, a.wallet, czk('75.00'), at('2026-11-10T12:01:00Z'));
    // Poker: rake 1.50 and 2.00 from a cash table; two tournament buy-ins of 10 + 1 fee; a postal-order
    // fee on the same fee account is not gaming revenue.
    const table = await gameAccount('POKER_TABLE');
    const tournament = await gameAccount('TOURNAMENT');
    await move(testDb.db, 'BUY_IN', a.wallet, table, czk('100.00'), at('2026-11-10T13:00:00Z'));
    await move(testDb.db, 'RAKE', table, chart.rake, czk('1.50'), at('2026-11-10T13:05:00Z'));
    await move(testDb.db, 'RAKE', table, chart.rake, czk('2.00'), at('2026-11-10T13:10:00Z'));
    for (const player of [a, b]) {
      await postLines(
        testDb.db,
        'BUY_IN',
        [
          { accountId: player.wallet, amount: czk('11.00') },
          { accountId: tournament, amount: czk('-10.00') },
          { accountId: chart.fees, amount: czk('-1.00') },
        ],
        at('2026-11-10T14:00:00Z'),
      );
    }
    await move(testDb.db, 'FEE', chart.bank, chart.fees, czk('65.00'), at('2026-11-10T15:00:00Z'));
    // 11 November in Prague (23:30 UTC on the 10th): a stake of 25, and a win of 5 that is reversed; a stake of 30 reversed.
    await move(testDb.db, 'STAKE', a.wallet, chart.roulette, czk('25.00'), at('2026-11-10T23:30:00Z'));
    const win = await move(testDb.db, 'WIN', chart.roulette, a.wallet, czk('5.00'), at('2026-11-11T08:00:00Z'));
    await reverseAt(win.transactionId, '2026-11-11T08:30:00Z');
    const stake = await move(testDb.db, 'STAKE', b.wallet, chart.roulette, czk('30.00'), at('2026-11-11T09:00:00Z'));
    await reverseAt(stake.transactionId, '2026-11-11T09:30:00Z');
    // Outside the period: 1 December.
    await move(testDb.db, 'STAKE', a.wallet, chart.roulette, czk('7.00'), at('2026-11-30T23:00:00Z'));

    const daily = await ggrReport(testDb.db, { fromDate: '2026-11-10', toDate: '2026-11-12', granularity: 'day' });
    expect(daily.lines.map((l) => [l.period, l.game, l.currency, amounts(l)])).toEqual([
      ['2026-11-10', 'blackjack', 'CZK', { stakes: '50.00', wins: '75.00', rake: '0.00', fees: '0.00', ggr: '-25.00' }],
      ['2026-11-10', 'poker', 'CZK', { stakes: '0.00', wins: '0.00', rake: '3.50', fees: '2.00', ggr: '5.50' }],
      ['2026-11-10', 'roulette', 'CZK', { stakes: '140.00', wins: '200.00', rake: '0.00', fees: '0.00', ggr: '-60.00' }],
      ['2026-11-11', 'roulette', 'CZK', { stakes: '25.00', wins: '0.00', rake: '0.00', fees: '0.00', ggr: '25.00' }],
    ]);
    const monthly = await ggrReport(testDb.db, { fromDate: '2026-11-01', toDate: '2026-12-01', granularity: 'month' });
    expect(monthly.lines.map((l) => [l.period, l.game, amounts(l).ggr])).toEqual([
      ['2026-11', 'blackjack', '-25.00'],
      ['2026-11', 'poker', '5.50'],
      ['2026-11', 'roulette', '-35.00'],
    ]);
    await expect(
      ggrReport(testDb.db, { fromDate: '2026-11-12', toDate: '2026-11-10', granularity: 'day' }),
    ).rejects.toMatchObject({ code: 'validation-failed', field: 'query.to' });
  });
});

describe('trial balance and player liability at a date', () => {
  it('issue 10: the trial balance at the end of a Prague day balances and splits by account type and purpose', async () => {
    const report = await trialBalanceReport(testDb.db, { currency: 'CZK', date: '2026-11-10' });
    expect(report.balanced).toBe(true);
    expect(report.totalDebits.equals(report.totalCredits)).toBe(true);
    expect(report.asOf.toISOString()).toBe('2026-11-10T23:00:00.000Z');
    const revenue = report.lines.filter((l) => l.type === 'REVENUE').map((l) => [l.purpose, l.balance.toDecimalString()]);
    // Roulette −60 and blackjack −25 (game-revenue), rake 3.50, fees 2.00 + 65.00.
    expect(revenue).toEqual([
      ['fee-revenue', '67.00'],
      ['game-revenue', '-85.00'],
      ['rake-revenue', '3.50'],
    ]);
  });

  it('002:WAL-01 player liability is the sum of player wallets, against PSP clearing and the bank', async () => {
    const report = await playerLiabilityReport(testDb.db, { currency: 'CZK', date: '2026-11-10' });
    // Deposits 2,000; the players won 60 at roulette and 25 at blackjack; 100 went to a poker table, 22 to a tournament.
    expect(report.playerWallets.cash.toDecimalString()).toBe('1963.00');
    expect(report.inPlay.toDecimalString()).toBe('116.50'); // the table's 100 less 3.50 rake, the tournament's 20
    expect(report.paymentProviderClearing).toEqual([{ provider: 'sandbox-psp', balance: czk('2000.00') }]);
    expect(report.bank.toDecimalString()).toBe('65.00');
    expect(report.pendingWithdrawals.toDecimalString()).toBe('0.00');
    // 2,065 held against 2,079.50 owed: the operator's revenue so far is −14.50 (−85 games + 3.50 rake + 67 fees).
    expect(report.surplus.toDecimalString()).toBe('-14.50');
  });
});

describe('shared liquidity: revenue allocated to Czech residents (002:ALLOC-01..04)', () => {
  const game = (gameId: string, participants: Array<[boolean, string, string]>, overlay?: string): SharedGame => ({
    gameId,
    kind: overlay === undefined ? 'cash-hand' : 'tournament',
    currency: 'CZK',
    participants: participants.map(([residentInCzechRepublic, stake, win]) => ({
      residentInCzechRepublic,
      stake: czk(stake),
      win: czk(win),
    })),
    ...(overlay === undefined ? {} : { overlay: czk(overlay) }),
  });

  it('002:T-ALLOC-01 / ALLOC-01 / ALLOC-02 stakes 1,000 (Czech residents 300), wins 995 → net 5, Czech revenue 1.50', () => {
    const result = allocateSharedGame(
      game('hand-1', [
        [true, '300.00', '0.00'],
        [false, '700.00', '995.00'],
      ]),
    );
    expect([result.net, result.czechRevenue, result.otherRevenue].map((m) => m.toDecimalString())).toEqual([
      '5.00',
      '1.50',
      '3.50',
    ]);
  });

  it('002:ALLOC-02 / ALLOC-04 / AMB-ALLOC a crafted period of hands and a tournament with overlay equals the hand-computed split', () => {
    const result = allocateSharedLiquidity('CZK', [
      // Net 1.00; Czech stakes 1/3: 0.333… → 0.33, the rest 0.67.
      game('hand-2', [
        [true, '10.00', '0.00'],
        [false, '20.00', '29.00'],
      ]),
      // Net 0.05 split 1:1: 0.025 each → the odd haléř to the Czech side (D-1006): 0.03 / 0.02.
      game('hand-3', [
        [true, '5.00', '9.95'],
        [false, '5.00', '0.00'],
      ]),
      // Tournament: 10 buy-ins of 110 (4 Czech); prizes 1,500 against a 1,000 pool: 500 overlay is not
      // a win funded by stakes (AMB-ALLOC): wins 1,000, net 100, Czech 40 % = 40.
      game(
        'tournament-1',
        [
          ...Array.from({ length: 4 }, (): [boolean, string, string] => [true, '110.00', '0.00']),
          ...Array.from({ length: 6 }, (): [boolean, string, string] => [false, '110.00', '0.00']),
        ].map(([cz, stake], i) => [cz, stake, i === 0 ? '900.00' : i === 5 ? '600.00' : '0.00'] as [boolean, string, string]),
        '500.00',
      ),
      // Only non-residents in a hand: nothing is Czech.
      game('hand-4', [
        [false, '2.00', '0.00'],
        [false, '2.00', '3.90'],
      ]),
    ]);
    expect(
      result.games.map((g) => [
        g.gameId,
        g.net.toDecimalString(),
        g.czechRevenue.toDecimalString(),
        g.otherRevenue.toDecimalString(),
      ]),
    ).toEqual([
      ['hand-2', '1.00', '0.33', '0.67'],
      ['hand-3', '0.05', '0.03', '0.02'],
      ['tournament-1', '100.00', '40.00', '60.00'],
      ['hand-4', '0.10', '0.00', '0.10'],
    ]);
    expect([result.net, result.czechRevenue, result.otherRevenue].map((m) => m.toDecimalString())).toEqual([
      '101.15',
      '40.36',
      '60.79',
    ]);
  });
});
