import { pokerHandMonitoringMessages, pokerPlayMonitoringMessages, recordPokerHandForMonitoring } from '@casino/compliance';
import {
  assert,
  countBusinessEvent,
  DomainError,
  formatMinorUnits,
  InvariantViolation,
  Money,
  newId,
  type AccountId,
  type CurrencyCode,
} from '@casino/core';
import { pgBatchedTransaction, pgPoolOf, rollBack, transaction, type Db, type Tx } from '@casino/db';
import { poker } from '@casino/games';
import * as ledger from '@casino/ledger';
import type { PokerRuleProfileId } from './profile.ts';
import type { CompletedHand, SeatStatus } from './runtime-types.ts';
import { FixedLimitTableHand, type FixedLimitHandRecord } from './fixed-limit-table.ts';
import { flopHistoryOf, isFixedLimitRecord, replayFixedLimitCompleted } from './fixed-limit-running.ts';
import type { LeasedTable, PokerStoreContext } from './store-context.ts';
import { assertEscrowInvariant, EscrowInvariantViolation } from './store-escrow.ts';
import { postHandJackpot } from './store-jackpot.ts';
import { fenceTable, LeaseLost } from './store-lease.ts';
import { handPlayOf, recordHandPlay } from './integrity/hand-play.ts';

/**
 * Hands at their boundaries (issue 16). The running hand lives in the driver's memory; the store
 * knows only which hand is running (`running_hand_id`) and, when it ends, commits it whole: the
 * record, the stacks, the rake and the table's counters in one transaction, then checks that the
 * escrow still holds exactly the stacks. Stacks stored between two commits are those at the start
 * of the running hand plus chips bought since, so a hand whose driver is lost is voided by
 * construction: every chip is back where it was, no rake (000-001:FAIL-01, 003:R-TECH-01, 004:AMB-43).
 */

export const pokerRakeKey = (handId: string) => `poker:hand:${handId}:rake`;

const rakeAccounts = new Map<string, AccountId>();

/** Rake is gaming revenue of its own: `operator:rake-revenue:<currency>`, which the GGR report counts as poker rake (D-1672). */
export async function rakeAccount(tx: Tx, currency: CurrencyCode): Promise<AccountId> {
  const code = ledger.operatorAccountCode('rake-revenue', currency);
  const cached = rakeAccounts.get(code);
  if (cached) return cached;
  const account = await ledger.findAccountByCode(tx, code);
  assert(account !== null, `the chart of accounts has ${code} (openOperatorAccounts)`);
  rakeAccounts.set(code, account.id);
  return account.id;
}

/** The rake account's id if this process has looked it up (the two-statement commits read no other row mid-transaction). */
export function cachedRakeAccount(currency: CurrencyCode): AccountId | undefined {
  return rakeAccounts.get(ledger.operatorAccountCode('rake-revenue', currency));
}

const markHandRunningSql = `
  UPDATE poker_table
  SET running_hand_id = $1::uuid,
      running_hand_started_at = CASE WHEN running_hand_id = $1::uuid THEN running_hand_started_at ELSE $2::timestamptz END
  WHERE id = $3::uuid AND lease_epoch = $4::bigint AND lease_owner = $5
    AND (running_hand_id IS NULL OR running_hand_id = $1::uuid)`;

/**
 * A hand is dealt: from now on a lost driver voids it. One fenced statement, not a transaction (one
 * round trip per hand instead of four, docs/performance.md): the row is written only while this
 * instance holds the lease at its epoch and no other hand is running, which is what the transaction's
 * locked read checked; marking the same hand again changes nothing.
 */
export async function markHandRunning(ctx: PokerStoreContext, request: LeasedTable & { handId: string }): Promise<void> {
  // On the pool's own connection, not through the ORM: one statement per hand dealt (D-1793).
  const { rowCount } = await pgPoolOf(ctx.db).query(markHandRunningSql, [
    request.handId,
    ctx.clock.now(),
    request.tableId,
    request.epoch,
    ctx.instanceId,
  ]);
  if (rowCount === 1) return;
  // Not written: the lease is gone (LeaseLost), or another hand is running (a bug of the driver).
  const table = await transaction(ctx.db, (tx) => fenceTable(tx, ctx.instanceId, request));
  assert(
    false,
    `poker table ${table.id}: hand ${table.runningHandId} is running; commit or void it before dealing ${request.handId}`,
  );
}

