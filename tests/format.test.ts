/**
 * Issue 15 (no formatter): every file Prettier understands is formatted as `.prettierrc` says (130
 * columns), except what `.prettierignore` leaves to hand (docs, generated code, migrations, the
 * lockfile). `npm run format` formats; `npm run format:check` lists what is not.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const ignorePath = path.join(root, '.prettierignore');

/** Every file under the root but .git and node_modules (Prettier's own ignore file decides the rest). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === '.git' || entry.name === 'node_modules') return [];
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : entry.isFile() ? [full] : [];
  });
}

describe('issue 15: one format', () => {
  it('issue 15: every source, config and manifest file is formatted by Prettier (printWidth 130); run `npm run format` to fix', async () => {
    const unformatted: string[] = [];
    for (const file of filesUnder(root)) {
      const info = await prettier.getFileInfo(file, { ignorePath });
      if (info.ignored || !info.inferredParser) continue;
      const options = await prettier.resolveConfig(file);
      if (!(await prettier.check(readFileSync(file, 'utf8'), { ...options, filepath: file })))
        unformatted.push(path.relative(root, file));
    }
    expect(unformatted).toEqual([]);
  }, 300_000);
});
