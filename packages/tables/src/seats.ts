import { DomainError } from '@casino/core';
import { transaction, type Tx } from '@casino/db';
import { startPlaySession } from '@casino/limits';
import type { TablesContext } from './context.ts';
import { applyAction } from './engines.ts';
import { openLiveRound, pushRound, Pushes, releaseSeat, seatsMessage } from './lifecycle.ts';
import { rememberStakeAccounts } from './money.ts';
import { lockRound, rememberTable, saveRound, type LoadedRound } from './round-store.ts';
import { lockTable } from './table-config.ts';
import type { BlackjackState, RouletteState } from '@casino/games';

/**
 * Seats (004:GAM-R-01/02, GAM-B-01): a participant watches as a spectator until they take a free
 * seat ("Připojit"); then they may bet. Taking a seat opens (or picks up) the player's play session,
 * so an excluded player or one out of playing time cannot sit down (docs/limits.md). The first seated
 * player starts the table's rounds.
 */
export async function takeSeat(
  ctx: TablesContext,
  request: { playerId: string; tableId: string; seat?: number },
): Promise<{ seat: number; roundId: string | null }> {
  const pushes = new Pushes();
  const result = await transaction(ctx.db, async (tx) => {
    const table = await lockTable(tx, request.tableId);
    if (!table.isOpen) throw new DomainError('table-closed', 'The table is closed.');
    const player = await tx.player.findUnique({ where: { id: request.playerId }, select: { state: true } });
    if (!player || (player.state !== 'TEMPORARY' && player.state !== 'REGISTERED'))
      throw new DomainError('account-not-active', 'Only a player with a temporary or a registered account can play.');
    // Suspended from every live game while staff investigate (issue 18, 004:T-152 TEC-07 GAM-P-08).
    if (await tx.playerGameSuspension.findFirst({ where: { playerId: request.playerId, liftedAt: null, scope: 'live-games' } }))
      throw new DomainError('poker-seat-refused', 'You are suspended from live games while staff investigate.', {
        extensions: { reason: 'suspended' },
      });
    const seats = await tx.tableSeat.findMany({ where: { tableId: table.id } });
    if (seats.some((s) => s.playerId === request.playerId))
      throw new DomainError('already-seated', 'You already have a seat at this table.');
    const seat =
      request.seat ??
      firstFree(
        seats.map((s) => s.seatNo),
        table.seatsMax,
      );
    if (seat === null)
      throw new DomainError('table-full', `All ${table.seatsMax} seats are taken: you can watch as a spectator.`);
    if (seat < 1 || seat > table.seatsMax)
      throw new DomainError('validation-failed', `Seats are 1 to ${table.seatsMax}.`, { field: 'body.seat' });
    if (seats.some((s) => s.seatNo === seat))
      throw new DomainError('seat-taken', `Seat ${seat} is taken.`, { field: 'body.seat' });
    const { playSessionId } = await startPlaySession(ctx.limits, tx, { playerId: request.playerId });
    await tx.tableSeat.create({
      data: {
        tableId: table.id,
        seatNo: seat,
        playerId: request.playerId,
        status: 'SEATED',
        playSessionId,
        seatedAt: ctx.clock.now(),
      },
    });
    const open = await tx.gameRound.findFirst({
      where: { tableId: table.id, kind: 'LIVE', status: 'OPEN' },
      select: { id: true },
    });
    const roundId = open?.id ?? (await openLiveRound(ctx, tx, table, pushes));
    pushes.table.push([table.id, await seatsMessage(tx, table.id)]);
    return { seat, roundId, table, state: player.state };
  });
  await pushes.send(ctx);
  // The player's first bet here can then take the one-call path (D-2276): the table and the accounts known.
  // Best effort: the seat is taken; a failed look-up only leaves the first bet to the ORM path.
  rememberTable(result.table);
  await rememberStakeAccounts(ctx.db, {
    game: result.table.game,
    playerId: request.playerId,
    state: result.state,
    currency: result.table.currency,
  }).catch(() => undefined);
  return { seat: result.seat, roundId: result.roundId };
}