export interface CommitHandRequest extends LeasedTable {
  hand: CompletedHand;
  /** The hand dealt next, at once (null: the table goes idle). */
  nextRunningHandId: string | null;
  /** The hand's button and blind positions for the next hand's plan; derived from the record when absent. */
  positions?: poker.Positions | null;
  /** Seat statuses to store with the stacks (what a takeover restores); unchanged when absent. */
  seatStatuses?: readonly { seat: number; status: SeatStatus }[];
  /**
   * The engine's final state of the hand, when the driver has it (the record is its export): the text
   * and the checks are made from it. Absent, the record is replayed (a few milliseconds of CPU per hand).
   */
  handState?: poker.HandState;
}

export interface CommitHandResult {
  /** True when this hand was committed before (a retry): nothing was written this time. */
  replayed: boolean;
  rakeTransactionId: string | null;
  /** The stored stacks of the hand's players after it (chips bought during the hand included). */
  stacks: { seat: number; playerId: string; stackMinor: bigint }[];
}

/**
 * Commits a completed hand in one transaction: the hand's row with its replayable record and its
 * text, each player's put in, won and rake borne (000-001:RAKE-04), every player's stack (stored
 * stack − put in + won: chips bought while the hand ran stay added), one ledger transaction taking
 * the rake from the escrow (none when the rake is zero), the table's hand number, positions and
 * running hand; the chip movements to AML monitoring (000-001:FAIR-06). Then the escrow invariant.
 *
 * The reported results are checked against the engine's final state before anything is written (the
 * driver's, or the record replayed when it gives none): a record that does not reproduce its hand, or
 * results that differ from it, are refused (InvariantViolation), never stored.
 */
export async function commitHand(ctx: PokerStoreContext, request: CommitHandRequest): Promise<CommitHandResult> {
  const { hand } = request;
  // A stud or draw hand (issue 20) is checked against the replay of its own record (D-2024).
  const fixed = isFixedLimitRecord(hand.history) ? replayFixedLimitCompleted({ ...hand, history: hand.history }) : null;
  const replayed =
    fixed !== null ? null : (request.handState ?? poker.replayHandHistory(flopHistoryOf(hand.history), poker.variantCatalog));
  const checked = replayed === null ? { potMinor: fixed!.potMinor } : checkResults(hand, replayed);
  const positions =
    request.positions !== undefined
      ? request.positions
      : hand.tablePositions !== undefined
        ? hand.tablePositions
        : positionsOf(hand.history);
  const handText = (table: { name: string; currency: CurrencyCode }, now: Date): string => {
    const formatAmount = (chips: bigint): string => formatMinorUnits(chips, table.currency);
    return replayed === null
      ? fixed!.replayed.text({ tableName: table.name, formatAmount, playedAt: now.toISOString() })
      : poker.formatHandHistoryText(replayed, { formatAmount, tableName: table.name, playedAt: now.toISOString() });
  };
  const prepared: PreparedCommit = { potMinor: checked.potMinor, positions, handText };
  // A hand that moves jackpot money posts it through store-jackpot.ts, in the ORM transaction.
  const jackpot = hand.jackpot;
  if (jackpot === undefined || (jackpot.dropMinor === 0n && jackpot.badBeat === null)) {
    const committed = await commitHandInTwoStatements(ctx, request, prepared);
    if (committed !== null) return committed;
  }
  return commitHandInOrmTransaction(ctx, request, prepared);
}

/** What both ways of committing take from the checks made before the transaction. */
interface PreparedCommit {
  potMinor: bigint;
  positions: poker.Positions | null;
  handText: (table: { name: string; currency: CurrencyCode }, now: Date) => string;
}

/** Every seat the hand changes: its players (stack and maybe status), then seats whose status alone changes. */
function seatRowsOf(request: CommitHandRequest): Array<{ seat: number; playerId: string | null; putIn: bigint; won: bigint }> {
  const { hand } = request;
  const statusOf = new Map((request.seatStatuses ?? []).map((s) => [s.seat, s.status]));
  return [
    // The jackpot's drop leaves the stacks of the winners who bear it (issue 18, store-jackpot.ts).
    ...hand.results.map((p) => ({
      seat: p.seat,
      playerId: p.playerId as string | null,
      putIn: p.putInMinor,
      won: p.wonMinor - (hand.jackpot?.dropBySeat.find((d) => d.seat === p.seat)?.amountMinor ?? 0n),
    })),
    ...[...statusOf.keys()]
      .filter((seat) => !hand.results.some((p) => p.seat === seat))
      .map((seat) => ({ seat, playerId: null, putIn: 0n, won: 0n })),
  ];
}

/**
 * The fenced read that opens the two-statement commit: the table row locked as `fenceTable` locks it,
 * and when each seated player sat down (the play-monitoring events carry the time seated).
 */
