import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultComplianceRules, type ComplianceContext } from '@casino/compliance';
import { createTestStaff, insertTestPlayer, testSecretBox, type TestStaff } from '@casino/compliance/testing';
import { ManualClock, Money, newId, type AccountId } from '@casino/core';
import { transaction } from '@casino/db';
import type { App } from '@casino/http';
import { createTestConnections, testServiceEnv, type TestConnections } from '@casino/http/testing';
import * as ledger from '@casino/ledger';
import { czechReportingRules, verifyExportFile } from '@casino/reporting';
import { reportingJobs, startWorkerRuntime, type WorkerRuntime } from '@casino/test-support/apps';
import { parse } from 'csv-parse/sync';
import { waitFor } from '@casino/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoutes, buildAdminApi } from '../app.ts';
import { loadAdminApiConfig } from '../config.ts';

let connections: TestConnections;
let app: App;
let worker: WorkerRuntime;
let auditor: TestStaff;
let finance: TestStaff;
let workDir: string;
let playerId: string;
const clock = new ManualClock(new Date('2026-11-24T09:00:00Z'));
const rules = { ...czechReportingRules, exports: { ...czechReportingRules.exports, directRowsMax: 50 } };

beforeAll(async () => {
  connections = await createTestConnections();
  app = await buildAdminApi({
    config: loadAdminApiConfig(testServiceEnv()),
    connections,
    redisKeyPrefix: connections.redisKeyPrefix,
    clock,
    reportingRules: rules,
  });
  await app.ready();
  const ctx: ComplianceContext = { db: connections.db, clock, rules: defaultComplianceRules, secrets: testSecretBox };
  [auditor, finance] = await Promise.all([createTestStaff(ctx, ['auditor']), createTestStaff(ctx, ['finance'])]);
  worker = await startWorkerRuntime({
    db: connections.db,
    redisUrl: connections.redisUrl,
    queuePrefix: connections.redisKeyPrefix,
    jobs: reportingJobs(clock, rules),
    schedules: [],
    logger: { warn: () => undefined, error: () => undefined },
    relayIntervalMs: 50,
    relayBatchSizeMax: 50,
    heartbeatIntervalMs: 60_000,
    concurrency: 2,
  });
  workDir = await mkdtemp(path.join(tmpdir(), 'admin-exports-'));
  await ledger.openOperatorAccounts(connections.db, ['CZK'], 2);
  const code = async (purpose: string, qualifier?: string) =>
    (await ledger.findAccountByCode(connections.db, ledger.operatorAccountCode(purpose, 'CZK', qualifier)))!.id;
  const bank = await code('bank');
  const roulette = await code('game-revenue', 'roulette');
  playerId = await insertTestPlayer(connections.db, { firstName: 'Ondřej', surname: 'Šťastný, ml.' });
  const wallet = (await ledger.openAccount(connections.db, ledger.playerWalletSpec(playerId, 'cash', 'CZK'))).id;
  const move = (kind: ledger.TransactionKind, from: AccountId, to: AccountId, amount: string, at: string) =>
    transaction(connections.db, (tx) =>
      ledger.transfer(
        tx,
        {
          idempotencyKey: newId(),
          kind,
          debitAccountId: from,
          creditAccountId: to,
          amount: Money.of(amount, 'CZK'),
          effectiveAt: new Date(at),
        },
        clock.now(),
      ),
    );
  await move('DEPOSIT', bank, wallet, '500.00', '2026-11-02T10:00:00Z');
  for (let i = 0; i < 30; i++) await move('STAKE', wallet, roulette, '1.00', `2026-11-03T10:${String(i).padStart(2, '0')}:00Z`);
  await move('WIN', roulette, wallet, '12.00', '2026-11-03T11:00:00Z');
});

afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await connections?.close();
  await rm(workDir, { recursive: true, force: true });
});

const bearer = (staff: TestStaff) => ({
  authorization: `Bearer ${app.issueAccessToken({ audience: 'staff', subject: staff.staffUserId })}`,
});
const get = (url: string, staff: TestStaff) => app.inject({ method: 'GET', url, headers: bearer(staff) });
const november = 'from=2026-11-01T00:00:00%2B01:00&to=2026-12-01T00:00:00%2B01:00';

