/**
 * Poker cash tables over HTTP and the WebSocket (issue 16): the lobby, buy-ins at the range's edges
 * and against the balance and the self-limits, the betting actions and their refusals (nothing
 * changes on a refusal), top-ups, time-outs, rake, hand histories and chat, per rule profile, on the
 * real database and Redis with the game service's harness (manual clock: the room's deadlines run
 * when the test moves the clock and asks the room to run what is due).
 */
import { Money, newId } from '@casino/core';
import { waitFor } from '@casino/core/testing';
import { demoPokerTables } from '@casino/operator';
import { createPokerTable, type PokerRuleProfileId } from '@casino/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGameHarness, type GameHarness, type TestPlayer } from './test-support.ts';

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

  it('the same Idempotency-Key answers the first answer again (replayed), another command under it is 409', async () => {
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
