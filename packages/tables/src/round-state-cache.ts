import type { EngineState } from './engines.ts';

/**
 * The decoded state of the rounds this process last confirmed bets on (issue 22, D-1857). A round's state grows
 * with every bet, and the confirmation of the next bet on the same round needs exactly the state the previous
 * one wrote: `table_stake_begin` leaves the state out when the round's row is still at the version held here,
 * and the confirmation plays on this copy instead of reading, parsing and decoding the whole round again.
 *
 * A version names one state because every write of a round's state moves its version by one, and a state is
 * remembered only after the transaction that wrote it committed (or as read under the round's lock). Another
 * instance's write, the scheduler's turn or the ORM path move the version past the one held here, so the next
 * confirmation reads the row's state, as before. States are immutable (the engines are pure), so one copy can
 * serve every confirmation of the process.
 */
export interface KnownState {
  readonly version: number;
  readonly state: EngineState;
}

const known = new Map<string, KnownState>();
// Enough for the open rounds of a busy instance (one per table with bets). A held state costs its decoded objects
// and the remembered text of its parts (D-1856): 370 kB of heap for a roulette round of 80 bets, the bench's
// largest (measured), so at most ~95 MB; a round of a few bets a seat takes a tenth of that. Beyond 256 tables
// with bets at once an instance reads some states again, as before D-1857.
const knownMax = 256;

export function knownStateOf(roundId: string): KnownState | undefined {
  return known.get(roundId);
}

/** Keeps `state` as the round's state at `version`: only a state committed at that version, or read under the round's lock. */
export function rememberState(roundId: string, version: number, state: EngineState): void {
  const held = known.get(roundId);
  if (held && held.version > version) return; // a newer version is held already
  known.delete(roundId); // re-inserted last: the Map's order is the order of use
  known.set(roundId, { version, state });
  if (known.size > knownMax) known.delete(known.keys().next().value!);
}

/** The round was turned (its version moved by the scheduler): the held state can serve no confirmation any more. */
export function forgetState(roundId: string): void {
  known.delete(roundId);
}
