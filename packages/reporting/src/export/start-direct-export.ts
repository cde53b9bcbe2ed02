import { DomainError } from '@casino/core';
import { transaction } from '@casino/db';
import { PassThrough, type Readable } from 'node:stream';
import type { ReportingContext } from '../context.ts';
import { registers } from '../registers/index.ts';
import {
  buildManifest,
  insertExportRecord,
  markExportFailed,
  markExportReady,
  parseExportRequest,
  type ExportRequest,
} from './export-records.ts';
import { mediaTypes, prepareExport, streamExport, withExportSnapshot, type PreparedExport } from './export-session.ts';

export interface DirectExport {
  exportId: string;
  fileName: string;
  mediaType: string;
  rowsTotal: number;
  /** The file's bytes; the manifest is ready at GET /v1/exports/{exportId}/manifest once it ends. */
  body: Readable;
}

/**
 * A small export streamed straight to the caller (the HTTP response) in constant memory. Resolves
 * once the rows are counted, before the first byte, so a refusal (too many rows: use a background
 * export) is still an ordinary problem response. The manifest is stored when the stream ends; a
 * caller who disconnects leaves the export FAILED.
 */
export async function startDirectExport(ctx: ReportingContext, request: ExportRequest): Promise<DirectExport> {
  const parsed = parseExportRequest(registers, request);
  let announce!: (value: DirectExport) => void;
  const announced = new Promise<DirectExport>((resolve) => {
    announce = resolve;
  });
  const run = withExportSnapshot(ctx.db, ctx.rules, async (client) => {
    const prepared = await prepareExport(client, parsed.register, request.format, parsed.filters);
    assertDirectSize(prepared, ctx.rules.exports.directRowsMax);
    const exportId = await transaction(ctx.db, (tx) => insertExportRecord(tx, ctx, request, parsed, 'direct', 'RUNNING'));
    const createdAt = ctx.clock.now();
    const body = new PassThrough();
    announce({
      exportId,
      fileName: `${parsed.register.name}-${exportId}.${request.format}`,
      mediaType: mediaTypes[request.format],
      rowsTotal: prepared.rowsTotal,
      body,
    });
    try {
      const file = await streamExport(client, prepared, body);
      const manifest = await buildManifest(client, exportId, prepared, file, { requestedBy: request.requestedBy, createdAt });
      await markExportReady(ctx, exportId, prepared, manifest);
    } catch (error) {
      body.destroy(error as Error);
      await markExportFailed(ctx, exportId, (error as Error).message);
      throw error; // the snapshot's connection is closed, not returned mid-COPY
    }
  });
  // Whichever comes first: the stream is ready to read, or the export failed before it began.
  return Promise.race([announced, run.then(() => announced)]);
}

function assertDirectSize(prepared: PreparedExport, rowsMax: number): void {
  if (prepared.rowsTotal > rowsMax) {
    throw new DomainError(
      'export-too-large',
      `This export holds ${prepared.rowsTotal} rows; up to ${rowsMax} stream directly. Request a background export (POST /v1/exports) instead.`,
      {
        extensions: { rowsTotal: prepared.rowsTotal, directRowsMax: rowsMax },
      },
    );
  }
}
