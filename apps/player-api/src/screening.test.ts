import {
  fictionalSampleEntries,
  loadScreeningList,
  resolveScreeningAlert,
  sampleListCode,
  systemActor,
  defaultComplianceRules,
} from '@casino/compliance';
import { createTestStaff, testSecretBox } from '@casino/compliance/testing';
import { Money, newId } from '@casino/core';
import { transaction } from '@casino/db';
import { authorizeDeposit, authorizeStake, startPlaySession } from '@casino/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationFor, newPerson, registerToTemporaryAccount, startHarness, type Harness } from '@casino/test-support';

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

  it('002:KYC-01 / KYC-02 a temporary-account holder with a sanctions match may neither play nor deposit until an officer decides; a false positive lets them play', async () => {
    const registered = await registerToTemporaryAccount(
      h,
      applicationFor(await newPerson(h, { dateOfBirth: '1974-09-30' }), {
        firstName: 'Muhammad',
        surname: 'Al Zarbani',
        placeOfBirth: 'Ostrava', // not the applicant of the first test: one account per person
      }),
    );
    const playerId = registered.playerId;
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: unknown) => (error as { code: string }).code,
      );
    const deposit = () =>
      transaction(h.connections.db, (tx) =>
        authorizeDeposit(h.limits, tx, { playerId, reference: `deposit:${newId()}`, amount: Money.of('100.00', 'CZK') }),
      );
    const stake = () =>
      transaction(h.connections.db, async (tx) => {
        const { playSessionId } = await startPlaySession(h.limits, tx, { playerId });
        return authorizeStake(h.limits, tx, {
          playerId,
          playSessionId,
          reference: `stake:${newId()}`,
          amount: Money.of('10.00', 'CZK'),
          category: 'casino',
        });
      });
    expect(await h.connections.db.player.findUniqueOrThrow({ where: { id: playerId } })).toMatchObject({
      state: 'TEMPORARY',
      screeningStatus: 'HIT',
    });
    expect(await refusal(deposit())).toBe('screening-hold');
    expect(await refusal(stake())).toBe('screening-hold');

    const ctx = { db: h.connections.db, clock: h.clock, rules: defaultComplianceRules, secrets: testSecretBox };
    const officer = await createTestStaff(ctx, ['compliance-officer']);
    const alert = await h.connections.db.complianceAlert.findFirstOrThrow({ where: { playerId, status: 'OPEN' } });
    await resolveScreeningAlert(
      ctx,
      { kind: 'staff', staffUserId: officer.staffUserId, roles: officer.roles },
      { alertId: alert.id, outcome: 'false-positive', reason: 'a namesake: another person' },
    );
    expect(await refusal(deposit())).toBeNull();
    expect(await refusal(stake())).toBeNull();
  });
});
