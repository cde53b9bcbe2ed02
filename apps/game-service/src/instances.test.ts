import { newId } from '@casino/core';
import { waitFor } from '@casino/core/testing';
import type { App } from '@casino/http';
import { testServiceEnv } from '@casino/http/testing';
import { findInvariantViolations } from '@casino/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildGameService } from './app.ts';
import { loadGameServiceConfig } from './config.ts';
import { czk, rouletteTable, startGameHarness, type GameHarness } from './test-support.ts';

/** Two game-service instances on one database and one Redis, as behind a load balancer. */
let h: GameHarness;
let second: App;
let secondUrl: string;
beforeAll(async () => {
  h = await startGameHarness();
  second = await buildGameService({
    config: loadGameServiceConfig(testServiceEnv({ GAME_RATE_LIMIT_PER_MINUTE: '100000' })),
    connections: h.connections,
    redisKeyPrefix: h.connections.redisKeyPrefix,
    clock: h.clock,
  });
  secondUrl = await second.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await second?.close();
  await h?.close();
});

describe('game-service: several instances (issue 7)', () => {
  it('issue 7: a bet placed through one instance is pushed to a spectator connected to the other (Redis pub/sub)', async () => {
    const table = await h.createTable(rouletteTable('instances-push'));
    const player = await h.newPlayer();
    const watcher = await h.newPlayer();
    const { roundId } = (
      await h.app.inject({ method: 'POST', url: `/v1/tables/${table.id}/seats`, headers: player.headers, payload: {} })
    ).json();
    const socket = new WebSocket(`${secondUrl.replace('http', 'ws')}/v1/tables/${table.id}/stream?access_token=${watcher.token}`);
    const messages: Array<{ type: string; events?: Array<{ kind: string }> }> = [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data))));
    await new Promise((resolve) => socket.once('open', resolve));
    await waitFor(() => messages.some((m) => m.type === 'welcome'), { what: 'the welcome message' });
    expect(messages[0]).toMatchObject({ type: 'welcome', role: 'spectator' });
    await h.act(player, roundId, {
      kind: 'place-bets',
      bets: [{ kind: 'outside', position: 'red', stake: czk('4.00') }],
      confirm: true,
    });
    await waitFor(() => messages.some((m) => m.type === 'round'), { what: 'the round pushed through the other instance' });
    expect(messages.find((m) => m.type === 'round')).toMatchObject({
      roundId,
      events: expect.arrayContaining([expect.objectContaining({ kind: 'bets-confirmed' })]),
    });
    await new Promise((resolve) => (socket.once('close', resolve), socket.close()));
  });

  it("issue 7: both instances' schedulers run at once: every due round is driven by exactly one of them, once", async () => {
    const rounds: string[] = [];
    for (let i = 0; i < 8; i++) {
      const table = await h.createTable(rouletteTable(`instances-due-${i}`));
      const player = await h.newPlayer();
      const { roundId } = (
        await h.app.inject({ method: 'POST', url: `/v1/tables/${table.id}/seats`, headers: player.headers, payload: {} })
      ).json();
      await h.act(
        player,
        roundId,
        {
          kind: 'place-bets',
          bets: Array.from({ length: 37 }, (_, n) => ({ kind: 'inside', numbers: [n], stake: czk('1.00') })),
          confirm: true,
        },
        newId(),
      );
      rounds.push(roundId);
    }
    h.clock.advanceMs(20_000);
    const [a, b] = await Promise.all([h.app.gameScheduler.runOnce(), second.gameScheduler.runOnce()]);
    expect(a + b).toBeGreaterThanOrEqual(rounds.length);
    const settled = await h.connections.db.gameRound.findMany({ where: { id: { in: rounds } } });
    expect(settled.every((r) => r.status === 'SETTLED')).toBe(true);
    const wins = await h.connections.db.gameRoundPosting.groupBy({
      by: ['roundId'],
      where: { roundId: { in: rounds }, kind: 'WIN' },
      _count: { _all: true },
    });
    expect(wins.map((w) => w._count._all)).toEqual(rounds.map(() => 1));
    expect(await findInvariantViolations(h.connections.db)).toEqual([]);
  });
});
