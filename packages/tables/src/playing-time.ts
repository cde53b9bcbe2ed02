import type { Db } from '@casino/db';

/** The viewer's play session at a table, or null when they have no seat there. */
export interface PlayingAtTable {
  startedAt: Date;
  /** Playing time so far, as the playing-time limits count it (D-508). */
  playedMs: number;
}

/**
 * 002:RG-10: the table view shows the time spent playing. It is the play session the player's seat
 * at this table is bound to, the same one the playing-time limits count.
 */
export async function playingAtTable(db: Db, tableId: string, playerId: string): Promise<PlayingAtTable | null> {
  const seat = await db.tableSeat.findFirst({ where: { tableId, playerId }, select: { playSessionId: true } });
  if (!seat) return null;
  const session = await db.playSession.findUnique({
    where: { id: seat.playSessionId },
    select: { startedAt: true, playedMs: true },
  });
  return session && { startedAt: session.startedAt, playedMs: Number(session.playedMs) };
}
