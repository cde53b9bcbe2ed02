import { createHash } from 'node:crypto';
import { assert, DomainError } from '@casino/core';
import type { Db, Tx } from './client.ts';

/**
 * Failed logins slow the next attempt down instead of locking the account (issue 14 (4), D-1414):
 * a lock that anyone may trigger by typing wrong passwords locks the owner out too. Failures are
 * counted under three keys, each with its own budget of free failures and then a delay that doubles
 * with every further failure up to a cap:
 *
 * - **account and address**: the guesser at one address is slowed after a few failures; the owner at
 *   another address is not;
 * - **address**: one address trying many accounts (credential stuffing) is slowed;
 * - **account**: many addresses guessing one account are slowed, except at an address the account
 *   logged in from lately (a "known" address): a stranger cannot keep the owner out.
 *
 * Wrong second factors (SMS codes, TOTP codes) count like wrong passwords, across challenges. The keys
 * are the login name as typed, so an e-mail that belongs to nobody is slowed exactly like one that
 * does, and the answer (429 `login-throttled` with `retryAfterSeconds`) tells nothing about which
 * e-mails exist. A throttled attempt is refused before the password is looked at and is not counted.
 * Keys are stored as SHA-256 digests: no e-mail or address in the table.
 */
export interface ThrottleBudget {
  /** Failures allowed before the first delay. */
  failuresFree: number;
  /** The delay after the first failure beyond the free ones; it doubles with each further failure. */
  delayBaseMs: number;
  delayMsMax: number;
}

export interface LoginThrottleRules {
  accountAddress: ThrottleBudget;
  address: ThrottleBudget;
  account: ThrottleBudget;
  /** A key with no failure for this long starts counting afresh (longer than every delay cap). */
  quietResetMs: number;
  /** An address the account completed a login from within this many days is not slowed by the account's budget. */
  knownAddressDays: number;
}

export const defaultLoginThrottleRules: LoginThrottleRules = {
  accountAddress: { failuresFree: 5, delayBaseMs: 1_000, delayMsMax: 15 * 60_000 },
  address: { failuresFree: 50, delayBaseMs: 1_000, delayMsMax: 15 * 60_000 },
  account: { failuresFree: 20, delayBaseMs: 1_000, delayMsMax: 15 * 60_000 },
  quietResetMs: 24 * 3_600_000,
  knownAddressDays: 90,
};

/** Who is logging in (`player:<e-mail>`, `staff:<e-mail>`, lower-cased) and from which client address. */
export interface LoginAttempt {
  subject: string;
  address: string;
}

type Scope = 'accountAddress' | 'address' | 'account';

function keyOf(scope: Scope, attempt: LoginAttempt): string {
  const kind = attempt.subject.split(':', 1)[0]!;
  const parts =
    scope === 'accountAddress'
      ? [attempt.subject, attempt.address]
      : scope === 'account'
        ? [attempt.subject]
        : [kind, attempt.address];
  return createHash('sha256')
    .update([scope, ...parts].join('\n'))
    .digest('hex');
}

export function assertRulesSound(rules: LoginThrottleRules): void {
  for (const budget of [rules.accountAddress, rules.address, rules.account]) {
    assert(
      budget.failuresFree >= 1 && budget.delayBaseMs >= 1 && budget.delayMsMax >= budget.delayBaseMs,
      'throttle budgets are positive',
    );
    assert(rules.quietResetMs > budget.delayMsMax, 'a key is forgotten only after its longest delay');
  }
}

interface ThrottleRow {
  key: string;
  next_attempt_at: Date | null;
  succeeded_at: Date | null;
}

