import type { CurrencyCode } from '@casino/core';
import type { PokerLobbyEntry } from './room-types.ts';
import type { WaitingListStore } from './waiting-list.ts';
import type {
  CompletedHand,
  PlayerCommand,
  PokerTableSetup,
  PrivateSeatView,
  PublicTableView,
  SeatStatus,
  TableEffect,
} from './runtime-types.ts';

/**
 * What the room (the driver) needs of the in-memory table and of the store, as two ports: the room
 * is written against these, `createPokerRoom` binds them to `PokerTable` (table.ts) and the store
 * functions (store.ts). Every store call that writes carries the lease's fencing token and throws
 * `LeaseLost` when another instance has taken the table (the write is then not made).
 */
/** A tournament's chip purchase over the player API (issue 19, D-1936). */
export type ChipPurchaseKind = 'rebuy' | 'add-on' | 're-entry' | 'late-registration';

/**
 * Which wallet pays a tournament purchase and the debit the player confirmed (issue 26, D-2618): plain data, so it is
 * forwarded between instances as it is. Neither: the wallet in the tournament's currency, else the profile's first.
 */
export interface ChipPurchasePayment {
  readonly fromWallet?: CurrencyCode;
  readonly confirmedDebit?: { readonly amount: string; readonly currency: CurrencyCode };
}

/** What a purchase answers (the first answer again for a command id seen before). */
export interface ChipPurchaseReceipt {
  readonly kind: ChipPurchaseKind;
  readonly entryId: string;
  readonly chips: bigint;
  readonly ledgerTransactionId: string | null;
  readonly replayed: boolean;
}

export interface DrivenTable {
  /** Seats a player whose buy-in has committed. */
  seatPlayer(
    seat: { seat: number; playerId: string; alias: string; stackMinor: bigint; waitForBigBlind: boolean },
    now: Date,
  ): TableEffect[];
  /** The seat a newcomer would get (their choice if free), or a refusal (table-full, seat-taken, already-seated). */
  chooseSeat(playerId: string, wanted: number | undefined): number;
  command(playerId: string, command: PlayerCommand, now: Date): TableEffect[];
  /** The clock: the turn timed out, the pause between hands is over (a hand starts with `newHandId` and the rng). */
  tick(now: Date): TableEffect[];
  nextDeadline(): Date | null;
  chipsAdded(seat: number, amountMinor: bigint, now: Date): TableEffect[];
  /** A top-up the store refused (limits, funds): the table forgets it. */
  topUpRefused(seat: number, amountMinor: bigint, now: Date): TableEffect[];
  seatReleased(seat: number, now: Date): TableEffect[];
  handCommitted(handId: string, now: Date): TableEffect[];
  removeAtHandEnd(playerId: string, reason: RemovalReason, now: Date): TableEffect[];
  /** A tournament floor (D-1936): checks a purchase now and returns what the store pays for; throws the refusal. */
  planPurchase?(playerId: string, kind: ChipPurchaseKind, now: Date): unknown;
  /** A purchase the store paid for (and persisted): applied, chips from the next hand. */
  purchased?(plan: unknown, alias: string, now: Date): TableEffect[];
  /** Seat and status of every seated player (stored with each hand's commit: what a takeover restores). */
  seatStatuses(): { seat: number; status: SeatStatus }[];
  connectionChanged(playerId: string, connected: boolean, now: Date): TableEffect[];
  seatOf(playerId: string): number | null;
  seatedPlayerIds(): string[];
  /**
   * The players whose private view may have changed since the last call, when the table knows (a
   * speed pool of hundreds of players, issue 18); absent: every seated player's view is compared.
   */
  changedPlayerIds?(): string[];
  /**
   * True for a table that goes on playing while its ended hands are committed (a speed pool, D-1807):
   * the driver commits them off the table's queue, one at a time in the order they ended, and tells
   * the table `handCommitted` on the queue afterwards. Absent: each hand is committed on the queue
   * before the table hears anything more.
   */
  readonly commitsOffQueue?: boolean;
  /** The hand being played, if any (the driver marks it running in the store before anyone sees it). */
  runningHand(): { handId: string; handNumber: number } | null;
  publicView(now: Date): PublicTableView;
  privateView(playerId: string, now: Date): PrivateSeatView | null;
}

/** The lease a write is made under: the table and the fencing epoch the lease was taken at (store-lease.ts). */
export interface TableLease {
  readonly tableId: string;
  readonly epoch: number;
}

