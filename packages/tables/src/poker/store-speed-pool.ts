import { pokerHandMonitoringMessages, recordPokerHandForMonitoring } from '@casino/compliance';
import { assert, countBusinessEvent, formatMinorUnits, Money, newId, type AccountId, type CurrencyCode } from '@casino/core';
import { pgBatchedTransaction, rollBack, transaction, type Tx } from '@casino/db';
import { poker } from '@casino/games';
import * as ledger from '@casino/ledger';
import type { CompletedHand } from './runtime-types.ts';
import { flopHistoryOf } from './fixed-limit-running.ts';
import type { LeasedTable, PokerStoreContext } from './store-context.ts';
import { assertEscrowInvariant } from './store-escrow.ts';
import {
  bigintsAsText,
  cachedRakeAccount,
  escrowViolationOf,
  handPlayersPayload,
  pokerRakeKey,
  rakeAccount,
  rakePosting,
} from './store-hands.ts';
import { fenceTable, LeaseLost } from './store-lease.ts';

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
): Promise<PoolHandCommitted> {
  const [committed] = await commitPoolHands(ctx, { ...request, hands: [request.hand] });
  return committed!;
}

/** What one pool hand's commit answers: `replayed` when it was stored before (nothing written again). */
export interface PoolHandCommitted {
  replayed: boolean;
  rakeTransactionId: string | null;
}

/**
 * Several of a pool's hands, in the order they ended, each as `commitPoolHand` commits one (D-1870):
 * in one transaction on the one-call path, all stored or none. On the ORM path (the first raked hand
 * of a currency in this process) one transaction each, in order, stopping at the first that fails:
 * either way the stored stacks are those after a prefix of the hands (D-1807).
 */
export async function commitPoolHands(
  ctx: PokerStoreContext,
  request: LeasedTable & { hands: readonly CompletedHand[] },
): Promise<PoolHandCommitted[]> {
  // Every hand's results are checked against its replay before anything is written.
  const checked = request.hands.map((hand): CheckedPoolHand => {
    assert(hand.poolTableNumber !== undefined, `poker hand ${hand.handId} is not a pool's`);
    const state = hand.finalState ?? poker.replayHandHistory(flopHistoryOf(hand.history), poker.variantCatalog);
    return { hand, state, potMinor: checkPoolResults(hand, state) };
  });
  const committed = await commitPoolHandsInOneCall(ctx, request, checked);
  if (committed !== null) return committed;
  const results: PoolHandCommitted[] = [];
  for (const { hand, state, potMinor } of checked)
    results.push(await commitPoolHandInOrmTransaction(ctx, { ...request, hand }, state, potMinor));
  return results;
}

interface CheckedPoolHand {
  hand: CompletedHand;
  state: poker.HandState;
  potMinor: bigint;
}

let oneCallPoolCommits = 0;

/** Pool hands this process committed through `poker_commit_pool_hand` (tests prove a case took it; not a metric). */
export function oneCallPoolCommitCount(): number {
  return oneCallPoolCommits;
}

/**
 * The pool's hands in two round trips with the pool's row locked for one statement only (D-1793): BEGIN
 * with an unlocked read of the pool's name, currency and escrow (what the hands' texts and rake need),
 * then `poker_commit_pool_hands` with COMMIT, which for each hand in order takes the lock, checks the
 * fence, answers a hand stored before, and writes everything the ORM transaction writes. Null (the ORM
 * path then) when a hand is raked in a currency whose rake account's id this process has not cached yet.
 */