// Bounded by time, not by a number of attempts, so a busy machine does not fail it (issue 14 (11)).
function eventually<T>(probe: () => Promise<T | null | undefined>): Promise<T> {
  return waitFor(probe, { what: 'the condition', intervalMs: 100 }) as Promise<T>;
}

describe('auditor exports over HTTP (issue 10)', () => {
  it('002:REC-03 an auditor streams a filtered ledger export as CSV; its manifest is ready once the stream ends; the export is audited', async () => {
    const response = await get(`/v1/registers/ledger-transactions/export?${november}&kind=WIN`, auditor);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    const exportId = response.headers['x-export-id'] as string;
    const rows = parse(response.rawPayload, { columns: true }) as Array<Record<string, string>>;
    expect(rows.map((r) => [r.kind, r.amount, r.account_code])).toEqual([
      ['WIN', '12.00', 'operator:game-revenue:roulette:CZK'],
      ['WIN', '-12.00', `player:${playerId}:cash:CZK`],
    ]);
    const manifest = await eventually(async () => {
      const m = await get(`/v1/exports/${exportId}/manifest`, auditor);
      return m.statusCode === 200 ? m.json() : null;
    });
    expect(manifest).toMatchObject({
      register: 'ledger-transactions',
      rowCount: 2,
      filters: { kind: 'WIN' },
      coverage: { kind: 'ledger-blocks', transactionCount: 1 },
    });
    const audit = await connections.db.auditLogEntry.findFirst({ where: { action: 'export.requested', subjectId: exportId } });
    expect(audit).toMatchObject({ actorId: auditor.staffUserId, actorRoles: ['auditor'] });
  });

  it('issue 10: a streamed export over the direct limit is a 422 problem that points to a background export; bad filters name the field', async () => {
    const tooLarge = await get(`/v1/registers/ledger-transactions/export?${november}`, auditor);
    expect(tooLarge.statusCode).toBe(422);
    expect(tooLarge.headers['content-type']).toContain('application/problem+json');
    expect(tooLarge.json()).toMatchObject({
      type: 'https://problems.casino.example/export-too-large',
      rowsTotal: 64,
      directRowsMax: 50,
    });
    const noPeriod = await get('/v1/registers/ledger-transactions/export', auditor);
    expect(noPeriod.statusCode).toBe(400);
    expect(noPeriod.json().field).toBe('query.from');
  });

  it('issue 10: a background export runs in the worker with progress, downloads as the manifest says, verifies, and expires (410)', async () => {
    const requested = await app.inject({
      method: 'POST',
      url: '/v1/exports',
      headers: bearer(auditor),
      payload: {
        register: 'ledger-transactions',
        format: 'jsonl',
        filters: { from: '2026-11-01T00:00:00+01:00', to: '2026-12-01T00:00:00+01:00' },
      },
    });
    expect(requested.statusCode).toBe(202);
    const { exportId } = requested.json();
    const ready = await eventually(async () => {
      const s = (await get(`/v1/exports/${exportId}`, auditor)).json();
      return s.status === 'READY' ? s : null;
    });
    expect(ready).toMatchObject({ mode: 'job', rowsTotal: 64, rowsWritten: 64, progressPercent: 100 });
    const file = await get(`/v1/exports/${exportId}/file`, auditor);
    expect(file.statusCode).toBe(200);
    expect(file.headers['x-content-sha256']).toBe(ready.sha256);
    expect(
      file.body
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line).kind)
        .filter((k: string) => k === 'STAKE'),
    ).toHaveLength(60);

    const manifest = (await get(`/v1/exports/${exportId}/manifest`, auditor)).json();
    const filePath = path.join(workDir, `ledger-${exportId}.jsonl`);
    await writeFile(filePath, file.rawPayload);
    expect((await verifyExportFile(connections.db, rules, filePath, manifest)).ok).toBe(true);

    clock.advanceMs(rules.exports.ttlHours * 3_600_000);
    expect((await get(`/v1/exports/${exportId}/file`, auditor)).statusCode).toBe(410);
    clock.set(new Date('2026-11-24T09:00:00Z'));
  });

  it('002:REC-01 the players register (identification data) is for auditors, the MLRO and admins, not finance', async () => {
    const asFinance = await get(`/v1/registers/players/export?playerId=${playerId}`, finance);
    expect(asFinance.statusCode).toBe(403);
    const asAuditor = await get(`/v1/registers/players/export?playerId=${playerId}`, auditor);
    expect(asAuditor.statusCode).toBe(200);
    expect((parse(asAuditor.rawPayload, { columns: true }) as Array<Record<string, string>>)[0]).toMatchObject({
      first_name: 'Ondřej',
      surname: 'Šťastný, ml.',
    });
  });
});

