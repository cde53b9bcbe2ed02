import { assert, newId, type CurrencyCode } from '@casino/core';
import { transaction, type Db, type Tx } from '@casino/db';
import type { poker } from '@casino/games';
import * as ledger from '@casino/ledger';
import { validatePokerTableDefinition } from './definition.ts';
import { pokerRuleProfileIds, type PokerRuleProfile, type PokerRuleProfileId, type PokerTableDefinition } from './profile.ts';
import type { PokerTableSetup } from './runtime-types.ts';

/**
 * Poker tables as stored (issue 16): the definition (JSON, minor units as decimal strings), the
 * table's escrow account, and the reads the lobby and the driver need.
 */

/** The escrow account of a table: every chip at the table is money the operator owes its players (000-001:A-24). */
export function pokerTableEscrowSpec(tableId: string, currency: CurrencyCode): ledger.AccountSpec {
  return {
    code: `poker-table:${tableId}:${currency}`,
    ownerKind: 'POKER_TABLE',
    ownerId: tableId,
    purpose: 'poker-table',
    currency,
    type: 'LIABILITY', // like a wallet: the players' money, at the table
    allowNegative: false,
    shardCount: 1, // one table's postings are serialised by its row lock anyway
  };
}

type DefinitionJson = Record<string, unknown>;

export function definitionToJson(definition: PokerTableDefinition): DefinitionJson {
  return {
    ...definition,
    smallBlindMinor: definition.smallBlindMinor.toString(),
    bigBlindMinor: definition.bigBlindMinor.toString(),
    anteMinor: definition.anteMinor.toString(),
    straddleMinor: definition.straddleMinor.toString(),
    buyInMinMinor: definition.buyInMinMinor.toString(),
    buyInMaxMinor: definition.buyInMaxMinor === null ? null : definition.buyInMaxMinor.toString(),
    rake: {
      ...definition.rake,
      capPerHandMinor: definition.rake.capPerHandMinor === null ? null : definition.rake.capPerHandMinor.toString(),
    },
  };
}

export function definitionFromJson(json: unknown): PokerTableDefinition {
  const d = json as DefinitionJson & { rake: DefinitionJson };
  const minor = (value: unknown): bigint => BigInt(value as string);
  assert(
    (pokerRuleProfileIds as readonly string[]).includes(d.profileId as string),
    `unknown poker profile ${String(d.profileId)}`,
  );
  return {
    name: d.name as string,
    profileId: d.profileId as PokerRuleProfileId,
    variant: d.variant as string,
    currency: d.currency as CurrencyCode,
    seatsMax: d.seatsMax as number,
    smallBlindMinor: minor(d.smallBlindMinor),
    bigBlindMinor: minor(d.bigBlindMinor),
    anteMinor: minor(d.anteMinor),
    anteMode: d.anteMode as poker.AnteMode,
    straddleMinor: minor(d.straddleMinor),
    buyInMinMinor: minor(d.buyInMinMinor),
    buyInMaxMinor: d.buyInMaxMinor === null ? null : minor(d.buyInMaxMinor),
    rake: {
      rateBps: d.rake.rateBps as number,
      capPerHandMinor: d.rake.capPerHandMinor === null ? null : minor(d.rake.capPerHandMinor),
      noFlopNoDrop: d.rake.noFlopNoDrop as boolean,
    },
    timeBankMs: d.timeBankMs as number,
    ...(d.runItTwice === true ? { runItTwice: true } : {}),
    ...(d.badBeatJackpot === true ? { badBeatJackpot: true } : {}),
    ...(d.speedPool ? { speedPool: d.speedPool as unknown as PokerTableDefinition['speedPool'] } : {}),
  };
}

/**
 * The buy-in range of a table: the definition's minimum and maximum (no maximum: a fixed-limit table
 * where the profile sets none, 000-001:TBL-04). A top-up may bring the stack up to the maximum
 * (000-001:A-25, 002:PK-CASH-04, 004:GAM-PC-03).
 * TODO(issue 16 integration): use `buyInRange(profile, definition)` of ./definition.ts (h16-profiles) when it lands.
 */
export function tableBuyInRange(definition: PokerTableDefinition): { minMinor: bigint; maxMinor: bigint | null } {
  return { minMinor: definition.buyInMinMinor, maxMinor: definition.buyInMaxMinor };
}

export interface CreatedPokerTable {
  id: string;
  escrowAccountId: string;
}

/**
 * Creates a table and opens its escrow account, in one transaction, after checking the definition
 * against its rule profile (`poker-table-invalid` naming the field, nothing written).
 */
export async function createPokerTable(
  db: Db,
  request: { definition: PokerTableDefinition; profile: PokerRuleProfile; now: Date; id?: string },
): Promise<CreatedPokerTable> {
  const { definition, profile } = request;
  assert(
    profile.id === definition.profileId,
    `table ${definition.name} belongs to profile ${definition.profileId}, not ${profile.id}`,
  );
  validatePokerTableDefinition(profile, definition, request.now);
  const id = request.id ?? newId();
  return transaction(db, async (tx) => {
    const escrow = await ledger.openAccount(tx, pokerTableEscrowSpec(id, definition.currency));
    await tx.$executeRaw`
      INSERT INTO poker_table (id, name, profile_id, variant, currency, definition, escrow_account_id, created_at)
      VALUES (${id}::uuid, ${definition.name}, ${definition.profileId}, ${definition.variant}, ${definition.currency},
              ${JSON.stringify(definitionToJson(definition))}::jsonb, ${escrow.id}::uuid, ${request.now})`;
    return { id, escrowAccountId: escrow.id };
  });
}

