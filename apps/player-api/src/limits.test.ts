import { Money, newId } from '@casino/core';
import { transaction } from '@casino/db';
import { authorizeDeposit, authorizeStake, changeLimit, recordPlayActivity, startPlaySession } from '@casino/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationFor,
  newPerson,
  registerToTemporaryAccount,
  setRegistersAvailable,
  startHarness,
  type Harness,
  type Registered,
} from '@casino/test-support';

let h: Harness;
beforeAll(async () => {
  h = await startHarness(new Date('2026-11-02T09:00:00Z'));
});
afterAll(async () => {
  await h?.close();
});

const password = 'correct horse battery staple';
const auth = (player: Registered) => ({ authorization: `Bearer ${player.accessToken}` });
const czk = (amount: string) => ({ amount, currency: 'CZK' });
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as { code: string; extensions?: Record<string, unknown> },
  );

const newPlayer = async (overrides: Record<string, unknown> = {}) =>
  registerToTemporaryAccount(h, applicationFor(await newPerson(h), overrides));
const limits = async (player: Registered) =>
  (await h.api.inject({ method: 'GET', url: '/v1/me/limits', headers: auth(player) })).json();
const measure = async (player: Registered, code: string) =>
  (await limits(player)).measures.find((m: { measure: string }) => m.measure === code);
const put = (player: Registered, code: string, payload: object) =>
  h.api.inject({ method: 'PUT', url: `/v1/me/limits/${code}`, headers: auth(player), payload });

/** The cashier's deposit check and the game service's stake check, as they will call them. */
const deposit = (player: Registered, amount: string) =>
  transaction(h.connections.db, (tx) =>
    authorizeDeposit(h.limits, tx, {
      playerId: player.playerId,
      reference: `deposit:${newId()}`,
      amount: Money.of(amount, 'CZK'),
    }),
  );
const startPlay = (player: Registered) =>
  transaction(h.connections.db, (tx) => startPlaySession(h.limits, tx, { playerId: player.playerId }));
const stake = (player: Registered, playSessionId: string, amount: string) =>
  transaction(h.connections.db, (tx) =>
    authorizeStake(h.limits, tx, {
      playerId: player.playerId,
      playSessionId,
      reference: `stake:${newId()}`,
      amount: Money.of(amount, 'CZK'),
      category: 'casino',
    }),
  );

async function later<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  h.clock.advanceMs(ms);
  try {
    return await fn();
  } finally {
    h.clock.advanceMs(-ms);
  }
}
const hours = (n: number) => n * 3_600_000;

