import { assert } from '@casino/core';
import { transaction, type Tx } from '@casino/db';
import type { TablesContext } from './context.ts';
import { applyAction, dueActions, isSettled, seatsAwaitingDecision, timerOf, type EngineAction } from './engines.ts';
import { countIdleRounds, deadlineFor, finishRound, pushRound, Pushes } from './lifecycle.ts';
import { anyRoundDue, claimDueRound, loadRoundRow, lockRound, saveRound, type LoadedRound } from './round-store.ts';
import { forgetState } from './round-state-cache.ts';
import { tableRules } from './rules.ts';
import { turnDueRoundWithOneCall } from './settle-round.ts';
import { heldWinDueSql, releaseDueHeldWins } from './win-holds.ts';
import { lockTable } from './table-config.ts';
import { openTemporaryTables } from './temporary-tables.ts';

/**
 * The scheduler's pass: every round whose timer ran out is driven one step, each in its own
 * transaction under its row lock, claimed with SKIP LOCKED so several instances never drive one
 * round twice. All a round's timing is in its row (deadline_at), so a restarted service simply
 * carries on: roulette spins and settles its confirmed bets, blackjack goes on with the player whose
 * decision is due, or moves the box to a temporary table if that player is gone (004:TEC-01..03).
 * Returns how many rounds it drove.
 */
export interface RunDueRoundsOptions {
  roundsMax?: number;
  /** Told of each round whose step failed (the app logs it); the round is tried again later. */
  onFailure?: (roundId: string, error: unknown) => void;
  /** The caller read that a round is due (`runSchedulerPass`): no read of its own first. */
  roundsDue?: boolean;
}

/**
 * The scheduler's pass (the app runs it every tick): the due rounds, then the held wins to release. Whether
 * there is anything of either is one plain read (issue 22, D-2297), so an idle tick is one statement.
 */
export async function runSchedulerPass(
  ctx: TablesContext,
  options: Omit<RunDueRoundsOptions, 'roundsDue'> = {},
): Promise<number> {
  const [due] = await ctx.db.$queryRawUnsafe<Array<{ rounds: boolean; held: boolean }>>(
    `SELECT EXISTS (SELECT 1 FROM game_round WHERE status = 'OPEN' AND deadline_at <= $1) AS rounds, ${heldWinDueSql} AS held`,
    ctx.clock.now(),
  );
  const driven = due?.rounds === true ? await runDueRounds(ctx, { ...options, roundsDue: true }) : 0;
  if (due?.held === true) await releaseDueHeldWins(ctx);
  return driven;
}

export async function runDueRounds(ctx: TablesContext, options: RunDueRoundsOptions = {}): Promise<number> {
  const roundsMax = Math.min(options.roundsMax ?? tableRules.dueRoundsPerPassMax, tableRules.dueRoundsPerPassMax);
  let failures = 0;
  let driven = 0;
  // An idle tick is one read; a pass stops when the round it claimed was the last one due (D-2268).
  let moreDue = options.roundsDue ?? (await anyRoundDue(ctx.db, ctx.clock.now()));
  while (moreDue && driven + failures < roundsMax) {
    const pushes = new Pushes();
    let claimed: string | null = null;
    try {
      // The common case in two round trips without the ORM (issue 22, D-2291); anything else, the ORM
      // transaction below, which claims the first due round again (SKIP LOCKED, as before).
      const fast = await turnDueRoundWithOneCall(ctx, (id) => (claimed = id));
      if (fast.kind === 'none') break;
      if (fast.kind === 'turned') {
        moreDue = fast.moreDue;
        driven++;
        continue;
      }
      claimed = null;
      const drove = await transaction(ctx.db, async (tx) => {
        const due = await claimDueRound(tx, ctx.clock.now());
        if (due === null) return false;
        // Claimed before it is decoded: a round whose state cannot be read is put back below, not retried at once.
        claimed = due.row.id;
        moreDue = due.moreDue;
        await driveRound(ctx, tx, await loadRoundRow(tx, due.row), pushes);
        return true;
      });
      if (!drove) break;
      forgetState(claimed!); // its version moved, as turnDueRoundWithOneCall's turns forget theirs
      driven++;
      await pushes.send(ctx);
    } catch (error) {
      if (claimed === null) throw error;
      // A round that cannot be driven (a bug, an outage) must not hold up every other table: it is
      // put back for a later pass, and reported.
      failures++;
      options.onFailure?.(claimed, error);
      await ctx.db.gameRound.updateMany({
        where: { id: claimed, status: 'OPEN' },
        data: { deadlineAt: new Date(ctx.clock.now().getTime() + tableRules.failedRoundRetryMs) },
      });
    }
  }
  return driven;
}

