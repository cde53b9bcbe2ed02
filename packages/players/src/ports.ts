import type { RegisterPerson } from '@casino/core';
import type { Tx } from '@casino/db';

/**
 * What the players package needs from the outside world, as interfaces: the Ministry of Finance's
 * registers (implemented by `@casino/compliance`'s HTTP client, against the real MF or apps/sandbox).
 * A register that cannot be reached answers 'unavailable' — never 'verified' or 'not-listed'.
 */
export type IdentityAnswer =
  | { status: 'verified'; reference: string }
  | { status: 'not-found'; reference: string }
  | { status: 'mismatch'; mismatchedFields: string[]; reference: string }
  | { status: 'unavailable'; reason: string };

export type ExcludedPersonsAnswer =
  | { status: 'not-listed'; reference: string; checkedAt: string }
  | { status: 'listed'; listedSince?: string; reference: string; checkedAt: string }
  | { status: 'unavailable'; reason: string };

/**
 * Sanctions and PEP screening (002:KYC-01), implemented by `@casino/compliance` (its matcher, lists and
 * alerts) and handed in by the app: at registration and when a name changes. It runs in the caller's
 * transaction; a hit raises an alert there and holds completion until an officer decides.
 */
export interface PlayerScreening {
  screen(
    tx: Tx,
    request: { playerId: string; person: { fullName: string; dateOfBirth: string; citizenship: string }; at: Date },
  ): Promise<{ outcome: 'CLEARED' | 'HIT' }>;
}

export interface MinistryRegisters {
  verifyIdentity(person: RegisterPerson): Promise<IdentityAnswer>;
  checkExcludedPersons(person: RegisterPerson): Promise<ExcludedPersonsAnswer>;
}
