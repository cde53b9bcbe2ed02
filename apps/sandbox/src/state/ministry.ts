import { DomainError, newId, type Clock } from '@casino/core';
import {
  mismatchedFields,
  sameNameAndBirthDate,
  samePerson,
  sameText,
  type IdentityField,
  type IdentityQuery,
  type PersonQuery,
  type RegisteredPerson,
} from './identity.ts';
import { initialBasicRegister, initialExcludedPersons } from './people.ts';

/**
 * The Ministry of Finance as the sandbox plays it: the basic register (identity and age), the
 * register of excluded persons (§16 ZHH), switches that make either unreachable, and a count of
 * the calls each received so tests can see a client's retries and its circuit breaker.
 */
export const registerNames = ['identity', 'excludedPersons'] as const;
export type RegisterName = (typeof registerNames)[number];

export const outageModes = ['error-503', 'timeout'] as const;
export type OutageMode = (typeof outageModes)[number];

export interface RegisterConditions {
  available: boolean;
  /** How an unavailable register fails: a 503 at once, or no answer for longer than any client waits. */
  mode: OutageMode;
  /** Added to every answer, available or not. */
  latencyMs: number;
}

export type IdentityAnswer =
  | { result: 'verified'; reference: string }
  | { result: 'not-found'; reference: string }
  | { result: 'mismatch'; mismatchedFields: IdentityField[]; reference: string };

export interface ExcludedPersonsAnswer {
  listed: boolean;
  listedSince?: string;
  reference: string;
}

export interface ExcludedPerson extends PersonQuery {
  /** YYYY-MM-DD */
  listedSince: string;
}

/** Hand-added records are bounded like everything else: a runaway test fails instead of eating memory. */
export const registerRecordsMax = 10_000;

const normalConditions: RegisterConditions = Object.freeze({ available: true, mode: 'error-503', latencyMs: 0 });

export class MinistryRegisters {
  readonly #clock: Clock;
  #people: RegisteredPerson[] = [];
  #excluded: ExcludedPerson[] = [];
  #conditions: Record<RegisterName, RegisterConditions> = { identity: normalConditions, excludedPersons: normalConditions };
  #calls: Record<RegisterName, number> = { identity: 0, excludedPersons: 0 };

  constructor(clock: Clock) {
    this.#clock = clock;
    this.reset();
  }

  /** Back to the fixture people, both registers reachable, counters at zero. */
  reset(): void {
    this.#people = initialBasicRegister();
    this.#excluded = initialExcludedPersons();
    this.#conditions = { identity: normalConditions, excludedPersons: normalConditions };
    this.#calls = { identity: 0, excludedPersons: 0 };
  }

  /** By birth number when given, else by name and date of birth (and place of birth when given). */
  verifyIdentity(query: IdentityQuery): IdentityAnswer {
    const reference = `MF-ZR-${newId()}`;
    const record =
      query.birthNumber !== undefined ? this.#people.find((p) => p.birthNumber === query.birthNumber) : this.#findByName(query);
    if (record === undefined) return { result: 'not-found', reference };
    const fields = mismatchedFields(query, record);
    return fields.length === 0 ? { result: 'verified', reference } : { result: 'mismatch', mismatchedFields: fields, reference };
  }

  checkExcludedPersons(query: PersonQuery): ExcludedPersonsAnswer {
    const reference = `MF-RVO-${newId()}`;
    const entry = this.#excluded.find((e) => samePerson(e, query));
    return entry === undefined ? { listed: false, reference } : { listed: true, listedSince: entry.listedSince, reference };
  }

  addPerson(person: RegisteredPerson): RegisteredPerson {
    if (person.birthNumber !== undefined && this.#people.some((p) => p.birthNumber === person.birthNumber)) {
      throw new DomainError('conflict', 'The basic register already holds this birth number.', { field: 'body.birthNumber' });
    }
    this.#requireRoom(this.#people.length);
    this.#people.push({ ...person });
    return { ...person };
  }

  /** Lists a person; listing someone already listed changes nothing (`created: false`). */
  listExcludedPerson(person: PersonQuery & { listedSince?: string | undefined }): { entry: ExcludedPerson; created: boolean } {
    const existing = this.#excluded.find((e) => samePerson(e, person));
    if (existing !== undefined) return { entry: { ...existing }, created: false };
    this.#requireRoom(this.#excluded.length);
    const entry: ExcludedPerson = { ...person, listedSince: person.listedSince ?? pragueDate(this.#clock.now()) };
    this.#excluded.push(entry);
    return { entry: { ...entry }, created: true };
  }

  /** An entry the person asked for through an operator: listed from today, or as already listed. */
  enterOnRequest(person: PersonQuery): { entry: ExcludedPerson; reference: string } {
    const { entry } = this.listExcludedPerson({
      firstName: person.firstName,
      surname: person.surname,
      dateOfBirth: person.dateOfBirth,
      birthNumber: person.birthNumber,
    });
    return { entry, reference: `MF-RVO-${newId()}` };
  }

  /** Removes every entry that is this person; answers how many there were. */
  delistExcludedPerson(person: PersonQuery): number {
    const before = this.#excluded.length;
    this.#excluded = this.#excluded.filter((e) => !samePerson(e, person));
    return before - this.#excluded.length;
  }

  setConditions(conditions: RegisterConditions, register?: RegisterName): void {
    for (const name of register === undefined ? registerNames : [register])
      this.#conditions[name] = Object.freeze({ ...conditions });
  }

  conditions(register: RegisterName): RegisterConditions {
    return this.#conditions[register];
  }

  allConditions(): Record<RegisterName, RegisterConditions> {
    return { ...this.#conditions };
  }

  countCall(register: RegisterName): void {
    this.#calls[register] += 1;
  }

  calls(): Record<RegisterName, number> {
    return { ...this.#calls };
  }

  #findByName(query: IdentityQuery): RegisteredPerson | undefined {
    return this.#people.find(
      (p) =>
        sameNameAndBirthDate(p, query) &&
        (query.placeOfBirth === undefined || p.placeOfBirth === undefined || sameText(p.placeOfBirth, query.placeOfBirth)),
    );
  }

  #requireRoom(size: number): void {
    if (size >= registerRecordsMax)
      throw new DomainError(
        'conflict',
        `The sandbox register holds at most ${registerRecordsMax} records; POST /control/reset empties it.`,
      );
  }
}

/** A listing starts on a calendar day in Prague, whatever the server's time zone. */
function pragueDate(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Prague',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}
