/**
 * Rebuys, add-ons, re-entry and late registration over the player API (issue 19, D-1936), and live
 * tournament hands in `poker_hand` (D-1937). A running CZ-FO multi-table tournament driven by the game
 * service's tournament room; purchases go to the instance driving it, are checked there on the
 * tournament clock, and are paid like a registration (wallet → pool, wallet → fee revenue) in the
 * transaction that records them. Real database and Redis, the game service's harness and its manual clock.
 */
import { newId, type AccountId } from '@casino/core';
import { cryptoRng } from '@casino/games';
import * as ledger from '@casino/ledger';
import { tournament, type TournamentDefinition } from '@casino/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGameHarness, type GameHarness, type TestPlayer } from './test-support.ts';

let h: GameHarness;
beforeAll(async () => {
  h = await startGameHarness();
}, 60_000);
afterAll(async () => h?.close());

const levelMs = 60_000;

const rebuyTournament = (): TournamentDefinition => ({
  name: `Rebuy MTT ${newId().slice(-6)}`,
  profileId: 'CZ-FO',
  variant: 'holdem/no-limit',
  currency: 'CZK',
  kind: 'scheduled',
  seatsPerTable: 6,
  entrantsMin: 2,
  entrantsMax: 9,
  entry: { startFeeMinor: 9_000n, feeMinor: 1_000n, chips: 1_500n },
  levels: Array.from({ length: 10 }, (_, i) => ({
    smallBlind: 10n << BigInt(i),
    bigBlind: 20n << BigInt(i),
    ante: 0n,
    durationMs: levelMs,
    breakAfterMs: i === 1 ? levelMs : 0,
  })),
  payouts: [{ entrantsMin: 2, placesBps: [10_000] }],
  lateRegistrationLevels: 2,
  reEntry: { entriesMax: 2 },
  // Rebuys while at most the starting chips, in the first two levels, twice at most (002:TRN-RB-02/03/05).
  rebuy: { startFeeMinor: 9_000n, feeMinor: 1_000n, chips: 1_500n, periodLevels: 2, countMax: 2, chipsAtMost: 1_500n },
  addOn: { startFeeMinor: 9_000n, feeMinor: 1_000n, chips: 3_000n, afterLevel: 2 },
  shootout: false,
  doubleOrNothing: false,
  satellite: null,
  guaranteeMinor: null,
  bounty: null,
  handForHandAbovePaidMax: 0,
});

/** A running live tournament with `players` registered through the API, claimed by the tournament room. */
async function running(players: TestPlayer[]): Promise<string> {
  const ctx = h.app.platform.tournaments();
  const { tournamentId } = await tournament.createTournament(ctx, {
    definition: rebuyTournament(),
    startsAt: new Date(h.clock.now().getTime() + 3_600_000),
  });
  for (const p of players) {
    const r = await h.app.inject({
      method: 'POST',
      url: `/v1/poker/tournaments/${tournamentId}/registration`,
      headers: p.headers,
    });
    expect(r.statusCode, r.body).toBe(201);
  }
  const started = await tournament.startTournament(ctx, tournamentId, { live: { rng: cryptoRng } });
  expect(started.started).toBe(true);
  return tournamentId;
}

const buy = (player: TestPlayer, id: string, kind: string, key = newId()) =>
  h.app.inject({
    method: 'POST',
    url: `/v1/poker/tournaments/${id}/purchases`,
    headers: { ...player.headers, 'idempotency-key': key },
    payload: { kind },
  });

const poolOf = async (id: string) => {
  const [row] = await h.connections.db.$queryRaw<[{ pool_account_id: string }]>`
    SELECT pool_account_id FROM tournament WHERE id = ${id}::uuid`;
  return (await ledger.balance(h.connections.db, row.pool_account_id as AccountId)).toMinor();
};
const walletOf = async (p: TestPlayer) => (await ledger.balance(h.connections.db, p.wallet)).toMinor();
const liveEntries = async (id: string) => {
  const [row] = await h.connections.db.$queryRaw<
    [{ live_state: unknown }]
  >`SELECT live_state FROM tournament WHERE id = ${id}::uuid`;
  return tournament.liveStateFromJson(row.live_state).director.entries;
};
const refusalReason = (body: string) => (JSON.parse(body) as { reason?: string }).reason;

