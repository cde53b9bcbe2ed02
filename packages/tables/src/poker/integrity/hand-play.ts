import { recordPokerPlayForMonitoring, type PokerHandPlay } from '@casino/compliance';
import type { Tx } from '@casino/db';
import { poker } from '@casino/games';
import type { CompletedHand } from '../runtime-types.ts';
import { FixedLimitTableHand } from '../fixed-limit-table.ts';
import { foldedSeatsOf, isFixedLimitRecord } from '../fixed-limit-running.ts';

/** The seats that folded in the hand: the engine's final state, or the replay of its record (a stud or draw hand's too). */
function foldedSeats(hand: CompletedHand): Set<number> {
  if (isFixedLimitRecord(hand.history)) return foldedSeatsOf(FixedLimitTableHand.replay(hand.history));
  const state = hand.finalState ?? poker.replayHandHistory(hand.history, poker.variantCatalog);
  return new Set(state.players.filter((p) => p.status === 'folded').map((p) => p.seat));
}

/**
 * What the bot and fold-dumping monitoring rules read of a settled hand (issue 18; 000-001:FAIR-04,
 * FAIR-06, FAIR-12, A-45): per player dealt in, whether the hand was heads-up and who the other
 * player was, whether they folded, how long each of their decisions took and how long they had
 * been seated. Recorded in the hand's commit (the outbox), on the real player ids whatever the table
 * showed (an alias, an anonymous label).
 */
export async function recordHandPlay(
  tx: Tx,
  request: {
    tableId: string;
    hand: CompletedHand;
    now: Date;
    /** When each player of the hand sat down (ms), if the caller read it already (the hand's commit does, D-1791). */
    seatedAtMs?: ReadonlyMap<string, number>;
  },
): Promise<void> {
  const { hand } = request;
  const playerIds = hand.results.map((r) => r.playerId);
  const seatedAt =
    request.seatedAtMs ??
    new Map(
      (
        await tx.$queryRaw<Array<{ player_id: string; seated_at: Date }>>`
          SELECT player_id, seated_at FROM poker_seat WHERE table_id = ${request.tableId}::uuid AND player_id = ANY(${playerIds}::uuid[])`
      ).map((s) => [s.player_id, s.seated_at.getTime()]),
    );
  await recordPokerPlayForMonitoring(tx, handPlayOf({ ...request, seatedAtMs: seatedAt }));
}

/** What `recordHandPlay` records, for a commit that writes its outbox rows itself (D-1793). */
export function handPlayOf(request: {
  tableId: string;
  hand: CompletedHand;
  now: Date;
  seatedAtMs: ReadonlyMap<string, number>;
}): PokerHandPlay {
  const { hand } = request;
  const folded = foldedSeats(hand);
  const headsUp = hand.results.length === 2;
  return {
    handId: hand.handId,
    tableId: request.tableId,
    occurredAt: request.now,
    players: hand.results.map((result) => ({
      playerId: result.playerId,
      counterpartyPlayerId: headsUp ? hand.results.find((other) => other.playerId !== result.playerId)!.playerId : null,
      headsUp,
      folded: folded.has(result.seat),
      actionDelaysMs: (hand.actionDelays ?? []).filter((d) => d.playerId === result.playerId).map((d) => d.delayMs),
      seatedMs: request.now.getTime() - (request.seatedAtMs.get(result.playerId) ?? request.now.getTime()),
    })),
  };
}
