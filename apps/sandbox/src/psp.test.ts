import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { App } from '@casino/http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSandbox } from './app.ts';
import { loadSandboxConfig } from './config.ts';
import { cardTokenOf } from './state/payment-provider.ts';
import { waitFor } from '@casino/core/testing';

const secret = 'whsec_c2FuZGJveC1wc3AtdGVzdC1zZWNyZXQtMDEyMzQ1Njc4OQ==';
let app: App;
let receiver: Server;
let receiverUrl: string;
let received: Array<{
  id: string;
  timestamp: string;
  signatureValid: boolean;
  body: { type: string; data: Record<string, unknown> };
}> = [];
/** The receiver answers 500 to this many requests first, like a gateway that is down for a moment. */
let failNext = 0;
/** The receiver answers 400 (the event itself is invalid, final) to this many requests first. */
let refuseNext = 0;

function validSignature(request: IncomingMessage, body: string): boolean {
  const id = String(request.headers['webhook-id']);
  const timestamp = String(request.headers['webhook-timestamp']);
  const expected = createHmac('sha256', Buffer.from(secret.slice(6), 'base64'))
    .update(`${id}.${timestamp}.${body}`)
    .digest('base64');
  return String(request.headers['webhook-signature']).split(' ').includes(`v1,${expected}`);
}

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const signatureValid = validSignature(request, body);
      received.push({
        id: String(request.headers['webhook-id']),
        timestamp: String(request.headers['webhook-timestamp']),
        signatureValid,
        body: JSON.parse(body),
      });
      response.statusCode = failNext > 0 ? (failNext--, 500) : refuseNext > 0 ? (refuseNext--, 400) : signatureValid ? 200 : 401;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`;
  app = await buildSandbox({
    config: loadSandboxConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PSP_WEBHOOK_URL: receiverUrl,
      PSP_WEBHOOK_SECRETS: secret,
    }),
  });
  await app.ready();
});

beforeEach(async () => {
  await app.inject({ method: 'POST', url: '/control/reset' });
  await configure({ webhooks: { retry: { attemptsMax: 5, baseMs: 10, maxMs: 50 } } });
  received = [];
  failNext = 0;
  refuseNext = 0;
});

afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

const configure = (payload: object) => app.inject({ method: 'PUT', url: '/control/psp', payload });
const headers = (key: string) => ({ 'idempotency-key': key });

async function settled(): Promise<void> {
  await waitFor(async () => (await app.inject({ method: 'GET', url: '/control/psp/deliveries' })).json().inFlight === 0, {
    what: 'webhook deliveries to finish',
    intervalMs: 10,
  });
}

async function cardToken(number = '4242424242424242'): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/psp/card-tokens',
    payload: { number, expiryMonth: 12, expiryYear: 2030, holderName: 'Jan Novák' },
  });
  expect(response.statusCode).toBe(201);
  return response.json().token;
}

async function pay(reference: string, token: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/psp/payments',
    headers: headers(`payment:${reference}`),
    payload: { reference, amount: { amount: '100.00', currency: 'CZK' }, method: { type: 'card', token } },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { paymentId: string; redirectUrl: string | null };
}

describe('sandbox: payment provider', () => {
  it('issue 6: tokenises a card and shows only its token, brand, last four digits, expiry, issuer country and fingerprint (004:PAY-06)', async () => {
    const token = await cardToken('4000000000000077');
    const described = (await app.inject({ method: 'GET', url: `/psp/card-tokens/${token}` })).json();
    expect(described).toMatchObject({ token, brand: 'visa', last4: '0077', issuerCountry: 'US' });
    expect(JSON.stringify(described)).not.toContain('4000000000000077');
  });

  it("004:PAY-06 a card token is never shaped like a card number, so the platform never refuses its own provider's token as one", async () => {
    // The platform refuses any run of 13-19 digits that passes Luhn; a token with no run of three
    // digits cannot be one. Hex tokens made one in about two hundred registrations fail at random.
    const tokens = [await cardToken(), ...Array.from({ length: 5_000 }, () => cardTokenOf(randomBytes(24)))];
    for (const token of tokens) expect(token).toMatch(/^tok_[a-z2-9]{24}$/);
    expect(tokens.filter((token) => /\d{3}/.test(token))).toEqual([]);
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('issue 6: a payment waits for 3-D Secure; passing it sends payment.authorized then payment.settled, signed; the same Idempotency-Key returns the same payment', async () => {
    const token = await cardToken();
    const payment = await pay('ref-1', token);
    expect(payment.redirectUrl).toMatch(/\/psp\/payments\/pay_\w+\/authentication$/);
    expect((await pay('ref-1', token)).paymentId).toBe(payment.paymentId);
    await app.inject({ method: 'POST', url: `/psp/payments/${payment.paymentId}/authentication`, payload: { outcome: 'pass' } });
    await settled();
    expect(received.map((r) => [r.body.type, r.signatureValid])).toEqual([
      ['payment.authorized', true],
      ['payment.settled', true],
    ]);
    expect(received[0]!.body.data).toMatchObject({
      paymentId: payment.paymentId,
      reference: 'ref-1',
      threeDSecure: 'passed',
      amount: { amount: '100.00', currency: 'CZK' },
    });
  });

  it('issue 6: failing 3-D Secure sends payment.failed', async () => {
    const payment = await pay('ref-2', await cardToken());
    await app.inject({ method: 'POST', url: `/psp/payments/${payment.paymentId}/authentication`, payload: { outcome: 'fail' } });
    await settled();
    expect(received.map((r) => r.body.type)).toEqual(['payment.failed']);
    expect(received[0]!.body.data.threeDSecure).toBe('failed');
  });

  it('issue 6: retries a webhook the receiver did not acknowledge, with backoff, under the same event id', async () => {
    failNext = 2;
    await configure({ provider: { authentication: 'frictionless', settlement: 'manual' } });
    await pay('ref-3', await cardToken());
    await settled();
    expect(received.map((r) => r.body.type)).toEqual(['payment.authorized', 'payment.authorized', 'payment.authorized']);
    expect(new Set(received.map((r) => r.id)).size).toBe(1);
    const attempts = (await app.inject({ method: 'GET', url: '/control/psp/deliveries?reference=ref-3' })).json().deliveries;
    expect(attempts.map((a: { status: number }) => a.status)).toEqual([500, 500, 200]);
  });

  it('issue 14 (8): an event the platform refuses with 400 (invalid, final) is not delivered again', async () => {
    refuseNext = 1;
    await configure({ provider: { authentication: 'frictionless', settlement: 'manual' } });
    await pay('ref-8', await cardToken());
    await settled();
    const attempts = (await app.inject({ method: 'GET', url: '/control/psp/deliveries?reference=ref-8' })).json().deliveries;
    expect(attempts.map((a: { status: number }) => a.status)).toEqual([400]);
  });

  it('issue 6: on request sends duplicates, reverses a burst, corrupts first signatures and skews timestamps', async () => {
    await configure({
      provider: { authentication: 'frictionless' },
      webhooks: { duplicates: 2, reorder: true, corruptFirstAttempts: 1, timestampSkewSeconds: -600 },
    });
    await pay('ref-4', await cardToken());
    await settled();
    const firstAttempts = received.filter((r) => !r.signatureValid);
    expect(firstAttempts).toHaveLength(6); // 2 events × 3 copies, each first attempt badly signed
    expect(firstAttempts[0]!.body.type).toBe('payment.settled');
    expect(
      received
        .filter((r) => r.signatureValid)
        .map((r) => r.body.type)
        .sort(),
    ).toEqual([
      'payment.authorized',
      'payment.authorized',
      'payment.authorized',
      'payment.settled',
      'payment.settled',
      'payment.settled',
    ]);
    expect(Number(received[0]!.timestamp)).toBeLessThan(Math.floor(Date.now() / 1000) - 500);
  });

  it('issue 14 (15): the webhook-timestamp header is a canonical decimal and the signature covers its text exactly as sent', async () => {
    await configure({ provider: { authentication: 'frictionless' } });
    await pay('ref-15', await cardToken());
    await settled();
    expect(received.length).toBeGreaterThan(0);
    for (const delivery of received) {
      expect(delivery.timestamp).toMatch(/^[1-9]\d*$/);
      expect(delivery.signatureValid).toBe(true); // validSignature() signs the header's text, not a parsed number
    }
  });

  it('issue 6: a payout is paid (or failed) by webhook; a chargeback and an incoming bank transfer are provider events', async () => {
    await configure({ provider: { authentication: 'frictionless' } });
    const payment = await pay('ref-5', await cardToken());
    await settled();
    const payout = await app.inject({
      method: 'POST',
      url: '/psp/payouts',
      headers: headers('payout:w-1'),
      payload: {
        reference: 'w-1',
        amount: { amount: '50.00', currency: 'CZK' },
        destination: { iban: 'CZ6508000000192000145399', holderName: 'Jan Novák' },
      },
    });
    expect(payout.statusCode).toBe(202);
    await settled();
    await app.inject({
      method: 'POST',
      url: `/control/psp/payments/${payment.paymentId}/chargeback`,
      payload: { reason: 'fraudulent' },
    });
    await app.inject({
      method: 'POST',
      url: '/control/psp/bank-transfers',
      payload: {
        reference: '1234567890',
        payerAccount: 'CZ6508000000192000145399',
        payerName: 'Jan Novák',
        amount: { amount: '100.00', currency: 'CZK' },
      },
    });
    await settled();
    expect(received.map((r) => r.body.type)).toEqual([
      'payment.authorized',
      'payment.settled',
      'payout.paid',
      'payment.chargeback',
      'bank-transfer.received',
    ]);
  });

  it('issue 6: answers 503 while switched off', async () => {
    await configure({ provider: { available: false } });
    const response = await app.inject({
      method: 'POST',
      url: '/psp/card-tokens',
      payload: { number: '4242424242424242', expiryMonth: 1, expiryYear: 2030, holderName: 'A B' },
    });
    expect(response.statusCode).toBe(503);
  });

  it('issue 14 (13): the control API never serves the webhook signing secret: GET and PUT /control/psp show how many are set, a new secret is write-only', async () => {
    const rotated = 'whsec_cm90YXRlZC1zYW5kYm94LXNlY3JldC0wMTIzNDU2Nzg5YWJjZA==';
    const shown = await app.inject({ method: 'GET', url: '/control/psp' });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().webhooks).toMatchObject({ secretCount: 1 });
    expect(shown.json().webhooks).not.toHaveProperty('secrets');
    expect(shown.body).not.toContain(secret.slice(6, 30));
    const changed = await configure({ webhooks: { secrets: [secret, rotated] } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().webhooks).toMatchObject({ secretCount: 2 });
    expect(changed.body).not.toContain(rotated.slice(6, 30));
    expect((await app.inject({ method: 'GET', url: '/control/psp' })).body).not.toContain(rotated.slice(6, 30));
    const openapi = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const response = openapi.paths['/control/psp'].get.responses['200'].content['application/json'].schema;
    expect(JSON.stringify(response)).not.toContain('"secrets"');
  });
});

describe('sandbox: the 3-D Secure challenge in a browser (issue 17)', () => {
  const form = (outcome: 'pass' | 'fail') => ({
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });

  it("004:PAY-04 the redirectUrl opens as a page; its Approve form sends the browser back to the merchant's returnUrl (303) and the payment settles", async () => {
    const token = await cardToken();
    const returnUrl = 'http://127.0.0.1:3000/deposits/d-1/payment-return';
    const created = await app.inject({
      method: 'POST',
      url: '/psp/payments',
      headers: headers('payment:ref-web-1'),
      payload: {
        reference: 'ref-web-1',
        amount: { amount: '250.00', currency: 'CZK' },
        method: { type: 'card', token },
        returnUrl,
      },
    });
    const { paymentId, redirectUrl } = created.json() as { paymentId: string; redirectUrl: string };
    const path = new URL(redirectUrl).pathname;
    const page = await app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('Pay 250.00 CZK with VISA •••• 4242');
    expect(page.body).toMatch(/<form method="post"><input type="hidden" name="outcome" value="pass">/);
    const approved = await app.inject({ method: 'POST', url: path, ...form('pass') });
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe(returnUrl);
    await settled();
    expect(received.map((r) => [r.body.type, r.body.data.paymentId])).toEqual([
      ['payment.authorized', paymentId],
      ['payment.settled', paymentId],
    ]);
    // Opened again (the back button), the page says it is over and offers nothing to press.
    const again = await app.inject({ method: 'GET', url: path });
    expect(again.body).toContain('already settled');
    expect(again.body).not.toContain('<form');
  });

  it('004:PAY-04 a card check declined on the page goes back to the returnUrl too, and without one the page ends on its own', async () => {
    const token = await cardToken();
    const returnUrl = 'https://casino.example/payment-methods/m-1/verification-return';
    const withReturn = (
      await app.inject({
        method: 'POST',
        url: '/psp/verifications',
        headers: headers('verification:web-1'),
        payload: { reference: 'm-1', token, returnUrl },
      })
    ).json() as { verificationId: string; redirectUrl: string };
    const path = new URL(withReturn.redirectUrl).pathname;
    expect((await app.inject({ method: 'GET', url: path })).body).toContain('Verify VISA •••• 4242 (no money is taken)');
    const declined = await app.inject({ method: 'POST', url: path, ...form('fail') });
    expect([declined.statusCode, declined.headers.location]).toEqual([303, returnUrl]);
    await settled();
    expect(received.map((r) => [r.body.type, r.body.data.threeDSecure])).toEqual([['verification.failed', 'failed']]);

    const without = (
      await app.inject({
        method: 'POST',
        url: '/psp/verifications',
        headers: headers('verification:web-2'),
        payload: { reference: 'm-2', token },
      })
    ).json() as { redirectUrl: string };
    const ended = await app.inject({ method: 'POST', url: new URL(without.redirectUrl).pathname, ...form('pass') });
    expect(ended.statusCode).toBe(200);
    expect(ended.body).toContain('Done: succeeded');
  });

  it('issue 17: a returnUrl that is not an http(s) address is refused naming the field', async () => {
    const token = await cardToken();
    const refused = await app.inject({
      method: 'POST',
      url: '/psp/verifications',
      headers: headers('verification:web-3'),
      payload: { reference: 'm-3', token, returnUrl: 'javascript:alert(1)' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(JSON.stringify(refused.json())).toContain('body.returnUrl');
  });
});