describe('tournament purchases over the player API (issue 19, D-1936)', () => {
  it('002:TRN-RB-05 002:TRN-RB-07 004:GAM-P-T-15 000-001:T-66 parallel rebuys of one player: one applied for the eligible moment, paid to pool and fee revenue, chips pending for the next hand; the same key answers again', async () => {
    const players: TestPlayer[] = [];
    for (let i = 0; i < 2; i++) players.push(await h.newPlayer({ deposit: '500.00', registered: true }));
    const id = await running(players);
    const [a] = players as [TestPlayer, TestPlayer];
    const walletBefore = await walletOf(a);
    const poolBefore = await poolOf(id);
    const keys = Array.from({ length: 5 }, () => newId());
    const answers = await Promise.all(keys.map((key) => buy(a, id, 'rebuy', key)));
    const applied = answers.filter((r) => r.statusCode === 201);
    expect(applied, answers.map((r) => r.body).join('\n')).toHaveLength(1);
    expect(applied[0]!.json()).toMatchObject({ kind: 'rebuy', chips: '1500', replayed: false });
    for (const refused of answers.filter((r) => r.statusCode !== 201)) {
      expect(refused.json()).toMatchObject({ status: 409, type: 'https://problems.casino.example/tournament-purchase-refused' });
      // 1,500 chips + 1,500 bought are above the 1,500 a rebuy allows.
      expect(refusalReason(refused.body)).toBe('rebuy-chips');
    }
    expect(await walletOf(a)).toBe(walletBefore - 10_000n);
    expect(await poolOf(id)).toBe(poolBefore + 9_000n);
    const [entry] = await h.connections.db.$queryRaw<[{ rebuys: number; paid_start_minor: bigint; paid_fee_minor: bigint }]>`
      SELECT rebuys, paid_start_minor, paid_fee_minor FROM tournament_entry WHERE tournament_id = ${id}::uuid AND player_id = ${a.playerId}::uuid`;
    expect(entry).toEqual({ rebuys: 1, paid_start_minor: 18_000n, paid_fee_minor: 2_000n });
    // Persisted with the payment: the director's chips bought include the rebuy (a takeover restores them).
    const mine = (await liveEntries(id)).find((e) => e.playerId === a.playerId)!;
    expect(mine.rebuys).toBe(1);
    expect(mine.chipsBought).toBe(3_000n);
    // The first key again: the first answer, nothing moved.
    const key = keys[answers.indexOf(applied[0]!)]!;
    const again = await buy(a, id, 'rebuy', key);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ kind: 'rebuy', replayed: true, entryId: applied[0]!.json().entryId });
    expect(await walletOf(a)).toBe(walletBefore - 10_000n);
    // The same key for another purchase is a different request.
    expect((await buy(a, id, 'add-on', key)).statusCode).toBe(409);
  }, 120_000);

  it('000-001:TRN-06 004:GAM-P-T-14 002:TRN-RB-08 late registration during the period seats a new entry paid like a registration; re-entry, add-on and a second registration are refused by the rules', async () => {
    const players: TestPlayer[] = [];
    for (let i = 0; i < 2; i++) players.push(await h.newPlayer({ deposit: '500.00', registered: true }));
    const id = await running(players);
    const late = await h.newPlayer({ deposit: '500.00', registered: true });
    const poolBefore = await poolOf(id);
    const r = await buy(late, id, 'late-registration');
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ kind: 'late-registration', chips: '1500' });
    expect(await walletOf(late)).toBe(50_000n - 10_000n);
    expect(await poolOf(id)).toBe(poolBefore + 9_000n);
    const entries = await liveEntries(id);
    expect(entries.map((e) => e.entryId)).toContain(r.json().entryId);
    const [row] = await h.connections.db.$queryRaw<[{ n: bigint }]>`
      SELECT count(*)::bigint AS n FROM tournament_entry WHERE tournament_id = ${id}::uuid AND player_id = ${late.playerId}::uuid AND status = 'registered'`;
    expect(row.n).toBe(1n);
    const again = await buy(late, id, 'late-registration');
    expect(again.statusCode).toBe(409);
    expect(refusalReason(again.body)).toBe('already-registered');
    const reEntry = await buy(players[0]!, id, 're-entry');
    expect(reEntry.statusCode).toBe(409);
    expect(refusalReason(reEntry.body)).toBe('still-in');
    const addOn = await buy(players[0]!, id, 'add-on');
    expect(addOn.statusCode).toBe(409);
    expect(refusalReason(addOn.body)).toBe('add-on-not-open');
    const stranger = await buy(await h.newPlayer({ deposit: '500.00', registered: true }), id, 're-entry');
    expect(stranger.statusCode).toBe(409);
    expect(refusalReason(stranger.body)).toBe('not-registered');
  }, 120_000);

  it('002:TRN-RB-02 004:T-149 a rebuy racing the end of the rebuy period is either applied and paid or refused with nothing moved; after the period rebuys and late registration are refused', async () => {
    const players: TestPlayer[] = [];
    for (let i = 0; i < 2; i++) players.push(await h.newPlayer({ deposit: '500.00', registered: true }));
    const id = await running(players);
    const b = players[1]!;
    const walletBefore = await walletOf(b);
    // The period ends after two levels: the request and the clock passing it race.
    h.clock.advanceMs(2 * levelMs - 1);
    const [raced] = await Promise.all([buy(b, id, 'rebuy'), Promise.resolve().then(() => h.clock.advanceMs(1))]);
    const [entry] = await h.connections.db.$queryRaw<[{ rebuys: number }]>`
      SELECT rebuys FROM tournament_entry WHERE tournament_id = ${id}::uuid AND player_id = ${b.playerId}::uuid`;
    if (raced.statusCode === 201) {
      expect(entry.rebuys).toBe(1);
      expect(await walletOf(b)).toBe(walletBefore - 10_000n);
    } else {
      expect(raced.statusCode, raced.body).toBe(409);
      expect(['rebuy-period-over', 'rebuy-chips']).toContain(refusalReason(raced.body));
      expect(entry.rebuys).toBe(0);
      expect(await walletOf(b)).toBe(walletBefore);
    }
    const after = await buy(b, id, 'rebuy');
    expect(after.statusCode).toBe(409);
    expect(refusalReason(after.body)).toBe('rebuy-period-over');
    // Late registration runs through the break after its last level (the clock's rule); after it, closed.
    h.clock.advanceMs(levelMs);
    const late = await buy(await h.newPlayer({ deposit: '500.00', registered: true }), id, 'late-registration');
    expect(late.statusCode).toBe(409);
    expect(refusalReason(late.body)).toBe('late-registration-closed');
  }, 120_000);
});

