/**
 * Poker cash tables over HTTP and the WebSocket (issue 16): the lobby, buy-ins at the range's edges
 * and against the balance and the self-limits, the betting actions and their refusals (nothing
 * changes on a refusal), top-ups, time-outs, rake, hand histories and chat, per rule profile, on the
 * real database and Redis with the game service's harness (manual clock: the room's deadlines run
 * when the test moves the clock and asks the room to run what is due).
 */
import { createStaffPerRole, staffUserWithRole } from '@casino/compliance/testing';
import { Money, newId } from '@casino/core';
import { waitFor } from '@casino/core/testing';
import { testServiceEnv } from '@casino/http/testing';
import { demoPokerTables, pokerRuleProfiles } from '@casino/operator';
import { createPokerTable, pokerHandPauseMsDefault, type PokerRuleProfileId } from '@casino/tables';
import { buildAdminApi, loadAdminApiConfig } from '@casino/test-support/apps';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rouletteTable, startGameHarness, type GameHarness, type TestPlayer } from './test-support.ts';

let h: GameHarness;
beforeAll(async () => {
  h = await startGameHarness();
}, 60_000);
afterAll(async () => h?.close());

const czkOf = (minor: bigint | string) => Money.fromMinor(BigInt(minor), 'CZK').toDecimalString();
const czk = (amount: string) => ({ amount, currency: 'CZK' });

type Snapshot = {
  table: {
    version: number;
    handId: string | null;
    handNumber: number;
    seats: Array<{ seat: number; stackMinor: string; status: string; inHand: boolean; folded: boolean }>;
    board: string[];
    toAct: { seat: number; turn: number; deadlineAt: string } | null;
    lastResult: unknown;
  };
  mine: {
    seat: number;
    holeCards: string[];
    legal: {
      check: boolean;
      callMinor: string | null;
      raiseMinMinor: string | null;
      raiseMaxMinor: string | null;
      betMinMinor: string | null;
    } | null;
  } | null;
};

/** A fresh table of a profile from the demo lobby's definitions (its name made unique). */
async function pokerTable(profileId: PokerRuleProfileId, variant?: string) {
  const definition = demoPokerTables('CZK').find((d) => d.profileId === profileId && (!variant || d.variant === variant))!;
  const created = await createPokerTable(h.connections.db, {
    definition: { ...definition, name: `${definition.name} ${newId().slice(-6)}` },
    profile: pokerRuleProfiles[definition.profileId],
    now: h.clock.now(),
  });
  return { tableId: created.id, definition };
}

const sit = (player: TestPlayer, tableId: string, body: object, key = newId()) =>
  h.app.inject({
    method: 'POST',
    url: `/v1/poker/tables/${tableId}/seats`,
    headers: { ...player.headers, 'idempotency-key': key },
    payload: body,
  });

