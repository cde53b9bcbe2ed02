import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { errorCatalog } from '@casino/core';
import { describe, expect, it } from 'vitest';

const docPath = path.resolve(import.meta.dirname, '..', 'docs', 'errors.md');

describe('error catalog documentation', () => {
  it('docs/errors.md lists exactly the codes, statuses and titles of the catalog in packages/core', async () => {
    const doc = await readFile(docPath, 'utf8');
    const table = doc.split('<!-- catalog:start -->')[1]?.split('<!-- catalog:end -->')[0] ?? '';
    const documented = [...table.matchAll(/^\| `([a-z-]+)` \| (\d{3}) \| (.+?) \|$/gm)].map(([, code, status, title]) => [
      code,
      Number(status),
      title,
    ]);
    const actual = Object.entries(errorCatalog).map(([code, entry]) => [code, entry.status, entry.title]);
    expect(documented).toEqual(actual);
  });
});
