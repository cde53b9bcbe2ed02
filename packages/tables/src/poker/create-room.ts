import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { DomainError, newId } from '@casino/core';
import type { Redis } from '@casino/db';
import { cryptoRng, type Rng } from '@casino/games';
import type { TableBroadcaster } from '../context.ts';
import type { PokerRuleProfile, PokerRuleProfileId } from './profile.ts';
import type { DrivenTable, RemovalReason } from './room-ports.ts';
import { pokerRoomStore } from './room-store.ts';
import { PokerRoomDriver, type RoomLog } from './room.ts';
import type { PokerTableSetup, TableEffect } from './runtime-types.ts';
import type { PokerStoreContext } from './store-context.ts';
import { SpeedPool } from './speed-pool.ts';
import { PokerTable, type RemovalReason as TableRemovalReason, type TableStep } from './table.ts';

export interface CreatePokerRoomOptions {
  /** The store's context: database, clock, the limits, and this process's instance id (`newPokerInstanceId`). */
  store: PokerStoreContext;
  profiles: Readonly<Record<PokerRuleProfileId, PokerRuleProfile>>;
  redis: Redis;
  prefix: string;
  broadcaster: TableBroadcaster;
  leaseTtlMs: number;
  forwardTimeoutMs: number;
  claimScanIntervalMs: number;
  /** Default a third of `leaseTtlMs`. */
  renewIntervalMs?: number;
  tablesPerInstanceMax?: number;
  /** False: only forward (a worker); see `PokerRoomOptions.drives`. */
  drives?: boolean;
  log: RoomLog;
  /** The shuffles' generator: Node's CSPRNG (`cryptoRng`) unless a test passes a seeded one. */
  rng?: Rng;
  /** Pause after a hand before the next deal, so the clients see the showdown (D-1691). */
  handPauseMs?: number;
}

/** D-1691: three seconds between a hand's end and the next deal. */
export const pokerHandPauseMsDefault = 3_000;

/** Unique per process start (host, process, random): a restarted process never owns its predecessor's leases. */
export function newPokerInstanceId(): string {
  return `${hostname().slice(0, 60)}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/** The poker room of a game-service instance: the driver bound to the poker store and the in-memory `PokerTable`. */
export function createPokerRoom(options: CreatePokerRoomOptions): PokerRoomDriver {
  const rng = options.rng ?? cryptoRng;
  const handPauseMs = options.handPauseMs ?? pokerHandPauseMsDefault;
  return new PokerRoomDriver({
    store: pokerRoomStore(options.store, options.profiles),
    createTable: (setup) =>
      setup.definition.speedPool
        ? new SpeedPool(setup, { rng })
        : new DrivenPokerTable(new PokerTable(setup, { rngForHand: () => rng, newHandId: () => newId(), handPauseMs }), setup),
    redis: options.redis,
    prefix: options.prefix,
    broadcaster: options.broadcaster,
    clock: options.store.clock,
    instanceId: options.store.instanceId,
    leaseTtlMs: options.leaseTtlMs,
    forwardTimeoutMs: options.forwardTimeoutMs,
    claimScanIntervalMs: options.claimScanIntervalMs,
    ...(options.tablesPerInstanceMax === undefined ? {} : { tablesPerInstanceMax: options.tablesPerInstanceMax }),
    ...(options.renewIntervalMs === undefined ? {} : { renewIntervalMs: options.renewIntervalMs }),
    ...(options.drives === undefined ? {} : { drives: options.drives }),
    log: options.log,
  });
}

const removalReasons: Record<RemovalReason, TableRemovalReason> = {
  blocked: 'staff-block',
  closed: 'staff-block',
  'self-excluded': 'self-exclusion',
  listed: 'register-listing',
  'time-limit': 'playing-time-used-up',
};

const effectsOf = (step: TableStep): TableEffect[] => [...step.effects];

/** `PokerTable` as the driver sees it: each call's effects, and the seat look-ups routing needs. */
class DrivenPokerTable implements DrivenTable {
  constructor(
    private readonly table: PokerTable,
    private readonly setup: PokerTableSetup,
  ) {}

  seatPlayer(seat: Parameters<DrivenTable['seatPlayer']>[0], now: Date): TableEffect[] {
    return effectsOf(this.table.seatPlayer(seat, now));
  }

  /**
   * The seat asked for, or the first free one; refused before any money moves, with the codes the
   * other tables' seats use (`already-seated`, `seat-taken`, `table-full`: 409).
   */
  chooseSeat(playerId: string, wanted: number | undefined): number {
    const seats = this.table.seats();
    const seatsMax = this.setup.definition.seatsMax;
    if (seats.some((s) => s.playerId === playerId))
      throw new DomainError('already-seated', 'You already have a seat at this table.');
    if (wanted !== undefined) {
      if (!Number.isInteger(wanted) || wanted < 1 || wanted > seatsMax)
        throw new DomainError('validation-failed', `Seats are 1 to ${seatsMax}.`, { field: 'body.seat' });
      if (seats.some((s) => s.seat === wanted))
        throw new DomainError('seat-taken', `Seat ${wanted} is taken.`, { field: 'body.seat' });
      return wanted;
    }
    for (let seat = 1; seat <= seatsMax; seat++) if (!seats.some((s) => s.seat === seat)) return seat;
    throw new DomainError('table-full', `All ${seatsMax} seats are taken: you can watch as a spectator.`);
  }

  command(playerId: string, command: Parameters<DrivenTable['command']>[1], now: Date): TableEffect[] {
    return effectsOf(this.table.command(playerId, command, now));
  }

  tick(now: Date): TableEffect[] {
    return effectsOf(this.table.tick(now));
  }

  nextDeadline(): Date | null {
    return this.table.nextDeadline();
  }

  chipsAdded(seat: number, amountMinor: bigint): TableEffect[] {
    return effectsOf(this.table.chipsAdded(seat, amountMinor));
  }

  topUpRefused(seat: number, amountMinor: bigint): TableEffect[] {
    return effectsOf(this.table.topUpRefused(seat, amountMinor));
  }

  seatReleased(seat: number): TableEffect[] {
    return effectsOf(this.table.seatReleased(seat));
  }

  handCommitted(handId: string): TableEffect[] {
    return effectsOf(this.table.handCommitted(handId));
  }

  removeAtHandEnd(playerId: string, reason: RemovalReason): TableEffect[] {
    return effectsOf(this.table.removePlayerAtHandEnd(playerId, removalReasons[reason]));
  }

  connectionChanged(playerId: string, connected: boolean): TableEffect[] {
    return effectsOf(this.table.setConnected(playerId, connected));
  }

  seatOf(playerId: string): number | null {
    return this.table.seatOf(playerId);
  }

  seatedPlayerIds(): string[] {
    return this.table.seatedPlayerIds();
  }

  seatStatuses(): { seat: number; status: ReturnType<PokerTable['seats']>[number]['status'] }[] {
    return this.table.seats().map((s) => ({ seat: s.seat, status: s.status }));
  }

  runningHand(): { handId: string; handNumber: number } | null {
    return this.table.runningHand();
  }

  publicView(): ReturnType<DrivenTable['publicView']> {
    return this.table.publicView();
  }

  privateView(playerId: string): ReturnType<DrivenTable['privateView']> {
    return this.table.privateView(playerId);
  }
}
