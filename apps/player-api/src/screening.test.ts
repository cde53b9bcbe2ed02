import {
  fictionalSampleEntries,
  loadScreeningList,
  sampleListCode,
  systemActor,
  defaultComplianceRules,
} from '@casino/compliance';
import { testSecretBox } from '@casino/compliance/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationFor, newPerson, startHarness, type Harness } from '@casino/test-support';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  const ctx = { db: h.connections.db, clock: h.clock, rules: defaultComplianceRules, secrets: testSecretBox };
  await loadScreeningList(ctx, systemActor('test'), {
    code: sampleListCode,
    name: 'Fictional sample',
    kind: 'SANCTIONS',
    sourceFormat: 'sample',
    entries: fictionalSampleEntries,
    reason: 'test list',
  });
});
afterAll(async () => {
  await h?.close();
});

describe('screening at registration (issue 9)', () => {
  it('002:KYC-02 an applicant whose name is on a sanctions list is held (screening HIT) with an alert for an officer', async () => {
    const body = applicationFor(await newPerson(h, { dateOfBirth: '1974-09-30' }), {
      firstName: 'Muhammad',
      surname: 'Al Zarbani',
    });
    const applied = await h.api.inject({ method: 'POST', url: '/v1/registrations', payload: body });
    expect(applied.statusCode).toBe(201);
    const playerId = applied.json().playerId as string;
    expect(await h.connections.db.player.findUnique({ where: { id: playerId }, select: { screeningStatus: true } })).toEqual({
      screeningStatus: 'HIT',
    });
    const alerts = await h.connections.db.complianceAlert.findMany({ where: { playerId } });
    expect(alerts).toMatchObject([
      {
        ruleCode: 'sanctions-pep-screening',
        status: 'OPEN',
        details: { matches: [{ externalId: 'fict-0003', dateOfBirth: 'match' }] },
      },
    ]);
  });

  it('002:KYC-02 an applicant with an unlisted name is cleared', async () => {
    const applied = await h.api.inject({ method: 'POST', url: '/v1/registrations', payload: applicationFor(await newPerson(h)) });
    expect(applied.statusCode).toBe(201);
    expect(
      await h.connections.db.player.findUnique({ where: { id: applied.json().playerId }, select: { screeningStatus: true } }),
    ).toEqual({ screeningStatus: 'CLEARED' });
  });
});
