import { createStaffPerRole, staffUserWithRole } from '@casino/compliance/testing';
import { Money, newId, type AccountId } from '@casino/core';
import { transaction } from '@casino/db';
import type { App } from '@casino/http';
import { testServiceEnv } from '@casino/http/testing';
import * as ledger from '@casino/ledger';
import { findInvariantViolations } from '@casino/ledger';
import { demoPokerTables, pokerRuleProfiles } from '@casino/operator';
import {
  applicationFor,
  eventually,
  gameServiceRedisPrefix,
  listInRegister,
  newPerson,
  registerToTemporaryAccount,
  startHarness,
  type Harness,
} from '@casino/test-support';
import { authorizeDeposit } from '@casino/limits';
import {
  cancelExpiredTemporaryAccounts,
  creditTemporaryDeposit,
  czechPlayerRules,
  recheckExcludedPersons,
} from '@casino/players';
import { createPokerTable, createTable, escrowAndStacks } from '@casino/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGameService } from './app.ts';
import { loadGameServiceConfig } from './config.ts';
import { czk, rouletteTable } from './test-support.ts';

/**
 * The whole way a player comes to the table: registered through the player API (application,
 * e-mail, SMS code, a temporary account), a deposit, a stake limit set through the player API, then
 * roulette at the game service with the very access token the player API issued.
 */
let h: Harness;
let games: App;
beforeAll(async () => {
  h = await startHarness(new Date('2026-11-24T09:00:00Z'));
  games = await buildGameService({
    config: loadGameServiceConfig(testServiceEnv({ GAME_RATE_LIMIT_PER_MINUTE: '100000' })),
    connections: h.connections,
    redisKeyPrefix: gameServiceRedisPrefix(h.connections),
    clock: h.clock,
  });
  await games.ready();
});
afterAll(async () => {
  await games?.close();
  await h?.close();
});