const fenceForCommitSql = `
  SELECT t.id, t.name, t.currency, t.escrow_account_id, t.hand_number, t.running_hand_id, t.running_hand_started_at,
         (SELECT json_agg(json_build_object('player_id', s.player_id, 'seated_at', s.seated_at))
          FROM poker_seat s WHERE s.table_id = t.id AND s.player_id IS NOT NULL) AS seated
  FROM poker_table t
  WHERE t.id = $1::uuid AND t.lease_epoch = $2::bigint AND t.lease_owner = $3
  FOR NO KEY UPDATE OF t`;

interface FenceForCommitRow {
  id: string;
  name: string;
  currency: string;
  escrow_account_id: string;
  hand_number: number;
  running_hand_id: string | null;
  running_hand_started_at: Date | null;
  seated: Array<{ player_id: string; seated_at: string }> | null;
}

let twoStatementCommits = 0;

/** Hands this process committed through the two-statement path (tests prove a case took it; not a metric). */
export function twoStatementCommitCount(): number {
  return twoStatementCommits;
}

/** A rake transfer as `poker_settle_hand` reads it: `ledger_post`'s arguments (the ledger's own `transferPostArguments`) by name. */
export function rakePosting(transfer: ledger.TransferRequest, at: Date) {
  const args = ledger.transferPostArguments(transfer, at);
  assert(args[3] === 'RAKE', "ledger_post's arguments are (id, key, hash, kind, metadata, at, reverses, postings)");
  return {
    id: args[0],
    key: args[1],
    hash: args[2],
    metadata: JSON.parse(args[4] as string) as unknown,
    at: args[5],
    postings: JSON.parse(args[7] as string) as unknown,
  };
}

/** A hand's players as `poker_record_hand` reads them (a table's hand and a pool's): put in, won and the rake each bore. */
export function handPlayersPayload(hand: CompletedHand) {
  const rakeOf = new Map(hand.rakeByPlayer.map((r) => [r.playerId, r.rakeMinor]));
  return hand.results.map((p) => ({
    player_id: p.playerId,
    seat: p.seat,
    put_in: p.putInMinor,
    won: p.wonMinor,
    rake: rakeOf.get(p.playerId) ?? 0n,
  }));
}

export const bigintsAsText = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);

/**
 * The commit's payload as JSON, its bigints as decimal text. The hand's history, most of the payload,
 * is JSON already (decimal strings, D-1851): serialised without a replacer, which keeps V8's fast path
 * (a replacer function is called for every value of the history, a few hundred per hand); only the
 * rest, where the amounts are bigints, goes through `bigintsAsText`. A history with a bigint after all
 * (a record format that keeps one) is serialised with the replacer, as everything was before.
 */
export function commitPayloadJson(payload: { history: unknown } & Record<string, unknown>): string {
  const { history, ...rest } = payload;
  let historyJson: string;
  try {
    historyJson = JSON.stringify(history) ?? 'null';
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    historyJson = JSON.stringify(history, bigintsAsText);
  }
  const restJson = JSON.stringify(rest, bigintsAsText);
  return restJson === '{}' ? `{"history":${historyJson}}` : `${restJson.slice(0, -1)},"history":${historyJson}}`;
}

/**
 * The hand's commit in two round trips (issue 16, D-1793): BEGIN with the fenced read, then
 * `poker_commit_hand` (the hand, its players, the seats, the table's counters, the monitoring events'
 * outbox rows, the rake's ledger posting and the escrow invariant, each check raising before the COMMIT
 * that rides with it). The ORM transaction stays for what this path does not cover and answers null
 * for: a commit of a hand that is no longer running (a replayed commit, or a driver's bug), and the
 * first raked hand of a currency in this process (the rake account's id not cached yet).
 */
