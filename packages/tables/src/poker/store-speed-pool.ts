import { recordPokerHandForMonitoring } from '@casino/compliance';
import { assert, Money, type AccountId, type CurrencyCode } from '@casino/core';
import { transaction, type Tx } from '@casino/db';
import { poker } from '@casino/games';
import * as ledger from '@casino/ledger';
import type { CompletedHand } from './runtime-types.ts';
import { flopHistoryOf } from './fixed-limit-running.ts';
import type { LeasedTable, PokerStoreContext } from './store-context.ts';
import { assertEscrowInvariant } from './store-escrow.ts';
import { pokerRakeKey } from './store-hands.ts';
import { fenceTable } from './store-lease.ts';

/**
 * A speed pool's hand at its end (issue 18, D-1802, D-1803). A pool is one table row with one escrow
 * and one seat row per player; its hands run side by side at the pool's tables and end in any order,
 * so a hand is stored as the change it made: each of its players' stored stack − put in + won, the
 * rake from the pool's escrow, in one transaction with the hand's record, then the escrow invariant
 * over the whole pool (escrow = Σ stored stacks). A player who folded in one hand and was dealt into
 * the next meanwhile is counted once in each: the two changes add up whatever order they commit in,
 * and a hand never committed (its driver lost) changed nothing stored, so it is void by construction
 * (000-001:FAIL-01, 004:AMB-43).
 */
export async function commitPoolHand(
  ctx: PokerStoreContext,
  request: LeasedTable & { hand: CompletedHand },
): Promise<{ replayed: boolean; rakeTransactionId: string | null }> {
  const { hand } = request;
  assert(hand.poolTableNumber !== undefined, `poker hand ${hand.handId} is not a pool's`);
  const state = hand.finalState ?? poker.replayHandHistory(flopHistoryOf(hand.history), poker.variantCatalog);
  const potMinor = checkPoolResults(hand, state);
  return transaction(ctx.db, async (tx) => {
    const table = await fenceTable(tx, ctx.instanceId, request);
    const [earlier] = await tx.$queryRaw<Array<{ id: string }>>`
      SELECT id FROM poker_hand WHERE id = ${hand.handId}::uuid AND table_id = ${table.id}::uuid`;
    if (earlier)
      return { replayed: true, rakeTransactionId: await ledger.findTransactionIdByIdempotencyKey(tx, pokerRakeKey(hand.handId)) };
    const now = ctx.clock.now();
    const text = poker.formatHandHistoryText(state, {
      formatAmount: (chips) => Money.fromMinor(chips, table.currency).toDecimalString(),
      tableName: `${table.name} #${hand.poolTableNumber}`,
      playedAt: now.toISOString(),
    });
    const players = hand.results;
    const rakeOf = new Map(hand.rakeByPlayer.map((r) => [r.playerId, r.rakeMinor]));
    const [written] = await tx.$queryRaw<[{ players: number; seats: number }]>`
      WITH hand AS (
        INSERT INTO poker_hand (id, table_id, hand_number, status, currency, started_at, ended_at, history, text, pot_minor,
                                rake_minor, flop_dealt)
        VALUES (${hand.handId}::uuid, ${table.id}::uuid, ${hand.handNumber}, 'COMPLETED', ${table.currency}, ${now}, ${now},
                ${JSON.stringify(hand.history)}::jsonb, ${text}, ${potMinor}, ${hand.rakeMinor}, ${hand.flopDealt})
        RETURNING id
      ),
      hand_players AS (
        INSERT INTO poker_hand_player (hand_id, player_id, table_id, seat, put_in_minor, won_minor, rake_minor, residence_country, ended_at)
        SELECT ${hand.handId}::uuid, r.player_id, ${table.id}::uuid, r.seat, r.put_in, r.won, r.rake,
               coalesce(upper(p.residence_address ->> 'country'), '??'), ${now}
        FROM unnest(${players.map((p) => p.playerId)}::uuid[], ${players.map((p) => p.seat)}::int[],
                    ${players.map((p) => p.putInMinor)}::bigint[], ${players.map((p) => p.wonMinor)}::bigint[],
                    ${players.map((p) => rakeOf.get(p.playerId) ?? 0n)}::bigint[]) AS r(player_id, seat, put_in, won, rake)
        JOIN player p ON p.id = r.player_id
        RETURNING 1
      ),
      seats AS (
        UPDATE poker_seat s SET stack_minor = s.stack_minor - v.put_in + v.won
        FROM unnest(${players.map((p) => p.playerId)}::uuid[], ${players.map((p) => p.putInMinor)}::bigint[],
                    ${players.map((p) => p.wonMinor)}::bigint[]) AS v(player_id, put_in, won)
        WHERE s.table_id = ${table.id}::uuid AND s.player_id = v.player_id
        RETURNING 1
      ),
      table_row AS (
        UPDATE poker_table SET hand_number = greatest(hand_number, ${hand.handNumber}) WHERE id = ${table.id}::uuid RETURNING 1
      )
      SELECT (SELECT count(*) FROM hand_players)::int AS players, (SELECT count(*) FROM seats)::int AS seats,
             (SELECT count(*) FROM table_row)::int AS tables`;
    assert(
      written.players === players.length,
      `poker hand ${hand.handId}: ${players.length} players, ${written.players} recorded`,
    );
    assert(written.seats === players.length, `poker hand ${hand.handId}: a player of the hand has no seat in pool ${table.id}`);
    await recordPokerHandForMonitoring(tx, {
      handId: hand.handId,
      tableId: table.id,
      occurredAt: now,
      currency: table.currency,
      results: players.map((p) => ({ playerId: p.playerId, netMinor: p.wonMinor - p.putInMinor })),
    });
    const rakeTransactionId = hand.rakeMinor > 0n ? await postRake(tx, table, hand, now) : null;
    await assertEscrowInvariant(tx, table.id, table.escrowAccountId);
    return { replayed: false, rakeTransactionId };
  });
}

