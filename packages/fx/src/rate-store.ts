import { assert, DomainError, isCurrencyCode, newId, type Clock, type CurrencyCode } from '@casino/core';
import { transaction, type Db, type Tx } from '@casino/db';
import { isRateText, sameRates, type RateSet } from './rates.ts';
import type { FxRules } from './rules.ts';

/** What the FX package needs from its caller: the database, the injected clock and the profile's rules. */
export interface FxContext {
  db: Db;
  clock: Clock;
  rules: FxRules;
  /** The profile's account currency: payments arrive in it and self-limits count in it (004:SLM-03, SLM-04). */
  accountCurrency: CurrencyCode;
}

/** Rates as a source answered them (the HTTP adapter's result, or a test's fixture). */
export interface PublishedRates {
  source: string;
  base: CurrencyCode;
  unitsPerBase: Partial<Record<CurrencyCode, string>>;
  publishedAt: Date;
}

export type RecordOutcome =
  /** A new set is now the platform's rate. */
  | { outcome: 'changed'; set: RateSet }
  /** The source confirmed the rates in force (checked_at moved). */
  | { outcome: 'confirmed'; set: RateSet }
  /** The source moved, but the rate in force changed less than `changeIntervalHoursMin` ago (004:T-61): kept, confirmed. */
  | { outcome: 'held'; set: RateSet; changeAllowedFrom: Date };

const rateSetLock = 'fx:rate-set';

/**
 * Takes a published set into the rate table under one advisory lock (two workers refreshing at once
 * record one change). The rule of the profile decides: a set quoting other rates becomes current only
 * if the one in force took effect at least `changeIntervalHoursMin` ago (CZ-FO: at most one change per
 * 24 hours, 004 "Směnný kurz", T-61); otherwise the set in force stays and is marked confirmed, so the
 * platform keeps converting at it without going stale.
 */
export async function recordRates(ctx: FxContext, published: PublishedRates): Promise<RecordOutcome> {
  assertPublishedSound(ctx.rules, published);
  const now = ctx.clock.now();
  return transaction(ctx.db, async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${rateSetLock}, 0))`;
    const current = await readCurrent(tx);
    const unitsPerBase = { ...published.unitsPerBase, [published.base]: '1' };
    if (current && sameRates(current.unitsPerBase, unitsPerBase, ctx.rules.source.currencies)) {
      return { outcome: 'confirmed', set: await confirm(tx, current, now) };
    }
    if (current) {
      const changeAllowedFrom = new Date(current.effectiveFrom.getTime() + ctx.rules.changeIntervalHoursMin * 3_600_000);
      if (now < changeAllowedFrom) return { outcome: 'held', set: await confirm(tx, current, now), changeAllowedFrom };
    }
    const set: RateSet = {
      id: newId(),
      source: published.source,
      base: published.base,
      unitsPerBase,
      publishedAt: published.publishedAt,
      effectiveFrom: now,
      checkedAt: now,
    };
    await tx.fxRateSet.create({
      data: {
        id: set.id,
        source: set.source,
        base: set.base,
        unitsPerBase: set.unitsPerBase,
        publishedAt: set.publishedAt,
        effectiveFrom: set.effectiveFrom,
        checkedAt: set.checkedAt,
      },
    });
    return { outcome: 'changed', set };
  });
}

/**
 * The rate set in force, refused as `fx-rates-stale` (503, problem+json) when there is none or the
 * source has not confirmed it for longer than `staleAfterSeconds`: no conversion at an old rate.
 */
export async function currentRates(ctx: FxContext, tx: Tx | Db = ctx.db): Promise<RateSet> {
  const set = await readCurrent(tx);
  const now = ctx.clock.now();
  if (!set) throw new DomainError('fx-rates-stale', 'No exchange rates have been received from the rate source yet.');
  const ageSeconds = Math.floor((now.getTime() - set.checkedAt.getTime()) / 1000);
  if (ageSeconds > ctx.rules.staleAfterSeconds)
    throw new DomainError(
      'fx-rates-stale',
      `The exchange rates are ${ageSeconds} s old; conversions resume when the rate source answers.`,
      {
        extensions: {
          source: set.source,
          checkedAt: set.checkedAt.toISOString(),
          staleAfterSeconds: ctx.rules.staleAfterSeconds,
        },
      },
    );
  return set;
}

/** A rate set by id (a quote's, a seat's), whatever its age. */
export async function rateSetById(tx: Tx | Db, id: string): Promise<RateSet> {
  const row = await tx.fxRateSet.findUniqueOrThrow({ where: { id } });
  return toRateSet(row);
}

async function readCurrent(tx: Tx | Db): Promise<RateSet | null> {
  const row = await tx.fxRateSet.findFirst({ orderBy: [{ effectiveFrom: 'desc' }, { id: 'desc' }] });
  return row ? toRateSet(row) : null;
}

async function confirm(tx: Tx, set: RateSet, now: Date): Promise<RateSet> {
  await tx.fxRateSet.update({ where: { id: set.id }, data: { checkedAt: now } });
  return { ...set, checkedAt: now };
}

function toRateSet(row: {
  id: string;
  source: string;
  base: string;
  unitsPerBase: unknown;
  publishedAt: Date;
  effectiveFrom: Date;
  checkedAt: Date;
}): RateSet {
  assert(isCurrencyCode(row.base), `fx_rate_set ${row.id} has a known base`);
  return {
    id: row.id,
    source: row.source,
    base: row.base,
    unitsPerBase: row.unitsPerBase as RateSet['unitsPerBase'],
    publishedAt: row.publishedAt,
    effectiveFrom: row.effectiveFrom,
    checkedAt: row.checkedAt,
  };
}

/** A source's answer must quote every currency the platform converts, each a plain positive decimal. */
function assertPublishedSound(rules: FxRules, published: PublishedRates): void {
  if (published.base !== rules.source.base)
    throw new DomainError('fx-rates-stale', `The rate source quoted against ${published.base}, not ${rules.source.base}.`);
  for (const code of rules.source.currencies) {
    if (code === rules.source.base) continue;
    const text = published.unitsPerBase[code];
    if (text === undefined || !isRateText(text))
      throw new DomainError('fx-rates-stale', `The rate source sent no usable rate for ${code}.`, {
        extensions: { currency: code },
      });
  }
}
