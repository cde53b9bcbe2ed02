import type { Tx } from '@casino/db';

/**
 * Serialises the cashier's decisions about one player (caps over rolling windows, the temporary
 * account's cap, concurrent withdrawals) for the rest of the database transaction, without
 * locking the player's row that logins and profile changes update.
 */
export async function lockPlayerCashier(tx: Tx, playerId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`cashier:${playerId}`}, 0))`;
}
