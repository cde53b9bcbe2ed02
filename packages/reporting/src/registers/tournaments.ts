import { z } from 'zod';
import { decimalAmountSql, isoTimestampSql, literal, timestampLiteral } from '../sql.ts';
import { assert } from '@casino/core';
import { ledgerBlockCoverage, snapshotBoundary } from './ledger-coverage.ts';
import { defineRegister, whereSql, type RegisterColumn, type RegisterQuery } from './register.ts';

export const tournamentStatuses = ['REGISTERING', 'RUNNING', 'FINISHED', 'CANCELLED'] as const;

export const TournamentFiltersSchema = z
  .object({
    from: z.iso.datetime({ offset: true }).optional().describe('Tournaments created at or after this instant'),
    to: z.iso.datetime({ offset: true }).optional().describe('Tournaments created before this instant'),
    status: z.enum(tournamentStatuses).optional(),
    tournamentId: z.uuid().optional().describe('One tournament'),
  })
  .refine((f) => !f.from || !f.to || new Date(f.from) < new Date(f.to), { path: ['to'], message: 'must be after from' });

export type TournamentFilters = z.infer<typeof TournamentFiltersSchema>;

function tournamentQuery(filters: TournamentFilters, snapshot: string): RegisterQuery {
  const where: string[] = [];
  if (filters.from) where.push(`t.created_at >= ${timestampLiteral(new Date(filters.from))}`);
  if (filters.to) where.push(`t.created_at < ${timestampLiteral(new Date(filters.to))}`);
  if (filters.status) where.push(`t.status = ${literal(filters.status)}::"TournamentStatus"`);
  if (filters.tournamentId) where.push(`t.id = ${literal(filters.tournamentId)}::uuid`);
  // One row per entry; a tournament nobody entered still has its one row (the entry columns empty).
  // The export's snapshot travels as `s.snap`, so the ledger columns see exactly its transactions.
  assert(/^\d+:\d+:[\d,]*$/.test(snapshot), `not a pg_snapshot: ${snapshot}`);
  return {
    from: `tournament t LEFT JOIN tournament_entry e ON e.tournament_id = t.id CROSS JOIN (SELECT '${snapshot}'::pg_snapshot AS snap) s`,
    where,
    orderBy: 't.created_at, t.id, e.registered_at, e.id',
  };
}

/** A bigint the stored definition tags as `{ "$n": "…" }` (packages/tables definitionToJson). */
const definitionMinor = (path: string) => `(t.definition #>> '{${path},$n}')`;
const minorColumn = (name: string, description: string, sql: string): RegisterColumn => ({
  name,
  description,
  unit: 'integer minor units of the currency',
  sql: `(${sql})::text`,
});

/** Entries that count: an unregistered one paid everything back before the start. */
const enteredSql = `x.tournament_id = t.id AND x.status <> 'unregistered'`;

/** The sum of the pool account's postings visible in the export's snapshot with a sign: credits in, debits out. */
function poolSql(sign: '<' | '>'): string {
  return `(SELECT coalesce(sum(abs(p.amount_minor)), 0) FROM ledger_posting p JOIN ledger_transaction lt ON lt.id = p.transaction_id
    WHERE p.account_id = t.pool_account_id AND p.amount_minor ${sign} 0 AND pg_visible_in_snapshot(lt.xid, s.snap))`;
}

/** The entry's ledger transactions (tagged with its id) as seen from its wallet, in the export's snapshot. */
function entryLedgerSql(select: string): string {
  return `(SELECT ${select} FROM ledger_posting w JOIN ledger_transaction lt ON lt.id = w.transaction_id
    WHERE w.account_id = e.wallet_account_id AND lt.metadata->>'entryId' = e.id::text AND pg_visible_in_snapshot(lt.xid, s.snap))`;
}

/**
 * What the tournament's seat-ticket account (`tournament:{id}:tickets:{currency}`, D-1957) paid in the entry's
 * transactions (a ticket entry's buy-in, D-2039), net of its return on an unregistration, in the export's snapshot.
 */
function entryTicketLedgerSql(): string {
  return `(SELECT coalesce(sum(p.amount_minor), 0) FROM ledger_posting p JOIN ledger_transaction lt ON lt.id = p.transaction_id
    JOIN ledger_account a ON a.id = p.account_id
    WHERE a.code = 'tournament:' || t.id::text || ':tickets:' || t.currency AND lt.metadata->>'entryId' = e.id::text
      AND pg_visible_in_snapshot(lt.xid, s.snap))`;
}

