/** Test support: players and staff users made directly in the database, with known credentials. */
import { randomBytes } from 'node:crypto';
import { newId, systemClock, type PlayerId, type StaffUserId } from '@casino/core';
import type { Db } from '@casino/db';
import { generateSecret } from 'otplib';
import { systemActor } from './actor.ts';
import type { ComplianceContext, SecretBox } from './context.ts';
import { createStaffUser } from './staff/create-staff-user.ts';
import { defaultComplianceRules } from './rules.ts';
import { staffRoleNames, type StaffRoleName } from './staff/staff-roles.ts';

/** A reversible stand-in for the PII protector: tests need to read back what they stored. */
export const testSecretBox: SecretBox = {
  encrypt: (plaintext) => `test:${Buffer.from(plaintext, 'utf8').toString('base64')}`,
  decrypt: (ciphertext) => Buffer.from(ciphertext.slice('test:'.length), 'base64').toString('utf8'),
};

export interface TestPlayerOptions {
  firstName?: string;
  surname?: string;
  dateOfBirth?: string;
  citizenship?: string;
  state?: 'APPLICANT' | 'TEMPORARY' | 'REGISTERED' | 'BLOCKED';
  identityStatus?: 'NOT_VERIFIED' | 'VERIFIED';
}

/** A player row with the data a compliance test needs; no registration flow behind it. */
export async function insertTestPlayer(db: Db, options: TestPlayerOptions = {}): Promise<PlayerId> {
  const id = newId<PlayerId>();
  const now = new Date();
  await db.player.create({
    data: {
      id,
      state: options.state ?? 'REGISTERED',
      email: `${id}@players.test`,
      phone: '+420600000000',
      passwordHash: 'x',
      firstName: options.firstName ?? 'Jana',
      surname: options.surname ?? `Tester${randomBytes(3).toString('hex')}`,
      dateOfBirth: new Date(`${options.dateOfBirth ?? '1990-05-05'}T00:00:00Z`),
      placeOfBirth: 'Brno',
      citizenship: options.citizenship ?? 'CZ',
      residenceAddress: { street: 'Václavské náměstí 1', city: 'Praha', postalCode: '11000', country: 'CZ' },
      identityKeyHash: randomBytes(32).toString('hex'),
      identityStatus: options.identityStatus ?? 'VERIFIED',
      termsVersion: 't1',
      termsAcceptedAt: now,
      gamePlanVersion: 'g1',
      gamePlanAcceptedAt: now,
      createdAt: now,
      updatedAt: now,
    },
  });
  await db.playerStateTransition.create({
    data: { playerId: id, fromState: null, toState: options.state ?? 'REGISTERED', reason: 'test', actor: 'test', at: now },
  });
  return id;
}

export interface TestStaff {
  staffUserId: StaffUserId;
  email: string;
  password: string;
  totpSecret: string;
  roles: StaffRoleName[];
}

export async function createTestStaff(ctx: ComplianceContext, roles: StaffRoleName[]): Promise<TestStaff> {
  const email = `${roles.join('-')}-${randomBytes(4).toString('hex')}@staff.test`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  const totpSecret = generateSecret();
  const { staffUserId } = await createStaffUser(ctx, systemActor('test'), {
    email,
    displayName: email,
    roles,
    password,
    totpSecret,
    reason: 'test staff user',
  });
  return { staffUserId, email, password, totpSecret, roles };
}

export type StaffByRole = Readonly<Record<StaffRoleName, StaffUserId>>;

/**
 * One active staff user per role, made up front. A staff token's roles are read from its user's
 * record on every request (issue 14 (1)), so a test that wants "a token of role X" needs a user
 * holding X; with these it can mint one synchronously.
 */
export async function createStaffPerRole(db: Db): Promise<StaffByRole> {
  const ctx: ComplianceContext = { db, clock: systemClock, rules: defaultComplianceRules, secrets: testSecretBox };
  const created = await Promise.all(staffRoleNames.map((role) => createTestStaff(ctx, [role])));
  return Object.fromEntries(created.map((staff) => [staff.roles[0]!, staff.staffUserId])) as StaffByRole;
}

/** The user of `byRole` holding exactly the one role asked for (tests ask for single roles). */
export function staffUserWithRole(byRole: StaffByRole, roles: readonly string[]): StaffUserId {
  const id = roles.length === 1 ? byRole[roles[0] as StaffRoleName] : undefined;
  if (!id) throw new Error(`no test staff user with exactly the roles [${roles.join(', ')}]`);
  return id;
}
