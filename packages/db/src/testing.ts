/**
 * Test support: each test file gets its own database, created from a template that the test
 * run built once from the migrations (tests/global-setup.ts), and dropped when the file ends.
 * Copying a template is a file copy inside PostgreSQL, so a fresh database costs ~100 ms
 * instead of replaying every migration.
 */
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type Db } from './client.ts';
import { applyMigrations, migrationsDirDefault, readMigrations } from './migrate.ts';

export const testDatabasePrefix = 'casino_test_';

export function adminUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  return url.toString();
}

export function withDatabase(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** The template's name changes whenever a migration does, so a stale template is never used. */
export async function templateDatabaseName(migrationsDir = migrationsDirDefault): Promise<string> {
  const hash = createHash('sha256');
  for (const m of await readMigrations(migrationsDir)) hash.update(m.name).update(m.checksum);
  return `${testDatabasePrefix}template_${hash.digest('hex').slice(0, 16)}`;
}

/** Builds the template database from the migrations unless it already exists. */
export async function ensureTemplateDatabase(databaseUrl: string): Promise<string> {
  const template = await templateDatabaseName();
  const admin = new pg.Client({ connectionString: adminUrl(databaseUrl), connectionTimeoutMillis: 5_000 });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock(42)');
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (exists.rowCount === 0) {
      const building = `${template}_building_${randomBytes(3).toString('hex')}`;
      await admin.query(`CREATE DATABASE "${building}"`);
      await applyMigrations(withDatabase(databaseUrl, building));
      // Renamed only once complete, so an interrupted build never becomes the template.
      await admin.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`);
    }
    await admin.query('SELECT pg_advisory_unlock(42)');
    return template;
  } finally {
    await admin.end();
  }
}

export interface TestDatabase {
  name: string;
  url: string;
  db: Db;
  drop(): Promise<void>;
}

/** A fresh database for one test file, a copy of the migrated template. */
export async function createTestDatabase(databaseUrl = requiredDatabaseUrl()): Promise<TestDatabase> {
  const template = process.env.CASINO_TEST_TEMPLATE_DB ?? (await ensureTemplateDatabase(databaseUrl));
  const runId = process.env.CASINO_TEST_RUN_ID ?? 'adhoc';
  const name = `${testDatabasePrefix}${runId}_${randomBytes(5).toString('hex')}`;
  await withAdmin(databaseUrl, async (admin) => {
    await createFromTemplate(admin, name, template);
  });
  const url = withDatabase(databaseUrl, name);
  // Concurrency tests queue more transactions than the pool holds, and pg-pool counts the wait for a
  // free connection against its connect timeout: a loaded two-core test machine needs more than the
  // services' fail-fast 2 s.
  const db = createDb({ databaseUrl: url, poolMax: 5, connectTimeoutMs: 15_000, applicationName: 'casino-test' });
  return {
    name,
    url,
    db,
    async drop() {
      // A file's cleanup must not fail the file on a loaded machine (a teardown once took over vitest's 60 s hook
      // timeout): a pool slow to close is ended by the drop's FORCE anyway, and a drop that runs out of its
      // statement timeout is left to the run's teardown (tests/support/global-setup.ts drops every database of the run).
      const disconnected = await settlesWithin(db.$disconnect(), teardownWaitMs);
      const dropped = await settlesWithin(dropDatabase(databaseUrl, name, teardownWaitMs), teardownWaitMs + 5_000);
      if (!disconnected || !dropped) {
        process.stderr.write(
          `test database ${name}: ${disconnected ? 'the drop' : 'closing its pool'} did not finish in time; the run's teardown drops it\n`,
        );
      }
    },
  };
}

/** How long a file's cleanup waits for each of its steps (well inside vitest's hookTimeout of 60 s). */
const teardownWaitMs = 20_000;

/** Whether `promise` settles (either way) within `ms`; a rejection after that is swallowed, not left unhandled. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const settled = promise.then(
    () => true,
    () => true,
  );
  try {
    return await Promise.race([settled, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

export async function dropDatabase(databaseUrl: string, name: string, statementTimeoutMs?: number): Promise<void> {
  await withAdmin(databaseUrl, async (admin) => {
    // Bounded in the server, so a drop given up on does not run on behind its caller.
    if (statementTimeoutMs !== undefined) await admin.query(`SET statement_timeout = ${Math.trunc(statementTimeoutMs)}`);
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
}

/** Drops every database a run left behind (a crashed test file cannot drop its own). */
export async function dropTestDatabases(databaseUrl: string, runId: string): Promise<number> {
  return withAdmin(databaseUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
      `${testDatabasePrefix}${runId}\\_%`,
    ]);
    for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
    return rows.length;
  });
}

async function createFromTemplate(admin: pg.Client, name: string, template: string): Promise<void> {
  // PostgreSQL refuses to copy a template while another CREATE DATABASE is copying it;
  // test files start in parallel, so wait and try again.
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
      return;
    } catch (error) {
      const message = (error as Error).message;
      if (attempt >= 20 || !message.includes('is being accessed by other users')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
    }
  }
}

async function withAdmin<T>(databaseUrl: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl(databaseUrl), connectionTimeoutMillis: 5_000 });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

function requiredDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: run the tests with `npm test`, which finds PostgreSQL and sets it.');
  return url;
}

/** A Redis key prefix unique to one test file, so files never see each other's keys or queues. */
export function testRedisPrefix(): string {
  return `test:${process.env.CASINO_TEST_RUN_ID ?? 'adhoc'}:${randomBytes(4).toString('hex')}`;
}
