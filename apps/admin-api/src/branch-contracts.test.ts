import { defaultComplianceRules } from '@casino/compliance';
import { newId } from '@casino/core';
import { completeRegistration } from '@casino/players';
import { createTestStaff, testSecretBox, type TestStaff } from '@casino/compliance/testing';
import { applicationFor, eventually, newPerson, smsCodeFor, smsCount, startHarness, type Harness } from '@casino/test-support';
import { sandboxPeople } from '@casino/test-support/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let h: Harness;
let worker: TestStaff;
beforeAll(async () => {
  h = await startHarness();
  worker = await createTestStaff(
    { db: h.connections.db, clock: h.clock, rules: defaultComplianceRules, secrets: testSecretBox },
    ['support'],
  );
}, 120_000);
afterAll(async () => {
  await h?.close();
});

/** A valid Czech IBAN (bank code 0800), unique per call. */
let accountSequence = 0;
function czechIban(): string {
  accountSequence++;
  const bban = `0800000001${String((process.pid * 1000 + accountSequence) % 10_000_000_000).padStart(10, '0')}`;
  let remainder = 0;
  for (const digit of `${bban}123500`) remainder = (remainder * 10 + Number(digit)) % 97;
  return `CZ${String(98 - remainder).padStart(2, '0')}${bban}`;
}

const asWorker = () => ({
  authorization: `Bearer ${h.admin.issueAccessToken({ audience: 'staff', subject: worker.staffUserId })}`,
});
const post = (url: string, payload: object) => h.admin.inject({ method: 'POST', url, headers: asWorker(), payload });

/** The branch form: the application's data without the password, with the document shown in person. */
function branchForm(
  person: Parameters<typeof applicationFor>[0],
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const { password: _password, ...application } = applicationFor(person);
  return {
    ...application,
    branchCode: 'praha-1',
    identityDocument: { type: 'national-id', number: '123 456 789', validUntil: '2030-12-31' },
    ...overrides,
  };
}

