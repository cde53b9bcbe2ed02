import type { JobDefinition } from '@casino/db';
import type { WorkerConfig } from './config.ts';
import { complianceJobs } from './compliance.ts';
import { notificationJobs } from './notifications.ts';
import { reportingJobs } from './reporting.ts';

/** Every job the worker runs, by outbox topic. Packages export their job definitions; they are registered here. */
export function registeredJobs(config: WorkerConfig): JobDefinition[] {
  return [...notificationJobs(config.NOTIFICATIONS_URL), ...complianceJobs(), ...reportingJobs()];
}
