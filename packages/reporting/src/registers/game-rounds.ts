import { z } from 'zod';
import { decimalAmountSql, isoTimestampSql, literal, pragueDateSql, timestampLiteral } from '../sql.ts';
import { ledgerBlockCoverage, snapshotBoundary } from './ledger-coverage.ts';
import { defineRegister, whereSql, type RegisterQuery } from './register.ts';

export const GameRoundFiltersSchema = z.object({
  from: z.iso.datetime({ offset: true }).optional().describe('Opened at or after'),
  to: z.iso.datetime({ offset: true }).optional().describe('Opened before'),
  game: z.enum(['roulette', 'blackjack', 'platynko']).optional(),
  tableCode: z
    .string()
    .regex(/^[a-z0-9-]{1,60}$/)
    .optional(),
  playerId: z.uuid().optional(),
});

export type GameRoundFilters = z.infer<typeof GameRoundFiltersSchema>;

const roundRows = `game_round_player rp
JOIN game_round r ON r.id = rp.round_id
JOIN game_table t ON t.id = r.table_id`;

function roundQuery(filters: GameRoundFilters): RegisterQuery {
  const where: string[] = [];
  if (filters.from) where.push(`r.opened_at >= ${timestampLiteral(new Date(filters.from))}`);
  if (filters.to) where.push(`r.opened_at < ${timestampLiteral(new Date(filters.to))}`);
  if (filters.game) where.push(`t.game = ${literal(filters.game.toUpperCase())}::"GameKind"`);
  if (filters.tableCode) where.push(`t.code = ${literal(filters.tableCode)}`);
  if (filters.playerId) where.push(`rp.player_id = ${literal(filters.playerId)}::uuid`);
  return { from: roundRows, where, orderBy: 'r.opened_at, r.id, rp.player_id' };
}

/**
 * The game-rounds register (004:DAT-05, TEC-08; 000-001:REC-01): one row per player and round, with
 * the table, when the round ran, what the player staked and got back, the seed's commitment (and the
 * seed itself once the round settled, so anyone can check sha256(seed) = commitment and replay the
 * round, ARCHITECTURE idea 8) and the ledger transactions of the stakes and wins. An open round's row
 * still changes, so a file is verified against its manifest and the ledger blocks it names.
 */
export const gameRoundsRegister = defineRegister<GameRoundFilters>({
  name: 'game-rounds',
  version: 1,
  title: 'Game rounds',
  description:
    'Every player in every roulette, blackjack and Plátýnko round: table, times, stake, return, seed commitment and seed, ledger transactions.',
  filters: GameRoundFiltersSchema,
  columns: [
    { name: 'round_id', description: 'Round id', sql: 'r.id::text' },
    {
      name: 'round_kind',
      description: 'LIVE, or TEMPORARY for a blackjack round finished on a temporary table (004:TEC-03)',
      sql: 'r.kind::text',
    },
    { name: 'origin_round_id', description: 'The live round a temporary table continues', sql: 'r.origin_round_id::text' },
    { name: 'game', description: 'roulette, blackjack or platynko', sql: 'lower(t.game::text)' },
    { name: 'variant', description: 'The rule set (roulette variant, blackjack preset, fortuna-platynko)', sql: 't.variant' },
    { name: 'table_code', description: 'The table', sql: 't.code' },
    { name: 'status', description: 'OPEN or SETTLED', sql: 'r.status::text' },
    {
      name: 'opened_at',
      description: 'When the round opened',
      unit: 'ISO 8601, UTC, milliseconds',
      sql: isoTimestampSql('r.opened_at'),
    },
    {
      name: 'prague_date',
      description: 'The calendar day the round opened, in Europe/Prague',
      unit: 'YYYY-MM-DD',
      sql: pragueDateSql('r.opened_at'),
    },
    {
      name: 'settled_at',
      description: 'When the round settled',
      unit: 'ISO 8601, UTC, milliseconds',
      sql: isoTimestampSql('r.settled_at'),
    },
    { name: 'player_id', description: 'Player id', sql: 'rp.player_id::text' },
    { name: 'seat', description: 'Seat (box) number', sql: 'rp.seat::text' },
    { name: 'currency', description: 'Currency of the table', unit: 'ISO 4217', sql: 't.currency' },
    {
      name: 'staked',
      description: 'Everything the player staked in the round (bets, doubles, splits, insurance)',
      unit: 'decimal string in the currency',
      sql: decimalAmountSql('rp.staked_minor', 't.currency'),
    },
    { name: 'staked_minor', description: 'Staked', unit: 'integer minor units', sql: 'rp.staked_minor::text' },
    {
      name: 'returned',
      description: 'What the player got back, stakes included',
      unit: 'decimal string in the currency',
      sql: decimalAmountSql('rp.returned_minor', 't.currency'),
    },
    { name: 'returned_minor', description: 'Returned', unit: 'integer minor units', sql: 'rp.returned_minor::text' },
    {
      name: 'seed_commitment',
      description: 'SHA-256 of the round seed, published when the round opened',
      unit: 'hex',
      sql: 'r.seed_commitment',
    },
    {
      name: 'seed',
      description: 'The round seed, revealed once the round settled',
      unit: 'hex',
      sql: "CASE WHEN r.status = 'SETTLED' THEN r.seed END",
    },
    {
      name: 'ledger_transaction_ids',
      description: "The ledger transactions of the player's stakes and wins in the round, in order, space-separated",
      sql: `(SELECT string_agg(p.ledger_transaction_id::text, ' ' ORDER BY p.id) FROM game_round_posting p WHERE p.round_id = rp.round_id AND p.player_id = rp.player_id)`,
    },
  ],
  boundary: snapshotBoundary,
  query: (filters) => roundQuery(filters),
  coverage: (client, query) =>
    ledgerBlockCoverage(
      client,
      `
    SELECT t2.id AS transaction_id, t2.xid FROM ${query.from}
    JOIN game_round_posting p ON p.round_id = rp.round_id AND p.player_id = rp.player_id
    JOIN ledger_transaction t2 ON t2.id = p.ledger_transaction_id
    WHERE ${whereSql(query)}`,
    ),
  reproducible: false,
});