async function snapshot(player: TestPlayer, tableId: string): Promise<Snapshot> {
  const response = await h.app.inject({ method: 'GET', url: `/v1/poker/tables/${tableId}`, headers: player.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Snapshot>();
}

const post = (player: TestPlayer, tableId: string, path: string, payload?: object, key = newId()) =>
  h.app.inject({
    method: 'POST',
    url: `/v1/poker/tables/${tableId}/${path}`,
    headers: { ...player.headers, 'idempotency-key': key },
    ...(payload ? { payload } : {}),
  });

/** The room runs what is due at the (manual) clock's time. */
async function advance(ms: number): Promise<void> {
  h.clock.advanceMs(ms);
  await h.app.pokerRoom.runDue();
}

/** Two funded players seated at a table with a hand running; returns them in the order they act. */
async function headsUp(profileId: PokerRuleProfileId, variant?: string) {
  const { tableId, definition } = await pokerTable(profileId, variant);
  const players = [await h.newPlayer({ deposit: '2000.00' }), await h.newPlayer({ deposit: '2000.00' })];
  const buyIn = czkOf(definition.buyInMinMinor * 2n);
  for (const player of players) expect((await sit(player, tableId, { buyIn: czk(buyIn) })).statusCode).toBe(201);
  await advance(0);
  const hand = await waitFor(
    async () => {
      const view = await snapshot(players[0]!, tableId);
      return view.table.toAct ? view : null;
    },
    { what: 'the first hand dealt' },
  );
  const seatOf = async (p: TestPlayer) => (await snapshot(p, tableId)).mine!.seat;
  const first = players[(await seatOf(players[0]!)) === hand.table.toAct!.seat ? 0 : 1]!;
  const second = players.find((p) => p !== first)!;
  return { tableId, definition, first, second, buyIn };
}

async function act(player: TestPlayer, tableId: string, action: string, amount?: string, turn?: number) {
  const view = await snapshot(player, tableId);
  return post(player, tableId, 'actions', {
    action,
    turn: turn ?? view.table.toAct?.turn ?? 0,
    ...(amount ? { amount: czk(amount) } : {}),
  });
}

describe('poker cash tables over HTTP', () => {
  it('000-001:T-01 TBL-06 a buy-in below 25 × BB or above 100 × BB is refused naming the amount; the edges are accepted', async () => {
    const { tableId, definition } = await pokerTable('HR');
    expect(definition.buyInMinMinor).toBe(25n * definition.bigBlindMinor);
    const [low, high] = [await h.newPlayer({ deposit: '1000.00' }), await h.newPlayer({ deposit: '1000.00' })];
    const below = await sit(low, tableId, { buyIn: czk(czkOf(definition.buyInMinMinor - 1n)) });
    expect(below.statusCode).toBe(422);
    expect(below.json()).toMatchObject({
      type: 'https://problems.casino.example/poker-buy-in-refused',
      reason: 'buy-in-below-minimum',
      field: 'body.buyIn.amount',
    });
    const above = await sit(high, tableId, { buyIn: czk(czkOf(definition.buyInMaxMinor! + 1n)) });
    expect(above.json()).toMatchObject({ reason: 'buy-in-above-maximum', field: 'body.buyIn.amount' });
    expect(await h.balance(low)).toBe('1000.00');

    const atMinimum = await sit(low, tableId, { buyIn: czk(czkOf(definition.buyInMinMinor)) });
    expect(atMinimum.statusCode, atMinimum.body).toBe(201);
    expect(atMinimum.json<Snapshot>().mine).toMatchObject({ holeCards: expect.any(Array) });
    const atMaximum = await sit(high, tableId, { buyIn: czk(czkOf(definition.buyInMaxMinor!)) });
    expect(atMaximum.statusCode, atMaximum.body).toBe(201);
    expect(await h.balance(low)).toBe(
      Money.of('1000.00', 'CZK').minus(Money.fromMinor(definition.buyInMinMinor, 'CZK')).toDecimalString(),
    );
  });
});

describe('poker actions and their refusals', () => {
  it('000-001:T-06 acting out of turn, a stale turn and a raise above the stack are refused; nothing changes', async () => {
    const { tableId, first, second } = await headsUp('CZ-FO', 'holdem/no-limit');
    const before = await snapshot(first, tableId);
    const turn = before.table.toAct!.turn;

    const outOfTurn = await act(second, tableId, 'call', undefined, turn);
    expect(outOfTurn.statusCode, outOfTurn.body).toBe(409);
    expect(outOfTurn.json()).toMatchObject({ type: 'https://problems.casino.example/poker-not-your-turn' });

    const raiseMax = BigInt(before.mine!.legal!.raiseMaxMinor!);
    const tooMuch = await act(first, tableId, 'raise', czkOf(raiseMax + 100n), turn);
    expect(tooMuch.statusCode, tooMuch.body).toBe(422);
    expect(tooMuch.json()).toMatchObject({
      type: 'https://problems.casino.example/poker-action-refused',
      field: 'body.amount.amount',
    });
    expect((await snapshot(first, tableId)).table.version).toBe(before.table.version);

    const call = await act(first, tableId, 'call', undefined, turn);
    expect(call.statusCode, call.body).toBe(200);
    const again = await act(first, tableId, 'call', undefined, turn);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ type: 'https://problems.casino.example/poker-not-your-turn', field: 'body.turn' });
  });

  it('issue 16: the same Idempotency-Key answers the first answer again (replayed), another command under it is 409', async () => {
    const { tableId, first } = await headsUp('CZ-FO', 'holdem/no-limit');
    const turn = (await snapshot(first, tableId)).table.toAct!.turn;
    const key = newId();
    const once = await post(first, tableId, 'actions', { action: 'call', turn }, key);
    expect(once.statusCode, once.body).toBe(200);
    expect(once.json()).toMatchObject({ replayed: false });
    const twice = await post(first, tableId, 'actions', { action: 'call', turn }, key);
    expect(twice.statusCode).toBe(200);
    expect(twice.json()).toMatchObject({ replayed: true, table: { version: once.json<Snapshot>().table.version } });
    const other = await post(first, tableId, 'actions', { action: 'fold', turn }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ type: 'https://problems.casino.example/idempotency-key-reused' });
  });
});

type Choice = { action: string; amount?: { amount: string; currency: string } };
const checkOrCall = (view: Snapshot): Choice => ({ action: view.mine!.legal!.check ? 'check' : 'call' });

