import { assert, DomainError, newId, type CurrencyCode } from '@casino/core';
import type { Db, Tx } from '@casino/db';
import {
  blackjackPresets,
  rouletteVariants,
  validateBlackjackLimits,
  validatePlatynkoTableOptions,
  validateRouletteLimits,
  type BlackjackTableLimits,
  type PlatynkoTableLimits,
  type RouletteTableLimits,
} from '@casino/games';
import type { GameId, TableLimits, TableShape } from './engines.ts';
import { platynkoVariant } from './platynko.ts';
import { tableRules } from './rules.ts';

/** A table as the operator configures it: game, variant (roulette variant, blackjack preset, fortuna-platynko), limits, timers. */
export interface TableDefinition extends TableShape {
  code: string;
  name: string;
  currency: CurrencyCode;
  /** Betting time per round, the roulette player's action timer (004:GAM-R-09). */
  bettingTimeMs: number;
  /** A blackjack player's decision timer (004:GAM-B-02). */
  actionTimeMs: number;
  idleRoundsMax: number;
}

export interface TableConfig extends TableDefinition {
  id: string;
  isOpen: boolean;
}

const limitKeys: Record<GameId, string[]> = {
  roulette: [
    'unitMinor',
    'insideMinimumMinor',
    'outsideMinimumMinor',
    'straightMaximumMinor',
    'outsideMaximumMinor',
    'positionMaximumMinor',
  ],
  blackjack: ['unitMinor', 'stakeMinimumMinor', 'stakeMaximumMinor'],
  platynko: ['unitMinor', 'chipMinimumMinor', 'stakeMaximumMinor', 'winMaximumMinor'],
};

type GameKind = 'ROULETTE' | 'BLACKJACK' | 'PLATYNKO';
const gameKinds: Record<GameId, GameKind> = { roulette: 'ROULETTE', blackjack: 'BLACKJACK', platynko: 'PLATYNKO' };

/** The database's game kind of a game, and back. */
export const kindOfGame = (game: GameId): GameKind => gameKinds[game];
export const gameOfKind = (kind: string): GameId =>
  (Object.keys(gameKinds) as GameId[]).find((game) => gameKinds[game] === kind) ?? unknownGameKind(kind);

function unknownGameKind(kind: string): never {
  throw new Error(`unknown game kind ${kind}`);
}

function limitsToJson(game: GameId, limits: TableLimits): Record<string, string> {
  return Object.fromEntries(limitKeys[game].map((key) => [key, (limits as unknown as Record<string, bigint>)[key]!.toString()]));
}

function limitsFromJson(game: GameId, json: unknown): TableLimits {
  const record = json as Record<string, string>;
  return Object.fromEntries(limitKeys[game].map((key) => [key, BigInt(record[key]!)])) as unknown as TableLimits;
}

/** Refuses a definition the engines would refuse, before it is stored (a bad table is a configuration bug). */
export function validateTableDefinition(definition: TableDefinition): void {
  assert(/^[a-z0-9-]{3,60}$/.test(definition.code), 'a table code is 3–60 lowercase letters, digits and dashes');
  assert(definition.bettingTimeMs > 0 && definition.actionTimeMs > 0, 'timers are positive');
  assert(definition.idleRoundsMax > 0, 'idle rounds are positive');
  if (definition.game === 'platynko') {
    // 004:GAM-PL-01/02, T-126: only the table options the rule book allows (engine: validatePlatynkoTableOptions).
    assert(definition.variant === platynkoVariant, `a Plátýnko table plays ${platynkoVariant}`);
    validatePlatynkoTableOptions({
      bettingTimeSeconds: definition.bettingTimeMs / 1000,
      limits: definition.limits as PlatynkoTableLimits,
      seatsMax: definition.seatsMax,
    });
  } else if (definition.game === 'roulette') {
    assert(definition.variant in rouletteVariants, `unknown roulette variant ${definition.variant}`);
    assert(definition.seatsMax >= 1 && definition.seatsMax <= 4, '004:GAM-R-01: a roulette table has up to 4 seats');
    validateRouletteLimits(definition.limits as RouletteTableLimits);
  } else {
    const rules = blackjackPresets[definition.variant as keyof typeof blackjackPresets];
    assert(rules !== undefined, `unknown blackjack preset ${definition.variant}`);
    assert(definition.seatsMax >= 1 && definition.seatsMax <= 5, '004:GAM-B-01: a blackjack table has up to 5 seats');
    validateBlackjackLimits(definition.limits as BlackjackTableLimits, rules);
  }
}

/** Opens a table unless one with the same code exists (then returns that one): seeds may run again. */
export async function createTable(db: Db | Tx, definition: TableDefinition, at: Date): Promise<TableConfig> {
  validateTableDefinition(definition);
  const existing = await db.gameTable.findUnique({ where: { code: definition.code } });
  if (existing) return toConfig(existing);
  const row = await db.gameTable.create({
    data: {
      id: newId(),
      code: definition.code,
      name: definition.name,
      game: kindOfGame(definition.game),
      variant: definition.variant,
      currency: definition.currency,
      limits: limitsToJson(definition.game, definition.limits),
      seatsMax: definition.seatsMax,
      bettingTimeMs: definition.bettingTimeMs,
      actionTimeMs: definition.actionTimeMs,
      idleRoundsMax: definition.idleRoundsMax ?? tableRules.idleRoundsMaxDefault,
      createdAt: at,
    },
  });
  return toConfig(row);
}

type TableRow = Awaited<ReturnType<Db['gameTable']['findUniqueOrThrow']>>;

export function toConfig(row: TableRow): TableConfig {
  const game = gameOfKind(row.game);
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    game,
    variant: row.variant,
    currency: row.currency as CurrencyCode,
    limits: limitsFromJson(game, row.limits),
    seatsMax: row.seatsMax,
    bettingTimeMs: row.bettingTimeMs,
    actionTimeMs: row.actionTimeMs,
    idleRoundsMax: row.idleRoundsMax,
    isOpen: row.isOpen,
  };
}

export async function findTable(db: Db | Tx, tableId: string): Promise<TableConfig> {
  const row = await db.gameTable.findUnique({ where: { id: tableId } });
  if (!row) throw new DomainError('not-found', `No table ${tableId}.`, { field: 'params.tableId' });
  return toConfig(row);
}

/** Locks the table row: seats are taken and released, and rounds opened, one at a time per table. */
export async function lockTable(tx: Tx, tableId: string): Promise<TableConfig> {
  // The lock and the row in one statement (issue 22, D-2268): the row read after the lock is the locked one.
  const locked = await tx.$queryRaw<TableRow[]>`
    SELECT id::text AS id, code, name, game::text AS game, variant, currency, limits, seats_max AS "seatsMax",
           betting_time_ms AS "bettingTimeMs", action_time_ms AS "actionTimeMs", idle_rounds_max AS "idleRoundsMax",
           is_open AS "isOpen", created_at AS "createdAt"
    FROM game_table WHERE id = ${tableId}::uuid FOR UPDATE`;
  if (locked.length === 0) throw new DomainError('not-found', `No table ${tableId}.`, { field: 'params.tableId' });
  return toConfig(locked[0]!);
}
