import {
  evaluateMonitoringBatch, MonitoringEventSchema, monitoringEventTopic, monitorEvent, rescreenAllPlayers, ScreeningListUpdatedSchema, screeningListUpdatedTopic, type ComplianceRules,
} from '@casino/compliance';
import type { Clock } from '@casino/core';
import { defineJob, handleOnce, type JobDefinition } from '@casino/db';
import type { ScheduledTask } from './runtime.ts';

/**
 * AML monitoring and re-screening (issue 9). A monitoring event from the outbox is stored and the
 * rules evaluated on it (exactly once per message, compliance's `monitorEvent`). A list update
 * re-screens every player; the message is recorded as handled once the run finished, and a run
 * repeated after a crash raises nothing twice (open alerts gain an occurrence, cleared matches stay).
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
        const processed = await db.processedMessage.findUnique({ where: { consumer_messageId: { consumer: screeningListUpdatedTopic, messageId } } });
        if (processed) return;
        await rescreenAllPlayers(db, clock.now(), rules);
        await handleOnce(db, screeningListUpdatedTopic, messageId, async () => undefined);
      },
    }),
  ];
}

const batchPlayersMax = 10_000;

/** Nightly batch evaluation of the monitoring rules over the last day (rules tuned since are applied). */
export function complianceSchedules(everyMs: number, clock: Clock, rules: ComplianceRules): ScheduledTask[] {
  return [{
    name: 'aml-monitoring-batch',
    everyMs,
    run: (db) => {
      const at = clock.now();
      return evaluateMonitoringBatch(db, rules, { since: new Date(at.getTime() - 86_400_000), at, playersMax: batchPlayersMax });
    },
  }];
}
