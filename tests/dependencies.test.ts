import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Issue 15 (small debts): what each workspace declares is what it uses, in one version. */
const root = path.resolve(import.meta.dirname, '..');

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const manifest = async (dir: string): Promise<Manifest> =>
  JSON.parse(await readFile(path.join(root, dir, 'package.json'), 'utf8')) as Manifest;

async function sources(dir: string): Promise<string[]> {
  const texts: string[] = [];
  for (const entry of await readdir(path.join(root, dir, 'src'), { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && file.endsWith('.ts') && !file.includes(`${path.sep}generated${path.sep}`))
      texts.push(await readFile(file, 'utf8'));
  }
  return texts;
}

const imports = (texts: string[], module: string) => texts.some((text) => new RegExp(`from '${module}(/[^']*)?'`).test(text));

describe('issue 15: dependencies declared where they are used', () => {
  it('issue 15: every app that imports fastify declares it, with the range packages/http uses', async () => {
    const range = (await manifest('packages/http')).dependencies?.fastify;
    expect(range).toBeDefined();
    for (const app of await readdir(path.join(root, 'apps'))) {
      const declared = (await manifest(`apps/${app}`)).dependencies?.fastify;
      if (imports(await sources(`apps/${app}`), 'fastify')) expect(declared, `apps/${app}`).toBe(range);
    }
  });

  it('issue 15: packages/http does not declare openapi-types, and payments-gateway does not declare @casino/db (neither imports them)', async () => {
    expect((await manifest('packages/http')).dependencies).not.toHaveProperty('openapi-types');
    expect(imports(await sources('packages/http'), 'openapi-types')).toBe(false);
    expect((await manifest('apps/payments-gateway')).dependencies).not.toHaveProperty('@casino/db');
    expect(imports(await sources('apps/payments-gateway'), '@casino/db')).toBe(false);
  });

  it('issue 15: the Prisma packages are pinned exactly, from one release line, and @prisma/client as installed (D-1533)', async () => {
    const cli = (await manifest('.')).devDependencies?.prisma;
    const db = (await manifest('packages/db')).dependencies ?? {};
    const pins = { prisma: cli, '@prisma/client': db['@prisma/client'], '@prisma/adapter-pg': db['@prisma/adapter-pg'] };
    for (const [name, pin] of Object.entries(pins)) expect(pin, name).toMatch(/^\d+\.\d+\.\d+$/);
    const minor = (version: string) => version.split('.').slice(0, 2).join('.');
    expect(new Set(Object.values(pins).map((pin) => minor(pin!))).size).toBe(1);
    const installed = JSON.parse(
      await readFile(path.join(root, 'node_modules', '@prisma', 'client', 'package.json'), 'utf8'),
    ) as { version: string };
    expect(installed.version).toBe(pins['@prisma/client']);
  });

  it('issue 15: ids are UUIDv7 from the maintained uuid package, not hand-written bit layouts (D-1534)', async () => {
    expect((await manifest('packages/core')).dependencies).toHaveProperty('uuid');
    const ids = await readFile(path.join(root, 'packages', 'core', 'src', 'ids.ts'), 'utf8');
    expect(ids).toMatch(/from 'uuid'/);
    expect(ids).not.toMatch(/randomBytes|0x70 \|/);
  });
});
