import type { Db } from '@casino/db';
import { publicView, stateFromJson, type GameId } from './engines.ts';
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
