import { DomainError } from '@casino/core';
import { transaction } from '@casino/db';
import type { TablesContext } from './context.ts';
import { openLiveRound, Pushes } from './lifecycle.ts';
import { findTable, lockTable, type TableConfig } from './table-config.ts';

/**
 * 004:BET-07: the operator may suspend the acceptance of bets on any live game at any time, without
 * giving a reason. A suspended table is closed: it leaves the lobby, takes no seat and opens no
 * further round; in the round under way new bets are refused at once, while stakes already confirmed
 * play on and settle (D-2560). Resuming opens the table again and, when players still sit there and
 * no round runs, starts the next round at once.
 */
export async function setTableAcceptingBets(
  ctx: TablesContext,
  request: { tableId: string; accepting: boolean },
): Promise<TableConfig> {
  const pushes = new Pushes();
  const table = await transaction(ctx.db, async (tx) => {
    await lockTable(tx, request.tableId);
    await tx.gameTable.update({ where: { id: request.tableId }, data: { isOpen: request.accepting } });
    const table = await findTable(tx, request.tableId);
    if (request.accepting) {
      const running = await tx.gameRound.count({ where: { tableId: table.id, kind: 'LIVE', status: 'OPEN' } });
      const seated = await tx.tableSeat.count({ where: { tableId: table.id } });
      if (running === 0 && seated > 0) await openLiveRound(ctx, tx, table, pushes);
    }
    return table;
  });
  await pushes.send(ctx);
  return table;
}

const betKinds = new Set(['place-bets', 'confirm-bets', 'place-bet', 'confirm-bet']);

/**
 * Refuses a new bet at a table whose betting is suspended (004:BET-07). Read from the row, not the
 * cached table configuration: the switch may flip while rounds run. Decisions on hands already dealt
 * (hit, stand, double, split, insurance) finish the round under way and are not refused. The caller
 * reads `game_table.is_open` after the round's lock with the action's other rows (act-in-round.ts).
 */
export function assertTableOpenForBets(isOpen: boolean | null, actionKind: string): void {
  if (!betKinds.has(actionKind)) return;
  if (isOpen === false) throw new DomainError('table-closed', 'Betting at this table is suspended: no new bets are accepted.');
}