/** Plays the running hand to its end, each player choosing in turn; returns once nobody is to act. */
async function playHand(
  tableId: string,
  players: TestPlayer[],
  choose: (player: TestPlayer, view: Snapshot) => Choice = (_, v) => checkOrCall(v),
) {
  const handNumber = (await snapshot(players[0]!, tableId)).table.handNumber;
  for (let step = 0; step < 60; step++) {
    const views = await Promise.all(players.map((p) => snapshot(p, tableId)));
    const table = views[0]!.table;
    if (table.handNumber !== handNumber || table.toAct === null) return;
    const k = views.findIndex((v) => v.mine?.seat === table.toAct!.seat);
    const response = await post(players[k]!, tableId, 'actions', { ...choose(players[k]!, views[k]!), turn: table.toAct.turn });
    expect(response.statusCode, response.body).toBe(200);
  }
  throw new Error('the hand did not end');
}

type HandPage = { hands: Array<{ handId: string; tableId: string; rake: { amount: string }; pot: { amount: string } }> };
async function handsOf(player: TestPlayer, tableId: string, count = 1) {
  return waitFor(
    async () => {
      const page = (await h.app.inject({ method: 'GET', url: '/v1/poker/hands', headers: player.headers })).json<HandPage>();
      const hands = page.hands.filter((hand) => hand.tableId === tableId);
      return hands.length >= count ? hands : null;
    },
    { what: `${count} committed hand(s)` },
  );
}

describe('poker actions over the WebSocket (D-1786)', () => {
  it('issue 16 D-1786: a betting action sent on the table socket is applied once per command id (sent again: the first answer, replayed, nothing applied twice); a stale turn and a foreign currency are refused with the REST problem and the command id', async () => {
    const { tableId, first } = await headsUp('CZ-FO', 'holdem/no-limit');
    const before = await snapshot(first, tableId);
    const turn = before.table.toAct!.turn;
    const socket = await h.connect(first, tableId);
    const commandId = newId();
    socket.send({ type: 'act', commandId, action: { action: 'call', turn } });
    const answer = await socket.next((m) => m.type === 'poker-act' && m.commandId === commandId, 'the answer');
    expect(answer).toMatchObject({ replayed: false });
    const after = await snapshot(first, tableId);
    expect(after.table.version).toBeGreaterThan(before.table.version);
    expect(after.table.toAct?.turn).not.toBe(turn);

    const count = () => socket.messages.filter((m) => m.type === 'poker-act' && m.commandId === commandId).length;
    socket.send({ type: 'act', commandId, action: { action: 'call', turn } });
    await waitFor(async () => count() === 2 || null, { what: 'the second answer' });
    expect(socket.messages.filter((m) => m.type === 'poker-act' && m.commandId === commandId).at(-1)).toMatchObject({
      replayed: true,
    });
    expect((await snapshot(first, tableId)).table.version).toBe(after.table.version);

    const stale = newId();
    socket.send({ type: 'act', commandId: stale, action: { action: 'call', turn } });
    const refused = await socket.next((m) => m.type === 'error' && m.commandId === stale, 'the refusal');
    expect(refused).toMatchObject({ problem: { type: 'https://problems.casino.example/poker-not-your-turn', status: 409 } });
    const foreign = newId();
    socket.send({
      type: 'act',
      commandId: foreign,
      action: { action: 'bet', amount: { amount: '10.00', currency: 'EUR' }, turn },
    });
    const mismatch = await socket.next((m) => m.type === 'error' && m.commandId === foreign, 'the currency refusal');
    expect(mismatch).toMatchObject({ problem: { type: 'https://problems.casino.example/currency-mismatch' } });
    expect((await snapshot(first, tableId)).table.version).toBe(after.table.version);
  });
});

describe('the socket answer leaves with its change (D-1849)', () => {
  it('issue 16 D-1849: a socket action is answered after the pushes of the change it made, on the same socket, and its record answers a resend (replayed) without applying it again', async () => {
    const { tableId, first } = await headsUp('CZ-FO', 'holdem/no-limit');
    const socket = await h.connect(first, tableId);
    const before = await snapshot(first, tableId);
    const commandId = newId();
    socket.send({ type: 'act', commandId, action: { action: 'call', turn: before.table.toAct!.turn } });
    await socket.next((m) => m.type === 'poker-act' && m.commandId === commandId, 'the answer');
    const answerAt = socket.messages.findIndex((m) => m.type === 'poker-act' && m.commandId === commandId);
    const pushAt = socket.messages.findIndex(
      (m) => m.type === 'poker-table' && (m.view as { version: number }).version > before.table.version,
    );
    // The change's public view was written to this socket before the answer (in the same turn).
    expect(pushAt).toBeGreaterThanOrEqual(0);
    expect(pushAt).toBeLessThan(answerAt);
    const version = (await snapshot(first, tableId)).table.version;
    socket.send({ type: 'act', commandId, action: { action: 'call', turn: before.table.toAct!.turn } });
    await waitFor(
      async () => socket.messages.filter((m) => m.type === 'poker-act' && m.commandId === commandId).length === 2 || null,
      { what: 'the replayed answer' },
    );
    expect(socket.messages.filter((m) => m.type === 'poker-act' && m.commandId === commandId).at(-1)).toMatchObject({
      replayed: true,
    });
    expect((await snapshot(first, tableId)).table.version).toBe(version);
  });
});

