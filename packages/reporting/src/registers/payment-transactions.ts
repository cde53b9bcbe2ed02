import { z } from 'zod';
import { decimalAmountSql, isoTimestampSql, literal, pragueDateSql, timestampLiteral } from '../sql.ts';
import { ledgerBlockCoverage, snapshotBoundary } from './ledger-coverage.ts';
import { defineRegister, whereSql, type RegisterQuery } from './register.ts';

export const PaymentTransactionFiltersSchema = z.object({
  from: z.iso.datetime({ offset: true }).optional().describe('Requested at or after'),
  to: z.iso.datetime({ offset: true }).optional().describe('Requested before'),
  playerId: z.uuid().optional(),
  direction: z.enum(['deposit', 'withdrawal']).optional(),
  status: z
    .string()
    .regex(/^[A-Z_]{2,30}$/)
    .optional()
    .describe('A deposit or withdrawal status, e.g. SETTLED, PAID, REFUNDED'),
  instrument: z
    .string()
    .regex(/^[a-z-]{2,30}$/)
    .optional()
    .describe('bank-account, card, paypal, …, cash'),
  provider: z
    .string()
    .regex(/^[a-z][a-z0-9-]{1,38}$/)
    .optional(),
});

export type PaymentTransactionFilters = z.infer<typeof PaymentTransactionFiltersSchema>;

/**
 * Deposits and withdrawals side by side, one row each, with the ledger transactions that moved
 * their money: a deposit's credit (and its chargeback's reversal), a withdrawal's hold and its
 * settlement or release.
 */
const paymentRows = `(
  SELECT 'deposit'::text AS direction, d.id, d.player_id, d.payment_method_id, d.instrument, d.channel, d.provider, d.provider_payment_id AS provider_reference,
         d.amount_minor, d.currency, d.status::text AS status, d.created_at AS requested_at, d.credited_at AS completed_at,
         d.refusal_code AS failure, d.ledger_transaction_id AS ledger_transaction_id, NULL::uuid AS hold_transaction_id, d.reversal_transaction_id
  FROM cashier_deposit d
  UNION ALL
  SELECT 'withdrawal'::text, w.id, w.player_id, w.payment_method_id, w.instrument, w.channel, w.provider, w.provider_payout_id,
         w.amount_minor, w.currency, w.status::text, w.created_at, w.paid_at,
         w.failure_reason, h.resolve_transaction_id, h.reserve_transaction_id, NULL::uuid
  FROM cashier_withdrawal w JOIN ledger_hold h ON h.id = w.hold_id
) pt
JOIN player pl ON pl.id = pt.player_id
LEFT JOIN payment_method pm ON pm.id = pt.payment_method_id`;

function paymentQuery(filters: PaymentTransactionFilters): RegisterQuery {
  const where: string[] = [];
  if (filters.from) where.push(`pt.requested_at >= ${timestampLiteral(new Date(filters.from))}`);
  if (filters.to) where.push(`pt.requested_at < ${timestampLiteral(new Date(filters.to))}`);
  if (filters.playerId) where.push(`pt.player_id = ${literal(filters.playerId)}::uuid`);
  if (filters.direction) where.push(`pt.direction = ${literal(filters.direction)}`);
  if (filters.status) where.push(`pt.status = ${literal(filters.status)}`);
  if (filters.instrument) where.push(`pt.instrument = ${literal(filters.instrument)}`);
  if (filters.provider) where.push(`pt.provider = ${literal(filters.provider)}`);
  return { from: paymentRows, where, orderBy: 'pt.requested_at, pt.id' };
}

/**
 * The payment-transaction register (002:REC-01, REC-02; 004:PAY): every deposit and withdrawal with
 * the player's identification, the method, the amount, the dates and the status, kept 10 years. Rows
 * carry current personal data and a payment's status moves on (pending → settled → reversed), so a
 * file is verified against its manifest and recorded hash, not produced again; the ledger
 * transactions it names are covered by their sealed blocks.
 */
