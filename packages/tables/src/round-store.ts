import { assert, DomainError } from '@casino/core';
import type { Tx } from '@casino/db';
import type { RoundSeed } from '@casino/games';
import { phaseOf, stateFromJson, stateToJson, type EngineState, type GameId } from './engines.ts';
import { findTable, type TableConfig } from './table-config.ts';

/** A round loaded under its row lock: the table, the engine state and the row's bookkeeping. */
export interface LoadedRound {
  id: string;
  table: TableConfig;
  game: GameId;
  kind: 'LIVE' | 'TEMPORARY';
  status: 'OPEN' | 'SETTLED';
  version: number;
  seed: RoundSeed;
  seedCommitment: string;
  deadlineAt: Date | null;
  temporaryPlayerId: string | null;
  temporarySeat: number | null;
  originRoundId: string | null;
  state: EngineState;
}

/** Locks a round row (player actions wait for each other and for the scheduler) and loads it. */
export async function lockRound(tx: Tx, roundId: string): Promise<LoadedRound | null> {
  const locked = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM game_round WHERE id = ${roundId}::uuid FOR UPDATE`;
  if (locked.length === 0) return null;
  return loadRound(tx, roundId);
}

export async function lockRoundOrThrow(tx: Tx, roundId: string): Promise<LoadedRound> {
  const round = await lockRound(tx, roundId);
  if (!round) throw new DomainError('not-found', `No round ${roundId}.`, { field: 'params.roundId' });
  return round;
}

/**
 * Claims one round whose timer ran out. SKIP LOCKED: a round another instance (or a player's action)
 * holds is left to it, so no two schedulers ever drive the same round.
 */
export async function claimDueRound(tx: Tx, now: Date): Promise<LoadedRound | null> {
  const due = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT id FROM game_round WHERE status = 'OPEN' AND deadline_at <= ${now}
    ORDER BY deadline_at LIMIT 1 FOR UPDATE SKIP LOCKED`;
  return due[0] ? loadRound(tx, due[0].id) : null;
}

async function loadRound(tx: Tx, roundId: string): Promise<LoadedRound> {
  const row = await tx.gameRound.findUniqueOrThrow({ where: { id: roundId } });
  const table = await findTable(tx, row.tableId);
  return {
    id: row.id, table, game: table.game, kind: row.kind, status: row.status, version: row.version, seed: row.seed, seedCommitment: row.seedCommitment,
    deadlineAt: row.deadlineAt, temporaryPlayerId: row.temporaryPlayerId, temporarySeat: row.temporarySeat, originRoundId: row.originRoundId,
    state: stateFromJson(table.game, row.state),
  };
}

export interface RoundChanges {
  deadlineAt: Date | null;
  settled?: { at: Date; record: string };
}

/** Writes the new state; the version counts changes, so clients can drop a push older than what they have. */
export async function saveRound(tx: Tx, round: LoadedRound, changes: RoundChanges): Promise<number> {
  const version = round.version + 1;
  const updated = await tx.gameRound.updateMany({
    where: { id: round.id, version: round.version },
    data: {
      state: stateToJson(round.game, round.state), phase: phaseOf(round.state), version, deadlineAt: changes.deadlineAt,
      ...(changes.settled ? { status: 'SETTLED', settledAt: changes.settled.at, record: changes.settled.record } : {}),
    },
  });
  assert(updated.count === 1, 'the round row is locked, so its version cannot have moved');
  round.version = version;
  round.deadlineAt = changes.deadlineAt;
  if (changes.settled) round.status = 'SETTLED';
  return version;
}
