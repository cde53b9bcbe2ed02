import { randomBytes } from 'node:crypto';
import { waitFor } from '@casino/core/testing';
import { createRedis, redisReady, type Redis } from '@casino/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seatMessageText } from './poker/room.ts';
import type { PrivateSeatView } from './poker/runtime-types.ts';
import { localDeliveryOf, playerChannel, RedisTableBroadcaster, tableChannel } from './realtime.ts';

/**
 * D-1794: a change reaches this process's sockets at once and the other instances' through Redis, and
 * every socket gets each message exactly once. Two connections stand for two instances; each "hub"
 * is what the game service's socket hub does: a local sink plus a subscription that drops its own
 * process's copies.
 */
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test-realtime-${randomBytes(4).toString('hex')}`;
const connections: Redis[] = [];

function connect(name: string): Redis {
  const redis = createRedis({ redisUrl, connectionName: name });
  connections.push(redis);
  return redis;
}

/** A socket hub on `redis`: the messages it would forward to a socket of `channel`, by path. */
async function hub(redis: Redis, channel: string): Promise<{ local: string[]; fromRedis: string[]; all: () => string[] }> {
  const local: string[] = [];
  const fromRedis: string[] = [];
  const delivery = localDeliveryOf(redis);
  delivery.attach((ch, message) => ch === channel && local.push(message.toString()));
  const subscriber = redis.duplicate();
  connections.push(subscriber);
  subscriber.on('messageBuffer', (ch: Buffer, message: Buffer) => {
    const json = delivery.untagged(message);
    if (json !== null && ch.toString() === channel) fromRedis.push(json.toString());
  });
  await redisReady(subscriber);
  await subscriber.subscribe(channel);
  return { local, fromRedis, all: () => [...local, ...fromRedis] };
}

beforeAll(async () => {
  const a = connect('realtime-a');
  const b = connect('realtime-b');
  await Promise.all([redisReady(a), redisReady(b)]);
});

afterAll(() => {
  for (const redis of connections) redis.disconnect();
});

describe('real time across instances (D-1794)', () => {
  it('issue 16: a table message reaches the publishing instance’s sockets at once and the other instance’s through Redis, each exactly once', async () => {
    const [a, b] = connections as [Redis, Redis];
    const tableId = 'table-1';
    const channel = tableChannel(prefix, tableId);
    const here = await hub(a, channel);
    const there = await hub(b, channel);
    const broadcaster = new RedisTableBroadcaster(a, prefix);
    const chat = (n: number) => ({ type: 'chat' as const, tableId, seat: 1, text: `m${n}`, at: '2026-11-27T00:00:00.000Z' });

    const published = [0, 1, 2, 3, 4].map((n) => broadcaster.toTable(tableId, chat(n)));
    // The publishing process's sockets have them before Redis has answered.
    expect(here.local.map((m) => JSON.parse(m).text)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    await Promise.all(published);
    // Then the other instance publishes: Redis delivers in publish order, so once its message is
    // here, the copies of the first five have passed this subscription too, and were dropped.
    await new RedisTableBroadcaster(b, prefix).toTable(tableId, chat(5));
    await waitFor(() => here.fromRedis.length >= 1 && there.fromRedis.length >= 5, { what: 'both subscriptions caught up' });
    expect(here.all().map((m) => JSON.parse(m).text)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4', 'm5']);
    expect(
      there
        .all()
        .map((m) => JSON.parse(m).text)
        .sort(),
    ).toEqual(['m0', 'm1', 'm2', 'm3', 'm4', 'm5']);
    expect(there.local.map((m) => JSON.parse(m).text)).toEqual(['m5']);
  });
});

describe('a seat view serialised once (D-1850)', () => {
  it('issue 16 D-1850: a poker seat message sent as text carries the bytes JSON.stringify makes of the message, to this process and the other instances alike', async () => {
    const [a, b] = connections as [Redis, Redis];
    const playerId = 'player-1';
    const channel = playerChannel(prefix, playerId);
    const here = await hub(a, channel);
    const there = await hub(b, channel);
    const view = {
      seat: 2,
      holeCards: ['As', 'Kd'],
      stackMinor: '20000',
      legalActions: [{ action: 'raise', minMinor: '400', maxMinor: '20000' }],
      note: 'quote " and \\ and ü',
    } as unknown as PrivateSeatView;
    const object = { type: 'poker-seat' as const, tableId: 'table-"2"', view };
    const text = seatMessageText(object.tableId, JSON.stringify(view));
    expect(text).toBe(JSON.stringify(object));
    await new RedisTableBroadcaster(a, prefix).toPlayerText(playerId, text);
    await waitFor(() => there.fromRedis.length >= 1 || null, { what: 'the other instance’s copy' });
    expect(here.local).toEqual([JSON.stringify(object)]);
    expect(there.fromRedis).toEqual([JSON.stringify(object)]);
    expect(JSON.parse(there.fromRedis[0]!)).toEqual(object);
  });
});
