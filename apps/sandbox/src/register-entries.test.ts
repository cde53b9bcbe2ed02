import type { App } from '@casino/http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSandbox } from './app.ts';
import { loadSandboxConfig } from './config.ts';
import { sandboxPeople } from './state/people.ts';

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

const jana = sandboxPeople.ordinary[0]!;
const person = { firstName: jana.firstName, surname: jana.surname, dateOfBirth: jana.dateOfBirth, birthNumber: jana.birthNumber };
const enter = (payload: object) => app.inject({ method: 'POST', url: '/mf/excluded-persons/entries', payload });
const check = (payload: object) => app.inject({ method: 'POST', url: '/mf/excluded-persons/checks', payload });

describe("sandbox: entries in the register of excluded persons on the person's request (issue 5)", () => {
  it('issue 5: records the entry, and later checks find the person listed', async () => {
    expect((await check(person)).json().listed).toBe(false);
    const entered = await enter(person);
    expect(entered.statusCode).toBe(200);
    expect(entered.json()).toEqual({
      listed: true,
      listedSince: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      reference: expect.stringMatching(/^MF-RVO-/),
    });
    const { firstName, surname, dateOfBirth } = person;
    expect((await check({ firstName, surname, dateOfBirth })).json()).toMatchObject({
      listed: true,
      listedSince: entered.json().listedSince,
    });
  });

  it('issue 5: a second request keeps the first entry and its listing date, so a retried request is harmless', async () => {
    const first = await enter(person);
    const again = await enter(person);
    expect(again.statusCode).toBe(200);
    expect(again.json().listedSince).toBe(first.json().listedSince);
  });

  it('issue 5: a switched-off register enters nobody', async () => {
    await app.inject({
      method: 'PUT',
      url: '/control/mf',
      payload: { available: false, mode: 'error-503', register: 'excludedPersons' },
    });
    expect((await enter(person)).statusCode).toBe(503);
    await app.inject({ method: 'PUT', url: '/control/mf', payload: { available: true, mode: 'error-503' } });
    expect((await check(person)).json().listed).toBe(false);
  });
});
