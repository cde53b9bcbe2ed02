import { ageOn, DomainError, pragueDate } from '@casino/core';
import { parseBirthNumber } from './birth-number.ts';
import type { PiiProtector } from './pii.ts';
import type { RegisterPerson } from '@casino/core';
import type { PlayerRules } from './rules.ts';
import { normaliseName } from './screening.ts';

export interface Address {
  street: string;
  city: string;
  postalCode: string;
  country: string;
}

/** The identification and contact data the act requires of an applicant (issue 4, step 1). */
export interface PersonalData {
  firstName: string;
  surname: string;
  birthSurname?: string | undefined;
  /** Digits, with or without the slash; absent when none was assigned. */
  birthNumber?: string | undefined;
  dateOfBirth: string;
  placeOfBirth?: string | undefined;
  citizenship: string;
  residenceAddress: Address;
  correspondenceAddress?: Address | undefined;
  phone: string;
  email: string;
}

/**
 * The eligibility rules on the data itself, in the order an applicant can fix them: residence in
 * the Czech Republic (004:ELG-02), a valid birth number that agrees with the date of birth, or the
 * place of birth where none was assigned, and 18 or older on the day (004:ELG-01, AMB-01).
 */
export function assertEligible(person: PersonalData, rules: PlayerRules, now: Date): { birthNumberDigits: string | null } {
  if (!rules.residenceCountries.includes(person.residenceAddress.country)) {
    throw new DomainError('not-resident', 'Only residents of the Czech Republic may take part (004:ELG-02).', {
      field: 'body.residenceAddress.country',
    });
  }
  let birthNumberDigits: string | null = null;
  if (person.birthNumber !== undefined) {
    const parsed = parseBirthNumber(person.birthNumber);
    if (!parsed.ok)
      throw new DomainError('birth-number-invalid', `The birth number is invalid: ${parsed.reason}.`, {
        field: 'body.birthNumber',
      });
    if (parsed.value.dateOfBirth !== person.dateOfBirth) {
      throw new DomainError('birth-number-invalid', 'The birth number does not agree with the date of birth.', {
        field: 'body.dateOfBirth',
      });
    }
    birthNumberDigits = parsed.value.digits;
  } else if (!person.placeOfBirth) {
    throw new DomainError('validation-failed', 'Without a birth number, the place of birth is required.', {
      field: 'body.placeOfBirth',
    });
  }
  const age = ageOn(person.dateOfBirth, pragueDate(now));
  if (age < rules.minimumAge) {
    throw new DomainError('under-age', `Players must be ${rules.minimumAge} or older on the day of application.`, {
      field: 'body.dateOfBirth',
    });
  }
  return { birthNumberDigits };
}

/**
 * Keyed hashes that find the same person again (004:REG-08, 002:AMB-DUP): the birth number, and name
 * with date and place of birth for people without one.
 */
export function identityHashes(
  person: PersonalData,
  birthNumberDigits: string | null,
  pii: PiiProtector,
): { birthNumberHash: string | null; identityKeyHash: string } {
  const birthNumberHash = birthNumberDigits === null ? null : pii.blindIndex(`bn|${birthNumberDigits}`);
  const identityKeyHash = person.placeOfBirth
    ? pii.blindIndex(
        `id|${normaliseName(`${person.firstName} ${person.surname}`)}|${person.dateOfBirth}|${normaliseName(person.placeOfBirth)}`,
      )
    : pii.blindIndex(`id|bn|${birthNumberDigits}`);
  return { birthNumberHash, identityKeyHash };
}

export function registerPersonOf(
  person: Pick<PersonalData, 'firstName' | 'surname' | 'dateOfBirth' | 'placeOfBirth' | 'citizenship'>,
  birthNumberDigits: string | null,
): RegisterPerson {
  return {
    firstName: person.firstName,
    surname: person.surname,
    dateOfBirth: person.dateOfBirth,
    citizenship: person.citizenship,
    ...(birthNumberDigits ? { birthNumber: birthNumberDigits } : {}),
    ...(person.placeOfBirth ? { placeOfBirth: person.placeOfBirth } : {}),
  };
}
