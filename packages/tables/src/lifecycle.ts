import { newId } from '@casino/core';
import { lockPlayers, pgClientOfTx, type Tx } from '@casino/db';
import { endPlaySession, recordPlayActivities } from '@casino/limits';
import type { TablesContext } from './context.ts';
import {
  eventIndexOfSettlement,
  openRound,
  publicEvents,
  publicView,
  recordToJson,
  seatsWithConfirmedStake,
  settlementOf,
  stateToJson,
  timerOf,
  type EngineState,
} from './engines.ts';
import { postWin } from './money.ts';
import type { PlayerMessage, RoundMessage, TableMessage } from './realtime.ts';
import { saveRound, type LoadedRound } from './round-store.ts';
import { lockTable, type TableConfig } from './table-config.ts';
import { toWire } from './wire.ts';

/**
 * The round lifecycle shared by player actions and the scheduler: opening a live round, the idle
 * count when betting closes, and finishing a settled round (wins, playing time, seats, the next
 * round). Everything runs in the caller's transaction; what to push is collected in `Pushes` and
 * sent after commit.
 */
export class Pushes {
  readonly table: Array<[string, TableMessage]> = [];
  readonly player: Array<[string, PlayerMessage]> = [];

  async send(ctx: TablesContext): Promise<void> {
    // Pushes are best effort: the state is in the database and a client re-reads it on reconnect.
    await Promise.allSettled([
      ...this.table.map(([id, m]) => ctx.broadcaster.toTable(id, m)),
      ...this.player.map(([id, m]) => ctx.broadcaster.toPlayer(id, m)),
    ]);
  }
}

export function roundMessage(round: LoadedRound, events: readonly unknown[]): RoundMessage {
  return roundMessageOf(round, {
    events: toWire(round.game, publicEvents(round.game, events)),
    view: toWire(round.game, publicView(round.game, round.state)),
  });
}

/** The round's push with its public events and view already on the wire (built once for the push and the answer). */
export function roundMessageOf(round: LoadedRound, wire: Pick<RoundMessage, 'events' | 'view'>): RoundMessage {
  return {
    type: 'round',
    tableId: round.table.id,
    roundId: round.id,
    kind: round.kind === 'LIVE' ? 'live' : 'temporary',
    version: round.version,
    phase: round.state.phase,
    deadlineAt: round.deadlineAt?.toISOString() ?? null,
    currency: round.table.currency,
    events: wire.events,
    view: wire.view,
  };
}

/** Queues the round's push: to the table for a live round, to its one player for a temporary table. */
export function pushRound(pushes: Pushes, round: LoadedRound, events: readonly unknown[]): void {
  const message = roundMessage(round, events);
  if (round.kind === 'LIVE') pushes.table.push([round.table.id, message]);
  else pushes.player.push([round.temporaryPlayerId!, message]);
}

/** The deadline of the timer the state is waiting on. */
export function deadlineFor(table: TableConfig, state: EngineState, now: Date): Date | null {
  const timer = timerOf(state);
  if (timer === 'betting') return new Date(now.getTime() + table.bettingTimeMs);
  if (timer === 'decision') return new Date(now.getTime() + table.actionTimeMs);
  return null;
}

/** A table's next live round, betting first, as `openLiveRound` writes it (the one-call round turn writes it itself). */
export function newLiveRound(ctx: TablesContext, table: TableConfig, now: Date): LoadedRound {
  const id = newId();
  const { seed, commitment } = ctx.newSeed();
  const state = openRound(table, id, commitment);
  return {
    id,
    table,
    game: table.game,
    kind: 'LIVE',
    status: 'OPEN',
    version: 1,
    seed,
    seedCommitment: commitment,
    deadlineAt: deadlineFor(table, state, now),
    temporaryPlayerId: null,
    temporarySeat: null,
    originRoundId: null,
    state,
  };
}