async function postRake(
  tx: Tx,
  table: { id: string; currency: CurrencyCode; escrowAccountId: string },
  hand: CompletedHand,
  now: Date,
): Promise<string> {
  const code = ledger.operatorAccountCode('rake-revenue', table.currency);
  const rake = await ledger.findAccountByCode(tx, code);
  assert(rake !== null, `the chart of accounts has ${code} (openOperatorAccounts)`);
  const posted = await ledger.transfer(
    tx,
    {
      idempotencyKey: pokerRakeKey(hand.handId),
      kind: 'RAKE',
      debitAccountId: table.escrowAccountId as AccountId,
      creditAccountId: rake.id,
      amount: Money.fromMinor(hand.rakeMinor, table.currency),
      metadata: {
        game: 'poker',
        tableId: table.id,
        handId: hand.handId,
        handNumber: hand.handNumber,
        poolTable: hand.poolTableNumber ?? null,
      },
    },
    now,
  );
  return posted.transactionId;
}

/** The results must be the engine's (put in, won, rake), as for a table's hand (store-hands.ts). */
function checkPoolResults(hand: CompletedHand, state: poker.HandState): bigint {
  const result = state.result;
  assert(result !== null && !result.voided, `poker hand ${hand.handId}: the record does not end in a result`);
  assert(result.rake === hand.rakeMinor, `poker hand ${hand.handId}: rake ${hand.rakeMinor}, the replay's ${result.rake}`);
  assert(result.players.length === hand.results.length, `poker hand ${hand.handId}: the results name other players`);
  for (const player of result.players) {
    const reported = hand.results.find((r) => r.seat === player.seat);
    assert(
      reported !== undefined && reported.putInMinor === player.contributed && reported.wonMinor === player.won,
      `poker hand ${hand.handId} seat ${player.seat}: the results differ from the replay`,
    );
  }
  const potMinor = hand.results.reduce((sum, r) => sum + r.putInMinor, 0n);
  const wonMinor = hand.results.reduce((sum, r) => sum + r.wonMinor, 0n);
  assert(
    potMinor - wonMinor === hand.rakeMinor,
    `poker hand ${hand.handId}: put in ${potMinor}, won ${wonMinor}, rake ${hand.rakeMinor}`,
  );
  return potMinor;
}
