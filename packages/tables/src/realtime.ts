import type { Redis } from '@casino/db';
import type { Presence, TableBroadcaster } from './context.ts';
import type { PrivateSeatView, PublicTableView } from './poker/runtime-types.ts';
import type { Wire } from './wire.ts';

/**
 * Real time across instances: a change is published on Redis after its transaction commits, and
 * every game-service instance forwards it to the sockets it holds (a player may be connected to any
 * instance). Presence is one Redis key per connection with a time to live, refreshed while the
 * socket is open, so a crashed instance's connections vanish on their own.
 */
export type RoundMessage = {
  type: 'round';
  tableId: string;
  roundId: string;
  kind: 'live' | 'temporary';
  version: number;
  phase: string;
  deadlineAt: string | null;
  currency: string;
  events: Wire;
  view: Wire;
};

export type TableMessage =
  | RoundMessage
  | { type: 'seats'; tableId: string; seats: Array<{ seat: number; status: 'seated' | 'leaving' }> }
  | { type: 'chat'; tableId: string; seat: number; text: string; at: string }
  /** A poker table's public view after every change (issue 16); a client drops one older than it has (`view.version`). */
  | { type: 'poker-table'; tableId: string; view: PublicTableView };

export type PlayerMessage =
  | { type: 'seat-released'; tableId: string; seat: number; reason: 'left' | 'idle' | 'limits' }
  | { type: 'temporary-table'; tableId: string; roundId: string; originRoundId: string }
  | RoundMessage
  /** The player's own seat at a poker table (hole cards, legal actions with amounts) when it changed; null: no seat any more. */
  | { type: 'poker-seat'; tableId: string; view: PrivateSeatView | null }
  /** The running hand was interrupted (its server stopped) and voided: every chip is back as it was when the hand began. */
  | { type: 'poker-hand-voided'; tableId: string; handId: string }
  /**
   * A freed seat is offered to you, the first in the table's waiting list (003:R-TBL-04): sit down with a
   * buy-in before `expiresAt` or it goes to the next; `expiresAt` null: your offer ended (expired or the seat went).
   */
  | { type: 'poker-seat-offer'; tableId: string; expiresAt: string | null };

export const tableChannel = (prefix: string, tableId: string) => `${prefix}:games:table:${tableId}`;
export const playerChannel = (prefix: string, playerId: string) => `${prefix}:games:player:${playerId}`;

/** Publishes asked for in one turn of the event loop at most (a poker change publishes 1 + the seats whose view changed). */
const publishesPerBatchMax = 256;

/**
 * Each message is serialised once and published once. Publishes asked for in the same turn of the
 * event loop (a change's public view and the private views it changed) leave in one pipeline: one
 * write to Redis instead of one per message (docs/performance.md, issue 16). The order is kept: a
 * batch is written in the order it was asked, before any later one, on the one connection.
 */
export class RedisTableBroadcaster implements TableBroadcaster {
  private batch: Array<{ channel: string; text: string; resolve: () => void; reject: (error: unknown) => void }> | null = null;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  toTable(tableId: string, message: TableMessage): Promise<void> {
    return this.publish(tableChannel(this.prefix, tableId), JSON.stringify(message));
  }

  toPlayer(playerId: string, message: PlayerMessage): Promise<void> {
    return this.publish(playerChannel(this.prefix, playerId), JSON.stringify(message));
  }

  private publish(channel: string, text: string): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.batch === null) {
        this.batch = [];
        queueMicrotask(() => this.flush());
      }
      this.batch.push({ channel, text, resolve, reject });
      if (this.batch.length >= publishesPerBatchMax) this.flush();
    });
  }

  private flush(): void {
    const batch = this.batch;
    this.batch = null;
    if (batch === null || batch.length === 0) return;
    if (batch.length === 1) {
      const [only] = batch;
      this.redis.publish(only!.channel, only!.text).then(() => only!.resolve(), only!.reject);
      return;
    }
    const pipeline = this.redis.pipeline();
    for (const { channel, text } of batch) pipeline.publish(channel, text);
    pipeline.exec().then(
      (results) =>
        batch.forEach((entry, i) => {
          const error = results?.[i]?.[0];
          if (error) entry.reject(error);
          else entry.resolve();
        }),
      (error: unknown) => batch.forEach((entry) => entry.reject(error)),
    );
  }
}

const presenceKey = (prefix: string, tableId: string, playerId: string) => `${prefix}:games:presence:${tableId}:${playerId}`;
const connectionKey = (prefix: string, connectionId: string) => `${prefix}:games:connection:${connectionId}`;

export class RedisPresence implements Presence {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlMs: number,
  ) {}

  async connected(tableId: string, playerId: string, connectionId: string): Promise<void> {
    await this.redis
      .multi()
      .sadd(presenceKey(this.prefix, tableId, playerId), connectionId)
      .set(connectionKey(this.prefix, connectionId), '1', 'PX', this.ttlMs)
      .exec();
  }

  /** Called for each open socket more often than the time to live. */
  async refresh(connectionIds: readonly string[]): Promise<void> {
    if (connectionIds.length === 0) return;
    const batch = this.redis.multi();
    for (const id of connectionIds) batch.set(connectionKey(this.prefix, id), '1', 'PX', this.ttlMs);
    await batch.exec();
  }

  async disconnected(tableId: string, playerId: string, connectionId: string): Promise<void> {
    await this.redis
      .multi()
      .srem(presenceKey(this.prefix, tableId, playerId), connectionId)
      .del(connectionKey(this.prefix, connectionId))
      .exec();
  }

  async isConnected(tableId: string, playerId: string): Promise<boolean> {
    const members = await this.redis.smembers(presenceKey(this.prefix, tableId, playerId));
    if (members.length === 0) return false;
    const alive = await this.redis.exists(...members.map((id) => connectionKey(this.prefix, id)));
    return alive > 0;
  }
}
