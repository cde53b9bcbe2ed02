import { Money, type CurrencyCode } from '@casino/core';
import type { Db } from '@casino/db';

export interface PlayerWalletBalance {
  /** cash, temporary or bonus: the purpose of the player's ledger account. */
  wallet: string;
  balance: Money;
}

/** Wallets in the order a player reads them: the money they own first, then the temporary account's, then bonus. */
const walletOrder = ['cash', 'temporary', 'bonus'];

/**
 * The balance of every wallet the player has, now (002:WAL-10; 004:ACC-08): one row per ledger wallet
 * account, from its cached shard balances, in one query. The player's debt account is not a wallet
 * (it is what they owe; GET /v1/debts shows it). Money reserved for a pending withdrawal has already
 * left the wallet, so a balance is what the player can stake or withdraw.
 */
export async function playerWalletBalances(db: Db, playerId: string): Promise<PlayerWalletBalance[]> {
  const rows = await db.$queryRaw<Array<{ wallet: string; currency: string; balance_minor: bigint }>>`
    SELECT a.purpose AS wallet, a.currency, coalesce(sum(s.balance_minor), 0)::bigint AS balance_minor
    FROM ledger_account a LEFT JOIN ledger_account_shard s ON s.account_id = a.id
    WHERE a.owner_kind = 'PLAYER' AND a.owner_id = ${playerId} AND a.purpose = ANY(${walletOrder}::text[])
    GROUP BY a.id, a.purpose, a.currency`;
  return rows
    .map((r) => ({ wallet: r.wallet, balance: Money.fromMinor(r.balance_minor, r.currency as CurrencyCode) }))
    .sort(
      (a, b) =>
        walletOrder.indexOf(a.wallet) - walletOrder.indexOf(b.wallet) || a.balance.currency.localeCompare(b.balance.currency),
    );
}
