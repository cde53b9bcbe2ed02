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
  const since30d = new Date(options.now.getTime() - 30 * 24 * hourMs);
  const since7d = new Date(options.now.getTime() - 7 * 24 * hourMs);
  const since24h = new Date(options.now.getTime() - 24 * hourMs);
  const includePending = options.mode === 'intent';
  const exclude = options.excludeDepositId ?? '00000000-0000-0000-0000-000000000000';
  const [row] = await tx.$queryRaw<[{ d30: bigint; d7: bigint; d24: bigint; n24: bigint; a24: bigint }]>`
    WITH counted AS (
      SELECT amount_minor, COALESCE(credited_at, created_at) AS at, created_at, channel,
             (credited_at IS NOT NULL OR (${includePending} AND status IN ('CREATED', 'PENDING'))) AS counts
      FROM cashier_deposit
      WHERE player_id = ${options.playerId}::uuid AND instrument = ${options.instrument} AND id <> ${exclude}::uuid
        AND created_at > ${since30d}::timestamptz - interval '1 day'
    )
    SELECT COALESCE(sum(amount_minor) FILTER (WHERE counts AND at > ${since30d}), 0)::bigint AS d30,
           COALESCE(sum(amount_minor) FILTER (WHERE counts AND at > ${since7d}), 0)::bigint AS d7,
           COALESCE(sum(amount_minor) FILTER (WHERE counts AND at > ${since24h}), 0)::bigint AS d24,
           count(*) FILTER (WHERE counts AND at > ${since24h})::bigint AS n24,
           count(*) FILTER (WHERE channel = 'CASHLESS' AND created_at > ${since24h})::bigint AS a24
    FROM counted`;
  return {
    rolling30dMinor: row.d30,
    rolling7dMinor: row.d7,
    rolling24hMinor: row.d24,
    count24h: Number(row.n24),
    attempts24h: Number(row.a24),
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
