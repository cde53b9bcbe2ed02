import type { StaffUserId } from '@casino/core';

/** Who does a back-office action: a staff user with the roles of their token, or the system itself. */
export type Actor =
  | { kind: 'staff'; staffUserId: StaffUserId; roles: readonly string[]; requestId?: string }
  | { kind: 'system'; name: string; requestId?: string };

export function actorId(actor: Actor): string {
  return actor.kind === 'staff' ? actor.staffUserId : `system:${actor.name}`;
}

export function systemActor(name: string): Actor {
  return { kind: 'system', name };
}
