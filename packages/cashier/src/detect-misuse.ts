import type { Db, Tx } from '@casino/db';
import type { CashierRules } from './rules.ts';

/** One deposit-to-withdrawal cycle with (almost) no play in between. */
export interface MisuseCycle {
  /** Null for the withdrawal being requested now. */
  withdrawalId: string | null;
  withdrawalMinor: bigint;
  depositIds: string[];
  depositedMinor: bigint;
  stakedMinor: bigint;
}

export interface MisuseReport {
  suspected: boolean;
  cycles: MisuseCycle[];
}

/**
 * The configurable rule behind 004:ACC-07 ("repeatedly" using the account for money transactions
 * other than bets): within `lookbackDays`, a withdrawal preceded by deposits of which less than
 * `stakeShareBpsMin` was staked is a cycle; `repeatsMin` cycles make the use suspected. It only
 * suggests: the 5 % fee is a staff decision (charge-misuse-fee.ts).
 */
/** Withdrawals the rule looks at, newest first: enough for "repeatedly" many times over. */
export const misuseWithdrawalsMax = 50;

export async function detectMisuse(
  db: Db | Tx,
  rules: CashierRules,
  options: { playerId: string; now: Date; pendingWithdrawalMinor?: bigint },
): Promise<MisuseReport> {
  // One statement (issue 22, D-2290): the intervals' deposits and stakes, read as the withdrawal's one-call path reads them.
  const [row] = await db.$queryRaw<[{ intervals: MisuseInterval[] }]>`
    SELECT cashier_misuse_intervals(${options.playerId}::uuid, ${misuseWindowStart(rules, options.now)}::timestamptz,
                                    ${options.now}::timestamptz, ${options.pendingWithdrawalMinor ?? null}::bigint,
                                    ${misuseWithdrawalsMax}::int) AS intervals`;
  return misuseOf(rules, row.intervals);
}

/** Where the rule's window starts. */
export function misuseWindowStart(rules: CashierRules, now: Date): Date {
  return new Date(now.getTime() - rules.misuseDetection.lookbackDays * 86_400_000);
}

/** `cashier_misuse_intervals`' document: one interval per withdrawal (the one asked for last, its id null). */
export interface MisuseInterval {
  withdrawal_id: string | null;
  withdrawal_minor: string;
  deposit_ids: string[];
  deposited_minor: string;
  staked_minor: string;
}

/** The rule on the intervals read: an interval whose deposits were staked less than the share is a cycle. */
export function misuseOf(rules: CashierRules, intervals: readonly MisuseInterval[]): MisuseReport {
  const { stakeShareBpsMin, repeatsMin } = rules.misuseDetection;
  const cycles: MisuseCycle[] = [];
  for (const interval of intervals) {
    const depositedMinor = BigInt(interval.deposited_minor);
    if (depositedMinor === 0n) continue;
    const stakedMinor = BigInt(interval.staked_minor);
    if (stakedMinor * 10_000n < depositedMinor * stakeShareBpsMin)
      cycles.push({
        withdrawalId: interval.withdrawal_id,
        withdrawalMinor: BigInt(interval.withdrawal_minor),
        depositIds: interval.deposit_ids,
        depositedMinor,
        stakedMinor,
      });
  }
  return { suspected: cycles.length >= repeatsMin, cycles };
}