async function commitHandInTwoStatements(
  ctx: PokerStoreContext,
  request: CommitHandRequest,
  prepared: PreparedCommit,
): Promise<CommitHandResult | null> {
  const { hand } = request;
  let committed: { stacks: CommitHandResult['stacks']; rakeTransactionId: string | null; rakePosted: boolean } | null = null;
  try {
    const outcome = await pgBatchedTransaction(ctx.db, async (tx) => {
      committed = null;
      const [table] = await tx.begin<FenceForCommitRow>(fenceForCommitSql, [request.tableId, request.epoch, ctx.instanceId]);
      if (!table) throw new LeaseLost(request.tableId, request.epoch);
      if (table.running_hand_id !== hand.handId) return rollBack;
      assert(
        hand.handNumber > table.hand_number,
        `poker table ${table.id}: hand number ${hand.handNumber} after ${table.hand_number}`,
      );
      const currency = table.currency as CurrencyCode;
      const rakeAccountId = cachedRakeAccount(currency);
      if (hand.rakeMinor > 0n && rakeAccountId === undefined) return rollBack;
      const now = ctx.clock.now();
      const seatedAtMs = new Map((table.seated ?? []).map((s) => [s.player_id, new Date(s.seated_at).getTime()]));
      const statusOf = new Map((request.seatStatuses ?? []).map((s) => [s.seat, s.status]));
      const outbox = [
        ...pokerHandMonitoringMessages({
          handId: hand.handId,
          tableId: table.id,
          occurredAt: now,
          currency,
          results: hand.results.map((p) => ({ playerId: p.playerId, netMinor: p.wonMinor - p.putInMinor })),
        }),
        ...pokerPlayMonitoringMessages(handPlayOf({ tableId: table.id, hand, now, seatedAtMs })),
      ].map((message) => ({ id: newId(), ...message }));
      const rake =
        hand.rakeMinor > 0n
          ? rakePosting(
              {
                idempotencyKey: pokerRakeKey(hand.handId),
                kind: 'RAKE',
                debitAccountId: table.escrow_account_id as AccountId,
                creditAccountId: rakeAccountId!,
                amount: Money.fromMinor(hand.rakeMinor, currency),
                metadata: { game: 'poker', tableId: table.id, handId: hand.handId, handNumber: hand.handNumber },
              },
              now,
            )
          : null;
      const payload = {
        table_id: table.id,
        hand_id: hand.handId,
        hand_number: hand.handNumber,
        currency,
        started_at: table.running_hand_started_at ?? now,
        now,
        history: hand.history,
        text: prepared.handText({ name: table.name, currency }, now),
        pot_minor: prepared.potMinor,
        rake_minor: hand.rakeMinor,
        flop_dealt: hand.flopDealt,
        players: handPlayersPayload(hand),
        seat_rows: seatRowsOf(request).map((r) => ({
          seat: r.seat,
          player_id: r.playerId,
          put_in: r.putIn,
          won: r.won,
          status: statusOf.get(r.seat) ?? null,
        })),
        stacks_after: hand.stacksAfter.map((a) => ({ seat: a.seat, stack: a.stackMinor })),
        positions: prepared.positions,
        next_running_hand_id: request.nextRunningHandId,
        outbox,
        rake,
        escrow_account_id: table.escrow_account_id,
      };
      const [row] = await tx.commit<{
        doc: {
          seats: Array<{ seat: number; player_id: string; stack: string }>;
          rake_transaction_id: string | null;
          rake_replayed: boolean | null;
        };
      }>('SELECT poker_commit_hand($1::jsonb) AS doc', [commitPayloadJson(payload)]);
      const doc = row!.doc;
      committed = {
        stacks: doc.seats
          .filter((s) => hand.results.some((p) => p.seat === s.seat))
          .map((s) => ({ seat: s.seat, playerId: s.player_id, stackMinor: BigInt(s.stack) }))
          .sort((a, b) => a.seat - b.seat),
        rakeTransactionId: doc.rake_transaction_id,
        rakePosted: doc.rake_transaction_id !== null && doc.rake_replayed === false,
      };
      return committed;
    });
    if (outcome === rollBack) return null;
  } catch (error) {
    const violation = escrowViolationOf(error, request.tableId);
    throw violation ?? error;
  }
  const done = committed as unknown as {
    stacks: CommitHandResult['stacks'];
    rakeTransactionId: string | null;
    rakePosted: boolean;
  };
  twoStatementCommits++;
  if (done.rakePosted) countBusinessEvent('ledger-posting', 'RAKE');
  return { replayed: false, rakeTransactionId: done.rakeTransactionId, stacks: done.stacks };
}

/** `poker_commit_hand`'s escrow check (HINT escrow-invariant, DETAIL "<escrow> <stacks>") as the error the ORM path throws. */
export function escrowViolationOf(error: unknown, tableId: string): EscrowInvariantViolation | null {
  const raised = error as { hint?: string; detail?: string };
  if (raised?.hint !== 'escrow-invariant' || typeof raised.detail !== 'string') return null;
  const [escrow, stacks] = raised.detail.split(' ');
  return new EscrowInvariantViolation(tableId, BigInt(escrow!), BigInt(stacks!));
}

