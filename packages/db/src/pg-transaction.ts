import { strict as assert } from 'node:assert';
import type pg from 'pg';
import { pgPoolOf, type Db, type Tx } from './client.ts';
import { retryingAbortedTransactions, type RetryOptions } from './transaction.ts';

/** A pooled node-postgres connection inside `pgTransaction`: statements only, no ORM. */
export type PgClient = Pick<pg.PoolClient, 'query'>;

/**
 * A `PgClient` over an interactive ORM transaction (issue 22, D-2270): set-based code written for a plain
 * connection (`recordPlayActivities`) runs inside a transaction that is already open, on its connection,
 * with its locks. Statements go through `$queryRawUnsafe`, values as parameters; only `rows` is answered.
 */
export function pgClientOfTx(tx: Tx): PgClient {
  return {
    query: (async (text: string, values: unknown[] = []) => ({
      rows: await tx.$queryRawUnsafe(text, ...values),
    })) as unknown as PgClient['query'],
  };
}

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

/**
 * A statement whose values are inlined as quoted literals, for the simple-query protocol that lets one
 * round trip carry several statements. Every value is rendered as node-postgres renders an untyped
 * parameter (null as NULL, a Date as its ISO instant, an object as its JSON, anything else as its
 * text) and quoted as node-postgres's `escapeLiteral` quotes, so PostgreSQL resolves each one against the function's or
 * the cast's type exactly as it resolves a parameter of unknown type. Arrays and bytes are not needed
 * and not supported.
 */
export function inlineStatement(text: string, values: readonly unknown[]): string {
  return text.replace(/\$(\d+)/g, (_match, digits: string) => {
    const index = Number(digits) - 1;
    if (index < 0 || index >= values.length) throw new Error(`inlineStatement: no value for $${digits}`);
    const value = values[index];
    if (value === null || value === undefined) return 'NULL';
    if (value instanceof Date) return quoteLiteral(value.toISOString());
    if (Array.isArray(value) || Buffer.isBuffer(value)) throw new Error('inlineStatement: arrays and bytes are not supported');
    return quoteLiteral(typeof value === 'object' ? JSON.stringify(value) : String(value));
  });
}

/**
 * node-postgres's `escapeLiteral` without its character-by-character copy (a round's state is tens of
 * kilobytes): quotes doubled, and when there is a backslash an E'' string with backslashes doubled.
 */
function quoteLiteral(text: string): string {
  const hasBackslash = text.includes('\\');
  if (!hasBackslash && !text.includes("'")) return `'${text}'`;
  return `${hasBackslash ? ' E' : ''}'${text.replace(/['\\]/g, '$&$&')}'`;
}

/** What a `pgBatchedTransaction` body sends: its first statement with BEGIN, its last with COMMIT. */
export interface BatchedTransaction {
  /** `BEGIN; <statement>` in one round trip; the statement's rows. */
  begin<R extends object>(text: string, values: readonly unknown[]): Promise<R[]>;
  /** `<statement>; COMMIT` in one round trip; the statement's rows. After it the body returns. */
  commit<R extends object>(text: string, values: readonly unknown[]): Promise<R[]>;
}

/**
 * `pgTransaction` in two round trips for a body of two statements with a decision between them (issue 22,
 * D-2264): BEGIN rides with the first statement and COMMIT with the last, as one simple-protocol query
 * each (values inlined by `inlineStatement`). PostgreSQL runs a multi-statement query's parts in order
 * and stops at the first error, so a failing first statement leaves an aborted transaction and a
 * failing last one never reaches its COMMIT: either way the transaction is rolled back here, as when
 * the body throws, or returns `rollBack` (then ROLLBACK is one more round trip). A deadlock or
 * serialization failure runs the body again, like `transaction()`.
 */
export async function pgBatchedTransaction<T>(
  db: Db,
  body: (tx: BatchedTransaction) => Promise<T | typeof rollBack>,
  options: RetryOptions = {},
): Promise<T | typeof rollBack> {
  const pool = pgPoolOf(db);
  return retryingAbortedTransactions(async () => {
    const client = await pool.connect();
    let broken: Error | undefined;
    let open = false;
    let committed = false;
    const rowsOfLast = <R extends object>(results: unknown): R[] => {
      const list = results as Array<{ rows: R[] }>;
      assert(Array.isArray(list) && list.length === 2, 'a batched statement answers two results');
      return list[1]!.rows;
    };
    const rowsOfFirst = <R extends object>(results: unknown): R[] => {
      const list = results as Array<{ rows: R[] }>;
      assert(Array.isArray(list) && list.length === 2, 'a batched statement answers two results');
      return list[0]!.rows;
    };
    const tx: BatchedTransaction = {
      async begin<R extends object>(text: string, values: readonly unknown[]) {
        assert(!open, 'begin is the first statement');
        open = true;
        return rowsOfLast<R>(await client.query(`BEGIN; ${inlineStatement(text, values)}`));
      },
      async commit<R extends object>(text: string, values: readonly unknown[]) {
        assert(open && !committed, 'commit follows begin, once');
        const rows = rowsOfFirst<R>(await client.query(`${inlineStatement(text, values)}; COMMIT`));
        committed = true;
        return rows;
      },
    };
    try {
      const result = await body(tx);
      if (result === rollBack) {
        if (open && !committed) await client.query('ROLLBACK');
      } else {
        assert(committed, 'a batched transaction that does not roll back commits through commit()');
      }
      return result;
    } catch (error) {
      if (open && !committed) {
        await client.query('ROLLBACK').catch((rollbackError: Error) => {
          // The connection is unusable (it died mid-transaction): the pool drops it instead of reusing it.
          broken = rollbackError;
        });
      }
      throw error;
    } finally {
      client.release(broken);
    }
  }, options);
}
