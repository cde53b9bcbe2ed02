import { applicationFor, mailFor, newPerson, startHarness, type Harness } from '@casino/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asPlayer,
  cardToken,
  czk,
  key,
  playerWithActiveCard,
  pspSettings,
  registeredPlayer,
  temporaryPlayerWithBankAccount,
  webhooksDelivered,
  type CashierPlayer,
} from './cashier-test-support.ts';

/**
 * Issue 17: the addresses a player's browser is sent to from outside the web app — the link in the
 * confirmation e-mail and the return from the provider's 3-D Secure page — are pages of the web app
 * (PUBLIC_BASE_URL), and the API tells those pages what happened.
 */
let h: Harness;
let webApp: string;
beforeAll(async () => {
  h = await startHarness();
  webApp = new URL(h.platform.players().publicBaseUrl).origin;
}, 120_000);
afterAll(async () => {
  await h?.close();
});

/** What a browser does on the provider's challenge page: open it, press a button (a form post), follow nothing. */
async function completeChallenge(redirectUrl: string, outcome: 'pass' | 'fail'): Promise<string> {
  const page = await fetch(redirectUrl);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  expect(await page.text()).toContain(`name="outcome" value="${outcome}"`);
  const pressed = await fetch(redirectUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `outcome=${outcome}`,
    redirect: 'manual',
  });
  expect(pressed.status).toBe(303);
  return pressed.headers.get('location')!;
}

async function startCardCheck(player: CashierPlayer): Promise<{ methodId: string; redirectUrl: string }> {
  await pspSettings(h, { provider: { authentication: 'challenge' } });
  const card = await asPlayer(h, player, 'POST', '/v1/payment-methods', {
    kind: 'card',
    token: await cardToken(h, player.holderName),
  });
  expect(card.statusCode).toBe(201);
  const started = await asPlayer(h, player, 'POST', `/v1/payment-methods/${card.json().id}/verifications`, {
    via: 'online-transaction',
  });
  expect(started.statusCode).toBe(202);
  return { methodId: card.json().id, redirectUrl: started.json().redirectUrl };
}

describe('web landings: the e-mail link and the 3-D Secure return (issue 17)', () => {
  it("004:REG-21 the confirmation e-mail links to the web app's /confirm-email page, and the token in it confirms through the API", async () => {
    const body = applicationFor(await newPerson(h));
    expect((await h.api.inject({ method: 'POST', url: '/v1/registrations', payload: body })).statusCode).toBe(201);
    const link = new URL(await mailFor(h, body.email as string, /opening (\S+)/));
    expect(link.origin).toBe(webApp);
    expect(link.pathname).toBe('/confirm-email');
    const confirmed = await h.api.inject({
      method: 'POST',
      url: '/v1/registrations/email-confirmations',
      payload: { token: link.searchParams.get('token') },
    });
    expect(confirmed.statusCode).toBe(200);
    // Opened twice (a reload), the page gets the stable problem type it can explain.
    const again = await h.api.inject({
      method: 'POST',
      url: '/v1/registrations/email-confirmations',
      payload: { token: link.searchParams.get('token') },
    });
    expect(again.json()).toMatchObject({
      status: 400,
      type: 'https://problems.casino.example/invalid-token',
      field: 'body.token',
    });
  });

  it("004:PAY-04 a card's 3-D Secure page opens in a browser and sends it back to the web app, whose page then reads the check passed and the card verified", async () => {
    const player = await registeredPlayer(h);
    const { methodId, redirectUrl } = await startCardCheck(player);
    const before = (await asPlayer(h, player, 'GET', `/v1/payment-methods/${methodId}/verification`)).json();
    expect(before).toMatchObject({
      status: 'VERIFICATION_PENDING',
      verificationMethod: 'online-transaction',
      onlineCheck: { outcome: 'pending', reportedAt: null },
    });
    expect(await completeChallenge(redirectUrl, 'pass')).toBe(`${webApp}/payment-methods/${methodId}/verification-return`);
    await webhooksDelivered(h);
    const after = await asPlayer(h, player, 'GET', `/v1/payment-methods/${methodId}/verification`);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ paymentMethodId: methodId, status: 'VERIFIED', onlineCheck: { outcome: 'passed' } });
    expect(after.json().verifiedAt).not.toBeNull();
  });

  it('004:PAY-04 PAY-07 a declined check reads as failed and leaves the method pending, so the player may try again', async () => {
    const player = await registeredPlayer(h);
    const { methodId, redirectUrl } = await startCardCheck(player);
    expect(await completeChallenge(redirectUrl, 'fail')).toBe(`${webApp}/payment-methods/${methodId}/verification-return`);
    await webhooksDelivered(h);
    expect((await asPlayer(h, player, 'GET', `/v1/payment-methods/${methodId}/verification`)).json()).toMatchObject({
      status: 'VERIFICATION_PENDING',
      onlineCheck: { outcome: 'failed' },
    });
    // A new attempt starts pending again: the answer is about the latest check only.
    await asPlayer(h, player, 'POST', `/v1/payment-methods/${methodId}/verifications`, { via: 'online-transaction' });
    expect((await asPlayer(h, player, 'GET', `/v1/payment-methods/${methodId}/verification`)).json().onlineCheck).toEqual({
      outcome: 'pending',
      reportedAt: null,
    });
  });

  it("004:PAY-04 a card deposit's 3-D Secure page sends the browser back to the web app's page of that deposit, which reads it credited", async () => {
    const player = await playerWithActiveCard(h);
    await pspSettings(h, { provider: { authentication: 'challenge' } });
    const created = await asPlayer(
      h,
      player,
      'POST',
      '/v1/deposits',
      { paymentMethodId: player.cardMethodId, amount: czk('200.00') },
      key(),
    );
    expect(created.statusCode).toBe(201);
    const depositId = created.json().id;
    expect(await completeChallenge(created.json().redirectUrl, 'pass')).toBe(`${webApp}/deposits/${depositId}/payment-return`);
    await webhooksDelivered(h);
    const deposit = (await asPlayer(h, player, 'GET', `/v1/deposits/${depositId}`)).json();
    expect(deposit).toMatchObject({ id: depositId, status: 'SETTLED', amount: czk('200.00') });
    expect(deposit.creditedAt).not.toBeNull();
  });

  it("issue 17: another player's method or a malformed id is refused as problem+json naming the field", async () => {
    const owner = await registeredPlayer(h);
    const other = await registeredPlayer(h);
    const notMine = await asPlayer(h, other, 'GET', `/v1/payment-methods/${owner.bankMethodId}/verification`);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toMatchObject({ type: 'https://problems.casino.example/not-found', field: 'params.paymentMethodId' });
    const malformed = await asPlayer(h, owner, 'GET', '/v1/payment-methods/not-a-uuid/verification');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(malformed.json().field).toMatch(/^params\.paymentMethodId/);
    expect(
      (await h.api.inject({ method: 'GET', url: `/v1/payment-methods/${owner.bankMethodId}/verification` })).statusCode,
    ).toBe(401);
  });
});

