import { randomBytes } from 'node:crypto';
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

/**
 * Delivery to the sockets of this process, without the trip through Redis (D-1794). A change's views
 * used to reach a socket held by the instance that made the change by way of Redis: published, then
 * delivered back to this process's subscription, one more turn of the event loop on the way from an
 * action to the next player's decision. Now the publisher hands each message to this process's
 * sockets at once and publishes it for the other instances with this process's tag in front; each
 * subscription drops the messages bearing its own tag (it has delivered them already) and strips the
 * tag from the others'. So every socket gets each message exactly once, by one path or the other.
 *
 * One per Redis connection: the broadcasters and the socket hub of an app share their connection
 * (`localDeliveryOf`), so they share this, and two apps on two connections (two instances in a test)
 * do not.
 */
export class LocalDelivery {
  /** Fixed length, so a subscription compares and strips it without parsing the message. */
  readonly tag: string = `${randomBytes(4).toString('hex')}|`;
  private readonly sinks = new Set<LocalSink>();

  /** A socket hub on this connection (one per app): it forwards to the channel's sockets, if it has any. */
  attach(sink: LocalSink): void {
    this.sinks.add(sink);
  }

  detach(sink: LocalSink): void {
    this.sinks.delete(sink);
  }

  /** Never throws: a socket's trouble is not the publisher's (the table's queue, a round's commit). */
  deliver(channel: string, text: string): void {
    if (this.sinks.size === 0) return;
    const message = Buffer.from(text);
    for (const sink of this.sinks) {
      try {
        sink(channel, message);
      } catch {
        // The hub closes a failing socket on its own; the other instances' copy is published anyway.
      }
    }
  }

  /** The message as published on Redis: this process's tag, then the JSON. */
  tagged(text: string): string {
    return this.tag + text;
  }

  /** A message from Redis: null when this process published it (delivered here already), else the JSON. */
  untagged(message: Buffer): Buffer | null {
    if (message.length >= this.tag.length && message.toString('latin1', 0, this.tag.length) === this.tag) return null;
    return message.subarray(this.tag.length);
  }
}

export type LocalSink = (channel: string, message: Buffer) => void;

const deliveries = new WeakMap<Redis, LocalDelivery>();

/** The local delivery of the processes' apps sharing this Redis connection. */
export function localDeliveryOf(redis: Redis): LocalDelivery {
  let delivery = deliveries.get(redis);
  if (!delivery) deliveries.set(redis, (delivery = new LocalDelivery()));
  return delivery;
}

/** Publishes asked for in one turn of the event loop at most (a poker change publishes 1 + the seats whose view changed). */
const publishesPerBatchMax = 256;

/**
 * Each message is serialised once, handed to this process's sockets at once (`LocalDelivery`) and
 * published once for the other instances. Publishes asked for in the same turn of the event loop (a
 * change's public view and the private views it changed) leave in one pipeline: one write to Redis
 * instead of one per message (docs/performance.md, issue 16). The order is kept: a batch is written
 * in the order it was asked, before any later one, on the one connection.
 */
export class RedisTableBroadcaster implements TableBroadcaster {
  private batch: Array<{ channel: string; text: string; resolve: () => void; reject: (error: unknown) => void }> | null = null;
  private readonly local: LocalDelivery;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    this.local = localDeliveryOf(redis);
  }

  toTable(tableId: string, message: TableMessage): Promise<void> {
    return this.publish(tableChannel(this.prefix, tableId), JSON.stringify(message));
  }

  toPlayer(playerId: string, message: PlayerMessage): Promise<void> {
    return this.publish(playerChannel(this.prefix, playerId), JSON.stringify(message));
  }

  toPlayerText(playerId: string, text: string): Promise<void> {
    return this.publish(playerChannel(this.prefix, playerId), text);
  }

  private publish(channel: string, text: string): Promise<void> {
    this.local.deliver(channel, text);
    return new Promise((resolve, reject) => {
      if (this.batch === null) {
        this.batch = [];
        queueMicrotask(() => this.flush());
      }
      this.batch.push({ channel, text: this.local.tagged(text), resolve, reject });
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
