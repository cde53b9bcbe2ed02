export {
  startWorkerRuntime,
  outboxQueueName,
  systemQueueName,
  type ScheduledTask,
  type WorkerRuntime,
  type WorkerRuntimeOptions,
} from './runtime.ts';
export { loadWorkerConfig, workerConfigSchema, type WorkerConfig } from './config.ts';
export { registeredJobs, workerCashierContext, workerPlatform } from './jobs.ts';
export {
  playerAccessJobs,
  playerAccessSchedules,
  workerPokerRoom,
  workerTablesContext,
  type PlayerAccessOptions,
} from './player-access.ts';
export { cashierJobs, type CashierJobsOptions } from './cashier-jobs.ts';
export { buildWorkerHealthApp } from './app.ts';
export { scheduledTasks } from './schedules.ts';
export { notificationJobs } from './notifications.ts';
export { complianceJobs, complianceSchedules } from './compliance.ts';
export { reportingJobs, reportingSchedules } from './reporting.ts';
