import { createStaffPerRole, staffUserWithRole } from '@casino/compliance/testing';
import { drawPlatynkoCards, fortunaPlatynkoLimits, platynkoCanvas, roundRng, type PlatynkoCardId } from '@casino/games';
import { testServiceEnv } from '@casino/http/testing';
import { findInvariantViolations } from '@casino/ledger';
import { czechReportingRules, ggrReport, startDirectExport } from '@casino/reporting';
import { platynkoVariant, replayRecord, type TableDefinition } from '@casino/tables';
import { buildAdminApi, loadAdminApiConfig } from '@casino/test-support/apps';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { czk, settle, startGameHarness, type GameHarness, type TestPlayer } from './test-support.ts';

let h: GameHarness;
beforeAll(async () => {
  h = await startGameHarness();
});
afterAll(async () => {
  await h?.close();
});

const bettingTimeMs = 15_000;

const platynkoTable = (
  code: string,
  options: { bettingTimeSeconds?: number; minimumCzk?: number; seatsMax?: number } = {},
): TableDefinition => ({
  code,
  name: `Plátýnko ${code}`,
  game: 'platynko',
  variant: platynkoVariant,
  currency: 'CZK',
  seatsMax: options.seatsMax ?? 4,
  bettingTimeMs: (options.bettingTimeSeconds ?? 15) * 1000,
  actionTimeMs: 15_000,
  idleRoundsMax: 5,
  limits: fortunaPlatynkoLimits(BigInt((options.minimumCzk ?? 5) * 100)),
});

async function seat(player: TestPlayer, tableId: string): Promise<string> {
  const seated = await h.app.inject({ method: 'POST', url: `/v1/tables/${tableId}/seats`, headers: player.headers, payload: {} });
  expect(seated.statusCode).toBe(201);
  return seated.json().roundId as string;
}

/** The 8 cards the round will draw: the test reads the round's seed (the service reveals it only after settling). */
async function drawOf(roundId: string): Promise<PlatynkoCardId[]> {
  const round = await h.connections.db.gameRound.findUniqueOrThrow({ where: { id: roundId } });
  return drawPlatynkoCards(roundRng(round.seed));
}

const card = (cardId: string, chip: string) => ({ kind: 'card', card: cardId, chip: czk(chip) });

async function roundVersion(roundId: string): Promise<number> {
  return (await h.connections.db.gameRound.findUniqueOrThrow({ where: { id: roundId } })).version;
}

