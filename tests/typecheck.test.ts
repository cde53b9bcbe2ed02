import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

describe('TypeScript', () => {
  it('the whole workspace compiles under the strict settings of tsconfig.base.json', () => {
    const tsc = path.join(root, 'node_modules', '.bin', 'tsc');
    const result = spawnSync(tsc, ['-p', path.join(root, 'tsconfig.json'), '--noEmit', '--pretty', 'false'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  }, 120_000);

  it('issue 17: the web page (apps/web/client: React, the DOM, the generated API types) compiles under the same settings', () => {
    const tsc = path.join(root, 'node_modules', '.bin', 'tsc');
    const result = spawnSync(tsc, ['-p', path.join(root, 'apps', 'web', 'tsconfig.json'), '--noEmit', '--pretty', 'false'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  }, 120_000);

  it('issue 21: the console page (apps/console/client: React, the DOM, the admin API types) compiles under the same settings', () => {
    const tsc = path.join(root, 'node_modules', '.bin', 'tsc');
    const result = spawnSync(tsc, ['-p', path.join(root, 'apps', 'console', 'tsconfig.json'), '--noEmit', '--pretty', 'false'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  }, 120_000);
});
