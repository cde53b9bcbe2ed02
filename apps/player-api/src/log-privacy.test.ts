import { Writable } from 'node:stream';
import { routeAppLogsTo } from '@casino/http/testing';
import { applicationFor, mailFor, newPerson, smsCodeFor, smsCount, startHarness, type Harness } from '@casino/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asPlayer,
  cardToken,
  czechIban,
  czk,
  holderOf,
  key,
  pspSettings,
  uniqueCardNumber,
  verifyByTransfer,
  webhooksDelivered,
} from './cashier-test-support.ts';

/**
 * Issue 22 / D-2208: secrets and personal data never reach a log line, even at the most verbose level.
 * Every app of the harness (player API, admin API, payments gateway) logs at `trace` into this test;
 * a player registers, confirms the e-mail, logs in with the SMS code, refreshes the session, adds a
 * bank account and a card, and deposits through the provider's webhooks. Then none of the values
 * they sent or were given may appear in what was logged.
 */
const lines: string[] = [];
let h: Harness;
beforeAll(async () => {
  routeAppLogsTo(new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }));
  h = await startHarness(new Date('2026-11-24T09:00:00Z'), { env: { LOG_LEVEL: 'trace' } });
});
afterAll(async () => {
  routeAppLogsTo(undefined);
  await h?.close();
});

describe('logs (issue 22)', () => {
  it('issue 22: registration, e-mail confirmation, login with the SMS code, a refresh, a bank account, a card and a deposit logged at trace level leave no password, birth number, token, card number, IBAN, e-mail or phone number in the logs', async () => {
    const person = await newPerson(h);
    const body = applicationFor(person);
    const email = body.email as string;
    const phone = body.phone as string;
    const password = body.password as string;
    const applied = await h.api.inject({ method: 'POST', url: '/v1/registrations', payload: body });
    expect(applied.statusCode).toBe(201);
    const confirmationToken = await mailFor(h, email, /Confirmation token: (\S+)/);
    const confirmed = await h.api.inject({
      method: 'POST',
      url: '/v1/registrations/email-confirmations',
      payload: { token: confirmationToken },
    });
    expect(confirmed.statusCode).toBe(200);
    const smsBefore = await smsCount(h, phone);
    const login = await h.api.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password } });
    expect(login.statusCode).toBe(202);
    const code = await smsCodeFor(h, phone, smsBefore);
    const verified = await h.api.inject({
      method: 'POST',
      url: '/v1/auth/sms-code',
      payload: { challengeId: login.json().challengeId, code },
    });
    expect(verified.statusCode).toBe(200);
    const refreshed = await h.api.inject({
      method: 'POST',
      url: '/v1/auth/refresh',
      payload: { refreshToken: verified.json().refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    const player = { accessToken: refreshed.json().accessToken as string };
    // A wrong password too: refusals are logged as well.
    const wrong = await h.api.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password: `${password}!` } });
    expect(wrong.statusCode).toBe(401);

    const holderName = holderOf(person);
    const iban = czechIban();
    const bank = await asPlayer(h, player, 'POST', '/v1/payment-methods', { kind: 'bank-account', iban, holderName });
    expect(bank.statusCode).toBe(201);
    await verifyByTransfer(h, { ...verified.json(), accessToken: player.accessToken }, bank.json().id, iban, holderName);
    await pspSettings(h, { provider: { authentication: 'frictionless', frictionlessOutcome: 'pass' } });
    const cardNumber = uniqueCardNumber();
    const card = await asPlayer(h, player, 'POST', '/v1/payment-methods', {
      kind: 'card',
      token: await cardToken(h, holderName, cardNumber),
    });
    expect(card.statusCode).toBe(201);
    await asPlayer(h, player, 'POST', `/v1/payment-methods/${card.json().id}/verifications`, { via: 'online-transaction' });
    await webhooksDelivered(h);
    expect((await asPlayer(h, player, 'POST', `/v1/payment-methods/${card.json().id}/activation`)).statusCode).toBe(200);
    const deposit = await asPlayer(
      h,
      player,
      'POST',
      '/v1/deposits',
      { paymentMethodId: card.json().id, amount: czk('300.00') },
      key(),
    );
    expect(deposit.statusCode).toBe(201);
    await webhooksDelivered(h);

    const logged = lines.join('');
    // The capture works and is verbose: every request is there, webhooks included.
    expect(logged).toContain('"path":"/v1/registrations"');
    expect(logged).toContain('/v1/webhooks/sandbox-psp');
    expect(lines.length).toBeGreaterThan(20);
    const secrets: Record<string, string> = {
      password,
      'birth number': person.birthNumber,
      'birth number without its slash': person.birthNumber.replace('/', ''),
      'e-mail': email,
      'e-mail (JSON-escaped at)': email.split('@')[0]!,
      phone,
      'phone without +': phone.slice(1),
      'e-mail confirmation token': confirmationToken,
      'access token': verified.json().accessToken,
      'refresh token': verified.json().refreshToken,
      'refreshed access token': player.accessToken,
      'refreshed refresh token': refreshed.json().refreshToken,
      'card number': cardNumber,
      IBAN: iban,
      'account number of the IBAN': iban.slice(-10),
    };
    const leaks = Object.entries(secrets)
      .filter(([, value]) => logged.includes(value))
      .map(([what]) => what);
    expect(leaks).toEqual([]);
  });
});
