import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 15 (b): the ledger's tables belong to packages/ledger. Other packages and the apps ask it for
 * what they need (a balance locked, a transaction with its lines, a player's movements); only
 * packages/reporting reads the tables directly, as its read model. Tests may look at the tables to
 * check what happened, so test files are not scanned.
 */
const root = path.resolve(import.meta.dirname, '..');
const tableOwners = ['packages/ledger', 'packages/reporting'];
const scannedRoots = ['apps', 'packages'];
const sourceExtensions = ['.ts', '.mts', '.js', '.mjs'];

function isTestFile(file: string): boolean {
  return /\.test\.[mc]?[jt]s$/.test(file);
}

async function sourceFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    const full = path.join(directory, entry.name);
    // The generated Prisma client names every table; it is the database package's, not a caller.
    if (entry.isDirectory() && !['node_modules', 'generated', 'dist'].includes(entry.name))
      files.push(...(await sourceFiles(full)));
    else if (entry.isFile() && sourceExtensions.some((ext) => entry.name.endsWith(ext)) && !isTestFile(entry.name))
      files.push(full);
  }
  return files;
}

/** The ledger's tables as the schema maps them: the SQL name and the Prisma client's delegate name of each. */
async function ledgerTables(): Promise<Array<{ sql: string; prisma: string }>> {
  const schema = await readFile(path.join(root, 'prisma', 'schema.prisma'), 'utf8');
  // Each model runs from `model X {` to the `}` that starts a line.
  const models = [...schema.matchAll(/^model (\w+) \{\n(.*?)^\}/gms)];
  return models.flatMap((m) => {
    const table = /@@map\("(ledger_\w+)"\)/.exec(m[2]!)?.[1];
    return table ? [{ prisma: m[1]!.charAt(0).toLowerCase() + m[1]!.slice(1), sql: table }] : [];
  });
}

describe('package boundaries (issue 15)', () => {
  it('issue 15: no package or app outside packages/ledger and packages/reporting names a ledger table in SQL or a Prisma call', async () => {
    const tables = await ledgerTables();
    expect(tables.map((t) => t.sql).sort()).toEqual([
      'ledger_account',
      'ledger_account_shard',
      'ledger_block',
      'ledger_hold',
      'ledger_posting',
      'ledger_transaction',
    ]);
    // `ledger_transaction` but not the column `ledger_transaction_id`; `.ledgerHold` but not the field `.ledgerHoldId`.
    const patterns = tables.flatMap((t) => [
      new RegExp(`\\b${t.sql}\\b`),
      new RegExp(`\\.${t.prisma}\\b`),
      new RegExp(`\\[['"\`]${t.prisma}['"\`]\\]`),
    ]);
    const offenders: string[] = [];
    for (const scanned of scannedRoots) {
      for (const file of await sourceFiles(path.join(root, scanned))) {
        const relative = path.relative(root, file).split(path.sep).join('/');
        if (tableOwners.some((owner) => relative.startsWith(`${owner}/`))) continue;
        const lines = (await readFile(file, 'utf8')).split('\n');
        lines.forEach((line, index) => {
          if (patterns.some((pattern) => pattern.test(line)))
            offenders.push(`${relative}:${index + 1}: ${line.trim().slice(0, 120)}`);
        });
      }
    }
    expect(offenders, 'ask packages/ledger for an operation instead (its index.ts)').toEqual([]);
  });
});
