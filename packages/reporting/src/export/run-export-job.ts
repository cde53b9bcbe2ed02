import { assert, isDomainError } from '@casino/core';
import { Writable } from 'node:stream';
import type { ReportingContext } from '../context.ts';
import { registers } from '../registers/index.ts';
import { exportChunkBytesMax } from '../rules.ts';
import { buildManifest, markExportFailed, markExportReady } from './export-records.ts';
import { prepareExport, streamExport, withExportSnapshot, type ExportFormat } from './export-session.ts';

export type ExportJobOutcome = 'ready' | 'failed' | 'skipped';

/**
 * The worker's side of a background export: claims a QUEUED export (or one left RUNNING by a crashed
 * worker, whose partial chunks are dropped), writes the file into export_chunk a chunk at a time
 * with progress, and marks it READY with its manifest. Safe to run twice: a READY, FAILED or EXPIRED
 * export is left alone. A refusal (too many rows, filters no longer valid) fails the export for
 * good; anything else is rethrown for the queue to retry.
 */
export async function runExportJob(ctx: ReportingContext, exportId: string): Promise<ExportJobOutcome> {
  const job = await ctx.db.exportJob.findUnique({ where: { id: exportId } });
  if (!job || !['QUEUED', 'RUNNING'].includes(job.status)) return 'skipped';
  await ctx.db.exportChunk.deleteMany({ where: { exportId } });
  await ctx.db.exportJob.update({
    where: { id: exportId },
    data: { status: 'RUNNING', startedAt: ctx.clock.now(), rowsWritten: 0n },
  });
  const register = registers.get(job.register);
  assert(
    register !== undefined && register.version === job.registerVersion,
    `export ${exportId} names register ${job.register} v${job.registerVersion}`,
  );
  try {
    await withExportSnapshot(ctx.db, ctx.rules, async (client) => {
      const prepared = await prepareExport(client, register, job.format as ExportFormat, register.filters.parse(job.filters));
      if (prepared.rowsTotal > ctx.rules.exports.jobRowsMax) {
        throw new JobRefused(
          `The export holds ${prepared.rowsTotal} rows, more than ${ctx.rules.exports.jobRowsMax}: narrow the filters.`,
        );
      }
      await ctx.db.exportJob.update({
        where: { id: exportId },
        data: { rowsTotal: BigInt(prepared.rowsTotal), snapshot: prepared.boundary },
      });
      const file = await streamExport(client, prepared, chunkWriter(ctx, exportId, prepared.rowsTotal));
      const manifest = await buildManifest(client, exportId, prepared, file, {
        requestedBy: job.requestedBy,
        createdAt: job.createdAt,
      });
      await markExportReady(ctx, exportId, prepared, manifest);
    });
    return 'ready';
  } catch (error) {
    if (error instanceof JobRefused || isDomainError(error)) {
      await markExportFailed(ctx, exportId, (error as Error).message);
      return 'failed';
    }
    throw error;
  }
}

class JobRefused extends Error {}

/**
 * Collects the stream into chunks of at most exportChunkBytesMax and stores each before accepting
 * more (the write callback is the backpressure), updating the progress as it goes. Rows are counted
 * by record ends in the bytes stored, so progress is what is really on disk.
 */
function chunkWriter(ctx: ReportingContext, exportId: string, rowsTotal: number): Writable {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let chunkNo = 0;
  let rowsStored = 0;
  const store = async () => {
    if (pendingBytes === 0) return;
    const content = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    for (let at = content.indexOf(0x0a); at !== -1; at = content.indexOf(0x0a, at + 1)) rowsStored++;
    await ctx.db.exportChunk.create({ data: { exportId, chunkNo: chunkNo++, content: new Uint8Array(content) } });
    // Line ends inside quoted fields count too; progress is capped at the true total.
    await ctx.db.exportJob.update({ where: { id: exportId }, data: { rowsWritten: BigInt(Math.min(rowsStored, rowsTotal)) } });
  };
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      let offset = 0;
      const next = async () => {
        while (offset < chunk.length) {
          const take = Math.min(exportChunkBytesMax - pendingBytes, chunk.length - offset);
          pending.push(chunk.subarray(offset, offset + take));
          pendingBytes += take;
          offset += take;
          if (pendingBytes === exportChunkBytesMax) await store();
        }
      };
      next().then(() => callback(), callback);
    },
    final(callback) {
      store().then(() => callback(), callback);
    },
  });
}
