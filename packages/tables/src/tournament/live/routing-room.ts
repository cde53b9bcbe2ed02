import { DomainError } from '@casino/core';
import type { ChipPurchaseKind, ChipPurchasePayment, ChipPurchaseReceipt } from '../../poker/room-ports.ts';
import type { PokerLobbyEntry, PokerRoom, TableSnapshot } from '../../poker/room-types.ts';

/**
 * One `PokerRoom` for the routes and the WebSocket over two driven rooms (issue 19): the cash tables'
 * and the tournaments' (live/room-store.ts). A tournament is addressed as a table by its id, so a
 * player acts at a tournament table with the cash tables' own protocol (`POST …/tables/{id}/actions`,
 * the socket's `act`, D-1786). Which room an id belongs to is looked up once (ids are never reused);
 * the lobby lists the cash tables only (tournaments have their own lobby).
 */
export class PokerRoomsByTable implements PokerRoom {
  private readonly roomOf = new Map<string, PokerRoom>();

  constructor(
    private readonly cash: PokerRoom,
    private readonly tournaments: PokerRoom,
  ) {}

  lobby(): Promise<PokerLobbyEntry[]> {
    return this.cash.lobby();
  }

  async table(tableId: string): Promise<PokerLobbyEntry | null> {
    const known = this.roomOf.get(tableId);
    if (known) return known.table(tableId);
    for (const room of [this.cash, this.tournaments]) {
      const entry = await room.table(tableId);
      if (entry) {
        if (this.roomOf.size >= 10_000) this.roomOf.clear();
        this.roomOf.set(tableId, room);
        return entry;
      }
    }
    return null;
  }

  private async route(tableId: string): Promise<PokerRoom> {
    const known = this.roomOf.get(tableId);
    if (known) return known;
    await this.table(tableId);
    return this.roomOf.get(tableId) ?? this.cash;
  }

  /** At a tournament a seated player sees their own table (the tournament's channel shows its lowest-numbered one). */
  async snapshot(tableId: string, viewerPlayerId: string | null): Promise<TableSnapshot> {
    const room = await this.route(tableId);
    return this.own(room, await room.snapshot(tableId, viewerPlayerId));
  }

  /**
   * A tournament snapshot for a seated player shows their own table, whose version is that table's (the channel's view
   * of the lowest-numbered table counts its own): the read and every command's answer alike, so a page merging the
   * answers by version never takes one table's for another's (D-2036).
   */
  private own(room: PokerRoom, snapshot: TableSnapshot): TableSnapshot {
    const mine = snapshot.mine as (TableSnapshot['mine'] & { table?: TableSnapshot['table'] }) | null;
    return room === this.tournaments && mine?.table ? { table: mine.table, mine } : snapshot;
  }

  async sit(...args: Parameters<PokerRoom['sit']>): Promise<TableSnapshot> {
    return (await this.route(args[0])).sit(...args);
  }

  async joinWaitingList(...args: Parameters<PokerRoom['joinWaitingList']>): ReturnType<PokerRoom['joinWaitingList']> {
    return (await this.route(args[0])).joinWaitingList(...args);
  }

  async leaveWaitingList(...args: Parameters<PokerRoom['leaveWaitingList']>): ReturnType<PokerRoom['leaveWaitingList']> {
    return (await this.route(args[0])).leaveWaitingList(...args);
  }

  async command(...args: Parameters<PokerRoom['command']>): Promise<TableSnapshot> {
    const room = await this.route(args[0]);
    return this.own(room, await room.command(...args));
  }

  async submit(...args: Parameters<PokerRoom['submit']>): Promise<void> {
    return (await this.route(args[0])).submit(...args);
  }

  /** Rebuys, add-ons, re-entries and late registrations go to the tournaments' room (D-1936). */
  async buyChips(
    tournamentId: string,
    playerId: string,
    kind: ChipPurchaseKind,
    options: { commandId: string } & ChipPurchasePayment,
  ): Promise<ChipPurchaseReceipt> {
    if (!this.tournaments.buyChips) throw new DomainError('table-unavailable', 'No tournament room runs here.');
    return this.tournaments.buyChips(tournamentId, playerId, kind, options);
  }

  async chat(tableId: string, playerId: string, text: string): Promise<void> {
    return (await this.route(tableId)).chat(tableId, playerId, text);
  }

  /** Staff and compliance removals concern cash seats (a tournament player stays, D-1931). */
  removePlayerEverywhere(...args: Parameters<PokerRoom['removePlayerEverywhere']>): Promise<void> {
    return this.cash.removePlayerEverywhere(...args);
  }

  async connectionChanged(tableId: string, playerId: string, connected: boolean): Promise<void> {
    return (await this.route(tableId)).connectionChanged(tableId, playerId, connected);
  }

  async start(): Promise<void> {
    await Promise.all([this.cash.start(), this.tournaments.start()]);
  }

  async stop(): Promise<void> {
    await Promise.all([this.cash.stop(), this.tournaments.stop()]);
  }
}
