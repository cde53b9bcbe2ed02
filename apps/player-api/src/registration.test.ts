import { czechPlayerRules } from '@casino/players';
import { sandboxPeople } from '@casino/test-support/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationFor,
  delistFromRegister,
  listInRegister,
  mailFor,
  newPerson,
  registerToTemporaryAccount,
  setRegistersAvailable,
  smsCodeFor,
  smsCount,
  startHarness,
  type Harness,
} from '@casino/test-support';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const apply = (body: Record<string, unknown>) => h.api.inject({ method: 'POST', url: '/v1/registrations', payload: body });
const playerCount = () => h.connections.db.player.count();

describe('registration: the application', () => {
  it('004:T-01 / REG-20 / REG-21 / TMP-01 / IDV-05 / 002:TMP-01 confirming the e-mail and entering the SMS code concludes the contract and opens a temporary account', async () => {
    const registered = await registerToTemporaryAccount(h, applicationFor(sandboxPeople.ordinary[0]!));
    const me = await h.api.inject({
      method: 'GET',
      url: '/v1/me',
      headers: { authorization: `Bearer ${registered.accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      state: 'TEMPORARY',
      identityStatus: 'VERIFIED',
      registerStatus: 'NOT_LISTED',
      temporaryAccount: { status: 'OPEN', depositCap: { amount: '3000.00', currency: 'CZK' } },
    });
    const history = await h.connections.db.playerStateTransition.findMany({
      where: { playerId: registered.playerId },
      orderBy: { id: 'asc' },
    });
    expect(history.map((t) => [t.fromState, t.toState, t.actor])).toEqual([
      [null, 'APPLICANT', 'player'],
      ['APPLICANT', 'TEMPORARY', 'player'],
    ]);
    const player = await h.connections.db.player.findUniqueOrThrow({ where: { id: registered.playerId } });
    expect(player.termsVersion).toBe('terms-2026-01');
    expect(player.birthNumberEncrypted).not.toContain(sandboxPeople.ordinary[0]!.birthNumber); // encrypted at rest
  });

  it('004:REG-02 / 002:REG-03 the terms and the game plan are accepted before anything else: an application without them is refused, naming the field; the versions accepted are kept with the time', async () => {
    const body = applicationFor(await newPerson(h));
    const before = await playerCount();
    const { acceptedDocuments, ...withoutDocuments } = body;
    const refused = await apply(withoutDocuments);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().field).toBe('body.acceptedDocuments');
    expect(await playerCount()).toBe(before);
    const accepted = await apply({ ...body, acceptedDocuments });
    expect(accepted.statusCode).toBe(201);
    const player = await h.connections.db.player.findUniqueOrThrow({ where: { id: accepted.json().playerId } });
    expect(player).toMatchObject({
      termsVersion: (acceptedDocuments as { termsVersion: string }).termsVersion,
      gamePlanVersion: (acceptedDocuments as { gamePlanVersion: string }).gamePlanVersion,
      termsAcceptedAt: h.clock.now(),
      gamePlanAcceptedAt: h.clock.now(),
    });
  });

  it('004:T-01 without the e-mail confirmation there is no contract: login is refused and no temporary account exists', async () => {
    const body = applicationFor(await newPerson(h));
    expect((await apply(body)).statusCode).toBe(201);
    const login = await h.api.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: body.email, password: body.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().type).toBe('https://problems.casino.example/email-not-confirmed');
  });

  it('004:ELG-01 / T-12 / IDV-01 / 000-001:RG-01 GEN-04 refuses an applicant under 18 on the day with problem under-age, storing nothing', async () => {
    const before = await playerCount();
    const response = await apply(applicationFor(sandboxPeople.minor[0]!));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ type: 'https://problems.casino.example/under-age', field: 'body.dateOfBirth' });
    expect(await playerCount()).toBe(before);
  });

  it('004:ELG-02 refuses an applicant not resident in the Czech Republic', async () => {
    const response = await apply(
      applicationFor(await newPerson(h), {
        residenceAddress: { street: 'Hauptstraße 1', city: 'Wien', postalCode: '1010', country: 'AT' },
      }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      type: 'https://problems.casino.example/not-resident',
      field: 'body.residenceAddress.country',
    });
  });

  it('issue 4: refuses a birth number with a wrong check digit, and one that disagrees with the date of birth', async () => {
    const person = await newPerson(h);
    const wrongDigit = `${person.birthNumber.slice(0, 9)}${(Number(person.birthNumber[9]) + 1) % 10}`;
    const bad = await apply(applicationFor(person, { birthNumber: wrongDigit }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ type: 'https://problems.casino.example/birth-number-invalid', field: 'body.birthNumber' });
    const disagreeing = await apply(applicationFor(person, { dateOfBirth: '1970-12-24' }));
    expect(disagreeing.json()).toMatchObject({
      type: 'https://problems.casino.example/birth-number-invalid',
      field: 'body.dateOfBirth',
    });
  });

  it('issue 4: refuses malformed e-mail and phone, naming the field', async () => {
    const person = await newPerson(h);
    expect((await apply(applicationFor(person, { email: 'not-an-email' }))).json().field).toBe('body.email');
    expect((await apply(applicationFor(person, { phone: '601 234 567' }))).json().field).toBe('body.phone');
  });

  it('004:T-15 / REG-07 / SLM-01 / 002:T-REG-01 / RG-01 / REG-02 registration cannot proceed without a decision on each self-limitation measure', async () => {
    const body = applicationFor(await newPerson(h));
    const response = await apply({ ...body, selfLimits: (body.selfLimits as unknown[]).slice(1) });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      type: 'https://problems.casino.example/self-limit-decision-missing',
      field: 'body.selfLimits',
      measure: 'deposit:day',
    });
  });

  it('004:T-16 / REG-08 / 002:T-REG-03 / REG-06 a second application by the same person is refused, by birth number or by name, date and place of birth', async () => {
    const person = await newPerson(h);
    expect((await apply(applicationFor(person))).statusCode).toBe(201);
    const again = await apply(applicationFor(person));
    expect(again.statusCode).toBe(409);
    expect(again.json().type).toBe('https://problems.casino.example/duplicate-person');
    const withoutBirthNumber = applicationFor(person);
    delete withoutBirthNumber.birthNumber;
    expect((await apply(withoutBirthNumber)).json().type).toBe('https://problems.casino.example/duplicate-person');
  });

  it('004:REG-08 two simultaneous applications by one person create one applicant', async () => {
    const person = await newPerson(h);
    const responses = await Promise.all([
      apply(applicationFor(person)),
      apply(applicationFor(person)),
      apply(applicationFor(person)),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('004:T-11 / REG-04 / IDV-01 / IDV-03 / IDV-04 / 002:T-REG-05 an applicant listed in the register of excluded persons is refused and nothing is stored', async () => {
    const before = await playerCount();
    const response = await apply(applicationFor(sandboxPeople.listed[0]!));
    expect(response.statusCode).toBe(403);
    expect(response.json().type).toBe('https://problems.casino.example/listed-in-register');
    expect(await playerCount()).toBe(before);
  });
});

describe('registration: login and the register', () => {
  it('004:T-20 / ACC-03 / ELG-04 / IDV-04 a person listed after registering cannot log in, and is told how to reach support', async () => {
    const person = await newPerson(h);
    const registered = await registerToTemporaryAccount(h, applicationFor(person));
    await listInRegister(h, person);
    const login = await h.api.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: registered.email, password: 'correct horse battery staple' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({
      type: 'https://problems.casino.example/listed-in-register',
      detail: expect.stringMatching(/hotline|contact form/),
    });
    await delistFromRegister(h, person);
    // 004:T-22: the check is "for as long as the listing lasts".
    const again = await h.api.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: registered.email, password: 'correct horse battery staple' },
    });
    expect(again.statusCode).toBe(200);
  });

  it('issue 14 (2) / 004:ACC-03 / ELG-04 / T-20 / 002:AMB-SCREEN a refresh asks the register: a player listed after logging in is refused and every session ends', async () => {
    const person = await newPerson(h);
    const registered = await registerToTemporaryAccount(h, applicationFor(person));
    const second = await h.api.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: registered.email, password: 'correct horse battery staple' },
    });
    expect(second.statusCode).toBe(200);
    await listInRegister(h, person);
    const refused = await h.api.inject({
      method: 'POST',
      url: '/v1/auth/refresh',
      payload: { refreshToken: registered.refreshToken },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      type: 'https://problems.casino.example/listed-in-register',
      detail: expect.stringMatching(/hotline|contact form/),
    });
    expect(
      await h.connections.db.player.findUniqueOrThrow({ where: { id: registered.playerId }, select: { registerStatus: true } }),
    ).toEqual({ registerStatus: 'LISTED' });
    // The other login's session ended too, and stays ended after the listing is lifted.
    await delistFromRegister(h, person);
    expect(
      (await h.api.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken: second.json().refreshToken } }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await h.api.inject({
          method: 'POST',
          url: '/v1/auth/login',
          payload: { email: registered.email, password: 'correct horse battery staple' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('issue 14 (2) / 004:AMB-12 a refresh while the register cannot be reached is refused with 503 (fail closed), and the token stays usable', async () => {
    const registered = await registerToTemporaryAccount(h, applicationFor(await newPerson(h)));
    await setRegistersAvailable(h, false);
    try {
      const refused = await h.api.inject({
        method: 'POST',
        url: '/v1/auth/refresh',
        payload: { refreshToken: registered.refreshToken },
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json().type).toBe('https://problems.casino.example/register-unavailable');
    } finally {
      await setRegistersAvailable(h, true);
      h.clock.advanceMs(60_000); // past the circuit breaker's open period
    }
    expect(
      (await h.api.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken: registered.refreshToken } }))
        .statusCode,
    ).toBe(200);
  });

  it('004:AMB-12 a register that cannot be reached refuses the login (fail closed) with 503 register-unavailable', async () => {
    const registered = await registerToTemporaryAccount(h, applicationFor(await newPerson(h)));
    await setRegistersAvailable(h, false);
    try {
      const login = await h.api.inject({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { email: registered.email, password: 'correct horse battery staple' },
      });
      expect(login.statusCode).toBe(503);
      expect(login.json().type).toBe('https://problems.casino.example/register-unavailable');
    } finally {
      await setRegistersAvailable(h, true);
      h.clock.advanceMs(60_000); // past the circuit breaker's open period
    }
  });

  it('issue 14 (4): wrong passwords slow down that account at that address instead of locking it; the owner at another address logs in at once, and at the first address after the delay', async () => {
    const registered = await registerToTemporaryAccount(h, applicationFor(await newPerson(h)));
    const attempt = (password: string, remoteAddress: string) =>
      h.api.inject({ method: 'POST', url: '/v1/auth/login', remoteAddress, payload: { email: registered.email, password } });
    for (let i = 0; i < czechPlayerRules.loginThrottle.accountAddress.failuresFree; i++)
      expect((await attempt('wrong password!', '198.51.100.7')).statusCode).toBe(401);
    const throttled = await attempt('correct horse battery staple', '198.51.100.7');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({
      type: 'https://problems.casino.example/login-throttled',
      retryAfterSeconds: expect.any(Number),
    });
    // A stranger's failures do not keep the owner out: from another address the login goes through.
    expect((await attempt('correct horse battery staple', '203.0.113.20')).statusCode).toBe(200);
    h.clock.advanceMs(throttled.json().retryAfterSeconds * 1000);
    expect((await attempt('correct horse battery staple', '198.51.100.7')).statusCode).toBe(200);
  });

  it('issue 14 (4): guessing from many addresses slows the account down for new addresses only; the owner at an address they logged in from still gets in', async () => {
    const registered = await registerToTemporaryAccount(h, applicationFor(await newPerson(h)));
    const attempt = (password: string, remoteAddress: string) =>
      h.api.inject({ method: 'POST', url: '/v1/auth/login', remoteAddress, payload: { email: registered.email, password } });
    expect((await attempt('correct horse battery staple', '192.0.2.10')).statusCode).toBe(200);
    for (let i = 0; i < czechPlayerRules.loginThrottle.account.failuresFree; i++)
      expect((await attempt('wrong password!', `198.18.0.${i + 1}`)).statusCode).toBe(401);
    expect((await attempt('correct horse battery staple', '198.18.1.1')).json().type).toBe(
      'https://problems.casino.example/login-throttled',
    );
    expect((await attempt('correct horse battery staple', '192.0.2.10')).statusCode).toBe(200);
    // Twenty-two argon2id verifications by design: on a loaded two-core machine that outlasts the default 30 s.
  }, 120_000);

  it('issue 14 (4): an unknown e-mail and a known one answer alike, wrong and throttled: same status, type and body shape', async () => {
    const registered = await registerToTemporaryAccount(h, applicationFor(await newPerson(h)));
    const attempt = (email: string) =>
      h.api.inject({
        method: 'POST',
        url: '/v1/auth/login',
        remoteAddress: '198.51.100.99',
        payload: { email, password: 'wrong password!' },
      });
    const shape = (response: Awaited<ReturnType<typeof attempt>>) => {
      const { instance: _instance, requestId: _requestId, retryAfterSeconds, ...rest } = response.json();
      return { status: response.statusCode, keys: Object.keys(response.json()).sort(), ...rest, retryAfterSeconds };
    };
    for (let i = 0; i < czechPlayerRules.loginThrottle.accountAddress.failuresFree; i++) {
      expect(shape(await attempt(`nobody-${registered.email}`))).toEqual(shape(await attempt(registered.email)));
    }
    const unknown = await attempt(`nobody-${registered.email}`);
    const known = await attempt(registered.email);
    expect(known.statusCode).toBe(429);
    expect(shape(unknown)).toEqual(shape(known));
  });

  it('issue 14 (4): wrong SMS codes count toward the login throttle across challenges: a fresh login does not bring five fresh guesses', async () => {
    const registered = await registerToTemporaryAccount(h, applicationFor(await newPerson(h)));
    const auth = { authorization: `Bearer ${registered.accessToken}` };
    expect(
      (
        await h.api.inject({
          method: 'PUT',
          url: '/v1/me/second-factor',
          headers: auth,
          payload: { enabled: true, currentPassword: 'correct horse battery staple' },
        })
      ).statusCode,
    ).toBe(200);
    const remoteAddress = '198.51.100.42';
    const login = () =>
      h.api.inject({
        method: 'POST',
        url: '/v1/auth/login',
        remoteAddress,
        payload: { email: registered.email, password: 'correct horse battery staple' },
      });
    const challenge = await login();
    expect(challenge.statusCode).toBe(202);
    const guesses = czechPlayerRules.loginThrottle.accountAddress.failuresFree;
    for (let i = 0; i < guesses; i++) {
      const wrong = await h.api.inject({
        method: 'POST',
        url: '/v1/auth/sms-code',
        remoteAddress,
        payload: { challengeId: challenge.json().challengeId, code: String(100000 + i) },
      });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().type).toBe('https://problems.casino.example/invalid-sms-code');
    }
    const again = await login();
    expect(again.statusCode).toBe(429);
    expect(again.json().type).toBe('https://problems.casino.example/login-throttled');
  });

  it('issue 4: refresh tokens rotate; presenting a used one revokes the session, and logout revokes too', async () => {
    const registered = await registerToTemporaryAccount(h, applicationFor(await newPerson(h)));
    const first = await h.api.inject({
      method: 'POST',
      url: '/v1/auth/refresh',
      payload: { refreshToken: registered.refreshToken },
    });
    expect(first.statusCode).toBe(200);
    const rotated = first.json().refreshToken as string;
    expect(rotated).not.toBe(registered.refreshToken);
    const replay = await h.api.inject({
      method: 'POST',
      url: '/v1/auth/refresh',
      payload: { refreshToken: registered.refreshToken },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().type).toBe('https://problems.casino.example/refresh-token-reused');
    // The whole family is revoked: the rotated token no longer works either.
    expect((await h.api.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken: rotated } })).statusCode).toBe(
      401,
    );

    const login = await h.api.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: registered.email, password: 'correct horse battery staple' },
    });
    const { accessToken, refreshToken } = login.json();
    const logout = await h.api.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      headers: { authorization: `Bearer ${accessToken}` },
      payload: { refreshToken },
    });
    expect(logout.statusCode).toBe(204);
    expect((await h.api.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken } })).statusCode).toBe(401);
  });

  it('004:ELG-05 a password change needs the current password and ends the other sessions', async () => {
    const registered = await registerToTemporaryAccount(h, applicationFor(await newPerson(h)));
    const auth = { authorization: `Bearer ${registered.accessToken}` };
    expect(
      (
        await h.api.inject({
          method: 'POST',
          url: '/v1/me/password',
          headers: auth,
          payload: { currentPassword: 'not it at all', newPassword: 'another long passphrase' },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await h.api.inject({
          method: 'POST',
          url: '/v1/me/password',
          headers: auth,
          payload: { currentPassword: 'correct horse battery staple', newPassword: 'another long passphrase' },
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (await h.api.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken: registered.refreshToken } }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await h.api.inject({
          method: 'POST',
          url: '/v1/auth/login',
          payload: { email: registered.email, password: 'another long passphrase' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('004:REG-03 / T-18 a personal-data change is kept with its history, and flagged when reported more than 5 days late', async () => {
    const registered = await registerToTemporaryAccount(h, applicationFor(await newPerson(h)));
    const auth = { authorization: `Bearer ${registered.accessToken}` };
    h.clock.advanceDays(10);
    const late = await h.api.inject({
      method: 'PATCH',
      url: '/v1/me/personal-data',
      headers: auth,
      payload: {
        residenceAddress: { street: 'Nová 5', city: 'Brno', postalCode: '602 00', country: 'CZ' },
        changedOn: '2026-11-03',
      },
    });
    expect(late.statusCode).toBe(200);
    expect(late.json()).toEqual({ reportedLate: true });
    const change = await h.connections.db.personalDataChange.findFirstOrThrow({ where: { playerId: registered.playerId } });
    expect(change.changedFields).toEqual(['residenceAddress']);
    expect(change.previous).toMatchObject({ residenceAddress: { city: 'Praha' } });
  });

  it('issue 4: with the optional second factor on, every login asks for an SMS code; turning it on or off needs the current password', async () => {
    const registered = await registerToTemporaryAccount(h, applicationFor(await newPerson(h)));
    const auth = { authorization: `Bearer ${registered.accessToken}` };
    const wrongPassword = await h.api.inject({
      method: 'PUT',
      url: '/v1/me/second-factor',
      headers: auth,
      payload: { enabled: true, currentPassword: 'not the password' },
    });
    expect(wrongPassword.statusCode).toBe(401);
    const on = await h.api.inject({
      method: 'PUT',
      url: '/v1/me/second-factor',
      headers: auth,
      payload: { enabled: true, currentPassword: 'correct horse battery staple' },
    });
    expect(on.json()).toEqual({ secondFactorEnabled: true });
    const before = await smsCount(h, registered.phone);
    const login = await h.api.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: registered.email, password: 'correct horse battery staple' },
    });
    expect(login.statusCode).toBe(202);
    const code = await smsCodeFor(h, registered.phone, before);
    const verified = await h.api.inject({
      method: 'POST',
      url: '/v1/auth/sms-code',
      payload: { challengeId: login.json().challengeId, code },
    });
    expect(verified.statusCode).toBe(200);
    const newAuth = { authorization: `Bearer ${verified.json().accessToken}` };
    expect((await h.api.inject({ method: 'GET', url: '/v1/me', headers: newAuth })).json().secondFactorEnabled).toBe(true);
    await h.api.inject({
      method: 'PUT',
      url: '/v1/me/second-factor',
      headers: newAuth,
      payload: { enabled: false, currentPassword: 'correct horse battery staple' },
    });
    expect(
      (
        await h.api.inject({
          method: 'POST',
          url: '/v1/auth/login',
          payload: { email: registered.email, password: 'correct horse battery staple' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('issue 4: the SMS code is single-use and a wrong code is refused', async () => {
    const body = applicationFor(await newPerson(h));
    await apply(body);
    const token = await mailFor(h, body.email as string, /Confirmation token: (\S+)/);
    await h.api.inject({ method: 'POST', url: '/v1/registrations/email-confirmations', payload: { token } });
    const reused = await h.api.inject({ method: 'POST', url: '/v1/registrations/email-confirmations', payload: { token } });
    expect(reused.json().type).toBe('https://problems.casino.example/invalid-token');
    const before = await smsCount(h, body.phone as string);
    const login = await h.api.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: body.email, password: body.password },
    });
    expect(login.statusCode).toBe(202);
    const { challengeId, playerId } = login.json();
    const wrong = await h.api.inject({
      method: 'POST',
      url: '/v1/auth/sms-code',
      payload: { challengeId, code: '000000' === (await smsCodeFor(h, body.phone as string, before)) ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().type).toBe('https://problems.casino.example/invalid-sms-code');
    expect(await h.connections.db.temporaryAccount.count({ where: { playerId } })).toBe(0);
    const right = await h.api.inject({
      method: 'POST',
      url: '/v1/auth/sms-code',
      payload: { challengeId, code: await smsCodeFor(h, body.phone as string, before) },
    });
    expect(right.statusCode).toBe(200);
    const again = await h.api.inject({
      method: 'POST',
      url: '/v1/auth/sms-code',
      payload: { challengeId, code: await smsCodeFor(h, body.phone as string, before) },
    });
    expect(again.statusCode).toBe(422);
  });
});
