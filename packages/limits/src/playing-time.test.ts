import { transaction } from '@casino/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@casino/core';
import { authorizeStake } from './authorize-stake.ts';
import { changeLimit } from './change-limit.ts';
import { endPlaySession } from './end-play-session.ts';
import { playingTimeToday } from './playing-time-today.ts';
import { recordPlayActivity } from './record-play-activity.ts';
import { setRealityCheck } from './set-reality-check.ts';
import { startPlaySession } from './start-play-session.ts';
import { czk, limitsFixture, setMinutes, type LimitsFixture, type TestPlayer } from './test-support.ts';

let f: LimitsFixture;
beforeAll(async () => {
  f = await limitsFixture(new Date('2026-11-02T09:00:00Z'));
});
afterAll(async () => {
  await f?.close();
});

const minutes = (n: number) => n * 60_000;
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as { code: string; extensions?: Record<string, unknown> },
  );
const activity = (player: TestPlayer) =>
  transaction(f.db, (tx) => recordPlayActivity(f.ctx, tx, { playerId: player.playerId, playSessionId: player.playSessionId }));
const start = (player: TestPlayer) => transaction(f.db, (tx) => startPlaySession(f.ctx, tx, { playerId: player.playerId }));
const today = (player: TestPlayer) => playingTimeToday({ db: f.db, clock: f.clock, profile: f.ctx.profile }, player.playerId);

/** Plays rounds of `everyMinutes` for `totalMinutes`, reporting each to the limits. */
async function play(player: TestPlayer, totalMinutes: number, everyMinutes = 5) {
  let last;
  for (let played = 0; played < totalMinutes; played += everyMinutes) {
    f.clock.advanceMs(minutes(everyMinutes));
    last = await activity(player);
  }
  return last!;
}

