import { czFoProfile } from '@casino/operator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rouletteTable, startGameHarness, type GameHarness } from './test-support.ts';

let h: GameHarness;
beforeAll(async () => {
  h = await startGameHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('the lobby', () => {
  it('002:RG-09 / REG-03 beside the tables the lobby shows the operator and its contact, the authority that granted the basic licence, the harm warning with a help institution, and the terms', async () => {
    const table = await h.createTable(rouletteTable('lobby-notices'));
    const player = await h.newPlayer();
    const lobby = await h.app.inject({ method: 'GET', url: '/v1/tables', headers: player.headers });
    expect(lobby.statusCode).toBe(200);
    const body = lobby.json();
    expect(body.tables.map((t: { tableId: string }) => t.tableId)).toContain(table.id);
    expect(body.notices).toEqual(czFoProfile.lobby);
    expect(body.notices).toMatchObject({
      operator: { name: 'FORTUNA GAME a.s.', registeredOffice: expect.stringContaining('Praha'), contact: expect.any(String) },
      licence: { authority: 'Ministry of Finance of the Czech Republic' },
      harmWarning: {
        text: expect.stringMatching(/harmful/),
        url: expect.stringMatching(/^https:\/\//),
        help: { name: expect.any(String), contact: expect.stringMatching(/^https:\/\//) },
      },
      termsUrl: expect.stringMatching(/^https:\/\//),
    });
  });

  it('002:RG-10 the table view shows the player the time spent playing in their session and that gambling may be harmful', async () => {
    const table = await h.createTable(rouletteTable('time-indicator'));
    const player = await h.newPlayer({ deposit: '100.00' });
    const detail = async () =>
      (await h.app.inject({ method: 'GET', url: `/v1/tables/${table.id}`, headers: player.headers })).json();
    expect((await detail()).playing).toEqual({ session: null, harmWarning: czFoProfile.lobby.harmWarning.text });
    const seated = await h.app.inject({
      method: 'POST',
      url: `/v1/tables/${table.id}/seats`,
      headers: player.headers,
      payload: {},
    });
    expect(seated.statusCode).toBe(201);
    const startedAt = h.clock.now().toISOString();
    h.clock.advanceMs(5_000);
    const bet = await h.act(player, seated.json().roundId as string, {
      kind: 'place-bets',
      bets: [{ kind: 'outside', position: 'red', stake: { amount: '1.00', currency: 'CZK' } }],
      confirm: true,
    });
    expect(bet.statusCode).toBe(200);
    const playing = (await detail()).playing;
    expect(playing).toMatchObject({ session: { startedAt }, harmWarning: expect.stringMatching(/harmful/) });
    expect(playing.session.playedMs).toBe(5_000);
  });
});
