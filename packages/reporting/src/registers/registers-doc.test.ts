import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { registers } from './index.ts';

const docPath = path.resolve(import.meta.dirname, '..', '..', '..', '..', 'docs', 'exports.md');

describe('docs/exports.md', () => {
  it("issue 10: documents every column of every register in the register's own section", async () => {
    const doc = await readFile(docPath, 'utf8');
    const missing: string[] = [];
    for (const register of registers.values()) {
      const section = doc.split(`### \`${register.name}\``)[1]?.split('\n### ')[0] ?? '';
      for (const column of register.columns)
        if (!section.includes(`\`${column.name}\``)) missing.push(`${register.name}.${column.name}`);
    }
    expect(missing).toEqual([]);
  });
});
