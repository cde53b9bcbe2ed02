import { createHash } from 'node:crypto';
import { DomainError } from '@casino/core';
import type { Redis } from '@casino/db';

/** How long a poker command's answer is kept for its Idempotency-Key: longer than any client retries. */
export const pokerCommandReplayTtlMs = 24 * 60 * 60 * 1000;

/**
 * Idempotency of the poker commands that move money or decide a turn (sit with a buy-in, act, top
 * up), as roulette's actions are (docs/game-service.md "Money"; D-1712). A poker table lives in the
 * memory of the instance that holds its lease, not in a row a request could lock, so the first
 * answer is kept in Redis under the player's key: the same key and command again returns it
 * (`replayed`), even from another instance; the same key with another command is
 * `409 idempotency-key-reused`; a retry racing its first attempt is `409 conflict`. A refused command
 * changed nothing and keeps no answer here; the table, which remembers its recent command ids, refuses
 * it again under the same key, so a new attempt takes a new key.
 */
export class PokerCommandReplay {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlMs = pokerCommandReplayTtlMs,
  ) {}

  /**
   * `options.recordLater` (the table socket's commands, D-1849): the answer is returned as soon as the
   * command is applied, and the promise of its record is handed to `recordLater` instead of awaited.
   * The socket's answer then leaves in the same turn (and write) as the pushes of the change, not a
   * Redis round trip later. Nothing is weaker: until the record is written the claim stands, so a retry
   * meanwhile is `409 conflict` as it was while the first attempt ran, and a process that dies before
   * writing it leaves the claim as one dying between the command and the record always did.
   */
  async run<T extends object>(
    playerId: string,
    idempotencyKey: string,
    command: unknown,
    execute: () => Promise<T>,
    options?: { recordLater?: (recorded: Promise<void>) => void },
  ): Promise<T & { replayed: boolean }> {
    const key = `${this.prefix}:poker:command:${playerId}:${idempotencyKey}`;
    const fingerprint = fingerprintOf(command);
    const claimed = await this.redis.set(key, JSON.stringify({ fingerprint, answer: null }), 'PX', this.ttlMs, 'NX');
    if (claimed !== 'OK') return this.replay<T>(key, fingerprint);
    let answer: T;
    try {
      answer = await execute();
    } catch (error) {
      await this.redis.del(key);
      throw error;
    }
    // A record that cannot be written releases the claim, as a refused command does (the table, which
    // remembers the command id, answers a retry without applying it again).
    const recorded = this.redis.set(key, JSON.stringify({ fingerprint, answer }), 'PX', this.ttlMs).then(
      () => undefined,
      async (error: unknown) => {
        await this.redis.del(key);
        throw error;
      },
    );
    if (options?.recordLater) options.recordLater(recorded);
    else await recorded;
    return { ...answer, replayed: false };
  }

  private async replay<T>(key: string, fingerprint: string): Promise<T & { replayed: boolean }> {
    const stored = await this.redis.get(key);
    // Released between the two calls (the first attempt was refused): the client may simply send it again.
    if (stored === null) throw new DomainError('conflict', 'The first request with this Idempotency-Key is being answered.');
    const first = JSON.parse(stored) as { fingerprint: string; answer: T | null };
    if (first.fingerprint !== fingerprint)
      throw new DomainError('idempotency-key-reused', 'This Idempotency-Key was used for another command.', {
        field: 'header.idempotency-key',
      });
    if (first.answer === null)
      throw new DomainError('conflict', 'The first request with this Idempotency-Key is still being answered.');
    return { ...first.answer, replayed: true };
  }
}

/** The command as text: amounts are bigint, which JSON cannot carry. */
function fingerprintOf(command: unknown): string {
  return JSON.stringify(command, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
}

/**
 * The room's command id for a player's Idempotency-Key: the same key gives the same id, so a retry
 * the table has already applied (its forward timed out, say) is answered, not applied again.
 */
export function commandIdOf(playerId: string, idempotencyKey: string): string {
  const hex = createHash('sha256').update(`poker-command:${playerId}:${idempotencyKey}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
