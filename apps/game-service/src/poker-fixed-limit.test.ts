/**
 * Stud, draw and mixed cash tables through the game service (issue 20, D-2020): a seven-card stud
 * hand and a 2-7 triple draw hand played over HTTP to the showdown on the real database and Redis,
 * the escrow equal to the stored stacks and the ledger balanced after each; the draw command and its
 * refusals as problem+json; a HORSE table switching from Hold'em to Omaha Hi/Lo after an orbit; and
 * a stud hand interrupted by a stop, voided with every chip back (the failure rule).
 */
import { Money, newId } from '@casino/core';
import { waitFor } from '@casino/core/testing';
import { findInvariantViolations } from '@casino/ledger';
import { demoPokerTables, pokerRuleProfiles } from '@casino/operator';
import { createPokerTable, escrowAndStacks, pokerHandPauseMsDefault } from '@casino/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGameHarness, type GameHarness, type TestPlayer } from './test-support.ts';

let h: GameHarness;
beforeAll(async () => {
  h = await startGameHarness();
}, 60_000);
afterAll(async () => h?.close());

const czk = (minor: bigint) => ({ amount: Money.fromMinor(minor, 'CZK').toDecimalString(), currency: 'CZK' });

type Legal = {
  kind: 'bet' | 'bring-in' | 'draw';
  fold: boolean;
  check: boolean;
  callMinor: string | null;
  bringInMinor: string | null;
  discardMax: number | null;
};
type Snapshot = {
  table: {
    version: number;
    handId: string | null;
    handNumber: number;
    toAct: { seat: number; turn: number } | null;
    game?: { variant: string; currentVariant: string | null; handOfGame: number | null; handsOfGame: number | null };
    fixedLimit?: {
      family: 'stud' | 'draw';
      phase: string;
      seats: Array<{ seat: number; upCards: string[]; downCardCount: number; drawn: number[]; shownCards: string[] | null }>;
    };
  };
  mine: {
    seat: number;
    holeCards: string[];
    legal: { check: boolean } | null;
    fixedLimit?: { cards: Array<{ card: string; up: boolean }>; legal: Legal | null } | null;
  } | null;
};

async function demoTable(variant: string) {
  const definition = demoPokerTables('CZK').find((d) => d.variant === variant)!;
  const created = await createPokerTable(h.connections.db, {
    definition: { ...definition, name: `${definition.name} ${newId().slice(-6)}` },
    profile: pokerRuleProfiles[definition.profileId],
    now: h.clock.now(),
  });
  return { tableId: created.id, definition };
}

