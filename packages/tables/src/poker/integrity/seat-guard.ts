import { DomainError } from '@casino/core';
import type { Tx } from '@casino/db';
import type { PokerIntegrityRules } from '../profile.ts';
import { privateTableAccess } from './private-tables.ts';
import { separatedFromSomeoneAt } from './separations.ts';

/**
 * Who the poker room refuses a seat (issue 18), checked in the buy-in's transaction after the table
 * row is locked and before any money moves, in this order (each `poker-seat-refused` with its
 * `reason`):
 * 1. `suspended`: a suspension from poker or all live games in force (004:T-152, 003:R-COND-I, 000-001:TBL-13);
 * 2. `private-table`: a private table the player was neither invited to nor gave the password of
 *    (003:R-PRIV-05, S-93), or `private-table-not-open` outside its game day (its seats are the
 *    number of players ordered: `table-full` past them);
 * 3. `not-together`: someone the player is kept apart from has a seat here (000-001:TBL-11, T-15, 003:R-COND-K);
 * 4. `alias-required`: the profile seats only players who chose their alias (003:R-ALIAS-01).
 */
export async function guardSeat(
  tx: Tx,
  request: { tableId: string; playerId: string; now: Date; rules: PokerIntegrityRules },
): Promise<void> {
  // One round trip for the common case (no suspension, a public table, nobody kept apart): the buy-in holds the table's lock.
  const [state] = await tx.$queryRaw<Array<{ suspended: boolean; alias: boolean; private: boolean; separated: boolean }>>`
    SELECT EXISTS (SELECT 1 FROM player_game_suspension WHERE player_id = ${request.playerId}::uuid AND lifted_at IS NULL) AS suspended,
           EXISTS (SELECT 1 FROM poker_alias WHERE player_id = ${request.playerId}::uuid) AS alias,
           EXISTS (SELECT 1 FROM poker_private_table_order WHERE table_id = ${request.tableId}::uuid) AS private,
           EXISTS (SELECT 1 FROM poker_seat_separation
                   WHERE removed_at IS NULL AND (player_low_id = ${request.playerId}::uuid OR player_high_id = ${request.playerId}::uuid)) AS separated`;
  if (state!.suspended) throw suspendedRefusal();
  const access = state!.private ? await privateTableAccess(tx, request) : 'allowed';
  if (access !== 'allowed') throw refused(access, privateDetails[access]);
  if (state!.separated && (await separatedFromSomeoneAt(tx, request.tableId, request.playerId)))
    throw refused('not-together', 'You cannot sit at this table; choose another one.');
  if (request.rules.aliasRequired && !state!.alias) throw aliasRefusal();
}

/** The guard's flags as `guardSeat`'s one statement reads them. */
export interface SeatGuardFlags {
  suspended: boolean;
  alias: boolean;
  private: boolean;
  separated: boolean;
}

/**
 * `guardSeat`'s rules on its flags for a caller that read them itself (the buy-in's two-statement path,
 * issue 22, D-2284): throws the refusal `guardSeat` would, in its order; false when a private table or a
 * separation needs the further reads only `guardSeat` makes (the caller takes the ORM path).
 */
export function seatGuardOnFlags(flags: SeatGuardFlags, rules: PokerIntegrityRules): boolean {
  if (flags.suspended) throw suspendedRefusal();
  if (flags.private || flags.separated) return false;
  if (rules.aliasRequired && !flags.alias) throw aliasRefusal();
  return true;
}

const suspendedRefusal = () => refused('suspended', 'You are suspended from the poker room while staff investigate.');
const aliasRefusal = () => refused('alias-required', 'Choose your alias before you sit down: it is what the table shows.');

const privateDetails = {
  'private-table': 'This private table is for invited players and those who have its password.',
  'private-table-not-open': 'This private table is open on its game day only.',
} as const;

function refused(reason: string, detail: string): DomainError {
  return new DomainError('poker-seat-refused', detail, { extensions: { reason } });
}
