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
  ...tournament.freezeOut,
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

  it('003:R-WAL-08 003:R-PAY-02 003:S-85 002:SAT-01 004:GAM-P-T-21 the tickets of a seat satellite over HTTP: listed, used to register without paying; the state shows the seats and a mystery set', async () => {
    // The target: buy-in 90.00 + 10.00; the satellite: 3 × (50.00 + 5.00), one seat worth 100.00, 50.00 left to 2nd place.
    const target = await create({ ...sitAndGo(6, 'Main'), kind: 'scheduled', entrantsMin: 2, entrantsMax: 20 });
    const satellite = await create({
      ...sitAndGo(3, 'Satellite'),
      // CZ-FO pays satellite seats in cash (004:GAM-P-T-13); CZ-PS's satellites advance to the main phase (002:SAT-01).
      profileId: 'CZ-PS',
      entry: { startFeeMinor: 5_000n, feeMinor: 500n, chips: 1_500n },
      satellite: { seats: 1, targetBuyInMinor: 10_000n, targetTournamentId: target },
    });
    const players = [];
    for (let i = 0; i < 3; i++) players.push(await h.newPlayer({ deposit: '500.00', registered: true }));
    for (const p of players) expect((await register(p, satellite)).statusCode).toBe(201);
    expect((await state(players[0]!, satellite)).satellite).toEqual({
      seats: 1,
      seatValue: { amount: '100.00', currency: 'CZK' },
      targetTournamentId: target,
    });
    const director = await tournament.playTournamentAutomatically(h.app.platform.tournaments(), {
      tournamentId: satellite,
      rng: new SeededRng(41),
      decide: tournament.randomBot(new SeededRng(42), 35),
      handMs: 20_000,
    });
    const winnerEntry = director.finishes.find((f) => f.placeBest === 1)!.entryIds[0]!;
    const winner = players.find((p) => director.entries.get(winnerEntry)!.playerId === p.playerId)!;
    const listed = await h.app.inject({ method: 'GET', url: '/v1/poker/tournaments/tickets', headers: winner.headers });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().tickets).toEqual([
      expect.objectContaining({
        targetTournamentId: target,
        targetName: 'Main',
        satelliteTournamentId: satellite,
        value: { amount: '100.00', currency: 'CZK' },
        status: 'issued',
        entryId: null,
      }),
    ]);
    const before = await h.balance(winner);
    const entered = await register(winner, target);
    expect(entered.statusCode).toBe(201);
    expect(entered.json().ticketId).toBe(listed.json().tickets[0].ticketId);
    expect(await h.balance(winner)).toBe(before);
    const after = await h.app.inject({ method: 'GET', url: '/v1/poker/tournaments/tickets', headers: winner.headers });
    expect(after.json().tickets[0]).toMatchObject({ status: 'used', entryId: entered.json().entryId });
    expect((await state(winner, target)).prizePool.amount).toBe('90.00');
    expect(await ledger.findInvariantViolations(h.connections.db)).toEqual([]);

    const mystery = await create({
      ...sitAndGo(3, 'Mystery'),
      bounty: {
        kind: 'mystery',
        shareBps: 5_000,
        paidBps: 10_000,
        mystery: [
          { amountMinor: 10_000n, count: 1 },
          { amountMinor: 3_500n, count: 1 },
        ],
      },
    });
    expect((await state(winner, mystery)).mysteryBounties).toEqual({
      published: [
        { amount: { amount: '100.00', currency: 'CZK' }, count: 1 },
        { amount: { amount: '35.00', currency: 'CZK' }, count: 1 },
      ],
      remaining: null,
    });
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
