import { describe, expect, it } from 'vitest';
import { decodeBirthNumber } from './state/birth-number.ts';
import { allSandboxPeople, sandboxPeople, sandboxPersonRoles } from './state/people.ts';

describe('sandbox: fixture people', () => {
  it('gives everyone a valid Czech birth number that encodes the date the register holds and the sex', () => {
    for (const person of allSandboxPeople()) {
      expect(decodeBirthNumber(person.birthNumber), `${person.firstName} ${person.surname}`).toEqual({
        dateOfBirth: person.registeredDateOfBirth ?? person.dateOfBirth,
        sex: person.sex,
      });
    }
  });

  it('has people of every role, with unique birth numbers', () => {
    for (const role of sandboxPersonRoles) expect(sandboxPeople[role].length, role).toBeGreaterThan(0);
    const numbers = allSandboxPeople().map((p) => p.birthNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('includes the dates the examples need: 1990-01-01, a woman born 1985-06-15, 2000-12-31', () => {
    expect(sandboxPeople.ordinary.map((p) => [p.dateOfBirth, p.sex])).toEqual(
      expect.arrayContaining([
        ['1990-01-01', 'male'],
        ['1985-06-15', 'female'],
        ['2000-12-31', 'male'],
      ]),
    );
  });

  it("cannot be edited by one test behind another's back", () => {
    expect(Object.isFrozen(sandboxPeople.ordinary)).toBe(true);
    expect(Object.isFrozen(sandboxPeople.ordinary[0])).toBe(true);
  });

  it('rejects birth numbers with a wrong check digit or an impossible date', () => {
    expect(decodeBirthNumber('9001011238')).toBeNull();
    expect(decodeBirthNumber('9002301235')).toBeNull();
    expect(decodeBirthNumber('900101123')).toBeNull();
  });
});
