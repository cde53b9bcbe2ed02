import { systemActor } from '@casino/compliance';
import type { Clock } from '@casino/core';
import { defineJob, type JobDefinition } from '@casino/db';
import {
  completeDueErasures,
  expireExports,
  ExportRequestedSchema,
  exportRequestedTopic,
  runExportJob,
  type ReportingRules,
} from '@casino/reporting';
import type { ScheduledTask } from './runtime.ts';

/**
 * Background exports (issue 10): the export row and its message are written together by the admin
 * API; this runs the export. `runExportJob` is safe to run twice (a finished export is skipped, a
 * half-written one starts over), so no inbox record is needed.
 */
export function reportingJobs(clock: Clock, rules: ReportingRules): JobDefinition[] {
  return [
    defineJob({
      topic: exportRequestedTopic,
      version: 1,
      payload: ExportRequestedSchema,
      handle: async ({ exportId }, { db }) => {
        await runExportJob({ db, clock, rules }, exportId);
      },
    }),
  ];
}

/** Expired export files are deleted; erasure requests whose retention period ended are completed. */
export function reportingSchedules(
  intervals: { exportExpiryMs: number; erasureMs: number },
  clock: Clock,
  rules: ReportingRules,
): ScheduledTask[] {
  return [
    { name: 'export-expiry', everyMs: intervals.exportExpiryMs, run: (db) => expireExports({ db, clock, rules }) },
    {
      name: 'erasure-completion',
      everyMs: intervals.erasureMs,
      run: (db) => completeDueErasures({ db, clock, rules }, systemActor('retention')),
    },
  ];
}
