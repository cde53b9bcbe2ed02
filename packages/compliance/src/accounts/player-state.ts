import { DomainError, InvariantViolation } from '@casino/core';
import { lockPlayer as takePlayerLock, type Tx } from '@casino/db';
import { transition, type PlayerState } from '@casino/players';

/**
 * The state changes staff may make to a player account: a policy over the player state machine of
 * packages/players, which performs and records each change (with its guard on the current state).
 */
export type { PlayerState };

const staffMoves: Record<'block' | 'unblock' | 'close', { from: readonly PlayerState[]; to: readonly PlayerState[] }> = {
  block: { from: ['TEMPORARY', 'REGISTERED', 'DORMANT'], to: ['BLOCKED'] },
  unblock: { from: ['BLOCKED'], to: ['REGISTERED', 'TEMPORARY'] },
  close: { from: ['APPLICANT', 'TEMPORARY', 'REGISTERED', 'BLOCKED', 'DORMANT'], to: ['CLOSED'] },
};

/**
 * The player lock (@casino/db, the one every package takes), then the player's state as committed:
 * a staff move and a stake, deposit or withdrawal of the same player are decided one after the other.
 */
export async function lockPlayer(tx: Tx, playerId: string): Promise<{ id: string; state: PlayerState; screeningStatus: string }> {
  await takePlayerLock(tx, playerId);
  const [player] = await tx.$queryRaw<Array<{ id: string; state: PlayerState; screening_status: string }>>`
    SELECT id, state::text AS state, screening_status::text AS screening_status FROM player WHERE id = ${playerId}::uuid`;
  if (!player) throw new DomainError('not-found', `No player ${playerId}.`, { field: 'params.playerId' });
  return { id: player.id, state: player.state, screeningStatus: player.screening_status };
}

export function assertStaffMove(move: keyof typeof staffMoves, from: PlayerState): void {
  if (!staffMoves[move].from.includes(from)) {
    throw new DomainError('conflict', `A ${from.toLowerCase()} account cannot be ${move === 'close' ? 'closed' : `${move}ed`}.`, {
      field: 'params.playerId',
      extensions: { state: from },
    });
  }
}

/** Moves the (locked) player from `from` to `to` and records the change with its reason and actor. */
export async function movePlayer(
  tx: Tx,
  move: keyof typeof staffMoves,
  playerId: string,
  from: PlayerState,
  to: PlayerState,
  options: { reason: string; actor: string; at: Date },
): Promise<void> {
  if (!staffMoves[move].from.includes(from) || !staffMoves[move].to.includes(to))
    throw new InvariantViolation(`staff move ${move} ${from} → ${to} is not allowed`);
  await transition(tx, playerId, from, to, {
    reason: options.reason.slice(0, 200),
    actor: options.actor.slice(0, 100),
    at: options.at,
  });
}

/** The state a blocked player returns to: the one they were blocked from. */
export async function stateBeforeBlock(tx: Tx, playerId: string): Promise<PlayerState> {
  const last = await tx.playerStateTransition.findFirst({
    where: { playerId, toState: 'BLOCKED' },
    orderBy: { id: 'desc' },
    select: { fromState: true },
  });
  return last?.fromState === 'TEMPORARY' ? 'TEMPORARY' : 'REGISTERED';
}
