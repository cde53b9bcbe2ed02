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
});
