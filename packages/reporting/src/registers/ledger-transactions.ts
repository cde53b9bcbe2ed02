import { CurrencyCodeSchema } from '@casino/core';
import { transactionKinds } from '@casino/ledger';
import { z } from 'zod';
import { decimalAmountSql, isoTimestampSql, literal, pragueDateSql, timestampLiteral } from '../sql.ts';
import { ledgerBlockCoverage, snapshotBoundary, visibleInSnapshotSql } from './ledger-coverage.ts';
import { defineRegister, whereSql, type RegisterQuery } from './register.ts';

export const ledgerGames = ['roulette', 'blackjack', 'poker', 'platynko'] as const;
export const ledgerAccountTypes = ['ASSET', 'LIABILITY', 'REVENUE', 'EXPENSE', 'EQUITY'] as const;
/** The ledger's own list (issue 15: one definition), under the name the export filters have always used. */
export const ledgerTransactionKinds = transactionKinds;

const period = {
  from: z.iso.datetime({ offset: true }).describe('Postings effective at or after this instant'),
  to: z.iso.datetime({ offset: true }).describe('Postings effective before this instant'),
};

export const LedgerTransactionFiltersSchema = z
  .object({
    ...period,
    playerId: z.uuid().optional().describe("Only transactions that touch one of this player's wallets"),
    accountType: z.enum(ledgerAccountTypes).optional().describe('Only transactions with a posting on an account of this type'),
    kind: z.enum(ledgerTransactionKinds).optional(),
    game: z
      .enum(ledgerGames)
      .optional()
      .describe("Only transactions that touch the game's revenue accounts (poker: also rake, tables and tournaments)"),
    currency: CurrencyCodeSchema.optional().describe('Only transactions with a posting in this currency'),
  })
  .refine((f) => new Date(f.from) < new Date(f.to), { path: ['to'], message: 'must be after from' });

export type LedgerTransactionFilters = z.infer<typeof LedgerTransactionFiltersSchema>;

/** Transactions with at least one posting in the period on an account matching `accountCondition`. */
function touching(accountCondition: string, filters: LedgerTransactionFilters): string {
  return `p.transaction_id IN (SELECT q.transaction_id FROM ledger_posting q JOIN ledger_account qa ON qa.id = q.account_id
    WHERE ${accountCondition} AND q.effective_at >= ${timestampLiteral(new Date(filters.from))} AND q.effective_at < ${timestampLiteral(new Date(filters.to))})`;
}

export function gameAccountCondition(game: (typeof ledgerGames)[number], alias: string): string {
  const revenue = `(${alias}.purpose = 'game-revenue' AND split_part(${alias}.code, ':', 3) = ${literal(game)})`;
  if (game !== 'poker') return revenue;
  return `(${revenue} OR ${alias}.purpose = 'rake-revenue' OR ${alias}.owner_kind IN ('POKER_TABLE', 'TOURNAMENT'))`;
}

function ledgerQuery(filters: LedgerTransactionFilters, snapshot: string): RegisterQuery {
  const where = [
    visibleInSnapshotSql('t.xid', snapshot),
    `p.effective_at >= ${timestampLiteral(new Date(filters.from))}`,
    `p.effective_at < ${timestampLiteral(new Date(filters.to))}`,
  ];
  if (filters.kind) where.push(`t.kind = ${literal(filters.kind)}`);
  if (filters.playerId) where.push(touching(`qa.owner_kind = 'PLAYER' AND qa.owner_id = ${literal(filters.playerId)}`, filters));
  if (filters.accountType) where.push(touching(`qa.type = ${literal(filters.accountType)}`, filters));
  if (filters.game) where.push(touching(gameAccountCondition(filters.game, 'qa'), filters));
  if (filters.currency) where.push(touching(`qa.currency = ${literal(filters.currency)}`, filters));
  return {
    from: 'ledger_posting p JOIN ledger_transaction t ON t.id = p.transaction_id JOIN ledger_account a ON a.id = p.account_id',
    where,
    orderBy: 'p.effective_at, p.id',
  };
}

