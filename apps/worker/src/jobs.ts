import { createCashierContext, createPaymentProviderClient, type CashierContext } from '@casino/cashier';
import { createMinistryRegistersClient, screenPlayer } from '@casino/compliance';
import { systemClock } from '@casino/core';
import type { Db, JobDefinition, Redis } from '@casino/db';
import { czechProfile } from '@casino/limits';
import { czechPlayerRules, PiiProtector, type PlayersContext } from '@casino/players';
import { cashierJobs } from './cashier-jobs.ts';
import type { WorkerConfig } from './config.ts';
import { complianceJobs } from './compliance.ts';
import { notificationJobs } from './notifications.ts';
import { playerAccessJobs, workerTablesContext } from './player-access.ts';
import { reportingJobs } from './reporting.ts';

/** The cashier as the worker runs it: the provider's client for payouts and refunds, the keys for account numbers. */
export function workerCashierContext(config: WorkerConfig): (db: Db) => CashierContext {
  const provider = createPaymentProviderClient({ name: config.PSP_PROVIDER_NAME, baseUrl: config.PSP_URL });
  const accountNumbers = new PiiProtector({ encryptionKey: config.PII_ENCRYPTION_KEY, hashKey: config.PII_HASH_KEY });
  return (db) => createCashierContext({ db, clock: systemClock, providerName: config.PSP_PROVIDER_NAME, provider, accountNumbers });
}

export function workerPlayersContext(config: WorkerConfig): (db: Db) => PlayersContext {
  const registers = createMinistryRegistersClient({ baseUrl: config.MF_REGISTERS_URL, clock: systemClock });
  const pii = new PiiProtector({ encryptionKey: config.PII_ENCRYPTION_KEY, hashKey: config.PII_HASH_KEY });
  return (db) => ({ db, clock: systemClock, rules: czechPlayerRules, limitsProfile: czechProfile, pii, registers, screening: { screen: screenPlayer }, publicBaseUrl: config.NOTIFICATIONS_URL });
}

/** The game service's Redis prefix (its default): seat pushes from the worker reach its sockets. */
const gameServiceRedisPrefix = 'casino';

/** Every job the worker runs, by outbox topic. Packages export their job definitions; they are registered here. */
export function registeredJobs(config: WorkerConfig, redis: Redis, logger: { warn(details: object, message: string): void } = { warn: () => undefined }): JobDefinition[] {
  return [
    ...playerAccessJobs({ tables: workerTablesContext(redis, gameServiceRedisPrefix) }),
    ...notificationJobs(config.NOTIFICATIONS_URL, new PiiProtector({ encryptionKey: config.PII_ENCRYPTION_KEY, hashKey: config.PII_HASH_KEY })),
    ...complianceJobs(),
    ...cashierJobs({ cashier: workerCashierContext(config), players: workerPlayersContext(config), logger }),
    ...reportingJobs(),
  ];
}
