import { createHash } from 'node:crypto';
import { czechReportingRules, startDirectExport } from '@casino/reporting';
import { newId } from '@casino/core';
import { findInvariantViolations } from '@casino/ledger';
import { replayRecord } from '@casino/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { czk, rouletteTable, settle, startGameHarness, type GameHarness } from './test-support.ts';

let h: GameHarness;
beforeAll(async () => {
  h = await startGameHarness();
});
afterAll(async () => {
  await h?.close();
});

const everyStraight = (stake: string) =>
  Array.from({ length: 37 }, (_, n) => ({ kind: 'inside', numbers: [n], stake: czk(stake) }));
const bettingTimeMs = 20_000;

describe('game-service: roulette money (issue 7)', () => {
  it('004:GAM-R-07 / T-83 / T-62 / T-63 / GAM-R-08 / BET-03 / WIN-01 / WIN-03 / 002:PAY-04 a confirmed stake is checked and debited, an unconfirmed one is dropped at the end of betting, the win is credited, and the record keeps seed, actions, results and ledger transactions', async () => {
    const table = await h.createTable(rouletteTable('money-1'));
    const player = await h.newPlayer({ deposit: '1000.00' });
    const seated = await h.app.inject({
      method: 'POST',
      url: `/v1/tables/${table.id}/seats`,
      headers: player.headers,
      payload: {},
    });
    expect(seated.statusCode).toBe(201);
    const roundId = seated.json().roundId as string;
    const confirmed = await h.act(player, roundId, { kind: 'place-bets', bets: everyStraight('1.00'), confirm: true });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().stakes).toEqual([{ amount: czk('37.00'), ledgerTransactionId: expect.any(String) }]);
    const unconfirmed = await h.act(player, roundId, {
      kind: 'place-bets',
      bets: [{ kind: 'outside', position: 'red', stake: czk('5.00') }],
    });
    expect(unconfirmed.json().stakes).toEqual([]);
    expect(await h.balance(player)).toBe('963.00');

    expect(await h.tick(bettingTimeMs)).toBe(1);
    // Every straight covers the pocket: 36 back for the 37 staked; the unconfirmed 5 were never debited.
    expect(await h.balance(player)).toBe('999.00');
    const recall = (await h.app.inject({ method: 'GET', url: `/v1/me/rounds/${roundId}`, headers: player.headers })).json();
    expect(recall).toMatchObject({
      status: 'settled',
      replayVerified: true,
      seed: expect.stringMatching(/^[0-9a-f]{64}$/),
      players: [{ seat: 1, staked: czk('37.00'), returned: czk('36.00') }],
    });
    expect(recall.postings.map((p: { kind: string; amount: object }) => [p.kind, p.amount])).toEqual([
      ['STAKE', czk('37.00')],
      ['WIN', czk('36.00')],
    ]);
    const closed = recall.events.find((e: { kind: string }) => e.kind === 'betting-closed');
    expect(closed.dropped).toEqual([{ seat: 1, stakeMinor: '500' }]);
    const stored = await h.connections.db.gameRound.findUniqueOrThrow({ where: { id: roundId } });
    const replayed = replayRecord('roulette', stored.record!);
    expect(replayed.actions.map((a) => a.kind)).toEqual(['place-bets', 'confirm-bets', 'place-bets', 'close-betting', 'spin']);
    expect(replayed.settlements).toEqual([expect.objectContaining({ seat: 1, stakedMinor: 3700n, returnedMinor: 3600n })]);
    const ledgerIds = recall.postings.map((p: { ledgerTransactionId: string }) => p.ledgerTransactionId);
    const transactions = await h.connections.db.ledgerTransaction.findMany({ where: { id: { in: ledgerIds } } });
    expect(transactions.map((t) => t.metadata)).toEqual(
      expect.arrayContaining([expect.objectContaining({ game: 'roulette', tableId: table.id, roundId, seat: 1 })]),
    );
    // AML monitoring sees the stake and the win, recorded with them (002:AML-03 events through the outbox).
    const monitored = await h.connections.db.outboxMessage.findMany({
      where: { topic: 'compliance.monitoring-event', payload: { path: ['gameRoundId'], equals: roundId } },
    });
    expect(
      monitored
        .map((m) => [(m.payload as { kind: string }).kind, (m.payload as { amount: { amountMinor: string } }).amount.amountMinor])
        .sort(),
    ).toEqual([
      ['stake', '3700'],
      ['win', '3600'],
    ]);
    expect(await findInvariantViolations(h.connections.db)).toEqual([]);
  });

  it("004:DAT-05 / TEC-08 the game-rounds register exports each player's round with stake, return, the seed that matches its commitment, and the ledger transactions", async () => {
    const table = await h.createTable(rouletteTable('register-1'));
    const player = await h.newPlayer({ deposit: '500.00' });
    const roundId = (
      await h.app.inject({ method: 'POST', url: `/v1/tables/${table.id}/seats`, headers: player.headers, payload: {} })
    ).json().roundId as string;
    await h.act(player, roundId, {
      kind: 'place-bets',
      bets: [{ kind: 'outside', position: 'red', stake: czk('10.00') }],
      confirm: true,
    });
    await h.tick(bettingTimeMs);
    const started = await startDirectExport(
      { db: h.connections.db, clock: h.clock, rules: czechReportingRules },
      { registerName: 'game-rounds', format: 'jsonl', filters: { playerId: player.playerId }, requestedBy: 'test-auditor' },
    );
    const chunks: Buffer[] = [];
    for await (const chunk of started.body) chunks.push(Buffer.from(chunk as Buffer));
    const rows = Buffer.concat(chunks)
      .toString('utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, string>);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      round_id: roundId,
      game: 'roulette',
      table_code: 'register-1',
      status: 'SETTLED',
      player_id: player.playerId,
      staked: '10.00',
      staked_minor: '1000',
    });
    expect(createHash('sha256').update(Buffer.from(row.seed!, 'hex')).digest('hex')).toBe(row.seed_commitment);
    const postings = await h.connections.db.gameRoundPosting.findMany({ where: { roundId }, orderBy: { id: 'asc' } });
    expect(row.ledger_transaction_ids!.split(' ')).toEqual(postings.map((p) => p.ledgerTransactionId));
  });

  it('004:GAM-R-08 / GAM-R-07 a bet that arrives after the betting time is refused even before the scheduler has run: the round closes and settles then and there', async () => {
    const table = await h.createTable(rouletteTable('late-1'));
    const player = await h.newPlayer({ deposit: '100.00' });
    const { roundId } = (
      await h.app.inject({ method: 'POST', url: `/v1/tables/${table.id}/seats`, headers: player.headers, payload: {} })
    ).json();
    await h.act(player, roundId, {
      kind: 'place-bets',
      bets: [{ kind: 'outside', position: 'high', stake: czk('10.00') }],
      confirm: true,
    });
    h.clock.advanceMs(bettingTimeMs);
    const late = await h.act(player, roundId, {
      kind: 'place-bets',
      bets: [{ kind: 'outside', position: 'low', stake: czk('10.00') }],
      confirm: true,
    });
    expect(late.json()).toMatchObject({
      status: 422,
      type: 'https://problems.casino.example/game-action-refused',
      reason: 'time-over',
    });
    const recall = (await h.app.inject({ method: 'GET', url: `/v1/me/rounds/${roundId}`, headers: player.headers })).json();
    expect(recall).toMatchObject({ status: 'settled', players: [{ staked: czk('10.00') }] });
    expect(await h.currentRound(table.id)).not.toBe(roundId);
  });

  it('issue 7: a round that cannot be driven is put back for a later pass and does not hold up the other tables', async () => {
    const broken = await h.createTable(rouletteTable('broken-1'));
    const healthy = await h.createTable(rouletteTable('healthy-1'));
    const player = await h.newPlayer();
    const other = await h.newPlayer();
    const brokenRound = (
      await h.app.inject({ method: 'POST', url: `/v1/tables/${broken.id}/seats`, headers: player.headers, payload: {} })
    ).json().roundId;
    const healthyRound = (
      await h.app.inject({ method: 'POST', url: `/v1/tables/${healthy.id}/seats`, headers: other.headers, payload: {} })
    ).json().roundId;
    await h.connections.db.gameRound.update({
      where: { id: brokenRound },
      data: { state: '{"format":"not-a-roulette-state"}', deadlineAt: new Date(h.clock.now().getTime() - 1_000) },
    });
    expect(await h.tick(bettingTimeMs)).toBeGreaterThanOrEqual(1);
    expect((await h.connections.db.gameRound.findUniqueOrThrow({ where: { id: healthyRound } })).status).toBe('SETTLED');
    const parked = await h.connections.db.gameRound.findUniqueOrThrow({ where: { id: brokenRound } });
    expect(parked).toMatchObject({ status: 'OPEN', deadlineAt: new Date(h.clock.now().getTime() + 30_000) });
  });

  it('issue 7: a retried confirmation with the same action id debits once; the same id for another action is refused', async () => {
    const table = await h.createTable(rouletteTable('idempotent-1'));
    const player = await h.newPlayer({ deposit: '500.00' });
    const { roundId } = (
      await h.app.inject({ method: 'POST', url: `/v1/tables/${table.id}/seats`, headers: player.headers, payload: {} })
    ).json();
    const body = { kind: 'place-bets', bets: [{ kind: 'outside', position: 'black', stake: czk('50.00') }], confirm: true };
    const [first, second] = await Promise.all([
      h.act(player, roundId, body, 'action-0000-1'),
      h.act(player, roundId, body, 'action-0000-1'),
    ]);
    expect([first.json().replayed, second.json().replayed].sort()).toEqual([false, true]);
    expect(first.json().stakes).toEqual(second.json().stakes);
    expect(await h.balance(player)).toBe('450.00');
    const other = await h.act(
      player,
      roundId,
      { ...body, bets: [{ kind: 'outside', position: 'red', stake: czk('50.00') }] },
      'action-0000-1',
    );
    expect(other.statusCode).toBe(409);
    expect(other.json().type).toBe('https://problems.casino.example/idempotency-key-reused');
    expect(await h.balance(player)).toBe('450.00');
  });

  it('issue 7 / 002:RG-08: a player with a 1,000 CZK daily stake limit plays roulette rounds over the API until refused at the limit; the ledger is balanced afterwards', async () => {
    const table = await h.createTable(rouletteTable('limit-1'));
    const player = await h.newPlayer({ stakeDay: '1000.00', deposit: '2000.00' });
    await h.app.inject({ method: 'POST', url: `/v1/tables/${table.id}/seats`, headers: player.headers, payload: {} });
    const outcomes: number[] = [];
    for (let round = 0; round < 4; round++) {
      const roundId = await h.currentRound(table.id);
      const response = await h.act(player, roundId, {
        kind: 'place-bets',
        bets: [{ kind: 'outside', position: 'red', stake: czk('300.00') }],
        confirm: true,
      });
      outcomes.push(response.statusCode);
      if (response.statusCode !== 200) {
        expect(response.json()).toMatchObject({
          type: 'https://problems.casino.example/limit-exceeded',
          measure: 'stake:day',
          remaining: czk('100.00'),
        });
        // Refused whole, placing included: nothing is left to confirm, nothing was debited or counted.
        expect((await h.act(player, roundId, { kind: 'confirm-bets' })).json()).toMatchObject({
          type: 'https://problems.casino.example/game-action-refused',
          reason: 'nothing-to-confirm',
        });
        expect(
          (
            await h.act(player, roundId, {
              kind: 'place-bets',
              bets: [{ kind: 'outside', position: 'red', stake: czk('100.00') }],
              confirm: true,
            })
          ).statusCode,
        ).toBe(200);
        expect(
          (
            await h.act(player, roundId, {
              kind: 'place-bets',
              bets: [{ kind: 'outside', position: 'red', stake: czk('0.10') }],
              confirm: true,
            })
          ).json().type,
        ).toBe('https://problems.casino.example/limit-exceeded');
      }
      await h.tick(bettingTimeMs);
    }
    expect(outcomes).toEqual([200, 200, 200, 422]);
    const staked = await h.connections.db.gameRoundPosting.aggregate({
      where: { playerId: player.playerId, kind: 'STAKE' },
      _sum: { amountMinor: true },
    });
    expect(staked._sum.amountMinor).toBe(100_000n);
    expect(await findInvariantViolations(h.connections.db)).toEqual([]);
  });

  it('002:RG-08 / issue 7: parallel bet confirmations of one player at four tables against one 1,000 CZK limit never overshoot', async () => {
    const player = await h.newPlayer({ stakeDay: '1000.00', deposit: '3000.00' });
    const rounds: string[] = [];
    for (let i = 0; i < 4; i++) {
      const table = await h.createTable(rouletteTable(`parallel-${i}`));
      rounds.push(
        (await h.app.inject({ method: 'POST', url: `/v1/tables/${table.id}/seats`, headers: player.headers, payload: {} })).json()
          .roundId,
      );
    }
    const body = { kind: 'place-bets', bets: [{ kind: 'outside', position: 'even', stake: czk('100.00') }], confirm: true };
    // 20 confirmations queue on one player's lock; on a loaded machine some wait longer than the pool
    // allows and are answered 503 with Retry-After (nothing written), which a client sends again.
    const confirmRetryingBusy = async (roundId: string) => {
      for (let attempt = 1; ; attempt++) {
        const response = await h.act(player, roundId, body);
        if (response.statusCode !== 503 || attempt === 10) return response;
      }
    };
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => confirmRetryingBusy(rounds[i % 4]!)));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(
      responses
        .filter((r) => r.statusCode !== 200)
        .every((r) => r.json().type === 'https://problems.casino.example/limit-exceeded'),
    ).toBe(true);
    expect(await h.balance(player)).toBe('2000.00');
    expect(await findInvariantViolations(h.connections.db)).toEqual([]);
  });
});

