import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { czk, limitsFixture, setAmount, type LimitsFixture } from './test-support.ts';

let f: LimitsFixture;
beforeAll(async () => {
  f = await limitsFixture(new Date('2026-03-29T12:00:00Z'));
});
afterAll(async () => {
  await f?.close();
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as { code: string; extensions?: Record<string, unknown> },
  );
const at = (iso: string) => f.clock.set(new Date(iso));

describe('limits count per Europe/Prague calendar day, week and month, across both daylight-saving changes', () => {
  it('issue 5: the daily stake limit runs until Prague midnight on 2026-03-29, the 23-hour day (22:00 UTC)', async () => {
    at('2026-03-29T12:00:00Z');
    const player = await f.newPlayer({ 'stake:day': setAmount('100.00') });
    at('2026-03-29T21:59:00Z'); // 23:59 CEST
    await f.stake(player, czk('100.00'));
    at('2026-03-29T21:59:59.999Z');
    expect(await refusal(f.stake(player, czk('1.00')))).toMatchObject({
      code: 'limit-exceeded',
      extensions: { measure: 'stake:day', resetsAt: '2026-03-29T22:00:00.000Z' },
    });
    at('2026-03-29T22:00:00Z'); // 00:00 CEST on the 30th
    expect((await f.stake(player, czk('100.00'))).counted.toDecimalString()).toBe('100.00');
  });

  it('issue 5: the daily deposit limit runs until Prague midnight on 2026-10-25, the 25-hour day (23:00 UTC)', async () => {
    at('2026-10-24T22:00:00Z'); // 00:00 CEST on the 25th
    const player = await f.newPlayer({ 'deposit:day': setAmount('100.00') });
    await f.deposit(player, czk('60.00'));
    at('2026-10-25T22:59:59.999Z'); // 23:59:59.999 CET, 25 hours later the same day
    expect(await refusal(f.deposit(player, czk('40.01')))).toMatchObject({
      extensions: { measure: 'deposit:day', remaining: { amount: '40.00' }, resetsAt: '2026-10-25T23:00:00.000Z' },
    });
    at('2026-10-25T23:00:00Z');
    expect((await f.deposit(player, czk('100.00'))).counted.toDecimalString()).toBe('100.00');
  });

  it('issue 5: the weekly stake limit runs Monday to Sunday: Sunday 29 March 23:59 CEST and Monday 00:00 are different weeks', async () => {
    at('2026-03-23T08:00:00Z'); // Monday
    const player = await f.newPlayer({ 'stake:week': setAmount('300.00') });
    await f.stake(player, czk('200.00'));
    at('2026-03-29T21:30:00Z'); // Sunday 23:30 CEST
    await f.stake(player, czk('100.00'));
    expect(await refusal(f.stake(player, czk('0.01')))).toMatchObject({
      extensions: { measure: 'stake:week', resetsAt: '2026-03-29T22:00:00.000Z' },
    });
    at('2026-03-29T22:00:00Z'); // Monday 30 March 00:00 CEST
    expect((await f.stake(player, czk('300.00'))).counted.toDecimalString()).toBe('300.00');
  });

  it("issue 5: the monthly net-loss limit runs until 1 November 00:00 CET, after October's extra hour", async () => {
    at('2026-10-01T08:00:00Z');
    const player = await f.newPlayer({ 'net-loss:month': setAmount('500.00') });
    await f.stake(player, czk('500.00'));
    at('2026-10-31T22:59:59.999Z');
    expect(await refusal(f.stake(player, czk('0.01')))).toMatchObject({
      extensions: { measure: 'net-loss:month', resetsAt: '2026-10-31T23:00:00.000Z' },
    });
    at('2026-10-31T23:00:00Z');
    expect((await f.stake(player, czk('500.00'))).counted.toDecimalString()).toBe('500.00');
  });

  it('issue 5: the day, week and month limits apply together: the tightest one is named', async () => {
    at('2026-11-03T08:00:00Z');
    const player = await f.newPlayer({ 'stake:day': setAmount('1000.00'), 'stake:month': setAmount('300.00') });
    await f.stake(player, czk('250.00'));
    expect(await refusal(f.stake(player, czk('100.00')))).toMatchObject({
      extensions: { measure: 'stake:month', remaining: { amount: '50.00' }, resetsAt: '2026-11-30T23:00:00.000Z' },
    });
  });
});
