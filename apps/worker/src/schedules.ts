import { accrueCommissionPoints, findVerifiedBankAccount, forfeitExpiredBonuses, runCashierDeadlines } from '@casino/cashier';
import { purgeLoginThrottle } from '@casino/db';
import { refreshRates } from '@casino/fx';
import { sealBlocks } from '@casino/ledger';
import { cancelExpiredTemporaryAccounts, sendPostalOrdersForUnclaimedRefunds } from '@casino/players';
import { accountLifecycleSchedules } from './account-lifecycle.ts';
import { complianceSchedules } from './compliance.ts';
import { reportingSchedules } from './reporting.ts';
import type { ScheduledTask } from './runtime.ts';
import type { WorkerConfig } from './config.ts';
import { workerPlatform } from './jobs.ts';
import { playerAccessSchedules } from './player-access.ts';

/** The repeatable work of the platform, beside the heartbeat. */
export function scheduledTasks(config: WorkerConfig): ScheduledTask[] {
  const platform = workerPlatform(config);
  const { clock, profile } = platform;
  return [
    {
      // Tamper evidence: hash newly committed ledger transactions into the block chain.
      name: 'ledger-seal',
      everyMs: config.LEDGER_SEAL_INTERVAL_MS,
      run: (db) => sealBlocks(db, { transactionsPerBlockMax: 10_000, blocksMax: 20 }),
    },
    {
      // 004:TMP-08..12: cancel temporary accounts past their 30 days (a refund goes to the player's
      // verified bank account when the cashier has one), then send postal orders for refunds whose
      // bank details never came.
      name: 'player-lifecycle',
      everyMs: config.PLAYER_LIFECYCLE_INTERVAL_MS,
      run: async (db) => {
        // The pii protector seals the text of the e-mails the lifecycle sends (notifications.ts in @casino/players).
        const ctx = platform.players(db);
        await cancelExpiredTemporaryAccounts(ctx, findVerifiedBankAccount);
        await sendPostalOrdersForUnclaimedRefunds(ctx);
      },
    },
    // Issue 23: dormancy, the player's notice of termination, closure settlement, termination grounds, complaint clocks.
    ...accountLifecycleSchedules(config.PLAYER_LIFECYCLE_INTERVAL_MS, platform),
    {
      // Issue 14 (4): login-throttle keys with no recent failure and no recent login are forgotten.
      name: 'login-throttle-purge',
      everyMs: config.PLAYER_LIFECYCLE_INTERVAL_MS,
      run: (db) => purgeLoginThrottle(db, profile.players.loginThrottle, clock.now()),
    },
    ...complianceSchedules(config.AML_BATCH_INTERVAL_MS, clock, profile.compliance),
    // Issue 14 (2): a listing in the register of excluded persons reaches players who are in (D-1411).
    ...playerAccessSchedules(config.REGISTER_RECHECK_INTERVAL_MS, { players: (db) => platform.players(db) }),
    {
      // Issue 6: methods not verified in time (004:PAY-07), payouts past 14 days (WDR-03), debts past
      // 10 days (WIN-05), intents never confirmed, and temporary-account refunds to pay out (TMP-09).
      name: 'cashier-deadlines',
      everyMs: config.CASHIER_DEADLINES_INTERVAL_MS,
      run: (db) => runCashierDeadlines(platform.cashier(db)),
    },
    {
      // Issues 26 and 18: exchange rates from the source into the rate table on the profile's schedule
      // (CZ-PS every 60 s, 002:WAL-04; CZ-FO hourly, a change taking effect at most once per 24 h, 004:T-61).
      // A failed refresh keeps the rates in force until they go stale, which refuses conversions.
      name: 'fx-rates',
      everyMs: profile.fx.refreshIntervalSeconds * 1000,
      run: async (db) => {
        await refreshRates(platform.fx(db), platform.rateSource());
      },
    },
    {
      // Issue 26: VIP points on poker commission not yet accrued (002:VIP-01), releasing the bonus parts they
      // reach (BON-04); then bonuses whose window ended are forfeited (BON-06). Both are idempotent. On the
      // cashier's interval: points and releases lag the hand by at most that long (D-2632).
      name: 'bonus-vip',
      everyMs: config.CASHIER_DEADLINES_INTERVAL_MS,
      run: async (db) => {
        const cashier = platform.cashier(db);
        await accrueCommissionPoints(cashier);
        await forfeitExpiredBonuses(cashier);
      },
    },
    ...reportingSchedules(
      { exportExpiryMs: config.EXPORT_EXPIRY_INTERVAL_MS, erasureMs: config.ERASURE_INTERVAL_MS },
      clock,
      profile.reporting,
    ),
  ];
}
