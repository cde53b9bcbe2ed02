import { assert, DomainError, Money, newId } from '@casino/core';
import { transaction, type Redis, type Tx } from '@casino/db';
import { cryptoRng, type Rng } from '@casino/games';
import type { TableBroadcaster } from '../../context.ts';
import type { PokerRuleProfile, PokerRuleProfileId } from '../../poker/profile.ts';
import type { PokerRoomStore, TableLease } from '../../poker/room-ports.ts';
import { PokerRoomDriver, type RoomLog } from '../../poker/room.ts';
import type { PokerLobbyEntry } from '../../poker/room-types.ts';
import { LeaseLost } from '../../poker/store-lease.ts';
import { readClock } from '../clock.ts';
import { tableAlias } from '../../poker/room-store.ts';
import { bettingStructureOf, tournamentGameOf } from '../../poker/table-games.ts';
import type { PurchasePlan } from '../director.ts';
import {
  definitionFromJson,
  definitionToJson,
  cashTicketsAfterLateRegistrationIn,
  finishTournamentIn,
  purchaseAtRunningTournamentIn,
  type TournamentStoreContext,
} from '../store.ts';
import { recordTournamentHand } from './hands.ts';
import { TournamentFloor, type LiveTournamentState, type TournamentTableSetup } from './floor.ts';

/**
 * The tournament room (issue 19): the cash tables' room driver (poker/room.ts: leases with fencing,
 * takeover, forwarding over Redis, deadlines, pushes, exactly-once commands) on a store whose "table"
 * is a running tournament, and whose driven table is the tournament's floor (floor.ts). One instance
 * drives a tournament at a time; its director's state is written at every hand's commit under the
 * lease's fence, the tournament finished with its payouts in that same transaction when it is over.
 */
export interface TournamentRoomOptions {
  store: TournamentStoreContext;
  /** This instance's id (the cash room's: leases name it). */
  instanceId: string;
  redis: Redis;
  prefix: string;
  broadcaster: TableBroadcaster;
  leaseTtlMs: number;
  forwardTimeoutMs: number;
  claimScanIntervalMs: number;
  renewIntervalMs?: number;
  log: RoomLog;
  rng?: Rng;
  handPauseMs?: number;
}

/** The poker rule profiles the floors deal with (the cash tables' profiles: clock, time-outs, engine rules). */
export type PokerProfiles = Readonly<Record<PokerRuleProfileId, PokerRuleProfile>>;

export function createTournamentRoom(options: TournamentRoomOptions): PokerRoomDriver {
  const rng = options.rng ?? cryptoRng;
  const floors = new Map<string, TournamentFloor>();
  const store = tournamentRoomStore(options.store, options.instanceId, floors);
  return new PokerRoomDriver({
    store,
    createTable: (setup) => {
      const floor = new TournamentFloor((setup as TournamentTableSetup).tournament, {
        rng,
        newHandId: () => newId(),
        handPauseMs: options.handPauseMs ?? 3_000,
      });
      floors.set(floor.tournamentId, floor);
      return floor;
    },
    redis: options.redis,
    // Its own key space: a tournament's forwarded requests never reach a cash room's handler.
    prefix: `${options.prefix}:tournament`,
    broadcaster: options.broadcaster,
    clock: options.store.clock,
    instanceId: options.instanceId,
    leaseTtlMs: options.leaseTtlMs,
    forwardTimeoutMs: options.forwardTimeoutMs,
    claimScanIntervalMs: options.claimScanIntervalMs,
    ...(options.renewIntervalMs === undefined ? {} : { renewIntervalMs: options.renewIntervalMs }),
    log: options.log,
  });
}

export function liveStateToJson(state: LiveTournamentState): string {
  return JSON.stringify(definitionToJson(state as never));
}

export function liveStateFromJson(json: unknown): LiveTournamentState {
  return definitionFromJson(json) as unknown as LiveTournamentState;
}

