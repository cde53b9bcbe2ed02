import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase, withDatabase, type TestDatabase } from './testing.ts';
import { applyMigrations, readMigrations, migrationsDirDefault } from './migrate.ts';

let first: TestDatabase;
let second: TestDatabase;
beforeAll(async () => {
  [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
});
afterAll(async () => {
  await Promise.all([first?.drop(), second?.drop()]);
});

describe('db: per-file database isolation', () => {
  it('gives each caller its own database, built from every migration', async () => {
    expect(first.name).not.toBe(second.name);
    const migrations = await readMigrations(migrationsDirDefault);
    const applied = await first.db.$queryRaw<
      Array<{ migration_name: string }>
    >`SELECT migration_name FROM "_prisma_migrations" ORDER BY migration_name`;
    expect(applied.map((r) => r.migration_name)).toEqual(migrations.map((m) => m.name));
  });

  it('keeps writes in one test database invisible to another', async () => {
    await first.db.workerHeartbeat.create({ data: { workerId: 'only-in-first', beatAt: new Date() } });
    expect(await first.db.workerHeartbeat.count({ where: { workerId: 'only-in-first' } })).toBe(1);
    expect(await second.db.workerHeartbeat.count({ where: { workerId: 'only-in-first' } })).toBe(0);
  });

  it('drops the database when the file is done', async () => {
    const scratch = await createTestDatabase();
    await scratch.drop();
    const admin = new pg.Client({ connectionString: withDatabase(process.env.DATABASE_URL!, 'postgres') });
    await admin.connect();
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [scratch.name]);
    await admin.end();
    expect(rowCount).toBe(0);
  });
});

describe('db: migration runner', () => {
  it('is idempotent: a second run applies nothing', async () => {
    const result = await applyMigrations(first.url);
    expect(result.applied).toEqual([]);
    expect(result.alreadyApplied.length).toBeGreaterThan(0);
  });

  it('refuses to continue when an applied migration was edited afterwards', async () => {
    await first.db
      .$executeRaw`UPDATE "_prisma_migrations" SET checksum = repeat('0', 64) WHERE migration_name = (SELECT min(migration_name) FROM "_prisma_migrations")`;
    await expect(applyMigrations(first.url)).rejects.toThrow(/was changed after it was applied/);
  });
});