export interface PokerRoomStore {
  /** The tables' waiting lists (issue 18, 003:R-TBL-04); absent: no table offers one. */
  waitingLists?: WaitingListStore;
  acquireTableLease(request: { tableId: string; instanceId: string; ttlMs: number; now: Date }): Promise<TableLease | null>;
  /** One statement for every lease held; returns the ids of the tables whose lease is lost. */
  renewTableLeases(request: { instanceId: string; leases: readonly TableLease[]; ttlMs: number; now: Date }): Promise<string[]>;
  releaseTableLease(lease: TableLease): Promise<void>;
  /** Tables with seated players and no live lease (their holder is gone), at most `limit`. */
  findTablesNeedingDriver(request: { now: Date; limit: number }): Promise<string[]>;
  /** The instance that holds a live lease on the table, or null; throws not-found for an unknown table. */
  findTableHolder(request: { tableId: string; now: Date }): Promise<string | null>;
  /** The table as stored (called after `voidInterruptedHand`: the stacks are those a new hand starts from). */
  loadTableForDriving(lease: TableLease): Promise<{ setup: PokerTableSetup }>;
  /** The interrupted hand voided: every chip back (stored stacks are start-of-hand stacks), no rake, a voided record. */
  voidInterruptedHand(lease: TableLease, request: { now: Date }): Promise<{ handId: string; playerIds: string[] } | null>;
  markHandRunning(lease: TableLease, hand: { handId: string; handNumber: number; now: Date }): Promise<void>;
  buyIn(
    lease: TableLease,
    request: { playerId: string; seat: number; amountMinor: bigint; fromWallet?: CurrencyCode; now: Date },
  ): Promise<{ alias: string; stackMinor: bigint }>;
  /** `requestId` makes a retried top-up post once. */
  topUp(
    lease: TableLease,
    request: { playerId: string; seat: number; amountMinor: bigint; requestId: string; now: Date },
  ): Promise<void>;
  releaseSeat(
    lease: TableLease,
    request: { playerId: string; seat: number; stackMinor: bigint; reason: string; now: Date },
  ): Promise<void>;
  /**
   * The hand's record, stacks and rake in one transaction. Returns the players who may play no longer
   * (playing time used up, excluded meanwhile: the limits' `stop` after the hand): they are removed.
   */
  commitHand(
    lease: TableLease,
    request: { hand: CompletedHand; seatStatuses: readonly { seat: number; status: SeatStatus }[]; now: Date },
  ): Promise<{ stoppingPlayerIds: readonly string[] }>;
  /**
   * A speed pool's ended hands, in the order they ended, in one transaction (D-1870): all stored or
   * none. Returns the players of any of them who may play no longer. Optional: without it the room
   * commits a pool's hands one at a time through `commitHand`.
   */
  commitPoolHands?(
    lease: TableLease,
    request: { hands: readonly CompletedHand[]; now: Date },
  ): Promise<{ stoppingPlayerIds: readonly string[] }>;
  /**
   * A tournament purchase (D-1936), exactly once per (player, `commandId`): one found paid answers
   * again (`replayed`, nothing applied); else `plan()` checks it, the money moves, the entry or its
   * purchase is recorded and the floor's state with it persisted, all in one transaction under the fence.
   */
  buyChips?(
    lease: TableLease,
    request: {
      playerId: string;
      kind: ChipPurchaseKind;
      commandId: string;
      payment?: ChipPurchasePayment;
      plan: () => unknown;
      now: Date;
    },
  ): Promise<{ receipt: ChipPurchaseReceipt; plan: unknown; alias: string }>;
  /** Writes a tournament floor's state changed outside a hand (the `checkpoint` effect), finishing it when over. */
  checkpoint?(lease: TableLease, request: { now: Date }): Promise<void>;
  /** The tables where the player has a seat (any state). */
  findSeatsOfPlayer(playerId: string): Promise<string[]>;
  lobby(): Promise<PokerLobbyEntry[]>;
}

/** Why staff, compliance or the limits remove a player at hand end. */
export type RemovalReason = 'blocked' | 'self-excluded' | 'listed' | 'time-limit' | 'closed';

/** Builds the in-memory table for a lease taken (`PokerTable` in production). */
export type DrivenTableFactory = (setup: PokerTableSetup) => DrivenTable;

/** Thrown by the store when the lease's fencing token is no longer the table's: stop driving it at once. */
export function isLeaseLost(error: unknown): boolean {
  return error instanceof Error && error.name === 'LeaseLost';
}
