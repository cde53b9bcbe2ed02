import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Money, type CurrencyCode } from '@casino/core';
import { waitFor } from '@casino/core/testing';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import { sealBlocks, trialBalance } from '@casino/ledger';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { czechReportingRules } from '../rules.ts';
import { czk, move, openChart, playerWithWallet, readAll, testReportingContext, type Chart } from '../test-support.ts';
import { expireExports } from './expire-exports.ts';
import { downloadExport, findExport, readExportManifest } from './read-export.ts';
import { requestExport } from './request-export.ts';
import { runExportJob } from './run-export-job.ts';
import { startDirectExport } from './start-direct-export.ts';
import { verifyExportFile } from './verify-export.ts';
import type { ExportManifest } from './manifest.ts';

let testDb: TestDatabase;
let chart: Chart;
let ctx: ReturnType<typeof testReportingContext>;
let alice: { playerId: string; wallet: never };
const from = new Date('2026-11-01T00:00:00+01:00');
const to = new Date('2026-12-01T00:00:00+01:00');
let workDir: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  ctx = testReportingContext(testDb.db);
  chart = await openChart(testDb.db);
  workDir = await mkdtemp(path.join(tmpdir(), 'exports-test-'));
  const a = await playerWithWallet(testDb.db, { firstName: 'Žofie "Žofka"', surname: 'Nováková, Dvořáková' });
  const b = await playerWithWallet(testDb.db, { firstName: 'Jiří', surname: 'Černý' });
  alice = a as never;
  // Before the period: deposits. In it: deposits, stakes, wins, a withdrawal to the bank. After it: more play.
  await move(testDb.db, 'DEPOSIT', chart.psp, a.wallet, czk('1000.00'), new Date('2026-10-20T10:00:00Z'));
  await move(testDb.db, 'DEPOSIT', chart.psp, b.wallet, czk('500.00'), new Date('2026-10-31T22:59:59.999Z'));
  await move(testDb.db, 'DEPOSIT', chart.psp, a.wallet, czk('250.50'), new Date('2026-10-31T23:00:00Z')); // 1 Nov 00:00 in Prague
  await move(testDb.db, 'STAKE', a.wallet, chart.roulette, czk('100.00'), new Date('2026-11-05T18:00:00Z'), {
    note: 'red, "odd", 1-18',
  });
  await move(testDb.db, 'WIN', chart.roulette, a.wallet, czk('200.00'), new Date('2026-11-05T18:00:01Z'));
  await move(testDb.db, 'STAKE', b.wallet, chart.blackjack, czk('50.25'), new Date('2026-11-12T09:30:00Z'));
  await move(testDb.db, 'ADJUSTMENT', chart.psp, chart.bank, czk('700.00'), new Date('2026-11-30T22:59:59.999Z'));
  await move(testDb.db, 'STAKE', a.wallet, chart.roulette, czk('10.00'), new Date('2026-11-30T23:00:00Z')); // 1 Dec in Prague
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
  await testDb?.drop();
});

const ledgerFilters = { from: from.toISOString(), to: to.toISOString() };

async function directCsv(registerName: string, filters: object, format: 'csv' | 'jsonl' = 'csv') {
  const started = await startDirectExport(ctx, { registerName, format, filters, requestedBy: 'test-auditor' });
  const bytes = await readAll(started.body);
  // The manifest is stored just after the last byte.
  await waitFor(async () => (await findExport(ctx, started.exportId)).status === 'READY', {
    what: `export ${started.exportId} READY`,
  });
  return { started, bytes, manifest: await readExportManifest(ctx, started.exportId) };
}

type Row = Record<string, string>;