describe('player-api: setting, tightening and loosening limits', () => {
  it('002:RG-06 / T-RG-02 raising a limit answers 202 pending; it is not in force on day 6 and is on day 7', async () => {
    const player = await newPlayer();
    const raised = await put(player, 'deposit:day', { amount: czk('5000.00') });
    expect(raised.statusCode).toBe(202);
    expect(raised.json()).toMatchObject({ direction: 'loosen', pending: true, effectiveFrom: '2026-11-09T09:00:00.000Z' });
    expect(await measure(player, 'deposit:day')).toMatchObject({
      inForce: { set: true, amount: czk('2000.00') },
      pending: { amount: czk('5000.00'), effectiveFrom: '2026-11-09T09:00:00.000Z' },
    });
    await later(hours(6 * 24), async () => {
      expect((await measure(player, 'deposit:day')).inForce.amount).toEqual(czk('2000.00'));
      expect(await refusal(deposit(player, '2500.00'))).toMatchObject({
        code: 'limit-exceeded',
        extensions: { measure: 'deposit:day', remaining: czk('2000.00') },
      });
    });
    await later(hours(7 * 24), async () => {
      expect(await measure(player, 'deposit:day')).toMatchObject({ inForce: { amount: czk('5000.00') }, pending: null });
      expect((await deposit(player, '2500.00')).counted.toDecimalString()).toBe('2500.00');
    });
  });

  it('002:RG-04 / RG-07 setting and lowering a limit answers 200 and is in force at once', async () => {
    const player = await newPlayer();
    const set = await put(player, 'stake:day', { amount: czk('300.00') });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ direction: 'tighten', pending: false, effectiveFrom: h.clock.now().toISOString() });
    const lowered = await put(player, 'deposit:day', { amount: czk('100.00') });
    expect(lowered.statusCode).toBe(200);
    expect(await refusal(deposit(player, '100.01'))).toMatchObject({
      code: 'limit-exceeded',
      extensions: { remaining: czk('100.00') },
    });
    expect((await put(player, 'playing-time:day', { minutes: 90 })).statusCode).toBe(200);
    expect((await measure(player, 'playing-time:day')).inForce).toMatchObject({ set: true, minutes: 90 });
  });

  it('issue 5: a withdrawn loosening never applies; removing a limit waits too', async () => {
    const player = await newPlayer();
    expect((await h.api.inject({ method: 'DELETE', url: '/v1/me/limits/deposit:day', headers: auth(player) })).statusCode).toBe(
      202,
    );
    const withdrawn = await h.api.inject({
      method: 'DELETE',
      url: '/v1/me/limits/deposit:day/pending-change',
      headers: auth(player),
    });
    expect(withdrawn.statusCode).toBe(200);
    await later(hours(8 * 24), async () =>
      expect(await measure(player, 'deposit:day')).toMatchObject({ inForce: { amount: czk('2000.00') }, pending: null }),
    );
    expect(
      (await h.api.inject({ method: 'DELETE', url: '/v1/me/limits/deposit:day/pending-change', headers: auth(player) })).json()
        .type,
    ).toBe('https://problems.casino.example/not-found');
    const history = (await h.api.inject({ method: 'GET', url: '/v1/me/limits/history?limit=3', headers: auth(player) })).json();
    expect(history.entries[0]).toMatchObject({
      measure: 'deposit:day',
      direction: 'LOOSEN',
      status: 'withdrawn',
      requestedBy: 'player',
      setting: { set: false },
      previous: { set: true, amount: czk('2000.00') },
    });
  });

  it('004:SLM-03 limits are set in CZK; a body with both or neither of amount and minutes is refused, naming the field', async () => {
    const player = await newPlayer();
    const euro = await put(player, 'stake:day', { amount: { amount: '40.00', currency: 'EUR' } });
    expect(euro.statusCode).toBe(400);
    expect(euro.json()).toMatchObject({
      type: 'https://problems.casino.example/validation-failed',
      field: 'body.amount.currency',
    });
    expect((await put(player, 'stake:day', { amount: czk('1.00'), minutes: 5 })).json().field).toBe('body.amount');
    expect((await put(player, 'stake:day', { minutes: 5 })).json()).toMatchObject({ field: 'body.amount' });
    expect((await put(player, 'roulette:year', { amount: czk('1.00') })).statusCode).toBe(404);
    expect((await h.api.inject({ method: 'GET', url: '/v1/me/limits' })).statusCode).toBe(401);
  });
});

