/** `npx tsx scripts/migrate.ts`: applies prisma/migrations to DATABASE_URL (containers, CI jobs). */
import { redactUrl } from '@casino/core';
import { applyMigrations } from '@casino/db';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('DATABASE_URL is required: the PostgreSQL database to migrate, e.g. postgresql://postgres@127.0.0.1:5432/casino');
  process.exit(1);
}
try {
  const result = await applyMigrations(databaseUrl);
  console.log(
    `Migrated ${redactUrl(databaseUrl)}: ${result.applied.length} applied (${result.applied.join(', ') || 'none'}), ${result.alreadyApplied.length} already in place.`,
  );
} catch (error) {
  console.error(`Migration of ${redactUrl(databaseUrl)} failed: ${(error as Error).message}`);
  process.exit(1);
}
