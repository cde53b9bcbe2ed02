import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { transactionKinds } from '@casino/ledger';
import { ledgerTransactionKinds } from '@casino/reporting';
import { describe, expect, it } from 'vitest';

/**
 * Issue 15: a shape that several packages exchange is defined once, in the lowest package they share,
 * and imported; a second copy drifts the day one of them changes. These tests find copies in source.
 */
const root = path.resolve(import.meta.dirname, '..');

async function sourceFiles(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const top of ['packages', 'apps']) {
    for (const entry of await readdir(path.join(root, top), { recursive: true, withFileTypes: true })) {
      const file = path.join(entry.parentPath, entry.name);
      if (
        !entry.isFile() ||
        !file.endsWith('.ts') ||
        file.includes(`${path.sep}generated${path.sep}`) ||
        file.includes('node_modules')
      )
        continue;
      files.set(path.relative(root, file), await readFile(file, 'utf8'));
    }
  }
  return files;
}

function declaring(files: Map<string, string>, pattern: RegExp): string[] {
  return [...files]
    .filter(([, text]) => pattern.test(text))
    .map(([file]) => file)
    .sort();
}

describe('issue 15: one definition of each shared type', () => {
  it('issue 15: RegisterPerson is declared once (packages/core), not per package', async () => {
    const files = await sourceFiles();
    expect(declaring(files, /^\s*export\s+(interface|type)\s+RegisterPerson\b/m)).toEqual([
      'packages/core/src/register-person.ts',
    ]);
  });

  it('issue 15: TransactionKind and its list of kinds are declared once (packages/ledger)', async () => {
    const files = await sourceFiles();
    expect(declaring(files, /^\s*export\s+(interface|type)\s+TransactionKind\b/m)).toEqual(['packages/ledger/src/post.ts']);
    // A second literal list of the kinds is a second definition, whatever it is called.
    expect(declaring(files, /'HOLD_SETTLE',\s*'HOLD_RELEASE'/)).toEqual(['packages/ledger/src/post.ts']);
    expect(ledgerTransactionKinds).toBe(transactionKinds);
  });

  it("issue 15: the ledger's transaction kinds are exactly the database enum LedgerTransactionKind", async () => {
    const schema = await readFile(path.join(root, 'prisma', 'schema.prisma'), 'utf8');
    const body = /^enum LedgerTransactionKind \{([\s\S]*?)^\}/m.exec(schema)?.[1] ?? '';
    const values = body
      .split('\n')
      .map((line) => line.replace(/\/\/.*/, '').trim())
      .filter(Boolean);
    expect(values.length).toBeGreaterThan(0);
    expect([...transactionKinds].sort()).toEqual(values.sort());
  });
});
