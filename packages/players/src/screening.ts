import type { Tx } from '@casino/db';

/**
 * Sanctions and PEP screening before play (002:KYC-01). This is the hook the registration calls: an
 * exact match of the normalised full name (and the date of birth where the list has one) against
 * the loaded lists. The fuller matcher and the list importers come with the AML work; a hit holds
 * completion until a compliance officer decides (002:AMB-PEP).
 */
export type ScreeningOutcome = 'CLEARED' | 'HIT';

export function normaliseName(name: string): string {
  return name.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().replace(/[^a-z ]+/g, ' ').replace(/\s+/g, ' ').trim();
}

export async function screenPerson(tx: Tx, person: { firstName: string; surname: string; dateOfBirth: string }): Promise<ScreeningOutcome> {
  const name = normaliseName(`${person.firstName} ${person.surname}`);
  const matches = await tx.screeningListEntry.findMany({ where: { nameNormalized: name }, select: { dateOfBirth: true } });
  const hit = matches.some((m) => m.dateOfBirth === null || m.dateOfBirth.toISOString().slice(0, 10) === person.dateOfBirth);
  return hit ? 'HIT' : 'CLEARED';
}
