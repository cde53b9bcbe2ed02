import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

/**
 * Applies the SQL migrations in `prisma/migrations/<name>/migration.sql` in name order, each in
 * its own transaction, recording them in Prisma's `_prisma_migrations` table with the same
 * checksum Prisma uses (SHA-256 of the file), so this runner and `prisma migrate deploy` can
 * take turns on one database. An applied migration whose file has since changed is refused:
 * migrations are append-only.
 */
export interface MigrationResult {
  applied: string[];
  alreadyApplied: string[];
}

export const migrationsDirDefault = path.resolve(import.meta.dirname, '../../../prisma/migrations');

/** Serialises concurrent runners (several services starting at once). */
const advisoryLockKey = 1_862_016n; // any constant; 186/2016 is the Czech gambling act

export async function applyMigrations(databaseUrl: string, migrationsDir = migrationsDirDefault): Promise<MigrationResult> {
  const migrations = await readMigrations(migrationsDir);
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [advisoryLockKey.toString()]);
    await ensureMigrationsTable(client);
    const applied = await appliedChecksums(client);
    const result: MigrationResult = { applied: [], alreadyApplied: [] };
    for (const migration of migrations) {
      const recorded = applied.get(migration.name);
      if (recorded !== undefined) {
        if (recorded !== migration.checksum) {
          throw new Error(
            `Migration ${migration.name} was changed after it was applied (checksum differs). Add a new migration instead of editing an applied one.`,
          );
        }
        result.alreadyApplied.push(migration.name);
        continue;
      }
      await applyOne(client, migration);
      result.applied.push(migration.name);
    }
    return result;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [advisoryLockKey.toString()]).catch(() => undefined);
    await client.end();
  }
}

interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export async function readMigrations(migrationsDir: string): Promise<Migration[]> {
  const entries = await readdir(migrationsDir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(migrationsDir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}

async function ensureMigrationsTable(client: pg.Client): Promise<void> {
  // Same definition as Prisma Migrate's, so either tool can continue where the other stopped.
  await client.query(`
    CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL,
      "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0
    )`);
}

async function appliedChecksums(client: pg.Client): Promise<Map<string, string>> {
  const { rows } = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
    'SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL',
  );
  const unfinished = rows.filter((r) => r.finished_at === null).map((r) => r.migration_name);
  if (unfinished.length > 0) {
    throw new Error(
      `Migrations started but never finished: ${unfinished.join(', ')}. Inspect the database, then mark them rolled back.`,
    );
  }
  return new Map(rows.map((r) => [r.migration_name, r.checksum]));
}

async function applyOne(client: pg.Client, migration: Migration): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query(migration.sql);
    await client.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count)
       VALUES ($1, $2, now(), $3, 1)`,
      [randomUUID(), migration.checksum, migration.name],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
  }
}