describe('ledger-transactions export (002:REC-01, REC-03; 004:DAT-05)', () => {
  it('002:REC-01 an export of a seeded period matches the ledger totals to the unit', async () => {
    const { bytes, manifest } = await directCsv('ledger-transactions', ledgerFilters);
    const rows: Row[] = parse(bytes, { columns: true, bom: false, strict: true } as never);
    expect(rows).toHaveLength(10); // five transactions of two postings in [from, to)
    expect(manifest.rowCount).toBe(10);

    // Per account type: what the ledger says moved in the period, from its own trial balance.
    const before = await trialBalance(testDb.db, 'CZK', { asOf: new Date(from.getTime() - 1) });
    const after = await trialBalance(testDb.db, 'CZK', { asOf: new Date(to.getTime() - 1) });
    const moved = (type: string, side: 'debits' | 'credits') =>
      (after.lines.find((l) => l.type === type)?.[side].toMinor() ?? 0n) -
      (before.lines.find((l) => l.type === type)?.[side].toMinor() ?? 0n);
    for (const type of ['ASSET', 'LIABILITY', 'REVENUE']) {
      const ofType = rows.filter((r) => r.account_type === type).map((r) => BigInt(r.amount_minor!));
      expect(ofType.filter((a) => a > 0n).reduce((s, a) => s + a, 0n)).toBe(moved(type, 'debits'));
      expect(-ofType.filter((a) => a < 0n).reduce((s, a) => s + a, 0n)).toBe(moved(type, 'credits'));
    }
    expect(manifest.totals).toEqual([{ currency: 'CZK', rowCount: 10, debitMinor: '130075', creditMinor: '130075' }]);

    // Every transaction in the file balances; decimal amounts are the minor units exactly.
    const perTransaction = new Map<string, bigint>();
    for (const row of rows) {
      perTransaction.set(row.transaction_id!, (perTransaction.get(row.transaction_id!) ?? 0n) + BigInt(row.amount_minor!));
      expect(row.amount).toBe(Money.fromMinor(BigInt(row.amount_minor!), row.currency as CurrencyCode).toDecimalString());
    }
    expect([...perTransaction.values()].every((sum) => sum === 0n)).toBe(true);
    expect(rows[0]).toMatchObject({
      kind: 'DEPOSIT',
      prague_date: '2026-11-01',
      amount: '250.50',
      effective_at: '2026-10-31T23:00:00.000Z',
    });
    expect(rows.find((r) => r.kind === 'STAKE' && r.side === 'CREDIT')?.metadata).toBe('{"note": "red, \\"odd\\", 1-18"}');
  });

  it('issue 10: filters choose whole transactions: a player, a kind, a game', async () => {
    const forAlice = parse((await directCsv('ledger-transactions', { ...ledgerFilters, playerId: alice.playerId })).bytes, {
      columns: true,
    }) as Row[];
    expect(new Set(forAlice.map((r) => r.kind))).toEqual(new Set(['DEPOSIT', 'STAKE', 'WIN']));
    expect(forAlice).toHaveLength(6);
    const stakes = parse((await directCsv('ledger-transactions', { ...ledgerFilters, kind: 'STAKE' })).bytes, {
      columns: true,
    }) as Row[];
    expect(stakes.map((r) => r.amount)).toEqual(['100.00', '-100.00', '50.25', '-50.25']);
    const blackjack = parse((await directCsv('ledger-transactions', { ...ledgerFilters, game: 'blackjack' })).bytes, {
      columns: true,
    }) as Row[];
    expect(blackjack.map((r) => r.account_code)).toEqual([
      expect.stringMatching(/^player:/),
      'operator:game-revenue:blackjack:CZK',
    ]);
  });

  it('issue 10: JSON Lines carry the same rows as the CSV, one object per line', async () => {
    const csvRows = parse((await directCsv('ledger-transactions', ledgerFilters)).bytes, { columns: true }) as Row[];
    const { bytes, manifest } = await directCsv('ledger-transactions', ledgerFilters, 'jsonl');
    const lines = bytes.toString('utf8').split('\n');
    expect(lines.pop()).toBe('');
    expect(
      lines.map((l) => JSON.parse(l)).map((o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, v ?? '']))),
    ).toEqual(csvRows);
    expect(manifest.mediaType).toBe('application/jsonl; charset=utf-8');
  });

  it('issue 10: a direct export over the row limit is refused before any byte, with the way to a background export', async () => {
    const small = testReportingContext(testDb.db, ctx.clock, {
      ...czechReportingRules,
      exports: { ...czechReportingRules.exports, directRowsMax: 3 },
    });
    await expect(
      startDirectExport(small, { registerName: 'ledger-transactions', format: 'csv', filters: ledgerFilters, requestedBy: 'x' }),
    ).rejects.toMatchObject({ code: 'export-too-large', extensions: { rowsTotal: 10, directRowsMax: 3 } });
    await expect(
      startDirectExport(ctx, {
        registerName: 'ledger-transactions',
        format: 'csv',
        filters: { from: to.toISOString(), to: from.toISOString() },
        requestedBy: 'x',
      }),
    ).rejects.toMatchObject({ code: 'validation-failed', field: 'filters.to' });
  });
});

