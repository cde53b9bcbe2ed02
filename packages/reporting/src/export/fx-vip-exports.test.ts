/**
 * Issue 26: the auditors' exports gain currency conversions and VIP-point movements. Goal: a conversion's
 * row carries both amounts, the fee, the rate with its source and time and its one ledger transaction,
 * the file is reproduced from its snapshot; a points movement's row carries the commission and its USD
 * value; each filter narrows the file.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ManualClock, Money, newId } from '@casino/core';
import { waitFor } from '@casino/core/testing';
import { transaction } from '@casino/db';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import { conversionTerms, postConversion, recordRates, type FxContext, type FxRules } from '@casino/fx';
import { openAccount, playerWalletSpec } from '@casino/ledger';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { czechReportingRules } from '../rules.ts';
import { openChart, playerWithWallet, readAll, testReportingContext, type Chart } from '../test-support.ts';
import { findExport, readExportManifest } from './read-export.ts';
import { startDirectExport } from './start-direct-export.ts';
import { verifyExportFile } from './verify-export.ts';

const rules: FxRules = {
  walletCurrencies: ['USD', 'EUR', 'CAD', 'GBP'],
  gameCurrencies: ['USD', 'EUR', 'GBP'],
  source: { name: 'xe', base: 'EUR', currencies: ['EUR', 'CZK', 'USD', 'CAD', 'GBP'] },
  refreshIntervalSeconds: 60,
  changeIntervalHoursMin: 0,
  staleAfterSeconds: 180,
  quoteValiditySeconds: 60,
  feeBps: { deposit: { EUR: 150n }, withdrawal: { EUR: 150n } },
};

let testDb: TestDatabase;
let chart: Chart;
let ctx: ReturnType<typeof testReportingContext>;
let playerId: string;
let conversionTransactionId: string;
let workDir: string;
const at = new Date('2026-11-10T10:00:00Z');
const period = { from: '2026-11-01T00:00:00+01:00', to: '2026-12-01T00:00:00+01:00' };

beforeAll(async () => {
  testDb = await createTestDatabase();
  ctx = testReportingContext(testDb.db);
  chart = await openChart(testDb.db);
  workDir = await mkdtemp(path.join(tmpdir(), 'fx-vip-exports-'));
  ({ playerId } = await playerWithWallet(testDb.db));
  const eurWallet = (await openAccount(testDb.db, playerWalletSpec(playerId, 'cash', 'EUR'))).id;
  const fx: FxContext = { db: testDb.db, clock: new ManualClock(at), rules, accountCurrency: 'CZK' };
  const published = {
    source: 'sandbox-xe',
    base: 'EUR' as const,
    unitsPerBase: { CZK: '25.000', USD: '1.08', CAD: '1.47', GBP: '0.85' },
    publishedAt: at,
  };
  const { set } = await recordRates(fx, published);
  // 002:T-WAL-01: CZK 2,500 paid by the provider, EUR 100.00 less the 1.5 % fee credited.
  const terms = conversionTerms(rules, set, {
    purpose: 'deposit',
    debitCurrency: 'CZK',
    creditCurrency: 'EUR',
    amount: Money.of('2500.00', 'CZK'),
  });
  const posted = await transaction(testDb.db, (tx) =>
    postConversion(
      tx,
      {
        idempotencyKey: newId(),
        kind: 'DEPOSIT',
        terms,
        debitAccountId: chart.psp,
        creditAccountId: eurWallet,
        playerId,
        reference: 'deposit:test',
      },
      at,
    ),
  );
  conversionTransactionId = posted.transactionId;
  const entry = (kind: string, amountCenti: bigint, extra: object) =>
    testDb.db.vipPointEntry.create({
      data: {
        id: newId(),
        playerId,
        unit: 'VIP_POINT',
        amountCenti,
        kind,
        reference: `${kind}:${newId()}`,
        createdAt: at,
        ...extra,
      },
    });
  // 002:T-VIP-01: rake of EUR 1.00 at 1.10 USD/EUR earns 6.05 points; then 1.00 point exchanged.
  await entry('EARN', 6_05n, { commissionMinor: 100n, commissionCurrency: 'EUR', commissionUsdMinor: 110n, usdRate: '1.1' });
  await entry('EXCHANGE', -1_00n, {});
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
  await testDb?.drop();
});

async function exportCsv(registerName: string, filters: object) {
  const started = await startDirectExport(ctx, { registerName, format: 'csv', filters, requestedBy: 'test-auditor' });
  const bytes = await readAll(started.body);
  await waitFor(async () => (await findExport(ctx, started.exportId)).status === 'READY', { what: `export ${started.exportId}` });
  const rows: Array<Record<string, string>> = parse(bytes, { columns: true, strict: true } as never);
  return { bytes, rows, manifest: await readExportManifest(ctx, started.exportId) };
}

describe('fx-conversions and vip-points exports (issue 26)', () => {
  it('002:WAL-10, 004:AMB-18 a conversion is exported with both amounts, the fee, the rate with its source and time, and its ledger transaction; the file verifies from its snapshot', async () => {
    const { bytes, rows, manifest } = await exportCsv('fx-conversions', period);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      ledger_transaction_id: conversionTransactionId,
      purpose: 'deposit',
      kind: 'DEPOSIT',
      player_id: playerId,
      reference: 'deposit:test',
      debit_currency: 'CZK',
      debit_amount: '2500.00',
      debit_minor: '250000',
      credit_currency: 'EUR',
      credit_amount: '98.50',
      fee_currency: 'EUR',
      fee_amount: '1.50',
      rate_source: 'sandbox-xe',
      rate_published_at: at.toISOString(),
      at: at.toISOString(),
    });
    expect(rows[0]!.rate).toBe('0.040000000000');
    expect(manifest.coverage).toMatchObject({ kind: 'ledger-blocks', transactionCount: 1 });
    const file = path.join(workDir, 'fx.csv');
    await writeFile(file, bytes);
    await writeFile(`${file}.manifest.json`, JSON.stringify(manifest));
    expect((await verifyExportFile(testDb.db, czechReportingRules, file, manifest)).ok).toBe(true);

    expect((await exportCsv('fx-conversions', { ...period, purpose: 'withdrawal' })).rows).toHaveLength(0);
    expect((await exportCsv('fx-conversions', { ...period, currency: 'EUR' })).rows).toHaveLength(1);
    expect((await exportCsv('fx-conversions', { ...period, currency: 'GBP' })).rows).toHaveLength(0);
  });

  it('002:VIP-01, VIP-04, T-VIP-01 VIP-point movements are exported with the commission and its USD value at the rate used; the movement filter narrows them', async () => {
    const { rows } = await exportCsv('vip-points', { ...period, playerId });
    expect(rows.map((r) => [r.kind, r.amount])).toEqual([
      ['EARN', '6.05'],
      ['EXCHANGE', '-1.00'],
    ]);
    expect(rows[0]).toMatchObject({
      commission_currency: 'EUR',
      commission_amount: '1.00',
      commission_usd: '1.10',
      unit: 'VIP_POINT',
    });
    expect(rows[1]).toMatchObject({ commission_amount: '', commission_usd: '' });
    expect((await exportCsv('vip-points', { ...period, movement: 'EXCHANGE' })).rows).toHaveLength(1);
  });

  it('issue 10: bad filters are refused naming the field', async () => {
    await expect(
      startDirectExport(ctx, {
        registerName: 'fx-conversions',
        format: 'csv',
        filters: { from: period.to, to: period.from },
        requestedBy: 't',
      }),
    ).rejects.toMatchObject({ code: 'validation-failed', field: 'filters.to' });
  });
});