/** The hand's commit as one ORM transaction: every case, the jackpot's postings and a replayed commit included. */
async function commitHandInOrmTransaction(
  ctx: PokerStoreContext,
  request: CommitHandRequest,
  prepared: PreparedCommit,
): Promise<CommitHandResult> {
  const { hand } = request;
  const { positions } = prepared;
  return transaction(ctx.db, async (tx) => {
    const table = await fenceTable(tx, ctx.instanceId, request);
    if (table.runningHandId !== hand.handId) {
      const [earlier] = await tx.$queryRaw<Array<{ id: string }>>`
        SELECT id FROM poker_hand WHERE id = ${hand.handId}::uuid AND table_id = ${table.id}::uuid AND status = 'COMPLETED'`;
      if (earlier)
        return {
          replayed: true,
          rakeTransactionId: await ledger.findTransactionIdByIdempotencyKey(tx, pokerRakeKey(hand.handId)),
          stacks: [],
        };
      throw new InvariantViolation(
        `poker table ${table.id}: hand ${hand.handId} is not the running hand (${table.runningHandId ?? 'none'})`,
      );
    }
    assert(
      hand.handNumber > table.handNumber,
      `poker table ${table.id}: hand number ${hand.handNumber} after ${table.handNumber}`,
    );
    const now = ctx.clock.now();
    const text = prepared.handText(table, now);
    const players = hand.results;
    const rakeOf = new Map(hand.rakeByPlayer.map((r) => [r.playerId, r.rakeMinor]));
    const statusOf = new Map((request.seatStatuses ?? []).map((s) => [s.seat, s.status]));
    const seatRows = seatRowsOf(request);
    const [written] = await tx.$queryRaw<
      [
        {
          players: number;
          seats: Array<{ seat: number; player_id: string; stack: string; seated_at: string }> | null;
          stacks: bigint;
          escrow: bigint;
        },
      ]
    >`
      WITH hand AS (
        INSERT INTO poker_hand (id, table_id, hand_number, status, currency, started_at, ended_at, history, text, pot_minor,
                                rake_minor, flop_dealt)
        VALUES (${hand.handId}::uuid, ${table.id}::uuid, ${hand.handNumber}, 'COMPLETED', ${table.currency},
                ${table.runningHandStartedAt ?? now}, ${now}, ${JSON.stringify(hand.history)}::jsonb, ${text}, ${prepared.potMinor},
                ${hand.rakeMinor}, ${hand.flopDealt})
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
        UPDATE poker_seat s SET stack_minor = s.stack_minor - v.put_in + v.won, status = coalesce(v.status, s.status)
        FROM unnest(${seatRows.map((r) => r.seat)}::int[], ${seatRows.map((r) => r.playerId)}::uuid[],
                    ${seatRows.map((r) => r.putIn)}::bigint[], ${seatRows.map((r) => r.won)}::bigint[],
                    ${seatRows.map((r) => statusOf.get(r.seat) ?? null)}::text[]) AS v(seat, player_id, put_in, won, status)
        WHERE s.table_id = ${table.id}::uuid AND s.seat = v.seat AND (v.player_id IS NULL OR s.player_id = v.player_id)
        RETURNING s.seat, s.player_id, s.stack_minor, s.seated_at
      ),
      table_row AS (
        UPDATE poker_table SET hand_number = ${hand.handNumber}, previous_positions = ${positions === null ? null : JSON.stringify(positions)}::jsonb,
          running_hand_id = ${request.nextRunningHandId}::uuid,
          running_hand_started_at = ${request.nextRunningHandId === null ? null : now}
        WHERE id = ${table.id}::uuid
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM hand_players)::int AS players,
             (SELECT json_agg(json_build_object('seat', seat, 'player_id', player_id, 'stack', stack_minor::text, 'seated_at', seated_at)) FROM seats) AS seats,
             ((SELECT coalesce(sum(stack_minor), 0) FROM seats)
               + (SELECT coalesce(sum(stack_minor), 0) FROM poker_seat o
                  WHERE o.table_id = ${table.id}::uuid AND o.seat NOT IN (SELECT seat FROM seats)))::bigint AS stacks`;
    assert(
      written.players === players.length,
      `poker hand ${hand.handId}: ${players.length} players, ${written.players} recorded`,
    );
    const stacks = (written.seats ?? [])
      .filter((s) => players.some((p) => p.seat === s.seat))
      .map((s) => ({ seat: s.seat, playerId: s.player_id, stackMinor: BigInt(s.stack) }))
      .sort((a, b) => a.seat - b.seat);
    assert(stacks.length === players.length, `poker hand ${hand.handId}: a player of the hand has no seat at table ${table.id}`);
    for (const after of hand.stacksAfter) {
      const stored = stacks.find((s) => s.seat === after.seat);
      // The table's stack leaves out chips bought while the hand ran; the stored one has them.
      assert(
        !stored || stored.stackMinor >= after.stackMinor,
        `poker hand ${hand.handId} seat ${after.seat}: the table has ${after.stackMinor}, the store ${stored?.stackMinor}`,
      );
    }

    await recordPokerHandForMonitoring(tx, {
      handId: hand.handId,
      tableId: table.id,
      occurredAt: now,
      currency: table.currency,
      results: players.map((p) => ({ playerId: p.playerId, netMinor: p.wonMinor - p.putInMinor })),
    });
    // The seats' times come back from the statement above (one round trip less per hand, D-1791).
    const seatedAtMs = new Map((written.seats ?? []).map((s) => [s.player_id, new Date(s.seated_at).getTime()]));
    await recordHandPlay(tx, { tableId: table.id, hand, now, seatedAtMs });
    // The ledger last (lock order level 4, after the seats): the hot rake account's shard is held for
    // the shortest time, from the posting to the commit.
    let rakeTransactionId: string | null = null;
    if (hand.rakeMinor > 0n) {
      const posted = await ledger.transfer(
        tx,
        {
          idempotencyKey: pokerRakeKey(hand.handId),
          kind: 'RAKE',
          debitAccountId: table.escrowAccountId as AccountId,
          creditAccountId: await rakeAccount(tx, table.currency),
          amount: Money.fromMinor(hand.rakeMinor, table.currency),
          metadata: { game: 'poker', tableId: table.id, handId: hand.handId, handNumber: hand.handNumber },
        },
        now,
      );
      rakeTransactionId = posted.transactionId;
    }
    await postHandJackpot(tx, {
      hand,
      currency: table.currency,
      escrowAccountId: table.escrowAccountId,
      tableId: table.id,
      now,
    });
    await assertEscrowInvariant(tx, table.id, table.escrowAccountId, written.stacks);
    return { replayed: false, rakeTransactionId, stacks };
  });
}

