import { intVar, parseConfig, portVar, secretVar, serviceConfigSchema, urlVar } from '@casino/core';
import { z } from 'zod';

export const workerConfigSchema = serviceConfigSchema.extend({
  WORKER_PORT: portVar(3006),
  OUTBOX_RELAY_INTERVAL_MS: intVar(500, { min: 50, max: 60_000 }),
  OUTBOX_BATCH_SIZE_MAX: intVar(100, { min: 1, max: 1_000 }),
  HEARTBEAT_INTERVAL_MS: intVar(15_000, { min: 1_000, max: 600_000 }),
  WORKER_CONCURRENCY: intVar(10, { min: 1, max: 100 }),
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
  PSP_PROVIDER_NAME: z.string().regex(/^[a-z][a-z0-9-]{1,38}$/).default('sandbox-psp'),
  /** The MF registers: completing a registration asks them again (004:REG-04). */
  MF_REGISTERS_URL: urlVar('http://127.0.0.1:3005', ['http', 'https']),
  /** Keys of personal data at rest: payouts decrypt the bank account number, registration completion the birth number. */
  PII_ENCRYPTION_KEY: secretVar(44),
  PII_HASH_KEY: secretVar(44),
});

export type WorkerConfig = z.infer<typeof workerConfigSchema>;

export function loadWorkerConfig(env: Record<string, string | undefined> = process.env): WorkerConfig {
  return parseConfig(workerConfigSchema, env);
}