function tournamentRoomStore(
  ctx: TournamentStoreContext,
  instanceId: string,
  floors: Map<string, TournamentFloor>,
): PokerRoomStore {
  const refuse = () =>
    new DomainError('game-action-refused', 'Tournament chips come from the registration, rebuys and add-ons only.', {
      extensions: { reason: 'tournament-seat' },
    });
  /** The tournament row locked, only under this instance's lease at this epoch (the cash tables' fence). */
  const fence = async (tx: Tx, lease: TableLease) => {
    const rows = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM tournament WHERE id = ${lease.tableId}::uuid AND lease_epoch = ${BigInt(lease.epoch)}
        AND lease_owner = ${instanceId} FOR UPDATE`;
    if (!rows[0]) throw new LeaseLost(lease.tableId, lease.epoch);
  };
  /** Staff's pause or resume (the admin API writes `staff_paused_at`, D-1935) to the floors this instance drives. */
  const readStaffPauses = async (ids: string[]) => {
    if (ids.length === 0) return;
    const rows = await ctx.db.$queryRaw<{ id: string; staff_paused: boolean }[]>`
      SELECT id, staff_paused_at IS NOT NULL AS staff_paused FROM tournament WHERE id = ANY(${ids}::uuid[])`;
    for (const r of rows) floors.get(r.id)?.requestPause(r.staff_paused);
  };
  return {
    async acquireTableLease({ tableId, instanceId: owner, ttlMs, now }) {
      const expiresAt = new Date(now.getTime() + ttlMs);
      const rows = await ctx.db.$queryRaw<{ lease_epoch: bigint }[]>`
        UPDATE tournament
        SET lease_epoch = CASE WHEN lease_owner = ${owner} THEN lease_epoch ELSE lease_epoch + 1 END,
            lease_owner = ${owner}, lease_expires_at = ${expiresAt}
        WHERE id = ${tableId}::uuid AND status = 'RUNNING' AND live_state IS NOT NULL
          AND (lease_owner IS NULL OR lease_owner = ${owner} OR lease_expires_at <= ${now})
        RETURNING lease_epoch`;
      return rows[0] ? { tableId, epoch: Number(rows[0].lease_epoch) } : null;
    },
    async renewTableLeases({ instanceId: owner, leases, ttlMs, now }) {
      if (leases.length === 0) return [];
      const expiresAt = new Date(now.getTime() + ttlMs);
      const ids = leases.map((l) => l.tableId);
      const epochs = leases.map((l) => BigInt(l.epoch));
      const renewed = await ctx.db.$queryRaw<{ id: string }[]>`
        WITH wanted AS (SELECT * FROM unnest(${ids}::uuid[], ${epochs}::bigint[]) AS w(id, epoch)),
        locked AS (
          SELECT t.id FROM tournament t JOIN wanted w ON w.id = t.id AND w.epoch = t.lease_epoch
          WHERE t.lease_owner = ${owner} AND t.status = 'RUNNING' AND t.live_state IS NOT NULL ORDER BY t.id FOR NO KEY UPDATE OF t
        )
        UPDATE tournament t SET lease_expires_at = ${expiresAt} FROM locked WHERE t.id = locked.id
        RETURNING t.id`;
      const kept = new Set(renewed.map((r) => r.id));
      const lost = ids.filter((id) => !kept.has(id));
      for (const id of lost) floors.delete(id);
      await readStaffPauses([...kept]);
      return lost;
    },
    async releaseTableLease(lease) {
      await ctx.db.$executeRaw`
        UPDATE tournament SET lease_owner = NULL, lease_expires_at = NULL
        WHERE id = ${lease.tableId}::uuid AND lease_epoch = ${BigInt(lease.epoch)} AND lease_owner = ${instanceId}`;
    },
    async findTablesNeedingDriver({ now, limit }) {
      const rows = await ctx.db.$queryRaw<{ id: string }[]>`
        SELECT id FROM tournament
        WHERE status = 'RUNNING' AND live_state IS NOT NULL AND (lease_owner IS NULL OR lease_expires_at <= ${now})
        ORDER BY lease_expires_at NULLS FIRST, id LIMIT ${limit}`;
      return rows.map((r) => r.id);
    },
    async findTableHolder({ tableId, now }) {
      const rows = await ctx.db.$queryRaw<{ lease_owner: string | null; lease_expires_at: Date | null; status: string }[]>`
        SELECT lease_owner, lease_expires_at, status::text AS status FROM tournament WHERE id = ${tableId}::uuid`;
      const row = rows[0];
      if (!row) throw new DomainError('not-found', `No tournament ${tableId}.`, { field: 'params.tableId' });
      if (row.status !== 'RUNNING')
        throw new DomainError('game-action-refused', 'The tournament is not running.', {
          extensions: { reason: 'tournament-not-running' },
        });
      return row.lease_owner !== null && row.lease_expires_at !== null && row.lease_expires_at > now ? row.lease_owner : null;
    },
    async loadTableForDriving(lease) {
      const rows = await ctx.db.$queryRaw<
        { definition: unknown; profile_id: PokerRuleProfileId; live_state: unknown; staff_paused: boolean }[]
      >`
        SELECT definition, profile_id, live_state, staff_paused_at IS NOT NULL AS staff_paused FROM tournament WHERE id = ${lease.tableId}::uuid`;
      const row = rows[0];
      assert(row !== undefined && row.live_state !== null, 'a leased tournament has its live state');
      const definition = definitionFromJson(row.definition);
      const pokerProfile = ctx.poker[row.profile_id];
      const setup: TournamentTableSetup = {
        tableId: lease.tableId,
        profile: pokerProfile,
        definition: undefined as never,
        seats: [],
        handNumber: 0,
        previousPositions: null,
        tournament: {
          tournamentId: lease.tableId,
          definition,
          rules: ctx.rules[row.profile_id],
          pokerProfile,
          state: liveStateFromJson(row.live_state),
          staffPaused: row.staff_paused,
        },
      };
      return { setup };
    },
    // The stored state is always at a hand boundary: an interrupted hand is void by construction.
    async voidInterruptedHand() {
      return null;
    },
    async markHandRunning() {},
    async buyIn() {
      throw refuse();
    },
    async topUp() {
      throw refuse();
    },
    async releaseSeat() {
      throw refuse();
    },
    async buyChips(lease, request) {
      const floor = floors.get(lease.tableId);
      assert(floor !== undefined, 'the floor buying chips is registered');
      return transaction(ctx.db, async (tx) => {
        await fence(tx, lease);
        const { receipt, plan } = await purchaseAtRunningTournamentIn(ctx, tx, {
          tournamentId: lease.tableId,
          playerId: request.playerId,
          kind: request.kind,
          commandId: request.commandId,
          ...(request.payment?.fromWallet === undefined ? {} : { fromWallet: request.payment.fromWallet }),
          ...(request.payment?.confirmedDebit === undefined
            ? {}
            : { confirmedDebit: Money.of(request.payment.confirmedDebit.amount, request.payment.confirmedDebit.currency) }),
          plan: () => request.plan() as PurchasePlan,
        });
        if (plan !== null) {
          // The purchase and the floor's state with it commit together: a takeover restores the chips bought.
          const state = floor.persistedWith(plan);
          await tx.$executeRaw`UPDATE tournament SET live_state = ${liveStateToJson(state)}::jsonb WHERE id = ${lease.tableId}::uuid`;
        }
        return { receipt, plan, alias: tableAlias(request.playerId) };
      });
    },
    async checkpoint(lease) {
      const floor = floors.get(lease.tableId);
      assert(floor !== undefined, 'the floor writing its state is registered');
      const state = floor.persisted();
      await transaction(ctx.db, async (tx) => {
        await fence(tx, lease);
        await tx.$executeRaw`UPDATE tournament SET live_state = ${liveStateToJson(state)}::jsonb WHERE id = ${lease.tableId}::uuid`;
        if (floor.director.isOver()) {
          await finishTournamentIn(ctx, tx, lease.tableId, floor.director);
          await tx.$executeRaw`UPDATE tournament SET lease_owner = NULL, lease_expires_at = NULL WHERE id = ${lease.tableId}::uuid`;
        }
      });
    },
    async commitHand(lease, request) {
      const floor = floors.get(lease.tableId);
      assert(floor !== undefined, 'the committing floor is registered');
      const state = floor.persisted();
      const table = floor.handTable(request.hand.handId);
      const cashTickets = floor.ticketsToCash();
      await transaction(ctx.db, async (tx) => {
        await fence(tx, lease);
        // The late registration is over: seat tickets not used are cash now (D-2039).
        if (cashTickets) await cashTicketsAfterLateRegistrationIn(ctx, tx, lease.tableId);
        // The hand's record, recalled by id like a cash hand's (D-1937).
        await recordTournamentHand(tx, {
          tournamentId: lease.tableId,
          tableNumber: table.tableNumber,
          tableName: table.tableName,
          currency: floor.definition.currency,
          hand: request.hand,
          startedAt: table.startedAt ?? request.now,
          now: request.now,
        });
        // Staff's pause (D-1935) is read at every hand boundary: no new hand is dealt after this one
        // (read by the state's own UPDATE: one round trip fewer per hand, D-1955).
        const [pause] = await tx.$queryRaw<{ staff_paused: boolean }[]>`
          UPDATE tournament SET live_state = ${liveStateToJson(state)}::jsonb WHERE id = ${lease.tableId}::uuid
          RETURNING staff_paused_at IS NOT NULL AS staff_paused`;
        floor.requestPause(pause!.staff_paused);
        if (floor.director.isOver()) {
          // The last hand: places, prizes, bounties and any overlay in the same transaction (002:TRN-06, 004:GAM-P-T-03).
          await finishTournamentIn(ctx, tx, lease.tableId, floor.director);
          await tx.$executeRaw`UPDATE tournament SET lease_owner = NULL, lease_expires_at = NULL WHERE id = ${lease.tableId}::uuid`;
        }
      });
      if (cashTickets) floor.markTicketsCashed();
      return { stoppingPlayerIds: [] };
    },
    async findSeatsOfPlayer() {
      return [];
    },
    async lobby() {
      return runningTournamentEntries(ctx);
    },
  };
}

/** Running live tournaments as poker lobby entries (the routes read a table's currency and profile from them). */
async function runningTournamentEntries(ctx: TournamentStoreContext): Promise<PokerLobbyEntry[]> {
  const rows = await ctx.db.$queryRaw<{ id: string; name: string; profile_id: PokerRuleProfileId; definition: unknown }[]>`
    SELECT id, name, profile_id, definition FROM tournament WHERE status = 'RUNNING' AND live_state IS NOT NULL ORDER BY id`;
  return rows.map((r) => {
    const d = definitionFromJson(r.definition);
    const game = tournamentGameOf(d.variant);
    assert(game !== null, `tournament ${r.id}: unknown variant ${d.variant}`);
    const level = readClock(d.levels, 0).level;
    return {
      tableId: r.id,
      name: r.name,
      profileId: r.profile_id,
      variant: d.variant,
      variantName: game.name,
      structure: bettingStructureOf(game),
      currency: d.currency,
      smallBlindMinor: String(level.smallBlind),
      bigBlindMinor: String(level.bigBlind),
      anteMinor: String(level.ante),
      straddleMinor: '0',
      buyInMinMinor: String(d.entry.startFeeMinor + d.entry.feeMinor),
      buyInMaxMinor: null,
      seatsMax: d.seatsPerTable,
      seatsTaken: 0,
      averagePotMinor: '0',
      handsPerHour: 0,
      rake: { rateBps: 0, capPerHandMinor: null, noFlopNoDrop: false },
      actionTimeMs: ctx.poker[r.profile_id].clock.actionTimeMs,
      timeBankMs: 0,
    };
  });
}
