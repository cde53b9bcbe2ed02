import type { Clock } from '@casino/core';
import type { Db } from '@casino/db';
import type { RoundSeed, SeedCommitment } from '@casino/games';
import type { EnforcementContext } from '@casino/limits';
import type { TableMessage, PlayerMessage } from './realtime.ts';

/** Pushes what changed to everyone watching, on every instance (Redis pub/sub in production). Called after commit. */
export interface TableBroadcaster {
  toTable(tableId: string, message: TableMessage): Promise<void>;
  toPlayer(playerId: string, message: PlayerMessage): Promise<void>;
  /**
   * A `PlayerMessage` its sender has serialised already (a poker seat's view is serialised anyway to
   * see whether it changed, D-1850): sent as is, not serialised a second time. Optional: without it the
   * sender parses nothing and calls `toPlayer`.
   */
  toPlayerText?(playerId: string, text: string): Promise<void>;
}

/** Whether a player has a live connection to a table (any instance). */
export interface Presence {
  isConnected(tableId: string, playerId: string): Promise<boolean>;
}

/** Everything the use cases need, passed in once by the app that runs them. */
export interface TablesContext {
  db: Db;
  clock: Clock;
  /** The self-limits, enforced inside each stake's transaction before its posting (docs/limits.md). */
  limits: EnforcementContext;
  broadcaster: TableBroadcaster;
  presence: Presence;
  /** A fresh seed and its commitment per round: `createRoundSeed` (Node's CSPRNG) in production. */
  newSeed: () => { readonly seed: RoundSeed; readonly commitment: SeedCommitment };
}
