import { newId } from '@casino/core';
import { findInvariantViolations } from '@casino/ledger';
import { oneCallTurnCount, replayRecord, runDueRounds } from '@casino/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { czk, rouletteTable, startGameHarness, type GameHarness, type TestPlayer } from './test-support.ts';

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

async function seatAndStake(player: TestPlayer, code: string): Promise<{ tableId: string; roundId: string }> {
  const table = await h.createTable(rouletteTable(code));
  const { roundId } = (
    await h.app.inject({ method: 'POST', url: `/v1/tables/${table.id}/seats`, headers: player.headers, payload: {} })
  ).json();
  // Every straight covers the pocket: 36.00 back for the 37.00 staked, whatever comes up.
  expect((await h.act(player, roundId, { kind: 'place-bets', bets: everyStraight('1.00'), confirm: true })).statusCode).toBe(200);
  return { tableId: table.id, roundId };
}

describe('game-service: the round scheduler in two round trips (issue 22)', () => {
  it('issue 22 D-2291 / D-2292: a round turned by the one-call path credits its win once, counts it for net loss and in the play session, records the posting and the monitoring event, and opens the next round', async () => {
    const player = await h.newPlayer({ deposit: '100.00' });
    const { tableId, roundId } = await seatAndStake(player, 'one-call-turn-1');
    const sessionBefore = await h.connections.db.playSession.findFirstOrThrow({ where: { playerId: player.playerId } });
    const turned = oneCallTurnCount();
    expect(await h.tick(bettingTimeMs)).toBe(1);
    expect(oneCallTurnCount()).toBe(turned + 1);

    expect(await h.balance(player)).toBe('99.00');
    const round = await h.connections.db.gameRound.findUniqueOrThrow({ where: { id: roundId } });
    expect(round).toMatchObject({ status: 'SETTLED', deadlineAt: null });
    expect(replayRecord('roulette', round.record!).settlements).toEqual([
      expect.objectContaining({ seat: 1, stakedMinor: 3700n, returnedMinor: 3600n }),
    ]);
    const postings = await h.connections.db.gameRoundPosting.findMany({ where: { roundId }, orderBy: { kind: 'asc' } });
    expect(postings.map((p) => [p.kind, p.amountMinor])).toEqual([
      ['STAKE', 3700n],
      ['WIN', 3600n],
    ]);
    expect(await h.connections.db.gameRoundPlayer.findMany({ where: { roundId } })).toEqual([
      expect.objectContaining({ stakedMinor: 3700n, returnedMinor: 3600n, settledAt: expect.any(Date) }),
    ]);
    // The limits: the win's usage entry once, the counters' wins and the session's wins and playing time.
    const entries = await h.connections.db.selfLimitUsageEntry.findMany({
      where: { playerId: player.playerId, kind: 'SETTLEMENT' },
    });
    expect(entries.map((e) => [e.reference, e.countedMinor])).toEqual([[`game:${roundId}:win:1`, 3600n]]);
    const day = await h.connections.db.selfLimitUsage.findFirstOrThrow({ where: { playerId: player.playerId, period: 'DAY' } });
    expect(day).toMatchObject({ stakesMinor: 3700n, winsMinor: 3600n });
    const session = await h.connections.db.playSession.findUniqueOrThrow({ where: { id: sessionBefore.id } });
    expect(session.winsMinor).toBe(sessionBefore.winsMinor + 3600n);
    expect(session.playedMs).toBeGreaterThan(sessionBefore.playedMs);
    const monitored = await h.connections.db.outboxMessage.findMany({
      where: { topic: 'compliance.monitoring-event', payload: { path: ['gameRoundId'], equals: roundId } },
    });
    expect(monitored.map((m) => (m.payload as { kind: string }).kind).sort()).toEqual(['stake', 'win']);
    // The next live round is open for betting.
    expect(await h.currentRound(tableId)).not.toBe(roundId);
    expect(await findInvariantViolations(h.connections.db)).toEqual([]);
  });

  it('issue 22 D-2295: a confirmation that finds its round time run out turns the round through the one-call path and is refused time-over; its stake is not taken, the confirmed ones settle', async () => {
    const player = await h.newPlayer({ deposit: '100.00' });
    const { tableId, roundId } = await seatAndStake(player, 'one-call-turn-4');
    // Past the betting time, before any scheduler pass: the next confirmation drives the round itself.
    h.clock.advanceMs(bettingTimeMs);
    const turned = oneCallTurnCount();
    const late = await h.act(player, roundId, {
      kind: 'place-bets',
      bets: [{ kind: 'outside', position: 'red', stake: czk('5.00') }],
      confirm: true,
    });
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({ reason: 'time-over' });
    expect(oneCallTurnCount()).toBe(turned + 1);
    expect(await h.balance(player)).toBe('99.00');
    expect((await h.connections.db.gameRound.findUniqueOrThrow({ where: { id: roundId } })).status).toBe('SETTLED');
    expect(await h.currentRound(tableId)).not.toBe(roundId);
    expect(await findInvariantViolations(h.connections.db)).toEqual([]);
  });

  it('issue 22 D-2293: the same due round turned by two schedulers at once is settled once and its win paid once', async () => {
    const player = await h.newPlayer({ deposit: '100.00' });
    const { roundId } = await seatAndStake(player, 'one-call-turn-2');
    h.clock.advanceMs(bettingTimeMs);
    const ctx = h.app.tablesContext;
    const driven = await Promise.all([runDueRounds(ctx), runDueRounds(ctx), runDueRounds(ctx)]);
    expect(driven.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await h.balance(player)).toBe('99.00');
    const wins = await h.connections.db.gameRoundPosting.findMany({ where: { roundId, kind: 'WIN' } });
    expect(wins).toHaveLength(1);
    expect(await h.connections.db.selfLimitUsageEntry.count({ where: { playerId: player.playerId, kind: 'SETTLEMENT' } })).toBe(
      1,
    );
    const rounds = await h.connections.db.gameRound.findMany({
      where: { tableId: (await h.connections.db.gameRound.findUniqueOrThrow({ where: { id: roundId } })).tableId },
    });
    // The settled round and exactly one next round.
    expect(rounds.map((r) => r.status).sort()).toEqual(['OPEN', 'SETTLED']);
    expect(await findInvariantViolations(h.connections.db)).toEqual([]);
  });

  it('issue 22 D-2293 / 004:WIN-07: a win under a payout hold does not take the one-call path; it is credited and held at once', async () => {
    const player = await h.newPlayer({ deposit: '100.00' });
    const { roundId } = await seatAndStake(player, 'one-call-turn-3');
    await h.connections.db.payoutHold.create({
      data: {
        id: newId(),
        playerId: player.playerId,
        reason: 'suspicious transaction assessed (test)',
        placedBy: 'test',
        placedAt: h.clock.now(),
        expiresAt: new Date(h.clock.now().getTime() + 72 * 3_600_000),
      },
    });
    // The earlier tests' next rounds are due too: they take the one-call path, this one the ORM path.
    expect(await h.tick(bettingTimeMs)).toBeGreaterThanOrEqual(1);
    expect(await h.balance(player)).toBe('63.00');
    expect(await h.connections.db.gameWinHold.findMany({ where: { playerId: player.playerId } })).toEqual([
      expect.objectContaining({ roundId, amountMinor: 3600n, releasedAt: null }),
    ]);
    expect(await findInvariantViolations(h.connections.db)).toEqual([]);
  });
});