describe('tournament purchases from a chosen wallet over the player API (issue 26, D-2618)', () => {
  it('002:WAL-09 002:BET-04 002:T-WAL-05 002:TRN-RB-01 a rebuy names its wallet and the debit confirmed through the forwarded command: a wallet the profile does not offer is problem+json on body.fromWallet, a debit other than the price is fx-quote-expired, nothing moved either way; the price shown for the rebuy then buys it once', async () => {
    const players: TestPlayer[] = [];
    for (let i = 0; i < 2; i++) players.push(await h.newPlayer({ deposit: '500.00', registered: true }));
    const id = await running(players);
    const [a] = players as [TestPlayer, TestPlayer];
    const walletBefore = await walletOf(a);
    const poolBefore = await poolOf(id);
    const pay = (payload: object, key = newId()) =>
      h.app.inject({
        method: 'POST',
        url: `/v1/poker/tournaments/${id}/purchases`,
        headers: { ...a.headers, 'idempotency-key': key },
        payload: { kind: 'rebuy', ...payload },
      });
    const notOffered = await pay({ fromWallet: 'SEK' });
    expect(notOffered.statusCode, notOffered.body).toBe(422);
    expect(notOffered.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(notOffered.json()).toMatchObject({
      type: 'https://problems.casino.example/wallet-currency-not-offered',
      field: 'body.fromWallet',
    });
    const price = await h.app.inject({
      method: 'GET',
      url: `/v1/poker/tournaments/${id}/buy-in?fromWallet=CZK&purchase=rebuy`,
      headers: a.headers,
    });
    expect(price.statusCode, price.body).toBe(200);
    expect(price.json()).toMatchObject({
      total: { amount: '100.00', currency: 'CZK' },
      debit: { amount: '100.00', currency: 'CZK' },
    });
    const key = newId();
    const stale = await pay({ fromWallet: 'CZK', confirmedDebit: { amount: '99.00', currency: 'CZK' } }, key);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({
      type: 'https://problems.casino.example/fx-quote-expired',
      field: 'body.confirmedDebit',
    });
    expect(await walletOf(a)).toBe(walletBefore);
    expect(await poolOf(id)).toBe(poolBefore);
    // Confirmed again with the amount shown, under the same key (nothing was recorded for it): bought once.
    const bought = await pay({ fromWallet: 'CZK', confirmedDebit: price.json().debit }, key);
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json()).toMatchObject({ kind: 'rebuy', replayed: false });
    const again = await pay({ fromWallet: 'CZK', confirmedDebit: price.json().debit }, key);
    expect(again.json()).toMatchObject({ kind: 'rebuy', replayed: true });
    expect(await walletOf(a)).toBe(walletBefore - 10_000n);
    expect(await poolOf(id)).toBe(poolBefore + 9_000n);
  }, 120_000);
});

