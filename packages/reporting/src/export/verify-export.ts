import { createReadStream } from 'node:fs';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { verifyAuditChain } from '@casino/compliance';
import type { Db } from '@casino/db';
import { verifyChain } from '@casino/ledger';
import type { ReportingRules } from '../rules.ts';
import { registers } from '../registers/index.ts';
import { prepareExport, streamExport, withExportSnapshot, type StreamedFile } from './export-session.ts';
import { ExportFraming } from './framing.ts';
import type { ExportManifest } from './manifest.ts';

export interface VerificationCheck {
  name: string;
  ok: boolean;
  detail: string;
}

export interface ExportVerification {
  ok: boolean;
  checks: VerificationCheck[];
}

/**
 * Checks an export file against its manifest and the database, and names every check that failed:
 * 1. the file's SHA-256, size and row count are the manifest's;
 * 2. the database recorded this export with the same SHA-256 (a forged manifest is caught);
 * 3. produced again from the database (same register version, filters and boundary), the file comes
 *    out byte for byte the same (registers of current personal data skip this);
 * 4. the ledger blocks or audit-chain entry the manifest names still carry the hashes it names, and
 *    the chain they belong to verifies.
 */
export async function verifyExportFile(
  db: Db,
  rules: ReportingRules,
  filePath: string,
  manifest: ExportManifest,
): Promise<ExportVerification> {
  const checks: VerificationCheck[] = [];
  const check = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });

  const file = await hashFile(filePath, manifest.format);
  check(
    'file-hash',
    file.sha256 === manifest.sha256,
    file.sha256 === manifest.sha256
      ? `SHA-256 ${file.sha256}`
      : `the file's SHA-256 is ${file.sha256}, the manifest says ${manifest.sha256}`,
  );
  check(
    'file-size',
    file.byteCount === manifest.byteCount && file.rowCount === manifest.rowCount,
    `${file.byteCount} bytes and ${file.rowCount} rows; the manifest says ${manifest.byteCount} bytes and ${manifest.rowCount} rows`,
  );

  const recorded = await db.exportJob.findUnique({ where: { id: manifest.exportId }, select: { sha256: true, register: true } });
  check(
    'recorded',
    recorded?.sha256 === manifest.sha256 && recorded.register === manifest.register,
    recorded
      ? `export ${manifest.exportId} was recorded with SHA-256 ${recorded.sha256}`
      : `no export ${manifest.exportId} was ever recorded`,
  );

  const register = registers.get(manifest.register);
  if (!register || register.version !== manifest.registerVersion) {
    check(
      'reproduced',
      false,
      `register ${manifest.register} v${manifest.registerVersion} is not known to this version of the platform`,
    );
  } else if (!register.reproducible) {
    check('reproduced', true, `${manifest.register} holds current personal data: checked against the manifest only`);
  } else {
    const filters = register.filters.parse(manifest.filters);
    const again = await withExportSnapshot(db, rules, async (client) =>
      streamExport(client, await prepareExport(client, register, manifest.format, filters, manifest.boundary), discard()),
    );
    check(
      'reproduced',
      again.sha256 === file.sha256,
      again.sha256 === file.sha256
        ? 'the database produces the same bytes'
        : `the database produces ${again.rowCount} rows with SHA-256 ${again.sha256}: the file differs from the records`,
    );
  }
  checks.push(...(await chainChecks(db, manifest)));
  return { ok: checks.every((c) => c.ok), checks };
}

async function chainChecks(db: Db, manifest: ExportManifest): Promise<VerificationCheck[]> {
  const coverage = manifest.coverage;
  if (coverage.kind === 'ledger-blocks') {
    if (coverage.lastBlockNo === null)
      return [
        {
          name: 'ledger-blocks',
          ok: true,
          detail: `none of the ${coverage.transactionCount} transactions was sealed when exported`,
        },
      ];
    const block = await db.ledgerBlock.findUnique({
      where: { blockNo: BigInt(coverage.lastBlockNo) },
      select: { blockHash: true },
    });
    const chain = await verifyChain(db);
    return [
      {
        name: 'ledger-blocks',
        ok: block?.blockHash === coverage.lastBlockHash,
        detail: `block ${coverage.lastBlockNo} has hash ${block?.blockHash ?? 'none'}; the manifest names ${coverage.lastBlockHash}`,
      },
      {
        name: 'ledger-chain',
        ok: chain.ok,
        detail: chain.ok ? `${chain.blocksVerified} blocks verify` : `block ${chain.brokenBlockNo} is broken: ${chain.reason}`,
      },
    ];
  }
  if (coverage.kind === 'audit-chain') {
    if (coverage.lastSeq === null) return [{ name: 'audit-chain', ok: true, detail: 'the export holds no audit entries' }];
    const entry = await db.auditLogEntry.findUnique({ where: { seq: BigInt(coverage.lastSeq) }, select: { hash: true } });
    const chain = await verifyAuditChain(db);
    return [
      {
        name: 'audit-entry',
        ok: entry?.hash === coverage.lastEntryHash,
        detail: `entry ${coverage.lastSeq} has hash ${entry?.hash ?? 'none'}; the manifest names ${coverage.lastEntryHash}`,
      },
      {
        name: 'audit-chain',
        ok: chain.ok,
        detail: chain.ok ? `${chain.entriesVerified} entries verify` : `entry ${chain.brokenSeq} is broken: ${chain.reason}`,
      },
    ];
  }
  return [{ name: 'chain', ok: true, detail: coverage.reason }];
}

/** SHA-256, size and records of a file, counted as the export counted them. */
async function hashFile(filePath: string, format: 'csv' | 'jsonl'): Promise<StreamedFile> {
  // The file is already framed (CRLF): count its records without framing it again.
  const framing = new ExportFraming(format, { alreadyFramed: true });
  await pipeline(createReadStream(filePath), framing, discard());
  return { sha256: framing.digest(), byteCount: framing.bytes, rowCount: framing.records - (format === 'csv' ? 1 : 0) };
}

function discard(): Writable {
  return new Writable({ write: (_chunk, _encoding, callback) => callback() });
}