async function commitPoolHandsInOneCall(
  ctx: PokerStoreContext,
  request: LeasedTable,
  checked: readonly CheckedPoolHand[],
): Promise<PoolHandCommitted[] | null> {
  type Doc = { replayed: boolean; rake_transaction_id?: string | null; rake_replayed?: boolean | null };
  let docs: Doc[] | null = null;
  try {
    const outcome = await pgBatchedTransaction(ctx.db, async (tx) => {
      docs = null;
      const [table] = await tx.begin<{ id: string; name: string; currency: string; escrow_account_id: string }>(
        'SELECT id, name, currency, escrow_account_id FROM poker_table WHERE id = $1::uuid',
        [request.tableId],
      );
      if (!table) throw new LeaseLost(request.tableId, request.epoch);
      const currency = table.currency as CurrencyCode;
      const rakeAccountId = cachedRakeAccount(currency);
      if (checked.some(({ hand }) => hand.rakeMinor > 0n) && rakeAccountId === undefined) return rollBack;
      const now = ctx.clock.now();
      const payloads = checked.map(({ hand, state, potMinor }) => {
        return {
          table_id: table.id,
          epoch: request.epoch,
          instance_id: ctx.instanceId,
          hand_id: hand.handId,
          hand_number: hand.handNumber,
          currency,
          now,
          history: hand.history,
          text: poolHandText(state, { name: table.name, currency }, hand, now),
          pot_minor: potMinor,
          rake_minor: hand.rakeMinor,
          flop_dealt: hand.flopDealt,
          players: handPlayersPayload(hand),
          outbox: pokerHandMonitoringMessages({
            handId: hand.handId,
            tableId: table.id,
            occurredAt: now,
            currency,
            results: hand.results.map((p) => ({ playerId: p.playerId, netMinor: p.wonMinor - p.putInMinor })),
          }).map((message) => ({ id: newId(), ...message })),
          rake:
            hand.rakeMinor > 0n
              ? rakePosting(
                  rakeTransfer({ id: table.id, currency, escrowAccountId: table.escrow_account_id }, hand, rakeAccountId!),
                  now,
                )
              : null,
          escrow_account_id: table.escrow_account_id,
        };
      });
      const [row] = await tx.commit<{ docs: Doc[] }>('SELECT poker_commit_pool_hands($1::jsonb) AS docs', [
        JSON.stringify(payloads, bigintsAsText),
      ]);
      docs = row!.docs;
      assert(
        docs.length === checked.length,
        `poker pool ${request.tableId}: ${checked.length} hands committed, ${docs.length} answered`,
      );
      return docs;
    });
    if (outcome === rollBack) return null;
  } catch (error) {
    const raised = error as { hint?: string };
    if (raised?.hint === 'lease-lost') throw new LeaseLost(request.tableId, request.epoch);
    throw escrowViolationOf(error, request.tableId) ?? error;
  }
  const answered = docs as unknown as Doc[];
  const results: PoolHandCommitted[] = [];
  for (const [index, doc] of answered.entries()) {
    if (doc.replayed) {
      const handId = checked[index]!.hand.handId;
      results.push({
        replayed: true,
        rakeTransactionId: await ledger.findTransactionIdByIdempotencyKey(ctx.db, pokerRakeKey(handId)),
      });
      continue;
    }
    oneCallPoolCommits++;
    if (doc.rake_transaction_id && doc.rake_replayed === false) countBusinessEvent('ledger-posting', 'RAKE');
    results.push({ replayed: false, rakeTransactionId: doc.rake_transaction_id ?? null });
  }
  return results;
}

function poolHandText(
  state: poker.HandState,
  table: { name: string; currency: CurrencyCode },
  hand: CompletedHand,
  now: Date,
): string {
  return poker.formatHandHistoryText(state, {
    formatAmount: (chips) => formatMinorUnits(chips, table.currency),
    tableName: `${table.name} #${hand.poolTableNumber}`,
    playedAt: now.toISOString(),
  });
}

/** The pool's hand as one ORM transaction: the fallback of the one-call path. */
async function commitPoolHandInOrmTransaction(
  ctx: PokerStoreContext,
  request: LeasedTable & { hand: CompletedHand },
  state: poker.HandState,
  potMinor: bigint,
): Promise<PoolHandCommitted> {
  const { hand } = request;
  return transaction(ctx.db, async (tx) => {
    const table = await fenceTable(tx, ctx.instanceId, request);
    const [earlier] = await tx.$queryRaw<Array<{ id: string }>>`
      SELECT id FROM poker_hand WHERE id = ${hand.handId}::uuid AND table_id = ${table.id}::uuid`;
    if (earlier)
      return { replayed: true, rakeTransactionId: await ledger.findTransactionIdByIdempotencyKey(tx, pokerRakeKey(hand.handId)) };
    const now = ctx.clock.now();
    const text = poolHandText(state, table, hand, now);
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
  const posted = await ledger.transfer(tx, rakeTransfer(table, hand, await rakeAccount(tx, table.currency)), now);
  return posted.transactionId;
}

/** A pool hand's rake: the pool's escrow to the rake revenue, with the pool's table number. */
function rakeTransfer(
  table: { id: string; currency: CurrencyCode; escrowAccountId: string },
  hand: CompletedHand,
  rakeAccountId: AccountId,
): ledger.TransferRequest {
  return {
    idempotencyKey: pokerRakeKey(hand.handId),
    kind: 'RAKE',
    debitAccountId: table.escrowAccountId as AccountId,
    creditAccountId: rakeAccountId,
    amount: Money.fromMinor(hand.rakeMinor, table.currency),
    metadata: {
      game: 'poker',
      tableId: table.id,
      handId: hand.handId,
      handNumber: hand.handNumber,
      poolTable: hand.poolTableNumber ?? null,
    },
  };
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
