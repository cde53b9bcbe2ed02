import { assert, DomainError, type CurrencyCode } from '@casino/core';
import type { Db, Tx } from '@casino/db';
import { poker } from '@casino/games';
import { isFixedLimitRecord, replayFixedLimitCompleted } from '../../poker/fixed-limit-running.ts';
import type { CompletedHand } from '../../poker/runtime-types.ts';

/**
 * Live tournament hands in `poker_hand` (issue 19, D-1937): recorded like a cash hand (the replayable
 * record, its text, each player's put in and won) in the transaction that writes the director's state
 * at the hand's end, so a hand is recalled by id through the existing recall routes. Amounts are
 * tournament chips, not money (`tournament_id` says so; the currency is the tournament's, for the
 * record only): no rake, no ledger posting, no AML monitoring of chips. A tournament table has no
 * `poker_table` row: its hands have no `table_id` but the tournament and the table's number, unique
 * per (tournament, table, hand number) as a cash hand is per (table, hand number).
 */
export async function recordTournamentHand(
  tx: Tx,
  request: {
    tournamentId: string;
    tableNumber: number;
    tableName: string;
    currency: CurrencyCode;
    hand: CompletedHand;
    startedAt: Date;
    now: Date;
  },
): Promise<void> {
  const { hand, now } = request;
  assert(hand.rakeMinor === 0n, 'a tournament hand takes no rake');
  const textOptions = {
    formatAmount: (chips: bigint) => chips.toString(),
    tableName: request.tableName,
    playedAt: now.toISOString(),
  };
  let text: string;
  if (isFixedLimitRecord(hand.history)) {
    // A stud or draw hand (D-2072): its `FixedLimitHandRecord`, checked against its replay as at a cash table (D-2024).
    text = replayFixedLimitCompleted({ ...hand, history: hand.history }).replayed.text(textOptions);
  } else {
    assert(hand.finalState !== undefined && hand.finalState.result !== null, 'a completed tournament hand has its result');
    text = poker.formatHandHistoryText(hand.finalState, textOptions);
  }
  const players = hand.results;
  const potMinor = players.reduce((sum, p) => sum + p.putInMinor, 0n);
  const written = await tx.$executeRaw`
    WITH hand AS (
      INSERT INTO poker_hand (id, table_id, hand_number, status, currency, started_at, ended_at, history, text, pot_minor, rake_minor,
                              flop_dealt, tournament_id, tournament_table)
      VALUES (${hand.handId}::uuid, NULL, ${hand.handNumber}, 'COMPLETED', ${request.currency}, ${request.startedAt}, ${now},
              ${JSON.stringify(hand.history)}::jsonb, ${text}, ${potMinor}, 0, ${hand.flopDealt}, ${request.tournamentId}::uuid,
              ${request.tableNumber})
      ON CONFLICT (id) DO NOTHING
      RETURNING id
    )
    INSERT INTO poker_hand_player (hand_id, player_id, table_id, seat, put_in_minor, won_minor, rake_minor, residence_country, ended_at)
    SELECT (SELECT id FROM hand), r.player_id, NULL, r.seat, r.put_in, r.won, 0,
           coalesce(upper(p.residence_address ->> 'country'), '??'), ${now}
    FROM unnest(${players.map((p) => p.playerId)}::uuid[], ${players.map((p) => p.seat)}::int[],
                ${players.map((p) => p.putInMinor)}::bigint[], ${players.map((p) => p.wonMinor)}::bigint[]) AS r(player_id, seat, put_in, won)
    JOIN player p ON p.id = r.player_id
    WHERE EXISTS (SELECT 1 FROM hand)`;
  // A retried commit of the same hand writes nothing the second time.
  assert(written === players.length || written === 0, `tournament hand ${hand.handId}: ${written} of ${players.length} players`);
}

export const tournamentHandsPageSizeMax = 100;