/** Refuses the attempt while any of its keys is in a delay (the account's key not at a known address). */
export async function assertLoginAllowed(
  db: Db | Tx,
  rules: LoginThrottleRules,
  attempt: LoginAttempt,
  now: Date,
): Promise<void> {
  const keys = {
    accountAddress: keyOf('accountAddress', attempt),
    address: keyOf('address', attempt),
    account: keyOf('account', attempt),
  };
  const rows = await db.$queryRaw<ThrottleRow[]>`
    SELECT key, next_attempt_at, succeeded_at FROM login_throttle WHERE key IN (${keys.accountAddress}, ${keys.address}, ${keys.account})`;
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const pair = byKey.get(keys.accountAddress);
  const known = pair?.succeeded_at != null && pair.succeeded_at.getTime() > now.getTime() - rules.knownAddressDays * 86_400_000;
  const relevant = [byKey.get(keys.accountAddress), byKey.get(keys.address), known ? undefined : byKey.get(keys.account)];
  const until = Math.max(0, ...relevant.map((row) => row?.next_attempt_at?.getTime() ?? 0));
  if (until <= now.getTime()) return;
  const retryAfterSeconds = Math.ceil((until - now.getTime()) / 1000);
  throw new DomainError('login-throttled', `Too many failed logins; try again in ${retryAfterSeconds} seconds.`, {
    extensions: { retryAfterSeconds },
  });
}

/** Counts a failure (a wrong password or second factor) under every key; each statement is atomic, so concurrent failures all count. */
export async function recordLoginFailure(
  db: Db | Tx,
  rules: LoginThrottleRules,
  attempt: LoginAttempt,
  now: Date,
): Promise<void> {
  const quietBefore = new Date(now.getTime() - rules.quietResetMs);
  for (const scope of ['accountAddress', 'address', 'account'] as const) {
    const budget = rules[scope];
    const [row] = await db.$queryRaw<Array<{ failures: number }>>`
      INSERT INTO login_throttle (key, failures, last_failure_at) VALUES (${keyOf(scope, attempt)}, 1, ${now})
      ON CONFLICT (key) DO UPDATE SET
        failures = CASE WHEN login_throttle.last_failure_at IS NULL OR login_throttle.last_failure_at < ${quietBefore} THEN 1 ELSE login_throttle.failures + 1 END,
        next_attempt_at = CASE WHEN login_throttle.last_failure_at IS NULL OR login_throttle.last_failure_at < ${quietBefore} THEN NULL ELSE login_throttle.next_attempt_at END,
        last_failure_at = ${now}
      RETURNING failures`;
    assert(row !== undefined && row.failures >= 1, 'the failure was counted');
    if (row.failures < budget.failuresFree) continue;
    const delayMs = Math.min(budget.delayMsMax, budget.delayBaseMs * 2 ** Math.min(row.failures - budget.failuresFree, 30));
    await db.$executeRaw`
      UPDATE login_throttle SET next_attempt_at = GREATEST(COALESCE(next_attempt_at, ${now}), ${new Date(now.getTime() + delayMs)})
      WHERE key = ${keyOf(scope, attempt)}`;
  }
}

/**
 * A completed login (every factor passed): this account and address start afresh and the address
 * becomes known to the account. The address's and the account's own counts are left to decay, so a
 * guesser gains nothing from the owner's logins.
 */
export async function recordLoginSuccess(db: Db | Tx, attempt: LoginAttempt, now: Date): Promise<void> {
  await db.$executeRaw`
    INSERT INTO login_throttle (key, failures, succeeded_at) VALUES (${keyOf('accountAddress', attempt)}, 0, ${now})
    ON CONFLICT (key) DO UPDATE SET failures = 0, next_attempt_at = NULL, succeeded_at = ${now}`;
}

/** Forgets keys with nothing left to remember: no failure within `quietResetMs`, no login within `knownAddressDays`. */
export async function purgeLoginThrottle(db: Db, rules: LoginThrottleRules, now: Date, rowsMax = 10_000): Promise<number> {
  const quietBefore = new Date(now.getTime() - rules.quietResetMs);
  const knownBefore = new Date(now.getTime() - rules.knownAddressDays * 86_400_000);
  return db.$executeRaw`
    DELETE FROM login_throttle WHERE key IN (
      SELECT key FROM login_throttle
      WHERE (last_failure_at IS NULL OR last_failure_at < ${quietBefore}) AND (succeeded_at IS NULL OR succeeded_at < ${knownBefore})
      LIMIT ${rowsMax})`;
}
