import { Money, newId } from '@casino/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { swedishProfile, type JurisdictionProfile } from './catalogue.ts';
import { changeLimit } from './change-limit.ts';
import { limitHistory } from './limit-history.ts';
import { measureStates, stateOf } from './measures.ts';
import { czk, limitsFixture, setAmount, setMinutes, type LimitsFixture, type TestPlayer } from './test-support.ts';
import { withdrawPendingChange } from './withdraw-pending-change.ts';

let f: LimitsFixture;
beforeAll(async () => {
  f = await limitsFixture(new Date('2026-11-02T09:00:00Z'));
});
afterAll(async () => {
  await f?.close();
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as { code: string; extensions?: Record<string, unknown> },
  );
const change = (player: TestPlayer, measure: string, crowns: string | null, profile: JurisdictionProfile = f.ctx.profile) =>
  changeLimit(
    { db: f.db, clock: f.clock, profile },
    {
      playerId: player.playerId,
      measure,
      limit: crowns === null ? null : measure.startsWith('playing-time') ? { minutes: Number(crowns) } : { amount: czk(crowns) },
      actor: 'player',
    },
  );
const inForce = async (player: TestPlayer, measure: string) =>
  stateOf(await measureStates(f.db, player.playerId, f.clock.now()), measure).inForce.limitValue;

/** Runs `fn` with the clock moved on, then puts it back, so the other tests keep their dates. */
async function later<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  f.clock.advanceMs(ms);
  try {
    return await fn();
  } finally {
    f.clock.advanceMs(-ms);
  }
}
const hours = (n: number) => n * 3_600_000;

