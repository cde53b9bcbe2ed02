import type { Platform } from '@casino/operator';
import { runDormancy, type AccountLifecycleContext } from '@casino/players';
import type { Db } from '@casino/db';
import type { ScheduledTask } from './runtime.ts';

/**
 * Issue 23: the account's whole life on one schedule (docs/account-lifecycle.md). Every step is
 * idempotent and takes the player lock per player, so two workers running it at once, or a run
 * repeated after a crash, charge no fee twice and open nothing twice.
 */
export function accountLifecycleSchedules(everyMs: number, platform: Platform): ScheduledTask[] {
  const context = (db: Db): AccountLifecycleContext => ({ ...platform.players(db), currency: platform.profile.currency });
  return [
    {
      // 004:DRM-01..05: inactive accounts, their notice and monthly fee, reactivation.
      name: 'account-dormancy',
      everyMs,
      run: async (db) => {
        await runDormancy(context(db));
      },
    },
  ];
}
