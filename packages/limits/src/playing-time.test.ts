import { pgTransaction, transaction, type PgClient } from '@casino/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@casino/core';
import { authorizeStake } from './authorize-stake.ts';
import { changeLimit } from './change-limit.ts';
import { endPlaySession } from './end-play-session.ts';
import { playingTimeToday } from './playing-time-today.ts';
import { recordPlayActivities } from './record-play-activities.ts';
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

describe('playing time recorded in a batch (issue 16, D-1792)', () => {
  it('000-001:RG-03 002:RG-10 many seated players at several tables are recorded in one transaction of seven statements with the usage, limits, reality checks and ended sessions of one-by-one recording', async () => {
    f.clock.set(new Date('2026-11-20T09:00:00Z'));
    // Each kind of player twice: one recorded on its own (the reference), one in the batch.
    const kinds = async () => {
      const plain = await f.newPlayer();
      const limited = await f.newPlayer({ 'playing-time:day': setMinutes(10) });
      const reminded = await f.newPlayer();
      await setRealityCheck(
        { db: f.db, clock: f.clock, profile: f.ctx.profile },
        { playerId: reminded.playerId, intervalMinutes: 15 },
      );
      const ended = await f.newPlayer();
      await transaction(f.db, (tx) =>
        endPlaySession(f.ctx, tx, { playerId: ended.playerId, playSessionId: ended.playSessionId, reason: 'limit' }),
      );
      // Six ordinary players more, as at a full six-max table.
      const others = [];
      for (let i = 0; i < 6; i++) others.push(await f.newPlayer());
      return [plain, limited, reminded, ended, ...others];
    };
    const alone = await kinds();
    const batched = await kinds();
    // The same player seated at two tables appears twice in a batch: recorded once.
    const requests = [...batched, batched[0]!].map((p) => ({ playerId: p.playerId, playSessionId: p.playSessionId }));

    const history = [];
    for (let step = 0; step < 4; step++) {
      f.clock.advanceMs(minutes(4));
      const expected = [];
      for (const player of alone) expected.push(await activity(player));
      let statements = 0;
      const answers = (await pgTransaction(f.db, (client) => {
        const counting: PgClient = {
          query: ((...args: Parameters<PgClient['query']>) => {
            statements++;
            return (client.query as (...a: unknown[]) => unknown)(...args);
          }) as PgClient['query'],
        };
        return recordPlayActivities(f.ctx, counting, requests);
      })) as Map<string, unknown>;
      expect(statements).toBe(7);
      expect(batched.map((p) => answers.get(p.playSessionId))).toEqual(expected);
      for (let i = 0; i < alone.length; i++) expect((await today(batched[i]!)).playedMs).toBe((await today(alone[i]!)).playedMs);
      history.push(expected);
    }
    // What the batch matched: the limited player stopped once the 10 minutes were reached, the 15-minute
    // reminder at 16 minutes, the ended session stopped from the start, the others played on.
    expect(history.map((step) => step[1]!.status)).toEqual(['continue', 'continue', 'stop', 'stop']);
    expect(history[2]![1]!.stopReason).toBe('playing-time:day');
    expect(history.map((step) => step[2]!.realityCheck?.sessionPlayedMs ?? null)).toEqual([null, null, null, minutes(16)]);
    expect(history.map((step) => step[3]!.stopReason)).toEqual(['limit', 'limit', 'limit', 'limit']);
    expect(history[3]![0]).toMatchObject({ status: 'continue', sessionPlayedMs: minutes(16), playedTodayMs: minutes(16) });
  });
});
