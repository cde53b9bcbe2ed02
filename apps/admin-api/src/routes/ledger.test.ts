import { createStaffPerRole, staffUserWithRole, type StaffByRole } from '@casino/compliance/testing';
import { ManualClock, Money, newId, type AccountId, type TransactionId } from '@casino/core';
import { transaction } from '@casino/db';
import type { App } from '@casino/http';
import { createTestConnections, testServiceEnv, type TestConnections } from '@casino/http/testing';
import {
  balance,
  findAccountByCode,
  findInvariantViolations,
  findTransaction,
  openAccount,
  openOperatorAccounts,
  operatorAccountCode,
  playerWalletSpec,
  transfer,
} from '@casino/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminApi } from '../app.ts';
import { loadAdminApiConfig } from '../config.ts';

let connections: TestConnections;
let app: App;
let bank: AccountId;
let suspense: AccountId;
let wallet: AccountId;
let suspenseEur: AccountId;
let staffByRole: StaffByRole;
// Months away from the wall clock, with milliseconds, so a time taken from anything but this clock shows.
const clock = new ManualClock(new Date('2026-03-14T15:09:26.535Z'));

beforeAll(async () => {
  connections = await createTestConnections();
  app = await buildAdminApi({
    config: loadAdminApiConfig(testServiceEnv()),
    connections,
    redisKeyPrefix: connections.redisKeyPrefix,
    clock,
  });
  await app.ready();
  const db = connections.db;
  staffByRole = await createStaffPerRole(db);
  await openOperatorAccounts(db, ['CZK', 'EUR'], 2);
  suspenseEur = (await findAccountByCode(db, operatorAccountCode('suspense', 'EUR')))!.id;
  bank = (await findAccountByCode(db, operatorAccountCode('bank', 'CZK')))!.id;
  suspense = (await findAccountByCode(db, operatorAccountCode('suspense', 'CZK')))!.id;
  wallet = (await openAccount(db, playerWalletSpec(newId(), 'cash', 'CZK'))).id;
  await transaction(db, (tx) =>
    transfer(
      tx,
      {
        idempotencyKey: newId(),
        kind: 'DEPOSIT',
        debitAccountId: bank,
        creditAccountId: wallet,
        amount: Money.of('100.00', 'CZK'),
      },
      clock.now(),
    ),
  );
});

afterAll(async () => {
  await app?.close();
  await connections?.close();
});

const staff = (roles: string[]) => ({
  authorization: `Bearer ${app.issueAccessToken({ audience: 'staff', subject: staffUserWithRole(staffByRole, roles) })}`,
});
const finance = () => staff(['finance']);

function adjust(headers: Record<string, string>, body: unknown) {
  return app.inject({ method: 'POST', url: '/v1/ledger/adjustments', headers, payload: body as Record<string, unknown> });
}

const adjustment = (amount = '10.00') => ({
  debitAccountId: suspense,
  creditAccountId: wallet,
  amount: { amount, currency: 'CZK' },
  reason: 'goodwill credit after outage',
});

