import {
  assertNoPayoutHold,
  defaultComplianceRules,
  raiseAlert,
  recordMonitoringEvent,
  type ComplianceContext,
} from '@casino/compliance';
import { createTestStaff, insertTestPlayer, testSecretBox, type TestStaff } from '@casino/compliance/testing';
import { ManualClock, Money, newId, type AccountId, type PlayerId } from '@casino/core';
import { transaction } from '@casino/db';
import type { App } from '@casino/http';
import { createTestConnections, testServiceEnv, type TestConnections } from '@casino/http/testing';
import * as ledger from '@casino/ledger';
import { complianceJobs, startWorkerRuntime, type WorkerRuntime } from '@casino/test-support/apps';
import { generate } from 'otplib';
import { waitFor } from '@casino/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminApi } from './app.ts';
import { loadAdminApiConfig } from './config.ts';

let connections: TestConnections;
let app: App;
let worker: WorkerRuntime;
let ctx: ComplianceContext;
let officer: TestStaff;
let mlro: TestStaff;
let support: TestStaff;
let auditor: TestStaff;
let bank: AccountId;
const clock = new ManualClock(new Date('2026-11-24T09:00:00Z'));

beforeAll(async () => {
  connections = await createTestConnections();
  const config = loadAdminApiConfig(testServiceEnv());
  app = await buildAdminApi({ config, connections, redisKeyPrefix: connections.redisKeyPrefix, clock });
  await app.ready();
  ctx = { db: connections.db, clock, rules: defaultComplianceRules, secrets: testSecretBox };
  // These staff users' TOTP secrets are sealed with the test box, not the app's PII key: they act
  // through tokens; the login test creates its user through the API instead.
  [officer, mlro, support, auditor] = await Promise.all([
    createTestStaff(ctx, ['compliance-officer']),
    createTestStaff(ctx, ['mlro']),
    createTestStaff(ctx, ['support']),
    createTestStaff(ctx, ['auditor']),
  ]);
  worker = await startWorkerRuntime({
    db: connections.db,
    redisUrl: connections.redisUrl,
    queuePrefix: connections.redisKeyPrefix,
    jobs: complianceJobs(clock, defaultComplianceRules),
    schedules: [],
    logger: { warn: () => undefined, error: () => undefined },
    relayIntervalMs: 50,
    relayBatchSizeMax: 50,
    heartbeatIntervalMs: 60_000,
    concurrency: 2,
  });
  await ledger.openOperatorAccounts(connections.db, ['CZK'], 2);
  bank = (await ledger.findAccountByCode(connections.db, ledger.operatorAccountCode('bank', 'CZK')))!.id;
});

afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await connections?.close();
});

const bearer = (staff: TestStaff) => ({
  authorization: `Bearer ${app.issueAccessToken({ audience: 'staff', subject: staff.staffUserId })}`,
});
const post = (url: string, staff: TestStaff, payload: object) =>
  app.inject({ method: 'POST', url, headers: bearer(staff), payload });
const get = (url: string, staff: TestStaff) => app.inject({ method: 'GET', url, headers: bearer(staff) });

// Bounded by time, not by a number of attempts, so a busy machine does not fail it (issue 14 (11)).
function eventually<T>(probe: () => Promise<T | null | undefined>): Promise<T> {
  return waitFor(probe, { what: 'the condition', intervalMs: 100 }) as Promise<T>;
}

/** A player with a funded cash wallet. */
async function fundedPlayer(amount = '80000.00'): Promise<{ playerId: PlayerId; wallet: AccountId }> {
  const playerId = await insertTestPlayer(connections.db);
  const wallet = (await ledger.openAccount(connections.db, ledger.playerWalletSpec(playerId, 'cash', 'CZK'))).id;
  await transaction(connections.db, (tx) =>
    ledger.transfer(
      tx,
      {
        idempotencyKey: newId(),
        kind: 'DEPOSIT',
        debitAccountId: bank,
        creditAccountId: wallet,
        amount: Money.of(amount, 'CZK'),
      },
      clock.now(),
    ),
  );
  return { playerId, wallet };
}

