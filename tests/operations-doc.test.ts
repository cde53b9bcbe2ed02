import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { adminApiConfigSchema } from '@casino/admin-api';
import { gameServiceConfigSchema } from '@casino/game-service';
import { paymentsGatewayConfigSchema } from '@casino/payments-gateway';
import { playerApiConfigSchema } from '@casino/player-api';
import { sandboxConfigSchema } from '@casino/sandbox';
import { workerConfigSchema } from '@casino/worker';
import { describe, expect, it } from 'vitest';

const docPath = path.resolve(import.meta.dirname, '..', 'docs', 'operations.md');

const schemas = {
  'player-api': playerApiConfigSchema,
  'admin-api': adminApiConfigSchema,
  'game-service': gameServiceConfigSchema,
  'payments-gateway': paymentsGatewayConfigSchema,
  sandbox: sandboxConfigSchema,
  worker: workerConfigSchema,
};

const services = Object.keys(schemas) as Array<keyof typeof schemas>;

/** The environment table's rows: the variables of the first column and the services named in "used by". */
function environmentRows(doc: string): Array<{ variables: string[]; usedBy: string }> {
  const table = doc.split('## Environment')[1]?.split('\n## ')[0] ?? '';
  return table
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [, first = '', usedBy = ''] = line.split('|');
      return { variables: [...first.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!), usedBy: usedBy.trim() };
    });
}

/** "all", "all but sandbox", or a list; parentheses and non-services (seed, `npm start`) are ignored. */
function servicesNamed(usedBy: string): string[] {
  const named = new Set<string>();
  for (const part of usedBy
    .replace(/\([^)]*\)/g, '')
    .split(/[,;]/)
    .map((p) => p.trim())) {
    if (part === 'all') services.forEach((service) => named.add(service));
    else if (part === 'all but sandbox')
      services.filter((service) => service !== 'sandbox').forEach((service) => named.add(service));
    else if ((services as string[]).includes(part)) named.add(part);
  }
  return [...named].sort();
}

describe('operations documentation', () => {
  it('issue 15: docs/operations.md documents each environment variable once', async () => {
    const rows = environmentRows(await readFile(docPath, 'utf8'));
    const all = rows.flatMap((row) => row.variables);
    expect(all.filter((variable, i) => all.indexOf(variable) !== i)).toEqual([]);
  });

  it('issue 15: a variable\'s "used by" names exactly the services whose configuration reads it', async () => {
    for (const { variables, usedBy } of environmentRows(await readFile(docPath, 'utf8'))) {
      for (const variable of variables) {
        const readers = services.filter((service) => variable in schemas[service].shape).sort();
        expect(servicesNamed(usedBy), variable).toEqual(readers);
      }
    }
  });

  it('docs/operations.md documents every environment variable a service reads, and no variable that none reads', async () => {
    const doc = await readFile(docPath, 'utf8');
    const table = doc.split('## Environment')[1]?.split('\n## ')[0] ?? '';
    const documented = new Set([...table.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1]!));
    const read = new Set(Object.values(schemas).flatMap((schema) => Object.keys(schema.shape)));
    // Read by the seed or by `npm start` (scripts/platform.ts) rather than by a service's configuration.
    const seedOnly = ['LEDGER_HOT_SHARD_COUNT', 'SEED_DEMO_DATA', 'SANDBOX_URL'];
    expect([...read].filter((v) => !documented.has(v)).sort(), 'read but not documented').toEqual([]);
    expect(
      [...documented].filter((v) => !read.has(v) && !seedOnly.includes(v)).sort(),
      'documented but read by no service',
    ).toEqual([]);
  });
});
