import { PrismaPg } from '@prisma/adapter-pg';
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

export function createDb(options: CreateDbOptions): Db {
  const adapter = new PrismaPg({
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
  return new PrismaClient({ adapter });
}
