import { appendAuditEntry, type Actor } from '@casino/compliance';
import { assert, DomainError, newId } from '@casino/core';
import type { Prisma, Tx } from '@casino/db';
import type { ReportingContext } from '../context.ts';
import type { AnyRegister } from '../registers/register.ts';
import { exportControls, mediaTypes, type ExportFormat, type PreparedExport, type StreamedFile } from './export-session.ts';
import type { ExportManifest } from './manifest.ts';
import type pg from 'pg';

export type ExportMode = 'direct' | 'job';
export type ExportStatus = 'QUEUED' | 'RUNNING' | 'READY' | 'FAILED' | 'EXPIRED';

export interface ExportRequest {
  registerName: string;
  format: ExportFormat;
  /** Raw filters; the register's schema parses them. */
  filters: unknown;
  /** Staff user id or `player:<id>`. */
  requestedBy: string;
  /** Staff exports are audited (who exported what, 002:REC-03); a player's own statement is not. */
  auditActor?: Actor;
  /** Where the filters came from, for the `field` of a refusal: `filters` (a body) or `query`. */
  filtersField?: 'filters' | 'query';
}

export interface ParsedRequest {
  register: AnyRegister;
  filters: unknown;
}

/** The register and its parsed filters; bad filters are a 400 naming the field. */
export function parseExportRequest(registers: ReadonlyMap<string, AnyRegister>, request: ExportRequest): ParsedRequest {
  const register = registers.get(request.registerName);
  if (!register) throw new DomainError('not-found', `No register ${request.registerName}.`, { field: 'register' });
  const parsed = register.filters.safeParse(request.filters);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = [request.filtersField ?? 'filters', ...issue.path.map(String)].join('.');
    throw new DomainError('validation-failed', `Invalid ${field}: ${issue.message}`, { field });
  }
  return { register, filters: parsed.data };
}

/** The export row, written with its audit entry in one transaction. */
export async function insertExportRecord(
  tx: Tx,
  ctx: ReportingContext,
  request: ExportRequest,
  parsed: ParsedRequest,
  mode: ExportMode,
  status: ExportStatus,
): Promise<string> {
  const id = newId<string>();
  const now = ctx.clock.now();
  await tx.exportJob.create({
    data: {
      id,
      register: parsed.register.name,
      registerVersion: parsed.register.version,
      format: request.format,
      mode,
      filters: parsed.filters as Prisma.InputJsonValue,
      status,
      requestedBy: request.requestedBy,
      createdAt: now,
      ...(status === 'RUNNING' ? { startedAt: now } : {}),
      expiresAt: new Date(now.getTime() + ctx.rules.exports.ttlHours * 3_600_000),
    },
  });
  if (request.auditActor) {
    await appendAuditEntry(tx, request.auditActor, now, {
      action: 'export.requested',
      subjectType: 'export',
      subjectId: id,
      after: { register: parsed.register.name, format: request.format, mode, filters: parsed.filters },
    });
  }
  return id;
}

/** The manifest of a finished export: the file's hash and size, totals and coverage from the same snapshot. */
export async function buildManifest(
  client: pg.ClientBase,
  exportId: string,
  prepared: PreparedExport,
  file: StreamedFile,
  record: { requestedBy: string; createdAt: Date },
): Promise<ExportManifest> {
  const controls = await exportControls(client, prepared);
  if (prepared.register.totals) {
    const totalRows = controls.totals.reduce((sum, t) => sum + t.rowCount, 0);
    assert(totalRows === file.rowCount, `control totals cover ${totalRows} rows, the file ${file.rowCount}`);
  }
  return {
    manifestVersion: 1,
    exportId,
    register: prepared.register.name,
    registerVersion: prepared.register.version,
    format: prepared.format,
    mediaType: mediaTypes[prepared.format],
    filters: prepared.filters,
    boundary: prepared.boundary,
    reproducible: prepared.register.reproducible,
    requestedBy: record.requestedBy,
    createdAt: record.createdAt.toISOString(),
    rowCount: file.rowCount,
    byteCount: file.byteCount,
    sha256: file.sha256,
    totals: controls.totals,
    coverage: controls.coverage,
    columns: prepared.register.columns.map(({ name, description, unit }) => ({ name, description, ...(unit ? { unit } : {}) })),
  };
}

/** RUNNING → READY with the manifest; the row's own checks refuse a READY without one. */
export async function markExportReady(
  ctx: ReportingContext,
  exportId: string,
  prepared: PreparedExport,
  manifest: ExportManifest,
): Promise<void> {
  const updated = await ctx.db.exportJob.updateMany({
    where: { id: exportId, status: 'RUNNING' },
    data: {
      status: 'READY',
      snapshot: prepared.boundary,
      rowsTotal: BigInt(prepared.rowsTotal),
      rowsWritten: BigInt(manifest.rowCount),
      byteCount: BigInt(manifest.byteCount),
      sha256: manifest.sha256,
      manifest: manifest as unknown as Prisma.InputJsonValue,
      finishedAt: ctx.clock.now(),
    },
  });
  assert(updated.count === 1, `export ${exportId} was not running when it finished`);
}

export async function markExportFailed(ctx: ReportingContext, exportId: string, failure: string): Promise<void> {
  await ctx.db.exportJob.updateMany({
    where: { id: exportId, status: { in: ['QUEUED', 'RUNNING'] } },
    data: { status: 'FAILED', failure: failure.slice(0, 500), finishedAt: ctx.clock.now() },
  });
}