/** A box has at most a few hands; each pass times out one decision. */
const autoPlayPassesMax = 50;

/** One step of a round whose timer ran out, under its row lock (the scheduler, or an action that came too late). */
export async function driveRound(ctx: TablesContext, tx: Tx, round: LoadedRound, pushes: Pushes): Promise<void> {
  const temporary = round.kind === 'TEMPORARY';
  // The lock order (@casino/db lockPlayer): the round, then its table, then players. A live round may
  // free seats and turn the table after locking players, so it takes the table now, not then.
  if (!temporary) await lockTable(tx, round.table.id);
  const firstEventIndex = round.state.events.length;
  if (round.state.phase === 'betting' && !temporary) await countIdleRounds(ctx, tx, round, pushes);
  const disconnected = await disconnectedSeats(ctx, tx, round);
  for (const action of dueActions(round.game, round.state, disconnected, temporary)) {
    if (stillDue(round, action)) round.state = applyAction(round.game, round.state, action, round.seed).state;
  }
  // A temporary table nobody came back to is played to its end by the timer's rule (D-734).
  if (temporary && round.state.phase !== 'betting') {
    for (let pass = 0; timerOf(round.state) === 'decision'; pass++) {
      assert(pass < autoPlayPassesMax, 'a temporary table is played out within the bound');
      for (const action of dueActions(round.game, round.state, new Set(), true))
        round.state = applyAction(round.game, round.state, action, round.seed).state;
    }
  }
  const events = round.state.events.slice(firstEventIndex);
  if (!temporary) await openTemporaryTables(ctx, tx, round, events, pushes);
  if (isSettled(round.state)) await finishRound(ctx, tx, round, pushes);
  else await saveRound(tx, round, { deadlineAt: deadlineFor(round.table, round.state, ctx.clock.now()) });
  pushRound(pushes, round, events);
}

/** A due action computed before the first one was applied may have been overtaken by it (a phase moved on). */
function stillDue(round: LoadedRound, action: EngineAction): boolean {
  if (!('seat' in action)) return true;
  return seatsAwaitingDecision(round.state).includes(action.seat);
}

/** The seats of players with no live connection to the table whose decision the timer waits for. */
async function disconnectedSeats(ctx: TablesContext, tx: Tx, round: LoadedRound): Promise<Set<number>> {
  const gone = new Set<number>();
  if (round.kind === 'TEMPORARY' || timerOf(round.state) !== 'decision') return gone;
  for (const seat of seatsAwaitingDecision(round.state)) {
    const player = await tx.gameRoundPlayer.findFirst({ where: { roundId: round.id, seat }, select: { playerId: true } });
    if (player && !(await ctx.presence.isConnected(round.table.id, player.playerId))) gone.add(seat);
  }
  return gone;
}

/**
 * A player's last connection to a table closed: if the running round waits for their decision, its
 * timer runs out now, so the scheduler moves the box at once instead of letting the table wait.
 */
export async function noteDisconnected(ctx: TablesContext, request: { tableId: string; playerId: string }): Promise<boolean> {
  return transaction(ctx.db, async (tx) => {
    const open = await tx.gameRound.findFirst({
      where: { tableId: request.tableId, kind: 'LIVE', status: 'OPEN', phase: { in: ['insurance', 'player-turns'] } },
      select: { id: true },
    });
    if (!open) return false;
    const player = await tx.gameRoundPlayer.findUnique({
      where: { roundId_playerId: { roundId: open.id, playerId: request.playerId } },
    });
    if (!player) return false;
    const round = await lockRound(tx, open.id);
    if (!round || round.status !== 'OPEN' || !seatsAwaitingDecision(round.state).includes(player.seat)) return false;
    await tx.gameRound.update({ where: { id: round.id }, data: { deadlineAt: ctx.clock.now() } });
    return true;
  });
}
