import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { assert } from '@casino/core';

/**
 * Personal identifiers at rest: the birth number is stored encrypted (AES-256-GCM, a fresh IV per
 * value) and, separately, as a keyed hash (HMAC-SHA-256) so a second application by the same
 * person can be found without decrypting anything. Two keys, so the lookup hash reveals nothing
 * even to someone holding the encryption key's ciphertexts.
 */
export interface PiiKeys {
  /** 32 bytes, base64. */
  encryptionKey: string;
  /** At least 32 bytes, base64. */
  hashKey: string;
}

const version = 'v1';

export class PiiProtector {
  readonly #encryptionKey: Buffer;
  readonly #hashKey: Buffer;

  constructor(keys: PiiKeys) {
    this.#encryptionKey = Buffer.from(keys.encryptionKey, 'base64');
    this.#hashKey = Buffer.from(keys.hashKey, 'base64');
    assert(this.#encryptionKey.length === 32, 'PII encryption key must be 32 bytes (base64)');
    assert(this.#hashKey.length >= 32, 'PII hash key must be at least 32 bytes (base64)');
  }

  encrypt(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#encryptionKey, iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${version}:${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64')}`;
  }

  decrypt(stored: string): string {
    const [storedVersion, payload] = stored.split(':');
    assert(storedVersion === version && payload !== undefined, 'unknown PII ciphertext version');
    const raw = Buffer.from(payload, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.#encryptionKey, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }

  /** Deterministic keyed hash for equality lookups. */
  blindIndex(value: string): string {
    return createHmac('sha256', this.#hashKey).update(value).digest('hex');
  }
}

/** Fresh keys, for development and tests. */
export function generatePiiKeys(): PiiKeys {
  return { encryptionKey: randomBytes(32).toString('base64'), hashKey: randomBytes(32).toString('base64') };
}