describe('reports over HTTP', () => {
  it('issue 21: deposits credited and withdrawals paid per Prague day, from the ledger, for the console chart; a period ending before it starts is a problem', async () => {
    const report = (await get('/v1/reports/payments?from=2026-11-01&to=2026-12-01', finance)).json();
    expect(report.days).toEqual([
      {
        day: '2026-11-02',
        currency: 'CZK',
        deposits: { amount: '500.00', currency: 'CZK' },
        depositCount: 1,
        withdrawals: { amount: '0.00', currency: 'CZK' },
        withdrawalCount: 0,
      },
    ]);
    const backwards = await get('/v1/reports/payments?from=2026-12-01&to=2026-11-01', auditor);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ field: 'query.to' });
  });

  it('issue 10: trial balance, player liability and GGR answer for an auditor', async () => {
    const tb = (await get('/v1/reports/trial-balance?currency=CZK&date=2026-11-30', auditor)).json();
    expect(tb).toMatchObject({ balanced: true, totalDebits: tb.totalCredits });
    const liability = (await get('/v1/reports/player-liability?currency=CZK&date=2026-11-30', auditor)).json();
    expect(liability.playerWallets.cash).toEqual({ amount: '482.00', currency: 'CZK' });
    const ggr = (await get('/v1/reports/ggr?from=2026-11-01&to=2026-12-01&granularity=month', auditor)).json();
    expect(ggr.lines).toEqual([
      expect.objectContaining({
        period: '2026-11',
        game: 'roulette',
        stakes: { amount: '30.00', currency: 'CZK' },
        wins: { amount: '12.00', currency: 'CZK' },
        ggr: { amount: '18.00', currency: 'CZK' },
      }),
    ]);
  });
});

describe('the auditor role reads and exports but changes nothing (issue 10 role test)', () => {
  it('issue 10: every route an auditor may call is a read, or the request of an export', () => {
    const forAuditor = adminRoutes(app)
      .filter((r) => r.roles?.includes('auditor'))
      .map((r) => `${r.method} ${r.url}`);
    expect(forAuditor).toEqual(
      expect.arrayContaining([
        'GET /v1/registers/:register/export',
        'POST /v1/exports',
        'GET /v1/exports/:exportId/file',
        'GET /v1/reports/ggr',
        'GET /v1/ledger/trial-balance',
      ]),
    );
    // Ending one's own session (issue 21's console) changes no record of the business.
    const ownSession = 'POST /v1/staff/logout';
    expect(forAuditor.filter((r) => !r.startsWith('GET ') && r !== 'POST /v1/exports' && r !== ownSession)).toEqual([]);
  });

  it('issue 10: an auditor gets 403 on every route that changes something', async () => {
    const writes = adminRoutes(app).filter(
      (r) => r.method !== 'GET' && r.roles !== null && r.url !== '/v1/exports' && r.url !== '/v1/staff/logout',
    );
    expect(writes.length).toBeGreaterThan(10);
    for (const route of writes) {
      const response = await app.inject({
        method: route.method as 'POST',
        url: route.url.replace(/:[A-Za-z]+/g, () => newId()),
        headers: bearer(auditor),
        payload: {},
      });
      expect(`${route.method} ${route.url}: ${response.statusCode}`).toBe(`${route.method} ${route.url}: 403`);
    }
  });
});
