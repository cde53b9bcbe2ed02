import { assert, DomainError, Money, Rounding } from '@casino/core';
import type { Tx } from '@casino/db';

/** What kind of game money went to (net loss is reported per kind, 002 "Čistá prohra"). */
export type GameCategory = 'casino' | 'poker-cash' | 'poker-tournament';

const dbCategory = {
  casino: 'CASINO',
  'poker-cash': 'POKER_CASH',
  'poker-tournament': 'POKER_TOURNAMENT',
} as const satisfies Record<GameCategory, string>;

/** The rounding of a conversion to CZK: banker's rounding to the haléř, once per transaction (002:AMB-FX-ROUND). */
export const fxRounding = Rounding.HALF_EVEN;

export interface CountedAmount {
  amount: Money;
  rateToCzk: string | null;
  /** What counts against the limits: the amount in CZK at the transaction's own rate. */
  counted: Money;
}

/**
 * Limits are in CZK (004:SLM-03, REG-22). An amount in another currency counts at the exchange rate
 * the caller used for that very transaction (004:SLM-04, BET-06), given explicitly as CZK per unit:
 * the same converted amount the wallet was charged, never a rate looked up later.
 */
export function countInCzk(amount: Money, rateToCzk: string | undefined): CountedAmount {
  assert(!amount.isNegative(), 'amounts counted against limits are not negative');
  if (amount.currency === 'CZK') {
    assert(rateToCzk === undefined || rateToCzk === '1', 'a CZK amount has no exchange rate');
    return { amount, rateToCzk: null, counted: amount };
  }
  assert(rateToCzk !== undefined, `an amount in ${amount.currency} needs the rate to CZK it was converted at`);
  return { amount, rateToCzk, counted: amount.convert(rateToCzk, 'CZK', fxRounding) };
}

type EntryKind = 'DEPOSIT' | 'STAKE' | 'SETTLEMENT';

export interface UsageEntryRequest {
  playerId: string;
  kind: EntryKind;
  /** The caller's reference, unique per player and kind: the ledger idempotency key of the posting. */
  reference: string;
  category: GameCategory | null;
  amount: CountedAmount;
  playSessionId: string | null;
  at: Date;
}

/**
 * Counts the entry once per reference, in one statement: the insert either takes the reference or
 * finds it taken. Taken means the same stake or deposit was counted before (a retry; the ledger will
 * answer `replayed` too): what was counted then is returned, and nothing is counted again nor refused
 * by its own first counting. The same reference for a different amount is the caller's idempotency
 * key reused. Callers insert before their checks: a refusal throws and rolls the insert back.
 */
export async function countOnce(
  tx: Tx,
  request: UsageEntryRequest,
): Promise<{ replayed: false } | { replayed: true; counted: Money }> {
  const { amount, rateToCzk, counted } = request.amount;
  const category = request.category === null ? null : dbCategory[request.category];
  const inserted = await tx.$queryRaw<Array<{ id: bigint }>>`
    INSERT INTO self_limit_usage_entry (player_id, kind, reference, category, amount_minor, currency, rate_to_czk, counted_minor, play_session_id, at)
    VALUES (${request.playerId}::uuid, ${request.kind}::"LimitUsageKind", ${request.reference}, ${category}::"GameCategory", ${amount.toMinor()}, ${amount.currency},
            ${rateToCzk}::numeric, ${counted.toMinor()}, ${request.playSessionId}::uuid, ${request.at})
    ON CONFLICT (player_id, kind, reference) DO NOTHING
    RETURNING id`;
  if (inserted.length === 1) return { replayed: false };
  const [entry] = await tx.$queryRaw<Array<{ amount_minor: bigint; currency: string; counted_minor: bigint }>>`
    SELECT amount_minor, currency, counted_minor FROM self_limit_usage_entry
    WHERE player_id = ${request.playerId}::uuid AND kind = ${request.kind}::"LimitUsageKind" AND reference = ${request.reference}`;
  assert(entry !== undefined, 'a conflicting usage entry exists');
  return replayOf(request, entry);
}

/** A reference counted before: the same amount is a retry (what was counted then), another one a reused key. */
export function replayOf(
  request: UsageEntryRequest,
  entry: { amount_minor: bigint; currency: string; counted_minor: bigint },
): { replayed: true; counted: Money } {
  const { amount } = request.amount;
  if (entry.amount_minor !== amount.toMinor() || entry.currency !== amount.currency) {
    throw new DomainError(
      'idempotency-key-reused',
      `The reference ${request.reference} was already counted for a different amount.`,
      { field: 'reference' },
    );
  }
  return { replayed: true, counted: Money.fromMinor(entry.counted_minor, 'CZK') };
}

/** The database's name of a game category. */
export function dbCategoryOf(category: GameCategory | null): string | null {
  return category === null ? null : dbCategory[category];
}