describe('player-api: self-exclusion, the panic button, the register, closing the account', () => {
  it('issue 5: 002:RG-11 / 004:ELG-01 self-exclusion blocks the next request of an open session: sessions end, play and deposits are refused, the balance stays visible', async () => {
    const player = await newPlayer();
    const play = await startPlay(player);
    const excluded = await h.api.inject({
      method: 'POST',
      url: '/v1/me/self-exclusion',
      headers: auth(player),
      payload: { hours: 72 },
    });
    expect(excluded.statusCode).toBe(201);
    expect(excluded.json()).toEqual({ excludedUntil: '2026-11-05T09:00:00.000Z', extended: true });
    // The same, still valid access token: the next play or deposit request is refused …
    expect(await refusal(stake(player, play.playSessionId, '1.00'))).toMatchObject({
      code: 'self-excluded',
      extensions: { excludedUntil: '2026-11-05T09:00:00.000Z' },
    });
    expect(await refusal(startPlay(player))).toMatchObject({
      code: 'self-excluded',
      extensions: { excludedUntil: '2026-11-05T09:00:00.000Z' },
    });
    expect(await refusal(deposit(player, '10.00'))).toMatchObject({ code: 'self-excluded' });
    expect(
      await transaction(h.connections.db, (tx) =>
        recordPlayActivity(h.limits, tx, { playerId: player.playerId, playSessionId: play.playSessionId }),
      ),
    ).toMatchObject({ status: 'stop', stopReason: 'self-exclusion' });
    // … the session's refresh token is revoked …
    expect(
      (await h.api.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken: player.refreshToken } }))
        .statusCode,
    ).toBe(401);
    // … and the balance and the account stay reachable (a new login too: withdrawals go through the cashier).
    expect((await h.api.inject({ method: 'GET', url: '/v1/me', headers: auth(player) })).statusCode).toBe(200);
    expect((await limits(player)).refusal).toBe('self-excluded');
    expect(
      (await h.api.inject({ method: 'POST', url: '/v1/auth/login', payload: { email: player.email, password } })).statusCode,
    ).toBe(200);
  });

  it('003:R-LIM-09 a self-exclusion cannot be shortened or lifted, only extended', async () => {
    const player = await newPlayer();
    await h.api.inject({ method: 'POST', url: '/v1/me/self-exclusion', headers: auth(player), payload: { hours: 24 * 30 } });
    const shorter = await h.api.inject({
      method: 'POST',
      url: '/v1/me/self-exclusion',
      headers: auth(player),
      payload: { hours: 24 },
    });
    expect(shorter.statusCode).toBe(409);
    expect(shorter.json()).toMatchObject({
      type: 'https://problems.casino.example/self-exclusion-not-shortenable',
      excludedUntil: '2026-12-02T09:00:00.000Z',
    });
    const indefinite = await h.api.inject({
      method: 'POST',
      url: '/v1/me/self-exclusion',
      headers: auth(player),
      payload: { hours: null },
    });
    expect(indefinite.json()).toEqual({ excludedUntil: null, extended: true });
    expect(
      (await h.api.inject({ method: 'POST', url: '/v1/me/self-exclusion', headers: auth(player), payload: { hours: 11 } }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await h.api.inject({ method: 'POST', url: '/v1/me/self-exclusion', headers: auth(player), payload: { hours: 1e9 } })
      ).json().field,
    ).toBe('body.hours');
    expect((await put(player, 'self-exclusion', { amount: czk('1.00') })).statusCode).toBe(400); // not a limit: params.measure pattern
  });

  it('issue 5: the panic button excludes the player for 48 hours at once, then play is possible again', async () => {
    const player = await newPlayer();
    const pressed = await h.api.inject({ method: 'POST', url: '/v1/me/panic-button', headers: auth(player) });
    expect(pressed.statusCode).toBe(201);
    expect(pressed.json()).toEqual({ excludedUntil: '2026-11-04T09:00:00.000Z', extended: true });
    expect(
      (await h.api.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken: player.refreshToken } }))
        .statusCode,
    ).toBe(401);
    await later(hours(48) - 1, async () =>
      expect(await refusal(deposit(player, '10.00'))).toMatchObject({
        code: 'self-excluded',
        extensions: { excludedUntil: '2026-11-04T09:00:00.000Z' },
      }),
    );
    await later(hours(48), async () => {
      expect((await deposit(player, '10.00')).counted.toDecimalString()).toBe('10.00');
      expect((await startPlay(player)).resumed).toBe(false);
    });
  });

  it('issue 5: the panic button during a longer exclusion keeps the longer one', async () => {
    const player = await newPlayer();
    await h.api.inject({ method: 'POST', url: '/v1/me/self-exclusion', headers: auth(player), payload: { hours: 24 * 7 } });
    const pressed = await h.api.inject({ method: 'POST', url: '/v1/me/panic-button', headers: auth(player) });
    expect(pressed.json()).toEqual({ excludedUntil: '2026-11-09T09:00:00.000Z', extended: false });
  });

  it('issue 5: the player asks to be entered in the register of excluded persons: the sandbox records it, later logins are refused', async () => {
    const player = await newPlayer();
    const entered = await h.api.inject({ method: 'POST', url: '/v1/me/register-exclusion', headers: auth(player) });
    expect(entered.statusCode).toBe(201);
    expect(entered.json()).toMatchObject({
      reference: expect.stringMatching(/^MF-RVO-/),
      listedSince: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(await refusal(deposit(player, '10.00'))).toMatchObject({ code: 'listed-in-register' });
    expect(
      (await h.api.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken: player.refreshToken } }))
        .statusCode,
    ).toBe(401);
    const login = await h.api.inject({ method: 'POST', url: '/v1/auth/login', payload: { email: player.email, password } });
    expect(login.statusCode).toBe(403);
    expect(login.json().type).toBe('https://problems.casino.example/listed-in-register');
    expect(await h.connections.db.registerExclusionRequest.count({ where: { playerId: player.playerId } })).toBe(1);
  });

  it('issue 14 (15a): asking to be entered in the register again, one after another or in parallel, answers the first entry and makes no new register request', async () => {
    const registerRequests = async () =>
      ((await (await fetch(`${h.sandboxUrl}/control/mf/calls`)).json()) as { excludedPersonsChecks: number })
        .excludedPersonsChecks;
    const enter = (player: Registered) =>
      h.api.inject({ method: 'POST', url: '/v1/me/register-exclusion', headers: auth(player) });
    const player = await newPlayer();
    const before = await registerRequests();
    const parallel = await Promise.all(Array.from({ length: 6 }, () => enter(player)));
    expect(parallel.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    const first = parallel[0]!.json();
    expect(parallel.every((r) => JSON.stringify(r.json()) === JSON.stringify(first))).toBe(true);
    const after = await registerRequests();
    expect(after - before).toBe(1);
    const again = await enter(player);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first);
    expect(await registerRequests()).toBe(after);
    expect(await h.connections.db.registerExclusionRequest.count({ where: { playerId: player.playerId } })).toBe(1);
  });

  it('004:AMB-12 a register that cannot be reached enters nothing: 503, and nothing changes for the player', async () => {
    const player = await newPlayer();
    await setRegistersAvailable(h, false);
    try {
      const response = await h.api.inject({ method: 'POST', url: '/v1/me/register-exclusion', headers: auth(player) });
      expect(response.statusCode).toBe(503);
      expect(response.json().type).toBe('https://problems.casino.example/register-unavailable');
      expect(await h.connections.db.registerExclusionRequest.count({ where: { playerId: player.playerId } })).toBe(0);
      expect((await deposit(player, '10.00')).counted.toDecimalString()).toBe('10.00');
    } finally {
      await setRegistersAvailable(h, true);
      h.clock.advanceMs(60_000); // past the circuit breaker's open period
    }
  });

  it('002:RG-03 / issue 14 (1) / issue 16 closing the account: at once, the account is closed, sessions and table seats end, play, deposits and logins are refused, and the token in hand is refused', async () => {
    const player = await newPlayer();
    expect(
      (await h.api.inject({ method: 'POST', url: '/v1/me/account-closure', headers: auth(player), payload: {} })).statusCode,
    ).toBe(400);
    const closed = await h.api.inject({
      method: 'POST',
      url: '/v1/me/account-closure',
      headers: auth(player),
      payload: { confirm: true },
    });
    expect(closed.statusCode).toBe(200);
    expect(await refusal(deposit(player, '10.00'))).toMatchObject({ code: 'account-not-active' });
    expect(await refusal(startPlay(player))).toMatchObject({ code: 'account-not-active' });
    expect(
      (await h.api.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken: player.refreshToken } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await h.api.inject({ method: 'POST', url: '/v1/auth/login', payload: { email: player.email, password } })).json().type,
    ).toBe('https://problems.casino.example/account-not-active');
    // Issue 14 (1): the access token issued before the closure no longer reads the account.
    expect((await h.api.inject({ method: 'GET', url: '/v1/me', headers: auth(player) })).json().type).toBe(
      'https://problems.casino.example/unauthorized',
    );
    expect((await h.connections.db.player.findUniqueOrThrow({ where: { id: player.playerId } })).state).toBe('CLOSED');
    // Issue 16 / D-2324: the seats end too (the worker's players.access-ended job frees them, chips credited).
    const accessEnded = await h.connections.db.outboxMessage.findMany({ where: { topic: 'players.access-ended' } });
    expect(accessEnded.map((m) => m.payload).filter((p) => (p as { playerId?: string }).playerId === player.playerId)).toEqual([
      { playerId: player.playerId, reason: 'closed-by-player', at: h.clock.now().toISOString() },
    ]);
    // The temporary account ends with it, so the expiry job refunds what is left (004:TMP-09).
    expect(
      (await h.connections.db.temporaryAccount.findUniqueOrThrow({ where: { playerId: player.playerId } })).deadlineAt,
    ).toEqual(h.clock.now());
    expect((await put(player, 'stake:day', { amount: czk('5.00') })).json().type).toBe(
      'https://problems.casino.example/unauthorized',
    );
    await expect(
      changeLimit(h.limits, {
        playerId: player.playerId,
        measure: 'stake:day',
        limit: { amount: Money.of('5.00', 'CZK') },
        actor: 'player',
      }),
    ).rejects.toMatchObject({ code: 'account-not-active' });
  });
});