describe('live tournament hands in poker_hand (issue 19, D-1937)', () => {
  it('000-001:REC-01 002:PK-SHOW-04 a live tournament hand is recorded, listed among the player’s hands of the tournament and recalled by id; a stranger sees none', async () => {
    const players: TestPlayer[] = [];
    for (let i = 0; i < 2; i++) players.push(await h.newPlayer({ deposit: '500.00', registered: true }));
    const id = await running(players);
    // Nobody acts: the clock plays every turn by the time-out rule until a hand is committed.
    let hands: { handId: string; seat: number; putIn: string }[] = [];
    for (let step = 0; hands.length === 0; step++) {
      expect(step, 'a hand completes').toBeLessThan(500);
      await h.app.inject({ method: 'GET', url: `/v1/poker/tables/${id}`, headers: players[0]!.headers });
      h.clock.advanceMs(5_000);
      await h.app.tournamentRoom.runDue();
      const list = await h.app.inject({ method: 'GET', url: `/v1/poker/tournaments/${id}/hands`, headers: players[0]!.headers });
      expect(list.statusCode, list.body).toBe(200);
      hands = list.json().hands;
    }
    const handId = hands[0]!.handId;
    const recalled = await h.app.inject({ method: 'GET', url: `/v1/poker/hands/${handId}`, headers: players[0]!.headers });
    expect(recalled.statusCode, recalled.body).toBe(200);
    expect(recalled.json()).toMatchObject({ handId, tournamentId: id, seat: hands[0]!.seat });
    const staffPage = await tournament.tournamentHands(h.connections.db, id);
    expect(staffPage.hands.map((x) => x.handId)).toContain(handId);
    expect(staffPage.hands.find((x) => x.handId === handId)!.players).toHaveLength(2);
    const stranger = await h.newPlayer({ deposit: '10.00', registered: true });
    const theirs = await h.app.inject({ method: 'GET', url: `/v1/poker/tournaments/${id}/hands`, headers: stranger.headers });
    expect(theirs.statusCode).toBe(404);
    const unknown = await h.app.inject({
      method: 'GET',
      url: `/v1/poker/tournaments/${newId()}/hands`,
      headers: stranger.headers,
    });
    expect(unknown.statusCode).toBe(404);
  }, 180_000);
});

describe('declining a rebuy offer over the player API (issue 19, D-1961)', () => {
  it('002:TRN-RB-04 004:GAM-P-T-15 a player out of chips in the rebuy period is offered the rebuy and declines it by leaving the table: out at once', async () => {
    const players: TestPlayer[] = [];
    for (let i = 0; i < 3; i++) players.push(await h.newPlayer({ deposit: '500.00', registered: true }));
    const id = await running(players);
    type Snap = { table: { toAct: { turn: number } | null }; mine: { legal: { allIn: boolean; check: boolean } | null } | null };
    let offered: { playerId: string; entryId: string } | undefined;
    for (let round = 0; !offered; round++) {
      expect(round, 'someone runs out of chips').toBeLessThan(2_000);
      let acted = false;
      for (const p of players) {
        const got = await h.app.inject({ method: 'GET', url: `/v1/poker/tables/${id}`, headers: p.headers });
        if (got.statusCode !== 200) continue;
        const snap = got.json<Snap>();
        if (!snap.mine?.legal || !snap.table.toAct) continue;
        const action = snap.mine.legal.allIn ? 'all-in' : snap.mine.legal.check ? 'check' : 'call';
        await h.app.inject({
          method: 'POST',
          url: `/v1/poker/tables/${id}/actions`,
          headers: { ...p.headers, 'idempotency-key': newId() },
          payload: { action, turn: snap.table.toAct.turn },
        });
        acted = true;
      }
      if (!acted) {
        h.clock.advanceMs(1_000);
        await h.app.tournamentRoom.runDue();
      }
      offered = (await liveEntries(id)).find((e) => e.active && e.rebuyOffer);
    }
    const leaver = players.find((p) => p.playerId === offered!.playerId)!;
    const stayer = players.find((p) => p.playerId !== leaver.playerId)!;
    const walletBefore = await walletOf(leaver);
    const left = await h.app.inject({ method: 'DELETE', url: `/v1/poker/tables/${id}/seats/me`, headers: leaver.headers });
    expect(left.statusCode, left.body).toBe(200);
    const after = (await liveEntries(id)).find((e) => e.entryId === offered!.entryId)!;
    expect(after.active).toBe(false);
    expect(after.rebuyOffer ?? null).toBeNull();
    // Nothing was bought: the wallet is as it was. A player still in cannot leave a tournament table.
    expect(await walletOf(leaver)).toBe(walletBefore);
    const refused = await h.app.inject({ method: 'DELETE', url: `/v1/poker/tables/${id}/seats/me`, headers: stayer.headers });
    if ((await liveEntries(id)).some((e) => e.active && e.playerId === stayer.playerId && !e.rebuyOffer)) {
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({
        type: 'https://problems.casino.example/poker-action-refused',
        reason: 'tournament-seat',
      });
    }
  }, 180_000);
});
