import { DomainError } from '@casino/core';
import type { Db } from '@casino/db';
import { InvalidRoundRecord } from '@casino/games';
import { publicEvents, publicView, replayRecord, stateFromJson, type GameId } from './engines.ts';
import { tableRules } from './rules.ts';
import { gameOfKind } from './table-config.ts';
import { toWire, type Wire } from './wire.ts';

/**
 * Game recall: a player's rounds, newest first, a page at a time; and one round in full, replayed
 * from its stored record (seed, actions, events) so what is shown is what the engine reproduces,
 * not what was written down. Staff recall any round with its players and ledger transactions.
 */
/** What names a round: its table, game and variant, and where it stands. */
export interface RoundHeading {
  roundId: string;
  tableId: string;
  tableName: string;
  game: GameId;
  variant: string;
  kind: 'live' | 'temporary';
  status: 'open' | 'settled';
  currency: string;
  openedAt: Date;
  settledAt: Date | null;
}

export interface RoundSummary extends RoundHeading {
  seat: number;
  stakedMinor: bigint;
  returnedMinor: bigint;
  continuedInRoundId: string | null;
}

export async function roundHistory(
  db: Db,
  request: { playerId: string; limit: number; after?: string },
): Promise<{ rounds: RoundSummary[]; nextCursor: string | null }> {
  const limit = Math.min(request.limit, tableRules.historyPageSizeMax);
  const rows = await db.gameRoundPlayer.findMany({
    where: { playerId: request.playerId, ...(request.after ? { roundId: { lt: request.after } } : {}) },
    orderBy: { roundId: 'desc' },
    take: limit + 1,
  });
  const page = rows.slice(0, limit);
  const rounds = await db.gameRound.findMany({
    where: { id: { in: page.map((r) => r.roundId) } },
    select: { id: true, kind: true, status: true, openedAt: true, settledAt: true, tableId: true },
  });
  const tables = await db.gameTable.findMany({ where: { id: { in: [...new Set(rounds.map((r) => r.tableId))] } } });
  return {
    nextCursor: rows.length > limit ? page[page.length - 1]!.roundId : null,
    rounds: page.map((row) => {
      const round = rounds.find((r) => r.id === row.roundId)!;
      const table = tables.find((t) => t.id === round.tableId)!;
      return {
        roundId: row.roundId,
        tableId: table.id,
        tableName: table.name,
        game: gameOfKind(table.game),
        variant: table.variant,
        kind: round.kind === 'LIVE' ? 'live' : 'temporary',
        status: round.status === 'OPEN' ? 'open' : 'settled',
        seat: row.seat,
        stakedMinor: row.stakedMinor,
        returnedMinor: row.returnedMinor,
        currency: table.currency,
        openedAt: round.openedAt,
        settledAt: round.settledAt,
        continuedInRoundId: row.continuedInRoundId,
      };
    }),
  };
}

export interface RoundRecall extends RoundHeading {
  originRoundId: string | null;
  seedCommitment: string;
  /** Revealed once the round is settled: sha256(seed) = seedCommitment. */
  seed: string | null;
  /** The stored record replayed through the engine and found to reproduce every event. */
  replayVerified: boolean;
  view: Wire;
  events: Wire;
  players: Array<{
    playerId: string;
    seat: number;
    stakedMinor: bigint;
    returnedMinor: bigint;
    continuedInRoundId: string | null;
  }>;
  postings: Array<{
    playerId: string;
    seat: number;
    kind: 'STAKE' | 'WIN';
    amountMinor: bigint;
    ledgerTransactionId: string;
    at: Date;
  }>;
}

/**
 * One round: a player may recall only rounds they played (and sees only their own players' row and
 * postings); staff (`playerId` omitted) see every player of the round.
 */
export async function recallRound(db: Db, request: { roundId: string; playerId?: string }): Promise<RoundRecall> {
  const round = await db.gameRound.findUnique({ where: { id: request.roundId } });
  const notFound = new DomainError('not-found', `No round ${request.roundId}${request.playerId ? ' that you played' : ''}.`, {
    field: 'params.roundId',
  });
  if (!round) throw notFound;
  const players = await db.gameRoundPlayer.findMany({
    where: { roundId: round.id, ...(request.playerId ? { playerId: request.playerId } : {}) },
    orderBy: { seat: 'asc' },
  });
  if (request.playerId && players.length === 0) throw notFound;
  const table = await db.gameTable.findUniqueOrThrow({ where: { id: round.tableId } });
  const game: GameId = gameOfKind(table.game);
  const postings = await db.gameRoundPosting.findMany({
    where: { roundId: round.id, ...(request.playerId ? { playerId: request.playerId } : {}) },
    orderBy: { id: 'asc' },
  });
  const state = round.record ? replayed(game, round.record) : stateFromJson(game, round.state);
  return {
    roundId: round.id,
    tableId: table.id,
    tableName: table.name,
    game,
    variant: table.variant,
    kind: round.kind === 'LIVE' ? 'live' : 'temporary',
    status: round.status === 'OPEN' ? 'open' : 'settled',
    originRoundId: round.originRoundId,
    currency: table.currency,
    openedAt: round.openedAt,
    settledAt: round.settledAt,
    seedCommitment: round.seedCommitment,
    seed: round.status === 'SETTLED' ? round.seed : null,
    replayVerified: round.record !== null,
    view: toWire(game, publicView(game, state)),
    events: toWire(game, publicEvents(game, state.events)),
    players: players.map((p) => ({
      playerId: p.playerId,
      seat: p.seat,
      stakedMinor: p.stakedMinor,
      returnedMinor: p.returnedMinor,
      continuedInRoundId: p.continuedInRoundId,
    })),
    postings: postings.map((p) => ({
      playerId: p.playerId,
      seat: p.seat,
      kind: p.kind,
      amountMinor: p.amountMinor,
      ledgerTransactionId: p.ledgerTransactionId,
      at: p.at,
    })),
  };
}

function replayed(game: GameId, record: string) {
  try {
    return replayRecord(game, record);
  } catch (error) {
    // A stored record that no longer reproduces is tampering or a broken engine: never shown as if fine.
    if (error instanceof InvalidRoundRecord) throw new Error(`round record does not replay: ${error.message}`, { cause: error });
    throw error;
  }
}