describe('player-api: §14a limits survive an account closed and reopened within 7 days', () => {
  it('issue 5: §14a / 004:REG-07 a new registration within 7 days may not be milder than the measures in force at closure, changes after registration included', async () => {
    const person = await newPerson(h);
    const first = await registerToTemporaryAccount(h, applicationFor(person));
    expect((await put(first, 'stake:day', { amount: czk('500.00') })).statusCode).toBe(200); // set after registration
    expect((await put(first, 'stake:week', { amount: czk('1500.00') })).statusCode).toBe(200); // not asked at registration
    await h.api.inject({ method: 'POST', url: '/v1/me/account-closure', headers: auth(first), payload: { confirm: true } });

    const milder = await h.api.inject({ method: 'POST', url: '/v1/registrations', payload: applicationFor(person) });
    expect(milder.statusCode).toBe(422);
    expect(milder.json()).toMatchObject({
      type: 'https://problems.casino.example/self-limits-milder-than-previous',
      measures: ['stake:day'],
    });

    const second = await registerToTemporaryAccount(
      h,
      applicationFor(person, {
        selfLimits: withDecision(applicationFor(person), 'stake:day', { decision: 'set', amount: czk('500.00') }),
      }),
    );
    expect(await measure(second, 'stake:day')).toMatchObject({ inForce: { amount: czk('500.00') } });
    expect(await measure(second, 'stake:week')).toMatchObject({ inForce: { amount: czk('1500.00') } });
    const carried = (await h.api.inject({ method: 'GET', url: '/v1/me/limits/history', headers: auth(second) }))
      .json()
      .entries.find((e: { measure: string }) => e.measure === 'stake:week');
    expect(carried).toMatchObject({ direction: 'CARRY_OVER', requestedBy: `system:§14a carried over from ${first.playerId}` });
  });

  it('issue 5: §14a a pending raise of the closed account counts only once its 7 days have passed', async () => {
    const person = await newPerson(h);
    const first = await registerToTemporaryAccount(h, applicationFor(person));
    expect((await put(first, 'deposit:day', { amount: czk('9000.00') })).statusCode).toBe(202); // a raise from 2,000, pending
    await h.api.inject({ method: 'POST', url: '/v1/me/account-closure', headers: auth(first), payload: { confirm: true } });
    const raised = applicationFor(person, {
      selfLimits: withDecision(applicationFor(person), 'deposit:day', { decision: 'set', amount: czk('9000.00') }),
    });
    const tooSoon = await h.api.inject({ method: 'POST', url: '/v1/registrations', payload: raised });
    expect(tooSoon.json()).toMatchObject({
      type: 'https://problems.casino.example/self-limits-milder-than-previous',
      measures: ['deposit:day'],
    });
    await later(hours(7 * 24), async () =>
      expect(
        (await h.api.inject({ method: 'POST', url: '/v1/registrations', payload: { ...raised, email: `later.${raised.email}` } }))
          .statusCode,
      ).toBe(201),
    );
  });

  it('issue 5: §14a an account closed 7 days ago or more passes nothing on: any decision is allowed', async () => {
    const person = await newPerson(h);
    const first = await registerToTemporaryAccount(h, applicationFor(person));
    await put(first, 'stake:day', { amount: czk('100.00') });
    await h.api.inject({ method: 'POST', url: '/v1/me/account-closure', headers: auth(first), payload: { confirm: true } });
    const allRefused = applicationFor(person, {
      selfLimits: (applicationFor(person).selfLimits as Array<{ measure: string }>).map((d) => ({
        measure: d.measure,
        decision: 'refused',
      })),
    });
    expect((await h.api.inject({ method: 'POST', url: '/v1/registrations', payload: allRefused })).statusCode).toBe(422);
    await later(hours(7 * 24) + 1, async () =>
      expect((await h.api.inject({ method: 'POST', url: '/v1/registrations', payload: allRefused })).statusCode).toBe(201),
    );
  });
});

