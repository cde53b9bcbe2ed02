import { DomainError } from '@casino/core';
import { Readable } from 'node:stream';
import type { ReportingContext } from '../context.ts';
import { mediaTypes, type ExportFormat } from './export-session.ts';
import type { ExportManifest } from './manifest.ts';

export interface ExportStatusView {
  exportId: string;
  register: string;
  format: ExportFormat;
  mode: 'direct' | 'job';
  status: 'QUEUED' | 'RUNNING' | 'READY' | 'FAILED' | 'EXPIRED';
  filters: unknown;
  requestedBy: string;
  rowsTotal: number | null;
  rowsWritten: number;
  /** 0..100, null until the rows are counted. */
  progressPercent: number | null;
  byteCount: number | null;
  sha256: string | null;
  failure: string | null;
  createdAt: Date;
  finishedAt: Date | null;
  expiresAt: Date;
}

type ExportRow = Awaited<ReturnType<ReportingContext['db']['exportJob']['findUniqueOrThrow']>>;

/** An export's state and progress. Staff see every export; `requestedBy` narrows to one requester. */
export async function findExport(ctx: ReportingContext, exportId: string, requestedBy?: string): Promise<ExportStatusView> {
  const job = await ctx.db.exportJob.findUnique({ where: { id: exportId } });
  if (!job || (requestedBy !== undefined && job.requestedBy !== requestedBy))
    throw new DomainError('not-found', `No export ${exportId}.`, { field: 'params.exportId' });
  return toView(job, ctx.clock.now());
}

function toView(job: ExportRow, now: Date): ExportStatusView {
  const expired = job.status === 'EXPIRED' || (job.status === 'READY' && job.expiresAt <= now);
  const rowsTotal = job.rowsTotal === null ? null : Number(job.rowsTotal);
  return {
    exportId: job.id,
    register: job.register,
    format: job.format as ExportFormat,
    mode: job.mode as 'direct' | 'job',
    status: expired ? 'EXPIRED' : (job.status as ExportStatusView['status']),
    filters: job.filters,
    requestedBy: job.requestedBy,
    rowsTotal,
    rowsWritten: Number(job.rowsWritten),
    progressPercent: rowsTotal === null ? null : rowsTotal === 0 ? 100 : Math.floor((Number(job.rowsWritten) * 100) / rowsTotal),
    byteCount: job.byteCount === null ? null : Number(job.byteCount),
    sha256: job.sha256,
    failure: job.failure,
    createdAt: job.createdAt,
    finishedAt: job.finishedAt,
    expiresAt: job.expiresAt,
  };
}

export async function readExportManifest(ctx: ReportingContext, exportId: string, requestedBy?: string): Promise<ExportManifest> {
  const view = await findExport(ctx, exportId, requestedBy);
  assertReady(view);
  const job = await ctx.db.exportJob.findUniqueOrThrow({ where: { id: exportId }, select: { manifest: true } });
  return job.manifest as unknown as ExportManifest;
}

export interface ExportDownload {
  fileName: string;
  mediaType: string;
  byteCount: number;
  sha256: string;
  body: Readable;
}

/** A job's file, chunk by chunk from the database (constant memory whatever its size). */
export async function downloadExport(ctx: ReportingContext, exportId: string, requestedBy?: string): Promise<ExportDownload> {
  const view = await findExport(ctx, exportId, requestedBy);
  assertReady(view);
  if (view.mode === 'direct') {
    throw new DomainError(
      'not-found',
      `Export ${exportId} was streamed to its requester when it was made; only its manifest is kept.`,
      { field: 'params.exportId' },
    );
  }
  const db = ctx.db;
  async function* chunks(): AsyncGenerator<Buffer> {
    for (let chunkNo = 0; ; chunkNo++) {
      const chunk = await db.exportChunk.findUnique({
        where: { exportId_chunkNo: { exportId, chunkNo } },
        select: { content: true },
      });
      if (!chunk) return;
      yield Buffer.from(chunk.content);
    }
  }
  return {
    fileName: `${view.register}-${exportId}.${view.format}`,
    mediaType: mediaTypes[view.format],
    byteCount: view.byteCount ?? 0,
    sha256: view.sha256 ?? '',
    body: Readable.from(chunks()),
  };
}

function assertReady(view: ExportStatusView): void {
  if (view.status === 'EXPIRED')
    throw new DomainError(
      'export-expired',
      `Export ${view.exportId} expired at ${view.expiresAt.toISOString()}; request it again.`,
    );
  if (view.status !== 'READY') {
    throw new DomainError(
      'export-not-ready',
      `Export ${view.exportId} is ${view.status}${view.failure ? `: ${view.failure}` : ''}.`,
      { extensions: { exportStatus: view.status, progressPercent: view.progressPercent } },
    );
  }
}

export const exportListPageSizeMax = 100;

/** Exports newest first, a page at a time (keyset on id: UUIDv7 ids sort by creation). */
export async function listExports(
  ctx: ReportingContext,
  options: { before?: string; limit: number; requestedBy?: string },
): Promise<{ exports: ExportStatusView[]; nextCursor: string | null }> {
  const limit = Math.min(Math.max(1, options.limit), exportListPageSizeMax);
  const rows = await ctx.db.exportJob.findMany({
    where: {
      ...(options.before ? { id: { lt: options.before } } : {}),
      ...(options.requestedBy ? { requestedBy: options.requestedBy } : {}),
    },
    orderBy: { id: 'desc' },
    take: limit + 1,
  });
  const page = rows.slice(0, limit);
  const now = ctx.clock.now();
  return { exports: page.map((row) => toView(row, now)), nextCursor: rows.length > limit ? page.at(-1)!.id : null };
}
