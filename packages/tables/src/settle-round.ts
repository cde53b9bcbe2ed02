import { monitoringEventMessage } from '@casino/compliance';
import { countBusinessEvent, Money, newId, type AccountId } from '@casino/core';
import { pgBatchedTransaction, rollBack, type BatchedTransaction } from '@casino/db';
import * as ledger from '@casino/ledger';
import { decideRoundSettlement, settlementReadDays, type SettlementWin } from '@casino/limits';
import type { TablesContext } from './context.ts';
import {
  applyAction,
  dueActions,
  eventIndexOfSettlement,
  isSettled,
  movedSeatsOf,
  phaseOf,
  recordToJson,
  seatsAwaitingDecision,
  seatsWithConfirmedStake,
  settlementOf,
  stateToJson,
  timerOf,
  type EngineAction,
} from './engines.ts';
import { deadlineFor, newLiveRound, pushRound, Pushes } from './lifecycle.ts';
import { knownRevenueAccount, winKey, winWalletOf } from './money.ts';
import { loadedFromCachedTable, type LoadedRound, type RoundRow } from './round-store.ts';
import { forgetState } from './round-state-cache.ts';

/**
 * The round scheduler's turn of a live round in two round trips (issue 22, D-2291): BEGIN with
 * `table_round_begin` (the claim with SKIP LOCKED, the table's lock, its seats, the round's players, their
 * locks and everything the wins and the playing time decide on), the engine and the rules here (the same
 * functions as `driveRound` and `finishRound`: `dueActions`/`applyAction`, the settlement, `decidePlayActivity`
 * through `decideRoundSettlement`), then `table_round_commit` (every write of the turn) with COMMIT, on the
 * pool's own connection (`pgBatchedTransaction`), no ORM.
 *
 * Only the common case takes this path: a live round whose betting time ran out (closed, spun or drawn,
 * settled; or for blackjack dealt), with its table cached and no seat to free. Anything else rolls back
 * and answers `fallback`, and the caller runs `driveRound`'s ORM transaction, which handles all: a
 * decision timer (presence, temporary tables), a seat freed (idle, leaving, a player who must stop), a
 * win under a payout hold (held by `holdWinIfPayoutsSuspended`), a wallet not opened yet, a revenue
 * account this process has not looked up.
 */
export type TurnOutcome =
  | { kind: 'none' }
  | { kind: 'turned'; roundId: string; moreDue: boolean }
  | { kind: 'fallback'; roundId: string; moreDue: boolean };

// The round's state as a text column of its own, parsed once by the engine's decoder (D-2296).
const beginSql =
  "SELECT doc #- '{round,state}' AS doc, doc #>> '{round,state}' AS state FROM table_round_begin($1::timestamptz, $2::date, $3::date, $4::date, $5::uuid) AS doc";
const commitSql = `SELECT table_round_commit($1::uuid, $2::uuid, $3::timestamptz, $4::int, $5, $6, $7::timestamptz, $8, $9::jsonb, $10::jsonb, $11::jsonb, $12::jsonb, $13::jsonb, $14::jsonb)`;

/** The SQLSTATE `table_round_commit` raises when a payout hold was placed after its read: the ORM path holds the win. */
const payoutsSuspendedMeanwhile = 'TBH01';

type Json = Record<string, unknown>;

interface PlayerRead {
  player_id: string;
  seat: number;
  play_session_id: string;
  limits: Json | null;
  payouts_held: boolean;
  wallets: Array<{ code: string; id: string }>;
}

interface SeatRead {
  seat_no: number;
  player_id: string;
  status: string;
  idle_rounds: number;
  play_session_id: string;
}

let turnedCount = 0;

/** Rounds this process turned through this path (tests prove a case took it; not a metric). */
export function oneCallTurnCount(): number {
  return turnedCount;
}

/**
 * Turns the first due round. `claimed` is told the round's id as soon as it is claimed, so the caller can put
 * back a round whose turn failed.
 */
