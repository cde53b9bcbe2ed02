import { assert, DomainError, Money, Rounding } from '@casino/core';
import type { Tx } from '@casino/db';

/** What kind of game money went to (net loss is reported per kind, 002 "Čistá prohra"). */
export type GameCategory = 'casino' | 'poker-cash' | 'poker-tournament';

const dbCategory = { casino: 'CASINO', 'poker-cash': 'POKER_CASH', 'poker-tournament': 'POKER_TOURNAMENT' } as const satisfies Record<GameCategory, string>;

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
 * The same reference counted before: returns what was counted, so a retried stake or deposit (the
 * ledger answers `replayed`) is not counted twice nor refused by its own first counting. The same
 * reference for a different amount is the caller's idempotency key reused.
 */
export async function findCounted(tx: Tx, request: UsageEntryRequest): Promise<Money | null> {
  const entry = await tx.selfLimitUsageEntry.findUnique({
    where: { playerId_kind_reference: { playerId: request.playerId, kind: request.kind, reference: request.reference } },
    select: { amountMinor: true, currency: true, countedMinor: true },
  });
  if (!entry) return null;
  if (entry.amountMinor !== request.amount.amount.toMinor() || entry.currency !== request.amount.amount.currency) {
    throw new DomainError('idempotency-key-reused', `The reference ${request.reference} was already counted for a different amount.`, { field: 'reference' });
  }
  return Money.fromMinor(entry.countedMinor, 'CZK');
}

export async function recordEntry(tx: Tx, request: UsageEntryRequest): Promise<void> {
  await tx.selfLimitUsageEntry.create({
    data: {
      playerId: request.playerId,
      kind: request.kind,
      reference: request.reference,
      category: request.category === null ? null : dbCategory[request.category],
      amountMinor: request.amount.amount.toMinor(),
      currency: request.amount.amount.currency,
      rateToCzk: request.amount.rateToCzk,
      countedMinor: request.amount.counted.toMinor(),
      playSessionId: request.playSessionId,
      at: request.at,
    },
  });
}