/** Opens or closes a table for new players (a closed table finishes and releases the seats it has). */
export async function setPokerTableStatus(db: Db | Tx, tableId: string, status: 'OPEN' | 'CLOSED'): Promise<void> {
  await db.$executeRaw`UPDATE poker_table SET status = ${status}::"PokerTableStatus" WHERE id = ${tableId}::uuid`;
}

/** What the driver needs to rebuild a table in memory; the profile it adds itself (by `profileId`). */
export interface StoredSeat extends Readonly<PokerTableSetup['seats'][number]> {
  /** The seating (the seat row's id, new at each buy-in). */
  readonly seatingId: string;
  /** The play session the seat plays in (limits: recordPlayActivity after each hand). */
  readonly playSessionId: string;
}

export interface StoredTableSetup extends Omit<PokerTableSetup, 'profile' | 'seats'> {
  readonly seats: readonly StoredSeat[];
  readonly profileId: PokerRuleProfileId;
  readonly name: string;
  readonly status: 'OPEN' | 'CLOSED';
  /** A hand dealt and never committed: void it (voidInterruptedHand) before dealing again. */
  readonly runningHandId: string | null;
}

/** Null when there is no such table. */
export async function loadTableForDriving(db: Db | Tx, tableId: string): Promise<StoredTableSetup | null> {
  const [table] = await db.$queryRaw<
    Array<{
      id: string;
      name: string;
      status: 'OPEN' | 'CLOSED';
      definition: unknown;
      hand_number: number;
      previous_positions: poker.Positions | null;
      running_hand_id: string | null;
    }>
  >`
    SELECT id, name, status::text AS status, definition, hand_number, previous_positions, running_hand_id
    FROM poker_table WHERE id = ${tableId}::uuid`;
  if (!table) return null;
  const seats = await db.$queryRaw<
    Array<{
      id: string;
      seat: number;
      player_id: string;
      alias: string;
      stack_minor: bigint;
      status: string;
      play_session_id: string;
    }>
  >`SELECT id, seat, player_id, alias, stack_minor, status, play_session_id FROM poker_seat WHERE table_id = ${tableId}::uuid ORDER BY seat`;
  const definition = definitionFromJson(table.definition);
  return {
    tableId: table.id,
    name: table.name,
    status: table.status,
    profileId: definition.profileId,
    definition,
    seats: seats.map((s) => ({
      seat: s.seat,
      playerId: s.player_id,
      alias: s.alias,
      stackMinor: s.stack_minor,
      status: s.status as PokerTableSetup['seats'][number]['status'],
      seatingId: s.id,
      playSessionId: s.play_session_id,
    })),
    handNumber: table.hand_number,
    previousPositions: table.previous_positions,
    runningHandId: table.running_hand_id,
  };
}

export interface PokerLobbyTable {
  tableId: string;
  name: string;
  profileId: PokerRuleProfileId;
  status: 'OPEN' | 'CLOSED';
  definition: PokerTableDefinition;
  seatsTaken: number;
  seatsMax: number;
  /** Completed hands over the last hour (the lobby's "hands per hour"). */
  handsPerHour: number;
  /** Average pot (everything put in, before rake) of those hands, in minor units; null without hands. */
  averagePotMinor: bigint | null;
  /** Players in the table's waiting list (issue 18, 003:R-TBL-04). */
  waitingListLength?: number;
}

/** The lobby: every open table with its seats taken and, from the last hour of hands, its pace and average pot. */
export async function listPokerTables(db: Db | Tx, options: { now: Date }): Promise<PokerLobbyTable[]> {
  const since = new Date(options.now.getTime() - 3_600_000);
  const rows = await db.$queryRaw<
    Array<{
      id: string;
      name: string;
      profile_id: string;
      status: 'OPEN' | 'CLOSED';
      definition: unknown;
      seats_taken: number;
      hands: number;
      average_pot: bigint | null;
      waiting: number;
    }>
  >`
    SELECT t.id, t.name, t.profile_id, t.status::text AS status, t.definition,
           (SELECT count(*)::int FROM poker_seat s WHERE s.table_id = t.id) AS seats_taken,
           h.hands, h.average_pot,
           (SELECT count(*)::int FROM poker_waiting_list w WHERE w.table_id = t.id) AS waiting
    FROM poker_table t
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS hands, round(avg(pot_minor))::bigint AS average_pot FROM poker_hand
      WHERE table_id = t.id AND status = 'COMPLETED' AND ended_at > ${since} AND ended_at <= ${options.now}
    ) h
    WHERE t.status = 'OPEN'
    ORDER BY t.name, t.id`;
  return rows.map((r) => {
    const definition = definitionFromJson(r.definition);
    return {
      tableId: r.id,
      name: r.name,
      profileId: definition.profileId,
      status: r.status,
      definition,
      seatsTaken: r.seats_taken,
      seatsMax: definition.seatsMax,
      handsPerHour: r.hands,
      averagePotMinor: r.average_pot,
      waitingListLength: r.waiting,
    };
  });
}
