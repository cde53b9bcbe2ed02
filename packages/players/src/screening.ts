import { screenPlayer, type ScreeningResult } from '@casino/compliance';
import type { Tx } from '@casino/db';

/**
 * Sanctions and PEP screening before play (002:KYC-01): the hook the registration calls. The
 * matcher, the lists and the alerts are @casino/compliance's; a hit holds registration completion
 * until a compliance officer decides (002:AMB-PEP).
 */
export type ScreeningOutcome = ScreeningResult['outcome'];

/** The normal form of a name in the identity keys (person.ts); screening has its own, fuzzier one. */
export function normaliseName(name: string): string {
  return name.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().replace(/[^a-z ]+/g, ' ').replace(/\s+/g, ' ').trim();
}

export async function screenPerson(tx: Tx, playerId: string, person: { firstName: string; surname: string; dateOfBirth: string; citizenship: string }, at: Date): Promise<ScreeningOutcome> {
  const result = await screenPlayer(tx, { playerId, at, person: { fullName: `${person.firstName} ${person.surname}`, dateOfBirth: person.dateOfBirth, citizenship: person.citizenship } });
  return result.outcome;
}
