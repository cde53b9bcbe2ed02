/**
 * Poker tournaments over HTTP (issue 19): the lobby, registering and unregistering with the buy-in in
 * the ledger, a sit & go that starts when its last seat is taken and plays to the end through the
 * engine with automatic actions (the director driven directly), prizes credited, the pool at zero,
 * and refusals as problem+json. Real database and Redis, the game service's harness.
 */
import * as ledger from '@casino/ledger';
import { SeededRng } from '@casino/games';
import { tournament, type TournamentDefinition } from '@casino/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGameHarness, type GameHarness, type TestPlayer } from './test-support.ts';

let h: GameHarness;
beforeAll(async () => {
  h = await startGameHarness();
}, 60_000);
afterAll(async () => h?.close());

const sitAndGo = (size: number, name = 'SNG'): TournamentDefinition => ({
  name,
  profileId: 'CZ-FO',
  variant: 'holdem/no-limit',
  currency: 'CZK',
  kind: 'sit-and-go',
  seatsPerTable: 9,
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
  lateRegistrationLevels: 0,
  reEntry: null,
  rebuy: null,
  addOn: null,
  shootout: false,
  doubleOrNothing: false,
  satellite: null,
  guaranteeMinor: null,
  bounty: null,
  handForHandAbovePaidMax: 0,
});

const create = async (definition: TournamentDefinition) =>
  (await tournament.createTournament(h.app.platform.tournaments(), { definition })).tournamentId;
const register = (player: TestPlayer, id: string) =>
  h.app.inject({ method: 'POST', url: `/v1/poker/tournaments/${id}/registration`, headers: player.headers });
const state = async (player: TestPlayer, id: string) =>
  (await h.app.inject({ method: 'GET', url: `/v1/poker/tournaments/${id}`, headers: player.headers })).json();

