import { systemClock } from '@casino/core';
import { sealBlocks } from '@casino/ledger';
import { cancelExpiredTemporaryAccounts, czechPlayerRules, sendPostalOrdersForUnclaimedRefunds } from '@casino/players';
import { complianceSchedules } from './compliance.ts';
import { reportingSchedules } from './reporting.ts';
import type { ScheduledTask } from './runtime.ts';
import type { WorkerConfig } from './config.ts';

/** The repeatable work of the platform, beside the heartbeat. */
export function scheduledTasks(config: WorkerConfig): ScheduledTask[] {
  return [
    {
      // Tamper evidence: hash newly committed ledger transactions into the block chain.
      name: 'ledger-seal',
      everyMs: config.LEDGER_SEAL_INTERVAL_MS,
      run: (db) => sealBlocks(db, { transactionsPerBlockMax: 10_000, blocksMax: 20 }),
    },
    {
      // 004:TMP-08..12: cancel temporary accounts past their 30 days, then send postal orders for
      // refunds whose bank details never came. Until the cashier registers bank accounts, every
      // refund waits for bank details first.
      name: 'player-lifecycle',
      everyMs: config.PLAYER_LIFECYCLE_INTERVAL_MS,
      run: async (db) => {
        const ctx = { db, clock: systemClock, rules: czechPlayerRules };
        await cancelExpiredTemporaryAccounts(ctx, async () => null);
        await sendPostalOrdersForUnclaimedRefunds(ctx);
      },
    },
    ...complianceSchedules(config.AML_BATCH_INTERVAL_MS),
    ...reportingSchedules({ exportExpiryMs: config.EXPORT_EXPIRY_INTERVAL_MS, erasureMs: config.ERASURE_INTERVAL_MS }),
  ];
}
