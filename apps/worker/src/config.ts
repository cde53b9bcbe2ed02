import { ConfigError, intVar, parseConfig, portVar, secretVar, serviceConfigSchema, urlVar } from '@casino/core';
import { operatorConfigSchema } from '@casino/operator';
import { z } from 'zod';

/** The outbox relay and the scheduled tasks each hold a connection while they run, beside the jobs. */
export const workerConnectionsBesideJobs = 2;

export const workerConfigSchema = serviceConfigSchema.extend({
  /** Which operator profile (currency, time zone, every package's rules) the service runs as (issue 15). */
  ...operatorConfigSchema.shape,
  WORKER_PORT: portVar(3006),
  OUTBOX_RELAY_INTERVAL_MS: intVar(500, { min: 50, max: 60_000 }),
  OUTBOX_BATCH_SIZE_MAX: intVar(100, { min: 1, max: 1_000 }),
  HEARTBEAT_INTERVAL_MS: intVar(15_000, { min: 1_000, max: 600_000 }),
  WORKER_CONCURRENCY: intVar(10, { min: 1, max: 100 }),
  /** A connection per concurrent job, one for the outbox relay and one for the schedules (D-1434); unset: WORKER_CONCURRENCY + 2. */
  DATABASE_POOL_MAX: intVar(10 + workerConnectionsBesideJobs, { min: 1 + workerConnectionsBesideJobs, max: 200 }),
  LEDGER_SEAL_INTERVAL_MS: intVar(60_000, { min: 1_000, max: 3_600_000 }),
  PLAYER_LIFECYCLE_INTERVAL_MS: intVar(600_000, { min: 1_000, max: 86_400_000 }),
  /** Batch evaluation of the AML monitoring rules over the last day (issue 9). */
  AML_BATCH_INTERVAL_MS: intVar(86_400_000, { min: 60_000, max: 604_800_000 }),
  /** Asking the register of excluded persons about players who are in (issue 14 (2), D-1411). */
  REGISTER_RECHECK_INTERVAL_MS: intVar(300_000, { min: 10_000, max: 3_600_000 }),
  /** Deleting the files of expired exports (issue 10). */
  EXPORT_EXPIRY_INTERVAL_MS: intVar(900_000, { min: 1_000, max: 86_400_000 }),
  /** Completing erasure requests whose retention period has ended (issue 10). */
  ERASURE_INTERVAL_MS: intVar(86_400_000, { min: 60_000, max: 604_800_000 }),
  /** Where e-mail and SMS are delivered (the mail/SMS provider; apps/sandbox's mailbox in development). */
  NOTIFICATIONS_URL: urlVar('http://127.0.0.1:3005', ['http', 'https']),
  /** Deadlines of the cashier: verification (004:PAY-07), overdue payouts (WDR-03), debts (WIN-05), stale intents, refunds. */
  CASHIER_DEADLINES_INTERVAL_MS: intVar(300_000, { min: 1_000, max: 86_400_000 }),
  /** The payment provider's API, for payouts and refunds (apps/sandbox in development). */
  PSP_URL: urlVar('http://127.0.0.1:3005', ['http', 'https']),
  PSP_PROVIDER_NAME: z
    .string()
    .regex(/^[a-z][a-z0-9-]{1,38}$/)
    .default('sandbox-psp'),
  /** The exchange-rate source (issue 26): refreshed on the profile's schedule (apps/sandbox's /fx in development). */
  FX_RATES_URL: urlVar('http://127.0.0.1:3005', ['http', 'https']),
  /** The MF registers: completing a registration asks them again (004:REG-04). */
  MF_REGISTERS_URL: urlVar('http://127.0.0.1:3005', ['http', 'https']),
  /** Keys of personal data at rest: payouts decrypt the bank account number, registration completion the birth number. */
  PII_ENCRYPTION_KEY: secretVar(44),
  PII_HASH_KEY: secretVar(44),
});

export type WorkerConfig = z.infer<typeof workerConfigSchema>;

export function loadWorkerConfig(env: Record<string, string | undefined> = process.env): WorkerConfig {
  let config = parseConfig(workerConfigSchema, env);
  if (!env.DATABASE_POOL_MAX) {
    // Unset: sized for the configured concurrency rather than for the default one.
    config = parseConfig(workerConfigSchema, {
      ...env,
      DATABASE_POOL_MAX: String(config.WORKER_CONCURRENCY + workerConnectionsBesideJobs),
    });
  }
  // Fewer connections than jobs running at once would make jobs wait on each other for a
  // connection and time out under load: refused at start-up instead.
  if (config.DATABASE_POOL_MAX < config.WORKER_CONCURRENCY + workerConnectionsBesideJobs) {
    throw new ConfigError([
      {
        variable: 'DATABASE_POOL_MAX',
        message: `must be at least WORKER_CONCURRENCY + ${workerConnectionsBesideJobs} (${config.WORKER_CONCURRENCY + workerConnectionsBesideJobs}): one connection per concurrent job, the outbox relay and the schedules`,
      },
    ]);
  }
  return config;
}
