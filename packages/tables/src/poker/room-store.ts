import { assert } from '@casino/core';
import { pgPoolOf, pgTransaction } from '@casino/db';
import { recordPlayActivities, type PlayActivity } from '@casino/limits';
import { idPseudonym, seatAlias } from './integrity/aliases.ts';
import { integrityRulesOf, type PokerRuleProfile, type PokerRuleProfileId } from './profile.ts';
import type { PokerRoomStore } from './room-ports.ts';
import type { PokerLobbyEntry } from './room-types.ts';
import type { PokerStoreContext } from './store-context.ts';
import { commitHand, markHandRunning, voidInterruptedHand } from './store-hands.ts';
import { commitPoolHand, commitPoolHands } from './store-speed-pool.ts';
import { acquireTableLease, findTablesNeedingDriver, releaseTableLease, renewTableLeases } from './store-lease.ts';
import { buyIn, releaseSeat, topUp } from './store-money.ts';
import { joinWaitingList, leaveWaitingList, offerFreeSeats } from './store-waiting-list.ts';
import { amountFor } from './definition.ts';
import { jackpotOf } from './jackpot.ts';
import { runItOffered } from './run-it.ts';
import { jackpotBalances } from './store-jackpot.ts';
import { listPokerTables, loadTableForDriving, type PokerLobbyTable } from './store-tables.ts';
import { bettingStructureOf, tableGameOf } from './table-games.ts';

/**
 * The room's store port bound to the poker store (store.ts) and the limits: what the driver calls,
 * each write fenced by the lease's epoch. A few reads the room needs for routing (who holds a table,
 * where a player sits) live here, next to the store they read.
 */
export function pokerRoomStore(
  ctx: PokerStoreContext,
  profiles: Readonly<Record<PokerRuleProfileId, PokerRuleProfile>>,
): PokerRoomStore {
  const { db } = ctx;
  return {
    waitingLists: {
      join: (request) => joinWaitingList(db, request),
      leave: (request) => leaveWaitingList(db, request),
      offerFreeSeats: (request) => offerFreeSeats(db, { ...request, instanceId: ctx.instanceId }),
    },
    acquireTableLease: async (request) => {
      const taken = await acquireTableLease(db, request);
      return taken ? { tableId: request.tableId, epoch: taken.epoch } : null;
    },
    renewTableLeases: (request) => renewTableLeases(db, request),
    releaseTableLease: async (lease) => void (await releaseTableLease(ctx, lease)),
    findTablesNeedingDriver: async ({ now, limit }) => (await findTablesNeedingDriver(db, now)).slice(0, limit),
    findTableHolder: async ({ tableId, now }) => {
      const rows = await db.$queryRaw<Array<{ lease_owner: string | null; lease_expires_at: Date | null }>>`
        SELECT lease_owner, lease_expires_at FROM poker_table WHERE id = ${tableId}::uuid`;
      const row = rows[0];
      if (!row || row.lease_owner === null || row.lease_expires_at === null) return null;
      return row.lease_expires_at.getTime() > now.getTime() ? row.lease_owner : null;
    },
    loadTableForDriving: async (lease) => {
      const stored = await loadTableForDriving(db, lease.tableId);
      assert(stored !== null, `poker table ${lease.tableId} was leased, so it exists`);
      const { profileId, name: _name, status: _status, runningHandId: _running, ...setup } = stored;
      return { setup: { ...setup, profile: profiles[profileId] } };
    },
    voidInterruptedHand: (lease, { now }) => voidInterruptedHand(ctx, { ...lease, now }),
    markHandRunning: (lease, hand) => markHandRunning(ctx, { ...lease, handId: hand.handId }),
    buyIn: async (lease, request) => {
      const alias = await seatAlias(db, { tableId: lease.tableId, playerId: request.playerId });
      const bought = await buyIn(ctx, {
        ...lease,
        playerId: request.playerId,
        seat: request.seat,
        alias,
        amountMinor: request.amountMinor,
        ...(request.fromWallet === undefined ? {} : { fromWallet: request.fromWallet }),
        integrityOf: (profileId) => integrityRulesOf(profiles[profileId]),
      });
      return { alias, stackMinor: bought.stackMinor };
    },
    topUp: async (lease, request) =>
      void (await topUp(ctx, {
        ...lease,
        playerId: request.playerId,
        seat: request.seat,
        amountMinor: request.amountMinor,
        requestId: request.requestId,
      })),
    releaseSeat: async (lease, request) =>
      void (await releaseSeat(ctx, {
        ...lease,
        playerId: request.playerId,
        seat: request.seat,
        stackMinor: request.stackMinor,
        reason: request.reason as Parameters<typeof releaseSeat>[1]['reason'],
      })),
    commitHand: async (lease, request) => {
      // Who must stop is asked while the hand is committed, on another connection: the next hand
      // waits for the slower of the two, not for both one after the other (D-1797). Neither reads
      // what the other writes; a commit that fails makes its caller drop the answer.
      const stopping = playersToStop(
        ctx,
        lease.tableId,
        request.hand.results.map((r) => r.playerId),
      );
      stopping.catch(() => undefined);
      if (request.hand.poolTableNumber !== undefined) await commitPoolHand(ctx, { ...lease, hand: request.hand });
      else
        await commitHand(ctx, {
          ...lease,
          hand: request.hand,
          nextRunningHandId: null,
          seatStatuses: request.seatStatuses,
          ...(request.hand.finalState ? { handState: request.hand.finalState } : {}),
        });
      return { stoppingPlayerIds: await stopping };
    },
    // D-1870: a speed pool's hands that ended during its last commit, in one transaction; who must stop
    // after any of them is asked alongside, as for one hand (D-1797).
    commitPoolHands: async (lease, request) => {
      const stopping = playersToStop(ctx, lease.tableId, [
        ...new Set(request.hands.flatMap((hand) => hand.results.map((r) => r.playerId))),
      ]);
      stopping.catch(() => undefined);
      await commitPoolHands(ctx, { ...lease, hands: request.hands });
      return { stoppingPlayerIds: await stopping };
    },
    findSeatsOfPlayer: async (playerId) => {
      const rows = await db.$queryRaw<Array<{ table_id: string }>>`
        SELECT table_id FROM poker_seat WHERE player_id = ${playerId}::uuid ORDER BY table_id`;
      return rows.map((r) => r.table_id);
    },
    lobby: async () => {
      const tables = await listPokerTables(db, { now: ctx.clock.now() });
      // The jackpots' sizes, read once per currency (issue 18: the size in the lobby, 000-001:JP-02).
      const jackpots = await jackpotBalances(
        db,
        tables.filter((table) => table.definition.badBeatJackpot === true).map((table) => table.definition.currency),
      );
      return tables.map((table) => lobbyEntry(table, profiles, jackpots));
    },
  };
}

