/**
 * The identity data the Ministry of Finance's registers match on, and how they compare it.
 * Shared by the basic register (identity and age) and the register of excluded persons.
 */

/** The fields a mismatch can name, in the order the sandbox reports them. */
export const identityFields = ['firstName', 'surname', 'dateOfBirth', 'placeOfBirth', 'citizenship'] as const;
export type IdentityField = (typeof identityFields)[number];

/** What a caller knows about a person; the birth number is optional (foreigners, older records). */
export interface PersonQuery {
  firstName: string;
  surname: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  /** Czech birth number (rodné číslo), digits only: 9 before 1954, 10 after. */
  birthNumber?: string | undefined;
}

export interface IdentityQuery extends PersonQuery {
  placeOfBirth?: string | undefined;
  /** ISO 3166-1 alpha-2 */
  citizenship: string;
}

/** A record of the basic register (základní registry). */
export interface RegisteredPerson {
  firstName: string;
  surname: string;
  dateOfBirth: string;
  birthNumber?: string | undefined;
  placeOfBirth?: string | undefined;
  citizenship: string;
}

/**
 * Names and places compare without case, diacritics or extra spaces: "Dvořáková" typed as
 * "DVORAKOVA" on a keyboard without Czech letters is the same person.
 */
export function normalizeText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, ' ');
}

export function sameText(left: string, right: string): boolean {
  return normalizeText(left) === normalizeText(right);
}

/** Name and date of birth: the match used when no birth number is given. */
export function sameNameAndBirthDate(left: PersonQuery, right: PersonQuery): boolean {
  return (
    sameText(left.firstName, right.firstName) && sameText(left.surname, right.surname) && left.dateOfBirth === right.dateOfBirth
  );
}

/**
 * The same person, as the register of excluded persons decides it: a birth number on both sides
 * decides alone (it is unique); otherwise name and date of birth.
 */
export function samePerson(left: PersonQuery, right: PersonQuery): boolean {
  if (left.birthNumber !== undefined && right.birthNumber !== undefined) return left.birthNumber === right.birthNumber;
  return sameNameAndBirthDate(left, right);
}

/** The fields of a query that disagree with the record found by its birth number. */
export function mismatchedFields(query: IdentityQuery, record: RegisteredPerson): IdentityField[] {
  const differs: Record<IdentityField, boolean> = {
    firstName: !sameText(query.firstName, record.firstName),
    surname: !sameText(query.surname, record.surname),
    dateOfBirth: query.dateOfBirth !== record.dateOfBirth,
    // A place the caller did not give cannot disagree; a place the register lacks neither.
    placeOfBirth:
      query.placeOfBirth !== undefined && record.placeOfBirth !== undefined && !sameText(query.placeOfBirth, record.placeOfBirth),
    citizenship: query.citizenship.toUpperCase() !== record.citizenship.toUpperCase(),
  };
  return identityFields.filter((field) => differs[field]);
}
