import { strict as assert } from 'node:assert';
import type { Redis } from 'ioredis';

/**
 * Who a verified token stands for NOW (issue 14 (1)). A token proves who logged in and when; whether
 * that account may still act, and with which roles, is the current record's answer: a staff user
 * deactivated or stripped of a role, or a player whose account was closed, is refused on the very
 * next request, not when the token expires.
 *
 * The record is looked up by a function the app supplies per audience (the domain packages own the
 * tables; this package imports none of them). Lookups are cached per instance, and each subject has a
 * version number in Redis that whoever changes its record bumps after the change commits
 * (`changed`). Every request reads that version (one Redis GET, no database query) and reuses the
 * cached record only if it was loaded under the same version, so a change made through any instance
 * takes effect on every instance at once. Two bounds cover what the versions cannot: a record is
 * reloaded after `entryTtlMs` anyway (a change that bypassed `changed`, or a version key that Redis
 * lost), and when Redis cannot be asked only records younger than `unverifiedTtlMs` are trusted.
 */
export interface PrincipalRecord {
  /** Staff roles as the record holds them now; empty for players. */
  roles: readonly string[];
}

/** The current record of a token's subject, or null when it may not act (unknown, deactivated, closed). */
export type PrincipalLookup = (subject: string) => Promise<PrincipalRecord | null>;

export interface PrincipalResolver {
  /** The audiences this resolver has a lookup for (an app with player routes must have `player`). */
  readonly audiences: ReadonlySet<string>;
  resolve(audience: string, subject: string): Promise<PrincipalRecord | null>;
  /** Call after a change to the subject's access has committed: every instance reloads its record. */
  changed(audience: string, subject: string): Promise<void>;
}

export interface CachedPrincipalResolverOptions {
  redis: Redis;
  /** Shared by every service of one deployment (and test), so a change made in one reaches all. */
  keyPrefix: string;
  lookups: Readonly<Record<string, PrincipalLookup>>;
  entryTtlMs?: number;
  unverifiedTtlMs?: number;
  entriesMax?: number;
  /** Monotonic milliseconds; tests may pass their own. */
  nowMs?: () => number;
}

export const principalCacheLimits = { entryTtlMs: 30_000, unverifiedTtlMs: 2_000, entriesMax: 10_000 } as const;

interface Entry {
  /** The subject's version when the lookup started; null when Redis could not be asked. */
  version: string | null;
  record: PrincipalRecord | null;
  loadedAtMs: number;
}

/** A version key that was never bumped reads as this. */
const versionNeverChanged = '0';

export function createCachedPrincipalResolver(options: CachedPrincipalResolverOptions): PrincipalResolver {
  const entryTtlMs = options.entryTtlMs ?? principalCacheLimits.entryTtlMs;
  const unverifiedTtlMs = options.unverifiedTtlMs ?? principalCacheLimits.unverifiedTtlMs;
  const entriesMax = options.entriesMax ?? principalCacheLimits.entriesMax;
  assert(entryTtlMs > 0 && unverifiedTtlMs > 0 && unverifiedTtlMs <= entryTtlMs, 'principal cache TTLs: 0 < unverified ≤ entry');
  assert(Number.isInteger(entriesMax) && entriesMax > 0, 'principal cache entriesMax must be a positive integer');
  const nowMs = options.nowMs ?? (() => performance.now());
  const entries = new Map<string, Entry>();
  const versionKey = (key: string) => `${options.keyPrefix}:principal-version:${key}`;

  async function currentVersion(key: string): Promise<string | null> {
    try {
      return (await options.redis.get(versionKey(key))) ?? versionNeverChanged;
    } catch {
      // Redis is down: authentication goes on from the database, with fresh records only.
      return null;
    }
  }

  function store(key: string, entry: Entry): void {
    entries.delete(key);
    if (entries.size >= entriesMax) entries.delete(entries.keys().next().value!);
    entries.set(key, entry);
  }

  return {
    audiences: new Set(Object.keys(options.lookups)),
    async resolve(audience, subject) {
      const lookup = options.lookups[audience];
      assert(lookup, `no principal lookup for the audience ${audience}`);
      const key = `${audience}:${subject}`;
      // The version is read before the lookup: a change that commits during the lookup bumps it
      // after, so the entry stored below is never taken for current.
      const version = await currentVersion(key);
      const cached = entries.get(key);
      const ageMs = cached ? nowMs() - cached.loadedAtMs : Infinity;
      if (cached && version !== null && cached.version === version && ageMs < entryTtlMs) return cached.record;
      if (cached && version === null && ageMs < unverifiedTtlMs) return cached.record;
      const loadedAtMs = nowMs();
      const record = await lookup(subject);
      store(key, { version, record, loadedAtMs });
      return record;
    },
    async changed(audience, subject) {
      const key = `${audience}:${subject}`;
      entries.delete(key);
      await options.redis.incr(versionKey(key));
    },
  };
}