export async function turnDueRoundWithOneCall(
  ctx: TablesContext,
  claimed: (roundId: string) => void,
  /** This round only, waiting for its lock (an action that found its time run out, D-2295); else the first due, SKIP LOCKED. */
  roundId: string | null = null,
): Promise<TurnOutcome> {
  let outcome: TurnOutcome = { kind: 'none' };
  let pushes = new Pushes();
  let wins = 0;
  try {
    await pgBatchedTransaction(ctx.db, async (tx) => {
      // The body runs again after a deadlock: only its last attempt counts.
      outcome = { kind: 'none' };
      pushes = new Pushes();
      const at = ctx.clock.now();
      const read = settlementReadDays(at);
      const [row] = await tx.begin<{ doc: Json; state: string | null }>(beginSql, [at, read.day, read.week, read.month, roundId]);
      const doc = row!.doc;
      const roundRow = doc.round as Json | null;
      if (!roundRow) return rollBack;
      const id = roundRow.id as string;
      claimed(id);
      const moreDue = doc.more_due === true;
      outcome = { kind: 'fallback', roundId: id, moreDue };
      const decided = decide(ctx, doc, row!.state!, at, pushes);
      if (decided === null) return rollBack;
      await commit(tx, decided.arguments);
      wins = decided.wins;
      outcome = { kind: 'turned', roundId: id, moreDue };
      return undefined;
    });
  } catch (error) {
    // A payout hold placed between the read and the write: the ORM path credits and holds the win.
    if ((error as { code?: string }).code !== payoutsSuspendedMeanwhile) throw error;
    const failed = outcome as TurnOutcome;
    return failed.kind === 'none' ? failed : { ...failed, kind: 'fallback' };
  }
  const done = outcome as TurnOutcome;
  if (done.kind === 'turned') {
    forgetState(done.roundId); // its version moved: a confirmation would read the row anyway
    turnedCount++;
    for (let i = 0; i < wins; i++) countBusinessEvent('ledger-posting', 'WIN');
    await pushes.send(ctx);
  }
  return done;
}

async function commit(tx: BatchedTransaction, values: unknown[]): Promise<void> {
  await tx.commit(commitSql, values);
}

/** A due action computed before the first one was applied may have been overtaken by it (driveRound's `stillDue`). */
function stillDue(round: LoadedRound, action: EngineAction): boolean {
  if (!('seat' in action)) return true;
  return seatsAwaitingDecision(round.state).includes(action.seat);
}