/** The results the table reports must be the replay's: who put in and won what, the rake, the flop. */
function checkResults(hand: CompletedHand, state: poker.HandState): { potMinor: bigint } {
  const result = state.result;
  assert(result !== null && !result.voided, `poker hand ${hand.handId}: the record does not end in a result`);
  assert(result.rake === hand.rakeMinor, `poker hand ${hand.handId}: rake ${hand.rakeMinor}, the replay's ${result.rake}`);
  assert(
    result.players.length === hand.results.length,
    `poker hand ${hand.handId}: the results name other players than the replay`,
  );
  for (const player of result.players) {
    const reported = hand.results.find((r) => r.seat === player.seat);
    assert(
      reported !== undefined && reported.putInMinor === player.contributed && reported.wonMinor === player.won,
      `poker hand ${hand.handId} seat ${player.seat}: put in ${reported?.putInMinor}/won ${reported?.wonMinor}, the replay's ${player.contributed}/${player.won}`,
    );
  }
  const rakeBorne = hand.rakeByPlayer.reduce((sum, r) => sum + r.rakeMinor, 0n);
  assert(rakeBorne === hand.rakeMinor, `poker hand ${hand.handId}: rake borne ${rakeBorne} of ${hand.rakeMinor}`);
  const potMinor = hand.results.reduce((sum, r) => sum + r.putInMinor, 0n);
  const wonMinor = hand.results.reduce((sum, r) => sum + r.wonMinor, 0n);
  assert(
    potMinor - wonMinor === hand.rakeMinor,
    `poker hand ${hand.handId}: put in ${potMinor}, won ${wonMinor}, rake ${hand.rakeMinor}`,
  );
  return { potMinor };
}

/** The positions a record shows, when it shows them all (a dead small blind leaves its position unknown). */
export function positionsOf(history: poker.HandHistory | FixedLimitHandRecord): poker.Positions | null {
  if (isFixedLimitRecord(history)) return null;
  const blinds = history.blinds as { smallBlindSeat?: unknown; bigBlindSeat?: unknown };
  if (typeof blinds.smallBlindSeat !== 'number' || typeof blinds.bigBlindSeat !== 'number') return null;
  return { buttonSeat: history.buttonSeat, smallBlindPosition: blinds.smallBlindSeat, bigBlindSeat: blinds.bigBlindSeat };
}

export interface VoidedHand {
  handId: string;
  handNumber: number;
  /** The players seated when the hand was interrupted: the service tells them. */
  playerIds: string[];
}

/**
 * After a takeover or restart: the hand the lost driver was running is voided. The stored stacks
 * are already those of its start (plus chips bought since), so every chip is back and no rake is
 * taken (000-001:FAIL-01, A-29; 003:R-TECH-01; 004:AMB-43, TEC-04, GAM-P-07; D-1676): only the void
 * is recorded, with the hand's number, and the table is idle. Null when no hand was running.
 */