describe('game-service with a player registered through the player API (issue 7)', () => {
  it('issue 7 / 004:TMP-03 / TMP-02 / ACC-04 / 002:RG-08 / REG-01 / TMP-09: a temporary-account player, logged in with their credentials, with a 1,000 CZK daily stake limit plays roulette rounds over the API until refused at the limit; the ledger is balanced afterwards', async () => {
    const player = await registerToTemporaryAccount(h, applicationFor(await newPerson(h)));
    const auth = { authorization: `Bearer ${player.accessToken}` };
    const limit = await h.api.inject({
      method: 'PUT',
      url: '/v1/me/limits/stake:day',
      headers: auth,
      payload: { amount: czk('1000.00') },
    });
    expect(limit.statusCode).toBe(200);
    const account = await h.connections.db.temporaryAccount.findUniqueOrThrow({ where: { playerId: player.playerId } });
    await transaction(h.connections.db, (tx) =>
      creditTemporaryDeposit(
        tx,
        {
          playerId: player.playerId,
          amount: Money.of('1500.00', 'CZK'),
          channel: 'cashless',
          sourceAccountId: h.pspAccountId as AccountId,
          idempotencyKey: `deposit:${newId()}`,
        },
        h.clock.now(),
      ),
    );
    const table = await createTable(h.connections.db, rouletteTable('registered-1'), h.clock.now());
    expect(
      (await games.inject({ method: 'POST', url: `/v1/tables/${table.id}/seats`, headers: auth, payload: {} })).statusCode,
    ).toBe(201);

    const answers: Array<{ status: number; type?: string }> = [];
    for (let round = 0; round < 6 && answers.every((a) => a.status === 200); round++) {
      const roundId = (await h.connections.db.gameRound.findFirstOrThrow({ where: { tableId: table.id, status: 'OPEN' } })).id;
      const response = await games.inject({
        method: 'POST',
        url: `/v1/rounds/${roundId}/actions`,
        headers: { ...auth, 'idempotency-key': newId() },
        payload: { kind: 'place-bets', bets: [{ kind: 'outside', position: 'column-2', stake: czk('250.00') }], confirm: true },
      });
      answers.push({ status: response.statusCode, ...(response.statusCode === 200 ? {} : { type: response.json().type }) });
      h.clock.advanceMs(table.bettingTimeMs);
      await games.gameScheduler.runOnce();
    }
    expect(answers).toEqual([
      { status: 200 },
      { status: 200 },
      { status: 200 },
      { status: 200 },
      { status: 422, type: 'https://problems.casino.example/limit-exceeded' },
    ]);
    // The player API's own view agrees: 1,000 CZK staked today, nothing left.
    const stakeDay = (await h.api.inject({ method: 'GET', url: '/v1/me/limits', headers: auth }))
      .json()
      .measures.find((m: { measure: string }) => m.measure === 'stake:day');
    expect(stakeDay.usage).toMatchObject({ used: czk('1000.00'), remaining: czk('0.00') });
    const stakes = await h.connections.db.ledgerTransaction.findMany({
      where: { kind: 'STAKE', metadata: { path: ['playerId'], equals: player.playerId } },
    });
    expect(stakes).toHaveLength(4);
    expect(stakes.every((t) => (t.metadata as { tableId: string }).tableId === table.id)).toBe(true);
    // A temporary account plays from its temporary wallet (004 §3.2.4).
    const debited = await h.connections.db.ledgerPosting.findMany({
      where: { transactionId: { in: stakes.map((t) => t.id) }, accountId: account.walletAccountId },
    });
    expect(debited.map((p) => p.amountMinor)).toEqual([25_000n, 25_000n, 25_000n, 25_000n]);
    expect(await findInvariantViolations(h.connections.db)).toEqual([]);
  });

  it("issue 14 (2) / 004:ACC-03 / ELG-04 / T-20 / 002:AMB-SCREEN: a player listed after logging in is found by the worker's re-check: sessions end, the idle seat is freed at once, the seat with a stake when its round settles, and the old token can neither sit down nor deposit", async () => {
    const person = await newPerson(h);
    const player = await registerToTemporaryAccount(h, applicationFor(person));
    const auth = { authorization: `Bearer ${player.accessToken}` };
    await transaction(h.connections.db, (tx) =>
      creditTemporaryDeposit(
        tx,
        {
          playerId: player.playerId,
          amount: Money.of('500.00', 'CZK'),
          channel: 'cashless',
          sourceAccountId: h.pspAccountId as AccountId,
          idempotencyKey: `deposit:${newId()}`,
        },
        h.clock.now(),
      ),
    );
    const staked = await createTable(h.connections.db, rouletteTable('listed-staked'), h.clock.now());
    const idle = await createTable(h.connections.db, rouletteTable('listed-idle'), h.clock.now());
    const spare = await createTable(h.connections.db, rouletteTable('listed-spare'), h.clock.now());
    for (const table of [staked, idle])
      expect(
        (await games.inject({ method: 'POST', url: `/v1/tables/${table.id}/seats`, headers: auth, payload: {} })).statusCode,
      ).toBe(201);
    const roundId = (await h.connections.db.gameRound.findFirstOrThrow({ where: { tableId: staked.id, status: 'OPEN' } })).id;
    const bet = (id: string) =>
      games.inject({
        method: 'POST',
        url: `/v1/rounds/${id}/actions`,
        headers: { ...auth, 'idempotency-key': newId() },
        payload: { kind: 'place-bets', bets: [{ kind: 'outside', position: 'column-2', stake: czk('100.00') }], confirm: true },
      });
    expect((await bet(roundId)).statusCode).toBe(200);

    await listInRegister(h, person);
    h.clock.advanceMs(czechPlayerRules.registerRecheck.answerMaxAgeMinutes * 60_000);
    const outcome = await recheckExcludedPersons(h.ctx, { playersMax: 100, concurrencyMax: 2 });
    expect(outcome.listed).toBe(1);
    expect(
      await h.connections.db.player.findUniqueOrThrow({ where: { id: player.playerId }, select: { registerStatus: true } }),
    ).toEqual({ registerStatus: 'LISTED' });
    expect(
      (await h.api.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken: player.refreshToken } }))
        .statusCode,
    ).toBe(401);

    // The worker ends the seats (players.access-ended): the idle one at once, the staked one when its round has settled.
    const seatsOf = () =>
      h.connections.db.tableSeat.findMany({
        where: { playerId: player.playerId },
        orderBy: { tableId: 'asc' },
        select: { tableId: true, status: true },
      });
    await eventually(async () => ((await seatsOf()).length === 1 ? true : undefined), 'the idle seat freed');
    expect(await seatsOf()).toEqual([{ tableId: staked.id, status: 'LEAVING' }]);
    const refusedSeat = await games.inject({ method: 'POST', url: `/v1/tables/${spare.id}/seats`, headers: auth, payload: {} });
    expect(refusedSeat.json().type).toBe('https://problems.casino.example/listed-in-register');
    await expect(
      transaction(h.connections.db, (tx) =>
        authorizeDeposit(h.limits, tx, {
          playerId: player.playerId,
          reference: `deposit:${newId()}`,
          amount: Money.of('10.00', 'CZK'),
        }),
      ),
    ).rejects.toMatchObject({ code: 'listed-in-register' });

    h.clock.advanceMs(staked.bettingTimeMs);
    await games.gameScheduler.runOnce();
    expect(await h.connections.db.gameRound.findUniqueOrThrow({ where: { id: roundId }, select: { status: true } })).not.toEqual({
      status: 'OPEN',
    });
    expect(await seatsOf()).toEqual([]);
    expect(await h.connections.db.playSession.count({ where: { playerId: player.playerId, endedAt: null } })).toBe(0);
    expect(await findInvariantViolations(h.connections.db)).toEqual([]);
  });
  // The same end of seats for a staff block (D-1789), a staff closure (D-2324) and the player's own
  // self-exclusion or panic button (D-2325): each leaves players.access-ended in its transaction.
  type Ending = { name: string; end: (h: Harness, playerId: string, playerAuth: { authorization: string }) => Promise<void> };
  const byStaff = (payload: Record<string, unknown>, state: string) => async (h: Harness, playerId: string) => {
    const staffByRole = await createStaffPerRole(h.connections.db);
    const staffToken = h.admin.issueAccessToken({
      audience: 'staff',
      subject: staffUserWithRole(staffByRole, ['compliance-officer']),
    });
    const done = await h.admin.inject({
      method: 'POST',
      url: `/v1/players/${playerId}/actions`,
      headers: { authorization: `Bearer ${staffToken}` },
      payload,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<{ state: string }>().state).toBe(state);
  };
  const byPlayer =
    (url: string, payload?: Record<string, unknown>) => async (h: Harness, _: string, auth: { authorization: string }) => {
      const done = await h.api.inject({ method: 'POST', url, headers: auth, ...(payload ? { payload } : {}) });
      expect(done.statusCode, done.body).toBe(201);
    };
  const endings: Ending[] = [
    {
      name: 'issue 16 / 000-001:T-77: a player a staff member blocks while sitting out at a poker table is unseated at once (players.access-ended, as a register listing sends it), the chips credited to the wallet',
      end: byStaff({ action: 'block', reason: 'suspected account sharing' }, 'BLOCKED'),
    },
    {
      name: 'issue 16 / 000-001:T-77 / 004:TRM-10: a player whose account a staff member closes while sitting out at a poker table is unseated at once (players.access-ended closed-by-staff), not at the sit-out maximum, the chips credited to the wallet',
      end: byStaff(
        { action: 'close', reason: 'inappropriate behaviour in the chat', ground: 'vi', barReregistration: false },
        'CLOSED',
      ),
    },
    {
      name: 'issue 16 / 000-001:T-77 / 003:R-LIM-08: a player who self-excludes while sitting out at a poker table is unseated at once (players.access-ended self-excluded, D-2325), not at the sit-out maximum, the chips credited to the wallet',
      end: byPlayer('/v1/me/self-exclusion', { hours: 24 }),
    },
    {
      name: 'issue 16 / 000-001:T-77: a player who presses the panic button while sitting out at a poker table is unseated at once (players.access-ended self-excluded, D-2325), the chips credited to the wallet',
      end: byPlayer('/v1/me/panic-button'),
    },
  ];
  for (const ending of endings) {
    it(ending.name, async () => {
      const person = await newPerson(h);
      const player = await registerToTemporaryAccount(h, applicationFor(person));
      const auth = { authorization: `Bearer ${player.accessToken}` };
      const { walletAccountId } = await h.connections.db.temporaryAccount.findUniqueOrThrow({
        where: { playerId: player.playerId },
        select: { walletAccountId: true },
      });
      const wallet = walletAccountId as AccountId;
      await transaction(h.connections.db, (tx) =>
        creditTemporaryDeposit(
          tx,
          {
            playerId: player.playerId,
            amount: Money.of('500.00', 'CZK'),
            channel: 'cashless',
            sourceAccountId: h.pspAccountId as AccountId,
            idempotencyKey: `deposit:${newId()}`,
          },
          h.clock.now(),
        ),
      );
      const definition = demoPokerTables('CZK').find((d) => d.profileId === 'CZ-FO' && d.variant === 'holdem/no-limit')!;
      const table = await createPokerTable(h.connections.db, {
        definition: { ...definition, name: `Access ends ${newId().slice(-6)}` },
        profile: pokerRuleProfiles[definition.profileId],
        now: h.clock.now(),
      });
      const buyIn = Money.fromMinor(definition.buyInMinMinor, 'CZK');
      const sat = await games.inject({
        method: 'POST',
        url: `/v1/poker/tables/${table.id}/seats`,
        headers: { ...auth, 'idempotency-key': newId() },
        payload: { buyIn: czk(buyIn.toDecimalString()) },
      });
      expect(sat.statusCode, sat.body).toBe(201);
      const sitOut = await games.inject({ method: 'POST', url: `/v1/poker/tables/${table.id}/sit-out`, headers: auth });
      expect(sitOut.statusCode, sitOut.body).toBe(200);
      expect(sitOut.json<{ table: { seats: Array<{ status: string }> } }>().table.seats).toMatchObject([
        { status: 'sitting-out' },
      ]);
      const balanceSeated = await ledger.balance(h.connections.db, wallet);

      await ending.end(h, player.playerId, auth);

      // Long before any sit-out maximum (the clock does not move): the worker's job asks the room.
      const seat = () => h.connections.db.pokerSeat.findFirst({ where: { tableId: table.id, playerId: player.playerId } });
      await eventually(async () => ((await seat()) === null ? true : undefined), 'the player unseated');
      expect((await ledger.balance(h.connections.db, wallet)).toDecimalString()).toBe(
        balanceSeated.plus(buyIn).toDecimalString(),
      );
      expect(await escrowAndStacks(h.connections.db, table.id)).toEqual({ escrowMinor: 0n, stacksMinor: 0n });
      expect(await findInvariantViolations(h.connections.db)).toEqual([]);
    });
  }
  it('issue 16 / 004:TMP-08 / TMP-09: a temporary account that expires while the player has chips at a poker table is cancelled at once, the seat ends (players.access-ended) and the refund, opened when nothing is left in play, holds the chips too (D-2325)', async () => {
    const person = await newPerson(h);
    const player = await registerToTemporaryAccount(h, applicationFor(person));
    const auth = { authorization: `Bearer ${player.accessToken}` };
    const { walletAccountId } = await h.connections.db.temporaryAccount.findUniqueOrThrow({
      where: { playerId: player.playerId },
      select: { walletAccountId: true },
    });
    await transaction(h.connections.db, (tx) =>
      creditTemporaryDeposit(
        tx,
        {
          playerId: player.playerId,
          amount: Money.of('500.00', 'CZK'),
          channel: 'cashless',
          sourceAccountId: h.pspAccountId as AccountId,
          idempotencyKey: `deposit:${newId()}`,
        },
        h.clock.now(),
      ),
    );
    const definition = demoPokerTables('CZK').find((d) => d.profileId === 'CZ-FO' && d.variant === 'holdem/no-limit')!;
    const table = await createPokerTable(h.connections.db, {
      definition: { ...definition, name: `Expiry ${newId().slice(-6)}` },
      profile: pokerRuleProfiles[definition.profileId],
      now: h.clock.now(),
    });
    const sat = await games.inject({
      method: 'POST',
      url: `/v1/poker/tables/${table.id}/seats`,
      headers: { ...auth, 'idempotency-key': newId() },
      payload: { buyIn: czk(Money.fromMinor(definition.buyInMinMinor, 'CZK').toDecimalString()) },
    });
    expect(sat.statusCode, sat.body).toBe(201);

    const noBankAccount = async () => null;
    h.clock.advanceDays(31);
    try {
      await cancelExpiredTemporaryAccounts(h.ctx, noBankAccount);
      expect((await h.connections.db.player.findUniqueOrThrow({ where: { id: player.playerId } })).state).toBe('CANCELLED');
      const seat = () => h.connections.db.pokerSeat.findFirst({ where: { tableId: table.id, playerId: player.playerId } });
      await eventually(async () => ((await seat()) === null ? true : undefined), 'the expired player unseated');
      // The chips are back in the wallet; the next run of the job refunds the whole balance.
      await cancelExpiredTemporaryAccounts(h.ctx, noBankAccount);
      const refund = await h.connections.db.temporaryAccountRefund.findUniqueOrThrow({ where: { playerId: player.playerId } });
      expect(refund.amountMinor).toBe(50_000n);
      expect((await ledger.balance(h.connections.db, walletAccountId as AccountId)).toDecimalString()).toBe('0.00');
      expect(await escrowAndStacks(h.connections.db, table.id)).toEqual({ escrowMinor: 0n, stacksMinor: 0n });
      expect(await findInvariantViolations(h.connections.db)).toEqual([]);
    } finally {
      h.clock.advanceDays(-31);
    }
  });
});
