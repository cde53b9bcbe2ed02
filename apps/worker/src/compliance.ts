import {
  evaluateMonitoringBatch,
  MonitoringEventSchema,
  monitoringEventTopic,
  monitorEvent,
  rescreenOnListUpdate,
  ScreeningListUpdatedSchema,
  screeningListUpdatedTopic,
  type ComplianceRules,
} from '@casino/compliance';
import type { Clock } from '@casino/core';
import { defineJob, type JobDefinition } from '@casino/db';
import type { ScheduledTask } from './runtime.ts';

/**
 * AML monitoring and re-screening (issue 9). A monitoring event from the outbox is stored and the
 * rules evaluated on it (exactly once per message, compliance's `monitorEvent`). A list update
 * re-screens every player once per message (compliance's `rescreenOnListUpdate`).
 */
export function complianceJobs(clock: Clock, rules: ComplianceRules): JobDefinition[] {
  return [
    defineJob({
      topic: monitoringEventTopic,
      version: 1,
      payload: MonitoringEventSchema,
      handle: async (event, { messageId, db }) => {
        await monitorEvent(db, rules, messageId, event, clock.now());
      },
    }),
    defineJob({
      topic: screeningListUpdatedTopic,
      version: 1,
      payload: ScreeningListUpdatedSchema,
      handle: async (_update, { messageId, db }) => {
        await rescreenOnListUpdate(db, rules, messageId, clock.now());
      },
    }),
  ];
}

const batchPlayersMax = 10_000;

/** Nightly batch evaluation of the monitoring rules over the last day (rules tuned since are applied). */
export function complianceSchedules(everyMs: number, clock: Clock, rules: ComplianceRules): ScheduledTask[] {
  return [
    {
      name: 'aml-monitoring-batch',
      everyMs,
      run: (db) => {
        const at = clock.now();
        return evaluateMonitoringBatch(db, rules, {
          since: new Date(at.getTime() - 86_400_000),
          at,
          playersMax: batchPlayersMax,
        });
      },
    },
  ];
}
