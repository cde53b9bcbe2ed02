import { DomainError, Money, type AccountId, type CurrencyCode } from '@casino/core';
import type { Db, Tx } from '@casino/db';
import * as ledger from '@casino/ledger';

/**
 * What the account's lifecycle (issue 23) asks about a player's money: the balance of the wallets
 * the player owns, bets not yet settled, and calendar months.
 */

/** The instant `months` calendar months after `instant` (the 31st of a shorter month is its last day). */
export function addCalendarMonths(instant: Date, months: number): Date {
  const result = new Date(instant.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** The player's cash wallet (the Konto), if one was ever opened. */
export async function cashWallet(db: Db | Tx, playerId: string, currency: CurrencyCode): Promise<AccountId | null> {
  return (await ledger.findAccountByCode(db, ledger.playerWalletCode(playerId, 'cash', currency)))?.id ?? null;
}

/** The balance of the player's cash wallet; zero when it was never opened. */
export async function cashBalance(db: Db | Tx, playerId: string, currency: CurrencyCode): Promise<Money> {
  const wallet = await cashWallet(db, playerId, currency);
  return wallet ? ledger.balance(db, wallet) : Money.zero(currency);
}

/** Every wallet the player owns with a balance other than zero (cash, temporary, bonus, any currency). */
export async function nonZeroWallets(db: Db | Tx, playerId: string): Promise<Array<{ purpose: string; balance: Money }>> {
  return (await ledger.nonZeroPlayerBalances(db, playerId)).map((w) => ({ purpose: w.wallet, balance: w.balance }));
}

/**
 * Whether the player has a bet not yet settled: a stake in a round still open, or chips at a poker
 * cash table, which are the player's money in play until they leave it (004:DRM-03: never inactive
 * while it holds one; TRM-03: a notice is disregarded while one is open; D-1741).
 */
export async function hasUnsettledBets(db: Db | Tx, playerId: string): Promise<boolean> {
  const [row] = await db.$queryRaw<[{ open: boolean }]>`
    SELECT EXISTS (
      SELECT 1 FROM game_round_player rp JOIN game_round r ON r.id = rp.round_id
      WHERE rp.player_id = ${playerId}::uuid AND rp.staked_minor > 0 AND r.status = 'OPEN'
    ) OR EXISTS (SELECT 1 FROM poker_seat s WHERE s.player_id = ${playerId}::uuid) AS open`;
  return row.open;
}

export async function operatorAccount(tx: Tx, purpose: string, currency: CurrencyCode): Promise<AccountId> {
  const account = await ledger.findAccountByCode(tx, ledger.operatorAccountCode(purpose, currency));
  if (!account) throw new DomainError('service-unavailable', 'The operator chart of accounts is not set up (run the seed).');
  return account.id;
}