/**
 * Transaction records (002:REC-01/03, 004:DAT-05): every ledger transaction of a period with all of
 * its postings, one row per posting. Filters choose whole transactions, so each transaction in a
 * file balances per currency. Only immutable ledger data: a file can be produced again at any time.
 */
export const ledgerTransactionsRegister = defineRegister<LedgerTransactionFilters>({
  name: 'ledger-transactions',
  version: 1,
  title: 'Ledger transactions with their postings',
  description: 'Every ledger transaction effective in the period, with all its postings (one row per posting), in time order.',
  filters: LedgerTransactionFiltersSchema,
  columns: [
    { name: 'posting_id', description: 'Posting number (ledger_posting.id)', sql: 'p.id::text' },
    { name: 'transaction_id', description: 'Ledger transaction (UUIDv7)', sql: 't.id::text' },
    {
      name: 'effective_at',
      description: 'When the movement counts',
      unit: 'ISO 8601, UTC, milliseconds',
      sql: isoTimestampSql('p.effective_at'),
    },
    {
      name: 'prague_date',
      description: 'Calendar day of effective_at in Europe/Prague',
      unit: 'YYYY-MM-DD',
      sql: pragueDateSql('p.effective_at'),
    },
    { name: 'kind', description: 'Transaction kind (DEPOSIT, STAKE, WIN, RAKE, REVERSAL, …)', sql: 't.kind::text' },
    {
      name: 'reverses_transaction_id',
      description: 'The transaction this one reverses, if a reversal',
      sql: 't.reverses_transaction_id::text',
    },
    { name: 'account_id', description: 'Ledger account', sql: 'a.id::text' },
    {
      name: 'account_code',
      description: 'Account code: player:<id>:cash:CZK, operator:game-revenue:roulette:CZK, psp:<provider>:clearing:EUR, …',
      sql: 'a.code',
    },
    { name: 'account_type', description: 'ASSET, LIABILITY, REVENUE, EXPENSE or EQUITY', sql: 'a.type::text' },
    {
      name: 'owner_kind',
      description: 'PLAYER, OPERATOR, PAYMENT_PROVIDER, POKER_TABLE or TOURNAMENT',
      sql: 'a.owner_kind::text',
    },
    { name: 'owner_id', description: 'Player id for player wallets, provider for clearing accounts', sql: 'a.owner_id' },
    { name: 'currency', description: 'ISO 4217 currency of the posting', sql: 'p.currency' },
    { name: 'side', description: 'DEBIT or CREDIT', sql: "CASE WHEN p.amount_minor > 0 THEN 'DEBIT' ELSE 'CREDIT' END" },
    {
      name: 'amount',
      description: 'Signed amount: positive debits, negative credits',
      unit: 'decimal string in the currency (2 decimals for CZK)',
      sql: decimalAmountSql('p.amount_minor', 'p.currency'),
    },
    {
      name: 'amount_minor',
      description: 'The same amount in integer minor units',
      unit: 'minor units (haléř, cent)',
      sql: 'p.amount_minor::text',
    },
    {
      name: 'metadata',
      description: "The transaction's references (round, payment, staff user, reason)",
      unit: 'JSON',
      sql: 't.metadata::text',
    },
  ],
  boundary: snapshotBoundary,
  query: ledgerQuery,
  coverage: (client, query) =>
    ledgerBlockCoverage(client, `SELECT t.id AS transaction_id, t.xid FROM ${query.from} WHERE ${whereSql(query)}`),
  totals: async (client, query) => {
    const { rows } = await client.query<{ currency: string; row_count: string; debit_minor: string; credit_minor: string }>(`
      SELECT p.currency, count(*)::text AS row_count,
             coalesce(sum(p.amount_minor) FILTER (WHERE p.amount_minor > 0), 0)::text AS debit_minor,
             coalesce(-sum(p.amount_minor) FILTER (WHERE p.amount_minor < 0), 0)::text AS credit_minor
      FROM ${query.from} WHERE ${whereSql(query)} GROUP BY p.currency ORDER BY p.currency`);
    return rows.map((r) => ({
      currency: r.currency,
      rowCount: Number(r.row_count),
      debitMinor: r.debit_minor,
      creditMinor: r.credit_minor,
    }));
  },
  reproducible: true,
});
