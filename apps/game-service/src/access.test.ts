import { buildAdminApi, loadAdminApiConfig } from '@casino/test-support/apps';
import { defaultComplianceRules } from '@casino/compliance';
import { createTestStaff, testSecretBox, type TestStaff } from '@casino/compliance/testing';
import { newId } from '@casino/core';
import type { App } from '@casino/http';
import { testServiceEnv } from '@casino/http/testing';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { rouletteTable, startGameHarness, type GameHarness, type TestPlayer } from './test-support.ts';

/**
 * Issue 14 (1) and (5) on the game service: a player whose account staff closed is refused with the
 * token they hold (HTTP and the WebSocket), and every route authenticates before it reads the body.
 */
let h: GameHarness;
let admin: App;
let officer: TestStaff;

beforeAll(async () => {
  h = await startGameHarness();
  admin = await buildAdminApi({
    config: loadAdminApiConfig(testServiceEnv()),
    connections: h.connections,
    redisKeyPrefix: h.connections.redisKeyPrefix,
    clock: h.clock,
  });
  await admin.ready();
  officer = await createTestStaff(
    { db: h.connections.db, clock: h.clock, rules: defaultComplianceRules, secrets: testSecretBox },
    ['compliance-officer'],
  );
});

afterAll(async () => {
  await admin?.close();
  await h?.close();
});

function expectRefusedToken(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(401);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(response.json()).toMatchObject({ type: 'https://problems.casino.example/unauthorized', field: 'header.authorization' });
}

/** The close code the stream answers a connection with (4401: no valid player token). */
function streamCloseCode(player: TestPlayer, tableId: string): Promise<number | 'welcome'> {
  const socket = new WebSocket(`${h.url.replace('http', 'ws')}/v1/tables/${tableId}/stream`, { headers: player.headers });
  return new Promise((resolve, reject) => {
    socket.on('message', (data) => {
      if ((JSON.parse(String(data)) as { type: string }).type === 'welcome') {
        resolve('welcome');
        socket.close();
      }
    });
    socket.once('close', (code) => resolve(code));
    socket.once('error', reject);
  });
}

describe('issue 14 (1): game-service refuses the token of a closed account at once', () => {
  it('issue 14 (1): after staff close the account the old token gets 401 on the lobby and 4401 on the stream', async () => {
    const table = await h.createTable(rouletteTable(`access-${newId().slice(0, 8)}`));
    const player = await h.newPlayer();
    expect((await h.app.inject({ method: 'GET', url: '/v1/tables', headers: player.headers })).statusCode).toBe(200);
    expect(await streamCloseCode(player, table.id)).toBe('welcome');
    const closed = await admin.inject({
      method: 'POST',
      url: `/v1/players/${player.playerId}/actions`,
      headers: { authorization: `Bearer ${admin.issueAccessToken({ audience: 'staff', subject: officer.staffUserId })}` },
      payload: { action: 'close', reason: 'issue 14 access test', ground: 'iii', barReregistration: false },
    });
    expect(closed.statusCode).toBe(200);
    expectRefusedToken(await h.app.inject({ method: 'GET', url: '/v1/tables', headers: player.headers }));
    expect(await streamCloseCode(player, table.id)).toBe(4401);
  });
});

describe('issue 14 (5): game-service authenticates before it reads the body', () => {
  const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  it('issue 14 (5) / 004:ELG-03 / BET-02: an unauthenticated request with an invalid body gets 401, not 400: nobody plays or bets without logging in', async () => {
    expectRefusedToken(
      await h.app.inject({
        method: 'POST',
        url: `/v1/rounds/${newId()}/actions`,
        headers: { 'idempotency-key': newId() },
        payload: { kind: 'no-such-action' },
      }),
    );
    expectRefusedToken(await h.app.inject({ method: 'POST', url: `/v1/tables/not-a-uuid/seats`, payload: { seat: 'first' } }));
  });

  it('issue 14 (5): a 5,000-deep JSON body gets 401 without a token and 400 problem+json with one', async () => {
    const body = `{"kind":"place-bets","bets":${deep(5_000)},"confirm":true}`;
    const url = `/v1/rounds/${newId()}/actions`;
    expectRefusedToken(
      await h.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', 'idempotency-key': newId() },
        payload: body,
      }),
    );
    const player = await h.newPlayer();
    const response = await h.app.inject({
      method: 'POST',
      url,
      headers: { ...player.headers, 'content-type': 'application/json', 'idempotency-key': newId() },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({ type: 'https://problems.casino.example/validation-failed', field: 'body' });
  });
});
