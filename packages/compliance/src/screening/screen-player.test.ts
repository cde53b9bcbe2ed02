import { ManualClock } from '@casino/core';
import { transaction } from '@casino/db';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../actor.ts';
import type { ComplianceContext } from '../context.ts';
import { defaultComplianceRules } from '../rules.ts';
import { createTestStaff, insertTestPlayer, testSecretBox } from '../testing.ts';
import { fictionalSampleEntries, sampleListCode } from './sample-list.ts';
import { rescreenAllPlayers, resolveScreeningAlert, screenedPersonOf, screenPlayer } from './screen-player.ts';
import { loadScreeningList } from './screening-lists.ts';

let testDb: TestDatabase;
let ctx: ComplianceContext;
const clock = new ManualClock(new Date('2026-11-24T09:00:00Z'));

beforeAll(async () => {
  testDb = await createTestDatabase();
  ctx = { db: testDb.db, clock, rules: defaultComplianceRules, secrets: testSecretBox };
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
  await testDb?.drop();
});

async function screen(playerId: string) {
  const player = await testDb.db.player.findUniqueOrThrow({ where: { id: playerId } });
  return transaction(testDb.db, (tx) => screenPlayer(tx, { playerId, at: clock.now(), person: screenedPersonOf(player) }));
}

describe('screening players against the loaded lists (002:KYC-01, KYC-02)', () => {
  it('002:KYC-01 a listed person is a HIT with an alert; an unrelated one is CLEARED', async () => {
    const listed = await insertTestPlayer(testDb.db, { firstName: 'Oksana', surname: 'Čajkovská', dateOfBirth: '1980-02-17' });
    const unrelated = await insertTestPlayer(testDb.db, { firstName: 'Petra', surname: 'Horáková' });
    const hit = await screen(listed);
    expect(hit).toMatchObject({ outcome: 'HIT', matches: [{ externalId: 'fict-0004', dateOfBirth: 'match' }] });
    expect(await testDb.db.player.findUnique({ where: { id: listed }, select: { screeningStatus: true } })).toEqual({
      screeningStatus: 'HIT',
    });
    expect(await screen(unrelated)).toMatchObject({ outcome: 'CLEARED', alertId: null });
  });

  it('002:AMB-PEP a false positive clears the player and is not raised again until the list entry changes', async () => {
    const officer = await createTestStaff(ctx, ['compliance-officer']);
    const actor = { kind: 'staff' as const, staffUserId: officer.staffUserId, roles: officer.roles };
    const namesake = await insertTestPlayer(testDb.db, {
      firstName: 'Květoslav',
      surname: 'Brdička',
      dateOfBirth: '1988-08-08',
      citizenship: 'CZ',
    });
    const first = await screen(namesake);
    expect(first.outcome).toBe('HIT');
    await resolveScreeningAlert(ctx, actor, {
      alertId: first.alertId!,
      outcome: 'false-positive',
      reason: 'different person: born 1988, the listed one 1969',
    });
    expect(
      await testDb.db.player.findUnique({ where: { id: namesake }, select: { screeningStatus: true, state: true } }),
    ).toEqual({ screeningStatus: 'CLEARED', state: 'REGISTERED' });
    expect(await rescreenAllPlayers(testDb.db, clock.now())).toMatchObject({ hits: 1 }); // the Oksana of the test above, still open
    expect(await testDb.db.complianceAlert.count({ where: { playerId: namesake } })).toBe(1);

    const changed = fictionalSampleEntries.map((e) =>
      e.externalId === 'fict-0005' ? { ...e, names: [...e.names, 'Kvetoslav Brdicka st.'] } : e,
    );
    await loadScreeningList(ctx, systemActor('test'), {
      code: sampleListCode,
      name: 'Fictional sample',
      kind: 'SANCTIONS',
      sourceFormat: 'sample',
      entries: changed,
      reason: 'entry amended',
    });
    expect((await screen(namesake)).outcome).toBe('HIT');
  });
});
