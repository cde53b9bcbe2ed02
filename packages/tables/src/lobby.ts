import type { Db } from '@casino/db';
import { publicView, stateFromJson, type GameId } from './engines.ts';
import type { PlayingAtTable } from './playing-time.ts';
import { kindOfGame, toConfig, type TableConfig } from './table-config.ts';
import { tableRules } from './rules.ts';
import { toWire, type Wire } from './wire.ts';

export interface LobbyTable extends TableConfig {
  seatsTaken: number;
  round: { roundId: string; phase: string; version: number; deadlineAt: Date | null } | null;
}

/** The lobby: open tables per game, variant and limits, with how many seats are taken and the running round. */
export async function listTables(db: Db, filter: { game?: GameId } = {}): Promise<LobbyTable[]> {
  const tables = await db.gameTable.findMany({
    where: { isOpen: true, ...(filter.game ? { game: kindOfGame(filter.game) } : {}) },
    orderBy: { code: 'asc' },
    take: tableRules.lobbyTablesMax,
  });
  const ids = tables.map((t) => t.id);
  const [seats, rounds] = await Promise.all([
    db.tableSeat.groupBy({ by: ['tableId'], where: { tableId: { in: ids } }, _count: { _all: true } }),
    db.gameRound.findMany({
      where: { tableId: { in: ids }, kind: 'LIVE', status: 'OPEN' },
      select: { id: true, tableId: true, phase: true, version: true, deadlineAt: true },
    }),
  ]);
  return tables.map((row) => {
    const round = rounds.find((r) => r.tableId === row.id);
    return {
      ...toConfig(row),
      seatsTaken: seats.find((s) => s.tableId === row.id)?._count._all ?? 0,
      round: round ? { roundId: round.id, phase: round.phase, version: round.version, deadlineAt: round.deadlineAt } : null,
    };
  });
}

export interface TableDetail extends LobbyTable {
  seats: Array<{ seat: number; status: 'seated' | 'leaving'; mine: boolean }>;
  view: Wire | null;
}

type TableViewRow = Parameters<typeof toConfig>[0] & {
  seats: Array<{ seat_no: number; status: string; player_id: string }>;
  round_id: string | null;
  round_phase: string | null;
  round_version: number | null;
  round_deadline_at: Date | null;
  round_state: string | null;
  session_started_at: Date | null;
  session_played_ms: string | null;
};

/**
 * `tableDetail` and the viewer's play session at the table (`playingAtTable`) in one statement and one
 * snapshot (issue 22, D-2273): the table, its seats, its open live round and the viewer's session, one
 * round trip on one pooled connection instead of five statements taking the pool four times (two at
 * once). Players re-read a table whenever its round closed, so at 500 players these reads came in bursts.
 */
export async function tableView(
  db: Db,
  tableId: string,
  viewerId: string,
): Promise<{ detail: TableDetail; playing: PlayingAtTable | null } | null> {
  const [row] = await db.$queryRaw<TableViewRow[]>`
    SELECT t.id::text AS id, t.code, t.name, t.game::text AS game, t.variant, t.currency, t.limits, t.seats_max AS "seatsMax",
           t.betting_time_ms AS "bettingTimeMs", t.action_time_ms AS "actionTimeMs", t.idle_rounds_max AS "idleRoundsMax",
           t.is_open AS "isOpen", t.created_at AS "createdAt",
           (SELECT coalesce(json_agg(json_build_object('seat_no', s.seat_no, 'status', s.status, 'player_id', s.player_id) ORDER BY s.seat_no), '[]'::json)
            FROM table_seat s WHERE s.table_id = t.id) AS seats,
           r.id::text AS round_id, r.phase AS round_phase, r.version AS round_version, r.deadline_at AS round_deadline_at,
           r.state AS round_state, ps.started_at AS session_started_at, ps.played_ms::text AS session_played_ms
    FROM game_table t
    LEFT JOIN LATERAL (SELECT * FROM game_round g WHERE g.table_id = t.id AND g.kind = 'LIVE' AND g.status = 'OPEN' LIMIT 1) r ON true
    LEFT JOIN table_seat vs ON vs.table_id = t.id AND vs.player_id = ${viewerId}::uuid
    LEFT JOIN play_session ps ON ps.id = vs.play_session_id
    WHERE t.id = ${tableId}::uuid`;
  if (!row) return null;
  const table = toConfig(row);
  const detail: TableDetail = {
    ...table,
    seatsTaken: row.seats.length,
    seats: row.seats.map((s) => ({
      seat: s.seat_no,
      status: s.status === 'SEATED' ? 'seated' : 'leaving',
      mine: s.player_id === viewerId,
    })),
    round:
      row.round_id === null
        ? null
        : { roundId: row.round_id, phase: row.round_phase!, version: row.round_version!, deadlineAt: row.round_deadline_at },
    view:
      row.round_state === null ? null : toWire(table.game, publicView(table.game, stateFromJson(table.game, row.round_state))),
  };
  const playing =
    row.session_started_at === null ? null : { startedAt: row.session_started_at, playedMs: Number(row.session_played_ms) };
  return { detail, playing };
}

/** One table as a participant sees it: seats (theirs marked), the running round's public view. */
export async function tableDetail(db: Db, tableId: string, viewerId: string | null): Promise<TableDetail | null> {
  const row = await db.gameTable.findUnique({ where: { id: tableId } });
  if (!row) return null;
  const table = toConfig(row);
  const [seats, round] = await Promise.all([
    db.tableSeat.findMany({ where: { tableId }, orderBy: { seatNo: 'asc' } }),
    db.gameRound.findFirst({ where: { tableId, kind: 'LIVE', status: 'OPEN' } }),
  ]);
  return {
    ...table,
    seatsTaken: seats.length,
    seats: seats.map((s) => ({
      seat: s.seatNo,
      status: s.status === 'SEATED' ? 'seated' : 'leaving',
      mine: s.playerId === viewerId,
    })),
    round: round ? { roundId: round.id, phase: round.phase, version: round.version, deadlineAt: round.deadlineAt } : null,
    view: round ? toWire(table.game, publicView(table.game, stateFromJson(table.game, round.state))) : null,
  };
}
