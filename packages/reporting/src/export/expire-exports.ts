import type { ReportingContext } from '../context.ts';

export const expireBatchSizeMax = 100;

/**
 * Deletes the files of exports past their expiry and marks them EXPIRED (the row and its manifest
 * stay: what was exported, by whom and when is part of the audit trail). Runs on a schedule.
 */
export async function expireExports(ctx: ReportingContext): Promise<number> {
  const now = ctx.clock.now();
  const due = await ctx.db.exportJob.findMany({
    where: { status: { in: ['READY', 'FAILED'] }, expiresAt: { lte: now } },
    select: { id: true },
    take: expireBatchSizeMax,
    orderBy: { expiresAt: 'asc' },
  });
  for (const { id } of due) {
    await ctx.db.$transaction([
      ctx.db.exportChunk.deleteMany({ where: { exportId: id } }),
      ctx.db.exportJob.update({ where: { id }, data: { status: 'EXPIRED' } }),
    ]);
  }
  return due.length;
}
