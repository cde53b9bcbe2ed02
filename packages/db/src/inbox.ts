import type { Db, Tx } from './client.ts';
import { transaction } from './transaction.ts';

export type HandleOnceResult<T> = { handled: true; result: T } | { handled: false };

/**
 * Runs a consumer's effect for a message at most once: the message id is recorded in
 * `processed_message` in the same transaction as the effect, so a redelivered message (the
 * outbox and the queue both deliver at least once) finds its id and does nothing.
 */
export async function handleOnce<T>(
  db: Db,
  consumer: string,
  messageId: string,
  effect: (tx: Tx) => Promise<T>,
): Promise<HandleOnceResult<T>> {
  return transaction(db, async (tx) => {
    const inserted = await tx.$executeRaw`
      INSERT INTO processed_message (consumer, message_id) VALUES (${consumer}, ${messageId}::uuid)
      ON CONFLICT DO NOTHING`;
    if (inserted === 0) return { handled: false } as const;
    return { handled: true, result: await effect(tx) } as const;
  });
}
