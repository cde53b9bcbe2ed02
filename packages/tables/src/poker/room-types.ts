import type { CurrencyCode } from '@casino/core';
import type { ChipPurchaseKind, ChipPurchasePayment, ChipPurchaseReceipt } from './room-ports.ts';
import type { PlayerCommand, PrivateSeatView, PublicTableView } from './runtime-types.ts';

/**
 * What the game service's routes and WebSocket ask of the poker room (issue 16). `PokerRoom` is
 * implemented by the driver (packages/tables/src/poker/room.ts): it routes a command to the
 * instance that holds the table's lease (itself, or another one over Redis), which applies it to the
 * in-memory `PokerTable` and commits money effects before answering. Routes stay thin: parse,
 * authorise, call, map the result.
 */
export interface PokerLobbyEntry {
  readonly tableId: string;
  readonly name: string;
  readonly profileId: string;
  /** The engine's variant id ("holdem/no-limit") and its display name. */
  readonly variant: string;
  readonly variantName: string;
  readonly structure: 'no-limit' | 'pot-limit' | 'fixed-limit' | 'mixed';
  readonly currency: string;
  readonly smallBlindMinor: string;
  readonly bigBlindMinor: string;
  readonly anteMinor: string;
  readonly straddleMinor: string;
  readonly buyInMinMinor: string;
  readonly buyInMaxMinor: string | null;
  readonly seatsMax: number;
  readonly seatsTaken: number;
  readonly averagePotMinor: string;
  readonly handsPerHour: number;
  readonly rake: { readonly rateBps: number; readonly capPerHandMinor: string | null; readonly noFlopNoDrop: boolean };
  readonly actionTimeMs: number;
  readonly timeBankMs: number;
  /** Run it twice on offer (issue 18): the most runs, null = never. */
  readonly runItTimesMax?: number | null;
  /** The bad-beat jackpot this table plays for (issue 18): its size now and the drop; null = none. */
  readonly badBeatJackpot?: { readonly sizeMinor: string; readonly dropMinor: string } | null;
  /**
   * A speed-poker pool (issue 18; always indicated before entry, 004:GAM-PT-06): the seats of each
   * table a hand is dealt at and whether a player may fold before their turn; `seatsMax` and
   * `seatsTaken` count the pool's players. Null: a table.
   */
  readonly speedPool?: { readonly tableSeats: number; readonly foldBeforeTurn: boolean } | null;
  /** Players in the table's waiting list (issue 18, 003:R-TBL-04); null = the table has none. */
  readonly waitingListLength?: number | null;
}

export interface SitRequest {
  readonly seat?: number;
  readonly buyInMinor: bigint;
  /** The wallet paying for the chips when not the table's currency (002:T-WAL-03, D-2612). */
  readonly fromWallet?: CurrencyCode;
  /** Rather wait for the big blind than post (where the profile offers the choice). */
  readonly waitForBigBlind: boolean;
}

export interface TableSnapshot {
  readonly table: PublicTableView;
  /** Present when the viewer is seated. */
  readonly mine: PrivateSeatView | null;
  /** A freed seat offered to the viewer, first in the waiting list (003:R-TBL-04): sit down before `expiresAt`. */
  readonly seatOffer?: { readonly expiresAt: string };
}

export interface PokerRoom {
  lobby(): Promise<PokerLobbyEntry[]>;
  /**
   * One table's lobby entry for a route that needs its settings (currency, profile): from a short-lived
   * per-instance cache (settings never change while a table is open), so an action does not read the lobby.
   */
  table(tableId: string): Promise<PokerLobbyEntry | null>;
  snapshot(tableId: string, viewerPlayerId: string | null): Promise<TableSnapshot>;
  /**
   * `commandId`: the client's idempotency key (per player): a command the table has seen is not
   * applied again (a retry after a timed-out forward), its outcome is answered instead.
   */
  sit(tableId: string, playerId: string, request: SitRequest, options?: { commandId?: string }): Promise<TableSnapshot>;
  command(tableId: string, playerId: string, command: PlayerCommand, options?: { commandId?: string }): Promise<TableSnapshot>;
  /**
   * The same command, exactly once per `commandId` as `command`, answered with nothing: the
   * WebSocket's commands (D-1786), whose caller learns the new state from the pushes, so no snapshot
   * is built, forwarded or serialised for the answer.
   */
  submit(tableId: string, playerId: string, command: PlayerCommand, options: { commandId: string }): Promise<void>;
  chat(tableId: string, playerId: string, text: string): Promise<void>;
  /** Staff and compliance: remove at the end of the running hand, chips credited (block, self-exclusion, listing, time used up). */
  removePlayerEverywhere(
    playerId: string,
    reason: 'blocked' | 'self-excluded' | 'listed' | 'time-limit' | 'closed',
  ): Promise<void>;
  /** Presence from the WebSocket (a disconnected player is treated by the profile's time-out rule). */
  connectionChanged(tableId: string, playerId: string, connected: boolean): Promise<void>;
  /**
   * A tournament's rebuy, add-on, re-entry or late registration (issue 19, D-1936), run on the instance
   * driving the tournament, exactly once per (player, `commandId`). Absent where no tournament is driven.
   */
  buyChips?(
    tournamentId: string,
    playerId: string,
    kind: ChipPurchaseKind,
    options: { commandId: string } & ChipPurchasePayment,
  ): Promise<ChipPurchaseReceipt>;
  /** Joins the waiting list of a full table (issue 18, 003:R-TBL-04): the place (1 = next) and the list's length. */
  joinWaitingList(tableId: string, playerId: string): Promise<{ place: number; length: number }>;
  /** Leaves the waiting list; a running seat offer is declined and goes to the next in line. */
  leaveWaitingList(tableId: string, playerId: string): Promise<void>;
  start(): Promise<void>;
  /** Graceful: stop taking commands, let leases go (a running hand is voided, every chip back). */
  stop(): Promise<void>;
}
