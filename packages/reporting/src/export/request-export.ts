import { enqueueOutboxMessage, transaction } from '@casino/db';
import { z } from 'zod';
import type { ReportingContext } from '../context.ts';
import { registers } from '../registers/index.ts';
import { insertExportRecord, parseExportRequest, type ExportRequest } from './export-records.ts';

export const exportRequestedTopic = 'reporting.export-requested';
export const ExportRequestedSchema = z.object({ exportId: z.uuid() });

/**
 * A large export as a background job: the export row (QUEUED) and the job's outbox message are
 * written in one transaction, so a requested export is never lost and never runs without its row.
 */
export async function requestExport(ctx: ReportingContext, request: ExportRequest): Promise<{ exportId: string }> {
  const parsed = parseExportRequest(registers, request);
  return transaction(ctx.db, async (tx) => {
    const exportId = await insertExportRecord(tx, ctx, request, parsed, 'job', 'QUEUED');
    await enqueueOutboxMessage(tx, { topic: exportRequestedTopic, payload: { exportId } });
    return { exportId };
  });
}
