import type { Tx } from '@casino/db';
import type { CapOverride, CapUsage } from './caps.ts';
import type { Direction, Instrument } from './rules.ts';

const hourMs = 3_600_000;

/**
 * Deposits used against the caps. When a deposit is asked for (`intent`), money still on its way
 * counts too (intents not yet confirmed), so parallel intents cannot pass a cap together; when the
 * provider confirms one (`credit`), what has been credited counts, this deposit excluded. Each
 * deposit counts at its crediting time, or its creation time while pending.
 */
export async function depositUsage(
  tx: Tx,
  options: { playerId: string; instrument: Instrument; now: Date; mode: 'intent' | 'credit'; excludeDepositId?: string },
): Promise<CapUsage> {
  const { since30d, since7d, since24h } = capWindowsOf(options.now);
  const exclude = options.excludeDepositId ?? '00000000-0000-0000-0000-000000000000';
  // One query for both paths: the one-call credit reads it inside cashier_deposit_state (D-2280).
  const [row] = await tx.$queryRaw<[{ usage: DepositUsageRow }]>`
    SELECT cashier_deposit_usage(${options.playerId}::uuid, ${options.instrument}, ${exclude}::uuid, ${options.mode === 'intent'},
                                 ${since30d}::timestamptz, ${since7d}::timestamptz, ${since24h}::timestamptz) AS usage`;
  return depositUsageOf(row.usage);
}

/** Where the caps' rolling windows start. */
export function capWindowsOf(now: Date): { since30d: Date; since7d: Date; since24h: Date } {
  return {
    since30d: new Date(now.getTime() - 30 * 24 * hourMs),
    since7d: new Date(now.getTime() - 7 * 24 * hourMs),
    since24h: new Date(now.getTime() - 24 * hourMs),
  };
}

/** `cashier_deposit_usage`'s document: sums as text (no float on the way), counts as numbers. */
export interface DepositUsageRow {
  d30: string;
  d7: string;
  d24: string;
  n24: number;
  a24: number;
}

export function depositUsageOf(row: DepositUsageRow): CapUsage {
  return {
    rolling30dMinor: BigInt(row.d30),
    rolling7dMinor: BigInt(row.d7),
    rolling24hMinor: BigInt(row.d24),
    count24h: row.n24,
    attempts24h: row.a24,
  };
}

/** Withdrawals used against the caps: every request not rejected, cancelled or failed, by request time. */
export async function withdrawalUsage(
  tx: Tx,
  options: { playerId: string; instrument: Instrument; now: Date },
): Promise<CapUsage> {
  const since30d = new Date(options.now.getTime() - 30 * 24 * hourMs);
  const since7d = new Date(options.now.getTime() - 7 * 24 * hourMs);
  const since24h = new Date(options.now.getTime() - 24 * hourMs);
  const [row] = await tx.$queryRaw<[{ d30: bigint; d7: bigint; d24: bigint; n24: bigint }]>`
    SELECT COALESCE(sum(amount_minor) FILTER (WHERE created_at > ${since30d}), 0)::bigint AS d30,
           COALESCE(sum(amount_minor) FILTER (WHERE created_at > ${since7d}), 0)::bigint AS d7,
           COALESCE(sum(amount_minor) FILTER (WHERE created_at > ${since24h}), 0)::bigint AS d24,
           count(*) FILTER (WHERE created_at > ${since24h})::bigint AS n24
    FROM cashier_withdrawal
    WHERE player_id = ${options.playerId}::uuid AND instrument = ${options.instrument}
      AND status NOT IN ('REJECTED', 'CANCELLED', 'FAILED') AND created_at > ${since30d}`;
  return {
    rolling30dMinor: row.d30,
    rolling7dMinor: row.d7,
    rolling24hMinor: row.d24,
    count24h: Number(row.n24),
    attempts24h: Number(row.n24),
  };
}

export async function capOverrideOf(
  tx: Tx,
  playerId: string,
  instrument: Instrument,
  direction: Direction,
): Promise<CapOverride | null> {
  return tx.cashierCapOverride.findUnique({
    where: {
      playerId_instrument_direction: { playerId, instrument, direction: direction === 'deposit' ? 'DEPOSIT' : 'WITHDRAWAL' },
    },
    select: {
      perTransactionMinorMin: true,
      perTransactionMinorMax: true,
      rolling24hMinorMax: true,
      rolling7dMinorMax: true,
      rolling30dMinorMax: true,
      attempts24hMax: true,
      count24hMax: true,
    },
  });
}
