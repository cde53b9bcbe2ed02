/**
 * Poker waiting lists over HTTP (issue 18, 003:R-TBL-04; docs/poker-tables.md): an SE table, full,
 * joined by parallel requests, its length in the lobby, the freed seat offered to the first and
 * refused to anyone else with a problem naming the rule, leaving the list. Real database and Redis.
 */
import { newId } from '@casino/core';
import { waitFor } from '@casino/core/testing';
import { demoPokerTables, pokerRuleProfiles } from '@casino/operator';
import { createPokerTable } from '@casino/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGameHarness, type GameHarness, type TestPlayer } from './test-support.ts';

let h: GameHarness;
beforeAll(async () => {
  h = await startGameHarness();
}, 60_000);
afterAll(async () => h?.close());

const czk = (amount: string) => ({ amount, currency: 'CZK' });
const request = (player: TestPlayer, method: 'POST' | 'DELETE' | 'GET', url: string, payload?: object) =>
  h.app.inject({
    method,
    url,
    headers: { ...player.headers, ...(payload ? { 'idempotency-key': newId() } : {}) },
    ...(payload ? { payload } : {}),
  });

type View = {
  table: { toAct: { seat: number; turn: number } | null };
  mine: { seat: number } | null;
  seatOffer?: { expiresAt: string };
};
const view = async (player: TestPlayer, tableId: string) =>
  (await request(player, 'GET', `/v1/poker/tables/${tableId}`)).json<View>();

describe('poker waiting list over HTTP (issue 18)', () => {
  it('003:R-TBL-04 SE: parallel joins of a full table get distinct places, the lobby shows the length, the freed seat is offered to the first and refused to others (problem naming the rule), leaving the list', async () => {
    const definition = demoPokerTables('CZK').find((d) => d.profileId === 'SE')!;
    const { id: tableId } = await createPokerTable(h.connections.db, {
      definition: { ...definition, name: `SE queue ${newId().slice(-6)}`, seatsMax: 2 },
      profile: pokerRuleProfiles.SE,
      now: h.clock.now(),
    });
    const buyIn = czk((Number(definition.buyInMinMinor) / 100).toFixed(2));
    const seated = [await h.newPlayer({ deposit: '2000.00' }), await h.newPlayer({ deposit: '2000.00' })];
    for (const player of seated)
      expect((await request(player, 'POST', `/v1/poker/tables/${tableId}/seats`, { buyIn })).statusCode).toBe(201);

    const joiners = await Promise.all(Array.from({ length: 4 }, () => h.newPlayer({ deposit: '2000.00' })));
    const joined = await Promise.all(joiners.map((p) => request(p, 'POST', `/v1/poker/tables/${tableId}/waiting-list`)));
    for (const response of joined) expect(response.statusCode, response.body).toBe(201);
    const places = joined.map((r) => r.json<{ place: number }>().place);
    expect([...places].sort()).toEqual([1, 2, 3, 4]);
    const inOrder = [1, 2, 3, 4].map((place) => joiners[places.indexOf(place)]!);

    const lobby = await h.app.inject({ method: 'GET', url: '/v1/tables?game=poker', headers: seated[0]!.headers });
    const { tables } = lobby.json<{ tables: Array<{ tableId: string; waitingListLength: number | null }> }>();
    expect(tables.find((t) => t.tableId === tableId)?.waitingListLength).toBe(4);

    // Leaving the list: out of it; leaving again is refused.
    expect((await request(inOrder[3]!, 'DELETE', `/v1/poker/tables/${tableId}/waiting-list/me`)).statusCode).toBe(204);
    const again = await request(inOrder[3]!, 'DELETE', `/v1/poker/tables/${tableId}/waiting-list/me`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ reason: 'not-waiting', rule: '003:R-TBL-04' });

    // A seat frees: the first player's to act leaves (SE: after the hand) and folds, ending the hand.
    await h.app.pokerRoom.runDue();
    const dealt = await waitFor(async () => ((await view(seated[0]!, tableId)).table.toAct ? true : null), {
      what: 'the first hand dealt',
    });
    expect(dealt).toBe(true);
    const states = await Promise.all(seated.map((p) => view(p, tableId)));
    const toAct = states.findIndex((s) => s.mine!.seat === s.table.toAct!.seat);
    const leaver = seated[toAct]!;
    expect((await request(leaver, 'DELETE', `/v1/poker/tables/${tableId}/seats/me`)).statusCode).toBe(200);
    const fold = await request(leaver, 'POST', `/v1/poker/tables/${tableId}/actions`, {
      action: 'fold',
      turn: states[toAct]!.table.toAct!.turn,
    });
    expect(fold.statusCode, fold.body).toBe(200);
    const offer = await waitFor(async () => (await view(inOrder[0]!, tableId)).seatOffer ?? null, {
      what: 'the seat offered to the first in the list',
    });
    expect(Date.parse(offer.expiresAt)).toBe(h.clock.now().getTime() + pokerRuleProfiles.SE.waitingList!.offerMs);

    const refused = await request(inOrder[1]!, 'POST', `/v1/poker/tables/${tableId}/seats`, { buyIn });
    expect(refused.statusCode).toBe(409);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json()).toMatchObject({ reason: 'seat-offered', rule: '003:R-TBL-04' });
    expect(refused.json<{ type: string }>().type).toContain('seat-reserved');
    expect((await request(inOrder[0]!, 'POST', `/v1/poker/tables/${tableId}/seats`, { buyIn })).statusCode).toBe(201);
  });
});
