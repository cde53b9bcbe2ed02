import { systemActor } from '@casino/compliance';
import { demoPokerTables, pokerRuleProfiles } from '@casino/operator';
import { createPokerTable, decidePrivateTableOrder } from '@casino/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGameHarness, type GameHarness } from './test-support.ts';

/** Issue 18: the player's alias and private tables over HTTP (docs/poker-tables.md#integrity). */
let h: GameHarness;
beforeAll(async () => {
  h = await startGameHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('the poker room for the player (issue 18)', () => {
  it('003:R-ALIAS-01 S-75 the alias is chosen once over HTTP; a second choice is refused as problem+json', async () => {
    const player = await h.newPlayer();
    const none = await h.app.inject({ method: 'GET', url: '/v1/poker/alias', headers: player.headers });
    expect(none.json()).toEqual({ alias: null });
    const chosen = await h.app.inject({
      method: 'POST',
      url: '/v1/poker/alias',
      headers: player.headers,
      payload: { alias: 'NightOwl' },
    });
    expect(chosen.statusCode).toBe(201);
    expect(chosen.json()).toMatchObject({ alias: 'NightOwl', replacedAt: null });
    const again = await h.app.inject({
      method: 'POST',
      url: '/v1/poker/alias',
      headers: player.headers,
      payload: { alias: 'DayOwl' },
    });
    expect(again.statusCode).toBe(422);
    expect(again.headers['content-type']).toContain('application/problem+json');
    expect(again.json()).toMatchObject({
      type: 'https://problems.casino.example/poker-alias-refused',
      reason: 'alias-already-chosen',
      field: 'body.alias',
    });
  });

  it('003:R-PRIV-02 S-92 R-PRIV-05 a private table is ordered a day ahead, never for today; approved, the lobby lists it to its members and to whoever gave the password', async () => {
    const template = demoPokerTables('CZK').find((t) => t.profileId === 'SE')!;
    const { id: templateTableId } = await createPokerTable(h.connections.db, {
      definition: template,
      profile: pokerRuleProfiles.SE,
      now: h.clock.now(),
    });
    const orderer = await h.newPlayer();
    const other = await h.newPlayer();
    const order = (gameDay: string) =>
      h.app.inject({
        method: 'POST',
        url: '/v1/poker/private-tables',
        headers: orderer.headers,
        payload: { templateTableId, name: 'Book club', gameDay, seatsMax: 4, termsAccepted: true },
      });
    const today = h.clock.now().toISOString().slice(0, 10);
    const refused = await order(today);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ reason: 'too-late', field: 'body.gameDay' });
    const tomorrow = new Date(h.clock.now().getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
    const ordered = await order(tomorrow);
    expect(ordered.statusCode).toBe(201);
    expect(ordered.json()).toMatchObject({ status: 'PENDING', gameDay: tomorrow });
    const mine = await h.app.inject({ method: 'GET', url: '/v1/poker/private-tables', headers: orderer.headers });
    expect(mine.json().orders.map((o: { orderId: string }) => o.orderId)).toEqual([ordered.json().orderId]);

    const { order: approved, password } = await decidePrivateTableOrder(
      // Staff decide in the admin API, which mails the password; the game service holds no mail key.
      { ...h.app.platform.pokerIntegrity(), sendEmail: async () => undefined },
      systemActor('test'),
      {
        orderId: ordered.json().orderId,
        approve: true,
        reason: 'fine',
      },
    );
    const listed = async (headers: { authorization: string }) =>
      (await h.app.inject({ method: 'GET', url: '/v1/tables?game=poker', headers }))
        .json()
        .tables.map((t: { tableId: string }) => t.tableId);
    expect(await listed(orderer.headers)).toContain(approved.tableId);
    expect(await listed(other.headers)).not.toContain(approved.tableId);
    const url = `/v1/poker/tables/${approved.tableId}/password`;
    const wrong = await h.app.inject({ method: 'POST', url, headers: other.headers, payload: { password: 'NOT-IT' } });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ reason: 'wrong-password' });
    expect((await h.app.inject({ method: 'POST', url, headers: other.headers, payload: { password } })).statusCode).toBe(200);
    expect(await listed(other.headers)).toContain(approved.tableId);
  });
});
