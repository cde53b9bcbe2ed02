import { defineJob, type Db, type JobDefinition, type Redis } from '@casino/db';
import type { Platform } from '@casino/operator';
import {
  AccessEndedPayloadSchema,
  accessEndedTopic,
  recheckExcludedPersons,
  type AccessEndedPayload,
  type PlayersContext,
} from '@casino/players';
import { leaveAllSeats, newPokerInstanceId, type PokerRoom, type TablesContext } from '@casino/tables';

type RemovalReason = Parameters<PokerRoom['removePlayerEverywhere']>[1];
import type { ScheduledTask } from './runtime.ts';

/**
 * Ending the access of players who may no longer play (issue 14 (2); 004:ACC-03, ELG-04, T-20;
 * 002:AMB-SCREEN). The schedule asks the register of excluded persons about every player who may still
 * hold a valid access token (D-1411); a listing found there, at a refresh or at login ends the
 * player's sessions in the same transaction and leaves `players.access-ended` in the outbox, whose
 * job ends the player's seats at the tables as leaving them does (an unsettled round settles first),
 * and asks the poker tables where the player sits to release the seat at the end of the running hand
 * (issue 16), chips credited.
 */
export interface PlayerAccessOptions {
  players: (db: Db) => PlayersContext;
  tables: (db: Db) => TablesContext;
  /** A poker room that only forwards (it drives no table): the game-service instances holding the tables act. */
  poker?: (db: Db) => PokerRoom;
}

export function playerAccessJobs(options: Pick<PlayerAccessOptions, 'tables' | 'poker'>): JobDefinition[] {
  return [
    defineJob({
      topic: accessEndedTopic,
      version: 1,
      payload: AccessEndedPayloadSchema,
      // Safe to run twice: seats already left are skipped, a poker seat already leaving stays so. A poker
      // table whose instance cannot be reached fails the job, which is retried (the table is taken over meanwhile).
      handle: async (payload, { db }) => {
        await leaveAllSeats(options.tables(db), { playerId: payload.playerId });
        if (options.poker) await removeFromPokerTables(options.poker(db), payload.playerId, removalReasons[payload.reason]);
      },
    }),
  ];
}

/** The poker room's reason for each way access ends (it names the removal in the table's log and views). */
const removalReasons = {
  'listed-in-register': 'listed',
  'blocked-by-staff': 'blocked',
  // Every closure (staff, the player's own, a contract ended by notice; D-2324) is the room's `closed`.
  'closed-by-staff': 'closed',
  'closed-by-player': 'closed',
  'contract-ended': 'closed',
  // A self-exclusion or the panic button (D-2325): the room's own `self-excluded` removal.
  'self-excluded': 'self-excluded',
  // The temporary account's 30 days ran out (004:TMP-08): the account is cancelled, as a closure ends it.
  'temporary-account-expired': 'closed',
} as const satisfies Record<AccessEndedPayload['reason'], RemovalReason>;

async function removeFromPokerTables(room: PokerRoom, playerId: string, reason: RemovalReason): Promise<void> {
  await room.start();
  try {
    await room.removePlayerEverywhere(playerId, reason);
  } finally {
    await room.stop();
  }
}

/** Bounds of one re-check run (STYLE: limit everything); a run that hits them leaves the rest to the next. */
export const registerRecheckPlayersMax = 5_000;
export const registerRecheckConcurrencyMax = 8;

export function playerAccessSchedules(everyMs: number, options: Pick<PlayerAccessOptions, 'players'>): ScheduledTask[] {
  return [
    {
      name: 'register-recheck',
      everyMs,
      run: (db) =>
        recheckExcludedPersons(options.players(db), {
          playersMax: registerRecheckPlayersMax,
          concurrencyMax: registerRecheckConcurrencyMax,
        }),
    },
  ];
}

/**
 * The poker room as the worker uses it: it drives nothing, it forwards a removal to the game-service
 * instance holding each table, over the game service's Redis channels. One per job: a listing is rare,
 * and the room's subscription ends with the job.
 */
export function workerPokerRoom(platform: Platform, redis: Redis, prefix: string): (db: Db) => PokerRoom {
  return (db) =>
    platform.poker(
      {
        redis,
        prefix,
        instanceId: `worker:${newPokerInstanceId()}`,
        leaseTtlMs: pokerLeaseTtlMsForRouting,
        forwardTimeoutMs: pokerForwardTimeoutMs,
        claimScanIntervalMs: pokerLeaseTtlMsForRouting,
        drives: false,
        log: silentLog,
      },
      db,
    );
}

/** The worker takes no lease; these only satisfy the room's checks. The forward waits as the game service's default does. */
const pokerLeaseTtlMsForRouting = 10_000;
const pokerForwardTimeoutMs = 3_000;
const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The tables as the worker drives them: pushes go to the game service's Redis channels (same prefix). */
export function workerTablesContext(platform: Platform, redis: Redis, prefix: string): (db: Db) => TablesContext {
  // Leaving a seat never reads presence; the game service's own TTL is used for symmetry. The worker's
  // platform has no database of its own (each job passes its handle), so the context is built per job.
  return (db) => platform.tables({ redis, prefix, presenceTtlMs: 15_000 }, db);
}