export async function voidInterruptedHand(
  ctx: PokerStoreContext,
  request: LeasedTable & { now?: Date },
): Promise<VoidedHand | null> {
  return transaction(ctx.db, async (tx) => {
    const table = await fenceTable(tx, ctx.instanceId, request);
    if (table.runningHandId === null) return null;
    const now = request.now ?? ctx.clock.now();
    const handNumber = table.handNumber + 1;
    await tx.$executeRaw`
      INSERT INTO poker_hand (id, table_id, hand_number, status, currency, started_at, ended_at, void_reason)
      VALUES (${table.runningHandId}::uuid, ${table.id}::uuid, ${handNumber}, 'VOIDED', ${table.currency},
              ${table.runningHandStartedAt ?? now}, ${now}, 'interrupted')`;
    await tx.$executeRaw`
      UPDATE poker_table SET hand_number = ${handNumber}, running_hand_id = NULL, running_hand_started_at = NULL
      WHERE id = ${table.id}::uuid`;
    const seated = await tx.$queryRaw<Array<{ player_id: string }>>`
      SELECT player_id FROM poker_seat WHERE table_id = ${table.id}::uuid ORDER BY seat`;
    await assertEscrowInvariant(tx, table.id, table.escrowAccountId);
    return { handId: table.runningHandId, handNumber, playerIds: seated.map((s) => s.player_id) };
  });
}

/**
 * A hand's text as one viewer may read it (002:PK-SHOW-04, D-814): the server sees every card, a
 * player of the hand their own cards and the showdown, an observer what was shown. The stored text
 * is the server's view, for staff; players get this.
 */
export function renderHandText(
  history: poker.HandHistory | FixedLimitHandRecord,
  options: {
    currency: CurrencyCode;
    tableName?: string;
    playedAt?: string;
    viewer?: number | 'observer';
    /** A tournament hand (D-1937): amounts are chips, written as whole numbers. */
    chips?: boolean;
  },
): string {
  if (isFixedLimitRecord(history))
    return FixedLimitTableHand.replay(history).text({
      tableName: options.tableName ?? 'Table',
      formatAmount: (chips) => (options.chips ? chips.toString() : formatMinorUnits(chips, options.currency)),
      ...(options.playedAt !== undefined ? { playedAt: options.playedAt } : {}),
      viewerSeat: options.viewer ?? 'observer',
    });
  const state = poker.replayHandHistory(history, poker.variantCatalog);
  return poker.formatHandHistoryText(state, {
    formatAmount: (chips) => (options.chips ? chips.toString() : formatMinorUnits(chips, options.currency)),
    ...(options.tableName !== undefined ? { tableName: options.tableName } : {}),
    ...(options.playedAt !== undefined ? { playedAt: options.playedAt } : {}),
    ...(options.viewer !== undefined ? { viewer: options.viewer } : {}),
  });
}

export interface StoredHand {
  handId: string;
  tableId: string;
  tableName: string;
  /** The table's rule profile: whether its players may download the hand (000-001:REC-03, 002:PK-SHOW-04). */
  profileId: PokerRuleProfileId;
  handNumber: number;
  status: 'COMPLETED' | 'VOIDED';
  currency: CurrencyCode;
  startedAt: Date;
  endedAt: Date;
  history: poker.HandHistory | FixedLimitHandRecord | null;
  /** The server's full view (every card): for staff only; a player reads `renderHandText`. */
  text: string | null;
  potMinor: bigint;
  rakeMinor: bigint;
  flopDealt: boolean;
  rakeTransactionId: string | null;
  voidReason: string | null;
  /** A live tournament's hand (D-1937): its amounts are tournament chips, not money. */
  tournamentId: string | null;
  players: {
    playerId: string;
    seat: number;
    putInMinor: bigint;
    wonMinor: bigint;
    rakeMinor: bigint;
    residenceCountry: string;
  }[];
}

