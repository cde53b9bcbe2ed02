import { insertTestPlayer } from '@casino/compliance/testing';
import { Money, newId, type AccountId } from '@casino/core';
import { transaction } from '@casino/db';
import type { App } from '@casino/http';
import { createTestConnections, testServiceEnv, type TestConnections } from '@casino/http/testing';
import * as ledger from '@casino/ledger';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlayerApi } from '../app.ts';
import { loadPlayerApiConfig } from '../config.ts';

let connections: TestConnections;
let app: App;
let playerId: string;
let gamer: string;
const rouletteRound = newId();
const rouletteTable = newId();
const voidedRound = newId();

beforeAll(async () => {
  connections = await createTestConnections();
  app = await buildPlayerApi({
    config: loadPlayerApiConfig(testServiceEnv()),
    connections,
    redisKeyPrefix: connections.redisKeyPrefix,
  });
  await app.ready();
  const db = connections.db;
  await ledger.openOperatorAccounts(db, ['CZK'], 2);
  const psp = (await ledger.openAccount(db, ledger.paymentProviderClearingSpec('sandbox-psp', 'CZK', 2))).id;
  const code = async (qualifier: string) =>
    (await ledger.findAccountByCode(db, ledger.operatorAccountCode('game-revenue', 'CZK', qualifier)))!.id;
  const [roulette, blackjack] = [await code('roulette'), await code('blackjack')];
  const move = (
    kind: ledger.TransactionKind,
    from: AccountId,
    to: AccountId,
    amount: string,
    at: string,
    round?: { key: string; game: string; tableId: string; roundId: string },
  ) =>
    transaction(db, (tx) =>
      ledger.transfer(
        tx,
        {
          // Stakes and wins are keyed and described the way packages/tables/src/money.ts posts them.
          idempotencyKey: round?.key ?? newId(),
          ...(round ? { metadata: { game: round.game, tableId: round.tableId, roundId: round.roundId, seat: 0 } } : {}),
          kind,
          debitAccountId: from,
          creditAccountId: to,
          amount: Money.of(amount, 'CZK'),
          effectiveAt: new Date(at),
        },
        new Date(),
      ),
    );
  playerId = await insertTestPlayer(db);
  const wallet = (await ledger.openAccount(db, ledger.playerWalletSpec(playerId, 'cash', 'CZK'))).id;
  const other = (await ledger.openAccount(db, ledger.playerWalletSpec(await insertTestPlayer(db), 'cash', 'CZK'))).id;
  await move('DEPOSIT', psp, wallet, '300.00', '2026-11-01T10:00:00Z');
  await move('DEPOSIT', psp, other, '999.00', '2026-11-01T10:00:00Z');
  const inRoulette = { game: 'roulette', tableId: rouletteTable, roundId: rouletteRound };
  await move('STAKE', wallet, roulette, '50.00', '2026-11-02T10:00:00Z', { ...inRoulette, key: `game:${rouletteRound}:stake:0` });
  await move('WIN', roulette, wallet, '100.00', '2026-11-02T10:00:05Z', { ...inRoulette, key: `game:${rouletteRound}:win:0` });
  await move('STAKE', wallet, blackjack, '20.50', '2026-11-03T10:00:00Z');

  // Another player whose blackjack round was voided: the stake and its reversal.
  gamer = await insertTestPlayer(db);
  const gamerWallet = (await ledger.openAccount(db, ledger.playerWalletSpec(gamer, 'cash', 'CZK'))).id;
  await move('DEPOSIT', psp, gamerWallet, '100.00', '2026-11-01T10:00:00Z');
  const inBlackjack = { game: 'blackjack', tableId: rouletteTable, roundId: voidedRound, key: `game:${voidedRound}:stake:0` };
  const stake = await move('STAKE', gamerWallet, blackjack, '10.00', '2026-11-02T10:00:00Z', inBlackjack);
  await transaction(db, (tx) => ledger.reverse(tx, { transactionId: stake.transactionId, reason: 'round voided' }, new Date()));
});

afterAll(async () => {
  await app?.close();
  await connections?.close();
});

const asPlayer = () => ({ authorization: `Bearer ${app.issueAccessToken({ audience: 'player', subject: playerId })}` });

