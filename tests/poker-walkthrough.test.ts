/**
 * docs/poker-tables.md's walkthrough, step by step, over real HTTP and a real WebSocket against the
 * platform (player API, game service, the seeded demo poker room): log in, list the poker tables,
 * sit with a buy-in, watch the pushes, act, leave, download the hand. If this test changes, the
 * walkthrough changes with it (issue 16).
 */
import { Money, newId, type AccountId } from '@casino/core';
import { waitFor } from '@casino/core/testing';
import { transaction } from '@casino/db';
import { buildGameService, loadGameServiceConfig } from '@casino/game-service';
import type { App } from '@casino/http';
import { testServiceEnv } from '@casino/http/testing';
import { findInvariantViolations } from '@casino/ledger';
import { creditTemporaryDeposit } from '@casino/players';
import {
  applicationFor,
  gameServiceRedisPrefix,
  newPerson,
  registerToTemporaryAccount,
  startHarness,
  type Harness,
} from '@casino/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { seedDemoPokerTables } from '../prisma/seed.ts';

let h: Harness;
let games: App;
let api: string;
let game: string;
beforeAll(async () => {
  h = await startHarness(new Date('2026-12-02T18:00:00Z'));
  games = await buildGameService({
    config: loadGameServiceConfig(testServiceEnv({ GAME_RATE_LIMIT_PER_MINUTE: '100000' })),
    connections: h.connections,
    redisKeyPrefix: gameServiceRedisPrefix(h.connections),
    clock: h.clock,
  });
  api = await h.api.listen({ host: '127.0.0.1', port: 0 });
  game = await games.listen({ host: '127.0.0.1', port: 0 });
  await seedDemoPokerTables(h.connections.db);
}, 120_000);
afterAll(async () => {
  await games?.close();
  await h?.close();
});

/** A player registered as docs/players.md shows, with a deposit; returns their login. */
async function playerWithDeposit(amount: string) {
  const application = applicationFor(await newPerson(h));
  const player = await registerToTemporaryAccount(h, application);
  await transaction(h.connections.db, (tx) =>
    creditTemporaryDeposit(
      tx,
      {
        playerId: player.playerId,
        amount: Money.of(amount, 'CZK'),
        channel: 'cashless',
        sourceAccountId: h.pspAccountId as AccountId,
        idempotencyKey: `deposit:${newId()}`,
      },
      h.clock.now(),
    ),
  );
  return { email: player.email, password: application.password as string };
}

async function call(base: string, method: string, path: string, token?: string, body?: object, key?: string) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  return { status: response.status, body: (type.includes('json') ? JSON.parse(text) : text) as never, text };
}

/** The walkthrough's WebSocket snippet: every message printed (here: kept). */
function watch(token: string, tableId: string) {
  const messages: Array<Record<string, unknown>> = [];
  const socket = new WebSocket(`${game.replace('http', 'ws')}/v1/tables/${tableId}/stream?access_token=${token}`);
  socket.on('message', (data) => messages.push(JSON.parse(String(data)) as Record<string, unknown>));
  return { socket, messages };
}

type Snapshot = {
  table: { toAct: { seat: number; turn: number } | null; handNumber: number };
  mine: { seat: number; legal: { check: boolean } | null } | null;
};

describe('docs/poker-tables.md walkthrough (issue 16)', () => {
  it('002:PK-SHOW-04 log in, list the poker tables, sit with a buy-in, watch the pushes, act, leave and download the hand', async () => {
    // Two players: a hand needs two (the demo player and one you register, in the document).
    const registered = [await playerWithDeposit('500.00'), await playerWithDeposit('500.00')];
    const tokens: string[] = [];
    for (const player of registered) {
      // Step 1: log in.
      const login = await call(api, 'POST', '/v1/auth/login', undefined, { email: player.email, password: player.password });
      expect(login.status, login.text).toBe(200);
      tokens.push((login.body as { accessToken: string }).accessToken);
    }
    const [me, other] = tokens as [string, string];

    // Step 2: the poker lobby; every profile has a demo table.
    const lobby = await call(game, 'GET', '/v1/tables?game=poker', me);
    expect(lobby.status).toBe(200);
    const tables = (
      lobby.body as { tables: Array<{ tableId: string; name: string; profile: string; buyInMin: { amount: string } }> }
    ).tables;
    expect(new Set(tables.map((t) => t.profile))).toEqual(new Set(['HR', 'AT', 'CZ-PS', 'SE', 'CZ-FO']));
    const plzen = tables.find((t) => t.name === 'Plzeň')!;
    expect(plzen.buyInMin.amount).toBe('80.00');

    // Step 3: watch the table before sitting down (a spectator's welcome).
    const watching = watch(me, plzen.tableId);
    await waitFor(() => watching.messages.find((m) => m.type === 'welcome'), { what: 'the welcome' });
    expect(watching.messages[0]).toMatchObject({ type: 'welcome', game: 'poker', role: 'spectator' });

    // Step 4: sit with a buy-in (and the second player too: the hand is dealt).
    const sat = await call(
      game,
      'POST',
      `/v1/poker/tables/${plzen.tableId}/seats`,
      me,
      { buyIn: { amount: '100.00', currency: 'CZK' } },
      newId(),
    );
    expect(sat.status, sat.text).toBe(201);
    expect(
      (
        await call(
          game,
          'POST',
          `/v1/poker/tables/${plzen.tableId}/seats`,
          other,
          { buyIn: { amount: '100.00', currency: 'CZK' } },
          newId(),
        )
      ).status,
    ).toBe(201);
    await waitFor(() => watching.messages.find((m) => m.type === 'poker-table' && (m.view as { toAct: unknown }).toAct), {
      what: 'a poker-table push with a hand running',
    });

    // Step 5: act on your turn (check or call down), with the turn number from the view.
    for (let step = 0; step < 20; step++) {
      const mine = (await call(game, 'GET', `/v1/poker/tables/${plzen.tableId}`, me)).body as Snapshot;
      const theirs = (await call(game, 'GET', `/v1/poker/tables/${plzen.tableId}`, other)).body as Snapshot;
      const toAct = mine.table.toAct;
      if (toAct === null) break;
      const [token, view] = toAct.seat === mine.mine!.seat ? [me, mine] : [other, theirs];
      const action = view.mine!.legal!.check ? 'check' : 'call';
      const acted = await call(
        game,
        'POST',
        `/v1/poker/tables/${plzen.tableId}/actions`,
        token,
        { action, turn: toAct.turn },
        newId(),
      );
      expect(acted.status, acted.text).toBe(200);
    }
    await waitFor(() => watching.messages.find((m) => m.type === 'poker-seat'), { what: 'a poker-seat push' });

    // Step 6: the hand is over: leave; the chips go back to the wallet.
    const hands = await waitFor(
      async () => {
        const page = (await call(game, 'GET', '/v1/poker/hands', me)).body as { hands: Array<{ handId: string }> };
        return page.hands.length > 0 ? page.hands : null;
      },
      { what: 'the hand in my hands' },
    );
    const left = await call(game, 'DELETE', `/v1/poker/tables/${plzen.tableId}/seats/me`, me);
    expect(left.status, left.text).toBe(200);

    // Step 7: download the hand (CZ-FO gives players their hands).
    const text = await call(game, 'GET', `/v1/poker/hands/${hands[0]!.handId}.txt`, me);
    expect(text.status, text.text).toBe(200);
    expect(text.text).toContain('Plzeň');
    expect(text.text).toContain('*** SUMMARY ***');
    watching.socket.close();
    expect(await findInvariantViolations(h.connections.db)).toEqual([]);
  });
});
