import type { App } from '@casino/http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSandbox } from './app.ts';
import { loadSandboxConfig } from './config.ts';
import { waitFor } from '@casino/core/testing';
import { timeoutHoldMs } from './routes/register-conditions.ts';
import { sandboxPeople, sandboxPersonRoles } from './state/people.ts';

const config = loadSandboxConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
let app: App;

beforeAll(async () => {
  app = await buildSandbox({ config });
  await app.ready();
});

beforeEach(async () => {
  await app.inject({ method: 'POST', url: '/control/reset' });
});

afterAll(async () => {
  await app?.close();
});

const jan = sandboxPeople.ordinary[0]!;
const janIdentity = {
  firstName: jan.firstName,
  surname: jan.surname,
  dateOfBirth: jan.dateOfBirth,
  birthNumber: jan.birthNumber,
  citizenship: 'CZ',
};
const janPerson = { firstName: jan.firstName, surname: jan.surname, dateOfBirth: jan.dateOfBirth, birthNumber: jan.birthNumber };

const setMf = (payload: object) => app.inject({ method: 'PUT', url: '/control/mf', payload });
const verify = () => app.inject({ method: 'POST', url: '/mf/identity/verifications', payload: janIdentity });
const checkExcluded = (payload: object = janPerson) =>
  app.inject({ method: 'POST', url: '/mf/excluded-persons/checks', payload });
const calls = async () => (await app.inject({ method: 'GET', url: '/control/mf/calls' })).json();