/** The cashier's withdrawal path as issue 6 will build it: the payout-hold guard, then the ledger hold, in one transaction. */
function withdraw(playerId: PlayerId, wallet: AccountId, amount: string) {
  return transaction(connections.db, async (tx) => {
    await assertNoPayoutHold(tx, playerId, clock.now());
    const pending = (await ledger.findAccountByCode(tx, ledger.operatorAccountCode('pending-withdrawals', 'CZK')))!.id;
    return ledger.reserve(
      tx,
      {
        idempotencyKey: newId(),
        sourceAccountId: wallet,
        holdAccountId: pending,
        amount: Money.of(amount, 'CZK'),
        kind: 'WITHDRAWAL_HOLD',
      },
      clock.now(),
    );
  });
}

describe('staff login (password + TOTP)', () => {
  it('issue 9: an admin creates a staff user; they log in with password and TOTP code once, a replayed or wrong code is refused', async () => {
    const admin = await createTestStaff(ctx, ['admin']);
    const email = `new-${newId()}@staff.test`;
    const created = await post('/v1/staff/users', admin, {
      email,
      displayName: 'New Officer',
      roles: ['compliance-officer'],
      password: 'correct horse battery',
      reason: 'new compliance officer joins',
    });
    expect(created.statusCode).toBe(201);
    const { totpSecret, staffUserId } = created.json();
    const login = (totpCode: string, password = 'correct horse battery') =>
      app.inject({ method: 'POST', url: '/v1/staff/login', payload: { email, password, totpCode } });
    const code = await generate({ secret: totpSecret, epoch: Math.floor(clock.now().getTime() / 1000) });
    const ok = await login(code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ staffUserId, roles: ['compliance-officer'], tokenType: 'Bearer' });
    expect(
      (await app.inject({ method: 'GET', url: '/v1/alerts', headers: { authorization: `Bearer ${ok.json().accessToken}` } }))
        .statusCode,
    ).toBe(200);
    expect((await login(code)).statusCode).toBe(401);
    expect((await login(code === '000000' ? '111111' : '000000')).statusCode).toBe(401);
    expect((await login(code, 'wrong password!!')).statusCode).toBe(401);
  });
});

describe('staff login throttling (issue 14 (4))', () => {
  it('issue 14 (4): wrong authenticator codes slow the staff login down at that address instead of locking the account; the admin at another address gets in; an unknown e-mail answers alike', async () => {
    const admin = await createTestStaff(ctx, ['admin']);
    const email = `throttled-${newId()}@staff.test`;
    const created = await post('/v1/staff/users', admin, {
      email,
      displayName: 'Throttled Admin',
      roles: ['admin'],
      password: 'correct horse battery',
      reason: 'second admin',
    });
    expect(created.statusCode).toBe(201);
    const { totpSecret } = created.json();
    const login = (loginEmail: string, totpCode: string, remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/v1/staff/login',
        remoteAddress,
        payload: { email: loginEmail, password: 'correct horse battery', totpCode },
      });
    const shape = (response: Awaited<ReturnType<typeof login>>) => {
      const { instance: _instance, requestId: _requestId, ...rest } = response.json();
      return { status: response.statusCode, keys: Object.keys(response.json()).sort(), ...rest };
    };
    for (let i = 0; i < defaultComplianceRules.staff.loginThrottle.accountAddress.failuresFree; i++) {
      // Two addresses, so the route's per-address rate limit stays out of the way.
      expect(shape(await login(email, '000000', '198.51.100.66'))).toEqual(
        shape(await login(`nobody-${email}`, '000000', '198.51.100.67')),
      );
    }
    const code = await generate({ secret: totpSecret, epoch: Math.floor(clock.now().getTime() / 1000) });
    const throttled = await login(email, code, '198.51.100.66');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().type).toBe('https://problems.casino.example/login-throttled');
    expect(shape(await login(`nobody-${email}`, code, '198.51.100.67'))).toEqual(shape(throttled));
    expect((await login(email, code, '203.0.113.66')).statusCode).toBe(200);
  });
});