describe('playing time', () => {
  it('000-001:RG-03 / 003:R-LIM-05 once the daily playing-time limit is reached no new round starts, and the next Prague day it may', async () => {
    f.clock.set(new Date('2026-11-02T09:00:00Z'));
    const player = await f.newPlayer({ 'playing-time:day': setMinutes(60) });
    expect((await play(player, 55)).status).toBe('continue');
    const reached = await play(player, 5);
    expect(reached).toMatchObject({ status: 'stop', stopReason: 'playing-time:day', playedTodayMs: minutes(60) });
    expect(await refusal(f.stake(player, czk('1.00')))).toMatchObject({
      code: 'limit-exceeded',
      extensions: { measure: 'playing-time:day', remainingMinutes: 0, resetsAt: '2026-11-02T23:00:00.000Z' },
    });
    expect(await refusal(start(player))).toMatchObject({ code: 'limit-exceeded', extensions: { measure: 'playing-time:day' } });
    f.clock.set(new Date('2026-11-02T23:00:00Z'));
    expect((await f.stake(player, czk('1.00'))).counted.toDecimalString()).toBe('1.00');
  });

  it('issue 5: a pause longer than the activity gap counts only the gap (5 minutes): walking away is not playing', async () => {
    f.clock.set(new Date('2026-11-03T09:00:00Z'));
    const player = await f.newPlayer();
    f.clock.advanceMs(minutes(3));
    await activity(player);
    f.clock.advanceMs(minutes(20));
    const after = await activity(player);
    expect(after.sessionPlayedMs).toBe(minutes(3) + minutes(5));
    expect((await today(player)).playedMs).toBe(minutes(8));
  });

  it('issue 5: playing time across Prague midnight counts in the day it was played (2026-10-25, the 25-hour day)', async () => {
    f.clock.set(new Date('2026-10-25T22:57:00Z')); // 23:57 CET
    const player = await f.newPlayer();
    f.clock.set(new Date('2026-10-25T23:02:00Z')); // 00:02 CET on the 26th
    await activity(player);
    const days = await f.db.selfLimitUsage.findMany({
      where: { playerId: player.playerId, period: 'DAY' },
      orderBy: { periodStart: 'asc' },
    });
    expect(days.map((d) => [d.periodStart.toISOString().slice(0, 10), d.playedMs])).toEqual([
      ['2026-10-25', 180_000n],
      ['2026-10-26', 120_000n],
    ]);
    expect((await today(player)).playedMs).toBe(minutes(2));
  });

  it('issue 5: the per-session limit stops the session; a new session may start', async () => {
    f.clock.set(new Date('2026-11-04T09:00:00Z'));
    const player = await f.newPlayer({ 'playing-time:day': setMinutes(120) });
    await changeSessionLimit(player, 30);
    expect(await play(player, 30)).toMatchObject({ status: 'stop', stopReason: 'playing-time:session' });
    await transaction(f.db, (tx) =>
      endPlaySession(f.ctx, tx, { playerId: player.playerId, playSessionId: player.playSessionId, reason: 'limit' }),
    );
    const next = await start(player);
    expect(next).toMatchObject({ resumed: false, remainingMs: minutes(30) });
    expect((await today(player)).limit).toMatchObject({ measure: 'playing-time:session', remainingMs: minutes(30) });
  });

  it("002:RG-10 the time indicator shows today's playing time, the session and its net result", async () => {
    f.clock.set(new Date('2026-11-05T09:00:00Z'));
    const player = await f.newPlayer({ 'playing-time:day': setMinutes(90) });
    await f.stake(player, czk('100.00'));
    await f.win(player, czk('30.00'));
    await play(player, 25);
    expect(await today(player)).toMatchObject({
      day: '2026-11-05',
      playedMs: minutes(25),
      limit: { measure: 'playing-time:day', limitMinutes: 90, remainingMs: minutes(65) },
      session: { playSessionId: player.playSessionId, playedMs: minutes(25), netResult: czk('-70.00') },
    });
  });

  it('002:RG-10 a reality check is due every chosen interval of playing time, with the time played and the net result', async () => {
    f.clock.set(new Date('2026-11-06T09:00:00Z'));
    const player = await f.newPlayer();
    expect(
      await setRealityCheck(
        { db: f.db, clock: f.clock, profile: f.ctx.profile },
        { playerId: player.playerId, intervalMinutes: 15 },
      ),
    ).toEqual({ intervalMinutes: 15 });
    await f.stake(player, czk('50.00'));
    expect((await play(player, 10)).realityCheck).toBeNull();
    expect((await play(player, 5)).realityCheck).toEqual({ sessionPlayedMs: minutes(15), netResult: czk('-50.00') });
    expect((await play(player, 5)).realityCheck).toBeNull();
    expect((await play(player, 10)).realityCheck).toMatchObject({ sessionPlayedMs: minutes(30) });
    await expect(
      setRealityCheck({ db: f.db, clock: f.clock, profile: f.ctx.profile }, { playerId: player.playerId, intervalMinutes: 5 }),
    ).rejects.toMatchObject({ code: 'validation-failed', field: 'body.intervalMinutes' });
  });

  it('issue 5: an idle session ends at its last activity; starting again opens a new one; one open session per player', async () => {
    f.clock.set(new Date('2026-11-07T09:00:00Z'));
    const player = await f.newPlayer();
    expect(await start(player)).toMatchObject({ playSessionId: player.playSessionId, resumed: true });
    f.clock.advanceMs(minutes(31));
    const next = await start(player);
    expect(next.resumed).toBe(false);
    const old = await f.db.playSession.findUniqueOrThrow({ where: { id: player.playSessionId } });
    expect([old.endReason, old.endedAt]).toEqual(['idle', new Date('2026-11-07T09:00:00Z')]);
    const onOldSession = transaction(f.db, (tx) =>
      authorizeStake(f.ctx, tx, {
        playerId: player.playerId,
        playSessionId: player.playSessionId,
        reference: `stake:${newId()}`,
        amount: czk('1.00'),
        category: 'casino',
      }),
    );
    expect(await refusal(onOldSession)).toMatchObject({ code: 'play-session-ended', extensions: { endReason: 'idle' } });
    await expect(Promise.all([start(player), start(player), start(player)])).resolves.toHaveLength(3);
    expect(await f.db.playSession.count({ where: { playerId: player.playerId, endedAt: null } })).toBe(1);
  });
});

function changeSessionLimit(player: TestPlayer, limitMinutes: number) {
  return changeLimit(
    { db: f.db, clock: f.clock, profile: f.ctx.profile },
    { playerId: player.playerId, measure: 'playing-time:session', limit: { minutes: limitMinutes }, actor: 'player' },
  );
}
