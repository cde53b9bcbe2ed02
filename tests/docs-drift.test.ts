import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildGameService, loadGameServiceConfig } from '@casino/game-service';
import type { App } from '@casino/http';
import { createTestConnections, testServiceEnv, type TestConnections } from '@casino/http/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 15: prose that states a fact of the code drifts when the code changes. Each test here reads a
 * fact from the code (the apps directory, the ledger's SQL, the games the database knows) and the
 * sentence that states it, so the next change that makes the sentence false fails here.
 */
const root = path.resolve(import.meta.dirname, '..');
const read = (...parts: string[]) => readFile(path.join(root, ...parts), 'utf8');

describe('issue 15: docs/api.md counts the services there are', () => {
  const numbers = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

  it('issue 15: the number of HTTP services docs/api.md opens with is the number of apps', async () => {
    const apps = (await readdir(path.join(root, 'apps'), { withFileTypes: true })).filter((entry) => entry.isDirectory()).length;
    const opening = /^# API guide\s+(\w+) HTTP services/m.exec(await read('docs', 'api.md'))?.[1]?.toLowerCase();
    expect(opening).toBe(numbers[apps]);
  });
});

describe('issue 15: packages/ledger/INVARIANTS.md names code that exists', () => {
  /** The ledger_post function as the database has it now: its last definition among the migrations. */
  async function currentLedgerPost(): Promise<string> {
    const migrations = (await readdir(path.join(root, 'prisma', 'migrations'))).sort();
    let body = '';
    for (const migration of migrations) {
      const sql = await read('prisma', 'migrations', migration, 'migration.sql').catch(() => '');
      const start = sql.search(/CREATE OR REPLACE FUNCTION ledger_post\(/);
      if (start >= 0) body = sql.slice(start, sql.indexOf('$$;', start) + 3);
    }
    return body;
  }

  const normalise = (text: string) => text.replace(/\s+/g, ' ').toLowerCase();

  it("issue 15: every SQL fragment the invariants attribute to ledger_post is in its current definition (e.g. I10's ORDER BY)", async () => {
    const doc = await read('packages', 'ledger', 'INVARIANTS.md');
    const ledgerPost = normalise(await currentLedgerPost());
    expect(ledgerPost).toContain('create or replace function ledger_post(');
    const rows = doc.split('\n').filter((line) => /^\| I\d+ \|/.test(line));
    expect(rows.length).toBeGreaterThanOrEqual(10);
    const claims: Array<[string, string]> = [];
    for (const row of rows) {
      const [, id = '', , enforcedBy = ''] = row.split('|').map((cell) => cell.trim());
      // "`ledger_post` loop `ORDER BY …`": a fragment quoted right after ledger_post and a word or two.
      for (const match of enforcedBy.matchAll(/`ledger_post` (?:[a-z]+ ){1,3}`([^`]+)`/g)) claims.push([id, match[1]!]);
      // The error codes ledger_post is said to raise.
      if (enforcedBy.includes('`ledger_post`'))
        for (const code of enforcedBy.match(/LDG\d{2}/g) ?? []) claims.push([id, `'${code}'`]);
    }
    expect(claims.map(([id]) => id)).toContain('I10');
    for (const [id, fragment] of claims) expect(ledgerPost, `${id}: ${fragment}`).toContain(normalise(fragment));
  });

  it('issue 15: every test file the invariants cite as proof exists', async () => {
    const doc = await read('packages', 'ledger', 'INVARIANTS.md');
    const cited = [...new Set([...doc.matchAll(/`([\w-]+\.test\.ts)`/g)].map((m) => m[1]!))];
    // A proof may live in any package or app (I11 cites the player API's and admin API's tests).
    const testFilesUnder = async (dir: string) =>
      (await readdir(path.join(root, dir), { recursive: true }))
        .map(String)
        .filter((file) => !file.includes('node_modules') && file.endsWith('.test.ts'));
    const present = new Set(
      (await Promise.all(['packages', 'apps', 'tests'].map(testFilesUnder))).flat().map((file) => path.basename(file)),
    );
    expect(cited.filter((file) => !present.has(file))).toEqual([]);
  });
});

describe('issue 15: the game service advertises only the games it has tables for', () => {
  const gameWords = ['roulette', 'blackjack', 'poker', 'baccarat', 'craps', 'bingo', 'slots', 'tournament'];
  let connections: TestConnections;
  let gameService: App;
  let kinds: string[];

  beforeAll(async () => {
    const schema = await read('prisma', 'schema.prisma');
    kinds = (/^enum GameKind \{([\s\S]*?)^\}/m.exec(schema)?.[1] ?? '')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean);
    // Poker cash tables have their own model (issue 16): a game the service has tables for.
    if (/^model PokerTable \{/m.test(schema)) kinds.push('poker');
    // Poker tournaments have their own model (issue 19).
    if (/^model Tournament \{/m.test(schema)) kinds.push('tournament');
    connections = await createTestConnections();
    gameService = await buildGameService({
      config: loadGameServiceConfig(testServiceEnv()),
      connections,
      redisKeyPrefix: connections.redisKeyPrefix,
    });
  });

  afterAll(async () => {
    await gameService?.close();
    await connections?.close();
  });

  const advertised = (text: string) => gameWords.filter((word) => new RegExp(`\\b${word}`, 'i').test(text));

  it('issue 15: the OpenAPI document of the game service names no game it has no tables for (GameKind, poker cash tables)', async () => {
    expect(kinds).toEqual(expect.arrayContaining(['roulette', 'blackjack']));
    const document = (await gameService.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      info: { description?: string };
      paths: Record<string, Record<string, { summary?: string; description?: string }>>;
    };
    const texts = [
      document.info.description ?? '',
      ...Object.values(document.paths).flatMap((operations) =>
        Object.values(operations).flatMap((op) => [op.summary ?? '', op.description ?? '']),
      ),
    ];
    expect(advertised(texts.join('\n')).filter((game) => !kinds.includes(game))).toEqual([]);
  });

  it("issue 15: the README's map line and docs/game-service.md name no game the service has no tables for", async () => {
    const mapLine = (await read('README.md')).split('\n').find((line) => /^\s+game-service\s+:\d+/.test(line)) ?? '';
    expect(mapLine).not.toBe('');
    expect(advertised(mapLine).filter((game) => !kinds.includes(game))).toEqual([]);
    expect(advertised(await read('docs', 'game-service.md')).filter((game) => !kinds.includes(game))).toEqual([]);
  });
});