function withDecision(application: Record<string, unknown>, code: string, decision: object) {
  return (application.selfLimits as Array<{ measure: string }>).map((d) =>
    d.measure === code ? { measure: code, ...decision } : d,
  );
}

describe('player-api: playing time and reality checks', () => {
  it("002:RG-10 today's playing time, the session with its net result, and the reality-check interval", async () => {
    const player = await newPlayer();
    expect((await put(player, 'playing-time:day', { minutes: 120 })).statusCode).toBe(200);
    const reality = await h.api.inject({
      method: 'PUT',
      url: '/v1/me/reality-check',
      headers: auth(player),
      payload: { intervalMinutes: 30 },
    });
    expect(reality.json()).toEqual({ intervalMinutes: 30 });
    const play = await startPlay(player);
    await later(10 * 60_000, async () => {
      const today = (await h.api.inject({ method: 'GET', url: '/v1/me/playing-time', headers: auth(player) })).json();
      expect(today).toMatchObject({
        day: '2026-11-02',
        playedSeconds: 300,
        limit: { measure: 'playing-time:day', limitMinutes: 120, remainingSeconds: 115 * 60 },
        session: { playSessionId: play.playSessionId, playedSeconds: 300, netResult: czk('0.00') },
        realityCheckMinutes: 30,
      });
    });
    const tooOften = await h.api.inject({
      method: 'PUT',
      url: '/v1/me/reality-check',
      headers: auth(player),
      payload: { intervalMinutes: 1 },
    });
    expect(tooOften.json()).toMatchObject({
      type: 'https://problems.casino.example/validation-failed',
      field: 'body.intervalMinutes',
    });
  });
});
