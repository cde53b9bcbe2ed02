import { DomainError } from '@casino/core';
import type { WaitingListSettings } from './profile.ts';
import type { DrivenTable, TableLease } from './room-ports.ts';
import type { joinWaitingList, leaveWaitingList, offerFreeSeats, WaitingEntry } from './store-waiting-list.ts';

type WithoutDb<F> = F extends (db: never, request: infer R) => infer A ? (request: R) => A : never;

/** The store's waiting-list functions bound to the database (room-store.ts): the room's port to them. */
export interface WaitingListStore {
  join: WithoutDb<typeof joinWaitingList>;
  leave: WithoutDb<typeof leaveWaitingList>;
  /** Fenced by the lease (D-1827): the store adds this instance's id. */
  offerFreeSeats: (request: Omit<Parameters<typeof offerFreeSeats>[1], 'instanceId'>) => ReturnType<typeof offerFreeSeats>;
}

/**
 * One table's waiting list as its driver sees it (issue 18, 003:R-TBL-04). The list is in PostgreSQL
 * (store-waiting-list.ts, D-1827); the driver keeps only the running offers (to refuse the reserved
 * seats without a read, and to schedule their expiry) and whether the list is known to be empty (so
 * a table nobody waits for costs no read per action). Every method runs on the table's queue.
 */
export class TableWaitingList {
  private offers = new Map<string, Date>();
  /** False until read: a takeover reads the list at its first settle. */
  private emptyKnown = false;
  /** Everyone in the list holds an offer: a seat freeing meanwhile has nobody to go to until one joins or an offer ends. */
  private allOffered = false;

  constructor(
    private readonly store: WaitingListStore,
    /** The lease the driver holds the table by: the offers are written under it (D-1827). */
    private readonly lease: TableLease,
    readonly settings: WaitingListSettings,
    private readonly seatsMax: number,
  ) {}

  private freeSeats(table: DrivenTable): number {
    return this.seatsMax - table.seatedPlayerIds().length;
  }

  private runningOffers(now: Date): Map<string, Date> {
    return new Map([...this.offers].filter(([, expiresAt]) => expiresAt > now));
  }

  /** The seat a running offer holds is refused to anyone else (003:R-TBL-04: the seat goes in list order). */
  checkSeatFor(playerId: string, table: DrivenTable, now: Date): void {
    const offers = this.runningOffers(now);
    if (offers.has(playerId)) return;
    if (offers.size > 0 && this.freeSeats(table) <= offers.size)
      throw new DomainError('seat-reserved', 'The free seat is offered to the first in the waiting list until the offer ends.', {
        extensions: { reason: 'seat-offered', rule: '003:R-TBL-04' },
      });
  }

  /** The player sat down: out of the list (their offer, if any, is used). */
  async seated(playerId: string): Promise<void> {
    if (this.emptyKnown) return;
    await this.store.leave({ tableId: this.lease.tableId, playerId });
    this.offers.delete(playerId);
  }

  async join(playerId: string, table: DrivenTable, now: Date): Promise<{ place: number; length: number }> {
    if (table.seatOf(playerId) !== null) throw refused('already-seated', 'You already have a seat at this table.');
    if (this.freeSeats(table) > this.runningOffers(now).size)
      throw refused('seat-free', 'A seat is free at this table: sit down instead of waiting.');
    const joined = await this.store.join({
      tableId: this.lease.tableId,
      playerId,
      lengthMax: this.settings.lengthMax,
      now,
    });
    this.emptyKnown = false;
    this.allOffered = false;
    return joined;
  }

  /** Leaving the list; with an offer running this declines it, and the seat goes to the next. */
  async leave(playerId: string): Promise<boolean> {
    const left = await this.store.leave({ tableId: this.lease.tableId, playerId });
    if (!left) throw refused('not-waiting', 'You are not in the waiting list of this table.');
    this.offers.delete(playerId);
    this.emptyKnown = false;
    this.allOffered = false;
    return left;
  }

  /**
   * After every change of the table: expired offers dropped, free seats offered to the next in line.
   * Returns the offers to push (new ones, and ended ones with `expiresAt` null).
   */
  async offer(table: DrivenTable, now: Date): Promise<Array<{ playerId: string; expiresAt: Date | null }>> {
    const free = this.freeSeats(table);
    if (this.emptyKnown || (free === 0 && this.offers.size === 0)) return [];
    const hasExpired = [...this.offers.values()].some((expiresAt) => expiresAt <= now);
    if (!hasExpired && this.offers.size > 0 && (free <= this.offers.size || this.allOffered)) return [];
    const before = this.offers;
    const { list, newlyOffered } = await this.store.offerFreeSeats({
      ...this.lease,
      freeSeats: free,
      seatedPlayerIds: table.seatedPlayerIds(),
      offerMs: this.settings.offerMs,
      now,
    });
    this.offers = new Map(list.filter(offerRunning).map((e) => [e.playerId, e.offerExpiresAt!]));
    this.emptyKnown = list.length === 0;
    this.allOffered = list.every(offerRunning);
    const ended = [...before.keys()].filter((playerId) => !this.offers.has(playerId) && table.seatOf(playerId) === null);
    return [
      ...newlyOffered.map((e) => ({ playerId: e.playerId, expiresAt: e.offerExpiresAt })),
      ...ended.map((playerId) => ({ playerId, expiresAt: null })),
    ];
  }

  /** The earliest running offer's end: the driver ticks the table then. */
  nextDeadline(): Date | null {
    let earliest: Date | null = null;
    for (const expiresAt of this.offers.values()) if (earliest === null || expiresAt < earliest) earliest = expiresAt;
    return earliest;
  }

  offerOf(playerId: string, now: Date): Date | null {
    return this.runningOffers(now).get(playerId) ?? null;
  }
}

const offerRunning = (entry: WaitingEntry) => entry.offerExpiresAt !== null;

function refused(reason: string, detail: string): DomainError {
  return new DomainError('waiting-list-refused', detail, { extensions: { reason, rule: '003:R-TBL-04' } });
}

/** The earlier of two deadlines (null: none). */
export function earlier(a: Date | null, b: Date | null): Date | null {
  if (a === null) return b;
  if (b === null) return a;
  return a < b ? a : b;
}