/**
 * Playing time accrues per hand played (004:GAM-P-07 counts a hand as game activity); the limits
 * answer `stop` for a player whose playing time is used up, or who was excluded, listed or closed
 * meanwhile, and an account staff blocked may not play either (the state a seat is taken in): the
 * table removes them at hand end, chips credited (000-001:RG-03, D-1696).
 */
async function playersToStop(ctx: PokerStoreContext, tableId: string, playerIds: readonly string[]): Promise<string[]> {
  if (playerIds.length === 0) return [];
  // A player suspended from poker or all live games meanwhile (issue 18, 004:T-152) goes as a blocked one does.
  // On the pool's own connection, not through the ORM: once per hand (D-1793).
  const { rows: seats } = await pgPoolOf(ctx.db).query<{
    player_id: string;
    play_session_id: string;
    state: string;
    suspended: boolean;
  }>(
    `SELECT s.player_id, s.play_session_id, p.state::text AS state,
            EXISTS (SELECT 1 FROM player_game_suspension g WHERE g.player_id = s.player_id AND g.lifted_at IS NULL) AS suspended
     FROM poker_seat s JOIN player p ON p.id = s.player_id
     WHERE s.table_id = $1::uuid AND s.player_id = ANY($2::uuid[])`,
    [tableId, [...playerIds]],
  );
  const stopping: string[] = [];
  const due: Array<{ playerId: string; playSessionId: string }> = [];
  const nowMs = ctx.clock.now().getTime();
  for (const seat of seats) {
    if (!playingStates.has(seat.state) || seat.suspended) {
      stopping.push(seat.player_id);
      continue;
    }
    // A busy table ends a hand every few seconds: the session's playing time is recorded (under the
    // player's lock) at most every playActivityIntervalMs, which bounds how late a used-up time is seen (D-1742).
    const last = activityRecordedAtMs.get(seat.play_session_id);
    if (last !== undefined && nowMs - last < playActivityIntervalMs && nowMs >= last) continue;
    due.push({ playerId: seat.player_id, playSessionId: seat.play_session_id });
  }
  if (due.length === 0) return stopping;
  // The due players of every table of this instance that ends a hand meanwhile go into one transaction (D-1792).
  const answers = await activityBatcherOf(ctx).record(due);
  for (const request of due) {
    activityRecordedAtMs.set(request.playSessionId, nowMs);
    if (activityRecordedAtMs.size > activityMemoryMax) activityRecordedAtMs.delete(activityRecordedAtMs.keys().next().value!);
    if (answers.get(request.playSessionId)?.status === 'stop') stopping.push(request.playerId);
  }
  return stopping;
}

type ActivityRequest = { playerId: string; playSessionId: string };

/**
 * Group commit of play activity (issue 16, D-1792): a table's due players join the batch that is
 * being collected; one batch at a time is recorded (`recordPlayActivities`, one transaction, seven
 * statements however many players), and what arrives while it runs goes into the next. A table waits
 * for the batch its players are in, so its stop decisions come from its own players' records as before.
 */
class ActivityBatcher {
  private waiting: Array<{
    requests: ActivityRequest[];
    resolve: (a: Map<string, PlayActivity>) => void;
    reject: (e: unknown) => void;
  }> = [];
  private running = false;

