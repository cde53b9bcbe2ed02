import { InvariantViolation } from '@casino/core';
import type { Tx } from '@casino/db';

/**
 * The account states of a player, one state machine (issue 4):
 * applicant → temporary (contract concluded, 004:REG-21) → registered (004:REG-24)
 * → blocked / dormant / closed; an applicant or temporary account whose 30 days ran out is
 * cancelled (004:TMP-08). Every change is recorded with a reason and an actor.
 */
export type PlayerState = 'APPLICANT' | 'TEMPORARY' | 'REGISTERED' | 'BLOCKED' | 'DORMANT' | 'CLOSED' | 'CANCELLED';

const allowed: Record<PlayerState, readonly PlayerState[]> = {
  // A contract signed at a branch opens no temporary account: it completes straight to registered (004 čl. 4.2.3).
  APPLICANT: ['TEMPORARY', 'REGISTERED', 'CANCELLED', 'CLOSED'],
  TEMPORARY: ['REGISTERED', 'CANCELLED', 'BLOCKED', 'CLOSED'],
  REGISTERED: ['BLOCKED', 'DORMANT', 'CLOSED'],
  BLOCKED: ['REGISTERED', 'TEMPORARY', 'CLOSED'],
  DORMANT: ['REGISTERED', 'BLOCKED', 'CLOSED'],
  CLOSED: [],
  CANCELLED: [],
};

/**
 * States in which the holder may not use the account at all: login refuses them, and so does every
 * request made with a token from before the change (issue 14 (1)).
 */
export const statesWithoutAccess: readonly PlayerState[] = ['BLOCKED', 'CLOSED', 'CANCELLED'];

export function canTransition(from: PlayerState, to: PlayerState): boolean {
  return allowed[from].includes(to);
}

export interface TransitionOptions {
  reason: string;
  actor: string;
  at: Date;
}

/** Moves a player from `from` to `to`; fails if the player is no longer in `from` (a concurrent change). */
export async function transition(
  tx: Tx,
  playerId: string,
  from: PlayerState,
  to: PlayerState,
  options: TransitionOptions,
): Promise<void> {
  if (!canTransition(from, to)) throw new InvariantViolation(`player state ${from} → ${to} is not allowed`);
  const updated = await tx.player.updateMany({
    where: { id: playerId, state: from },
    data: { state: to, updatedAt: options.at },
  });
  if (updated.count !== 1) throw new InvariantViolation(`player ${playerId} was not in state ${from}`);
  await tx.playerStateTransition.create({
    data: { playerId, fromState: from, toState: to, reason: options.reason, actor: options.actor, at: options.at },
  });
}
