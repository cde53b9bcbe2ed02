/**
 * Issue 14, newcomer frictions: the account state is spelled one way on the wire (the enum's
 * upper case, D-1457), and the curl walkthrough in docs/players.md sends bodies that the API takes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplicationBodySchema } from './routes/registration.schema.ts';
import { applicationFor, newPerson, registerToTemporaryAccount, startHarness, type Harness } from '@casino/test-support';

let h: Harness;

beforeAll(async () => {
  h = await startHarness(new Date());
});

afterAll(async () => {
  await h?.close();
});

/** The JSON bodies of the `curl … -d '{…}'` requests to /v1/registrations in docs/players.md. */
function walkthroughApplications(): string[] {
  const doc = readFileSync(path.resolve(import.meta.dirname, '../../../docs/players.md'), 'utf8');
  return [...doc.matchAll(/curl [^\n]*\/v1\/registrations -H 'content-type: application\/json' -d '(\{[\s\S]*?\n?\})'/g)].map(
    (m) => m[1]!,
  );
}

describe('issue 14 (newcomer frictions)', () => {
  it('issue 14 (newcomer frictions): the account state is spelled as the enum everywhere: APPLICANT after applying, TEMPORARY in GET /v1/me', async () => {
    const person = await newPerson(h);
    const applied = await h.api.inject({ method: 'POST', url: '/v1/registrations', payload: applicationFor(person) });
    expect(applied.statusCode).toBe(201);
    expect(applied.json().state).toBe('APPLICANT');
    const registered = await registerToTemporaryAccount(h, applicationFor(await newPerson(h)));
    const me = await h.api.inject({
      method: 'GET',
      url: '/v1/me',
      headers: { authorization: `Bearer ${registered.accessToken}` },
    });
    expect(me.json().state).toBe('TEMPORARY');
    const states = readFileSync(path.resolve(import.meta.dirname, '../../../prisma/schema.prisma'), 'utf8')
      .split('enum PlayerState {')[1]!
      .split('}')[0]!;
    for (const state of [applied.json().state, me.json().state]) expect(states).toContain(`  ${state}\n`);
  });

  it('issue 14 (newcomer frictions): every application in the docs/players.md walkthrough is complete JSON the API accepts (no "…"), and the listed person is refused as the doc says', async () => {
    const bodies = walkthroughApplications();
    expect(bodies.length).toBeGreaterThanOrEqual(2);
    for (const text of bodies) {
      expect(text).not.toContain('…');
      expect(ApplicationBodySchema.safeParse(JSON.parse(text)).error).toBeUndefined();
    }
    const listed = bodies.map((text) => JSON.parse(text) as { surname: string }).find((body) => body.surname === 'Procházka');
    const refused = await h.api.inject({ method: 'POST', url: '/v1/registrations', payload: listed! });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().type).toBe('https://problems.casino.example/listed-in-register');
  });
});