const columns: RegisterColumn[] = [
  { name: 'tournament_id', description: 'Tournament id', sql: 't.id::text' },
  { name: 'name', description: 'Published name', sql: 't.name' },
  { name: 'profile_id', description: 'The rule book it runs under (HR, AT, CZ-PS, SE, CZ-FO)', sql: 't.profile_id' },
  { name: 'kind', description: 'sit-and-go or scheduled', sql: 't.kind' },
  { name: 'status', description: 'REGISTERING, RUNNING, FINISHED, CANCELLED', sql: 't.status::text' },
  { name: 'currency', description: 'Currency of the buy-in and prizes', unit: 'ISO 4217', sql: 't.currency' },
  {
    name: 'created_at',
    description: 'When it was created',
    unit: 'ISO 8601, UTC, milliseconds',
    sql: isoTimestampSql('t.created_at'),
  },
  { name: 'starts_at', description: 'Scheduled start', unit: 'ISO 8601, UTC, milliseconds', sql: isoTimestampSql('t.starts_at') },
  {
    name: 'started_at',
    description: 'When play began',
    unit: 'ISO 8601, UTC, milliseconds',
    sql: isoTimestampSql('t.started_at'),
  },
  {
    name: 'ended_at',
    description: 'When it finished or was cancelled',
    unit: 'ISO 8601, UTC, milliseconds',
    sql: isoTimestampSql('t.ended_at'),
  },
  {
    name: 'definition',
    description: 'The stored definition: structure, levels, payout table, fees, re-entry, rebuy, add-on, guarantee, bounty',
    unit: 'JSON (integers tagged {"$n": "…"})',
    sql: 't.definition::text',
  },
  minorColumn('start_fee_minor', 'Start fee of one entry: to the prize pool', definitionMinor('entry,startFeeMinor')),
  minorColumn('fee_minor', "Fee of one entry: the operator's", definitionMinor('entry,feeMinor')),
  minorColumn('guarantee_minor', 'Guaranteed prize pool, empty for none', definitionMinor('guaranteeMinor')),
  {
    name: 'entries',
    description: 'Entries made and not unregistered',
    sql: `(SELECT count(*) FROM tournament_entry x WHERE ${enteredSql})::text`,
  },
  minorColumn(
    'start_fees_paid_minor',
    'Start fees paid by those entries (rebuys and add-ons included)',
    `(SELECT coalesce(sum(x.paid_start_minor), 0) FROM tournament_entry x WHERE ${enteredSql})`,
  ),
  minorColumn(
    'fees_paid_minor',
    'Fees paid by those entries',
    `(SELECT coalesce(sum(x.paid_fee_minor), 0) FROM tournament_entry x WHERE ${enteredSql})`,
  ),
  minorColumn('overlay_minor', "The guarantee's overlay, from the operator's tournament-overlay expense", 't.overlay_minor'),
  minorColumn('pool_in_minor', 'Ledger: everything credited to the prize pool (start fees, overlay)', poolSql('<')),
  minorColumn('pool_out_minor', 'Ledger: everything paid out of the prize pool (prizes, bounties, refunds)', poolSql('>')),
  { name: 'entry_id', description: 'Entry id (empty: nobody entered)', sql: 'e.id::text' },
  { name: 'player_id', description: 'Player id', sql: 'e.player_id::text' },
  {
    name: 'entry_status',
    description: 'registered, unregistered, finished, cancelled',
    sql: 'e.status',
  },
  {
    name: 'registered_at',
    description: 'When the entry was made',
    unit: 'ISO 8601, UTC, milliseconds',
    sql: isoTimestampSql('e.registered_at'),
  },
  minorColumn('paid_start_minor', 'Start fees the entry paid', 'e.paid_start_minor'),
  minorColumn('paid_fee_minor', 'Fees the entry paid', 'e.paid_fee_minor'),
  { name: 'rebuys', description: 'Rebuys bought', sql: 'e.rebuys::text' },
  { name: 'add_ons', description: 'Add-ons bought', sql: 'e.add_ons::text' },
  { name: 'place_best', description: 'Finishing place (the best of a shared range)', sql: 'e.place_best::text' },
  { name: 'place_worst', description: 'The worst place of a shared range (ties split)', sql: 'e.place_worst::text' },
  minorColumn('prize_minor', 'Prize credited', 'e.prize_minor'),
  minorColumn('bounty_minor', 'Bounties credited', 'e.bounty_minor'),
  minorColumn('refund_minor', 'Refunded: unregistration or a cancellation share', 'e.refund_minor'),
  {
    name: 'prize',
    description: 'Prize and bounties credited',
    unit: 'decimal string in the currency',
    sql: `CASE WHEN e.id IS NOT NULL THEN ${decimalAmountSql('e.prize_minor + e.bounty_minor', 't.currency')} END`,
  },
  minorColumn(
    'ledger_paid_minor',
    "Ledger: what left the entry's wallet in its transactions",
    `CASE WHEN e.id IS NOT NULL THEN ${entryLedgerSql('coalesce(sum(w.amount_minor) FILTER (WHERE w.amount_minor > 0), 0)')} END`,
  ),
  minorColumn(
    'ledger_received_minor',
    "Ledger: what the entry's wallet was credited in its transactions",
    `CASE WHEN e.id IS NOT NULL THEN ${entryLedgerSql('coalesce(-sum(w.amount_minor) FILTER (WHERE w.amount_minor < 0), 0)')} END`,
  ),
  {
    name: 'ticket_id',
    description: 'The satellite seat ticket that paid the entry (empty: paid from the wallet)',
    sql: 'e.ticket_id::text',
  },
  {
    name: 'ticket_satellite_id',
    description: 'The satellite that won that ticket',
    sql: '(SELECT k.satellite_tournament_id::text FROM tournament_ticket k WHERE k.id = e.ticket_id)',
  },
  minorColumn(
    'ledger_ticket_paid_minor',
    "Ledger: what the tournament's ticket account paid in the entry's transactions, net of a ticket given back",
    `CASE WHEN e.id IS NOT NULL THEN ${entryTicketLedgerSql()} END`,
  ),
  {
    name: 'tickets_issued',
    description: 'Seat tickets into this tournament won in satellites (used, unused or cashed)',
    sql: '(SELECT count(*) FROM tournament_ticket k WHERE k.target_tournament_id = t.id)::text',
  },
  {
    name: 'tickets_cashed',
    description: 'Of those, tickets not used and paid to the holder’s wallet instead',
    sql: `(SELECT count(*) FROM tournament_ticket k WHERE k.target_tournament_id = t.id AND k.status = 'cashed')::text`,
  },
  {
    name: 'ledger_transaction_ids',
    description: "The entry's ledger transactions (buy-in, rebuys, add-ons, prize, refund), in order, space-separated",
    sql: entryLedgerSql("string_agg(lt.id::text, ' ' ORDER BY lt.effective_at, lt.id)"),
  },
];

