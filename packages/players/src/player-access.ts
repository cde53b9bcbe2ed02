import { DomainError } from '@casino/core';
import type { Db } from '@casino/db';
import { statesWithoutAccess, type PlayerState } from './states.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a player token may act right now (issue 14 (1)): null when the player is unknown or the
 * account is in a state without access (blocked, closed, cancelled), so a token issued before the
 * change is refused from the next request. Players hold no roles. The apps cache this behind a
 * version key that `principalChanged` bumps, so it costs no query per request.
 */
export async function findPlayerAccess(db: Db, playerId: string): Promise<{ roles: string[] } | null> {
  if (!uuidPattern.test(playerId)) return null;
  const player = await db.player.findUnique({ where: { id: playerId }, select: { state: true } });
  if (!player || statesWithoutAccess.includes(player.state as PlayerState)) return null;
  return { roles: [] };
}

/** A player staff name by id exists (whatever the account's state), or `not-found` naming the field. */
export async function assertPlayerExists(db: Db, playerId: string, field = 'params.playerId'): Promise<void> {
  const player = uuidPattern.test(playerId)
    ? await db.player.findUnique({ where: { id: playerId }, select: { id: true } })
    : null;
  if (!player) throw new DomainError('not-found', 'No such player.', { field });
}