describe('sandbox: MF availability switches', () => {
  it('answers 503 problem+json from both registers while they are switched off, and counts each call', async () => {
    const set = await setMf({ available: false });
    expect(set.json()).toEqual({
      identity: { available: false, mode: 'error-503', latencyMs: 0 },
      excludedPersons: { available: false, mode: 'error-503', latencyMs: 0 },
    });
    for (const response of [await verify(), await checkExcluded(), await checkExcluded()]) {
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json().type).toBe('https://problems.casino.example/service-unavailable');
    }
    expect(await calls()).toEqual({ identityVerifications: 1, excludedPersonsChecks: 2 });
    await setMf({ available: true });
    expect((await verify()).statusCode).toBe(200);
  });

  it('switches one register off and leaves the other up', async () => {
    await setMf({ available: false, register: 'excludedPersons' });
    expect((await checkExcluded()).statusCode).toBe(503);
    expect((await verify()).json().result).toBe('verified');
  });

  it('adds latencyMs to every answer', async () => {
    await setMf({ available: true, latencyMs: 150 });
    const started = performance.now();
    expect((await verify()).statusCode).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('in timeout mode holds the answer longer than a client waits, and closing the sandbox ends the hold', async () => {
    // Its own sandbox on a real port: only a real client can give up on a request.
    const server = await buildSandbox({ config });
    const base = await server.listen({ host: '127.0.0.1', port: 0 });
    const countedChecks = async () =>
      (await server.inject({ method: 'GET', url: '/control/mf/calls' })).json().excludedPersonsChecks;
    await server.inject({ method: 'PUT', url: '/control/mf', payload: { available: false, mode: 'timeout' } });
    const client = new AbortController();
    let settled = false;
    const request = fetch(`${base}/mf/excluded-persons/checks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(janPerson),
      signal: client.signal,
    }).finally(() => (settled = true));
    // Give up only once the sandbox has the request, so a slow machine cannot fake a hold; an
    // AbortError (not an answer) shows it was still holding when the client gave up.
    await waitFor(async () => (await countedChecks()) > 0, { what: 'the sandbox to receive the check' });
    expect(settled).toBe(false);
    client.abort();
    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
    // Closing ends the hold: close() returns long before the hold would (it would take timeoutHoldMs).
    let holdOver: NodeJS.Timeout | undefined;
    const closed = await Promise.race([
      server.close().then(() => 'closed'),
      new Promise((resolve) => (holdOver = setTimeout(resolve, timeoutHoldMs - 5_000, 'still holding'))),
    ]);
    clearTimeout(holdOver);
    expect(closed).toBe('closed');
  });

  it('refuses a latency beyond the bound with 400 naming body.latencyMs', async () => {
    const response = await setMf({ available: true, latencyMs: 60_000 });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('body.latencyMs');
  });
});

describe('sandbox: MF register contents', () => {
  it('lists a person in the register of excluded persons, idempotently, and delists them', async () => {
    const listed = await app.inject({
      method: 'POST',
      url: '/control/mf/excluded-persons',
      payload: { ...janPerson, listedSince: '2026-01-02' },
    });
    expect(listed.statusCode).toBe(201);
    expect(listed.json()).toEqual({ ...janPerson, listedSince: '2026-01-02' });
    expect((await app.inject({ method: 'POST', url: '/control/mf/excluded-persons', payload: janPerson })).statusCode).toBe(200);
    expect((await checkExcluded()).json()).toMatchObject({ listed: true, listedSince: '2026-01-02' });

    const delisted = await app.inject({ method: 'DELETE', url: '/control/mf/excluded-persons', payload: janPerson });
    expect(delisted.json()).toEqual({ delisted: 1 });
    expect((await checkExcluded()).json().listed).toBe(false);
  });

  it('lists a person given without a birth number, who is then found with one', async () => {
    const { birthNumber: _omitted, ...withoutNumber } = janPerson;
    await app.inject({ method: 'POST', url: '/control/mf/excluded-persons', payload: withoutNumber });
    expect((await checkExcluded()).json().listed).toBe(true);
  });

  it('delists a fixture listed person', async () => {
    const lucie = sandboxPeople.listed[1]!;
    const person = {
      firstName: lucie.firstName,
      surname: lucie.surname,
      dateOfBirth: lucie.dateOfBirth,
      birthNumber: lucie.birthNumber,
    };
    await app.inject({ method: 'DELETE', url: '/control/mf/excluded-persons', payload: person });
    expect((await checkExcluded(person)).json().listed).toBe(false);
  });

  it('adds a person to the basic register, who is then verified; a known birth number is 409', async () => {
    const radek = sandboxPeople.unknown[0]!;
    const identity = {
      firstName: radek.firstName,
      surname: radek.surname,
      dateOfBirth: radek.dateOfBirth,
      birthNumber: radek.birthNumber,
      citizenship: 'CZ',
    };
    const added = await app.inject({ method: 'POST', url: '/control/mf/people', payload: identity });
    expect(added.statusCode).toBe(201);
    expect((await app.inject({ method: 'POST', url: '/mf/identity/verifications', payload: identity })).json().result).toBe(
      'verified',
    );
    const again = await app.inject({ method: 'POST', url: '/control/mf/people', payload: identity });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ type: 'https://problems.casino.example/conflict', field: 'body.birthNumber' });
  });

  it('serves the fixture people by role at GET /control/people', async () => {
    const response = await app.inject({ method: 'GET', url: '/control/people' });
    expect(response.statusCode).toBe(200);
    const people = response.json();
    expect(Object.keys(people).sort()).toEqual([...sandboxPersonRoles].sort());
    expect(people.ordinary[0]).toEqual(sandboxPeople.ordinary[0]);
  });

  it('restores the initial state on POST /control/reset: registers up, fixtures back, counters at zero', async () => {
    await setMf({ available: false });
    await checkExcluded();
    await app.inject({ method: 'POST', url: '/control/mf/excluded-persons', payload: janPerson });
    const reset = await app.inject({ method: 'POST', url: '/control/reset' });
    expect(reset.json()).toEqual({ status: 'reset' });
    expect(await calls()).toEqual({ identityVerifications: 0, excludedPersonsChecks: 0 });
    expect((await checkExcluded()).json().listed).toBe(false);
  });
});
