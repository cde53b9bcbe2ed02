/**
 * Live tournament tables over HTTP and the WebSocket (issue 19): a sit & go started by its last
 * registration is driven by the game service's tournament room (one lease), and its players act with
 * the cash tables' own protocol: the REST snapshot and `POST …/tables/{id}/actions`, and the socket's
 * `act` (D-1786), the tournament addressed as a table by its id. Played to the end by test clients;
 * prizes in the ledger, the pool at zero. Real database and Redis, the game service's harness.
 */
import { newId, type AccountId } from '@casino/core';
import * as ledger from '@casino/ledger';
import { tournament, type TournamentDefinition } from '@casino/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGameHarness, type GameHarness, type TestPlayer, type TestSocket } from './test-support.ts';

let h: GameHarness;
beforeAll(async () => {
  h = await startGameHarness();
}, 60_000);
afterAll(async () => h?.close());

const sitAndGo = (size: number): TournamentDefinition => ({
  name: `Live SNG ${newId().slice(-6)}`,
  profileId: 'CZ-FO',
  variant: 'holdem/no-limit',
  currency: 'CZK',
  kind: 'sit-and-go',
  seatsPerTable: 6,
  entrantsMin: size,
  entrantsMax: size,
  entry: { startFeeMinor: 9_000n, feeMinor: 1_000n, chips: 1_500n },
  levels: Array.from({ length: 10 }, (_, i) => ({
    smallBlind: 10n << BigInt(i),
    bigBlind: 20n << BigInt(i),
    ante: 0n,
    durationMs: 60_000,
    breakAfterMs: 0,
  })),
  payouts: [{ entrantsMin: 2, placesBps: [6_500, 3_500] }],
  ...tournament.freezeOut,
  handForHandAbovePaidMax: 0,
});

const create = async (definition: TournamentDefinition) =>
  (await tournament.createTournament(h.app.platform.tournaments(), { definition })).tournamentId;
const register = (player: TestPlayer, id: string) =>
  h.app.inject({ method: 'POST', url: `/v1/poker/tournaments/${id}/registration`, headers: player.headers });

type Snapshot = {
  table: { tableId: string; toAct: { seat: number; turn: number } | null };
  mine: { seat: number; legal: { check: boolean; callMinor: string | null; allIn: boolean } | null } | null;
};

describe('live tournament tables over HTTP and the WebSocket (issue 19)', () => {
  it('002:SNG-01 004:GAM-P-T-03 000-001:TRN-17 003:R-TOUR-01 a sit & go played to the end by clients over REST and the socket: actions at the tournament table, prizes credited in the ledger', async () => {
    const id = await create(sitAndGo(3));
    const players: TestPlayer[] = [];
    for (let i = 0; i < 3; i++) players.push(await h.newPlayer({ deposit: '500.00', registered: true }));
    for (const [i, p] of players.entries()) {
      const r = await register(p, id);
      expect(r.statusCode, r.body).toBe(201);
      expect(r.json().started).toBe(i === 2);
    }
    // The first player plays over the socket, the others over REST.
    const socket: TestSocket = await h.connect(players[0]!, id);
    const welcome = await socket.next((m) => m.type === 'welcome', 'the welcome');
    expect(welcome).toMatchObject({ game: 'poker', role: 'player' });
    let socketActs = 0;
    let restActs = 0;
    for (let round = 0; ; round++) {
      expect(round, 'the sit & go ends').toBeLessThan(5_000);
      const status = (
        await h.app.inject({ method: 'GET', url: `/v1/poker/tournaments/${id}`, headers: players[0]!.headers })
      ).json().status as string;
      if (status !== 'RUNNING') {
        expect(status).toBe('FINISHED');
        break;
      }
      let acted = false;
      for (const [i, p] of players.entries()) {
        const got = await h.app.inject({ method: 'GET', url: `/v1/poker/tables/${id}`, headers: p.headers });
        if (got.statusCode !== 200) continue; // busted: no seat any more, or the tournament just ended
        const snap = got.json<Snapshot>();
        if (!snap.mine?.legal || !snap.table.toAct) continue;
        const action = snap.mine.legal.allIn && round % 2 === 0 ? 'all-in' : snap.mine.legal.check ? 'check' : 'call';
        const turn = snap.table.toAct.turn;
        if (i === 0) {
          const commandId = newId();
          socket.send({ type: 'act', commandId, action: { action, turn } });
          const answer = await socket.next((m) => m.commandId === commandId, 'the answer to the act');
          if (answer.type === 'poker-act') socketActs++;
        } else {
          const r = await h.app.inject({
            method: 'POST',
            url: `/v1/poker/tables/${id}/actions`,
            headers: { ...p.headers, 'idempotency-key': newId() },
            payload: { action, turn },
          });
          if (r.statusCode === 200) restActs++;
          else expect(r.statusCode, r.body).toBe(409);
        }
        acted = true;
      }
      if (!acted) {
        h.clock.advanceMs(1_000);
        await h.app.tournamentRoom.runDue();
      }
    }
    expect(socketActs).toBeGreaterThan(0);
    expect(restActs).toBeGreaterThan(0);
    // Pushes reached the socket: the player's own tournament seat view (with their table and the level).
    expect(
      socket.messages.some((m) => m.type === 'poker-seat' && (m.view as { tournamentId?: string } | null)?.tournamentId === id),
    ).toBe(true);
    await socket.close();
    const [row] = await h.connections.db.$queryRaw<[{ pool_account_id: string }]>`
      SELECT pool_account_id FROM tournament WHERE id = ${id}::uuid`;
    expect((await ledger.balance(h.connections.db, row.pool_account_id as AccountId)).toMinor()).toBe(0n);
    const entries = await h.connections.db.$queryRaw<{ player_id: string; place_best: number; prize_minor: bigint }[]>`
      SELECT player_id, place_best, prize_minor FROM tournament_entry WHERE tournament_id = ${id}::uuid ORDER BY place_best`;
    expect(entries.reduce((s, e) => s + e.prize_minor, 0n)).toBe(27_000n);
    const winner = players.find((p) => p.playerId === entries[0]!.player_id)!;
    // 500.00 deposited, 100.00 buy-in, 65 % of 270.00 won (unless the place was shared).
    const won = entries[0]!.prize_minor;
    expect((await ledger.balance(h.connections.db, winner.wallet)).toMinor()).toBe(50_000n - 10_000n + won);
  }, 600_000);

  it('002:SNG-01 issue 19: concurrent last registrations of a sit & go: exactly one starts it, the others are refused, nothing half-written', async () => {
    const id = await create(sitAndGo(3));
    const players: TestPlayer[] = [];
    for (let i = 0; i < 6; i++) players.push(await h.newPlayer({ deposit: '500.00', registered: true }));
    const answers = await Promise.all(players.map((p) => register(p, id)));
    const accepted = answers.filter((a) => a.statusCode === 201);
    expect(accepted).toHaveLength(3);
    expect(accepted.filter((a) => a.json().started === true)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 201))
      expect(refused.json()).toMatchObject({
        status: 409,
        type: 'https://problems.casino.example/tournament-registration-refused',
      });
    const [row] = await h.connections.db.$queryRaw<[{ status: string; entries: bigint }]>`
      SELECT t.status::text AS status, (SELECT count(*) FROM tournament_entry e WHERE e.tournament_id = t.id AND e.status = 'registered')::bigint AS entries
      FROM tournament t WHERE t.id = ${id}::uuid`;
    expect(row).toEqual({ status: 'RUNNING', entries: 3n });
  }, 120_000);
});
