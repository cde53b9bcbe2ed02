import type { Platform } from '@casino/operator';
import { findVerifiedBankAccount } from '@casino/cashier';
import { escalateOverdueComplaints } from '@casino/compliance';
import {
  endContractsGivenNotice,
  findTerminationCandidates,
  runDormancy,
  settleClosedAccounts,
  type AccountLifecycleContext,
} from '@casino/players';
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
    {
      // 004:TRM-02: contracts whose notice period has run end; TRM-13..17: every closed account's
      // balance goes back on the refund cascade (the cashier pays it, the players' postal orders follow).
      name: 'account-closure',
      everyMs,
      run: async (db) => {
        await endContractsGivenNotice(context(db));
        await settleClosedAccounts(context(db), findVerifiedBankAccount);
      },
    },
    {
      // 004:TRM-10 (v), (xi), (xiv), (xv): grounds that are conditions, offered to staff.
      name: 'termination-grounds',
      everyMs,
      run: async (db) => {
        await findTerminationCandidates(context(db));
      },
    },
    {
      // 002:CMP-04: complaints not resolved within their first deadline are escalated (profiles with a level).
      name: 'complaint-escalation',
      everyMs,
      run: async (db) => {
        await escalateOverdueComplaints(platform.compliance(db));
      },
    },
  ];
}