export async function findHand(db: Db | Tx, handId: string): Promise<StoredHand | null> {
  const [row] = await db.$queryRaw<
    Array<{
      id: string;
      table_id: string;
      table_name: string;
      profile_id: string;
      hand_number: number;
      status: 'COMPLETED' | 'VOIDED';
      currency: string;
      started_at: Date;
      ended_at: Date;
      history: poker.HandHistory | FixedLimitHandRecord | null;
      text: string | null;
      pot_minor: bigint;
      rake_minor: bigint;
      flop_dealt: boolean;
      void_reason: string | null;
      tournament_id: string | null;
    }>
  >`
    SELECT h.id, coalesce(h.table_id, h.tournament_id) AS table_id, coalesce(t.name, tr.name || ' table ' || h.tournament_table) AS table_name,
           coalesce(t.profile_id, tr.profile_id) AS profile_id, h.hand_number, h.status::text AS status, h.currency, h.started_at, h.ended_at,
           h.history, h.text, h.pot_minor, h.rake_minor, h.flop_dealt, h.void_reason, h.tournament_id
    FROM poker_hand h LEFT JOIN poker_table t ON t.id = h.table_id LEFT JOIN tournament tr ON tr.id = h.tournament_id
    WHERE h.id = ${handId}::uuid AND (t.id IS NOT NULL OR tr.id IS NOT NULL)`;
  if (!row) return null;
  const players = await db.$queryRaw<
    Array<{
      player_id: string;
      seat: number;
      put_in_minor: bigint;
      won_minor: bigint;
      rake_minor: bigint;
      residence_country: string;
    }>
  >`
    SELECT player_id, seat, put_in_minor, won_minor, rake_minor, residence_country
    FROM poker_hand_player WHERE hand_id = ${handId}::uuid ORDER BY seat`;
  return {
    handId: row.id,
    tableId: row.table_id,
    tableName: row.table_name,
    profileId: row.profile_id as PokerRuleProfileId,
    handNumber: row.hand_number,
    status: row.status,
    currency: row.currency as CurrencyCode,
    startedAt: row.started_at,
    endedAt: row.ended_at,
    history: row.history,
    text: row.text,
    potMinor: row.pot_minor,
    rakeMinor: row.rake_minor,
    flopDealt: row.flop_dealt,
    rakeTransactionId: row.rake_minor > 0n ? await ledger.findTransactionIdByIdempotencyKey(db, pokerRakeKey(row.id)) : null,
    voidReason: row.void_reason,
    tournamentId: row.tournament_id,
    players: players.map((p) => ({
      playerId: p.player_id,
      seat: p.seat,
      putInMinor: p.put_in_minor,
      wonMinor: p.won_minor,
      rakeMinor: p.rake_minor,
      residenceCountry: p.residence_country,
    })),
  };
}

export const playerHandsPageSizeMax = 100;

export interface PlayerHandSummary {
  handId: string;
  tableId: string;
  tableName: string;
  handNumber: number;
  currency: CurrencyCode;
  endedAt: Date;
  seat: number;
  putInMinor: bigint;
  wonMinor: bigint;
  rakeMinor: bigint;
  potMinor: bigint;
}

/** A player's completed hands, newest first, a page at a time (`cursor` from the previous page's `nextCursor`). */
export async function playerHands(
  db: Db | Tx,
  playerId: string,
  options: { cursor?: string | null; limit?: number } = {},
): Promise<{ hands: PlayerHandSummary[]; nextCursor: string | null }> {
  const limit = Math.min(Math.max(options.limit ?? 20, 1), playerHandsPageSizeMax);
  const after = options.cursor ? decodeCursor(options.cursor) : null;
  const rows = await db.$queryRaw<
    Array<{
      hand_id: string;
      table_id: string;
      table_name: string;
      hand_number: number;
      currency: string;
      ended_at: Date;
      seat: number;
      put_in_minor: bigint;
      won_minor: bigint;
      rake_minor: bigint;
      pot_minor: bigint;
    }>
  >`
    SELECT hp.hand_id, hp.table_id, t.name AS table_name, h.hand_number, h.currency, hp.ended_at, hp.seat, hp.put_in_minor,
           hp.won_minor, hp.rake_minor, h.pot_minor
    FROM poker_hand_player hp JOIN poker_hand h ON h.id = hp.hand_id JOIN poker_table t ON t.id = hp.table_id
    WHERE hp.player_id = ${playerId}::uuid
      AND (${after?.endedAt ?? null}::timestamptz IS NULL OR (hp.ended_at, hp.hand_id) < (${after?.endedAt ?? null}::timestamptz, ${after?.handId ?? null}::uuid))
    ORDER BY hp.ended_at DESC, hp.hand_id DESC
    LIMIT ${limit + 1}`;
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    hands: page.map((r) => ({
      handId: r.hand_id,
      tableId: r.table_id,
      tableName: r.table_name,
      handNumber: r.hand_number,
      currency: r.currency as CurrencyCode,
      endedAt: r.ended_at,
      seat: r.seat,
      putInMinor: r.put_in_minor,
      wonMinor: r.won_minor,
      rakeMinor: r.rake_minor,
      potMinor: r.pot_minor,
    })),
    nextCursor: rows.length > limit && last ? encodeCursor(last.ended_at, last.hand_id) : null,
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
