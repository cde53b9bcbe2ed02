import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ManualClock } from '@casino/core';
// The sandbox app through test support: a package never imports an app (D-1551).
import { buildSandbox, loadSandboxConfig, sandboxPeople, type SandboxApp } from '@casino/test-support/sandbox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMinistryRegistersClient } from './ministry-registers-client.ts';
import type { RegisterPerson } from '@casino/core';

let sandbox: SandboxApp;
let baseUrl: string;
const clock = new ManualClock(new Date('2026-11-21T10:00:00Z'));

beforeAll(async () => {
  sandbox = await buildSandbox({ config: loadSandboxConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }) });
  baseUrl = await sandbox.listen({ host: '127.0.0.1', port: 0 });
});

beforeEach(async () => {
  await sandbox.inject({ method: 'POST', url: '/control/reset' });
});

afterAll(async () => {
  await sandbox?.close();
});

const client = (url = baseUrl) =>
  createMinistryRegistersClient({ baseUrl: url, timeoutMs: 2_000, retries: 1, backoff: { baseMs: 5, maxMs: 10 }, clock });
const { firstName, surname, dateOfBirth, birthNumber, placeOfBirth, citizenship } = sandboxPeople.ordinary[1]!;
const person: RegisterPerson = { firstName, surname, dateOfBirth, birthNumber, placeOfBirth, citizenship };

describe("MF register of excluded persons: an entry on the person's request (issue 5)", () => {
  it('issue 5: the register confirms the entry with its reference, and the next check finds the person listed', async () => {
    const entry = await client().requestExclusion(person);
    expect(entry).toEqual({
      status: 'entered',
      listedSince: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      reference: expect.stringMatching(/^MF-RVO-/),
    });
    expect(await client().checkExcludedPersons(person)).toMatchObject({ status: 'listed' });
  });

  it('004:AMB-12 a register that cannot be reached enters nobody and answers "unavailable"', async () => {
    await sandbox.inject({
      method: 'PUT',
      url: '/control/mf',
      payload: { available: false, mode: 'error-503', register: 'excludedPersons' },
    });
    expect(await client().requestExclusion(person)).toEqual({ status: 'unavailable', reason: 'server-error' });
    await sandbox.inject({ method: 'PUT', url: '/control/mf', payload: { available: true, mode: 'error-503' } });
    expect(await client().checkExcludedPersons(person)).toMatchObject({ status: 'not-listed' });
  });

  describe('a confirmation that is not exactly one is "unavailable", never an entry', () => {
    let stub: Server;
    let stubUrl: string;
    let nextBody = '';

    beforeAll(async () => {
      stub = createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(nextBody));
      await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
      stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
    });

    afterAll(async () => {
      await new Promise((resolve) => stub.close(resolve));
    });

    it.each([
      '{"listed":false,"reference":"R-1"}',
      '{"listed":true,"reference":"R-1"}',
      '{"listed":true,"listedSince":"yesterday","reference":"R-1"}',
      '',
    ])('004:AMB-12 entry answer %j is "unavailable"', async (body) => {
      nextBody = body;
      expect(await client(stubUrl).requestExclusion(person)).toEqual({ status: 'unavailable', reason: 'malformed-response' });
    });
  });
});
