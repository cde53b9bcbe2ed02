import { Money, type CurrencyCode } from '@casino/core';
import { moneyOut } from '@casino/http';
import type { PlayerHandSummary, StoredHand } from '@casino/tables';

const amountOut = (minor: bigint, currency: CurrencyCode) => moneyOut(Money.fromMinor(minor, currency));

export function handSummaryOut(hand: PlayerHandSummary) {
  const { currency } = hand;
  return {
    handId: hand.handId,
    tableId: hand.tableId,
    tableName: hand.tableName,
    handNumber: hand.handNumber,
    seat: hand.seat,
    currency,
    putIn: amountOut(hand.putInMinor, currency),
    won: amountOut(hand.wonMinor, currency),
    rake: amountOut(hand.rakeMinor, currency),
    pot: amountOut(hand.potMinor, currency),
    endedAt: hand.endedAt.toISOString(),
  };
}

/** A hand for one of its players: seats and amounts (never another player's id) and the text as they may see it. */
export function handDetailOut(hand: StoredHand, mine: StoredHand['players'][number], text: string) {
  const { currency } = hand;
  return {
    handId: hand.handId,
    tableId: hand.tableId,
    tableName: hand.tableName,
    handNumber: hand.handNumber,
    profile: hand.profileId,
    tournamentId: hand.tournamentId,
    currency,
    startedAt: hand.startedAt.toISOString(),
    endedAt: hand.endedAt.toISOString(),
    pot: amountOut(hand.potMinor, currency),
    rake: amountOut(hand.rakeMinor, currency),
    seat: mine.seat,
    players: hand.players.map((p) => ({
      seat: p.seat,
      putIn: amountOut(p.putInMinor, currency),
      won: amountOut(p.wonMinor, currency),
    })),
    text,
  };
}