/**
 * The tournament register for auditors (issue 19): every tournament with its definition, its entries
 * and what they paid (start fees to the pool, fees to the operator), the guarantee and its overlay,
 * the pool's ledger movements, and per entry its place, prize, bounties, refund (unregistration or a
 * cancellation share) and ledger transactions. Ledger columns are read in the export's snapshot; the
 * tournament and entry rows change while a tournament runs, so a file is verified against its manifest.
 */
export const tournamentsRegister = defineRegister<TournamentFilters>({
  name: 'tournaments',
  version: 2,
  title: 'Tournament register',
  description:
    'Every poker tournament: definition, entries, fees, prize pool, guarantee and overlay, places and prizes, cancellations and refunds, with the ledger.',
  filters: TournamentFiltersSchema,
  columns,
  boundary: snapshotBoundary,
  query: (filters, snapshot) => tournamentQuery(filters, snapshot),
  coverage: (client, query) =>
    ledgerBlockCoverage(
      client,
      `SELECT lt.id AS transaction_id, lt.xid
       FROM (SELECT DISTINCT ON (t.pool_account_id) t.pool_account_id, s.snap FROM ${query.from} WHERE ${whereSql(query)}) pools
       JOIN ledger_posting p ON p.account_id = pools.pool_account_id JOIN ledger_transaction lt ON lt.id = p.transaction_id
       WHERE pg_visible_in_snapshot(lt.xid, pools.snap)`,
    ),
  reproducible: false,
});