  constructor(private readonly ctx: PokerStoreContext) {}

  record(requests: ActivityRequest[]): Promise<Map<string, PlayActivity>> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ requests, resolve, reject });
      if (!this.running) {
        this.running = true;
        // The other tables whose hands end in the same turn of the event loop join this batch.
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0);
      try {
        const answers = await this.recordAll(batch.flatMap((b) => b.requests));
        for (const waiter of batch) waiter.resolve(answers);
      } catch (error) {
        if (batch.length === 1) batch[0]!.reject(error);
        // One table's failure (a seat whose session is gone) must not fail the others: each on its own then.
        else for (const waiter of batch) await this.recordAll(waiter.requests).then(waiter.resolve, waiter.reject);
      }
    }
    this.running = false;
  }

  private async recordAll(requests: readonly ActivityRequest[]): Promise<Map<string, PlayActivity>> {
    return (await pgTransaction(this.ctx.db, (client) => recordPlayActivities(this.ctx.limits, client, requests))) as Map<
      string,
      PlayActivity
    >;
  }
}

const batchers = new WeakMap<PokerStoreContext, ActivityBatcher>();
function activityBatcherOf(ctx: PokerStoreContext): ActivityBatcher {
  let batcher = batchers.get(ctx);
  if (batcher === undefined) {
    batcher = new ActivityBatcher(ctx);
    batchers.set(ctx, batcher);
  }
  return batcher;
}

/** How often a seated player's play activity is recorded at most (D-1742). */
const playActivityIntervalMs = 10_000;
const activityMemoryMax = 100_000;
/** Play session → when its activity was last recorded (this instance; a takeover starts afresh, which only records sooner). */
const activityRecordedAtMs = new Map<string, number>();

/** The account states that may play (as a seat is taken: `account-not-active` otherwise). */
const playingStates: ReadonlySet<string> = new Set(['TEMPORARY', 'REGISTERED']);

/**
 * The name at the table edge for a player without a chosen alias: their legal name is personal data
 * that other players must not see (D-1690); a stable pseudonym from the player id instead. The
 * alias and anonymous labels: integrity/aliases.ts (`seatAlias`).
 */
export const tableAlias = idPseudonym;

function lobbyEntry(
  table: PokerLobbyTable,
  profiles: Readonly<Record<PokerRuleProfileId, PokerRuleProfile>>,
  jackpots: ReadonlyMap<string, bigint> = new Map(),
): PokerLobbyEntry {
  const { definition } = table;
  // A flop game, a stud or draw game, or a mix (issue 20): one place names them (table-games.ts).
  const variant = tableGameOf(definition.variant);
  assert(variant !== null, `poker table ${table.tableId}: unknown variant ${definition.variant}`);
  const profile = profiles[table.profileId];
  return {
    tableId: table.tableId,
    name: table.name,
    profileId: table.profileId,
    variant: definition.variant,
    variantName: variant.name,
    structure: bettingStructureOf(variant),
    currency: definition.currency,
    smallBlindMinor: String(definition.smallBlindMinor),
    bigBlindMinor: String(definition.bigBlindMinor),
    anteMinor: String(definition.anteMinor),
    straddleMinor: String(definition.straddleMinor),
    buyInMinMinor: String(definition.buyInMinMinor),
    buyInMaxMinor: definition.buyInMaxMinor === null ? null : String(definition.buyInMaxMinor),
    seatsMax: table.seatsMax,
    seatsTaken: table.seatsTaken,
    averagePotMinor: String(table.averagePotMinor ?? 0n),
    handsPerHour: table.handsPerHour,
    rake: {
      rateBps: definition.rake.rateBps,
      capPerHandMinor: definition.rake.capPerHandMinor === null ? null : String(definition.rake.capPerHandMinor),
      noFlopNoDrop: definition.rake.noFlopNoDrop,
    },
    actionTimeMs: profile.clock.actionTimeMs,
    timeBankMs: definition.timeBankMs,
    runItTimesMax: runItOffered(profile, definition) ? profile.engine.tableRules.runItTimesMax : null,
    badBeatJackpot: lobbyJackpot(profile, definition, jackpots),
    speedPool: definition.speedPool
      ? {
          tableSeats: definition.speedPool.tableSeats,
          foldBeforeTurn: profile.speedPoker?.foldBeforeTurn ?? false,
        }
      : null,
    waitingListLength: profile.waitingList ? (table.waitingListLength ?? 0) : null,
  };
}

function lobbyJackpot(
  profile: PokerRuleProfile,
  definition: PokerLobbyTable['definition'],
  jackpots: ReadonlyMap<string, bigint>,
): PokerLobbyEntry['badBeatJackpot'] {
  const settings = jackpotOf(profile, definition);
  if (settings === null) return null;
  return {
    sizeMinor: String(jackpots.get(definition.currency) ?? 0n),
    dropMinor: String(amountFor(settings.dropPerRakedHand, definition.currency) ?? 0n),
  };
}