describe('poker commands over the WebSocket check the token each time (issue 14 (1), D-1796)', () => {
  it('issue 14 (1) D-1796: once the account is blocked, an act on an open table socket is refused as unauthorized (before any other refusal) and the table does not move', async () => {
    const { tableId, first } = await headsUp('CZ-FO', 'holdem/no-limit');
    const before = await snapshot(first, tableId);
    const socket = await h.connect(first, tableId);
    const { state } = await h.connections.db.player.findUniqueOrThrow({ where: { id: first.playerId }, select: { state: true } });
    await h.connections.db.player.update({ where: { id: first.playerId }, data: { state: 'BLOCKED' } });
    await h.app.principalChanged('player', first.playerId);
    const valid = newId();
    socket.send({ type: 'act', commandId: valid, action: { action: 'call', turn: before.table.toAct!.turn } });
    // A stale turn too: the token's refusal is the answer, not the turn's.
    const stale = newId();
    socket.send({ type: 'act', commandId: stale, action: { action: 'call', turn: before.table.toAct!.turn + 7 } });
    for (const commandId of [valid, stale]) {
      const refused = await socket.next((m) => m.type === 'error' && m.commandId === commandId, 'the refusal');
      expect(refused).toMatchObject({ problem: { type: 'https://problems.casino.example/unauthorized', status: 401 } });
    }
    await h.connections.db.player.update({ where: { id: first.playerId }, data: { state } });
    await h.app.principalChanged('player', first.playerId);
    expect((await snapshot(first, tableId)).table.version).toBe(before.table.version);
  });
});

