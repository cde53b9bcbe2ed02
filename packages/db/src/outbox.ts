import { newId, type OutboxMessageId } from '@casino/core';
import type { Db, Tx } from './client.ts';
import { Prisma } from './generated/client.ts';

/**
 * The transactional outbox. Business code calls `enqueueOutboxMessage(tx, …)` inside the
 * transaction that makes the change, so the event exists if and only if the change committed.
 * The worker relays pending messages to the queue; delivery is at-least-once, and consumers
 * make handling idempotent with `handleOnce` (inbox.ts).
 *
 * Secrets (an SMS code, an e-mail confirmation token) never sit in the table in plaintext: the
 * producer encrypts them into the payload's reserved member `sealed` (see `outboxSealedKey`), the
 * consumer decrypts it, and the relay removes it from the row in the transaction that marks the
 * row relayed, so a relayed row keeps no secret at all, not even encrypted (issue 14 (12)). The
 * queued job still carries the ciphertext for BullMQ's retries.
 */
/** The payload member that holds the producer's encrypted secrets; purged once the message is relayed. */
export const outboxSealedKey = 'sealed';

export interface OutboxMessageInput {
  topic: string;
  payload: Prisma.InputJsonValue;
  version?: number;
  /** Deliver no earlier than this (for delayed work). */
  availableAt?: Date;
}

export interface OutboxMessage {
  id: OutboxMessageId;
  topic: string;
  version: number;
  payload: unknown;
  attempts: number;
}

export async function enqueueOutboxMessage(tx: Tx | Db, input: OutboxMessageInput): Promise<OutboxMessageId> {
  const id = newId<OutboxMessageId>();
  await tx.outboxMessage.create({
    data: {
      id,
      topic: input.topic,
      version: input.version ?? 1,
      payload: input.payload,
      ...(input.availableAt ? { availableAt: input.availableAt } : {}),
    },
  });
  return id;
}

/**
 * Several messages of one change in one statement (a poker hand's monitoring events, D-1791): one
 * multi-row INSERT instead of a round trip each. Same rows as `enqueueOutboxMessage` one by one;
 * their ids are returned in the order given.
 */
export async function enqueueOutboxMessages(tx: Tx | Db, inputs: readonly OutboxMessageInput[]): Promise<OutboxMessageId[]> {
  if (inputs.length === 0) return [];
  if (inputs.length === 1) return [await enqueueOutboxMessage(tx, inputs[0]!)];
  const rows = inputs.map((input) => ({
    id: newId<OutboxMessageId>(),
    topic: input.topic,
    version: input.version ?? 1,
    payload: input.payload,
    ...(input.availableAt ? { availableAt: input.availableAt } : {}),
  }));
  await tx.outboxMessage.createMany({ data: rows });
  return rows.map((row) => row.id);
}

export interface RelayOptions {
  batchSizeMax: number;
  /** Delay before a message whose publish failed is tried again. */
  retryDelayMs: number;
}

/**
 * Claims up to `batchSizeMax` due messages (rows locked with SKIP LOCKED, so several relays can
 * run side by side), publishes each, and marks it relayed in the same transaction. A crash after
 * publishing and before commit publishes the message again later: at-least-once by design. The
 * payload's `sealed` secrets are removed from the row as it is marked relayed.
 * Returns the number of messages relayed.
 */
export async function relayOutboxBatch(
  db: Db,
  publish: (message: OutboxMessage) => Promise<void>,
  options: RelayOptions,
): Promise<number> {
  return db.$transaction(
    async (tx) => {
      const due = await tx.$queryRaw<Array<{ id: string; topic: string; version: number; payload: unknown; attempts: number }>>`
      SELECT id, topic, version, payload, attempts FROM outbox_message
      WHERE relayed_at IS NULL AND available_at <= now()
      ORDER BY created_at, id
      LIMIT ${options.batchSizeMax}
      FOR UPDATE SKIP LOCKED`;
      let relayed = 0;
      for (const row of due) {
        const message: OutboxMessage = { ...row, id: row.id as OutboxMessageId };
        try {
          await publish(message);
          await tx.$executeRaw`UPDATE outbox_message
          SET relayed_at = now(), attempts = attempts + 1, last_error = NULL,
              payload = CASE WHEN jsonb_typeof(payload) = 'object' THEN payload - ${outboxSealedKey}::text ELSE payload END
          WHERE id = ${row.id}::uuid`;
          relayed++;
        } catch (error) {
          const reason = error instanceof Error ? error.message.slice(0, 500) : 'unknown error';
          await tx.$executeRaw`UPDATE outbox_message
          SET attempts = attempts + 1, last_error = ${reason},
              available_at = now() + make_interval(secs => ${options.retryDelayMs / 1000})
          WHERE id = ${row.id}::uuid`;
        }
      }
      return relayed;
    },
    { timeout: 30_000, maxWait: 2_000 },
  );
}

export async function countPendingOutboxMessages(db: Db): Promise<number> {
  return db.outboxMessage.count({ where: { relayedAt: null } });
}
