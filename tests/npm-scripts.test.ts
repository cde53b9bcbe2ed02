/**
 * Issue 14 (newcomer frictions): `npm run bench:*` crashed on a fresh clone until the Prisma client
 * was generated. Every npm script that runs a TypeScript file goes through scripts/bootstrap.mjs
 * (`run`), which installs and generates first, as `npm start` and `npm test` do.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const scripts = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
  .scripts;

describe('npm scripts on a fresh clone', () => {
  it('issue 14 (newcomer frictions): every bench:*, verify:*, sim:* and docs script runs through the bootstrap (install, Prisma generate), none calls tsx directly', () => {
    const typescriptScripts = Object.entries(scripts).filter(([, command]) => /(^|\s)scripts\/\S+\.ts\b/.test(command));
    expect(typescriptScripts.map(([name]) => name)).toEqual(
      expect.arrayContaining(['bench:ledger', 'bench:games', 'bench:webhooks', 'bench:cashier', 'verify:export']),
    );
    for (const [name, command] of typescriptScripts) {
      expect(command, name).toMatch(/^node scripts\/bootstrap\.mjs run scripts\/\S+\.ts$/);
    }
    expect(Object.values(scripts).filter((command) => /(^|\s)(npx )?tsx\s/.test(command))).toEqual([]);
  });

  it('issue 14 (newcomer frictions): `bootstrap.mjs run` runs the script with its arguments and passes its exit code on', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bootstrap-run-'));
    try {
      const script = path.join(dir, 'echo.ts');
      writeFileSync(
        script,
        "const words: string[] = process.argv.slice(2);\nconsole.log(`args: ${words.join(' ')}`);\nprocess.exit(3);\n",
      );
      const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'bootstrap.mjs'), 'run', script, 'one', 'two'], {
        cwd: root,
        encoding: 'utf8',
      });
      expect(result.stdout).toContain('args: one two');
      expect(result.status).toBe(3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
