import { randomBytes } from 'node:crypto';
import { dropTestDatabases, ensureTemplateDatabase } from '@casino/db/testing';
import { buildConsolePage, pageIsStale as consolePageIsStale } from '@casino/console';
import { buildWebPage, pageIsStale } from '@casino/web';

/**
 * Runs once per `vitest run`, before any test file: builds (or reuses) the template database
 * from the migrations, and names this run so its per-file databases can be cleaned up after.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is not set: run the suite with `npm test`.');
  const runId = randomBytes(3).toString('hex');
  process.env.CASINO_TEST_RUN_ID = runId;
  process.env.CASINO_TEST_TEMPLATE_DB = await ensureTemplateDatabase(databaseUrl);
  // The browser tests (apps/web/src/e2e) load the built page: build it once here when a source is newer.
  if (pageIsStale()) await buildWebPage({ quiet: true });
  // The console's browser tests (apps/console/src/e2e) likewise load its built page (issue 21).
  if (consolePageIsStale()) await buildConsolePage({ quiet: true });
  return async () => {
    await dropTestDatabases(databaseUrl, runId);
  };
}
