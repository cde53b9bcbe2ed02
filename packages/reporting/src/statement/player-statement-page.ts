import { assert, DomainError, Money, type CurrencyCode } from '@casino/core';
import type { Db } from '@casino/db';
import { Prisma } from '@casino/db';
import { counterpartGameSql } from '../registers/player-statement.ts';

export const statementPageSizeMax = 200;

export interface PlayerStatementLine {
  postingId: string;
  transactionId: string;
  effectiveAt: Date;
  kind: string;
  /** roulette, blackjack, platynko or poker for stakes, wins, buy-ins and the like; null for payments. */
  game: string | null;
  /** The game round (and its table) a stake, win or their reversal belongs to; null for other movements. */
  gameRoundId: string | null;
  tableId: string | null;
  wallet: string;
  /** The player's sign: money into the wallet is positive. */
  amount: Money;
  balanceAfter: Money;
}

export interface PlayerStatementPage {
  lines: PlayerStatementLine[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

/**
 * A page of the player's own statement, newest first (002:WAL-10, REC-05; 004:ACC-08). `betsOnly`
 * keeps the movements of games, the overview of closed bets. The balance after each line is the
 * wallet's running sum up to that posting, so every page is right on its own.
 */
export async function playerStatementPage(
  db: Db,
  options: { playerId: string; before?: string; limit: number; betsOnly?: boolean },
): Promise<PlayerStatementPage> {
  assert(
    Number.isInteger(options.limit) && options.limit >= 1 && options.limit <= statementPageSizeMax,
    `limit must be 1..${statementPageSizeMax}`,
  );
  const before = options.before === undefined ? null : parseCursor(options.before);
  const game = Prisma.raw(counterpartGameSql);
  const betsOnly = options.betsOnly ?? false;
  const rows = await db.$queryRaw<
    Array<{
      id: bigint;
      transaction_id: string;
      effective_at: Date;
      kind: string;
      game: string | null;
      round_id: string | null;
      table_id: string | null;
      wallet: string;
      currency: string;
      amount_minor: bigint;
      balance_minor: bigint;
    }>
  >`
    WITH mine AS (SELECT id FROM ledger_account WHERE owner_kind = 'PLAYER' AND owner_id = ${options.playerId}),
    candidates AS (
      SELECT p.id, p.transaction_id FROM ledger_posting p
      WHERE p.account_id IN (SELECT id FROM mine) AND (${before}::bigint IS NULL OR p.id < ${before}::bigint)),
    page AS (
      SELECT s.id, ${game} AS game FROM candidates s
      WHERE NOT ${betsOnly} OR ${game} IS NOT NULL
      ORDER BY s.id DESC LIMIT ${options.limit + 1}),
    running AS (
      SELECT p.id, p.account_id, p.transaction_id, p.effective_at, p.currency, p.amount_minor,
             sum(-p.amount_minor) OVER (PARTITION BY p.account_id ORDER BY p.id) AS balance_minor
      FROM ledger_posting p WHERE p.account_id IN (SELECT id FROM mine) AND p.id <= (SELECT max(id) FROM page))
    SELECT r.id, r.transaction_id, r.effective_at, t.kind::text AS kind, page.game,
           coalesce(t.metadata->>'roundId', rt.metadata->>'roundId') AS round_id,
           coalesce(t.metadata->>'tableId', rt.metadata->>'tableId') AS table_id,
           a.purpose AS wallet, r.currency,
           (-r.amount_minor)::bigint AS amount_minor, r.balance_minor::bigint AS balance_minor
    FROM running r JOIN page ON page.id = r.id JOIN ledger_transaction t ON t.id = r.transaction_id JOIN ledger_account a ON a.id = r.account_id
    LEFT JOIN ledger_transaction rt ON rt.id = t.reverses_transaction_id
    ORDER BY r.id DESC`;
  const page = rows.slice(0, options.limit);
  return {
    lines: page.map((r) => ({
      postingId: r.id.toString(),
      transactionId: r.transaction_id,
      effectiveAt: r.effective_at,
      kind: r.kind,
      game: r.game,
      // Stakes and wins carry their round in the transaction's metadata (packages/tables money.ts); a
      // reversal (a voided round) names it through the transaction it reverses.
      gameRoundId: r.round_id,
      tableId: r.table_id,
      wallet: r.wallet,
      amount: Money.fromMinor(r.amount_minor, r.currency as CurrencyCode),
      balanceAfter: Money.fromMinor(r.balance_minor, r.currency as CurrencyCode),
    })),
    nextCursor: rows.length > options.limit ? page.at(-1)!.id.toString() : null,
  };
}

function parseCursor(cursor: string): bigint {
  if (!/^\d{1,19}$/.test(cursor))
    throw new DomainError('validation-failed', 'The cursor is not one this API issued.', { field: 'query.before' });
  return BigInt(cursor);
}