describe('CSV dialect (RFC 4180)', () => {
  it('issue 10: the CSV parses with a standard parser: quotes, commas and diacritics in names; CRLF record ends; UTF-8', async () => {
    const { bytes } = await directCsv('players', { playerId: alice.playerId });
    const text = bytes.toString('utf8');
    expect(text).toContain('"Žofie ""Žofka""","Nováková, Dvořáková"');
    expect(text.split('\r\n')).toHaveLength(3); // header, one row, and the empty rest after the last CRLF
    const rows = parse(bytes, { columns: true, strict: true } as never) as Row[];
    expect(rows).toEqual([
      expect.objectContaining({
        player_id: alice.playerId,
        first_name: 'Žofie "Žofka"',
        surname: 'Nováková, Dvořáková',
        residence_street: 'Václavské náměstí 1',
        date_of_birth: '1990-05-05',
      }),
    ]);
  });

  it('issue 10: a line break inside a field stays inside its quoted field', async () => {
    await testDb.db.player.update({ where: { id: alice.playerId }, data: { placeOfBirth: 'Brno\nStaré Brno' } });
    const { bytes, manifest } = await directCsv('players', { playerId: alice.playerId });
    expect(manifest.rowCount).toBe(1);
    expect((parse(bytes, { columns: true }) as Row[])[0]?.place_of_birth).toBe('Brno\nStaré Brno');
    await testDb.db.player.update({ where: { id: alice.playerId }, data: { placeOfBirth: 'Brno' } });
  });
});

describe('a reader that goes away', () => {
  it('issue 10: a direct export whose reader disconnects mid-stream is FAILED and frees its connection and slot', async () => {
    // 40,000 postings in January 2025, far more than the stream's buffers hold.
    await testDb.db.$executeRaw`INSERT INTO ledger_transaction (id, idempotency_key, request_hash, kind, metadata, effective_at)
      SELECT gen_random_uuid(), 'bulk:' || g, repeat('0', 64), 'ADJUSTMENT', '{}', timestamptz '2025-01-01T00:00:00Z' + g * interval '1 second' FROM generate_series(1, 20000) g`;
    await testDb.db
      .$executeRaw`INSERT INTO ledger_posting (transaction_id, account_id, shard_no, currency, amount_minor, effective_at)
      SELECT t.id, a.id, 0, 'CZK', a.sign * 100, t.effective_at FROM ledger_transaction t
      CROSS JOIN (VALUES (${chart.bank}::uuid, 1), (${chart.fees}::uuid, -1)) a(id, sign) WHERE t.idempotency_key LIKE 'bulk:%'`;
    const january = { from: '2025-01-01T00:00:00Z', to: '2025-02-01T00:00:00Z' };
    for (let i = 0; i < czechReportingRules.exports.concurrentMax + 1; i++) {
      const started = await startDirectExport(ctx, {
        registerName: 'ledger-transactions',
        format: 'csv',
        filters: january,
        requestedBy: 'leaver',
      });
      for await (const chunk of started.body) {
        void chunk;
        break;
      } // read one chunk, then hang up
      await waitFor(async () => (await findExport(ctx, started.exportId)).status === 'FAILED', {
        what: `abandoned export ${started.exportId} FAILED`,
      });
    }
    // Every slot came back: a complete export still runs.
    const { manifest } = await directCsv('ledger-transactions', january);
    expect(manifest.rowCount).toBe(40_000);
  });
});

describe('audit-log export', () => {
  it('issue 10: filters are data, never SQL: a quote or a backslash in a filter matches nothing rather than everything', async () => {
    const { appendAuditEntry, systemActor } = await import('@casino/compliance');
    const { transaction } = await import('@casino/db');
    await transaction(testDb.db, (tx) =>
      appendAuditEntry(tx, systemActor('test'), new Date('2026-11-20T10:00:00Z'), {
        action: 'test.action',
        subjectType: 'player',
        subjectId: "O'Brien\\x",
        reason: 'a "quoted", reason',
      }),
    );
    const all = parse((await directCsv('audit-log', {})).bytes, { columns: true }) as Row[];
    expect(all.length).toBeGreaterThanOrEqual(1);
    expect(parse((await directCsv('audit-log', { actorId: "x' OR '1'='1" })).bytes, { columns: true }) as Row[]).toEqual([]);
    const exact = parse((await directCsv('audit-log', { subjectId: "O'Brien\\x" })).bytes, { columns: true }) as Row[];
    expect(exact.map((r) => [r.subject_id, r.reason])).toEqual([["O'Brien\\x", 'a "quoted", reason']]);
  });
});

