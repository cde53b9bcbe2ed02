import type pg from 'pg';
import { pgPoolOf, type Db } from './client.ts';
import { retryingAbortedTransactions, type RetryOptions } from './transaction.ts';

/** A pooled node-postgres connection inside `pgTransaction`: statements only, no ORM. */
export type PgClient = Pick<pg.PoolClient, 'query'>;

/** Returned by a `pgTransaction` body that wants its transaction rolled back instead of committed. */
export const rollBack: unique symbol = Symbol('rollBack');

/**
 * One database transaction on a connection of the Prisma client's own pool, for a hot path that sends a
 * few named prepared statements instead of an interactive ORM transaction (issue 22, D-2260): BEGIN, the
 * body's statements, COMMIT (or ROLLBACK when the body throws or returns `rollBack`). A serialization
 * failure or a deadlock runs the whole body again, like `transaction()`, so the body must be safe to
 * run again. READ COMMITTED is the connection's default (createDb pins it).
 */
export async function pgTransaction<T>(
  db: Db,
  body: (client: PgClient) => Promise<T | typeof rollBack>,
  options: RetryOptions = {},
): Promise<T | typeof rollBack> {
  const pool = pgPoolOf(db);
  return retryingAbortedTransactions(async () => {
    // A wait for a connection that runs out throws pg-pool's own error, which the apps answer 503 (packages/http, unavailable.ts).
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await body(client);
      await client.query(result === rollBack ? 'ROLLBACK' : 'COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: Error) => {
        // The connection is unusable (it died mid-transaction): the pool drops it instead of reusing it.
        broken = rollbackError;
      });
      throw error;
    } finally {
      client.release(broken);
    }
  }, options);
}