describe('admin-api: ledger adjustments', () => {
  it('posts an adjustment once per Idempotency-Key: 201 first, 200 with the same transaction on a retry', async () => {
    const headers = { ...finance(), 'idempotency-key': `adj-${newId()}` };
    const first = await adjust(headers, adjustment());
    expect(first.statusCode).toBe(201);
    const retry = await adjust(headers, adjustment());
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ transactionId: first.json().transactionId, replayed: true });
    // Issue 9: the correction is in the audit log once, with its reason; the replay added nothing.
    const audited = await connections.db.auditLogEntry.findMany({
      where: { action: 'ledger.adjustment', subjectId: first.json().transactionId },
    });
    expect(audited).toMatchObject([{ reason: 'goodwill credit after outage', actorRoles: ['finance'] }]);
  });

  it('answers the same Idempotency-Key with a different body with 409 problem+json', async () => {
    const headers = { ...finance(), 'idempotency-key': `adj-${newId()}` };
    expect((await adjust(headers, adjustment('1.00'))).statusCode).toBe(201);
    const conflict = await adjust(headers, adjustment('2.00'));
    expect(conflict.statusCode).toBe(409);
    expect(conflict.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(conflict.json()).toMatchObject({
      type: 'https://problems.casino.example/idempotency-key-reused',
      field: 'header.idempotency-key',
    });
  });

  it('posts one transaction when the same key arrives on 10 requests at once', async () => {
    const headers = { ...finance(), 'idempotency-key': `adj-${newId()}` };
    const before = await connections.db.ledgerTransaction.count();
    const responses = await Promise.all(Array.from({ length: 10 }, () => adjust(headers, adjustment('0.50'))));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(responses.map((r) => r.json().transactionId)).size).toBe(1);
    expect(await connections.db.ledgerTransaction.count()).toBe(before + 1);
  });

  it('requires an Idempotency-Key header, naming it', async () => {
    const response = await adjust(finance(), adjustment());
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('headers.idempotency-key');
  });

  it('refuses more decimals than the currency has, naming body.amount.amount, and writes nothing', async () => {
    const before = await connections.db.ledgerTransaction.count();
    const response = await adjust({ ...finance(), 'idempotency-key': `adj-${newId()}` }, adjustment('1.234'));
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('body.amount.amount');
    expect(await connections.db.ledgerTransaction.count()).toBe(before);
  });

  it('refuses an adjustment that would overdraw a wallet with 422 insufficient-funds and writes nothing', async () => {
    const before = await connections.db.ledgerTransaction.count();
    const response = await adjust(
      { ...finance(), 'idempotency-key': `adj-${newId()}` },
      {
        debitAccountId: wallet,
        creditAccountId: suspense,
        amount: { amount: '100000.00', currency: 'CZK' },
        reason: 'test overdraft refusal',
      },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().type).toBe('https://problems.casino.example/insufficient-funds');
    expect(await connections.db.ledgerTransaction.count()).toBe(before);
  });

  it('is open to finance and admin only: support gets 403, a player token 401', async () => {
    const key = () => ({ 'idempotency-key': `adj-${newId()}` });
    expect((await adjust({ ...staff(['support']), ...key() }, adjustment())).statusCode).toBe(403);
    const player = { authorization: `Bearer ${app.issueAccessToken({ audience: 'player', subject: newId() })}` };
    expect((await adjust({ ...player, ...key() }, adjustment())).statusCode).toBe(401);
  });
});

describe("admin-api: ledger corrections at the clock's time (issue 15)", () => {
  /** The ledger transaction's effective time and the audit entry's time of one correction. */
  async function timesOf(transactionId: string, action: string, subjectId: string) {
    const posted = await findTransaction(connections.db, transactionId as TransactionId);
    const audited = await connections.db.auditLogEntry.findFirstOrThrow({ where: { action, subjectId } });
    return { ledger: posted?.effectiveAt.toISOString(), audit: audited.at.toISOString() };
  }

  it("issue 15: a staff adjustment and a staff reversal each post at the clock's time, the same as their audit entries, not at wall time", async () => {
    clock.advanceMs(86_400_000 + 7);
    const expected = clock.now().toISOString();
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeGreaterThan(86_400_000); // the premise: far from wall time
    const adjusted = await adjust({ ...finance(), 'idempotency-key': `adj-${newId()}` }, adjustment('3.00'));
    expect(adjusted.statusCode).toBe(201);
    const adjustmentId = adjusted.json().transactionId as string;
    expect(await timesOf(adjustmentId, 'ledger.adjustment', adjustmentId)).toEqual({ ledger: expected, audit: expected });

    clock.advanceMs(60_000 + 11);
    const reversed = await app.inject({
      method: 'POST',
      url: '/v1/ledger/reversals',
      headers: { ...finance(), 'idempotency-key': `rev-${newId()}` },
      payload: { transactionId: adjustmentId, reason: 'posted to the wrong wallet' },
    });
    expect(reversed.statusCode, reversed.body).toBe(201);
    expect(await timesOf(reversed.json().transactionId, 'ledger.reversal', adjustmentId)).toEqual({
      ledger: clock.now().toISOString(),
      audit: clock.now().toISOString(),
    });
  });
});

