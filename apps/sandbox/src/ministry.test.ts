import type { App } from '@casino/http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSandbox } from './app.ts';
import { loadSandboxConfig } from './config.ts';
import { sandboxPeople, type SandboxPerson } from './state/people.ts';

let app: App;

beforeAll(async () => {
  app = await buildSandbox({ config: loadSandboxConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }) });
  await app.ready();
});

beforeEach(async () => {
  await app.inject({ method: 'POST', url: '/control/reset' });
});

afterAll(async () => {
  await app?.close();
});

/** The identity fields a player types in, as the platform would send them. */
function identityOf(person: SandboxPerson, withBirthNumber = true) {
  const { firstName, surname, dateOfBirth, birthNumber, placeOfBirth, citizenship } = person;
  return withBirthNumber
    ? { firstName, surname, dateOfBirth, birthNumber, placeOfBirth, citizenship }
    : { firstName, surname, dateOfBirth, placeOfBirth, citizenship };
}

function personOf(person: SandboxPerson, withBirthNumber = true) {
  const { firstName, surname, dateOfBirth, birthNumber } = person;
  return withBirthNumber ? { firstName, surname, dateOfBirth, birthNumber } : { firstName, surname, dateOfBirth };
}

const verify = (payload: object) => app.inject({ method: 'POST', url: '/mf/identity/verifications', payload });
const checkExcluded = (payload: object) => app.inject({ method: 'POST', url: '/mf/excluded-persons/checks', payload });

describe('sandbox: MF basic register (identity and age)', () => {
  it('verifies every ordinary, listed and minor person, with and without the birth number', async () => {
    for (const person of [...sandboxPeople.ordinary, ...sandboxPeople.listed, ...sandboxPeople.minor]) {
      for (const withBirthNumber of [true, false]) {
        const response = await verify(identityOf(person, withBirthNumber));
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ result: 'verified', reference: expect.stringMatching(/^MF-ZR-/) });
      }
    }
  });

  it('matches a name without case or diacritics: "JANA DVORAKOVA" is Jana Dvořáková', async () => {
    const jana = sandboxPeople.ordinary[1]!;
    const response = await verify({
      ...identityOf(jana, false),
      firstName: 'JANA',
      surname: 'dvorakova',
      placeOfBirth: ' BRNO ',
    });
    expect(response.json().result).toBe('verified');
  });

  it('narrows a match by name with the place of birth: another place is not-found', async () => {
    const response = await verify({ ...identityOf(sandboxPeople.ordinary[0]!, false), placeOfBirth: 'Kolín' });
    expect(response.json().result).toBe('not-found');
  });

  it('answers not-found for an unknown identity, with or without a birth number', async () => {
    for (const withBirthNumber of [true, false]) {
      const response = await verify(identityOf(sandboxPeople.unknown[0]!, withBirthNumber));
      expect(response.json()).toEqual({ result: 'not-found', reference: expect.any(String) });
    }
  });

  it('answers mismatch on dateOfBirth when the register holds the birth number with another date', async () => {
    const martin = sandboxPeople.mismatchedBirthDate[0]!;
    const response = await verify(identityOf(martin));
    expect(response.json()).toEqual({ result: 'mismatch', mismatchedFields: ['dateOfBirth'], reference: expect.any(String) });
    // Without the birth number nothing links the wrong date to the record.
    expect((await verify(identityOf(martin, false))).json().result).toBe('not-found');
    const corrected = await verify({ ...identityOf(martin), dateOfBirth: martin.registeredDateOfBirth });
    expect(corrected.json().result).toBe('verified');
  });

  it('names every field that disagrees with the record of the birth number', async () => {
    const jan = sandboxPeople.ordinary[0]!;
    const response = await verify({ ...identityOf(jan), surname: 'Nováček', placeOfBirth: 'Kolín', citizenship: 'SK' });
    expect(response.json().mismatchedFields).toEqual(['surname', 'placeOfBirth', 'citizenship']);
  });

  it('refuses a birth number that is not 9 or 10 digits with 400 problem+json naming body.birthNumber', async () => {
    const response = await verify({ ...identityOf(sandboxPeople.ordinary[0]!), birthNumber: '900101/1239' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json().field).toBe('body.birthNumber');
  });
});

describe('sandbox: MF register of excluded persons (§16 ZHH)', () => {
  it('answers listed with the listing date for every listed person, by birth number and by name and date of birth', async () => {
    for (const person of sandboxPeople.listed) {
      for (const withBirthNumber of [true, false]) {
        const response = await checkExcluded(personOf(person, withBirthNumber));
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({
          listed: true,
          listedSince: person.listedSince,
          reference: expect.stringMatching(/^MF-RVO-/),
        });
      }
    }
  });

  it('answers not listed for ordinary, unknown, mismatched and minor people', async () => {
    for (const person of [
      ...sandboxPeople.ordinary,
      ...sandboxPeople.unknown,
      ...sandboxPeople.mismatchedBirthDate,
      ...sandboxPeople.minor,
    ]) {
      expect((await checkExcluded(personOf(person))).json()).toEqual({ listed: false, reference: expect.any(String) });
    }
  });

  it('lets a birth number on both sides decide: a namesake born the same day with another number is not listed', async () => {
    const tomas = sandboxPeople.listed[0]!;
    const response = await checkExcluded({ ...personOf(tomas), birthNumber: '8211204009' });
    expect(response.json().listed).toBe(false);
  });
});
