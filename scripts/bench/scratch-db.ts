/**
 * Scratch databases for the benchmark: created from the migrated test template (a file copy,
 * ~100 ms, instead of replaying migrations) and always dropped again, also on Ctrl-C or error.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { adminUrl, dropDatabase, ensureTemplateDatabase, withDatabase } from '@casino/db/testing';

export const benchDatabasePrefix = 'casino_bench_';

/** Cleanup steps run once, last registered first, whichever of "finished", "failed" or "signal" comes first. */
export class Cleanup {
  readonly #steps: Array<{ what: string; run: () => Promise<void> }> = [];
  #running: Promise<void> | null = null;

  add(what: string, run: () => Promise<void>): void {
    this.#steps.push({ what, run });
  }

  runAll(): Promise<void> {
    this.#running ??= (async () => {
      for (const step of [...this.#steps].reverse()) {
        // One failing step (e.g. a database already gone) must not keep the others from running.
        await step.run().catch((error: unknown) => console.error(`cleanup: ${step.what} failed: ${(error as Error).message}`));
      }
    })();
    return this.#running;
  }
}

export function randomBenchName(): string {
  return `${benchDatabasePrefix}${randomBytes(5).toString('hex')}`;
}

/** Runs `fn` with an admin connection to the server's `postgres` database. */
export async function withAdmin<T>(databaseUrl: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl(databaseUrl), connectionTimeoutMillis: 5_000 });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Creates `name` as a copy of the migrated template and registers its drop. Returns its URL.
 * The drop is registered before CREATE so that an interrupt during the copy still removes it.
 */
export async function createScratchFromTemplate(databaseUrl: string, name: string, cleanup: Cleanup): Promise<string> {
  const template = await ensureTemplateDatabase(databaseUrl);
  cleanup.add(`drop ${name}`, () => dropDatabase(databaseUrl, name));
  await withAdmin(databaseUrl, async (admin) => {
    // Test files may be copying the same template at this moment; PostgreSQL then refuses. Wait and retry.
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
        return;
      } catch (error) {
        if (attempt >= 40 || !(error as Error).message.includes('is being accessed by other users')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 150));
      }
    }
  });
  return withDatabase(databaseUrl, name);
}

/** An empty scratch database (for pgbench), dropped by `cleanup`. */
export async function createEmptyScratch(databaseUrl: string, name: string, cleanup: Cleanup): Promise<string> {
  cleanup.add(`drop ${name}`, () => dropDatabase(databaseUrl, name));
  await withAdmin(databaseUrl, (admin) => admin.query(`CREATE DATABASE "${name}"`));
  return withDatabase(databaseUrl, name);
}

/** Flushes dirty buffers before each timed run so no run pays for an earlier run's checkpoint. */
export async function checkpoint(databaseUrl: string): Promise<void> {
  await withAdmin(databaseUrl, (admin) => admin.query('CHECKPOINT'));
}

export interface ServerInfo {
  version: string;
  settings: Record<string, string>;
}

/** The server settings that decide commit cost and concurrency, read with SHOW. */
export async function readServerInfo(databaseUrl: string): Promise<ServerInfo> {
  const names = [
    'shared_buffers',
    'synchronous_commit',
    'fsync',
    'wal_sync_method',
    'full_page_writes',
    'max_connections',
    'autovacuum',
    'jit',
    'commit_delay',
  ];
  return withAdmin(databaseUrl, async (admin) => {
    const version = (await admin.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version ?? '?';
    const settings: Record<string, string> = {};
    for (const name of names) {
      const row = (await admin.query<Record<string, string>>(`SHOW ${name}`)).rows[0];
      settings[name] = row?.[name] ?? '?';
    }
    return { version, settings };
  });
}