describe('changing a limit (Czech profile)', () => {
  it('002:RG-06 / T-RG-02 a loosening requested on day 0 is not in force on day 6 and is on day 7', async () => {
    const player = await f.newPlayer({ 'stake:day': setAmount('100.00') });
    const raised = await change(player, 'stake:day', '200.00');
    expect(raised).toMatchObject({ direction: 'loosen', pending: true, effectiveFrom: new Date('2026-11-09T09:00:00.000Z') });
    expect(await inForce(player, 'stake:day')).toBe(10_000n);
    await later(hours(6 * 24), async () => {
      expect(await inForce(player, 'stake:day')).toBe(10_000n);
      expect(await refusal(f.stake(player, czk('150.00')))).toMatchObject({
        code: 'limit-exceeded',
        extensions: { measure: 'stake:day' },
      });
    });
    await later(hours(7 * 24) - 1, async () => expect(await inForce(player, 'stake:day')).toBe(10_000n));
    await later(hours(7 * 24), async () => {
      expect(await inForce(player, 'stake:day')).toBe(20_000n);
      expect((await f.stake(player, czk('150.00'))).counted.toDecimalString()).toBe('150.00');
    });
  });

  it('002:RG-06 removing a limit is a loosening too: the limit stays 7 days', async () => {
    const player = await f.newPlayer({ 'deposit:day': setAmount('500.00') });
    expect(await change(player, 'deposit:day', null)).toMatchObject({ direction: 'loosen', pending: true });
    await later(hours(6 * 24), async () =>
      expect(await refusal(f.deposit(player, czk('600.00')))).toMatchObject({ code: 'limit-exceeded' }),
    );
    await later(hours(7 * 24), async () =>
      expect((await f.deposit(player, czk('600.00'))).counted.toDecimalString()).toBe('600.00'),
    );
  });

  it('002:RG-04 / RG-07 / T-RG-01 / T-RG-03 tightening is in force at once, setting a new limit included', async () => {
    const player = await f.newPlayer({ 'stake:day': setAmount('200.00') });
    await f.stake(player, czk('40.00'));
    expect(await change(player, 'stake:day', '50.00')).toMatchObject({
      direction: 'tighten',
      pending: false,
      effectiveFrom: f.clock.now(),
    });
    expect(await refusal(f.stake(player, czk('10.01')))).toMatchObject({
      code: 'limit-exceeded',
      extensions: { remaining: { amount: '10.00' } },
    });
    expect(await change(player, 'stake:month', '60.00')).toMatchObject({ direction: 'tighten', pending: false });
    expect(await inForce(player, 'stake:month')).toBe(6_000n);
  });

  it('issue 5: 002:RG-06 a withdrawn loosening never applies', async () => {
    const player = await f.newPlayer({ 'net-loss:day': setAmount('100.00') });
    await change(player, 'net-loss:day', '1000.00');
    await later(hours(3 * 24), () =>
      withdrawPendingChange(
        { db: f.db, clock: f.clock },
        { playerId: player.playerId, measure: 'net-loss:day', actor: 'player' },
      ),
    );
    await later(hours(30 * 24), async () => expect(await inForce(player, 'net-loss:day')).toBe(10_000n));
    const history = await limitHistory({ db: f.db, clock: f.clock, profile: f.ctx.profile }, player.playerId, { limit: 10 });
    expect(history.entries.map((e) => [e.measure, e.direction, e.status])).toContainEqual([
      'net-loss:day',
      'LOOSEN',
      'withdrawn',
    ]);
    expect(
      await refusal(
        withdrawPendingChange(
          { db: f.db, clock: f.clock },
          { playerId: player.playerId, measure: 'net-loss:day', actor: 'player' },
        ),
      ),
    ).toMatchObject({ code: 'not-found' });
  });

  it('002:AMB-RG-PENDING / T-RG-05 a tightening after a pending raise applies at once and the raise is cancelled', async () => {
    const player = await f.newPlayer({ 'stake:day': setAmount('100.00') });
    await change(player, 'stake:day', '500.00');
    await later(hours(24), () => change(player, 'stake:day', '80.00'));
    await later(hours(8 * 24), async () => expect(await inForce(player, 'stake:day')).toBe(8_000n));
    const statuses = (
      await limitHistory({ db: f.db, clock: f.clock, profile: f.ctx.profile }, player.playerId, { limit: 10 })
    ).entries
      .filter((e) => e.measure === 'stake:day')
      .map((e) => [e.direction, e.status]);
    expect(statuses).toEqual([
      ['TIGHTEN', 'pending'],
      ['LOOSEN', 'superseded'],
      ['INITIAL', 'in-force'],
    ]);
  });

  it('issue 5: a second loosening replaces the first, and its 7 days start again', async () => {
    const player = await f.newPlayer({ 'stake:day': setAmount('100.00') });
    await change(player, 'stake:day', '500.00');
    const second = await later(hours(48), () => change(player, 'stake:day', '300.00'));
    expect(second.effectiveFrom).toEqual(new Date('2026-11-11T09:00:00.000Z'));
    await later(hours(8 * 24), async () => expect(await inForce(player, 'stake:day')).toBe(10_000n));
    await later(hours(9 * 24), async () => expect(await inForce(player, 'stake:day')).toBe(30_000n));
  });

  it('issue 5: ten concurrent raises of one limit leave exactly one pending change; the others are superseded', async () => {
    const player = await f.newPlayer({ 'stake:day': setAmount('100.00') });
    const outcomes = await Promise.all(Array.from({ length: 10 }, (_, i) => change(player, 'stake:day', `${200 + i}.00`)));
    expect(outcomes.every((o) => o.direction === 'loosen' && o.pending)).toBe(true);
    const changes = await f.db.selfLimitChange.findMany({
      where: { playerId: player.playerId, measure: 'stake:day', direction: 'LOOSEN' },
    });
    expect(changes.filter((c) => c.cancelledAt === null)).toHaveLength(1);
    expect(changes.filter((c) => c.cancellation === 'SUPERSEDED')).toHaveLength(9);
    expect(await inForce(player, 'stake:day')).toBe(10_000n);
  });

  it('issue 5: every change keeps who, when, the old and new values and the effective time; the history cannot be edited', async () => {
    const player = await f.newPlayer({ 'stake:day': setAmount('100.00') });
    await change(player, 'stake:day', '50.00');
    const [latest] = (await limitHistory({ db: f.db, clock: f.clock, profile: f.ctx.profile }, player.playerId, { limit: 1 }))
      .entries;
    expect(latest).toMatchObject({
      measure: 'stake:day',
      direction: 'TIGHTEN',
      requestedBy: 'player',
      requestedAt: f.clock.now(),
      effectiveFrom: f.clock.now(),
      status: 'in-force',
      setting: { isSet: true, limitValue: 5_000n },
      previous: { isSet: true, limitValue: 10_000n },
    });
    await expect(
      f.db.selfLimitChange.update({ where: { id: latest!.changeId }, data: { limitValue: 1_000_000n } }),
    ).rejects.toThrow(/append-only/);
    await expect(f.db.selfLimitChange.delete({ where: { id: latest!.changeId } })).rejects.toThrow(/append-only/);
  });

  it('issue 5: 004:SLM-03 the same value again changes nothing; a limit not in CZK, of the wrong kind, unknown or out of bounds is refused', async () => {
    const player = await f.newPlayer({ 'playing-time:day': setMinutes(60) });
    expect(
      await changeLimit(
        { db: f.db, clock: f.clock, profile: f.ctx.profile },
        { playerId: player.playerId, measure: 'playing-time:day', limit: { minutes: 60 }, actor: 'player' },
      ),
    ).toMatchObject({ direction: 'unchanged', changeId: null });
    expect(
      await refusal(
        changeLimit(
          { db: f.db, clock: f.clock, profile: f.ctx.profile },
          { playerId: player.playerId, measure: 'playing-time:day', limit: { minutes: 1441 }, actor: 'player' },
        ),
      ),
    ).toMatchObject({ code: 'validation-failed' });
    const ctx = { db: f.db, clock: f.clock, profile: f.ctx.profile };
    expect(
      await refusal(
        changeLimit(ctx, { playerId: player.playerId, measure: 'stake:day', limit: { minutes: 500 }, actor: 'player' }),
      ),
    ).toMatchObject({ code: 'validation-failed', field: 'body.amount' });
    expect(
      await refusal(
        changeLimit(ctx, {
          playerId: player.playerId,
          measure: 'stake:day',
          limit: { amount: Money.of('40.00', 'EUR') },
          actor: 'player',
        }),
      ),
    ).toMatchObject({ code: 'validation-failed', field: 'body.amount.currency' });
    expect(
      await refusal(
        changeLimit(ctx, {
          playerId: player.playerId,
          measure: 'playing-time:day',
          limit: { amount: czk('1.00') },
          actor: 'player',
        }),
      ),
    ).toMatchObject({ field: 'body.minutes' });
    expect(await refusal(change(player, 'bets:year', '1.00'))).toMatchObject({ code: 'not-found' });
    expect(await refusal(change(player, 'self-exclusion', '1.00'))).toMatchObject({ code: 'not-found' });
    expect(
      await refusal(
        changeLimit(
          { db: f.db, clock: f.clock, profile: f.ctx.profile },
          { playerId: newId(), measure: 'stake:day', limit: { amount: czk('1.00') }, actor: 'player' },
        ),
      ),
    ).toMatchObject({ code: 'not-found' });
  });
});