describe('poker tournaments over HTTP (issue 19)', () => {
  it('002:SNG-01 004:GAM-P-T-11 004:GAM-P-T-03 004:GAM-P-T-10 000-001:TRN-01 000-001:A-51 003:R-TOUR-03 002:TRN-08 002:BET-03 000-001:UI-07 003:R-TOUR-01 a 6-seat sit & go starts when full, plays to the end, pays 65/35 % of the pool after fees', async () => {
    const id = await create(sitAndGo(6));
    const players = [];
    for (let i = 0; i < 6; i++) players.push(await h.newPlayer({ deposit: '500.00', registered: true }));
    const lobby = await h.app.inject({
      method: 'GET',
      url: '/v1/poker/tournaments?status=REGISTERING',
      headers: players[0]!.headers,
    });
    expect(lobby.json().tournaments.map((t: { tournamentId: string }) => t.tournamentId)).toContain(id);
    const answers = [];
    for (const p of players) answers.push(await register(p, id));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(answers.map((r) => r.json().started)).toEqual([false, false, false, false, false, true]);
    for (const p of players) expect(await h.balance(p)).toBe('400.00');
    const running = await state(players[0]!, id);
    expect(running).toMatchObject({ status: 'RUNNING', registered: 6, prizePool: { amount: '540.00', currency: 'CZK' } });
    expect(running.payouts).toEqual([
      { amount: '351.00', currency: 'CZK' },
      { amount: '189.00', currency: 'CZK' },
    ]);

    const bot = tournament.randomBot(new SeededRng(31), 35);
    const director = await tournament.playTournamentAutomatically(h.app.platform.tournaments(), {
      tournamentId: id,
      rng: new SeededRng(32),
      decide: bot,
      handMs: 20_000,
    });
    expect(director.chipViolation()).toBe(0n);
    const finished = await state(players[0]!, id);
    expect(finished.status).toBe('FINISHED');
    expect(finished.prizePool.amount).toBe('0.00');
    const prizes = finished.standings.map((s: { prize: { amount: string } }) => s.prize.amount).sort();
    expect(prizes).toEqual(['0.00', '0.00', '0.00', '0.00', '189.00', '351.00']);
    const balances = await Promise.all(players.map((p) => h.balance(p)));
    expect(balances.map((b) => Number(b)).reduce((s, b) => s + b, 0)).toBe(6 * 400 + 540);
    const mine = await h.app.inject({ method: 'GET', url: '/v1/poker/tournaments/mine', headers: players[0]!.headers });
    expect(mine.json().tournaments.map((t: { tournamentId: string }) => t.tournamentId)).toContain(id);
    expect(await ledger.findInvariantViolations(h.connections.db)).toEqual([]);
  });

  it('issue 19: unregistering gives the buy-in back; a started tournament refuses registration as problem+json with its reason', async () => {
    const id = await create(sitAndGo(2, 'HU'));
    const [a, b, c] = [
      await h.newPlayer({ registered: true }),
      await h.newPlayer({ registered: true }),
      await h.newPlayer({ registered: true }),
    ];
    expect((await register(a, id)).statusCode).toBe(201);
    const out = await h.app.inject({ method: 'DELETE', url: `/v1/poker/tournaments/${id}/registration`, headers: a.headers });
    expect(out.statusCode).toBe(204);
    expect(await h.balance(a)).toBe('1000.00');
    await register(a, id);
    expect((await register(b, id)).json().started).toBe(true);
    const late = await register(c, id);
    expect(late.statusCode).toBe(409);
    expect(late.headers['content-type']).toContain('application/problem+json');
    expect(late.json()).toMatchObject({
      type: 'https://problems.casino.example/tournament-registration-refused',
      reason: 'registration-closed',
    });
    expect(await h.balance(c)).toBe('1000.00');
  });

  it('issue 19: an unknown tournament is 404 and a malformed id 400, as problem+json', async () => {
    const p = await h.newPlayer({ registered: true });
    const missing = await h.app.inject({
      method: 'GET',
      url: '/v1/poker/tournaments/00000000-0000-4000-8000-000000000000',
      headers: p.headers,
    });
    expect(missing.statusCode).toBe(404);
    const bad = await h.app.inject({ method: 'POST', url: '/v1/poker/tournaments/not-a-uuid/registration', headers: p.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
  });

  it('002:WAL-09 002:BET-03 002:T-WAL-05 the buy-in is shown before registering (start fee, fee, the debit); a wallet the profile does not offer is refused as problem+json naming body.fromWallet and nothing is written; my entry shows on the tournament', async () => {
    const id = await create(sitAndGo(6, 'Wallet choice'));
    const a = await h.newPlayer({ deposit: '500.00', registered: true });
    const price = await h.app.inject({
      method: 'GET',
      url: `/v1/poker/tournaments/${id}/buy-in?fromWallet=CZK`,
      headers: a.headers,
    });
    expect(price.statusCode).toBe(200);
    expect(price.json()).toMatchObject({
      startFee: { amount: '90.00', currency: 'CZK' },
      fee: { amount: '10.00', currency: 'CZK' },
      total: { amount: '100.00', currency: 'CZK' },
      debit: { amount: '100.00', currency: 'CZK' },
      rate: null,
    });
    expect((await state(a, id)).mine).toBeNull();

    const refused = await h.app.inject({
      method: 'POST',
      url: `/v1/poker/tournaments/${id}/registration`,
      headers: a.headers,
      payload: { fromWallet: 'EUR' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.json()).toMatchObject({
      type: 'https://problems.casino.example/wallet-currency-not-offered',
      field: 'body.fromWallet',
    });
    expect((await state(a, id)).registered).toBe(0);

    const registered = await h.app.inject({
      method: 'POST',
      url: `/v1/poker/tournaments/${id}/registration`,
      headers: a.headers,
      payload: { fromWallet: 'CZK', confirmedDebit: { amount: '100.00', currency: 'CZK' } },
    });
    expect(registered.statusCode).toBe(201);
    expect(registered.json()).toMatchObject({ started: false, debit: { amount: '100.00', currency: 'CZK' } });
    expect((await state(a, id)).mine).toEqual({ status: 'registered', seated: false });
    await h.app.inject({ method: 'DELETE', url: `/v1/poker/tournaments/${id}/registration`, headers: a.headers });
    expect((await state(a, id)).mine).toEqual({ status: 'unregistered', seated: false });
  });
});
