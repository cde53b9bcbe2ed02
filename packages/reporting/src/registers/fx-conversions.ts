import { CurrencyCodeSchema } from '@casino/core';
import { z } from 'zod';
import { decimalAmountSql, isoTimestampSql, literal, pragueDateSql, timestampLiteral } from '../sql.ts';
import { ledgerBlockCoverage, snapshotBoundary, visibleInSnapshotSql } from './ledger-coverage.ts';
import { defineRegister, whereSql, type RegisterQuery } from './register.ts';

export const fxConversionPurposes = ['deposit', 'withdrawal', 'exchange', 'game'] as const;

export const FxConversionFiltersSchema = z
  .object({
    from: z.iso.datetime({ offset: true }).describe('Conversions at or after this instant'),
    to: z.iso.datetime({ offset: true }).describe('Conversions before this instant'),
    playerId: z.uuid().optional(),
    purpose: z.enum(fxConversionPurposes).optional(),
    currency: CurrencyCodeSchema.optional().describe('Only conversions from or into this currency'),
  })
  .refine((f) => new Date(f.from) < new Date(f.to), { path: ['to'], message: 'must be after from' });

export type FxConversionFilters = z.infer<typeof FxConversionFiltersSchema>;

function conversionQuery(filters: FxConversionFilters, snapshot: string): RegisterQuery {
  const where = [
    // Written in the same database transaction as its ledger transaction: visible exactly when that is.
    visibleInSnapshotSql('t.xid', snapshot),
    `c.at >= ${timestampLiteral(new Date(filters.from))}`,
    `c.at < ${timestampLiteral(new Date(filters.to))}`,
  ];
  if (filters.playerId) where.push(`c.player_id = ${literal(filters.playerId)}::uuid`);
  if (filters.purpose) where.push(`c.purpose = ${literal(filters.purpose)}`);
  if (filters.currency)
    where.push(`(c.debit_currency = ${literal(filters.currency)} OR c.credit_currency = ${literal(filters.currency)})`);
  return {
    from: 'fx_conversion c JOIN ledger_transaction t ON t.id = c.ledger_transaction_id',
    where,
    orderBy: 'c.at, c.id',
  };
}

const amountColumns = (side: 'debit' | 'credit' | 'fee', holds: string) => [
  { name: `${side}_currency`, description: `Currency of the ${holds}`, unit: 'ISO 4217', sql: `c.${side}_currency` },
  {
    name: `${side}_amount`,
    description: `The ${holds}`,
    unit: 'decimal string in the currency',
    sql: decimalAmountSql(`c.${side}_minor`, `c.${side}_currency`),
  },
  { name: `${side}_minor`, description: `The ${holds}`, unit: 'integer minor units', sql: `c.${side}_minor::text` },
];

/**
 * Currency conversions (issue 26; 002:WAL-04, WAL-06, WAL-10; 004:BET-06, AMB-18): every conversion of a
 * period with both amounts, the fee, the rate, its source and publication time, the quote the player saw
 * and the one ledger transaction that moved the money (its postings are in `ledger-transactions`). Rows
 * are never changed, so a file can be produced again at any time.
 */
export const fxConversionsRegister = defineRegister<FxConversionFilters>({
  name: 'fx-conversions',
  version: 1,
  title: 'Currency conversions',
  description:
    'Every conversion between currencies: purpose, both amounts, fee, rate with its source and time, quote and ledger transaction.',
  filters: FxConversionFiltersSchema,
  columns: [
    { name: 'conversion_id', description: 'Conversion (fx_conversion.id)', sql: 'c.id::text' },
    { name: 'ledger_transaction_id', description: 'The one ledger transaction that moved the money', sql: 't.id::text' },
    { name: 'at', description: 'When it was converted', unit: 'ISO 8601, UTC, milliseconds', sql: isoTimestampSql('c.at') },
    { name: 'prague_date', description: 'Calendar day of at in Europe/Prague', unit: 'YYYY-MM-DD', sql: pragueDateSql('c.at') },
    { name: 'purpose', description: 'deposit, withdrawal, exchange (between wallets) or game (a buy-in)', sql: 'c.purpose' },
    {
      name: 'kind',
      description: 'The ledger transaction kind (DEPOSIT, WITHDRAWAL_HOLD, FX_CONVERSION, BUY_IN, …)',
      sql: 't.kind::text',
    },
    { name: 'player_id', description: 'The player whose money was converted', sql: 'c.player_id::text' },
    {
      name: 'reference',
      description: 'What caused it: deposit:<id>, withdrawal:<id>, fx-quote:<id>, a seating',
      sql: 'c.reference',
    },
    { name: 'quote_id', description: 'The quote the player saw and accepted, if any', sql: 'c.quote_id::text' },
    ...amountColumns('debit', 'amount that left (the payment, the wallet)'),
    ...amountColumns('credit', 'amount that arrived after the fee'),
    ...amountColumns('fee', 'conversion fee taken'),
    {
      name: 'rate',
      description: 'Units of the credit currency per unit of the debit currency',
      unit: 'decimal, 12 places',
      sql: 'c.rate::text',
    },
    { name: 'rate_source', description: 'The published source the rate follows (xe, oanda, …)', sql: 'c.rate_source' },
    {
      name: 'rate_published_at',
      description: 'When the source published the rate',
      unit: 'ISO 8601, UTC, milliseconds',
      sql: isoTimestampSql('c.rate_published_at'),
    },
    { name: 'rate_set_id', description: 'The rate set in force (fx_rate_set.id)', sql: 'c.rate_set_id::text' },
  ],
  boundary: snapshotBoundary,
  query: conversionQuery,
  coverage: (client, query) =>
    ledgerBlockCoverage(client, `SELECT t.id AS transaction_id, t.xid FROM ${query.from} WHERE ${whereSql(query)}`),
  reproducible: true,
});
