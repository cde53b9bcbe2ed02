/**
 * Players as registration leaves them, for a package's tests of its own use cases (issue 15): the
 * player row in the state asked for and, unless told otherwise, every self-limitation measure of
 * registration decided (refused), so the limits let them take part. The database only: no app, no
 * register, no mail. This module imports no app, so a package's test pays only for what it uses.
 */
import { createHash } from 'node:crypto';
import { newId, systemClock, type Clock } from '@casino/core';
import { transaction, type Db } from '@casino/db';
import {
  czechProfile,
  recordRegistrationDecisions,
  resolveRegistrationDecisions,
  type JurisdictionProfile,
} from '@casino/limits';

export type TestPlayerState = 'APPLICANT' | 'TEMPORARY' | 'REGISTERED' | 'BLOCKED' | 'DORMANT' | 'CLOSED' | 'CANCELLED';

export interface TestPlayerRow {
  state?: TestPlayerState;
  registerStatus?: 'NOT_CHECKED' | 'NOT_LISTED' | 'LISTED' | 'UNAVAILABLE';
  /** Record registration's self-limitation decisions (all refused); true by default. */
  decided?: boolean;
  /** The jurisdiction whose registration measures are decided (the Czech one by default). */
  limits?: JurisdictionProfile;
  clock?: Clock;
}

export async function insertPlayer(db: Db, options: TestPlayerRow = {}): Promise<string> {
  const playerId = newId();
  const clock = options.clock ?? systemClock;
  const now = clock.now();
  const state = options.state ?? 'REGISTERED';
  const limits = options.limits ?? czechProfile;
  await transaction(db, async (tx) => {
    await tx.player.create({
      data: {
        id: playerId,
        state,
        email: `${playerId}@packages.test`,
        phone: '+420600000000',
        passwordHash: 'test',
        firstName: 'Package',
        surname: `Tester${playerId.slice(-6)}`,
        dateOfBirth: new Date('1985-03-14T00:00:00Z'),
        placeOfBirth: 'Brno',
        citizenship: 'CZ',
        residenceAddress: { street: 'Náměstí Svobody 1', city: 'Brno', postalCode: '60200', country: 'CZ' },
        identityKeyHash: createHash('sha256').update(playerId).digest('hex'),
        registerStatus: options.registerStatus ?? 'NOT_LISTED',
        termsVersion: 'test',
        termsAcceptedAt: now,
        gamePlanVersion: 'test',
        gamePlanAcceptedAt: now,
        createdAt: now,
        updatedAt: now,
      },
    });
    await tx.playerStateTransition.create({
      data: { playerId, fromState: null, toState: state, reason: 'test', actor: 'test', at: now },
    });
    if (options.decided ?? true) {
      const refused = limits.registrationMeasures.map((m) => ({ measure: m.code, decision: 'refused' as const }));
      await recordRegistrationDecisions(tx, playerId, resolveRegistrationDecisions(limits, refused, clock), now);
    }
  });
  return playerId;
}
