import type { CashierContext } from '@casino/cashier';
import { systemClock, type Clock } from '@casino/core';
import type { Db, JobDefinition, Redis } from '@casino/db';
import { composeContexts, type Platform } from '@casino/operator';
import { cashierJobs } from './cashier-jobs.ts';
import type { WorkerConfig } from './config.ts';
import { complianceJobs } from './compliance.ts';
import { notificationJobs } from './notifications.ts';
import { playerAccessJobs, workerPokerRoom, workerTablesContext } from './player-access.ts';
import { reportingJobs } from './reporting.ts';

/**
 * The worker's contexts from the composition root (issue 15), on the profile OPERATOR_PROFILE names.
 * Each job gives its context the job's database handle. Links in the e-mails the worker's use cases
 * send go to NOTIFICATIONS_URL, as before the composition root.
 */
export function workerPlatform(config: WorkerConfig, clock: Clock = systemClock): Platform {
  return composeContexts({ config: { ...config, PUBLIC_BASE_URL: config.NOTIFICATIONS_URL }, clock });
}

/** The cashier as the worker runs it: the provider's client for payouts and refunds, the keys for account numbers. */
export function workerCashierContext(config: WorkerConfig): (db: Db) => CashierContext {
  const platform = workerPlatform(config);
  return (db) => platform.cashier(db);
}

/** The game service's Redis prefix (its default): seat pushes from the worker reach its sockets. */
const gameServiceRedisPrefix = 'casino';

/** Every job the worker runs, by outbox topic. Packages export their job definitions; they are registered here. */
export function registeredJobs(
  config: WorkerConfig,
  redis: Redis,
  logger: { warn(details: object, message: string): void } = { warn: () => undefined },
): JobDefinition[] {
  const platform = workerPlatform(config);
  return [
    ...playerAccessJobs({
      tables: workerTablesContext(platform, redis, gameServiceRedisPrefix),
      poker: workerPokerRoom(platform, redis, gameServiceRedisPrefix),
    }),
    ...notificationJobs(config.NOTIFICATIONS_URL, platform.pii()),
    ...complianceJobs(platform.clock, platform.profile.compliance),
    ...cashierJobs({ cashier: (db) => platform.cashier(db), players: (db) => platform.players(db), logger }),
    ...reportingJobs(platform.clock, platform.profile.reporting),
  ];
}
