import { Money } from '@casino/core';
import { moneyOut } from '@casino/http';
import type { LobbyTable, TableDetail } from '@casino/tables';

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function tableOut(table: LobbyTable) {
  return {
    tableId: table.id,
    code: table.code,
    name: table.name,
    game: table.game,
    variant: table.variant,
    currency: table.currency,
    limits: Object.fromEntries(
      Object.entries(table.limits).map(([key, minor]) => [
        key.replace(/Minor$/, ''),
        moneyOut(Money.fromMinor(minor as bigint, table.currency)),
      ]),
    ),
    seatsMax: table.seatsMax,
    seatsTaken: table.seatsTaken,
    bettingTimeMs: table.bettingTimeMs,
    actionTimeMs: table.actionTimeMs,
    idleRoundsMax: table.idleRoundsMax,
    round: table.round && { ...table.round, deadlineAt: iso(table.round.deadlineAt) },
  };
}

export function tableDetailOut(table: TableDetail) {
  return { ...tableOut(table), seats: table.seats, view: table.view };
}
