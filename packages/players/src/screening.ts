import type { Tx } from '@casino/db';
import type { PlayersContext } from './context.ts';

/**
 * Sanctions and PEP screening before play (002:KYC-01): the hook the registration calls. The
 * matcher, the lists and the alerts are @casino/compliance's, reached through the context's
 * `screening` port; a hit holds registration completion until a compliance officer decides (002:AMB-PEP).
 */
export type ScreeningOutcome = 'CLEARED' | 'HIT';

/** The normal form of a name in the identity keys (person.ts); screening has its own, fuzzier one. */
export function normaliseName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export async function screenPerson(
  ctx: Pick<PlayersContext, 'screening'>,
  tx: Tx,
  playerId: string,
  person: { firstName: string; surname: string; dateOfBirth: string; citizenship: string },
  at: Date,
): Promise<ScreeningOutcome> {
  const result = await ctx.screening.screen(tx, {
    playerId,
    at,
    person: {
      fullName: `${person.firstName} ${person.surname}`,
      dateOfBirth: person.dateOfBirth,
      citizenship: person.citizenship,
    },
  });
  return result.outcome;
}
