import type pg from 'pg';
import type { z } from 'zod';

/** One column of a register: its header name, what it holds, and its unit where it has one. */
export interface RegisterColumn {
  name: string;
  description: string;
  /** e.g. "CZK minor units (haléř)", "ISO 8601 UTC"; omitted for identifiers and text. */
  unit?: string;
  /** SQL expression over the register's FROM, yielding text (or NULL for an empty field). */
  sql: string;
}

/** The sums of a file's amounts in one currency, in minor units as decimal strings. */
export interface CurrencyTotal {
  currency: string;
  rowCount: number;
  debitMinor: string;
  creditMinor: string;
}

/** The rows of one export: FROM with joins, WHERE conditions (all must hold), and a total order. */
export interface RegisterQuery {
  from: string;
  where: readonly string[];
  /** Unique per row, so an export is produced again byte for byte. */
  orderBy: string;
}

/** What the file covers in the tamper-evident chains, as the manifest names it. */
export type Coverage =
  | {
      kind: 'ledger-blocks';
      firstBlockNo: string | null;
      lastBlockNo: string | null;
      lastBlockHash: string | null;
      transactionCount: number;
      sealedTransactionCount: number;
      unsealedTransactionCount: number;
    }
  | { kind: 'audit-chain'; firstSeq: string | null; lastSeq: string | null; lastEntryHash: string | null }
  | { kind: 'none'; reason: string };

/**
 * A register: everything that differs between one export and another. Query, columns and filters
 * are data; streaming, CSV and JSON Lines, manifests, jobs and verification are shared
 * (export/*.ts), so a new register (issue 6's payments, issue 7's game rounds) is one file like
 * this, added to `registers` in registers/index.ts.
 */
export interface RegisterDefinition<F = unknown> {
  name: string;
  /** Raised when columns or query change: a file is verified with the version that wrote it. */
  version: number;
  title: string;
  description: string;
  filters: z.ZodType<F>;
  columns: readonly RegisterColumn[];
  /**
   * Reads the boundary of the data the export sees, inside the export's REPEATABLE READ transaction:
   * for ledger data the PostgreSQL snapshot, for the audit log its last sequence number. The query
   * restricts itself to the boundary, so verification later produces exactly the same rows.
   */
  boundary(client: pg.ClientBase): Promise<string>;
  query(filters: F, boundary: string): RegisterQuery;
  /** Names what the rows of the query cover in the ledger's blocks or the audit chain. */
  coverage(client: pg.ClientBase, query: RegisterQuery): Promise<Coverage>;
  /** Control totals for the manifest (per currency: debits, credits), so a reader can reconcile. */
  totals?(client: pg.ClientBase, query: RegisterQuery): Promise<CurrencyTotal[]>;
  /**
   * False when rows hold current, changeable data (personal data): such a file is verified against
   * its manifest only, not produced again from the database.
   */
  reproducible: boolean;
}

/** Any register, whatever its filters (the registry holds them side by side; filters are parsed by each one's schema). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRegister = RegisterDefinition<any>;

export function defineRegister<F>(definition: RegisterDefinition<F>): RegisterDefinition<F> {
  return definition;
}

export function whereSql(query: RegisterQuery): string {
  return query.where.length === 0 ? 'TRUE' : query.where.map((condition) => `(${condition})`).join(' AND ');
}

/** The SELECT of an export's rows: CSV columns in order. */
export function selectSql(register: AnyRegister, query: RegisterQuery): string {
  const columns = register.columns.map((c) => `${c.sql} AS ${quoteIdentifier(c.name)}`).join(', ');
  return `SELECT ${columns} FROM ${query.from} WHERE ${whereSql(query)} ORDER BY ${query.orderBy}`;
}

/** The same rows as one JSON object per line, keys in column order. */
export function selectJsonSql(register: AnyRegister, query: RegisterQuery): string {
  const pairs = register.columns.map((c) => `'${c.name}', ${c.sql}`).join(', ');
  return `SELECT json_build_object(${pairs})::text FROM ${query.from} WHERE ${whereSql(query)} ORDER BY ${query.orderBy}`;
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
