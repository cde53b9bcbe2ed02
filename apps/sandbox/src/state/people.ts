import { assert } from '@casino/core';
import type { RegisteredPerson } from './identity.ts';

/**
 * The fictional people the sandbox's Ministry of Finance knows, grouped by what the registers
 * answer about them. Tests elsewhere pick a person by role (`sandboxPeople.ordinary[0]`) and send
 * the identity fields as a player would type them. Every birth number is a valid Czech one.
 */
export const sandboxPersonRoles = ['ordinary', 'listed', 'unknown', 'mismatchedBirthDate', 'minor'] as const;
export type SandboxPersonRole = (typeof sandboxPersonRoles)[number];

export interface SandboxPerson {
  role: SandboxPersonRole;
  firstName: string;
  surname: string;
  /** YYYY-MM-DD, as the person gives it (for `mismatchedBirthDate`: the wrong one). */
  dateOfBirth: string;
  birthNumber: string;
  placeOfBirth: string;
  citizenship: string;
  sex: 'female' | 'male';
  /** What the basic register answers when this identity is sent with its birth number. */
  identityResult: 'verified' | 'not-found' | 'mismatch';
  /** Set for `listed`: the date the person entered the register of excluded persons. */
  listedSince?: string;
  /** Set for `mismatchedBirthDate`: the date the basic register holds for the birth number. */
  registeredDateOfBirth?: string;
  /** One line for people trying things by hand. */
  note: string;
}

/** Fixtures are shared by every test in a process: one test must not be able to edit another's people. */
function frozen(people: SandboxPerson[]): readonly SandboxPerson[] {
  return Object.freeze(people.map((person) => Object.freeze(person)));
}

const ordinary: readonly SandboxPerson[] = frozen([
  {
    role: 'ordinary',
    firstName: 'Jan',
    surname: 'Novák',
    dateOfBirth: '1990-01-01',
    birthNumber: '9001011239',
    placeOfBirth: 'Praha',
    citizenship: 'CZ',
    sex: 'male',
    identityResult: 'verified',
    note: 'verified, not listed',
  },
  {
    role: 'ordinary',
    firstName: 'Jana',
    surname: 'Dvořáková',
    dateOfBirth: '1985-06-15',
    birthNumber: '8556154123',
    placeOfBirth: 'Brno',
    citizenship: 'CZ',
    sex: 'female',
    identityResult: 'verified',
    note: 'verified, not listed; a woman (+50 on the month of the birth number)',
  },
  {
    role: 'ordinary',
    firstName: 'Petr',
    surname: 'Svoboda',
    dateOfBirth: '2000-12-31',
    birthNumber: '0012312179',
    placeOfBirth: 'Ostrava',
    citizenship: 'CZ',
    sex: 'male',
    identityResult: 'verified',
    note: 'verified, not listed; born this millennium',
  },
  {
    role: 'ordinary',
    firstName: 'Josef',
    surname: 'Černý',
    dateOfBirth: '1951-07-20',
    birthNumber: '510720118',
    placeOfBirth: 'Písek',
    citizenship: 'CZ',
    sex: 'male',
    identityResult: 'verified',
    note: 'verified, not listed; a nine-digit birth number (born before 1954)',
  },
]);

const listed: readonly SandboxPerson[] = frozen([
  {
    role: 'listed',
    firstName: 'Tomáš',
    surname: 'Procházka',
    dateOfBirth: '1982-11-20',
    birthNumber: '8211203055',
    placeOfBirth: 'Plzeň',
    citizenship: 'CZ',
    sex: 'male',
    identityResult: 'verified',
    listedSince: '2024-03-01',
    note: 'verified, listed in the register of excluded persons since 2024-03-01',
  },
  {
    role: 'listed',
    firstName: 'Lucie',
    surname: 'Kučerová',
    dateOfBirth: '1995-04-12',
    birthNumber: '9554121467',
    placeOfBirth: 'Olomouc',
    citizenship: 'CZ',
    sex: 'female',
    identityResult: 'verified',
    listedSince: '2025-09-15',
    note: 'verified, listed in the register of excluded persons since 2025-09-15',
  },
]);

const unknown: readonly SandboxPerson[] = frozen([
  {
    role: 'unknown',
    firstName: 'Radek',
    surname: 'Veselý',
    dateOfBirth: '1992-07-07',
    birthNumber: '9207072897',
    placeOfBirth: 'Liberec',
    citizenship: 'CZ',
    sex: 'male',
    identityResult: 'not-found',
    note: 'not in the basic register: identity not-found, not listed',
  },
]);

const mismatchedBirthDate: readonly SandboxPerson[] = frozen([
  {
    role: 'mismatchedBirthDate',
    firstName: 'Martin',
    surname: 'Horák',
    dateOfBirth: '1988-05-15',
    birthNumber: '8805053312',
    placeOfBirth: 'Hradec Králové',
    citizenship: 'CZ',
    sex: 'male',
    identityResult: 'mismatch',
    registeredDateOfBirth: '1988-05-05',
    note: 'the register holds the birth number with 1988-05-05: mismatch on dateOfBirth (not-found without the birth number)',
  },
]);

const minor: readonly SandboxPerson[] = frozen([
  {
    role: 'minor',
    firstName: 'Eliška',
    surname: 'Malá',
    dateOfBirth: '2015-09-10',
    birthNumber: '1559102743',
    placeOfBirth: 'Zlín',
    citizenship: 'CZ',
    sex: 'female',
    identityResult: 'verified',
    note: "verified, not listed, but under 18 until 2033-09-10: the age rule is the platform's to apply",
  },
]);

export const sandboxPeople: Readonly<Record<SandboxPersonRole, readonly SandboxPerson[]>> = Object.freeze({
  ordinary,
  listed,
  unknown,
  mismatchedBirthDate,
  minor,
});

/** A copy of the fixtures by role, for serving: callers may not edit the shared ones. */
export function sandboxPeopleByRole(): Record<SandboxPersonRole, SandboxPerson[]> {
  return Object.fromEntries(
    sandboxPersonRoles.map((role) => [role, sandboxPeople[role].map((person) => ({ ...person }))]),
  ) as Record<SandboxPersonRole, SandboxPerson[]>;
}

export function allSandboxPeople(): SandboxPerson[] {
  return sandboxPersonRoles.flatMap((role) => sandboxPeople[role]);
}

/** The basic register as the sandbox starts: everyone except the unknown, as the register holds them. */
export function initialBasicRegister(): RegisteredPerson[] {
  return allSandboxPeople()
    .filter((person) => person.role !== 'unknown')
    .map((person) => ({
      firstName: person.firstName,
      surname: person.surname,
      dateOfBirth: person.registeredDateOfBirth ?? person.dateOfBirth,
      birthNumber: person.birthNumber,
      placeOfBirth: person.placeOfBirth,
      citizenship: person.citizenship,
    }));
}

/** The register of excluded persons as the sandbox starts. */
export function initialExcludedPersons(): {
  firstName: string;
  surname: string;
  dateOfBirth: string;
  birthNumber: string;
  listedSince: string;
}[] {
  return sandboxPeople.listed.map((person) => {
    assert(person.listedSince !== undefined, 'a listed fixture person has listedSince');
    return {
      firstName: person.firstName,
      surname: person.surname,
      dateOfBirth: person.dateOfBirth,
      birthNumber: person.birthNumber,
      listedSince: person.listedSince,
    };
  });
}
