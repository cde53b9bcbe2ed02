import { DomainError, isDomainError } from '@casino/core';
import type { Tx } from '@casino/db';
import {
  applyPlatynkoAction,
  fortunaPlatynko,
  confirmedLayout,
  openPlatynkoRound,
  platynkoRecordFromJson,
  platynkoRecordToJson,
  platynkoRoundRecord,
  platynkoStateFromJson,
  platynkoStateToJson,
  replayPlatynkoRound,
  roundRng,
  type ChipPlacement,
  type PlatynkoAction,
  type PlatynkoState,
  type PlatynkoTableLimits,
  type RoundSeed,
} from '@casino/games';
import type { TablesContext } from './context.ts';
import type { TableShape } from './engines.ts';
import { takeSeat } from './seats.ts';

/**
 * Plátýnko on the shared round lifecycle (issue 24, 004 Annex 3). The engine is @casino/games; this
 * file is what engines.ts needs of it (open, apply, store, replay, the public view) and the one thing
 * the lifecycle cannot derive from the running round: the layout "Vsadit znovu" repeats, read from
 * the player's previous round at the table (004:GAM-PL-10, D-2410).
 */
export type { PlatynkoAction, PlatynkoState, PlatynkoTableLimits };

export const platynkoVariant = 'fortuna-platynko';

export function openRound(table: TableShape, roundId: string, seedCommitment: string): PlatynkoState {
  return openPlatynkoRound({ roundId, limits: table.limits as PlatynkoTableLimits, seatsMax: table.seatsMax, seedCommitment })
    .state;
}

/** A fresh stream of the round's seed with every action: only the draw reads it (docs/games.md). */
export const apply = (state: PlatynkoState, action: PlatynkoAction, seed: RoundSeed) =>
  applyPlatynkoAction(state, action, roundRng(seed));

export const stateToJson = (state: PlatynkoState): string => platynkoStateToJson(state);
export const stateFromJson = (text: string): PlatynkoState => platynkoStateFromJson(text);
export const recordToJson = (state: PlatynkoState, seed: RoundSeed): string =>
  platynkoRecordToJson(platynkoRoundRecord(state, seed));
export const replayRecord = (text: string): PlatynkoState => replayPlatynkoRound(platynkoRecordFromJson(text));

/** What players and spectators see: the canvas's chips per seat, the 8 cards drawn and the payouts. Nothing is hidden. */
export function publicView(state: PlatynkoState): unknown {
  const { config, phase, seats, drawn, settlements } = state;
  return {
    roundId: config.roundId,
    game: 'platynko',
    phase,
    seedCommitment: config.seedCommitment,
    limits: config.limits,
    seats,
    drawn,
    settlements,
  };
}

/**
 * The layout the player confirmed in their last settled round at this table (the seat they had then),
 * per card: what a rebet repeats. None: the rebet is refused by the engine ("nothing-to-rebet").
 */
export async function previousLayout(
  tx: Tx,
  request: { tableId: string; playerId: string; currentRoundId: string },
): Promise<ChipPlacement[]> {
  const last = await tx.gameRoundPlayer.findFirst({
    where: {
      tableId: request.tableId,
      playerId: request.playerId,
      roundId: { not: request.currentRoundId },
      settledAt: { not: null },
    },
    orderBy: { roundId: 'desc' },
    select: { roundId: true, seat: true },
  });
  if (!last) return [];
  const round = await tx.gameRound.findUnique({ where: { id: last.roundId }, select: { state: true } });
  if (!round) throw new DomainError('not-found', `No round ${last.roundId}.`);
  return confirmedLayout(platynkoStateFromJson(round.state), last.seat);
}

export interface PlatynkoTableChoice {
  /** The speed: 15 or 30 seconds of betting time. */
  bettingTimeSeconds: number;
  /** The table minimum per card, in minor units: 5, 100 or 1,000 CZK. */
  minimumMinor: bigint;
  /** The number of players (seats at the table, 1..4); omitted: any. */
  seatsMax?: number;
}

/**
 * 004:GAM-PL-02: the player picks a speed, a minimum and a number of players and is assigned to an
 * open table with those options and a free seat (the first by table code; a table another player
 * fills meanwhile is skipped). Options the rule book does not offer are refused as invalid input; no
 * open table with a free seat is `table-full` (Fortuna opens tables, D-2411).
 */
export async function joinPlatynkoTable(
  ctx: TablesContext,
  request: { playerId: string } & PlatynkoTableChoice,
): Promise<{ tableId: string; seat: number; roundId: string | null }> {
  if (!(fortunaPlatynko.bettingTimesSeconds as readonly number[]).includes(request.bettingTimeSeconds))
    throw new DomainError('validation-failed', '004:GAM-PL-02: the betting time is 15 or 30 seconds.', {
      field: 'body.bettingTimeSeconds',
    });
  if (!(fortunaPlatynko.chipMinimumsMinor as readonly bigint[]).includes(request.minimumMinor))
    throw new DomainError('validation-failed', '004:GAM-PL-02: the table minimum is 5, 100 or 1,000 CZK.', {
      field: 'body.minimum',
    });
  if (
    request.seatsMax !== undefined &&
    !(Number.isInteger(request.seatsMax) && request.seatsMax >= 1 && request.seatsMax <= fortunaPlatynko.seatsMax)
  )
    throw new DomainError('validation-failed', `004:GAM-PL-02: a table has 1 to ${fortunaPlatynko.seatsMax} players.`, {
      field: 'body.players',
    });
  const tables = await ctx.db.gameTable.findMany({
    where: {
      game: 'PLATYNKO',
      isOpen: true,
      bettingTimeMs: request.bettingTimeSeconds * 1000,
      limits: { path: ['chipMinimumMinor'], equals: request.minimumMinor.toString() },
      ...(request.seatsMax === undefined ? {} : { seatsMax: request.seatsMax }),
    },
    orderBy: { code: 'asc' },
    select: { id: true },
  });
  const mine = await ctx.db.tableSeat.findFirst({
    where: { playerId: request.playerId, tableId: { in: tables.map((t) => t.id) } },
    select: { tableId: true, seatNo: true },
  });
  if (mine)
    throw new DomainError('already-seated', 'You already have a seat at a table with these options.', {
      extensions: { tableId: mine.tableId },
    });
  for (const table of tables) {
    try {
      return { tableId: table.id, ...(await takeSeat(ctx, { playerId: request.playerId, tableId: table.id })) };
    } catch (error) {
      if (isDomainError(error) && (error.code === 'table-full' || error.code === 'table-closed')) continue;
      throw error;
    }
  }
  throw new DomainError(
    'table-full',
    'Every open Plátýnko table with these options is full: try other options or watch a table.',
  );
}