describe('game-service: payout holds (issue 7)', () => {
  it("004:WIN-07 / AML-04 a win settled while the player's payouts are suspended is credited and held at once; it reaches the wallet when the payout hold ends", async () => {
    const table = await h.createTable(rouletteTable('payout-hold-1'));
    const player = await h.newPlayer({ deposit: '100.00' });
    const { roundId } = (
      await h.app.inject({ method: 'POST', url: `/v1/tables/${table.id}/seats`, headers: player.headers, payload: {} })
    ).json();
    await h.act(player, roundId, { kind: 'place-bets', bets: everyStraight('1.00'), confirm: true });
    const hold = await h.connections.db.payoutHold.create({
      data: {
        id: newId(),
        playerId: player.playerId,
        reason: 'suspicious transaction assessed (test)',
        placedBy: 'test',
        placedAt: h.clock.now(),
        expiresAt: new Date(h.clock.now().getTime() + 72 * 3_600_000),
      },
    });
    await h.tick(bettingTimeMs);
    expect(await h.balance(player)).toBe('63.00');
    expect(await h.connections.db.gameWinHold.findMany({ where: { playerId: player.playerId } })).toEqual([
      expect.objectContaining({ roundId, amountMinor: 3600n, releasedAt: null }),
    ]);
    await h.tick(1_000);
    expect(await h.balance(player)).toBe('63.00');
    await h.connections.db.payoutHold.update({
      where: { id: hold.id },
      data: { releasedAt: h.clock.now(), releasedBy: 'test', releaseReason: 'cleared' },
    });
    await h.tick(1_000);
    expect(await h.balance(player)).toBe('99.00');
    expect(await findInvariantViolations(h.connections.db)).toEqual([]);
  });
});