describe('poker lobby, rake, time-outs and top-ups per profile', () => {
  it('000-001:GEN-12 UI-02 003:R-TBL-01 002:PK-GEN-08 GEN-05 004:GAM-PT-02 GAM-PT-04 the lobby lists every profile demo table with variant, blinds, buy-in range, seats, currency and rake', async () => {
    const ids: string[] = [];
    for (const definition of demoPokerTables('CZK'))
      ids.push(
        (
          await createPokerTable(h.connections.db, {
            definition,
            profile: pokerRuleProfiles[definition.profileId],
            now: h.clock.now(),
          })
        ).id,
      );
    const player = await h.newPlayer();
    const lobby = await h.app.inject({ method: 'GET', url: '/v1/tables?game=poker', headers: player.headers });
    expect(lobby.statusCode, lobby.body).toBe(200);
    const tables = lobby
      .json<{ tables: Array<Record<string, unknown>> }>()
      .tables.filter((t) => ids.includes(t.tableId as string));
    expect(tables).toHaveLength(ids.length);
    expect(new Set(tables.map((t) => t.profile))).toEqual(new Set(['HR', 'AT', 'CZ-PS', 'SE', 'CZ-FO']));
    for (const table of tables)
      expect(table).toMatchObject({
        game: 'poker',
        currency: 'CZK',
        variant: expect.any(String),
        structure: expect.stringMatching(/^(no-limit|pot-limit|fixed-limit|mixed)$/),
        smallBlind: { currency: 'CZK' },
        bigBlind: { currency: 'CZK' },
        ante: { currency: 'CZK' },
        buyInMin: { currency: 'CZK' },
        seatsMax: expect.any(Number),
        seatsTaken: 0,
        averagePot: { currency: 'CZK' },
        handsPerHour: expect.any(Number),
        rake: { rateBps: expect.any(Number), noFlopNoDrop: expect.any(Boolean) },
      });
    const zagreb = tables.find((t) => (t.name as string).startsWith('Zagreb'))!;
    expect(zagreb).toMatchObject({ bigBlind: { amount: '2.00' }, buyInMin: { amount: '50.00' }, buyInMax: { amount: '200.00' } });
    const roulette = await h.app.inject({ method: 'GET', url: '/v1/tables?game=roulette', headers: player.headers });
    expect(roulette.json<{ tables: Array<{ game: string }> }>().tables.every((t) => t.game !== 'poker')).toBe(true);
    // Issue 18: the lobby says whether a table runs it twice and plays for a jackpot: AT's Salzburg and
    // Innsbruck opt in (D-1809), no other demo table does.
    for (const table of tables) {
      const name = table.name as string;
      expect(table.runItTimesMax === null, name).toBe(!name.startsWith('Salzburg'));
      expect(table.badBeatJackpot === null, name).toBe(!name.startsWith('Innsbruck'));
    }
  });

  it('000-001:A-36 JP-02 JP-04 the bad-beat jackpot configuration is published without a token: AT drop, qualifying hand, shares, size', async () => {
    const published = await h.app.inject({ method: 'GET', url: '/v1/poker/jackpots' });
    expect(published.statusCode, published.body).toBe(200);
    const { jackpots } = published.json<{ jackpots: Array<Record<string, unknown>> }>();
    expect(jackpots.map((jackpot) => jackpot.profile)).toEqual(['AT']);
    expect(jackpots[0]).toMatchObject({
      dropPerRakedHand: [
        { amount: '0.05', currency: 'EUR' },
        { amount: '1.25', currency: 'CZK' },
      ],
      minimumLosingHand: '8c8d8h8s2c',
      shares: { loserBps: 3_750, winnerBps: 1_875, tableBps: 1_875, rakeBps: 500, seedBps: 2_000 },
      sizes: [{ currency: 'EUR' }, { currency: 'CZK' }],
    });
  });

  for (const [profile, variant] of [
    ['HR', 'holdem/no-limit'],
    ['AT', 'five-card-omaha/pot-limit'],
    ['CZ-PS', 'omaha/pot-limit'],
    ['SE', 'omaha-hi-lo/pot-limit'],
    ['CZ-FO', 'holdem/no-limit'],
  ] as const)
    it(`002:RAKE-01 004:GAM-PC-02 000-001:RAKE-04 ${profile}: a hand with a flop is raked at the table rate (capped) and each player's share of it shows in their hands`, async () => {
      const { tableId, definition, first, second } = await headsUp(profile, variant);
      await playHand(tableId, [first, second]);
      const [hand] = await handsOf(first, tableId);
      const [theirs] = await handsOf(second, tableId);
      const potMinor = Money.of(hand!.pot.amount, 'CZK').toMinor();
      expect(potMinor).toBe(2n * (definition.bigBlindMinor + definition.anteMinor));
      const expected = (potMinor * BigInt(definition.rake.rateBps)) / 10_000n;
      const capped =
        definition.rake.capPerHandMinor === null || expected < definition.rake.capPerHandMinor
          ? expected
          : definition.rake.capPerHandMinor;
      const rakeMinor = Money.of(hand!.rake.amount, 'CZK').toMinor() + Money.of(theirs!.rake.amount, 'CZK').toMinor();
      expect(rakeMinor).toBe(capped);
    });

  it('000-001:T-26 RAKE-02 HR: no flop, no drop: a hand won before the flop is not raked', async () => {
    const { tableId, first, second } = await headsUp('HR', 'holdem/no-limit');
    await playHand(tableId, [first, second], () => ({ action: 'fold' }));
    const hands = await handsOf(second, tableId);
    expect(hands[0]!.rake.amount).toBe('0.00');
  });

  for (const profile of ['HR', 'AT', 'CZ-PS', 'SE', 'CZ-FO'] as const)
    it(`000-001:T-23 ${profile}: the player facing a bet who lets the clock run out is folded, and watchers are pushed the change`, async () => {
      const { tableId, first, second } = await headsUp(profile);
      const watcher = await h.connect(await h.newPlayer(), tableId);
      const before = await snapshot(first, tableId);
      expect(before.mine!.legal!.check).toBe(false);
      await advance(pokerRuleProfiles[profile].clock.actionTimeMs);
      const push = await watcher.next(
        (m) =>
          m.type === 'poker-table' &&
          ((m.view as Snapshot['table']).handNumber > before.table.handNumber ||
            (m.view as Snapshot['table']).seats.some((s) => s.seat === before.mine!.seat && s.folded)),
        'the time-out push',
      );
      expect(push).toMatchObject({ tableId });
      await handsOf(second, tableId);
    });

  it('000-001:T-04 AT: a top-up asked for mid-hand waits for the hand end (the stack is unchanged, the wallet not debited); then it is added', async () => {
    const { tableId, first, second } = await headsUp('AT', 'holdem/no-limit');
    const balanceBefore = await h.balance(first);
    const topUp = await post(first, tableId, 'top-ups', { amount: czk('10.00') });
    expect(topUp.statusCode, topUp.body).toBe(200);
    expect(await h.balance(first)).toBe(balanceBefore);
    await playHand(tableId, [first, second], () => ({ action: 'fold' }));
    await waitFor(async () => (await h.balance(first)) !== balanceBefore, { what: 'the queued top-up debited at the hand end' });
    expect(
      Money.of(balanceBefore, 'CZK')
        .minus(Money.of(await h.balance(first), 'CZK'))
        .toDecimalString(),
    ).toBe('10.00');
  });

  it('000-001:UI-09 HR: a top-up during a hand is refused (between hands only) and changes nothing', async () => {
    const { tableId, first } = await headsUp('HR', 'holdem/no-limit');
    const balanceBefore = await h.balance(first);
    const version = (await snapshot(first, tableId)).table.version;
    const topUp = await post(first, tableId, 'top-ups', { amount: czk('10.00') });
    expect(topUp.statusCode, topUp.body).toBe(409);
    expect(topUp.json()).toMatchObject({
      type: 'https://problems.casino.example/poker-command-refused',
      reason: 'top-up-not-now',
    });
    expect(await h.balance(first)).toBe(balanceBefore);
    expect((await snapshot(first, tableId)).table.version).toBe(version);
  });

  it('004:SLM-05 AMB-16 a daily stake limit refuses a buy-in and a top-up beyond it; a buy-in above the balance is insufficient-funds', async () => {
    const { tableId } = await pokerTable('CZ-FO', 'holdem/no-limit');
    const limited = await h.newPlayer({ deposit: '1000.00', stakeDay: '100.00' });
    const overLimit = await sit(limited, tableId, { buyIn: czk('120.00') });
    expect(overLimit.statusCode, overLimit.body).toBe(422);
    expect(overLimit.json()).toMatchObject({ type: 'https://problems.casino.example/limit-exceeded' });
    expect((await sit(limited, tableId, { buyIn: czk('80.00') })).statusCode).toBe(201);
    const topUp = await post(limited, tableId, 'top-ups', { amount: czk('40.00') });
    expect(topUp.statusCode, topUp.body).toBe(422);
    expect(topUp.json()).toMatchObject({ type: 'https://problems.casino.example/limit-exceeded' });
    expect(await h.balance(limited)).toBe('920.00');

    const poor = await h.newPlayer({ deposit: '100.00' });
    const broke = await sit(poor, tableId, { buyIn: czk('150.00') });
    expect(broke.statusCode, broke.body).toBe(422);
    expect(broke.json()).toMatchObject({ type: 'https://problems.casino.example/insufficient-funds' });
    expect(await h.balance(poor)).toBe('100.00');
  });
});

