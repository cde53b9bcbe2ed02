import { z } from 'zod';
import { decimalAmountSql, isoTimestampSql, literal, pragueDateSql, timestampLiteral } from '../sql.ts';
import { snapshotBoundary } from './ledger-coverage.ts';
import { defineRegister, type RegisterQuery } from './register.ts';

export const VipPointFiltersSchema = z
  .object({
    from: z.iso.datetime({ offset: true }).describe('Movements at or after this instant'),
    to: z.iso.datetime({ offset: true }).describe('Movements before this instant'),
    playerId: z.uuid().optional(),
    movement: z.enum(['EARN', 'EXCHANGE', 'REFUND']).optional(),
    unit: z.enum(['VIP_POINT', 'STARSCOIN']).optional(),
  })
  .refine((f) => new Date(f.from) < new Date(f.to), { path: ['to'], message: 'must be after from' });

export type VipPointFilters = z.infer<typeof VipPointFiltersSchema>;

function vipQuery(filters: VipPointFilters): RegisterQuery {
  const where = [
    `v.created_at >= ${timestampLiteral(new Date(filters.from))}`,
    `v.created_at < ${timestampLiteral(new Date(filters.to))}`,
  ];
  if (filters.playerId) where.push(`v.player_id = ${literal(filters.playerId)}::uuid`);
  if (filters.movement) where.push(`v.kind = ${literal(filters.movement)}`);
  if (filters.unit) where.push(`v.unit = ${literal(filters.unit)}`);
  return { from: 'vip_point_entry v', where, orderBy: 'v.created_at, v.id' };
}

/** Hundredths as a decimal string with two places ("11.00", "-1.00"): points and StarsCoins are not money. */
const centiSql = (column: string) => `to_char(${column} / 100.0, 'FM999999999999990.00')`;

/**
 * VIP points and StarsCoins (issue 26; 002:VIP-01..04, RAKE-06): every movement of the points ledger,
 * one row each (earned on a commission, exchanged for StarsCoins, StarsCoins spent on a commission
 * refund), with the commission and its USD value at the rate used, or the refund and its ledger
 * transaction. Points are not money and not in the ledger's sealed blocks, so a file is checked against
 * its manifest; its refunds' money is in `ledger-transactions` (COMMISSION_REFUND).
 */
export const vipPointsRegister = defineRegister<VipPointFilters>({
  name: 'vip-points',
  version: 1,
  title: 'VIP points and StarsCoins',
  description: 'Every movement of VIP points and StarsCoins: earned on commission, exchanged, spent on commission refunds.',
  filters: VipPointFiltersSchema,
  columns: [
    { name: 'entry_id', description: 'Movement (vip_point_entry.id)', sql: 'v.id::text' },
    { name: 'player_id', description: 'Whose points', sql: 'v.player_id::text' },
    { name: 'at', description: 'When it was booked', unit: 'ISO 8601, UTC, milliseconds', sql: isoTimestampSql('v.created_at') },
    {
      name: 'prague_date',
      description: 'Calendar day of at in Europe/Prague',
      unit: 'YYYY-MM-DD',
      sql: pragueDateSql('v.created_at'),
    },
    { name: 'unit', description: 'VIP_POINT or STARSCOIN', sql: 'v.unit' },
    {
      name: 'kind',
      description: 'EARN (commission), EXCHANGE (points for StarsCoins), REFUND (StarsCoins for a refund)',
      sql: 'v.kind',
    },
    {
      name: 'amount',
      description: 'Signed: earned positive, spent negative',
      unit: 'decimal, 2 places',
      sql: centiSql('v.amount_centi'),
    },
    {
      name: 'reference',
      description: 'What it was earned on or spent for (a hand, a tournament entry, a request)',
      sql: 'v.reference',
    },
    {
      name: 'commission_currency',
      description: 'Currency of the commission earned on',
      unit: 'ISO 4217',
      sql: 'v.commission_currency',
    },
    {
      name: 'commission_amount',
      description: 'The commission (rake or tournament fee) earned on',
      unit: 'decimal string in the currency',
      sql: `CASE WHEN v.commission_minor IS NULL THEN NULL ELSE ${decimalAmountSql('v.commission_minor', 'v.commission_currency')} END`,
    },
    {
      name: 'commission_usd',
      description: 'The commission in USD at the rate used (002:VIP-04)',
      unit: 'decimal string, USD',
      sql: `CASE WHEN v.commission_usd_minor IS NULL THEN NULL ELSE ${decimalAmountSql('v.commission_usd_minor', `'USD'`)} END`,
    },
    { name: 'usd_rate', description: 'USD per unit of the commission currency used', unit: 'decimal', sql: 'v.usd_rate::text' },
    { name: 'refund_currency', description: 'Currency of a commission refund', unit: 'ISO 4217', sql: 'v.refund_currency' },
    {
      name: 'refund_amount',
      description: 'The commission refunded for StarsCoins',
      unit: 'decimal string in the currency',
      sql: `CASE WHEN v.refund_minor IS NULL THEN NULL ELSE ${decimalAmountSql('v.refund_minor', 'v.refund_currency')} END`,
    },
    {
      name: 'ledger_transaction_id',
      description: "A refund's COMMISSION_REFUND ledger transaction",
      sql: 'v.ledger_transaction_id::text',
    },
  ],
  boundary: snapshotBoundary,
  query: (filters) => vipQuery(filters),
  coverage: async () => ({
    kind: 'none',
    reason: 'VIP points are not money and not in the ledger; a refund they paid is in ledger-transactions (COMMISSION_REFUND)',
  }),
  reproducible: false,
});