/** `driveRound` and `finishRound` on what `table_round_begin` read; null: not this path's case. */
function decide(
  ctx: TablesContext,
  doc: Json,
  stateText: string,
  at: Date,
  pushes: Pushes,
): { arguments: unknown[]; wins: number } | null {
  const row = doc.round as Json;
  if (row.kind !== 'LIVE') return null;
  const round = loadedFromCachedTable({
    ...(row as unknown as RoundRow),
    state: stateText,
    deadline_at: row.deadline_at === null ? null : new Date(row.deadline_at as string),
  });
  if (!round) return null; // a table this process has not read yet: the ORM path reads it
  // A decision timer asks who is still connected and may open temporary tables: the ORM path.
  if (timerOf(round.state) === 'decision') return null;
  const table = round.table;
  const seats = doc.seats as SeatRead[];
  const players = doc.players as PlayerRead[];

  // countIdleRounds: decided before the close, while unconfirmed bets are still told apart.
  const idle: Array<{ seat_no: number; idle_rounds: number }> = [];
  if (round.state.phase === 'betting') {
    const betting = seatsWithConfirmedStake(round.game, round.state);
    for (const seat of seats) {
      if (seat.status !== 'SEATED') continue;
      if (betting.has(seat.seat_no)) {
        if (seat.idle_rounds !== 0) idle.push({ seat_no: seat.seat_no, idle_rounds: 0 });
      } else if (seat.idle_rounds + 1 >= table.idleRoundsMax) {
        return null; // a seat freed for idling: releaseSeat and the session's end are the ORM path's
      } else {
        idle.push({ seat_no: seat.seat_no, idle_rounds: seat.idle_rounds + 1 });
      }
    }
  }

  const firstEventIndex = round.state.events.length;
  for (const action of dueActions(round.game, round.state, new Set(), false)) {
    if (stillDue(round, action)) round.state = applyAction(round.game, round.state, action, round.seed).state;
  }
  const events = round.state.events.slice(firstEventIndex);
  if (movedSeatsOf(events).length > 0) return null;
  const state = round.state;

  if (!isSettled(state)) {
    const deadlineAt = deadlineFor(table, state, at);
    const saved: LoadedRound = { ...round, version: round.version + 1, deadlineAt };
    pushRound(pushes, saved, events);
    return { arguments: commitArguments({ round, at, version: saved.version, state, deadlineAt, idle }), wins: 0 };
  }

  // finishRound, without a seat to free: a leaving seat is the ORM path's.
  if (seats.some((seat) => seat.status === 'LEAVING')) return null;
  const settlementIndex = eventIndexOfSettlement(state);
  const revenue = knownRevenueAccount(round.game, table.currency);
  const winDocs: Json[] = [];
  const settlementWins: SettlementWin[] = [];
  const returned: Array<{ player_id: string; returned_minor: string }> = [];
  for (const result of settlementOf(round.game, state) ?? []) {
    const player = players.find((p) => p.seat === result.seat);
    if (!player) continue; // an empty seat settles nothing
    if (result.returnedMinor > 0n) {
      // A win under a payout hold is credited and held (holdWinIfPayoutsSuspended): the ORM path.
      if (player.payouts_held || revenue === undefined) return null;
      const wallet: AccountId | undefined = winWalletOf(
        player.player_id,
        (player.limits?.state as string | undefined) ?? null,
        table.currency,
        player.wallets,
      );
      if (wallet === undefined) return null;
      const amount = Money.fromMinor(result.returnedMinor, table.currency);
      const key = winKey(round.id, result.seat);
      const posting = ledger.transferPostArguments(
        {
          idempotencyKey: key,
          kind: 'WIN',
          debitAccountId: revenue,
          creditAccountId: wallet,
          amount,
          metadata: { game: round.game, tableId: table.id, roundId: round.id, seat: result.seat, playerId: player.player_id },
        },
        at,
      );
      const monitoring = monitoringEventMessage({
        kind: 'win',
        eventId: newId(),
        playerId: player.player_id,
        occurredAt: at.toISOString(),
        amount: { amountMinor: result.returnedMinor.toString(), currency: amount.currency },
        gameRoundId: round.id,
      });
      settlementWins.push({
        playerId: player.player_id,
        playSessionId: player.play_session_id,
        reference: key,
        amount,
        category: 'casino',
      });
      winDocs.push({
        player: player.player_id,
        reference: key,
        play_session: player.play_session_id,
        transaction_id: posting[0],
        request_hash: posting[2],
        // ledger_post's arguments as text; the document carries them as JSON.
        metadata: JSON.parse(posting[4] as string) as unknown,
        postings: JSON.parse(posting[7] as string) as unknown,
        outbox_id: newId(),
        outbox_topic: monitoring.topic,
        outbox_payload: monitoring.payload,
        seat: result.seat,
        event_index: settlementIndex,
      });
    }
    returned.push({ player_id: player.player_id, returned_minor: result.returnedMinor.toString() });
  }

  const limits = decideRoundSettlement(
    ctx.limits,
    at,
    players.map((p) => ({ playerId: p.player_id, playSessionId: p.play_session_id, document: p as unknown as Json })),
    settlementWins,
  );
  // A player who must stop loses the seat (turnTable): the ORM path.
  for (const activity of limits.activities.values()) if (activity.status === 'stop') return null;
  winDocs.forEach((win, i) => {
    const entry = limits.entries[i]!;
    Object.assign(win, {
      category: entry.category,
      amount_minor: entry.amountMinor,
      currency: entry.currency,
      rate_to_czk: entry.rateToCzk,
      counted_minor: entry.countedMinor,
    });
  });

  // turnTable: no seat freed, so the seats read under the table lock are the seats left.
  const next = seats.length > 0 && doc.table_open === true ? newLiveRound(ctx, table, at) : null;
  const saved: LoadedRound = { ...round, version: round.version + 1, deadlineAt: null, status: 'SETTLED' };
  // In driveRound's order: the next round (openLiveRound inside finishRound), then the settled one.
  if (next) pushRound(pushes, next, next.state.events);
  pushRound(pushes, saved, events);
  return {
    arguments: commitArguments({
      round,
      at,
      version: saved.version,
      state,
      deadlineAt: null,
      record: recordToJson(round.game, state, round.seed),
      idle,
      wins: winDocs,
      usage: limits.usage,
      sessions: limits.sessions,
      returned,
      next: next && {
        id: next.id,
        phase: phaseOf(next.state),
        state: stateToJson(table.game, next.state),
        seed: next.seed,
        seed_commitment: next.seedCommitment,
        deadline_at: next.deadlineAt?.toISOString() ?? null,
      },
    }),
    wins: winDocs.length,
  };
}

/**
 * `table_round_commit`'s arguments in its order ($1..$14): the round's new state and version, its record when
 * settled, the idle counts, and for a settlement the wins, the limits' counters and sessions, what each player got
 * back and the next round (SQL NULLs for a round that only moved on).
 */
function commitArguments(turn: {
  round: LoadedRound;
  at: Date;
  version: number;
  state: LoadedRound['state'];
  deadlineAt: Date | null;
  record?: unknown;
  idle: ReadonlyArray<{ seat_no: number; idle_rounds: number }>;
  wins?: readonly Json[];
  usage?: unknown;
  sessions?: unknown;
  returned?: ReadonlyArray<{ player_id: string; returned_minor: string }>;
  next?: Json | null;
}): unknown[] {
  const { round } = turn;
  const settled = turn.wins !== undefined;
  return [
    round.id,
    round.table.id,
    turn.at,
    turn.version,
    stateToJson(round.game, turn.state),
    phaseOf(turn.state),
    turn.deadlineAt,
    turn.record ?? null,
    JSON.stringify(turn.idle),
    settled ? JSON.stringify(turn.wins) : '[]',
    settled ? JSON.stringify(turn.usage) : '[]',
    settled ? JSON.stringify(turn.sessions) : '[]',
    settled ? JSON.stringify(turn.returned) : null,
    turn.next ? JSON.stringify(turn.next) : null,
  ];
}
