/**
 * `npm run verify:export -- <file> [<manifest>]`: checks an export file against its manifest
 * (default `<file>.manifest.json`, as GET /v1/exports/{id}/manifest serves it) and the database at
 * DATABASE_URL: the file's SHA-256, size and rows; that the export was recorded with that hash; that
 * the database produces the same bytes again from the manifest's register, filters and snapshot; and
 * that the ledger blocks (or audit-chain entry) it names still carry the hashes it names. Prints each
 * check; exits 0 when all pass, 1 when any fails, 2 on bad usage.
 */
import { readFile } from 'node:fs/promises';
import { createDb, pgPoolOf } from '@casino/db';
import { czechReportingRules, manifestFileName, verifyExportFile, type ExportManifest } from '@casino/reporting';

const [filePath, manifestArgument] = process.argv.slice(2).filter((a) => a !== '--');
if (!filePath) {
  console.error('usage: npm run verify:export -- <file> [<manifest>]   (DATABASE_URL names the database)');
  process.exit(2);
}
const manifestPath = manifestArgument ?? manifestFileName(filePath);
let manifest: ExportManifest;
try {
  manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as ExportManifest;
} catch (error) {
  console.error(`cannot read the manifest ${manifestPath}: ${(error as Error).message}`);
  process.exit(2);
}
if (manifest.manifestVersion !== 1) {
  console.error(
    `${manifestPath} is not an export manifest this version understands (manifestVersion ${String(manifest.manifestVersion)})`,
  );
  process.exit(2);
}

const db = createDb({
  databaseUrl: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/casino',
  applicationName: 'verify-export',
  statementTimeoutMs: 30 * 60_000,
});
try {
  const result = await verifyExportFile(db, czechReportingRules, filePath, manifest);
  console.log(
    `export ${manifest.exportId}: ${manifest.register} v${manifest.registerVersion}, ${manifest.format}, ${manifest.rowCount} rows`,
  );
  for (const check of result.checks) console.log(`${check.ok ? 'ok  ' : 'FAIL'} ${check.name}: ${check.detail}`);
  console.log(result.ok ? 'verify:export ok' : 'verify:export FAILED');
  process.exitCode = result.ok ? 0 : 1;
} finally {
  await db.$disconnect();
  await pgPoolOf(db)
    .end()
    .catch(() => undefined);
}