describe('poker hand histories, chat and the WebSocket', () => {
  it('002:PK-SHOW-04 REC-04 T-SHOW-02 a player who folded downloads the hand with the showdown hole cards; a player not dealt in gets 404', async () => {
    const { tableId, definition } = await pokerTable('CZ-PS', 'holdem/fixed-limit');
    const players = [await h.newPlayer(), await h.newPlayer(), await h.newPlayer()];
    for (const player of players)
      expect((await sit(player, tableId, { buyIn: czk(czkOf(definition.buyInMinMinor * 2n)) })).statusCode).toBe(201);
    // The third player joins the table's next hands (as its profile has newcomers join): play until all three are dealt in.
    for (let hand = 0; ; hand++) {
      const view = await waitFor(
        async () => (await snapshot(players[0]!, tableId)).table.toAct && (await snapshot(players[0]!, tableId)),
        {
          what: 'a hand dealt',
        },
      );
      if (view.table.seats.filter((s) => s.inHand).length === 3) break;
      expect(hand, 'hands before the newcomer is dealt in').toBeLessThan(4);
      await playHand(tableId, players);
      await advance(pokerHandPauseMsDefault);
    }
    const cards = new Map<TestPlayer, string[]>();
    for (const player of players) cards.set(player, (await snapshot(player, tableId)).mine!.holeCards);
    // The first to act folds; the other two check and call down to the showdown.
    let folder: TestPlayer | null = null;
    await playHand(tableId, players, (player, view) => {
      if (folder === null) folder = player;
      return player === folder ? { action: 'fold' } : checkOrCall(view);
    });
    const [hand] = await handsOf(folder!, tableId);
    await handsOf(players[0]!, tableId, 1);
    const text = await h.app.inject({ method: 'GET', url: `/v1/poker/hands/${hand!.handId}.txt`, headers: folder!.headers });
    expect(text.statusCode, text.body).toBe(200);
    expect(text.headers['content-type']).toMatch(/^text\/plain/);
    expect(text.body).toContain('*** SHOW DOWN ***');
    for (const player of players.filter((p) => p !== folder))
      for (const card of cards.get(player)!) expect(text.body).toContain(card);
    const json = await h.app.inject({ method: 'GET', url: `/v1/poker/hands/${hand!.handId}`, headers: folder!.headers });
    expect(json.json()).toMatchObject({ handId: hand!.handId, profile: 'CZ-PS', text: text.body });

    const stranger = await h.newPlayer();
    const notDealtIn = await h.app.inject({
      method: 'GET',
      url: `/v1/poker/hands/${hand!.handId}.txt`,
      headers: stranger.headers,
    });
    expect(notDealtIn.statusCode).toBe(404);
  });

  it('000-001:REC-03 HR: players are not given hand histories (403 hand-history-not-offered); the list of their hands remains', async () => {
    const { tableId, first, second } = await headsUp('HR', 'holdem/no-limit');
    await playHand(tableId, [first, second]);
    const [hand] = await handsOf(first, tableId);
    for (const url of [`/v1/poker/hands/${hand!.handId}`, `/v1/poker/hands/${hand!.handId}.txt`]) {
      const response = await h.app.inject({ method: 'GET', url, headers: first.headers });
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toMatchObject({ type: 'https://problems.casino.example/hand-history-not-offered' });
    }
  });

  it('003:R-COND-H 003:#91 SE: chat in Swedish reaches the table; a message in another alphabet is refused naming the text; a spectator cannot chat', async () => {
    const { tableId, first } = await headsUp('SE');
    const spectator = await h.newPlayer();
    const watcher = await h.connect(spectator, tableId);
    const swedish = await post(first, tableId, 'chat', { text: 'Lycka till på bordet, spela väl!' });
    expect(swedish.statusCode, swedish.body).toBe(200);
    await watcher.next((m) => m.type === 'chat' && m.text === 'Lycka till på bordet, spela väl!', 'the chat push');
    const russian = await post(first, tableId, 'chat', { text: 'Удачи всем' });
    expect(russian.statusCode).toBe(422);
    expect(russian.json()).toMatchObject({ type: 'https://problems.casino.example/chat-language-refused', field: 'body.text' });
    const fromSpectator = await post(spectator, tableId, 'chat', { text: 'Hej' });
    expect(fromSpectator.statusCode).toBe(403);
    expect(fromSpectator.json()).toMatchObject({ type: 'https://problems.casino.example/not-seated' });
  });

  it('000-001:TBL-08 UI-03 a spectator is welcomed with the public view only; a seated player with their cards; pushes follow each action', async () => {
    const { tableId, first, second } = await headsUp('CZ-FO', 'holdem/no-limit');
    const watcher = await h.connect(await h.newPlayer(), tableId);
    const seated = await h.connect(second, tableId);
    expect(watcher.messages[0]).toMatchObject({ type: 'welcome', game: 'poker', role: 'spectator', snapshot: { mine: null } });
    const welcome = seated.messages[0] as { role: string; snapshot: Snapshot };
    expect(welcome.role).toBe('player');
    expect(welcome.snapshot.mine!.holeCards.length).toBe(2);
    expect(JSON.stringify(watcher.messages)).not.toContain(welcome.snapshot.mine!.holeCards.join('","'));
    const spectatorView = await h.app.inject({
      method: 'GET',
      url: `/v1/poker/tables/${tableId}`,
      headers: (await h.newPlayer()).headers,
    });
    expect(spectatorView.json<Snapshot>().mine).toBeNull();

    const version = welcome.snapshot.table.version;
    expect((await act(first, tableId, 'call')).statusCode).toBe(200);
    await watcher.next((m) => m.type === 'poker-table' && (m.view as { version: number }).version > version, 'the public push');
    await seated.next(
      (m) => m.type === 'poker-seat' && (m.view as Snapshot['mine'])?.legal !== null,
      'the private push on my turn',
    );
  });

  it('000-001:T-05 ACC-06 leaving between hands credits the whole stack back to the wallet at once', async () => {
    const { tableId } = await pokerTable('CZ-FO', 'holdem/no-limit');
    const player = await h.newPlayer({ deposit: '500.00' });
    expect((await sit(player, tableId, { buyIn: czk('100.00') })).statusCode).toBe(201);
    expect(await h.balance(player)).toBe('400.00');
    const left = await h.app.inject({ method: 'DELETE', url: `/v1/poker/tables/${tableId}/seats/me`, headers: player.headers });
    expect(left.statusCode, left.body).toBe(200);
    await waitFor(async () => (await h.balance(player)) === '500.00', { what: 'the stack credited back' });
    expect((await snapshot(player, tableId)).mine).toBeNull();
  });

  it('issue 16: one play session spans a poker seat and a roulette seat: leaving the roulette table keeps it open, leaving the poker table too ends it', async () => {
    const { tableId } = await pokerTable('CZ-FO', 'holdem/no-limit');
    const roulette = await h.createTable(rouletteTable(`poker-and-roulette-${newId().slice(-6)}`));
    const player = await h.newPlayer({ deposit: '500.00' });
    const openSessions = () => h.connections.db.playSession.count({ where: { playerId: player.playerId, endedAt: null } });
    expect((await sit(player, tableId, { buyIn: czk('100.00') })).statusCode).toBe(201);
    const seated = await h.app.inject({
      method: 'POST',
      url: `/v1/tables/${roulette.id}/seats`,
      headers: player.headers,
      payload: {},
    });
    expect(seated.statusCode, seated.body).toBe(201);
    expect(await openSessions()).toBe(1);

    const leftRoulette = await h.app.inject({
      method: 'DELETE',
      url: `/v1/tables/${roulette.id}/seats/me`,
      headers: player.headers,
    });
    expect(leftRoulette.statusCode, leftRoulette.body).toBe(200);
    expect(await openSessions()).toBe(1);

    const leftPoker = await h.app.inject({
      method: 'DELETE',
      url: `/v1/poker/tables/${tableId}/seats/me`,
      headers: player.headers,
    });
    expect(leftPoker.statusCode, leftPoker.body).toBe(200);
    await waitFor(async () => (await openSessions()) === 0, { what: 'the play session ended with the last seat' });
  });
});