describe('admin-api: ledger adjustments refused (issue 14 (6)), nothing posted or audited', () => {
  /** Sends a refused adjustment and checks the answer is a 4xx problem, and that nothing was posted, audited or moved. */
  async function refusedAdjustment(body: Record<string, unknown>) {
    const db = connections.db;
    const before = {
      transactions: await db.ledgerTransaction.count(),
      audit: await db.auditLogEntry.count({ where: { action: 'ledger.adjustment' } }),
      wallet: await walletBalance(),
    };
    const response = await adjust({ ...finance(), 'idempotency-key': `adj-${newId()}` }, body);
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(await db.ledgerTransaction.count()).toBe(before.transactions);
    expect(await db.auditLogEntry.count({ where: { action: 'ledger.adjustment' } })).toBe(before.audit);
    expect(await walletBalance()).toBe(before.wallet);
    expect(await findInvariantViolations(db)).toEqual([]);
    return response.json();
  }
  const walletBalance = async () => (await balance(connections.db, wallet)).toDecimalString();

  it('issue 14 (6): a manual adjustment with a negative amount is refused (problem+json), nothing posted: −10.00 "debit suspense, credit player" no longer takes 10.00 from the wallet', async () => {
    expect(await refusedAdjustment(adjustment('-10.00'))).toMatchObject({
      status: 400,
      type: 'https://problems.casino.example/validation-failed',
      field: 'body.amount.amount',
    });
  });

  it('issue 14 (6): zero and out-of-range amounts (99999999999999999999.00) are 400 on body.amount.amount, never 500', async () => {
    for (const amount of ['0.00', '-0.00', '99999999999999999999.00', '10000000000000.00']) {
      expect(await refusedAdjustment(adjustment(amount))).toMatchObject({
        status: 400,
        type: 'https://problems.casino.example/validation-failed',
        field: 'body.amount.amount',
      });
    }
  });

  it('issue 14 (6): an unknown account is 404 naming its side; mixed currencies are 422 currency-mismatch on body.amount.currency', async () => {
    expect(await refusedAdjustment({ ...adjustment(), debitAccountId: newId() })).toMatchObject({
      status: 404,
      type: 'https://problems.casino.example/not-found',
      field: 'body.debitAccountId',
    });
    expect(await refusedAdjustment({ ...adjustment(), creditAccountId: newId() })).toMatchObject({
      status: 404,
      field: 'body.creditAccountId',
    });
    expect(await refusedAdjustment({ ...adjustment(), debitAccountId: suspenseEur })).toMatchObject({
      status: 422,
      type: 'https://problems.casino.example/currency-mismatch',
      field: 'body.amount.currency',
    });
    expect(await refusedAdjustment({ ...adjustment(), amount: { amount: '10.00', currency: 'EUR' } })).toMatchObject({
      status: 422,
      type: 'https://problems.casino.example/currency-mismatch',
      field: 'body.amount.currency',
    });
  });
});

describe('admin-api: ledger views', () => {
  it('shows an account with its balance, and its statement with running balances', async () => {
    const auditor = staff(['auditor']);
    const account = await app.inject({ method: 'GET', url: `/v1/ledger/accounts/${wallet}`, headers: auditor });
    expect(account.statusCode).toBe(200);
    expect(account.json().balance.currency).toBe('CZK');
    const statement = await app.inject({
      method: 'GET',
      url: `/v1/ledger/accounts/${wallet}/statement?limit=1`,
      headers: auditor,
    });
    expect(statement.statusCode).toBe(200);
    expect(statement.json().lines[0]).toMatchObject({
      kind: 'DEPOSIT',
      amount: { amount: '100.00', currency: 'CZK' },
      balanceAfter: { amount: '100.00' },
    });
    expect(statement.json().nextCursor).not.toBeNull();
  });

  it('shows a balanced trial balance', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/v1/ledger/trial-balance?currency=CZK',
      headers: staff(['auditor']),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().balanced).toBe(true);
  });

  it('answers an unknown account with 404 problem+json and a malformed id with 400', async () => {
    expect(
      (await app.inject({ method: 'GET', url: `/v1/ledger/accounts/${newId()}`, headers: staff(['auditor']) })).statusCode,
    ).toBe(404);
    const bad = await app.inject({ method: 'GET', url: '/v1/ledger/accounts/not-a-uuid', headers: staff(['auditor']) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('params.accountId');
  });
});
