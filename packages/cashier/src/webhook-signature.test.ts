import { createHmac } from 'node:crypto';
// The maintained reference implementation, a test dependency only: see D-1535 for why it does not verify in production.
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { isWebhookSecret, signWebhook, verifyWebhook } from './webhook-signature.ts';

// The worked example of docs/cashier.md: every value below appears there.
const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const id = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const timestamp = 1614265330;
const body = '{"test": 2432232314}';
const expected = 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=';

const at = (seconds: number) => new Date(seconds * 1000);

describe('webhook signatures (Standard Webhooks)', () => {
  it('issue 6: signs the worked example of docs/cashier.md exactly as the Standard Webhooks reference does', () => {
    expect(isWebhookSecret(secret)).toBe(true);
    expect(signWebhook(secret, id, timestamp, body)).toBe(expected);
  });

  it('issue 6: accepts the valid signature within ±5 minutes, also among others and during a key rotation', () => {
    const headers = { id, timestamp: String(timestamp), signature: `v1,bm9wZQ== ${expected}` };
    expect(verifyWebhook({ secrets: [secret], headers, body, now: at(timestamp + 299) })).toMatchObject({
      ok: true,
      messageId: id,
    });
    const newSecret = 'whsec_bmV3LXNlY3JldC1mb3Itcm90YXRpb24tMTIzNDU2';
    expect(verifyWebhook({ secrets: [newSecret, secret], headers, body, now: at(timestamp) }).ok).toBe(true);
  });

  it('issue 6: refuses a changed body, a wrong secret, a stale or future timestamp and missing headers', () => {
    const headers = { id, timestamp: String(timestamp), signature: expected };
    expect(verifyWebhook({ secrets: [secret], headers, body: body.replace('2', '3'), now: at(timestamp) })).toEqual({
      ok: false,
      reason: 'no-valid-signature',
    });
    expect(verifyWebhook({ secrets: ['whsec_d3Jvbmctc2VjcmV0LXdyb25nLXNlY3JldC0x'], headers, body, now: at(timestamp) })).toEqual(
      { ok: false, reason: 'no-valid-signature' },
    );
    expect(verifyWebhook({ secrets: [secret], headers, body, now: at(timestamp + 301) })).toEqual({
      ok: false,
      reason: 'stale-timestamp',
    });
    expect(verifyWebhook({ secrets: [secret], headers, body, now: at(timestamp - 301) })).toEqual({
      ok: false,
      reason: 'future-timestamp',
    });
    expect(verifyWebhook({ secrets: [secret], headers: { ...headers, signature: undefined }, body, now: at(timestamp) })).toEqual(
      { ok: false, reason: 'missing-headers' },
    );
    expect(verifyWebhook({ secrets: [secret], headers: { ...headers, id: 'msg_other' }, body, now: at(timestamp) })).toEqual({
      ok: false,
      reason: 'no-valid-signature',
    });
  });

  it('issue 14 (15): a timestamp header that is not a canonical decimal (00<ts>, +<ts>, padded) is refused, whatever it was signed over', () => {
    // Before: the signature covered the parsed number, so "00<ts>" carried the signature of "<ts>".
    for (const variant of [`00${timestamp}`, `0${timestamp}`, `+${timestamp}`, ` ${timestamp}`, `${timestamp}.0`]) {
      const withOriginal = { id, timestamp: variant, signature: expected };
      expect(verifyWebhook({ secrets: [secret], headers: withOriginal, body, now: at(timestamp) })).toEqual({
        ok: false,
        reason: 'malformed-timestamp',
      });
      const signedOverVariant = { id, timestamp: variant, signature: signWebhook(secret, id, variant, body) };
      expect(verifyWebhook({ secrets: [secret], headers: signedOverVariant, body, now: at(timestamp) })).toEqual({
        ok: false,
        reason: 'malformed-timestamp',
      });
    }
  });

  it('issue 14 (15): the signature covers the webhook-timestamp header exactly as sent (Standard Webhooks msgId.timestamp.body)', () => {
    const overHeaderText = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
      .update(`${id}.${timestamp}.${body}`)
      .digest('base64');
    expect(signWebhook(secret, id, String(timestamp), body)).toBe(`v1,${overHeaderText}`);
    expect(
      verifyWebhook({
        secrets: [secret],
        headers: { id, timestamp: String(timestamp), signature: `v1,${overHeaderText}` },
        body,
        now: at(timestamp),
      }).ok,
    ).toBe(true);
  });
});

describe('issue 15: interoperable with the maintained Standard Webhooks package (D-1535)', () => {
  // The package reads the wall clock itself, so these use the current time on both sides.
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  it('issue 15: what we sign, the standardwebhooks package verifies; what it signs, we verify', () => {
    const reference = new Webhook(secret);
    const sentAt = nowSeconds();
    const ours = signWebhook(secret, id, sentAt, body);
    expect(() =>
      reference.verify(body, { 'webhook-id': id, 'webhook-timestamp': String(sentAt), 'webhook-signature': ours }),
    ).not.toThrow();

    const theirs = reference.sign(id, new Date(sentAt * 1000), body);
    expect(theirs).toBe(ours);
    expect(
      verifyWebhook({
        secrets: [secret],
        headers: { id, timestamp: String(sentAt), signature: theirs },
        body,
        now: new Date(sentAt * 1000),
      }).ok,
    ).toBe(true);
  });

  it('issue 15: where the package is lenient we stay strict: a padded or suffixed timestamp it accepts, we refuse (issue 14 (15))', () => {
    const reference = new Webhook(secret);
    const sentAt = nowSeconds();
    const signature = signWebhook(secret, id, sentAt, body);
    for (const timestampText of [`00${sentAt}`, `${sentAt}abc`]) {
      expect(() =>
        reference.verify(body, { 'webhook-id': id, 'webhook-timestamp': timestampText, 'webhook-signature': signature }),
      ).not.toThrow();
      expect(
        verifyWebhook({
          secrets: [secret],
          headers: { id, timestamp: timestampText, signature },
          body,
          now: new Date(sentAt * 1000),
        }),
      ).toEqual({ ok: false, reason: 'malformed-timestamp' });
    }
  });
});