describe('the deposit form: caps shown before the player types (issue 17)', () => {
  it("004:DEP-02 DEP-03 002:LIM-02 a card's minimum, maximum and attempts per 24 hours, used as deposits are asked for", async () => {
    const player = await playerWithActiveCard(h);
    const caps = await asPlayer(h, player, 'GET', `/v1/payment-methods/${player.cardMethodId}/deposit-caps`);
    expect(caps.statusCode).toBe(200);
    expect(caps.json()).toEqual({
      paymentMethodId: player.cardMethodId,
      instrument: 'card',
      offered: true,
      perTransaction: { min: czk('100.00'), max: czk('300000.00') },
      windows: [],
      attempts24h: { max: 10, used: 0 },
      count24h: null,
      temporaryAccountRemaining: null,
      largestNow: czk('300000.00'),
    });
    await pspSettings(h, { provider: { authentication: 'frictionless', frictionlessOutcome: 'pass' } });
    const deposited = await asPlayer(
      h,
      player,
      'POST',
      '/v1/deposits',
      { paymentMethodId: player.cardMethodId, amount: czk('150.00') },
      key(),
    );
    expect(deposited.statusCode).toBe(201);
    await webhooksDelivered(h);
    const after = (await asPlayer(h, player, 'GET', `/v1/payment-methods/${player.cardMethodId}/deposit-caps`)).json();
    expect(after.attempts24h).toEqual({ max: 10, used: 1 });
  });

  it('004:TMP-03 a temporary account shows the cap left as the largest deposit now', async () => {
    const player = await temporaryPlayerWithBankAccount(h);
    const caps = (await asPlayer(h, player, 'GET', `/v1/payment-methods/${player.bankMethodId}/deposit-caps`)).json();
    expect(caps).toMatchObject({
      instrument: 'bank-transfer',
      perTransaction: { min: czk('100.00'), max: czk('300000.00') },
      temporaryAccountRemaining: czk('3000.00'),
      largestNow: czk('3000.00'),
    });
  });

  it("issue 17: another player's method is not found, naming the field", async () => {
    const owner = await temporaryPlayerWithBankAccount(h);
    const other = await temporaryPlayerWithBankAccount(h);
    const refused = await asPlayer(h, other, 'GET', `/v1/payment-methods/${owner.bankMethodId}/deposit-caps`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ type: 'https://problems.casino.example/not-found', field: 'params.paymentMethodId' });
  });
});