describe('the player statement (002:WAL-10, REC-05; 004:ACC-08)', () => {
  it('002:WAL-10 lists my transactions newest first with the balance after each, a page at a time', async () => {
    const first = await app.inject({ method: 'GET', url: '/v1/me/statement?limit=2', headers: asPlayer() });
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(
      page.lines.map((l: { kind: string; game: string | null; amount: { amount: string }; balanceAfter: { amount: string } }) => [
        l.kind,
        l.game,
        l.amount.amount,
        l.balanceAfter.amount,
      ]),
    ).toEqual([
      ['STAKE', 'blackjack', '-20.50', '329.50'],
      ['WIN', 'roulette', '100.00', '350.00'],
    ]);
    const second = (
      await app.inject({ method: 'GET', url: `/v1/me/statement?limit=2&before=${page.nextCursor}`, headers: asPlayer() })
    ).json();
    expect(second.lines.map((l: { kind: string; balanceAfter: { amount: string } }) => [l.kind, l.balanceAfter.amount])).toEqual([
      ['STAKE', '250.00'],
      ['DEPOSIT', '300.00'],
    ]);
    expect(second.nextCursor).toBeNull();
  });

  it('issue 17: a line of a game names its round and table; payments name none', async () => {
    const lines = (await app.inject({ method: 'GET', url: '/v1/me/statement', headers: asPlayer() })).json().lines as Array<{
      kind: string;
      game: string | null;
      gameRoundId: string | null;
      tableId: string | null;
    }>;
    expect(lines.map((l) => [l.kind, l.game, l.gameRoundId, l.tableId])).toEqual([
      ['STAKE', 'blackjack', null, null], // posted without round metadata: nothing to name
      ['WIN', 'roulette', rouletteRound, rouletteTable],
      ['STAKE', 'roulette', rouletteRound, rouletteTable],
      ['DEPOSIT', null, null, null],
    ]);
  });

  it("issue 17: the reversal of a voided round's stake names the round it reverses", async () => {
    const asGamer = { authorization: `Bearer ${app.issueAccessToken({ audience: 'player', subject: gamer })}` };
    const lines = (await app.inject({ method: 'GET', url: '/v1/me/statement', headers: asGamer })).json().lines as Array<{
      kind: string;
      gameRoundId: string | null;
      amount: { amount: string };
    }>;
    expect(lines.map((l) => [l.kind, l.gameRoundId, l.amount.amount])).toEqual([
      ['REVERSAL', voidedRound, '10.00'],
      ['STAKE', voidedRound, '-10.00'],
      ['DEPOSIT', null, '100.00'],
    ]);
  });

  it('004:ACC-08 the overview of closed bets keeps the movements of games only', async () => {
    const bets = (await app.inject({ method: 'GET', url: '/v1/me/statement?betsOnly=true', headers: asPlayer() })).json();
    expect(bets.lines.map((l: { kind: string; game: string }) => `${l.kind} ${l.game}`)).toEqual([
      'STAKE blackjack',
      'WIN roulette',
      'STAKE roulette',
    ]);
  });

  it('002:REC-05 downloads as CSV (RFC 4180) with my movements only', async () => {
    const response = await app.inject({ method: 'GET', url: '/v1/me/statement.csv', headers: asPlayer() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    const rows = parse(response.rawPayload, { columns: true }) as Array<Record<string, string>>;
    expect(rows.map((r) => [r.kind, r.game, r.amount, r.amount_minor, r.balance_after])).toEqual([
      ['DEPOSIT', '', '300.00', '30000', '300.00'],
      ['STAKE', 'roulette', '-50.00', '-5000', '250.00'],
      ['WIN', 'roulette', '100.00', '10000', '350.00'],
      ['STAKE', 'blackjack', '-20.50', '-2050', '329.50'],
    ]);
    const period = await app.inject({
      method: 'GET',
      url: '/v1/me/statement.csv?from=2026-11-02T00:00:00Z&to=2026-11-03T00:00:00Z',
      headers: asPlayer(),
    });
    expect((parse(period.rawPayload, { columns: true }) as Array<Record<string, string>>).map((r) => r.balance_after)).toEqual([
      '250.00',
      '350.00',
    ]);
  });

  it('issue 10: the statement needs a player token', async () => {
    expect((await app.inject({ method: 'GET', url: '/v1/me/statement' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/v1/me/statement.csv' })).statusCode).toBe(401);
  });
});
