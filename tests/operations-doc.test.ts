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

describe('operations documentation', () => {
  it('docs/operations.md documents every environment variable a service reads, and no variable that none reads', async () => {
    const doc = await readFile(docPath, 'utf8');
    const table = doc.split('## Environment')[1]?.split('\n## ')[0] ?? '';
    const documented = new Set([...table.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1]!));
    const read = new Set(Object.values(schemas).flatMap((schema) => Object.keys(schema.shape)));
    // Read by the seed or by `npm start` (scripts/platform.ts) rather than by a service's configuration.
    const seedOnly = ['LEDGER_HOT_SHARD_COUNT', 'SEED_DEMO_DATA', 'SANDBOX_URL'];
    expect([...read].filter((v) => !documented.has(v)).sort(), 'read but not documented').toEqual([]);
    expect([...documented].filter((v) => !read.has(v) && !seedOnly.includes(v)).sort(), 'documented but read by no service').toEqual([]);
  });
});