describe('the branch channel (004 čl. 4.2)', () => {
  it('004:REG-01 / REG-10 / REG-11 / REG-13 / REG-14 / REG-15 / SLM-02 / IDV-02 / T-13 the worker enters the form with the document and each self-limit; the keypad code and then the PIN conclude the contract and a confirmation is printed; playing still waits', async () => {
    const form = branchForm(await newPerson(h));
    const phone = form.phone as string;
    const before = await smsCount(h, phone);
    const started = await post('/v1/branch-contracts', form);
    expect(started.statusCode).toBe(201);
    const playerId = started.json().playerId as string;
    expect(started.json().next).toBe('keypad-code');

    // The worker entered it (REG-11, SLM-02); the document checked in person is kept, its number encrypted (IDV-02).
    const contract = await h.connections.db.branchContract.findUniqueOrThrow({ where: { playerId } });
    expect(contract).toMatchObject({
      branchCode: 'praha-1',
      enteredBy: `staff:${worker.staffUserId}`,
      idDocumentType: 'national-id',
      concludedAt: null,
    });
    expect(contract.idDocumentNumberEncrypted).not.toContain('123456789');
    const transitions = await h.connections.db.playerStateTransition.findMany({ where: { playerId } });
    expect(transitions.map((t) => [t.toState, t.actor])).toEqual([['APPLICANT', `staff:${worker.staffUserId}`]]);
    expect(await h.connections.db.selfLimitDecision.count({ where: { playerId } })).toBe((form.selfLimits as unknown[]).length);

    // The PIN cannot come before the keypad code (REG-13, REG-14).
    expect((await post(`/v1/branch-contracts/${playerId}/pin`, { pin: '482913' })).statusCode).toBe(409);
    const code = await smsCodeFor(h, phone, before);
    const wrong = code === '000000' ? '000001' : '000000';
    expect((await post(`/v1/branch-contracts/${playerId}/keypad-code`, { code: wrong })).json().type).toBe(
      'https://problems.casino.example/invalid-sms-code',
    );
    const typed = await post(`/v1/branch-contracts/${playerId}/keypad-code`, { code });
    expect(typed.json()).toEqual({ phoneVerified: true, next: 'pin' });

    const concluded = await post(`/v1/branch-contracts/${playerId}/pin`, { pin: '482913' });
    expect(concluded.statusCode).toBe(201);
    expect(concluded.json()).toMatchObject({
      playerId,
      branchCode: 'praha-1',
      concludedAt: h.clock.now().toISOString(),
      text: expect.stringContaining('Contract concluded at branch praha-1'),
    });
    const player = await h.connections.db.player.findUniqueOrThrow({ where: { id: playerId } });
    expect(player.contractConcludedAt).toEqual(h.clock.now());
    const stored = await h.connections.db.branchContract.findUniqueOrThrow({ where: { playerId } });
    expect(stored.pinHash).toMatch(/^\$argon2id\$/);
    // REG-15: no temporary account at a branch, and an applicant may not play until registration completes.
    expect(player.state).toBe('APPLICANT');
    expect(await h.connections.db.temporaryAccount.count({ where: { playerId } })).toBe(0);
  });

  it('004:REG-12 / IDV-04 / T-11 a person listed in the register is refused at the branch and nothing about them is stored', async () => {
    const before = await h.connections.db.player.count();
    const refused = await post('/v1/branch-contracts', branchForm(sandboxPeople.listed[0]!));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().type).toBe('https://problems.casino.example/listed-in-register');
    expect(await h.connections.db.player.count()).toBe(before);
  });

  it('004:REG-10 an expired identity document is refused, naming the field', async () => {
    const refused = await post(
      '/v1/branch-contracts',
      branchForm(await newPerson(h), { identityDocument: { type: 'passport', number: 'X1234567', validUntil: '2020-01-01' } }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().field).toBe('body.identityDocument.validUntil');
  });

  it('004:REG-16 / REG-15 / REG-25 / T-13 / T-14 at the branch only a bank account is registered, a card is refused; once the worker verifies the account the registration completes and the account opens', async () => {
    const person = await newPerson(h);
    const form = branchForm(person);
    const before = await smsCount(h, form.phone as string);
    const playerId = (await post('/v1/branch-contracts', form)).json().playerId as string;
    await post(`/v1/branch-contracts/${playerId}/keypad-code`, { code: await smsCodeFor(h, form.phone as string, before) });
    expect((await post(`/v1/branch-contracts/${playerId}/pin`, { pin: '550193' })).statusCode).toBe(201);

    const card = await post(`/v1/branch-contracts/${playerId}/payment-methods`, { kind: 'card', token: 'tok_visa' });
    expect(card.statusCode).toBe(400);
    expect(card.json()).toMatchObject({ type: 'https://problems.casino.example/validation-failed', field: 'body.kind' });
    const bank = await post(`/v1/branch-contracts/${playerId}/payment-methods`, {
      kind: 'bank-account',
      iban: czechIban(),
      holderName: `${person.firstName} ${person.surname}`,
    });
    expect(bank.statusCode).toBe(201);
    expect(bank.json().status).toBe('REGISTERED');
    // Registered is not enough to play (REG-15): the applicant still may not.
    expect((await h.connections.db.player.findUniqueOrThrow({ where: { id: playerId } })).state).toBe('APPLICANT');

    const verified = await post(`/v1/cashier/payment-methods/${bank.json().id}/verification-decision`, {
      decision: 'approve',
      reason: 'account statement in the holder name shown at the branch',
    });
    expect(verified.json()).toEqual({ status: 'VERIFIED' });
    const registered = await eventually(async () => {
      const player = await h.connections.db.player.findUniqueOrThrow({ where: { id: playerId } });
      return player.state === 'REGISTERED' ? player : undefined;
    }, 'registration completed by the worker');
    expect(registered.registeredAt).toEqual(h.clock.now());
    const transitions = await h.connections.db.playerStateTransition.findMany({ where: { playerId }, orderBy: { id: 'asc' } });
    expect(transitions.map((t) => [t.fromState, t.toState])).toEqual([
      [null, 'APPLICANT'],
      ['APPLICANT', 'REGISTERED'],
    ]);
    expect(await h.connections.db.temporaryAccount.count({ where: { playerId } })).toBe(0);
  });

  it('002:REG-07 a branch contract whose registration was not completed within 30 days can no longer complete', async () => {
    const form = branchForm(await newPerson(h));
    const before = await smsCount(h, form.phone as string);
    const playerId = (await post('/v1/branch-contracts', form)).json().playerId as string;
    await post(`/v1/branch-contracts/${playerId}/keypad-code`, { code: await smsCodeFor(h, form.phone as string, before) });
    await post(`/v1/branch-contracts/${playerId}/pin`, { pin: '550194' });
    h.clock.advanceDays(32);
    try {
      await expect(completeRegistration(h.ctx, { playerId, verifiedPaymentMethodId: newId() })).rejects.toMatchObject({
        code: 'registration-expired',
      });
    } finally {
      h.clock.advanceDays(-32);
    }
  });
});
