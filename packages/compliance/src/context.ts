import type { Clock } from '@casino/core';
import type { Db } from '@casino/db';
import type { ComplianceRules } from './rules.ts';

/** Encrypts secrets at rest (TOTP seeds) and decrypts personal identifiers for authorised views. */
export interface SecretBox {
  encrypt(plaintext: string): string;
  decrypt(ciphertext: string): string;
}

/** Everything the back-office use cases need, passed in once by the app or job that runs them. */
export interface ComplianceContext {
  db: Db;
  clock: Clock;
  rules: ComplianceRules;
  secrets: SecretBox;
}