export interface TournamentHandSummary {
  handId: string;
  tableNumber: number;
  handNumber: number;
  endedAt: Date;
  potChips: bigint;
  players: { playerId: string; seat: number; putInChips: bigint; wonChips: bigint }[];
}

/**
 * A tournament's hands, newest first, a page at a time (`cursor` from the last page's `nextCursor`):
 * all of them (staff), or only the hands `playerId` was dealt in (the player's own, D-1937).
 */
export async function tournamentHands(
  db: Db | Tx,
  tournamentId: string,
  options: { playerId?: string; cursor?: string | null; limit?: number } = {},
): Promise<{ hands: TournamentHandSummary[]; nextCursor: string | null }> {
  const limit = Math.min(Math.max(options.limit ?? 20, 1), tournamentHandsPageSizeMax);
  const [known] = await db.$queryRaw<{ id: string }[]>`
    SELECT t.id FROM tournament t
    WHERE t.id = ${tournamentId}::uuid
      AND (${options.playerId ?? null}::uuid IS NULL
           OR EXISTS (SELECT 1 FROM tournament_entry e WHERE e.tournament_id = t.id AND e.player_id = ${options.playerId ?? null}::uuid))`;
  // A player who never entered sees no such tournament's hands (as a hand they were not dealt is not there for them).
  if (!known)
    throw new DomainError('not-found', `No tournament ${tournamentId}${options.playerId ? ' of yours' : ''}.`, {
      field: 'params.tournamentId',
    });
  const after = options.cursor ? decodeCursor(options.cursor) : null;
  const playerId = options.playerId ?? null;
  const rows = await db.$queryRaw<
    {
      id: string;
      tournament_table: number;
      hand_number: number;
      ended_at: Date;
      pot_minor: bigint;
      players: { player_id: string; seat: number; put_in_minor: string; won_minor: string }[];
    }[]
  >`
    SELECT h.id, h.tournament_table, h.hand_number, h.ended_at, h.pot_minor,
           (SELECT json_agg(json_build_object('player_id', hp.player_id, 'seat', hp.seat, 'put_in_minor', hp.put_in_minor::text,
                                              'won_minor', hp.won_minor::text) ORDER BY hp.seat)
            FROM poker_hand_player hp WHERE hp.hand_id = h.id) AS players
    FROM poker_hand h
    WHERE h.tournament_id = ${tournamentId}::uuid
      AND (${playerId}::uuid IS NULL OR EXISTS (SELECT 1 FROM poker_hand_player m WHERE m.hand_id = h.id AND m.player_id = ${playerId}::uuid))
      AND (${after?.endedAt ?? null}::timestamptz IS NULL OR (h.ended_at, h.id) < (${after?.endedAt ?? null}::timestamptz, ${after?.handId ?? null}::uuid))
    ORDER BY h.ended_at DESC, h.id DESC
    LIMIT ${limit + 1}`;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    hands: page.map((r) => ({
      handId: r.id,
      tableNumber: r.tournament_table,
      handNumber: r.hand_number,
      endedAt: r.ended_at,
      potChips: r.pot_minor,
      players: (r.players ?? []).map((p) => ({
        playerId: p.player_id,
        seat: p.seat,
        putInChips: BigInt(p.put_in_minor),
        wonChips: BigInt(p.won_minor),
      })),
    })),
    nextCursor: rows.length > limit && last ? encodeCursor(last.ended_at, last.id) : null,
  };
}

function encodeCursor(endedAt: Date, handId: string): string {
  return Buffer.from(`${endedAt.toISOString()}|${handId}`).toString('base64url');
}

function decodeCursor(cursor: string): { endedAt: Date; handId: string } {
  const [iso, handId] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const endedAt = new Date(iso ?? '');
  if (!handId || !/^[0-9a-f-]{36}$/i.test(handId) || Number.isNaN(endedAt.getTime()))
    throw new DomainError('validation-failed', 'The cursor is not one this list gave.', { field: 'query.cursor' });
  return { endedAt, handId };
}
