import { describe, expect, it } from 'vitest';
import type { PokerRoom, TableSnapshot } from '../../poker/room-types.ts';
import { PokerRoomsByTable } from './routing-room.ts';

/** A room that answers every read and command with the same snapshot, and knows the ids it holds. */
const room = (ids: string[], answer: TableSnapshot): PokerRoom =>
  ({
    table: async (id: string) => (ids.includes(id) ? { tableId: id } : null),
    snapshot: async () => answer,
    command: async () => answer,
  }) as unknown as PokerRoom;

const view = (version: number, tableId = 't') => ({ tableId, version }) as unknown as TableSnapshot['table'];

describe('one poker room over the cash tables and the tournaments (issue 19)', () => {
  it("002:SNG-01 D-2036 a tournament player's snapshot and every command's answer carry their own table (its version), never the channel's lowest-numbered one; a cash table's answers are as the room gives them", async () => {
    const own = view(41);
    const tournamentAnswer = {
      table: view(3),
      mine: { seat: 2, holeCards: [], legal: null, table: own },
    } as unknown as TableSnapshot;
    const cashAnswer = { table: view(7, 'c'), mine: null } as TableSnapshot;
    const rooms = new PokerRoomsByTable(room(['c'], cashAnswer), room(['trn'], tournamentAnswer));
    expect((await rooms.snapshot('trn', 'p')).table).toBe(own);
    expect((await rooms.command('trn', 'p', { kind: 'act', action: 'check', turn: 1 })).table).toBe(own);
    expect(await rooms.command('c', 'p', { kind: 'act', action: 'check', turn: 1 })).toBe(cashAnswer);
    expect(await rooms.snapshot('c', null)).toBe(cashAnswer);
  });
});
