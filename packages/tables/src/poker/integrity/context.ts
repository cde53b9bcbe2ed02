import type { Clock } from '@casino/core';
import type { Db, Tx } from '@casino/db';
import type { PokerIntegrityRules, PokerRuleProfileId } from '../profile.ts';

/**
 * What the poker room's integrity rules need (issue 18): the database, the clock, and each profile's
 * integrity rules (operator data, packages/operator/src/poker-rooms). Staff decisions are audited
 * through @casino/compliance's audit log in the transaction that makes them.
 */
export interface PokerIntegrityContext {
  db: Db;
  clock: Clock;
  rulesOf: (profileId: PokerRuleProfileId) => PokerIntegrityRules;
  /**
   * Sends an e-mail in the caller's transaction (the outbox: a rolled-back decision sends nothing).
   * The apps bind it to @casino/players' `sendEmail` with the PII sealer.
   */
  sendEmail: (tx: Tx, email: { to: string; subject: string; text: string }) => Promise<unknown>;
}
