import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ManualClock, Money, newId } from '@casino/core';
import { waitFor } from '@casino/core/testing';
import { transaction } from '@casino/db';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import * as ledger from '@casino/ledger';
import { czechReportingRules, findExport, readExportManifest, startDirectExport } from '@casino/reporting';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** `npm run verify:export -- <file>` as an auditor runs it: a sound file passes, a tampered one fails (issue 10). */
const root = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);
let testDb: TestDatabase;
let workDir: string;
let file: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  workDir = await mkdtemp(path.join(tmpdir(), 'verify-export-'));
  const db = testDb.db;
  await ledger.openOperatorAccounts(db, ['CZK'], 2);
  const bank = (await ledger.findAccountByCode(db, ledger.operatorAccountCode('bank', 'CZK')))!.id;
  const wallet = (await ledger.openAccount(db, ledger.playerWalletSpec(newId(), 'cash', 'CZK'))).id;
  for (const amount of ['10.00', '20.50', '3.05']) {
    await transaction(db, (tx) =>
      ledger.transfer(
        tx,
        {
          idempotencyKey: newId(),
          kind: 'DEPOSIT',
          debitAccountId: bank,
          creditAccountId: wallet,
          amount: Money.of(amount, 'CZK'),
          effectiveAt: new Date('2026-11-10T10:00:00Z'),
        },
        new Date(),
      ),
    );
  }
  const ctx = { db, clock: new ManualClock(new Date('2026-11-24T09:00:00Z')), rules: czechReportingRules };
  const started = await startDirectExport(ctx, {
    registerName: 'ledger-transactions',
    format: 'csv',
    filters: { from: '2026-11-01T00:00:00Z', to: '2026-12-01T00:00:00Z' },
    requestedBy: 'test',
  });
  const parts: Buffer[] = [];
  for await (const chunk of started.body) parts.push(chunk as Buffer);
  await waitFor(async () => (await findExport(ctx, started.exportId)).status === 'READY', { what: 'the export READY' });
  file = path.join(workDir, 'ledger.csv');
  await writeFile(file, Buffer.concat(parts));
  await writeFile(`${file}.manifest.json`, JSON.stringify(await readExportManifest(ctx, started.exportId)));
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
  await testDb?.drop();
});

function verify(target: string) {
  return run(path.join(root, 'node_modules', '.bin', 'tsx'), [path.join(root, 'scripts', 'verify-export.ts'), target], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: testDb.url },
  }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );
}

describe('npm run verify:export', () => {
  it('issue 10: verify:export passes a sound export and its manifest', async () => {
    const result = await verify(file);
    expect(result.stdout).toContain('verify:export ok');
    expect(result.code).toBe(0);
  });

  it('issue 10: verify:export fails a tampered export, naming the checks that failed', async () => {
    const tampered = path.join(workDir, 'tampered.csv');
    await writeFile(tampered, (await readFile(file, 'utf8')).replace(',20.50,2050,', ',25.50,2550,'));
    await writeFile(`${tampered}.manifest.json`, await readFile(`${file}.manifest.json`));
    const result = await verify(tampered);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/FAIL file-hash/);
    expect(result.stdout).toMatch(/FAIL reproduced/);
    expect(result.stdout).toContain('verify:export FAILED');
  });
});
