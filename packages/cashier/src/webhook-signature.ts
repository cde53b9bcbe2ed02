import { createHmac, timingSafeEqual } from 'node:crypto';
import { assert } from '@casino/core';

/**
 * Signed webhooks in the Standard Webhooks style (https://www.standardwebhooks.com): the provider
 * sends `webhook-id`, `webhook-timestamp` (Unix seconds) and `webhook-signature`, a space-separated
 * list of `v1,<base64 HMAC-SHA256>` over `${id}.${timestamp}.${raw body}` with a `whsec_<base64>`
 * secret. Several signatures (and several secrets on our side) let a key rotate without downtime.
 * A worked example is in docs/cashier.md.
 */
export const webhookToleranceSeconds = 300;
/** A signature header longer than this is refused unread: a few signatures fit many times over. */
export const signatureHeaderLengthMax = 1_000;
export const signaturesPerHeaderMax = 8;

const secretPrefix = 'whsec_';

export function isWebhookSecret(secret: string): boolean {
  if (!secret.startsWith(secretPrefix)) return false;
  const key = Buffer.from(secret.slice(secretPrefix.length), 'base64');
  return key.length >= 24;
}

function keyOf(secret: string): Buffer {
  assert(isWebhookSecret(secret), 'a webhook secret is whsec_ followed by at least 24 bytes of base64');
  return Buffer.from(secret.slice(secretPrefix.length), 'base64');
}

/**
 * The `v1,<base64>` signature of one message with one secret. The timestamp is signed as the text of
 * the `webhook-timestamp` header (a number is written in canonical decimal, as the header must be).
 */
export function signWebhook(secret: string, messageId: string, timestamp: number | string, body: string): string {
  const timestampText = typeof timestamp === 'number' ? String(timestamp) : timestamp;
  const digest = createHmac('sha256', keyOf(secret)).update(`${messageId}.${timestampText}.${body}`).digest('base64');
  return `v1,${digest}`;
}

/**
 * Unix seconds in canonical decimal: digits without a sign, a leading zero or padding (issue 14 (15)).
 * `00<ts>` names the same second as `<ts>`, so accepting it would let a delivery change a signed header.
 */
const canonicalTimestamp = /^(0|[1-9]\d{0,11})$/;

export interface WebhookHeaders {
  id: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
}

export type WebhookVerification =
  | { ok: true; messageId: string; timestampSeconds: number }
  | {
      ok: false;
      reason: 'missing-headers' | 'malformed-timestamp' | 'stale-timestamp' | 'future-timestamp' | 'no-valid-signature';
    };

/**
 * Verifies a delivery against every accepted secret: the timestamp a canonical decimal within ±5
 * minutes of now (a replayed old delivery fails even with a valid signature), and at least one `v1`
 * signature equal, in constant time, to one we compute over the headers' text exactly as sent.
 */
export function verifyWebhook(options: {
  secrets: readonly string[];
  headers: WebhookHeaders;
  body: string;
  now: Date;
  toleranceSeconds?: number;
}): WebhookVerification {
  assert(options.secrets.length > 0, 'at least one webhook secret is configured');
  const { id, timestamp, signature } = options.headers;
  if (!id || !timestamp || !signature || signature.length > signatureHeaderLengthMax)
    return { ok: false, reason: 'missing-headers' };
  if (!canonicalTimestamp.test(timestamp)) return { ok: false, reason: 'malformed-timestamp' };
  const timestampSeconds = Number(timestamp);
  const nowSeconds = Math.floor(options.now.getTime() / 1000);
  const tolerance = options.toleranceSeconds ?? webhookToleranceSeconds;
  if (timestampSeconds < nowSeconds - tolerance) return { ok: false, reason: 'stale-timestamp' };
  if (timestampSeconds > nowSeconds + tolerance) return { ok: false, reason: 'future-timestamp' };
  const offered = signature
    .split(' ')
    .slice(0, signaturesPerHeaderMax)
    .filter((s) => s.startsWith('v1,'))
    .map((s) => Buffer.from(s.slice(3), 'base64'));
  for (const secret of options.secrets) {
    // The header's text as sent, not the number parsed from it: the signature covers what arrived.
    const expected = Buffer.from(signWebhook(secret, id, timestamp, options.body).slice(3), 'base64');
    // timingSafeEqual needs equal lengths; a length mismatch is not secret (every HMAC-SHA256 is 32 bytes).
    if (offered.some((candidate) => candidate.length === expected.length && timingSafeEqual(candidate, expected))) {
      return { ok: true, messageId: id, timestampSeconds };
    }
  }
  return { ok: false, reason: 'no-valid-signature' };
}