async function snapshot(player: TestPlayer, tableId: string): Promise<Snapshot> {
  const response = await h.app.inject({ method: 'GET', url: `/v1/poker/tables/${tableId}`, headers: player.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Snapshot>();
}

const post = (player: TestPlayer, tableId: string, path: string, payload: object) =>
  h.app.inject({
    method: 'POST',
    url: `/v1/poker/tables/${tableId}/${path}`,
    headers: { ...player.headers, 'idempotency-key': newId() },
    payload,
  });

async function advance(ms: number): Promise<void> {
  h.clock.advanceMs(ms);
  await h.app.pokerRoom.runDue();
}

/** Three funded players seated at a new demo table of `variant`, the first hand dealt. */
async function seated(variant: string) {
  const { tableId, definition } = await demoTable(variant);
  const players: TestPlayer[] = [];
  for (let i = 0; i < 3; i++) {
    const player = await h.newPlayer({ deposit: '2000.00' });
    const sat = await post(player, tableId, 'seats', { buyIn: czk(definition.buyInMinMinor * 2n) });
    expect(sat.statusCode, sat.body).toBe(201);
    players.push(player);
  }
  await advance(0);
  await waitFor(async () => (await snapshot(players[0]!, tableId)).table.toAct !== null, { what: 'the first hand dealt' });
  return { tableId, definition, players };
}

type Move = { path: 'actions' | 'draw'; body: object };
const passive = (legal: Legal, turn: number): Move =>
  legal.kind === 'draw'
    ? { path: 'draw', body: { discard: [], turn } }
    : { path: 'actions', body: { action: legal.kind === 'bring-in' ? 'bring-in' : legal.check ? 'check' : 'call', turn } };

/** Plays the running hand to its end over HTTP; checks after every move that nobody sees another's down-cards. */
async function playHand(tableId: string, players: TestPlayer[], choose = passive): Promise<Snapshot> {
  const handNumber = (await snapshot(players[0]!, tableId)).table.handNumber;
  for (let step = 0; step < 120; step++) {
    const views = await Promise.all(players.map((p) => snapshot(p, tableId)));
    const { table } = views[0]!;
    for (const view of views) {
      const mine = view.mine?.fixedLimit;
      if (!mine || table.fixedLimit?.phase === 'complete') continue;
      for (const other of views.filter((v) => v !== view))
        for (const card of mine.cards.filter((c) => !c.up)) expect(JSON.stringify(other)).not.toContain(`"${card.card}"`);
    }
    if (table.handNumber !== handNumber || table.toAct === null) return views[0]!;
    const index = views.findIndex((v) => v.mine!.seat === table.toAct!.seat);
    const view = views[index]!;
    const move: Move = view.mine!.fixedLimit
      ? choose(view.mine!.fixedLimit.legal!, table.toAct.turn)
      : { path: 'actions', body: { action: view.mine!.legal!.check ? 'check' : 'call', turn: table.toAct.turn } };
    const answer = await post(players[index]!, tableId, move.path, move.body);
    expect(answer.statusCode, answer.body).toBe(200);
  }
  throw new Error('the hand did not end');
}

async function moneyInvariants(tableId: string) {
  const { escrowMinor, stacksMinor } = await escrowAndStacks(h.connections.db, tableId);
  expect(escrowMinor).toBe(stacksMinor);
  expect(await findInvariantViolations(h.connections.db)).toEqual([]);
}

describe('stud and draw cash tables over HTTP (issue 20)', () => {
  it('002:STUD-01 STUD-04 000-001:DECK-04 a seven-card stud hand over HTTP: antes and the bring-in, up-cards public, down-cards only to their owner, to the showdown; the hand committed with its rake, escrow = stacks, the ledger balanced, the text downloadable', async () => {
    const { tableId, definition, players } = await seated('stud/fixed-limit');
    const first = await snapshot(players[0]!, tableId);
    expect(first.table.game).toMatchObject({ variant: 'stud/fixed-limit', currentVariant: 'stud/fixed-limit' });
    // The room deals as soon as two players want in: the third may wait for the next hand.
    const dealt = first.table.fixedLimit!.seats.length;
    expect(dealt).toBeGreaterThanOrEqual(2);
    for (const seat of first.table.fixedLimit!.seats) expect([seat.upCards.length, seat.downCardCount]).toEqual([1, 2]);
    const dealtMine = (await Promise.all(players.map((p) => snapshot(p, tableId)))).find((v) => v.mine!.fixedLimit)!;
    expect(dealtMine.mine!.fixedLimit!.cards.map((c) => c.up)).toEqual([false, false, true]);
    expect(dealtMine.mine!.holeCards).toHaveLength(2);
    const end = await playHand(tableId, players);
    expect(end.table.fixedLimit!.seats.every((s) => s.shownCards?.length === 7)).toBe(true);
    const [hand] = await h.connections.db.pokerHand.findMany({ where: { tableId } });
    expect(hand).toMatchObject({ status: 'COMPLETED', currency: 'CZK' });
    expect((hand!.history as { format: string }).format).toBe('fixed-limit-hand/1');
    expect(hand!.rakeMinor).toBeGreaterThan(0n);
    // Passive play: three antes, the bring-in called twice, checks from fourth street on (002:STUD-05).
    expect(hand!.potMinor).toBe(BigInt(dealt) * (definition.anteMinor + definition.smallBlindMinor));
    await moneyInvariants(tableId);
    const text = await h.app.inject({ method: 'GET', url: `/v1/poker/hands/${hand!.id}`, headers: players[0]!.headers });
    expect(text.statusCode, text.body).toBe(200);
    expect(text.json<{ text: string }>().text).toContain('Stud');
  });

  it('002:TD27-01 TD27-02 T-DRAW-02 a 2-7 triple draw hand over HTTP: three draws by card position, an illegal discard refused as problem+json naming body.discard (nothing changes), to the showdown with escrow = stacks', async () => {
    const { tableId, players } = await seated('27td/fixed-limit');
    let refused = false;
    await playHand(tableId, players, (legal, turn) => {
      if (legal.kind !== 'draw') return passive(legal, turn);
      return { path: 'draw', body: { discard: [1, 3], turn } };
    });
    // A second hand: the first drawer first tries an illegal discard.
    await advance(pokerHandPauseMsDefault);
    const handId = (await snapshot(players[0]!, tableId)).table.handId;
    await playHand(tableId, players, (legal, turn) => {
      if (legal.kind !== 'draw') return passive(legal, turn);
      return { path: 'draw', body: { discard: [], turn } };
    });
    const shown = await snapshot(players[0]!, tableId);
    expect(shown.table.handId).toBe(handId);
    // Standing pat three times is public as three draws of no card.
    expect(shown.table.fixedLimit!.seats.filter((s) => s.drawn.length > 0).every((s) => s.drawn.join() === '0,0,0')).toBe(true);
    // The refusals, on a third hand's first draw.
    await advance(pokerHandPauseMsDefault);
    for (let step = 0; step < 30 && !refused; step++) {
      const views = await Promise.all(players.map((p) => snapshot(p, tableId)));
      const toAct = views[0]!.table.toAct!;
      const index = views.findIndex((v) => v.mine!.seat === toAct.seat);
      const legal = views[index]!.mine!.fixedLimit!.legal!;
      if (legal.kind === 'draw') {
        const before = views[index]!.table.version;
        const tooMany = await post(players[index]!, tableId, 'draw', { discard: [0, 1, 2, 3, 4, 0], turn: toAct.turn });
        expect(tooMany.statusCode).toBe(400);
        expect(tooMany.json()).toMatchObject({ field: 'body.discard' });
        const twice = await post(players[index]!, tableId, 'draw', { discard: [2, 2], turn: toAct.turn });
        expect(twice.statusCode, twice.body).toBe(422);
        expect(twice.headers['content-type']).toContain('application/problem+json');
        expect(twice.json()).toMatchObject({
          type: 'https://problems.casino.example/poker-action-refused',
          reason: 'no-such-card',
          field: 'body.discard',
        });
        const notYours = await post(players[(index + 1) % 3]!, tableId, 'draw', { discard: [], turn: toAct.turn });
        expect(notYours.statusCode).toBe(409);
        expect((await snapshot(players[index]!, tableId)).table.version).toBe(before);
        refused = true;
      } else {
        const move = passive(legal, toAct.turn);
        expect((await post(players[index]!, tableId, move.path, move.body)).statusCode).toBe(200);
      }
    }
    expect(refused).toBe(true);
    await playHand(tableId, players);
    await moneyInvariants(tableId);
    expect(await h.connections.db.pokerHand.count({ where: { tableId, status: 'COMPLETED' } })).toBe(3);
  });

  it('002:T-MIX-03 HORSE-01 HORSE-02 8GAME-05 a HORSE table over HTTP deals an orbit of Limit Hold\u2019em, then Limit Omaha Hi/Lo, naming the current game and which hand of it; escrow = stacks after each hand', async () => {
    const { tableId, players } = await seated('mixed/horse');
    const games: Array<string | null> = [];
    const counters: string[] = [];
    for (let hand = 0; hand < 4; hand++) {
      if (hand > 0) await advance(pokerHandPauseMsDefault);
      const view = await snapshot(players[0]!, tableId);
      expect(view.table.toAct).not.toBeNull();
      games.push(view.table.game!.currentVariant);
      counters.push(`${view.table.game!.handOfGame}/${view.table.game!.handsOfGame}`);
      await playHand(tableId, players);
      await moneyInvariants(tableId);
    }
    expect(games).toEqual(['holdem/fixed-limit', 'holdem/fixed-limit', 'holdem/fixed-limit', 'omaha-hi-lo/fixed-limit']);
    // Hands 1 to 3 of Hold'em, then the first of Omaha Hi/Lo (D-2031). An orbit lasts as many hands as
    // players are dealt in, counted at each hand: the first may start before the third player sits down.
    expect(counters.map((counter) => counter.split('/')[0])).toEqual(['1', '2', '3', '1']);
    expect(counters.slice(1)).toEqual(['2/3', '3/3', '1/3']);
  });

  it('000-001:FAIL-01 A-29 003:R-TECH-01 004:AMB-43 a stud hand interrupted by the service stopping is voided: every chip back as at the start of the hand, no rake, a voided record, and the next instance deals on', async () => {
    const { tableId, players } = await seated('stud/fixed-limit');
    const startStacks = await h.connections.db.pokerSeat.findMany({ where: { tableId }, orderBy: { seat: 'asc' } });
    const running = await snapshot(players[0]!, tableId);
    const index = (await Promise.all(players.map((p) => snapshot(p, tableId)))).findIndex(
      (v) => v.mine!.seat === running.table.toAct!.seat,
    );
    expect(
      (await post(players[index]!, tableId, 'actions', { action: 'bring-in', turn: running.table.toAct!.turn })).statusCode,
    ).toBe(200);
    await h.restart();
    const hands = await h.connections.db.pokerHand.findMany({ where: { tableId } });
    expect(hands.map((hand) => [hand.id, hand.status, hand.rakeMinor])).toEqual([[running.table.handId, 'VOIDED', 0n]]);
    const after = await h.connections.db.pokerSeat.findMany({ where: { tableId }, orderBy: { seat: 'asc' } });
    expect(after.map((s) => s.stackMinor)).toEqual(startStacks.map((s) => s.stackMinor));
    await moneyInvariants(tableId);
    await advance(pokerHandPauseMsDefault);
    await waitFor(async () => (await snapshot(players[0]!, tableId)).table.toAct !== null, { what: 'the next hand dealt' });
    const next = await snapshot(players[0]!, tableId);
    expect(next.table.handId).not.toBe(running.table.handId);
    expect(next.table.fixedLimit?.family).toBe('stud');
  });
});