describe('game-service: seats, spectators and disconnection (issue 7)', () => {
  it('004:GAM-R-01 / T-88 / GAM-R-02 / 002:PAY-01 four players seated: a fifth only watches: no seat, no bet, no chat; the table state reaches the spectator over a real WebSocket', async () => {
    const table = await h.createTable(rouletteTable('full-1'));
    const players = await Promise.all(Array.from({ length: 4 }, () => h.newPlayer()));
    for (const p of players)
      expect(
        (await h.app.inject({ method: 'POST', url: `/v1/tables/${table.id}/seats`, headers: p.headers, payload: {} })).statusCode,
      ).toBe(201);
    const fifth = await h.newPlayer();
    const refused = await h.app.inject({
      method: 'POST',
      url: `/v1/tables/${table.id}/seats`,
      headers: fifth.headers,
      payload: {},
    });
    expect(refused.json()).toMatchObject({ status: 409, type: 'https://problems.casino.example/table-full' });
    const spectator = await h.connect(fifth, table.id);
    expect(spectator.messages[0]).toMatchObject({ type: 'welcome', role: 'spectator', seat: null, table: { seatsTaken: 4 } });
    const roundId = await h.currentRound(table.id);
    const bet = await h.act(fifth, roundId, {
      kind: 'place-bets',
      bets: [{ kind: 'outside', position: 'red', stake: czk('1.00') }],
      confirm: true,
    });
    expect(bet.json()).toMatchObject({ status: 403, type: 'https://problems.casino.example/not-seated' });
    spectator.send({ type: 'chat', text: 'hello' });
    expect(await spectator.next((m) => m.type === 'error', 'chat refusal')).toMatchObject({
      problem: { type: 'https://problems.casino.example/not-seated' },
    });
    // A seated player's bet is pushed to the spectator, and so is a seated player's chat.
    await h.act(players[0]!, roundId, {
      kind: 'place-bets',
      bets: [{ kind: 'outside', position: 'red', stake: czk('2.00') }],
      confirm: true,
    });
    const pushed = await spectator.next(
      (m) => m.type === 'round' && (m.events as Array<{ kind: string }>).some((e) => e.kind === 'bets-confirmed'),
      'bets-confirmed push',
    );
    expect(pushed).toMatchObject({
      roundId,
      currency: 'CZK',
      view: { phase: 'betting', seats: [{ seat: 1, confirmed: [{ stakeMinor: '200' }] }] },
    });
    const seatedSocket = await h.connect(players[1]!, table.id);
    expect(seatedSocket.messages[0]).toMatchObject({ role: 'player', seat: 2 });
    seatedSocket.send({ type: 'chat', text: 'good luck' });
    expect(await spectator.next((m) => m.type === 'chat', 'chat')).toMatchObject({ seat: 2, text: 'good luck' });
    // Actions may come over the socket too, with the same body and an action id.
    const actionId = newId();
    seatedSocket.send({
      type: 'action',
      actionId,
      roundId,
      action: { kind: 'place-bets', bets: [{ kind: 'outside', position: 'dozen-1', stake: czk('3.00') }], confirm: true },
    });
    expect(await seatedSocket.next((m) => m.type === 'action-result', 'action result')).toMatchObject({
      actionId,
      result: { roundId, stakes: [{ amount: czk('3.00') }] },
    });
    expect(await h.balance(players[1]!)).toBe('997.00');
  });

  describe.each(['european', 'french'] as const)('%s', (variant) => {
    it('004:TEC-02 / T-90 / DAT-06 / GAM-RF-09 bets confirmed before a disconnect settle regardless; the result is in the history after reconnecting', async () => {
      const table = await h.createTable(rouletteTable(`disconnect-${variant}`, { variant }));
      const player = await h.newPlayer({ deposit: '100.00' });
      const { roundId } = (
        await h.app.inject({ method: 'POST', url: `/v1/tables/${table.id}/seats`, headers: player.headers, payload: {} })
      ).json();
      const socket = await h.connect(player, table.id);
      await h.act(player, roundId, { kind: 'place-bets', bets: everyStraight('2.00'), confirm: true });
      await socket.close();
      await settle();
      await h.tick(bettingTimeMs);
      const history = (await h.app.inject({ method: 'GET', url: '/v1/me/rounds?limit=5', headers: player.headers })).json();
      expect(history.rounds[0]).toMatchObject({ roundId, status: 'settled', staked: czk('74.00'), returned: czk('72.00') });
      expect(await h.balance(player)).toBe('98.00');
    });
  });

  it('004:GAM-R-07 / TEC-02 leaving clears the unconfirmed bets at once; with a confirmed stake the seat is held until the round settles and pays it, then freed', async () => {
    const table = await h.createTable(rouletteTable('leave-1'));
    const player = await h.newPlayer({ deposit: '100.00' });
    const { roundId } = (
      await h.app.inject({ method: 'POST', url: `/v1/tables/${table.id}/seats`, headers: player.headers, payload: {} })
    ).json();
    await h.act(player, roundId, { kind: 'place-bets', bets: everyStraight('1.00'), confirm: true });
    await h.act(player, roundId, { kind: 'place-bets', bets: [{ kind: 'outside', position: 'red', stake: czk('5.00') }] });
    const left = await h.app.inject({ method: 'DELETE', url: `/v1/tables/${table.id}/seats/me`, headers: player.headers });
    expect(left.json()).toEqual({ left: false });
    const view = (await h.app.inject({ method: 'GET', url: `/v1/tables/${table.id}`, headers: player.headers })).json();
    expect(view).toMatchObject({
      seats: [{ seat: 1, status: 'leaving', mine: true }],
      view: { seats: [{ seat: 1, pending: [] }] },
    });
    const refused = await h.act(player, roundId, {
      kind: 'place-bets',
      bets: [{ kind: 'outside', position: 'red', stake: czk('5.00') }],
    });
    expect(refused.json().type).toBe('https://problems.casino.example/not-seated');
    await h.tick(bettingTimeMs);
    expect(await h.balance(player)).toBe('99.00');
    expect(await h.connections.db.tableSeat.count({ where: { tableId: table.id } })).toBe(0);
    expect(await h.connections.db.gameRound.count({ where: { tableId: table.id, status: 'OPEN' } })).toBe(0);
    const again = await h.app.inject({
      method: 'POST',
      url: `/v1/tables/${table.id}/seats`,
      headers: player.headers,
      payload: {},
    });
    expect(again.statusCode).toBe(201);
    expect(
      (await h.app.inject({ method: 'DELETE', url: `/v1/tables/${table.id}/seats/me`, headers: player.headers })).json(),
    ).toEqual({ left: true });
  });

  it('000-001:RG-03 / 002:RG-10 a player whose daily playing time runs out finishes the round, then loses the seat; no new round, no new seat', async () => {
    const table = await h.createTable(rouletteTable('playing-time-1'));
    const player = await h.newPlayer({ playingTimeDayMinutes: 1, deposit: '100.00' });
    await h.app.inject({ method: 'POST', url: `/v1/tables/${table.id}/seats`, headers: player.headers, payload: {} });
    const socket = await h.connect(player, table.id);
    let rounds = 0;
    while ((await h.connections.db.tableSeat.count({ where: { tableId: table.id } })) > 0 && rounds < 6) {
      const roundId = await h.currentRound(table.id);
      expect(
        (
          await h.act(player, roundId, {
            kind: 'place-bets',
            bets: [{ kind: 'outside', position: 'even', stake: czk('1.00') }],
            confirm: true,
          })
        ).statusCode,
      ).toBe(200);
      await h.tick(bettingTimeMs);
      rounds++;
    }
    // 20 s of betting per round: the third round takes the day past one minute, and it still settles.
    expect(rounds).toBe(3);
    expect(await socket.next((m) => m.type === 'seat-released', 'seat released')).toMatchObject({ reason: 'limits' });
    expect(await h.connections.db.gameRoundPlayer.count({ where: { playerId: player.playerId, settledAt: { not: null } } })).toBe(
      3,
    );
    const again = await h.app.inject({
      method: 'POST',
      url: `/v1/tables/${table.id}/seats`,
      headers: player.headers,
      payload: {},
    });
    expect(again.json()).toMatchObject({ type: 'https://problems.casino.example/limit-exceeded', measure: 'playing-time:day' });
  });

  describe.each(['european', 'french'] as const)('%s', (variant) => {
    it('004:TEC-06 / T-89 / GAM-R-10 / GAM-RF-09 a player who does not bet for 5 rounds loses the seat; one who bets keeps it', async () => {
      const table = await h.createTable(rouletteTable(`idle-${variant}`, { variant }));
      const idle = await h.newPlayer();
      const active = await h.newPlayer();
      await h.app.inject({ method: 'POST', url: `/v1/tables/${table.id}/seats`, headers: idle.headers, payload: {} });
      await h.app.inject({ method: 'POST', url: `/v1/tables/${table.id}/seats`, headers: active.headers, payload: {} });
      const idleSocket = await h.connect(idle, table.id);
      for (let round = 1; round <= 5; round++) {
        await h.act(active, await h.currentRound(table.id), {
          kind: 'place-bets',
          bets: [{ kind: 'outside', position: 'odd', stake: czk('1.00') }],
          confirm: true,
        });
        const seats = await h.connections.db.tableSeat.findMany({ where: { tableId: table.id } });
        expect(seats.map((s) => s.playerId).includes(idle.playerId)).toBe(true);
        await h.tick(bettingTimeMs);
      }
      const seats = await h.connections.db.tableSeat.findMany({ where: { tableId: table.id } });
      expect(seats.map((s) => s.playerId)).toEqual([active.playerId]);
      expect(await idleSocket.next((m) => m.type === 'seat-released', 'seat released')).toMatchObject({
        tableId: table.id,
        seat: 1,
        reason: 'idle',
      });
    });
  });
});