describe('changing a limit (Swedish profile: the same mechanism, configured)', () => {
  const swedish = (player: TestPlayer, measure: string, crowns: string) => change(player, measure, crowns, swedishProfile);
  const swedishPlayer = () =>
    f.newPlayer(
      {
        'net-loss:session': setAmount('100.00'),
        'net-loss:day': setAmount('100.00'),
        'net-loss:week': setAmount('500.00'),
        'net-loss:month': setAmount('1000.00'),
        'playing-time:session': setMinutes(60),
        'playing-time:day': setMinutes(120),
        'playing-time:week': setMinutes(600),
        'playing-time:month': setMinutes(2000),
      },
      swedishProfile,
    );

  it('003:R-LIM-04 raising the day limit applies from the next Prague day; lowering at once', async () => {
    const player = await swedishPlayer();
    // 2026-11-02 10:00 Prague: the next day starts at 2026-11-02T23:00Z.
    expect(await swedish(player, 'net-loss:day', '200.00')).toMatchObject({
      direction: 'loosen',
      effectiveFrom: new Date('2026-11-02T23:00:00.000Z'),
    });
    await later(hours(14) - 1, async () => expect(await inForce(player, 'net-loss:day')).toBe(10_000n));
    await later(hours(14), async () => expect(await inForce(player, 'net-loss:day')).toBe(20_000n));
    expect(await swedish(player, 'net-loss:day', '50.00')).toMatchObject({ direction: 'tighten', pending: false });
  });

  it('003:R-LIM-04 raising the week limit applies from the next Monday, the month limit from the 1st (Prague time)', async () => {
    const player = await swedishPlayer();
    // Monday 2026-11-02: the next calendar week starts Monday 2026-11-09 00:00 CET.
    expect((await swedish(player, 'net-loss:week', '700.00')).effectiveFrom).toEqual(new Date('2026-11-08T23:00:00.000Z'));
    expect((await swedish(player, 'net-loss:month', '3000.00')).effectiveFrom).toEqual(new Date('2026-11-30T23:00:00.000Z'));
  });

  it('003:R-LIM-04 in October, the month of the daylight-saving change, a raised month limit applies from 1 November 00:00 CET', async () => {
    const outcome = await later(new Date('2026-10-15T08:00:00Z').getTime() - f.clock.now().getTime(), async () =>
      swedish(await swedishPlayer(), 'net-loss:month', '2000.00'),
    );
    expect(outcome.effectiveFrom).toEqual(new Date('2026-10-31T23:00:00.000Z'));
  });

  it('003:R-LIM-04 a raise requested late on Sunday 25 October (the 25-hour day) applies from Monday 26 October 00:00 CET', async () => {
    const sunday = new Date('2026-10-25T22:30:00Z'); // 23:30 CET
    const outcome = await later(sunday.getTime() - f.clock.now().getTime(), async () =>
      swedish(await swedishPlayer(), 'net-loss:week', '600.00'),
    );
    expect(outcome.effectiveFrom).toEqual(new Date('2026-10-25T23:00:00.000Z'));
  });

  it('003:R-LIM-03 a day limit above the week limit is refused, as is a week limit below the day limit', async () => {
    const player = await swedishPlayer();
    expect(await refusal(swedish(player, 'net-loss:day', '600.00'))).toMatchObject({
      code: 'self-limits-inconsistent',
      extensions: { measure: 'net-loss:day', conflictsWith: 'net-loss:week' },
    });
    expect(await refusal(swedish(player, 'net-loss:week', '90.00'))).toMatchObject({
      code: 'self-limits-inconsistent',
      extensions: { conflictsWith: 'net-loss:day' },
    });
  });

  it('003:R-LIM-01 the Swedish limits must be set at registration, not refused', async () => {
    await expect(f.newPlayer({}, swedishProfile)).rejects.toMatchObject({ code: 'validation-failed' });
  });
});