/** Opens the table's next live round, betting first; the caller holds the table lock. */
export async function openLiveRound(ctx: TablesContext, tx: Tx, table: TableConfig, pushes: Pushes): Promise<string> {
  const now = ctx.clock.now();
  const round = newLiveRound(ctx, table, now);
  await tx.gameRound.create({
    data: {
      id: round.id,
      tableId: table.id,
      kind: 'LIVE',
      status: 'OPEN',
      phase: round.state.phase,
      state: stateToJson(table.game, round.state),
      version: 1,
      seed: round.seed,
      seedCommitment: round.seedCommitment,
      deadlineAt: round.deadlineAt,
      openedAt: now,
    },
  });
  pushRound(pushes, round, round.state.events);
  return round.id;
}

export async function seatsMessage(tx: Tx, tableId: string): Promise<TableMessage> {
  const seats = await tx.tableSeat.findMany({
    where: { tableId },
    orderBy: { seatNo: 'asc' },
    select: { seatNo: true, status: true },
  });
  return {
    type: 'seats',
    tableId,
    seats: seats.map((s) => ({ seat: s.seatNo, status: s.status === 'SEATED' ? 'seated' : 'leaving' })),
  };
}

/** Frees a seat now; the play session ends when the player has no other seat (docs/limits.md). */
export async function releaseSeat(
  ctx: TablesContext,
  tx: Tx,
  seat: { tableId: string; seatNo: number; playerId: string; playSessionId: string },
  reason: 'left' | 'idle' | 'limits',
  pushes: Pushes,
): Promise<void> {
  await tx.tableSeat.delete({ where: { tableId_seatNo: { tableId: seat.tableId, seatNo: seat.seatNo } } });
  // A seat at a poker table is a seat too: one play session spans every table the player sits at.
  const [elsewhere] = await tx.$queryRaw<[{ seats: number }]>`
    SELECT ((SELECT count(*) FROM table_seat WHERE player_id = ${seat.playerId}::uuid)
          + (SELECT count(*) FROM poker_seat WHERE player_id = ${seat.playerId}::uuid))::int AS seats`;
  if (elsewhere.seats === 0)
    await endPlaySession(ctx.limits, tx, {
      playerId: seat.playerId,
      playSessionId: seat.playSessionId,
      reason: reason === 'left' ? 'left the table' : reason,
    });
  pushes.player.push([seat.playerId, { type: 'seat-released', tableId: seat.tableId, seat: seat.seatNo, reason }]);
}

/**
 * When betting closes at a live table: a seated player with no confirmed stake has sat out one more
 * round; at the table's idle maximum the seat is freed (004:TEC-06, GAM-R-10, GAM-B-18). Read before
 * the close, while unconfirmed bets are still told apart.
 */
export async function countIdleRounds(ctx: TablesContext, tx: Tx, round: LoadedRound, pushes: Pushes): Promise<void> {
  const betting = seatsWithConfirmedStake(round.game, round.state);
  const seats = await tx.tableSeat.findMany({ where: { tableId: round.table.id, status: 'SEATED' } });
  // The players whose seats are freed, locked in id order before any of their rows (@casino/db lock order).
  await lockPlayers(
    tx,
    seats
      .filter((seat) => !betting.has(seat.seatNo) && seat.idleRounds + 1 >= round.table.idleRoundsMax)
      .map((seat) => seat.playerId),
  );
  // The seats' new idle counts in one statement (issue 22, D-2271), the freed seats one by one.
  const counted: Array<{ seatNo: number; idleRounds: number }> = [];
  for (const seat of seats) {
    if (betting.has(seat.seatNo)) {
      if (seat.idleRounds !== 0) counted.push({ seatNo: seat.seatNo, idleRounds: 0 });
    } else if (seat.idleRounds + 1 >= round.table.idleRoundsMax) {
      await releaseSeat(ctx, tx, seat, 'idle', pushes);
    } else {
      counted.push({ seatNo: seat.seatNo, idleRounds: seat.idleRounds + 1 });
    }
  }
  if (counted.length > 0)
    await tx.$executeRaw`
      UPDATE table_seat s SET idle_rounds = v.idle_rounds
      FROM unnest(${counted.map((c) => c.seatNo)}::int[], ${counted.map((c) => c.idleRounds)}::int[]) AS v(seat_no, idle_rounds)
      WHERE s.table_id = ${round.table.id}::uuid AND s.seat_no = v.seat_no`;
}