describe('alerts, cases and payout holds (004:AML-04, WIN-07)', () => {
  it('004:AML-04 a large deposit event raises an alert through the outbox; case → hold payouts blocks a withdrawal; releasing the hold allows it', async () => {
    const { playerId, wallet } = await fundedPlayer();
    await transaction(connections.db, (tx) =>
      recordMonitoringEvent(tx, {
        kind: 'deposit',
        eventId: newId(),
        playerId,
        occurredAt: clock.now().toISOString(),
        amount: { amountMinor: '6000000', currency: 'CZK' },
        outcome: 'succeeded',
        paymentMethodId: 'pm-card-1',
      }),
    );
    const alert = await eventually(async () =>
      (await get(`/v1/alerts?playerId=${playerId}`, officer))
        .json()
        .alerts.find((a: { ruleCode: string }) => a.ruleCode === 'large-transaction'),
    );
    expect(alert).toMatchObject({ status: 'OPEN', source: 'MONITORING', score: 30 });

    const opened = await post('/v1/cases', officer, {
      alertIds: [alert.id],
      title: 'Large deposit',
      reason: 'deposit above the due-diligence threshold',
    });
    expect(opened.statusCode).toBe(201);
    const { caseId } = opened.json();
    expect((await post(`/v1/cases/${caseId}/comments`, officer, { body: 'Asked for the source of funds.' })).statusCode).toBe(
      201,
    );
    expect(
      (
        await post(`/v1/cases/${caseId}/documents`, officer, {
          filename: 'statement.txt',
          contentType: 'text/plain',
          contentBase64: Buffer.from('bank statement').toString('base64'),
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await post(`/v1/cases/${caseId}/escalate`, officer, { reason: 'source of funds unclear', mlroId: mlro.staffUserId }))
        .statusCode,
    ).toBe(200);
    const held = await post(`/v1/cases/${caseId}/decision`, mlro, {
      decision: 'hold-payouts',
      reason: 'suspicious transaction under assessment',
    });
    expect(held.statusCode).toBe(200);
    expect(held.json()).toMatchObject({ status: 'ESCALATED', holdId: expect.any(String) });

    await expect(withdraw(playerId, wallet, '1000.00')).rejects.toMatchObject({ code: 'payouts-suspended' });
    expect((await get(`/v1/players/${playerId}`, officer)).json().payoutHold).toMatchObject({ holdId: held.json().holdId });

    const released = await post(`/v1/players/${playerId}/actions`, mlro, {
      action: 'release-payouts',
      reason: 'source of funds documented',
    });
    expect(released.statusCode).toBe(200);
    expect((await withdraw(playerId, wallet, '1000.00')).status).toBe('PENDING');
  });

  it('004:AML-04 a payout hold lapses after the period the AML act allows', async () => {
    const { playerId, wallet } = await fundedPlayer();
    expect(
      (await post(`/v1/players/${playerId}/actions`, officer, { action: 'hold-payouts', reason: 'awaiting FIU answer' }))
        .statusCode,
    ).toBe(200);
    await expect(withdraw(playerId, wallet, '10.00')).rejects.toMatchObject({ code: 'payouts-suspended' });
    clock.advanceMs(defaultComplianceRules.payoutHold.durationHours * 3_600_000);
    expect((await withdraw(playerId, wallet, '10.00')).status).toBe('PENDING');
  });

  it("004:WIN-06 payouts held over doubts about a game's regularity stay held past the AML period and lapse after 60 days", async () => {
    const { playerId, wallet } = await fundedPlayer();
    const held = await post(`/v1/players/${playerId}/actions`, officer, {
      action: 'hold-payouts',
      reason: 'round results under review',
      ground: 'game-irregularity',
    });
    expect(held.statusCode).toBe(200);
    const hold = await connections.db.payoutHold.findFirstOrThrow({ where: { playerId } });
    expect(hold.expiresAt.getTime() - hold.placedAt.getTime()).toBe(60 * 24 * 3_600_000);
    clock.advanceMs(defaultComplianceRules.payoutHold.durationHours * 3_600_000);
    await expect(withdraw(playerId, wallet, '10.00')).rejects.toMatchObject({ code: 'payouts-suspended' });
    clock.advanceMs(hold.expiresAt.getTime() - clock.now().getTime());
    expect((await withdraw(playerId, wallet, '10.00')).status).toBe('PENDING');
    expect(
      (await post(`/v1/players/${playerId}/actions`, officer, { action: 'hold-payouts', reason: 'x'.repeat(10), ground: 'whim' }))
        .statusCode,
    ).toBe(400);
  });

  it('002:AML-05 the MLRO files a suspicious transaction report: downloadable with player, transactions and reasoning, and the filing recorded', async () => {
    const { playerId } = await fundedPlayer('1234.50');
    const { alertId } = await transaction(connections.db, (tx) =>
      raiseAlert(tx, defaultComplianceRules, {
        playerId,
        source: 'MONITORING',
        ruleCode: 'rapid-in-out',
        score: 35,
        details: { reason: 'test' },
        at: clock.now(),
      }),
    );
    const { caseId } = (
      await post('/v1/cases', officer, {
        alertIds: [alertId],
        title: 'Rapid in and out',
        reason: 'deposit withdrawn without play',
      })
    ).json();
    expect(
      (await post(`/v1/cases/${caseId}/decision`, officer, { decision: 'file-report', reason: 'officer may not file' }))
        .statusCode,
    ).toBe(403);
    const filed = await post(`/v1/cases/${caseId}/decision`, mlro, {
      decision: 'file-report',
      reason: 'Funds passed through the account without play.',
    });
    expect(filed.json()).toMatchObject({ status: 'CLOSED', reportId: expect.any(String) });
    const document = await get(`/v1/reports/${filed.json().reportId}/document`, auditor);
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-disposition']).toMatch(/attachment; filename="str-/);
    expect(document.json()).toMatchObject({
      reasoning: 'Funds passed through the account without play.',
      subject: { id: playerId },
      transactions: [{ kind: 'DEPOSIT', amountMinor: '123450', currency: 'CZK' }],
      filing: null,
    });
    expect(
      (await post(`/v1/reports/${filed.json().reportId}/filing`, mlro, { authorityReference: 'FAU-2026-0042' })).statusCode,
    ).toBe(200);
    expect((await get(`/v1/reports/${filed.json().reportId}/document`, mlro)).json().filing).toMatchObject({
      authorityReference: 'FAU-2026-0042',
    });
    expect((await post(`/v1/reports/${filed.json().reportId}/filing`, mlro, { authorityReference: 'again' })).statusCode).toBe(
      409,
    );
  });
});

describe('screening and account actions', () => {
  it('002:KYC-01 a list update re-screens players; a confirmed hit blocks the account; all of it is in the verifiable audit log', async () => {
    const playerId = await insertTestPlayer(connections.db, {
      firstName: 'Radomír',
      surname: 'Kvasnikov',
      dateOfBirth: '1961-04-12',
      citizenship: 'RU',
    });
    const bystander = await insertTestPlayer(connections.db, { firstName: 'Eliška', surname: 'Dvořáková' });
    const content = JSON.stringify({
      id: 'os-kv',
      schema: 'Person',
      caption: 'Радомир Квасников',
      properties: { name: ['Радомир Квасников'], alias: ['Radomir Kvasnikoff'], birthDate: ['1961-04-12'], nationality: ['ru'] },
    });
    const loaded = await app.inject({
      method: 'PUT',
      url: '/v1/screening/lists/test-sanctions',
      headers: bearer(mlro),
      payload: {
        name: 'Test sanctions',
        kind: 'SANCTIONS',
        format: 'opensanctions-ftm',
        content,
        reason: 'monthly list refresh',
      },
    });
    expect(loaded.statusCode).toBe(200);
    const alert = await eventually(
      async () => (await get(`/v1/alerts?playerId=${playerId}&source=SCREENING`, officer)).json().alerts[0],
    );
    expect(alert.details.matches[0]).toMatchObject({ externalId: 'os-kv', dateOfBirth: 'match' });
    expect((await get(`/v1/alerts?playerId=${bystander}`, officer)).json().alerts).toEqual([]);

    const decided = await post(`/v1/alerts/${alert.id}/screening-decision`, officer, {
      outcome: 'confirmed-match',
      reason: 'same person: name, birth date and nationality agree',
    });
    expect(decided.json()).toEqual({ playerState: 'BLOCKED' });
    const verify = await get('/v1/audit-log/verify', auditor);
    expect(verify.json()).toMatchObject({ ok: true });
    const entries = (await get(`/v1/audit-log?subjectId=${alert.id}`, auditor)).json().entries;
    expect(entries).toMatchObject([
      {
        action: 'alert.resolve-screening',
        actorId: officer.staffUserId,
        reason: 'same person: name, birth date and nationality agree',
        after: { playerState: 'BLOCKED' },
      },
    ]);
    const exported = await get('/v1/audit-log/export', auditor);
    expect(exported.headers['content-type']).toMatch(/application\/x-ndjson/);
    expect(
      exported.body
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).action),
    ).toEqual(expect.arrayContaining(['screening-list.load', 'alert.resolve-screening']));
  });

  it('004:TRM-10 closing an account needs a termination ground and a reason; the player view masks personal data for support', async () => {
    const { playerId } = await fundedPlayer('10.00');
    const noReason = await post(`/v1/players/${playerId}/actions`, officer, { action: 'close', ground: 'x' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().field).toBe('body.reason');
    expect(
      (await post(`/v1/players/${playerId}/actions`, officer, { action: 'close', ground: 'xvii', reason: 'no such ground' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post(`/v1/players/${playerId}/actions`, officer, { action: 'block', reason: 'suspected account sharing' })).json(),
    ).toEqual({ state: 'BLOCKED' });
    expect(
      (
        await post(`/v1/players/${playerId}/actions`, officer, {
          action: 'close',
          ground: 'vii',
          reason: 'account shared with a third person',
          barReregistration: true,
        })
      ).json(),
    ).toEqual({ state: 'CLOSED' });
    expect(
      (await post(`/v1/players/${playerId}/actions`, officer, { action: 'unblock', reason: 'closed accounts stay closed' }))
        .statusCode,
    ).toBe(409);

    const forSupport = (await get(`/v1/players/${playerId}`, support)).json();
    expect(forSupport.personalData).toMatchObject({
      masked: true,
      email: expect.stringMatching(/^\w\*\*\*@players\.test$/),
      dateOfBirth: '1990-**-**',
    });
    const forOfficer = (await get(`/v1/players/${playerId}`, officer)).json();
    // Masked by default for every role (issue 21); unmasking is its own call, audited with its reason.
    expect(forOfficer.personalData).toMatchObject({ masked: true, dateOfBirth: '1990-**-**' });
    expect((await post(`/v1/players/${playerId}/personal-data/unmask`, support, { reason: 'a caller asks' })).statusCode).toBe(
      403,
    );
    const unmasked = (await post(`/v1/players/${playerId}/personal-data/unmask`, officer, { reason: 'identity check' })).json();
    expect(unmasked.personalData).toMatchObject({
      masked: false,
      email: `${playerId}@players.test`,
      dateOfBirth: '1990-05-05',
    });
    expect(await connections.db.auditLogEntry.findUnique({ where: { id: unmasked.auditEntryId } })).toMatchObject({
      action: 'player.view-personal-data',
      subjectId: playerId,
      reason: 'identity check',
    });
    expect(forOfficer.stateHistory.map((h: { to: string }) => h.to)).toEqual(['REGISTERED', 'BLOCKED', 'CLOSED']);
    expect(forOfficer.termination).toMatchObject({ ground: 'vii', reregistrationBarred: true });
    expect(forOfficer.wallets[0].balance).toEqual({ amount: '10.00', currency: 'CZK' });
  });
});
