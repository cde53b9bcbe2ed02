import { z } from 'zod';
import { decimalAmountSql, isoTimestampSql, literal, pragueDateSql, timestampLiteral } from '../sql.ts';
import { ledgerBlockCoverage, snapshotBoundary, visibleInSnapshotSql } from './ledger-coverage.ts';
import { defineRegister, whereSql, type RegisterQuery } from './register.ts';

export const PlayerStatementFiltersSchema = z.object({
  playerId: z.uuid(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});

export type PlayerStatementFilters = z.infer<typeof PlayerStatementFiltersSchema>;

/**
 * The game a wallet posting was for, read from the other side of its transaction: a game's revenue
 * account names the game; rake, poker tables and tournaments are poker. Empty for deposits and the like.
 */
export const counterpartGameSql = `(SELECT CASE WHEN oa.purpose = 'game-revenue' THEN split_part(oa.code, ':', 3) ELSE 'poker' END
  FROM ledger_posting o JOIN ledger_account oa ON oa.id = o.account_id
  WHERE o.transaction_id = s.transaction_id AND (oa.purpose IN ('game-revenue', 'rake-revenue') OR oa.owner_kind IN ('POKER_TABLE', 'TOURNAMENT'))
  ORDER BY o.id LIMIT 1)`;

function statementQuery(filters: PlayerStatementFilters, snapshot: string): RegisterQuery {
  // The running balance is summed over the wallet's whole history up to `to`, then the period is cut,
  // so the first line of a period already shows the right balance.
  const until = filters.to ? `AND p.effective_at < ${timestampLiteral(new Date(filters.to))}` : '';
  const from = `(SELECT p.id, p.transaction_id, p.effective_at, p.currency, p.amount_minor, t.kind, t.xid, a.purpose AS wallet,
                       sum(-p.amount_minor) OVER (PARTITION BY p.account_id ORDER BY p.effective_at, p.id) AS balance_minor
                FROM ledger_posting p JOIN ledger_account a ON a.id = p.account_id JOIN ledger_transaction t ON t.id = p.transaction_id
                WHERE a.owner_kind = 'PLAYER' AND a.owner_id = ${literal(filters.playerId)} AND ${visibleInSnapshotSql('t.xid', snapshot)} ${until}) s`;
  const where = filters.from ? [`s.effective_at >= ${timestampLiteral(new Date(filters.from))}`] : [];
  return { from, where, orderBy: 's.effective_at, s.id' };
}

/**
 * A player's own statement (002:WAL-10, REC-05; 004:ACC-08): every movement of their wallets with
 * the balance after it and, for stakes and wins, the game. Signs are the player's: money in is
 * positive. Round-level detail (table, round id) joins in when issue 7's game-rounds register lands.
 */
export const playerStatementRegister = defineRegister<PlayerStatementFilters>({
  name: 'player-statement',
  version: 1,
  title: "A player's statement",
  description:
    "Every movement of the player's wallets in time order, with the balance after it and the game for stakes and wins.",
  filters: PlayerStatementFiltersSchema,
  columns: [
    {
      name: 'effective_at',
      description: 'When the movement counts',
      unit: 'ISO 8601, UTC, milliseconds',
      sql: isoTimestampSql('s.effective_at'),
    },
    {
      name: 'prague_date',
      description: 'Calendar day in Europe/Prague',
      unit: 'YYYY-MM-DD',
      sql: pragueDateSql('s.effective_at'),
    },
    { name: 'transaction_id', description: 'Ledger transaction', sql: 's.transaction_id::text' },
    { name: 'kind', description: 'DEPOSIT, STAKE, WIN, WITHDRAWAL_HOLD, …', sql: 's.kind::text' },
    { name: 'game', description: 'roulette, blackjack, platynko or poker for game movements', sql: counterpartGameSql },
    { name: 'wallet', description: 'cash, temporary or bonus', sql: 's.wallet' },
    { name: 'currency', description: 'ISO 4217', sql: 's.currency' },
    {
      name: 'amount',
      description: 'Money in (positive) or out (negative) of the wallet',
      unit: 'decimal string in the currency',
      sql: decimalAmountSql('-s.amount_minor', 's.currency'),
    },
    { name: 'amount_minor', description: 'The same in integer minor units', unit: 'minor units', sql: '(-s.amount_minor)::text' },
    {
      name: 'balance_after',
      description: 'Wallet balance after the movement',
      unit: 'decimal string in the currency',
      sql: decimalAmountSql('s.balance_minor::bigint', 's.currency'),
    },
    {
      name: 'balance_after_minor',
      description: 'The same in integer minor units',
      unit: 'minor units',
      sql: 's.balance_minor::bigint::text',
    },
  ],
  boundary: snapshotBoundary,
  query: statementQuery,
  coverage: (client, query) =>
    ledgerBlockCoverage(client, `SELECT s.transaction_id, s.xid FROM ${query.from} WHERE ${whereSql(query)}`),
  reproducible: true,
});