describe('poker hands for staff, and a player removed mid-hand', () => {
  it('000-001:REC-01 DECK-10 T-81 staff recall any hand: replayed from its record, every card, players, rake and its ledger transaction', async () => {
    const { tableId, first, second } = await headsUp('HR', 'holdem/no-limit');
    await playHand(tableId, [first, second]);
    const [hand] = await handsOf(first, tableId);
    const admin = await buildAdminApi({
      config: loadAdminApiConfig(testServiceEnv()),
      connections: h.connections,
      redisKeyPrefix: `${h.connections.redisKeyPrefix}:admin`,
    });
    try {
      const staffByRole = await createStaffPerRole(h.connections.db);
      const staff = (roles: string[]) => ({
        authorization: `Bearer ${admin.issueAccessToken({ audience: 'staff', subject: staffUserWithRole(staffByRole, roles) })}`,
      });
      const recalled = await admin.inject({ method: 'GET', url: `/v1/poker/hands/${hand!.handId}`, headers: staff(['support']) });
      expect(recalled.statusCode, recalled.body).toBe(200);
      const body = recalled.json<{
        replayVerified: boolean;
        text: string;
        rake: { amount: string };
        rakeTransactionId: string | null;
        players: Array<{ playerId: string }>;
      }>();
      expect(body).toMatchObject({ profile: 'HR', status: 'completed', replayVerified: true, flopDealt: true });
      expect(body.players.map((p) => p.playerId).sort()).toEqual([first.playerId, second.playerId].sort());
      expect(body.text).toContain('*** SUMMARY ***');
      expect(body.rakeTransactionId).not.toBeNull();
      const unknown = await admin.inject({ method: 'GET', url: `/v1/poker/hands/${newId()}`, headers: staff(['auditor']) });
      expect(unknown.statusCode).toBe(404);
    } finally {
      await admin.close();
    }
  });

  it('000-001:T-77 a player removed mid-hand (a staff block, as the worker asks the room) finishes the hand, is unseated at its end, and the chips are credited', async () => {
    const { tableId, first, second } = await headsUp('CZ-FO', 'holdem/no-limit');
    await h.app.pokerRoom.removePlayerEverywhere(first.playerId, 'blocked');
    expect((await snapshot(first, tableId)).mine).not.toBeNull();
    const balanceBefore = await h.balance(first);
    await playHand(tableId, [first, second]);
    await waitFor(async () => (await snapshot(first, tableId)).mine === null, { what: 'the seat released at the hand end' });
    expect(Money.of(await h.balance(first), 'CZK').greaterThan(Money.of(balanceBefore, 'CZK'))).toBe(true);
  });
});