describe('background exports', () => {
  it("issue 10: a job writes the file and its manifest with progress; the download is the manifest's bytes; it expires", async () => {
    const { exportId } = await requestExport(ctx, {
      registerName: 'ledger-transactions',
      format: 'csv',
      filters: ledgerFilters,
      requestedBy: 'test-auditor',
    });
    expect(await testDb.db.outboxMessage.count({ where: { topic: 'reporting.export-requested' } })).toBe(1);
    expect((await findExport(ctx, exportId)).status).toBe('QUEUED');
    await expect(downloadExport(ctx, exportId)).rejects.toMatchObject({ code: 'export-not-ready' });

    expect(await runExportJob(ctx, exportId)).toBe('ready');
    expect(await runExportJob(ctx, exportId)).toBe('skipped'); // a redelivered message does nothing
    const view = await findExport(ctx, exportId);
    expect(view).toMatchObject({ status: 'READY', rowsTotal: 10, rowsWritten: 10, progressPercent: 100 });
    const download = await downloadExport(ctx, exportId);
    const bytes = await readAll(download.body);
    const manifest = await readExportManifest(ctx, exportId);
    expect(bytes.length).toBe(manifest.byteCount);
    expect((parse(bytes, { columns: true }) as Row[]).length).toBe(10);

    ctx.clock.advanceMs(czechReportingRules.exports.ttlHours * 3_600_000);
    expect(await expireExports(ctx)).toBeGreaterThanOrEqual(1);
    expect(await testDb.db.exportChunk.count({ where: { exportId } })).toBe(0);
    await expect(downloadExport(ctx, exportId)).rejects.toMatchObject({ code: 'export-expired', status: 410 });
    ctx.clock.set(new Date('2026-11-24T12:00:00Z'));
  });
});

describe('integrity: block coverage and verification', () => {
  async function writeExport(bytes: Buffer, manifest: ExportManifest, name: string) {
    const file = path.join(workDir, name);
    await writeFile(file, bytes);
    await writeFile(`${file}.manifest.json`, JSON.stringify(manifest));
    return file;
  }

  it("issue 10: the manifest names the sealed block range and the last block's hash; a sound file verifies", async () => {
    // Other test files' open transactions hold the sealing horizon back: seal until all are in.
    await waitFor(
      async () => {
        await sealBlocks(testDb.db, { transactionsPerBlockMax: 3, blocksMax: 100 });
        const [sealed] = await testDb.db.$queryRaw<
          [{ n: bigint }]
        >`SELECT COALESCE(sum(transaction_count), 0)::bigint AS n FROM ledger_block`;
        return Number(sealed.n) >= (await testDb.db.ledgerTransaction.count());
      },
      { what: 'every ledger transaction sealed' },
    );
    const { bytes, manifest } = await directCsv('ledger-transactions', ledgerFilters);
    const blocks = await testDb.db.ledgerBlock.findMany({ orderBy: { blockNo: 'asc' } });
    expect(manifest.coverage).toMatchObject({
      kind: 'ledger-blocks',
      transactionCount: 5,
      sealedTransactionCount: 5,
      unsealedTransactionCount: 0,
    });
    const coverage = manifest.coverage as { lastBlockNo: string; lastBlockHash: string; firstBlockNo: string };
    expect(blocks.find((b) => b.blockNo.toString() === coverage.lastBlockNo)?.blockHash).toBe(coverage.lastBlockHash);
    expect(Number(coverage.firstBlockNo)).toBeLessThanOrEqual(Number(coverage.lastBlockNo));
    const file = await writeExport(bytes, manifest, 'sound.csv');
    const result = await verifyExportFile(testDb.db, czechReportingRules, file, manifest);
    expect(result.checks.filter((c) => !c.ok)).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it('issue 10: verification still passes after new postings land in the period: the file is reproduced from its snapshot', async () => {
    const { bytes, manifest } = await directCsv('ledger-transactions', ledgerFilters);
    await move(testDb.db, 'STAKE', alice.wallet, chart.roulette, czk('1.00'), new Date('2026-11-15T12:00:00Z'));
    const result = await verifyExportFile(
      testDb.db,
      czechReportingRules,
      await writeExport(bytes, manifest, 'later.csv'),
      manifest,
    );
    expect(result.ok).toBe(true);
  });

  it('issue 10: a tampered export fails verification: an edited amount, and an edited amount with a forged manifest hash', async () => {
    const { bytes, manifest } = await directCsv('ledger-transactions', ledgerFilters);
    const tampered = Buffer.from(bytes.toString('utf8').replace(',100.00,10000,', ',10.00,1000,'), 'utf8');
    expect(tampered.equals(bytes)).toBe(false);
    const edited = await verifyExportFile(
      testDb.db,
      czechReportingRules,
      await writeExport(tampered, manifest, 'edited.csv'),
      manifest,
    );
    expect(edited.ok).toBe(false);
    expect(edited.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(['file-hash', 'file-size', 'reproduced']);

    const { createHash } = await import('node:crypto');
    const forged = { ...manifest, sha256: createHash('sha256').update(tampered).digest('hex') };
    const both = await verifyExportFile(
      testDb.db,
      czechReportingRules,
      await writeExport(tampered, forged, 'forged.csv'),
      forged,
    );
    expect(both.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(['file-size', 'recorded', 'reproduced']);
    expect(JSON.parse(await readFile(path.join(workDir, 'forged.csv.manifest.json'), 'utf8')).sha256).toBe(forged.sha256);
  });
});
