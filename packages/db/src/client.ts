import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from './generated/client.ts';

export type Db = PrismaClient;
/** The client handed to code running inside `transaction(...)`. */
export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

export interface CreateDbOptions {
  databaseUrl: string;
  /** Connections in this process's pool. */
  poolMax?: number;
  /** A query waiting longer than this for a connection fails instead of hanging. */
  connectTimeoutMs?: number;
  /** Statements running longer than this are cancelled by PostgreSQL. */
  statementTimeoutMs?: number;
  applicationName?: string;
}

const pools = new WeakMap<Db, pg.Pool>();

/**
 * The node-postgres pool behind a client, for the few readers Prisma cannot serve: exports stream
 * with COPY TO STDOUT (packages/reporting). Same database, same connection limits.
 */
export function pgPoolOf(db: Db): pg.Pool {
  const pool = pools.get(db);
  if (!pool) throw new Error('pgPoolOf: this client was not made by createDb');
  return pool;
}

export function createDb(options: CreateDbOptions): Db {
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.poolMax ?? 10,
    // Fail fast when PostgreSQL is unreachable: requests answer 503 instead of hanging.
    connectionTimeoutMillis: options.connectTimeoutMs ?? 2_000,
    statement_timeout: options.statementTimeoutMs ?? 15_000,
    application_name: options.applicationName ?? 'casino',
    // Pinned here, whatever the server's default, so `transaction()` can leave READ COMMITTED
    // implicit and save a round trip (SET TRANSACTION) on every transaction.
    options: '-c default_transaction_isolation=read\\ committed',
  });
  // An idle pooled connection that dies (PostgreSQL restarted, a proxy closed it) is an 'error'
  // event on the pool. The Prisma adapter listens while the client is connected, but not once
  // $disconnect() has begun: a connection dying during shutdown then took the process down (seen
  // in bench:ledger when its round-trip proxy closed). The pool has dropped that connection either
  // way, and a later query reports a real outage.
  pool.on('error', () => {});
  const db = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  pools.set(db, pool);
  return db;
}
