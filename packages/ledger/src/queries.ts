import { assert, DomainError, Money, type AccountId, type CurrencyCode, type TransactionId } from '@casino/core';
import type { Db, Tx } from '@casino/db';
import { findAccountById, toAccount, type Account, type AccountType } from './accounts.ts';
import type { TransactionKind } from './post.ts';

/** +1 for debit-normal accounts, -1 for credit-normal ones (the SQL function ledger_normal_sign). */
export function normalSign(type: AccountType): 1n | -1n {
  return type === 'ASSET' || type === 'EXPENSE' ? 1n : -1n;
}

/**
 * The balance of an account, normal-signed (a player's wallet shows what the operator owes them).
 * Now: the sum of the cached shard balances. As of a time: the sum of postings effective by then.
 */
export async function balance(db: Db | Tx, accountId: AccountId, options: { asOf?: Date } = {}): Promise<Money> {
  const account = await findAccountById(db, accountId);
  if (!account) throw new DomainError('not-found', `No ledger account ${accountId}.`, { field: 'accountId' });
  if (options.asOf === undefined) {
    const [row] = await db.$queryRaw<[{ total: bigint | null }]>`
      SELECT sum(balance_minor)::bigint AS total FROM ledger_account_shard WHERE account_id = ${accountId}::uuid`;
    return Money.fromMinor(row.total ?? 0n, account.currency);
  }
  const [row] = await db.$queryRaw<[{ total: bigint | null }]>`
    SELECT sum(amount_minor)::bigint AS total FROM ledger_posting
    WHERE account_id = ${accountId}::uuid AND effective_at <= ${options.asOf}`;
  return Money.fromMinor(normalSign(account.type) * (row.total ?? 0n), account.currency);
}

export interface StatementLine {
  postingId: bigint;
  transactionId: TransactionId;
  kind: TransactionKind;
  /** Normal-signed: positive adds to the balance. */
  amount: Money;
  balanceAfter: Money;
  effectiveAt: Date;
  metadata: unknown;
}

export interface Statement {
  accountId: AccountId;
  lines: StatementLine[];
  /** Pass as `after` for the next page; null on the last page. */
  nextCursor: string | null;
}

export const statementPageSizeMax = 500;

/**
 * The account's postings in the order they were written, with the balance after each, a page at
 * a time (keyset on the posting id). The running balance starts from the sum of everything before
 * the page, so every page is right on its own.
 */
export async function statement(
  db: Db | Tx,
  accountId: AccountId,
  options: { after?: string; limit?: number } = {},
): Promise<Statement> {
  const limit = options.limit ?? 100;
  assert(Number.isInteger(limit) && limit >= 1 && limit <= statementPageSizeMax, `limit must be 1..${statementPageSizeMax}`);
  const account = await findAccountById(db, accountId);
  if (!account) throw new DomainError('not-found', `No ledger account ${accountId}.`, { field: 'accountId' });
  const after = options.after === undefined ? 0n : parseCursor(options.after);
  const sign = normalSign(account.type);
  const rows = await db.$queryRaw<
    Array<{
      id: bigint;
      transaction_id: string;
      kind: TransactionKind;
      amount_minor: bigint;
      running_minor: bigint;
      effective_at: Date;
      metadata: unknown;
    }>
  >`
    WITH opening AS (
      SELECT COALESCE(sum(amount_minor), 0)::bigint AS total FROM ledger_posting WHERE account_id = ${accountId}::uuid AND id <= ${after}
    ), page AS (
      SELECT p.id, p.transaction_id, p.amount_minor, p.effective_at FROM ledger_posting p
      WHERE p.account_id = ${accountId}::uuid AND p.id > ${after} ORDER BY p.id LIMIT ${limit + 1}
    )
    SELECT page.id, page.transaction_id, t.kind, page.amount_minor, page.effective_at, t.metadata,
           ((SELECT total FROM opening) + sum(page.amount_minor) OVER (ORDER BY page.id))::bigint AS running_minor
    FROM page JOIN ledger_transaction t ON t.id = page.transaction_id ORDER BY page.id`;
  const pageRows = rows.slice(0, limit);
  return {
    accountId,
    lines: pageRows.map((r) => ({
      postingId: r.id,
      transactionId: r.transaction_id as TransactionId,
      kind: r.kind,
      amount: Money.fromMinor(sign * r.amount_minor, account.currency),
      balanceAfter: Money.fromMinor(sign * r.running_minor, account.currency),
      effectiveAt: r.effective_at,
      metadata: r.metadata,
    })),
    nextCursor: rows.length > limit ? String(pageRows.at(-1)!.id) : null,
  };
}

