import { DomainError, newId } from '@casino/core';
import { transaction, type Tx } from '@casino/db';
import type { BlackjackState } from '@casino/games';
import type { TablesContext } from './context.ts';
import { applyAction, isSettled, movedSeatsOf, openTemporaryRound, publicView, stateToJson } from './engines.ts';
import { deadlineFor, finishRound, pushRound, Pushes } from './lifecycle.ts';
import { lockRoundOrThrow, saveRound, type LoadedRound } from './round-store.ts';
import { tableRules } from './rules.ts';
import { toWire, type Wire } from './wire.ts';

/**
 * Blackjack temporary tables (004:TEC-03, 002:BJ-UI-03/04, D-713). A box whose player is gone when
 * a decision is due leaves the live round; a temporary round is opened for it at once, with its own
 * seed, carrying the same cards and stakes. It waits for the player: resuming deals NEW dealer cards
 * and the player finishes the round there. Nothing is debited again.
 */
export async function openTemporaryTables(
  ctx: TablesContext,
  tx: Tx,
  live: LoadedRound,
  events: readonly unknown[],
  pushes: Pushes,
): Promise<void> {
  for (const seat of movedSeatsOf(events)) {
    const player = await tx.gameRoundPlayer.findFirst({ where: { roundId: live.id, seat } });
    if (!player) continue; // a box always has its player's row: its stake was posted with it
    const id = newId();
    const { seed, commitment } = ctx.newSeed();
    const state = openTemporaryRound(live.state as BlackjackState, id, seat, commitment);
    const now = ctx.clock.now();
    await tx.gameRound.create({
      data: {
        id,
        tableId: live.table.id,
        kind: 'TEMPORARY',
        status: 'OPEN',
        phase: state.phase,
        state: stateToJson('blackjack', state),
        version: 1,
        seed,
        seedCommitment: commitment,
        deadlineAt: new Date(now.getTime() + tableRules.temporaryTableWaitMs),
        openedAt: now,
        originRoundId: live.id,
        temporaryPlayerId: player.playerId,
        temporarySeat: seat,
      },
    });
    await tx.gameRoundPlayer.create({
      data: {
        roundId: id,
        playerId: player.playerId,
        tableId: live.table.id,
        seat,
        playSessionId: player.playSessionId,
        joinedAt: now,
      },
    });
    await tx.gameRoundPlayer.update({
      where: { roundId_playerId: { roundId: live.id, playerId: player.playerId } },
      data: { continuedInRoundId: id },
    });
    pushes.player.push([
      player.playerId,
      { type: 'temporary-table', tableId: live.table.id, roundId: id, originRoundId: live.id },
    ]);
  }
}

export interface TemporaryTableSummary {
  roundId: string;
  originRoundId: string;
  tableId: string;
  phase: string;
  openedAt: Date;
  /** When the round plays on without the player (D-734). */
  deadlineAt: Date | null;
}

/** The temporary tables waiting for the player or being played by them. */
export async function pendingTemporaryTables(ctx: Pick<TablesContext, 'db'>, playerId: string): Promise<TemporaryTableSummary[]> {
  const rows = await ctx.db.gameRound.findMany({
    where: { kind: 'TEMPORARY', status: 'OPEN', temporaryPlayerId: playerId },
    orderBy: { id: 'asc' },
    take: tableRules.historyPageSizeMax,
  });
  return rows.map((r) => ({
    roundId: r.id,
    originRoundId: r.originRoundId!,
    tableId: r.tableId,
    phase: r.phase,
    openedAt: r.openedAt,
    deadlineAt: r.deadlineAt,
  }));
}

/**
 * The player is back: the temporary table deals new dealer cards and the player's decision timer
 * starts. Resuming a table already dealt answers its current view.
 */
export async function resumeTemporaryTable(
  ctx: TablesContext,
  request: { playerId: string; roundId: string },
): Promise<{ roundId: string; phase: string; version: number; currency: string; view: Wire }> {
  const pushes = new Pushes();
  const result = await transaction(ctx.db, async (tx) => {
    const round = await lockRoundOrThrow(tx, request.roundId);
    if (round.kind !== 'TEMPORARY' || round.temporaryPlayerId !== request.playerId)
      throw new DomainError('not-found', `No temporary table ${request.roundId} of yours.`, { field: 'params.roundId' });
    if (round.status === 'OPEN' && round.state.phase === 'betting') {
      const applied = applyAction('blackjack', round.state, { kind: 'close-betting' }, round.seed);
      round.state = applied.state;
      if (isSettled(round.state)) await finishRound(ctx, tx, round, pushes);
      else await saveRound(tx, round, { deadlineAt: deadlineFor(round.table, round.state, ctx.clock.now()) });
      pushRound(pushes, round, applied.events);
    }
    return {
      roundId: round.id,
      phase: round.state.phase,
      version: round.version,
      currency: round.table.currency,
      view: toWire('blackjack', publicView('blackjack', round.state)),
    };
  });
  await pushes.send(ctx);
  return result;
}