describe('game-service: Plátýnko money (issue 24)', () => {
  it('004:T-120 GAM-PL-08 BET-03 GAM-PL-06 confirmed chips are debited, the 2nd card drawn returns 2 ×, the 8th 10 ×, a card not drawn nothing; unconfirmed chips are dropped; the ledger and the record agree', async () => {
    const table = await h.createTable(platynkoTable('pl-money-1'));
    const player = await h.newPlayer({ deposit: '1000.00' });
    const roundId = await seat(player, table.id);
    const drawn = await drawOf(roundId);
    const missed = platynkoCanvas.find((c) => !drawn.includes(c))!;
    const confirmed = await h.act(player, roundId, {
      kind: 'place-chips',
      chips: [card(drawn[1]!, '100.00'), card(drawn[7]!, '100.00'), card(missed, '100.00')],
      confirm: true,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().stakes).toEqual([{ amount: czk('300.00'), ledgerTransactionId: expect.any(String) }]);
    const hesitant = await h.newPlayer({ deposit: '100.00' });
    expect(await seat(hesitant, table.id)).toBe(roundId);
    const unconfirmed = await h.act(hesitant, roundId, { kind: 'place-chips', chips: [card(drawn[0]!, '5.00')] });
    expect(unconfirmed.statusCode).toBe(200);
    expect(unconfirmed.json().stakes).toEqual([]);
    expect(await h.balance(player)).toBe('700.00');

    await h.tick(bettingTimeMs);
    // 200 for the 2nd card, 1,000 for the 8th, nothing for the card not drawn; the unconfirmed 5 were never debited nor paid.
    expect(await h.balance(player)).toBe('1900.00');
    expect(await h.balance(hesitant)).toBe('100.00');
    const recall = (await h.app.inject({ method: 'GET', url: `/v1/me/rounds/${roundId}`, headers: player.headers })).json();
    expect(recall).toMatchObject({
      game: 'platynko',
      variant: platynkoVariant,
      status: 'settled',
      replayVerified: true,
      seed: expect.stringMatching(/^[0-9a-f]{64}$/),
      players: [{ seat: 1, staked: czk('300.00'), returned: czk('1200.00') }],
    });
    expect(recall.events.find((e: { kind: string }) => e.kind === 'cards-drawn').drawn).toEqual(drawn);
    expect(recall.events.find((e: { kind: string }) => e.kind === 'betting-closed').dropped).toEqual([
      { seat: 2, stakeMinor: '500' },
    ]);
    expect(recall.view.settlements[0].cardResults).toEqual([
      { cardId: drawn[1], stakeMinor: '10000', position: 2, returnedMinor: '20000' },
      { cardId: drawn[7], stakeMinor: '10000', position: 8, returnedMinor: '100000' },
      { cardId: missed, stakeMinor: '10000', position: null, returnedMinor: '0' },
    ]);
    expect(recall.postings.map((p: { kind: string; amount: object }) => [p.kind, p.amount])).toEqual([
      ['STAKE', czk('300.00')],
      ['WIN', czk('1200.00')],
    ]);
    const ledgerIds = recall.postings.map((p: { ledgerTransactionId: string }) => p.ledgerTransactionId);
    const transactions = await h.connections.db.ledgerTransaction.findMany({ where: { id: { in: ledgerIds } } });
    expect(transactions.map((t) => t.metadata)).toEqual(
      expect.arrayContaining([expect.objectContaining({ game: 'platynko', tableId: table.id, roundId, seat: 1 })]),
    );
    expect(await findInvariantViolations(h.connections.db)).toEqual([]);
  });

  it('004:T-124 T-125 GAM-PL-06 GAM-PL-10 Undo and Clear take unconfirmed chips back and debit nothing; after confirmation neither works and no chip is added; the next round rebets the layout and the double rebet debits twice the stake per card', async () => {
    const table = await h.createTable(platynkoTable('pl-buttons-1'));
    const player = await h.newPlayer({ deposit: '1000.00' });
    const first = await seat(player, table.id);
    const row = await h.act(player, first, { kind: 'place-chips', chips: [{ kind: 'row', suit: 'hearts', chip: czk('10.00') }] });
    expect(row.json().events[0]).toMatchObject({ kind: 'bets-placed', stakeMinor: '8000' });
    await h.act(player, first, { kind: 'place-chips', chips: [card('bells-ace', '5.00')] });
    const undone = await h.act(player, first, { kind: 'undo' });
    expect(undone.statusCode).toBe(200);
    expect(undone.json().events).toEqual([{ kind: 'bet-undone', seat: 1, betId: 2, stakeMinor: '500' }]);
    const cleared = await h.act(player, first, { kind: 'clear-bets' });
    expect(cleared.json().events).toEqual([{ kind: 'bets-cleared', seat: 1, stakeMinor: '8000' }]);
    expect(await h.balance(player)).toBe('1000.00');

    const placed = await h.act(player, first, {
      kind: 'place-chips',
      chips: [{ kind: 'column', rank: 'VII', chip: czk('10.00') }, card('acorns-ace', '20.00')],
      confirm: true,
    });
    expect(placed.json().stakes).toEqual([{ amount: czk('60.00'), ledgerTransactionId: expect.any(String) }]);
    for (const [body, reason] of [
      [{ kind: 'undo' }, 'already-confirmed'],
      [{ kind: 'clear-bets' }, 'already-confirmed'],
      [{ kind: 'place-chips', chips: [card('bells-X', '5.00')] }, 'already-confirmed'],
    ] as const) {
      const refused = await h.act(player, first, body);
      expect(refused.statusCode).toBe(422);
      expect(refused.headers['content-type']).toContain('application/problem+json');
      expect(refused.json()).toMatchObject({ reason });
    }
    expect(await h.balance(player)).toBe('940.00');
    await h.tick(bettingTimeMs);
    const returned = (await h.app.inject({ method: 'GET', url: `/v1/me/rounds/${first}`, headers: player.headers })).json()
      .players[0].returned.amount as string;

    const second = await h.currentRound(table.id);
    const rebet = await h.act(player, second, { kind: 'rebet', double: true, confirm: true });
    expect(rebet.statusCode).toBe(200);
    expect(rebet.json().stakes).toEqual([{ amount: czk('120.00'), ledgerTransactionId: expect.any(String) }]);
    const placements = rebet.json().view.seats[0].confirmed[0].placements as Array<{ cardId: string; stakeMinor: string }>;
    expect(placements).toEqual(
      expect.arrayContaining([
        { cardId: 'hearts-VII', stakeMinor: '2000' },
        { cardId: 'acorns-VII', stakeMinor: '2000' },
        { cardId: 'acorns-ace', stakeMinor: '4000' },
      ]),
    );
    expect(placements).toHaveLength(5);
    expect(Number(await h.balance(player))).toBeCloseTo(940 + Number(returned) - 120, 2);
  });
});

describe('game-service: Plátýnko bad input changes nothing (issue 24)', () => {
  it('004:GAM-PL-04 T-127 GAM-PL-01 BET-04 a card that does not exist, a stake over the 100,000 CZK maximum, a bet after confirmation, a double rebet over the maximum and a bet after the betting time get problem+json; the round and the balance stay as they were', async () => {
    const table = await h.createTable(platynkoTable('pl-bad-1', { minimumCzk: 100 }));
    const player = await h.newPlayer({ registered: true, deposit: '200000.00' });
    const first = await seat(player, table.id);
    const version = await roundVersion(first);
    for (const [chips, status, field] of [
      [[card('hearts-VI', '100.00')], 400, 'body.chips.0.card'],
      [[{ kind: 'row', suit: 'spades', chip: czk('100.00') }], 400, 'body.chips.0.suit'],
      [[card('hearts-X', '50.00')], 422, null],
      [[card('hearts-X', '100001.00')], 422, null],
      [[{ kind: 'row', suit: 'acorns', chip: czk('12501.00') }], 422, null],
    ] as const) {
      const refused = await h.act(player, first, { kind: 'place-chips', chips, confirm: true });
      expect(refused.statusCode, JSON.stringify(chips)).toBe(status);
      expect(refused.headers['content-type']).toContain('application/problem+json');
      if (field) expect(refused.json().errors?.[0]?.field ?? refused.json().field).toBe(field);
    }
    const over = await h.act(player, first, { kind: 'place-chips', chips: [card('hearts-X', '100001.00')] });
    expect(over.json()).toMatchObject({ reason: 'stake-above-maximum' });
    expect(await roundVersion(first)).toBe(version);
    expect(await h.balance(player)).toBe('200000.00');

    const placed = await h.act(player, first, { kind: 'place-chips', chips: [card('hearts-X', '60000.00')], confirm: true });
    expect(placed.statusCode).toBe(200);
    const afterConfirmation = await h.act(player, first, { kind: 'place-chips', chips: [card('bells-X', '100.00')] });
    expect(afterConfirmation.statusCode).toBe(422);
    expect(afterConfirmation.json()).toMatchObject({ reason: 'already-confirmed' });
    expect(await h.balance(player)).toBe('140000.00');
    await h.tick(bettingTimeMs);
    const second = await h.currentRound(table.id);
    const balance = await h.balance(player);
    const doubled = await h.act(player, second, { kind: 'rebet', double: true, confirm: true });
    expect(doubled.statusCode).toBe(422);
    expect(doubled.json()).toMatchObject({ reason: 'stake-above-maximum' });
    expect(await h.balance(player)).toBe(balance);

    // The betting time is over (the scheduler has not run yet): the chip is refused and the round closes then and there.
    h.clock.advanceMs(bettingTimeMs);
    const late = await h.act(player, second, { kind: 'place-chips', chips: [card('hearts-X', '100.00')], confirm: true });
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({ reason: 'time-over' });
    expect(await h.balance(player)).toBe(balance);
  });

  it('004:T-126 GAM-PL-02 a player picks speed, minimum and number of players and is seated automatically; 20 s, a minimum of 50 CZK or 5 players are refused, and a 5th player finds the table full', async () => {
    const join = (player: TestPlayer, body: object) =>
      h.app.inject({ method: 'POST', url: '/v1/platynko/seats', headers: player.headers, payload: body });
    const choice = { bettingTimeSeconds: 30, minimum: czk('1000.00') };
    const four = await h.createTable(platynkoTable('pl-join-four', { bettingTimeSeconds: 30, minimumCzk: 1_000 }));
    const players = [];
    for (let k = 0; k < 5; k++) players.push(await h.newPlayer());
    for (const [k, player] of players.slice(0, 4).entries()) {
      const joined = await join(player, choice);
      expect(joined.statusCode).toBe(201);
      expect(joined.json()).toMatchObject({ tableId: four.id, seat: k + 1 });
    }
    const fifth = await join(players[4]!, choice);
    expect(fifth.statusCode).toBe(409);
    expect(fifth.json().type).toBe('https://problems.casino.example/table-full');
    for (const [body, field] of [
      [{ ...choice, bettingTimeSeconds: 20 }, 'body.bettingTimeSeconds'],
      [{ ...choice, minimum: czk('50.00') }, 'body.minimum'],
      [{ ...choice, players: 5 }, 'body.players'],
    ] as const) {
      const refused = await join(players[4]!, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.headers['content-type']).toContain('application/problem+json');
      expect(JSON.stringify(refused.json())).toContain(field);
    }
    const two = await h.createTable(platynkoTable('pl-join-two', { bettingTimeSeconds: 30, minimumCzk: 1_000, seatsMax: 2 }));
    const joined = await join(players[4]!, { ...choice, players: 2 });
    expect(joined.json()).toMatchObject({ tableId: two.id, seat: 1 });
    // A table the rule book does not allow is never opened.
    await expect(h.createTable(platynkoTable('pl-20s', { bettingTimeSeconds: 20 }))).rejects.toThrow(/15 or 30/);
    await expect(h.createTable(platynkoTable('pl-5-seats', { seatsMax: 5 }))).rejects.toThrow(/1 to 4/);
    expect(await h.connections.db.gameTable.count({ where: { code: { in: ['pl-20s', 'pl-5-seats'] } } })).toBe(0);

    const lobby = (await h.app.inject({ method: 'GET', url: '/v1/tables?game=platynko', headers: players[0]!.headers })).json();
    expect(lobby.tables.every((t: { game: string }) => t.game === 'platynko')).toBe(true);
    expect(lobby.tables.find((t: { tableId: string }) => t.tableId === four.id)).toMatchObject({
      variant: platynkoVariant,
      seatsMax: 4,
      seatsTaken: 4,
      bettingTimeMs: 30_000,
      limits: {
        unit: czk('1.00'),
        chipMinimum: czk('1000.00'),
        stakeMaximum: czk('100000.00'),
        winMaximum: czk('1000000.00'),
      },
    });
  });
});

describe('game-service: Plátýnko disconnection, recall and reports (issue 24)', () => {
  it('004:GAM-PL-11 TEC-02 DAT-06 bets confirmed before a disconnect are drawn and settled anyway, with no temporary table; the result is in the history after reconnecting', async () => {
    const table = await h.createTable(platynkoTable('pl-disconnect-1'));
    const player = await h.newPlayer({ deposit: '500.00' });
    const socket = await h.connect(player, table.id);
    const roundId = await seat(player, table.id);
    const drawn = await drawOf(roundId);
    await h.act(player, roundId, { kind: 'place-chips', chips: [card(drawn[0]!, '50.00')], confirm: true });
    await socket.close();
    await settle();
    await h.tick(bettingTimeMs);
    expect(await h.balance(player)).toBe('550.00');
    const rounds = await h.connections.db.gameRound.findMany({ where: { tableId: table.id } });
    expect(rounds.every((r) => r.kind === 'LIVE')).toBe(true);
    const temporary = (await h.app.inject({ method: 'GET', url: '/v1/me/temporary-tables', headers: player.headers })).json();
    expect(temporary.temporaryTables).toEqual([]);
    const history = (await h.app.inject({ method: 'GET', url: '/v1/me/rounds?limit=5', headers: player.headers })).json();
    expect(history.rounds[0]).toMatchObject({
      roundId,
      game: 'platynko',
      status: 'settled',
      staked: czk('50.00'),
      returned: czk('100.00'),
    });
  });

  it('004:DAT-05 TEC-08 staff recall a Plátýnko round replayed from its record (a tampered record does not replay); the game-rounds register and the GGR report carry the game', async () => {
    const table = await h.createTable(platynkoTable('pl-recall-1'));
    const player = await h.newPlayer({ deposit: '500.00' });
    const roundId = await seat(player, table.id);
    await h.act(player, roundId, {
      kind: 'place-chips',
      chips: [{ kind: 'column', rank: 'king', chip: czk('10.00') }],
      confirm: true,
    });
    await h.tick(bettingTimeMs);

    const stored = await h.connections.db.gameRound.findUniqueOrThrow({ where: { id: roundId } });
    expect(replayRecord('platynko', stored.record!).phase).toBe('settled');
    const tampered = stored.record!.replace(/"drawn":\["([a-z]+-[A-Za-z]+)"/, (_m, first: string) =>
      first === 'hearts-VII' ? '"drawn":["bells-VII"' : '"drawn":["hearts-VII"',
    );
    expect(tampered).not.toBe(stored.record);
    expect(() => replayRecord('platynko', tampered)).toThrow();

    const admin = await buildAdminApi({
      config: loadAdminApiConfig(testServiceEnv()),
      connections: h.connections,
      redisKeyPrefix: `${h.connections.redisKeyPrefix}:admin`,
    });
    try {
      const staffByRole = await createStaffPerRole(h.connections.db);
      const headers = {
        authorization: `Bearer ${admin.issueAccessToken({ audience: 'staff', subject: staffUserWithRole(staffByRole, ['support']) })}`,
      };
      const recalled = await admin.inject({ method: 'GET', url: `/v1/game-rounds/${roundId}`, headers });
      expect(recalled.statusCode).toBe(200);
      expect(recalled.json()).toMatchObject({
        roundId,
        game: 'platynko',
        replayVerified: true,
        seed: stored.seed,
        players: [{ playerId: player.playerId, staked: czk('40.00') }],
      });
    } finally {
      await admin.close();
    }

    const started = await startDirectExport(
      { db: h.connections.db, clock: h.clock, rules: czechReportingRules },
      {
        registerName: 'game-rounds',
        format: 'jsonl',
        filters: { playerId: player.playerId, game: 'platynko' },
        requestedBy: 'test-auditor',
      },
    );
    const chunks: Buffer[] = [];
    for await (const chunk of started.body) chunks.push(Buffer.from(chunk as Buffer));
    const rows = Buffer.concat(chunks)
      .toString('utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, string>);
    expect(rows).toEqual([
      expect.objectContaining({
        round_id: roundId,
        game: 'platynko',
        table_code: 'pl-recall-1',
        staked: '40.00',
        seed: stored.seed,
      }),
    ]);

    // GGR per game: the Plátýnko line is exactly the Plátýnko tables' stakes less their wins.
    const report = await ggrReport(h.connections.db, { fromDate: '2026-11-01', toDate: '2026-12-31', granularity: 'month' });
    const line = report.lines.find((l) => l.game === 'platynko')!;
    const postings = await h.connections.db.gameRoundPosting.findMany({
      where: { roundId: { in: (await platynkoRoundIds()).map((r) => r.id) } },
    });
    const sum = (kind: 'STAKE' | 'WIN') => postings.filter((p) => p.kind === kind).reduce((s, p) => s + p.amountMinor, 0n);
    expect(line.stakes.toMinor()).toBe(sum('STAKE'));
    expect(line.wins.toMinor()).toBe(sum('WIN'));
    expect(line.ggr.toMinor()).toBe(sum('STAKE') - sum('WIN'));
  });
});

async function platynkoRoundIds() {
  const tables = await h.connections.db.gameTable.findMany({ where: { game: 'PLATYNKO' }, select: { id: true } });
  return h.connections.db.gameRound.findMany({ where: { tableId: { in: tables.map((t) => t.id) } }, select: { id: true } });
}
