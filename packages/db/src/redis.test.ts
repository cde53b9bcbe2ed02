import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { coalesceRedisWrites, createRedis, redisReady, type Redis } from './redis.ts';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test-redis-coalesce-${randomBytes(4).toString('hex')}`;
const connections: Redis[] = [];

afterAll(async () => {
  const [first] = connections;
  if (first) await first.del(`${prefix}:a`, `${prefix}:b`);
  for (const redis of connections) redis.disconnect();
});

/** A ready connection whose socket writes (system calls: one per `_write` or `_writev`) are counted. */
async function counted(name: string): Promise<{ redis: Redis; writes: () => number }> {
  const redis = createRedis({ redisUrl, connectionName: name });
  connections.push(redis);
  await redisReady(redis);
  const socket = redis.stream as unknown as {
    _write: (...args: unknown[]) => unknown;
    _writev: (...args: unknown[]) => unknown;
  };
  let writes = 0;
  const write = socket._write.bind(socket);
  const writev = socket._writev.bind(socket);
  socket._write = (...args) => (writes++, write(...args));
  socket._writev = (...args) => (writes++, writev(...args));
  return { redis, writes: () => writes };
}

/** What a poker action asks of Redis in one turn: a read, a claim, a pipeline of publishes. */
async function oneTurn(redis: Redis): Promise<unknown[]> {
  const pipeline = redis.pipeline().publish(`${prefix}:channel`, 'x').publish(`${prefix}:channel`, 'y');
  return Promise.all([
    redis.set(`${prefix}:a`, '1'),
    redis.get(`${prefix}:a`),
    redis.set(`${prefix}:b`, 'claimed', 'PX', 60_000, 'NX'),
    pipeline.exec(),
    redis.incr(`${prefix}:a`),
  ]);
}

describe('Redis writes coalesced per turn (issue 16, D-1848)', () => {
  it('issue 16 D-1848: the commands and pipelines of one turn leave the connection in one socket write, in their order, each with its own reply', async () => {
    const plain = await counted('coalesce-plain');
    const before = plain.writes();
    const plainReplies = await oneTurn(plain.redis);
    // Without coalescing, a write per command and one per pipeline: what the counting measures.
    expect(plain.writes() - before).toBe(5);
    await plain.redis.del(`${prefix}:a`, `${prefix}:b`);

    const coalesced = await counted('coalesce-turn');
    coalesceRedisWrites(coalesced.redis);
    coalesceRedisWrites(coalesced.redis); // idempotent: one cork per turn whatever the calls
    const from = coalesced.writes();
    const replies = await oneTurn(coalesced.redis);
    expect(coalesced.writes() - from).toBe(1);
    // Same replies in the same order: the GET saw the SET before it, the INCR after both.
    expect(replies).toEqual(plainReplies);
    expect(replies.slice(0, 3)).toEqual(['OK', '1', 'OK']);
    expect(replies[4]).toBe(2);

    // A later turn is a write of its own (the cork ends with the turn), and a command alone still answers.
    const next = coalesced.writes();
    expect(await coalesced.redis.get(`${prefix}:b`)).toBe('claimed');
    expect(coalesced.writes() - next).toBe(1);
  });
});