describe('joining a running table per profile', () => {
  for (const profile of ['HR', 'AT', 'CZ-PS', 'SE', 'CZ-FO'] as const)
    it(`000-001:T-12 T-09 ${profile}: a newcomer who will not wait for the big blind is dealt into the next hand for a big blind, unless the small blind falls on their seat`, async () => {
      const { tableId, definition, first, second, buyIn } = await headsUp(profile);
      const newcomer = await h.newPlayer();
      const sat = await sit(newcomer, tableId, { buyIn: czk(buyIn), waitForBigBlind: false });
      expect(sat.statusCode, sat.body).toBe(201);
      expect(sat.json<Snapshot>().table.seats.find((s) => s.seat === sat.json<Snapshot>().mine!.seat)).toMatchObject({
        inHand: false,
      });
      await playHand(tableId, [first, second]);
      await handsOf(first, tableId);
      await advance(pokerHandPauseMsDefault);
      const next = await waitFor(
        async () => {
          const view = await snapshot(newcomer, tableId);
          return view.table.handNumber > 1 && view.table.toAct ? view : null;
        },
        { what: 'the next hand dealt' },
      );
      const seat = next.table.seats.find((s) => s.seat === next.mine!.seat)!;
      const buyInMinor = Money.of(buyIn, 'CZK').toMinor();
      if (seat.inHand) {
        // Dealt in: a big blind (posted, or the big blind's seat), the ante if the table has one.
        expect(next.mine!.holeCards.length).toBeGreaterThan(0);
        expect(BigInt(seat.stackMinor)).toBe(buyInMinor - definition.bigBlindMinor - definition.anteMinor);
      } else {
        // Where the small blind falls next the newcomer waits (000-001:T-09, 001's rule), nothing posted.
        expect(pokerRuleProfiles[profile].engine.buttonRule).toBe('moving-button');
        expect(seat).toMatchObject({ betMinor: '0', stackMinor: buyInMinor.toString() });
      }
    });
});