function firstFree(taken: number[], seatsMax: number): number | null {
  for (let seat = 1; seat <= seatsMax; seat++) if (!taken.includes(seat)) return seat;
  return null;
}

/**
 * Leaving: unconfirmed bets are cleared at once (they were never debited); a player with a stake in
 * the running round keeps the seat until it ends, so that round settles as it would have (004:TEC-02)
 * and nobody else's bets mix with theirs. Returns whether the seat is free already.
 */
export async function leaveSeat(
  ctx: TablesContext,
  request: { playerId: string; tableId: string; reason?: 'left' | 'limits' },
): Promise<{ left: boolean }> {
  const pushes = new Pushes();
  const result = await transaction(ctx.db, async (tx) => {
    // The round before the table, in the order a settling round takes them (no deadlock between the two).
    const open = await tx.gameRound.findFirst({
      where: { tableId: request.tableId, kind: 'LIVE', status: 'OPEN' },
      select: { id: true },
    });
    const round = open ? await lockRound(tx, open.id) : null;
    await lockTable(tx, request.tableId);
    const seat = await tx.tableSeat.findUnique({
      where: { tableId_playerId: { tableId: request.tableId, playerId: request.playerId } },
    });
    if (!seat) throw new DomainError('not-seated', 'You have no seat at this table.');
    const staked = round
      ? await tx.gameRoundPlayer.findUnique({ where: { roundId_playerId: { roundId: round.id, playerId: request.playerId } } })
      : null;
    if (round?.status === 'OPEN') await clearUnconfirmed(tx, round, seat.seatNo, pushes);
    if (staked) {
      await tx.tableSeat.update({
        where: { tableId_seatNo: { tableId: seat.tableId, seatNo: seat.seatNo } },
        data: { status: 'LEAVING' },
      });
    } else {
      await releaseSeat(ctx, tx, seat, request.reason ?? 'left', pushes);
    }
    pushes.table.push([request.tableId, await seatsMessage(tx, request.tableId)]);
    return { left: !staked };
  });
  await pushes.send(ctx);
  return result;
}

async function clearUnconfirmed(tx: Tx, round: LoadedRound, seat: number, pushes: Pushes): Promise<void> {
  if (round.state.phase !== 'betting') return;
  // Roulette and Plátýnko keep unconfirmed bets per seat the same way (`pending`), and clear them with clear-bets.
  const seatsBetting = round.game === 'roulette' || round.game === 'platynko';
  const pending = seatsBetting
    ? (round.state as RouletteState).seats.some((s) => s.seat === seat && s.pending.length > 0)
    : (round.state as BlackjackState).bets.some((b) => b.seat === seat && !b.confirmed);
  if (!pending) return;
  const applied = applyAction(
    round.game,
    round.state,
    seatsBetting ? { kind: 'clear-bets', seat } : { kind: 'clear-bet', seat },
    round.seed,
  );
  round.state = applied.state;
  await saveRound(tx, round, { deadlineAt: round.deadlineAt });
  pushRound(pushes, round, applied.events);
}

/**
 * The player may no longer play at all (issue 14 (2): listed in the register of excluded persons,
 * 004:ELG-04): every seat is left as `leaveSeat` leaves it, so a round the player has a stake in
 * settles as it would have and the seat is freed when it ends; an idle seat is freed at once. Safe to
 * run twice (a seat already leaving or gone is skipped).
 */
export async function leaveAllSeats(ctx: TablesContext, request: { playerId: string }): Promise<{ seatsLeft: number }> {
  const seats = await ctx.db.tableSeat.findMany({
    where: { playerId: request.playerId, status: 'SEATED' },
    select: { tableId: true },
  });
  let seatsLeft = 0;
  for (const seat of seats) {
    try {
      await leaveSeat(ctx, { playerId: request.playerId, tableId: seat.tableId, reason: 'limits' });
      seatsLeft++;
    } catch (error) {
      // Left meanwhile (by the player, or an idle or settling round): nothing more to do here.
      if (!(error instanceof DomainError && error.code === 'not-seated')) throw error;
    }
  }
  return { seatsLeft };
}