function parseCursor(cursor: string): bigint {
  if (!/^\d{1,19}$/.test(cursor))
    throw new DomainError('validation-failed', 'The cursor is not one this API issued.', { field: 'query.after' });
  return BigInt(cursor);
}

export interface TrialBalanceLine {
  type: AccountType;
  /** Sum of debits and of credits posted to accounts of this type (both as positive amounts). */
  debits: Money;
  credits: Money;
  /** Normal-signed balance of all accounts of this type. */
  balance: Money;
}

export interface TrialBalance {
  currency: CurrencyCode;
  asOf: Date | null;
  lines: TrialBalanceLine[];
  totalDebits: Money;
  totalCredits: Money;
  /** Double entry holds: total debits equal total credits. */
  balanced: boolean;
}

/** Debits and credits per account type in one currency, from the postings (now or as of a time). */
export async function trialBalance(db: Db | Tx, currency: CurrencyCode, options: { asOf?: Date } = {}): Promise<TrialBalance> {
  const asOf = options.asOf ?? null;
  const rows = await db.$queryRaw<Array<{ type: AccountType; debits: bigint; credits: bigint }>>`
    SELECT a.type,
           COALESCE(sum(p.amount_minor) FILTER (WHERE p.amount_minor > 0), 0)::bigint AS debits,
           COALESCE(-sum(p.amount_minor) FILTER (WHERE p.amount_minor < 0), 0)::bigint AS credits
    FROM ledger_posting p JOIN ledger_account a ON a.id = p.account_id
    WHERE p.currency = ${currency} AND (${asOf}::timestamptz IS NULL OR p.effective_at <= ${asOf}::timestamptz)
    GROUP BY a.type ORDER BY a.type`;
  const money = (minor: bigint) => Money.fromMinor(minor, currency);
  const lines = rows.map((r) => ({
    type: r.type,
    debits: money(r.debits),
    credits: money(r.credits),
    balance: money(normalSign(r.type) * (r.debits - r.credits)),
  }));
  const totalDebits = Money.sum(
    lines.map((l) => l.debits),
    currency,
  );
  const totalCredits = Money.sum(
    lines.map((l) => l.credits),
    currency,
  );
  return { currency, asOf, lines, totalDebits, totalCredits, balanced: totalDebits.equals(totalCredits) };
}

/**
 * The transaction posted under an idempotency key, or null. For a caller that must tell a replay
 * from a first request before it can even build the request (an event whose amount may differ from
 * the first delivery's, which `post` would refuse as a reused key instead of replaying).
 */
export async function findTransactionIdByIdempotencyKey(db: Db | Tx, idempotencyKey: string): Promise<TransactionId | null> {
  const row = await db.ledgerTransaction.findUnique({ where: { idempotencyKey }, select: { id: true } });
  return row ? (row.id as TransactionId) : null;
}

/** A transaction as it was posted, each line with the account it went to. */
export interface TransactionWithPostings {
  id: TransactionId;
  kind: TransactionKind;
  effectiveAt: Date;
  metadata: unknown;
  /** Debit-positive (INVARIANTS.md, sign convention), in posting order. */
  postings: Array<{ account: Account; amount: Money }>;
}

/** A posted transaction with its lines and their accounts, or null: for a caller that must see what a movement did (a clawback of a win). */
export async function findTransaction(db: Db | Tx, transactionId: string): Promise<TransactionWithPostings | null> {
  const row = await db.ledgerTransaction.findUnique({
    where: { id: transactionId },
    select: {
      id: true,
      kind: true,
      effectiveAt: true,
      metadata: true,
      postings: { select: { amountMinor: true, currency: true, account: true }, orderBy: { id: 'asc' } },
    },
  });
  if (!row) return null;
  return {
    id: row.id as TransactionId,
    kind: row.kind,
    effectiveAt: row.effectiveAt,
    metadata: row.metadata,
    postings: row.postings.map((p) => {
      assert(p.currency === p.account.currency, "a posting is in its account's currency (I2)");
      return {
        account: toAccount(p.account),
        amount: Money.fromMinor(p.amountMinor, p.currency as CurrencyCode),
      };
    }),
  };
}
