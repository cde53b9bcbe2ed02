/**
 * A person as the Ministry of Finance's registers know them (identity and age in the basic registers,
 * the register of excluded persons). Defined once, here, because three packages exchange it: players
 * asks the registers at registration and login, limits asks for an entry in the register of excluded
 * persons, and compliance's HTTP client sends it (issue 15). Personal data: never logged.
 */
export interface RegisterPerson {
  firstName: string;
  surname: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  /** Czech birth number (rodné číslo), 9 or 10 digits, no slash. */
  birthNumber?: string | undefined;
  placeOfBirth?: string | undefined;
  /** ISO 3166-1 alpha-2, e.g. CZ */
  citizenship: string;
}
