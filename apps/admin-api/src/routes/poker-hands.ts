import { DomainError, Money } from '@casino/core';
import type { Db } from '@casino/db';
import { moneyOut, type App } from '@casino/http';
import { findHand, renderHandText, verifyStoredHandRecord, type StoredHand } from '@casino/tables';
import { HandParamsSchema, pokerHandProblems, StaffHandSchema } from './poker-hands.schema.ts';

/** The roles that recall game rounds (routes/game-rounds.ts) recall poker hands. */
const readers = ['support', 'compliance-officer', 'mlro', 'auditor', 'admin'] as const;

/**
 * Staff recall of a poker hand (issue 16, D-1717; 000-001:REC-01, DECK-10, T-81): the stored record dealt
 * again and replayed through the engine, every card, every player with what they put in, won and
 * bore of the rake, and the rake's ledger transaction (complaints, audits). A record that no longer
 * replays is an error, never shown as if it were fine.
 */
export function pokerHandRoutes(app: App, db: Db): void {
  app.get(
    '/v1/poker/hands/:handId',
    {
      onRequest: app.authorizeStaff(readers),
      schema: {
        tags: ['poker'],
        security: [{ staffToken: [] }],
        summary: 'Recall any poker hand: its record replayed, every card, players, rake and its ledger transaction',
        params: HandParamsSchema,
        response: { 200: StaffHandSchema, ...pokerHandProblems },
      },
    },
    async (request) => {
      const hand = await findHand(db, request.params.handId);
      if (!hand) throw new DomainError('not-found', `No hand ${request.params.handId}.`, { field: 'params.handId' });
      return staffHandOut(hand);
    },
  );
}

function staffHandOut(hand: StoredHand) {
  const amount = (minor: bigint) => moneyOut(Money.fromMinor(minor, hand.currency));
  // Throws on a record that does not reproduce itself: the 500 is logged, nothing unverified is shown.
  if (hand.history) verifyStoredHandRecord(hand.history);
  return {
    handId: hand.handId,
    tableId: hand.tableId,
    tableName: hand.tableName,
    profile: hand.profileId,
    tournamentId: hand.tournamentId,
    handNumber: hand.handNumber,
    status: hand.status === 'COMPLETED' ? ('completed' as const) : ('voided' as const),
    voidReason: hand.voidReason,
    currency: hand.currency,
    startedAt: hand.startedAt.toISOString(),
    endedAt: hand.endedAt.toISOString(),
    pot: amount(hand.potMinor),
    rake: amount(hand.rakeMinor),
    flopDealt: hand.flopDealt,
    rakeTransactionId: hand.rakeTransactionId,
    replayVerified: hand.history !== null,
    players: hand.players.map((p) => ({
      playerId: p.playerId,
      seat: p.seat,
      putIn: amount(p.putInMinor),
      won: amount(p.wonMinor),
      rake: amount(p.rakeMinor),
      residenceCountry: p.residenceCountry,
    })),
    text: hand.history
      ? renderHandText(hand.history, {
          currency: hand.currency,
          tableName: hand.tableName,
          chips: hand.tournamentId !== null,
        })
      : null,
    history: hand.history,
  };
}
