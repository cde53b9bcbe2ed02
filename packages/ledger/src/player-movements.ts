import { assert, Money, type CurrencyCode, type TransactionId } from '@casino/core';
import type { Db, Tx } from '@casino/db';
import type { PlayerWallet } from './accounts.ts';
import type { TransactionKind } from './post.ts';

/**
 * Reads of what moved through a player's accounts, for the packages that judge a player's behaviour
 * (AML monitoring, suspicious transaction reports, misuse of the account): they ask the ledger instead
 * of reading its tables. `reporting` reads the tables directly as its read model.
 */

export interface PlayerMovementTotalsQuery {
  playerId: string;
  kinds: readonly TransactionKind[];
  /** `credited`: money into the player's accounts (a deposit, a win); `debited`: money out of them (a stake, a fee). */
  direction: 'credited' | 'debited';
  /** Effective times in (after, until]; `until` open when absent. */
  after: Date;
  until?: Date;
  /** Only these of the player's accounts (by purpose); all of them when absent. */
  wallets?: readonly PlayerWallet[];
}

/** The sum of the player's postings that match, per currency, as positive amounts; currencies with none are absent. */
export async function playerMovementTotals(db: Db | Tx, query: PlayerMovementTotalsQuery): Promise<Money[]> {
  assert(query.kinds.length > 0, 'at least one transaction kind');
  assert(query.until === undefined || query.after <= query.until, 'after is not later than until');
  // A debit is a positive posting, a credit a negative one (INVARIANTS.md, sign convention).
  const sign = query.direction === 'debited' ? 1n : -1n;
  const rows = await db.$queryRaw<Array<{ currency: string; total: bigint }>>`
    SELECT p.currency, sum(p.amount_minor)::bigint AS total
    FROM ledger_posting p JOIN ledger_transaction t ON t.id = p.transaction_id JOIN ledger_account a ON a.id = p.account_id
    WHERE a.owner_kind = 'PLAYER' AND a.owner_id = ${query.playerId}
      AND (${query.wallets ?? null}::text[] IS NULL OR a.purpose = ANY(${query.wallets ?? null}::text[]))
      AND t.kind::text = ANY(${query.kinds}::text[]) AND p.amount_minor * ${sign} > 0
      AND p.effective_at > ${query.after} AND (${query.until ?? null}::timestamptz IS NULL OR p.effective_at <= ${query.until ?? null}::timestamptz)
    GROUP BY p.currency ORDER BY p.currency`;
  return rows.map((row) => Money.fromMinor(sign * row.total, row.currency as CurrencyCode));
}

/** One posting to one of a player's accounts, debit-positive like the ledger's (INVARIANTS.md, sign convention). */
export interface PlayerPosting {
  transactionId: TransactionId;
  kind: TransactionKind;
  accountCode: string;
  currency: CurrencyCode;
  amountMinor: bigint;
  effectiveAt: Date;
}

/** The postings to a player's accounts effective at or after `since`, oldest first, at most `limit`. */
export async function playerPostingsSince(
  db: Db | Tx,
  query: { playerId: string; since: Date; limit: number },
): Promise<PlayerPosting[]> {
  assert(Number.isInteger(query.limit) && query.limit >= 1, 'limit is a positive integer');
  const rows = await db.$queryRaw<
    Array<{
      transaction_id: string;
      kind: TransactionKind;
      account_code: string;
      currency: string;
      amount_minor: bigint;
      effective_at: Date;
    }>
  >`
    SELECT t.id AS transaction_id, t.kind::text AS kind, a.code AS account_code, p.currency, p.amount_minor, p.effective_at
    FROM ledger_posting p JOIN ledger_transaction t ON t.id = p.transaction_id JOIN ledger_account a ON a.id = p.account_id
    WHERE a.owner_kind = 'PLAYER' AND a.owner_id = ${query.playerId} AND p.effective_at >= ${query.since}
    ORDER BY p.effective_at, p.id LIMIT ${query.limit}`;
  return rows.map((r) => ({
    transactionId: r.transaction_id as TransactionId,
    kind: r.kind,
    accountCode: r.account_code,
    currency: r.currency as CurrencyCode,
    amountMinor: r.amount_minor,
    effectiveAt: r.effective_at,
  }));
}

/**
 * The effective time of the player's latest posting of one of these kinds, or null when there is
 * none (issue 23: dormancy counts from the last movement the player initiated, 004:DRM-01, DRM-02).
 */
export async function lastPlayerMovementAt(
  db: Db | Tx,
  query: { playerId: string; kinds: readonly TransactionKind[]; wallets?: readonly PlayerWallet[] },
): Promise<Date | null> {
  assert(query.kinds.length > 0, 'at least one transaction kind');
  const [row] = await db.$queryRaw<[{ last: Date | null }]>`
    SELECT max(p.effective_at) AS last
    FROM ledger_posting p JOIN ledger_transaction t ON t.id = p.transaction_id JOIN ledger_account a ON a.id = p.account_id
    WHERE a.owner_kind = 'PLAYER' AND a.owner_id = ${query.playerId}
      AND (${query.wallets ?? null}::text[] IS NULL OR a.purpose = ANY(${query.wallets ?? null}::text[]))
      AND t.kind::text = ANY(${query.kinds}::text[])`;
  return row.last;
}

/** The balances of a player's wallets that are not zero, by purpose and currency (issue 23: a notice needs them all at zero, 004:TRM-03). */
export async function nonZeroPlayerBalances(db: Db | Tx, playerId: string): Promise<Array<{ wallet: string; balance: Money }>> {
  const rows = await db.$queryRaw<Array<{ purpose: string; currency: string; total: bigint }>>`
    SELECT a.purpose, a.currency, sum(s.balance_minor)::bigint AS total
    FROM ledger_account a JOIN ledger_account_shard s ON s.account_id = a.id
    WHERE a.owner_kind = 'PLAYER' AND a.owner_id = ${playerId}
    GROUP BY a.purpose, a.currency HAVING sum(s.balance_minor) <> 0
    ORDER BY a.purpose, a.currency`;
  return rows.map((r) => ({ wallet: r.purpose, balance: Money.fromMinor(r.total, r.currency as CurrencyCode) }));
}

/** Which of these players hold a positive balance in the given wallet (issue 23: closed accounts to settle, 004:TRM-13). */
export async function playersWithPositiveBalance(
  db: Db | Tx,
  query: { playerIds: readonly string[]; wallet: PlayerWallet; currency: CurrencyCode },
): Promise<string[]> {
  if (query.playerIds.length === 0) return [];
  const rows = await db.$queryRaw<Array<{ owner_id: string }>>`
    SELECT a.owner_id FROM ledger_account a JOIN ledger_account_shard s ON s.account_id = a.id
    WHERE a.owner_kind = 'PLAYER' AND a.owner_id = ANY(${query.playerIds}::text[]) AND a.purpose = ${query.wallet} AND a.currency = ${query.currency}
    GROUP BY a.owner_id HAVING sum(s.balance_minor) > 0
    ORDER BY a.owner_id`;
  return rows.map((r) => r.owner_id);
}