/**
 * A settled round: credit every win, close the record (seed revealed), report playing time, free the
 * seats of players who left or must stop (self-limits: 000-001:RG-03), and open the next live round
 * while anybody is seated.
 */
export async function finishRound(ctx: TablesContext, tx: Tx, round: LoadedRound, pushes: Pushes): Promise<void> {
  const now = ctx.clock.now();
  const players = await tx.gameRoundPlayer.findMany({ where: { roundId: round.id }, orderBy: { playerId: 'asc' } });
  // Every player of the round, in id order, before the first win (which goes in seat order) and before
  // their round rows: two rounds with the same players never lock them in opposite orders.
  await lockPlayers(
    tx,
    players.map((player) => player.playerId),
  );
  const settlementIndex = eventIndexOfSettlement(round.state);
  const returned: Array<{ playerId: string; returnedMinor: bigint }> = [];
  for (const result of settlementOf(round.game, round.state) ?? []) {
    const player = players.find((p) => p.seat === result.seat);
    if (!player) continue; // an empty seat settles nothing: every box and bet was staked by a seated player
    if (result.returnedMinor > 0n) {
      await postWin(ctx, tx, {
        round,
        playerId: player.playerId,
        playSessionId: player.playSessionId,
        seat: result.seat,
        returnedMinor: result.returnedMinor,
        eventIndex: settlementIndex,
      });
    }
    returned.push({ playerId: player.playerId, returnedMinor: result.returnedMinor });
  }
  // Every place of the round settled, returns added, in one statement (issue 22, D-2271): a player with a
  // result gets it (a player with two boxes both), the others are marked settled as they are.
  await tx.$executeRaw`
    WITH r AS (
      SELECT player_id::uuid AS player_id, sum(returned_minor::bigint) AS returned_minor
      FROM unnest(${returned.map((r) => r.playerId)}::text[], ${returned.map((r) => r.returnedMinor.toString())}::text[]) AS v(player_id, returned_minor)
      GROUP BY player_id
    )
    UPDATE game_round_player p
    SET returned_minor = p.returned_minor + COALESCE((SELECT r.returned_minor FROM r WHERE r.player_id = p.player_id), 0),
        settled_at = ${now}::timestamptz
    WHERE p.round_id = ${round.id}::uuid
      AND (p.settled_at IS NULL OR p.player_id IN (SELECT r.player_id FROM r))`;
  await saveRound(tx, round, {
    deadlineAt: null,
    settled: { at: now, record: recordToJson(round.game, round.state, round.seed) },
  });

  // Every player's playing time in one batch of set-based statements (recordPlayActivities, D-1792,
  // D-2270) inside this transaction, instead of seven statements per player.
  const stopping = new Set<string>();
  const activities = await recordPlayActivities(
    ctx.limits,
    pgClientOfTx(tx),
    players.map((player) => ({ playerId: player.playerId, playSessionId: player.playSessionId })),
  );
  for (const player of players) {
    if (activities.get(player.playSessionId)?.status === 'stop') stopping.add(player.playerId);
  }
  if (round.kind === 'LIVE') await turnTable(ctx, tx, round.table.id, stopping, pushes);
}

/** Between rounds: seats of leaving or stopping players are freed; the next round opens if anyone is seated. */
async function turnTable(
  ctx: TablesContext,
  tx: Tx,
  tableId: string,
  stopping: ReadonlySet<string>,
  pushes: Pushes,
): Promise<void> {
  const table = await lockTable(tx, tableId);
  const seats = await tx.tableSeat.findMany({ where: { tableId } });
  let freed = 0;
  for (const seat of seats) {
    if (seat.status === 'LEAVING' || stopping.has(seat.playerId)) {
      await releaseSeat(ctx, tx, seat, seat.status === 'LEAVING' ? 'left' : 'limits', pushes);
      freed++;
    }
  }
  if (freed > 0) pushes.table.push([tableId, await seatsMessage(tx, tableId)]);
  // The seats were read under the table lock, so what is left is the seats read less those freed (D-2271).
  const seated = seats.length - freed;
  if (seated > 0 && table.isOpen) await openLiveRound(ctx, tx, table, pushes);
}
