import type { Db, Tx } from '@casino/db';
import * as ledger from '@casino/ledger';
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
  const { lookbackDays, stakeShareBpsMin, repeatsMin } = rules.misuseDetection;
  const since = new Date(options.now.getTime() - lookbackDays * 86_400_000);
  const withdrawals = await db.cashierWithdrawal.findMany({
    where: {
      playerId: options.playerId,
      createdAt: { gte: since },
      status: { notIn: ['REJECTED', 'CANCELLED', 'FAILED'] },
      channel: { not: 'TEMPORARY_REFUND' },
    },
    orderBy: { createdAt: 'desc' },
    select: { id: true, amountMinor: true, createdAt: true },
    take: misuseWithdrawalsMax,
  });
  withdrawals.reverse();
  let from = since;
  // Cut off at the limit: the oldest withdrawal read only marks where the first cycle starts.
  if (withdrawals.length === misuseWithdrawalsMax) from = withdrawals.shift()!.createdAt;
  const points = [...withdrawals.map((w) => ({ id: w.id as string | null, amountMinor: w.amountMinor, at: w.createdAt }))];
  if (options.pendingWithdrawalMinor !== undefined)
    points.push({ id: null, amountMinor: options.pendingWithdrawalMinor, at: options.now });
  const cycles: MisuseCycle[] = [];
  for (const point of points) {
    const deposits = await db.cashierDeposit.findMany({
      where: { playerId: options.playerId, creditedAt: { gt: from, lte: point.at }, status: { in: ['AUTHORIZED', 'SETTLED'] } },
      select: { id: true, amountMinor: true },
    });
    const depositedMinor = deposits.reduce((sum, d) => sum + d.amountMinor, 0n);
    if (depositedMinor > 0n) {
      const stakedMinor = await stakedBetween(db, options.playerId, from, point.at);
      if (stakedMinor * 10_000n < depositedMinor * stakeShareBpsMin) {
        cycles.push({
          withdrawalId: point.id,
          withdrawalMinor: point.amountMinor,
          depositIds: deposits.map((d) => d.id),
          depositedMinor,
          stakedMinor,
        });
      }
    }
    from = point.at;
  }
  return { suspected: cycles.length >= repeatsMin, cycles };
}

/** Stakes and buy-ins debited from the player's wallets in (from, to]. */
async function stakedBetween(db: Db | Tx, playerId: string, from: Date, to: Date): Promise<bigint> {
  const staked = await ledger.playerMovementTotals(db, {
    playerId,
    kinds: ['STAKE', 'BUY_IN'],
    direction: 'debited',
    after: from,
    until: to,
    wallets: ['cash', 'temporary'],
  });
  // A player plays in the currency of their deposits, so the minor units add up as before (one per currency at most).
  return staked.reduce((sum, amount) => sum + amount.toMinor(), 0n);
}