export const paymentTransactionsRegister = defineRegister<PaymentTransactionFilters>({
  name: 'payment-transactions',
  version: 1,
  title: 'Payment transactions',
  description:
    'Every deposit and withdrawal: who (identification), how (method, provider), how much, when, its status and the ledger transactions that moved the money.',
  filters: PaymentTransactionFiltersSchema,
  columns: [
    { name: 'payment_id', description: 'Deposit or withdrawal id', sql: 'pt.id::text' },
    { name: 'direction', description: 'deposit or withdrawal', sql: 'pt.direction' },
    { name: 'player_id', description: 'Player id', sql: 'pt.player_id::text' },
    { name: 'first_name', description: "The player's first name(s)", sql: 'pl.first_name' },
    { name: 'surname', description: "The player's surname", sql: 'pl.surname' },
    {
      name: 'date_of_birth',
      description: "The player's date of birth",
      unit: 'YYYY-MM-DD',
      sql: "to_char(pl.date_of_birth, 'YYYY-MM-DD')",
    },
    { name: 'instrument', description: 'bank-account, card, paypal, …; cash at a branch', sql: 'pt.instrument' },
    { name: 'channel', description: 'CASHLESS or CASH for deposits; PLAYER or SUPPORT for withdrawals', sql: 'pt.channel' },
    { name: 'payment_method_id', description: 'The payment method (none for cash)', sql: 'pt.payment_method_id::text' },
    { name: 'payment_method', description: 'The method as shown (masked number, brand)', sql: 'pm.display' },
    { name: 'provider', description: 'Payment provider', sql: 'pt.provider' },
    { name: 'provider_reference', description: "The provider's payment or payout id", sql: 'pt.provider_reference' },
    { name: 'currency', description: 'Currency', unit: 'ISO 4217', sql: 'pt.currency' },
    {
      name: 'amount',
      description: 'Amount',
      unit: 'decimal string in the currency',
      sql: decimalAmountSql('pt.amount_minor', 'pt.currency'),
    },
    { name: 'amount_minor', description: 'Amount', unit: 'integer minor units', sql: 'pt.amount_minor::text' },
    {
      name: 'status',
      description:
        'Status now (deposits: CREATED … SETTLED, REFUNDED, REVERSED; withdrawals: IN_REVIEW … PAID, FAILED, CANCELLED)',
      sql: 'pt.status',
    },
    {
      name: 'requested_at',
      description: 'When it was requested',
      unit: 'ISO 8601, UTC, milliseconds',
      sql: isoTimestampSql('pt.requested_at'),
    },
    {
      name: 'prague_date',
      description: 'The calendar day it was requested, in Europe/Prague',
      unit: 'YYYY-MM-DD',
      sql: pragueDateSql('pt.requested_at'),
    },
    {
      name: 'completed_at',
      description: 'When a deposit was credited or a withdrawal paid',
      unit: 'ISO 8601, UTC, milliseconds',
      sql: isoTimestampSql('pt.completed_at'),
    },
    { name: 'failure', description: 'Why it was refused or failed', sql: 'pt.failure' },
    {
      name: 'ledger_transaction_id',
      description: "The ledger transaction that credited the deposit or settled (or released) the withdrawal's hold",
      sql: 'pt.ledger_transaction_id::text',
    },
    {
      name: 'hold_transaction_id',
      description: "The ledger transaction that held a withdrawal's amount",
      sql: 'pt.hold_transaction_id::text',
    },
    {
      name: 'reversal_transaction_id',
      description: 'The ledger transaction that reversed a deposit (a chargeback)',
      sql: 'pt.reversal_transaction_id::text',
    },
  ],
  boundary: snapshotBoundary,
  query: (filters) => paymentQuery(filters),
  coverage: (client, query) =>
    ledgerBlockCoverage(
      client,
      `
    SELECT t.id AS transaction_id, t.xid FROM ${query.from}
    JOIN ledger_transaction t ON t.id IN (pt.ledger_transaction_id, pt.hold_transaction_id, pt.reversal_transaction_id)
    WHERE ${whereSql(query)}`,
    ),
  reproducible: false,
});
