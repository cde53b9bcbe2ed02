import { assert, DomainError } from '@casino/core';
import { pgPoolOf, type Db } from '@casino/db';
import type pg from 'pg';
import pgCopyStreams from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import type { Readable, Writable } from 'node:stream';
import {
  selectJsonSql,
  selectSql,
  whereSql,
  type AnyRegister,
  type Coverage,
  type CurrencyTotal,
  type RegisterQuery,
} from '../registers/register.ts';
import type { ReportingRules } from '../rules.ts';
import { csvHeader, ExportFraming } from './framing.ts';

export type ExportFormat = 'csv' | 'jsonl';
export const exportFormats = ['csv', 'jsonl'] as const;

export const mediaTypes: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8; header=present',
  jsonl: 'application/jsonl; charset=utf-8',
};

/** An export about to stream: its rows are fixed (boundary) and counted. */
export interface PreparedExport {
  register: AnyRegister;
  format: ExportFormat;
  filters: unknown;
  boundary: string;
  query: RegisterQuery;
  rowsTotal: number;
}

export interface StreamedFile {
  sha256: string;
  byteCount: number;
  rowCount: number;
}

let exportsRunning = 0;

/**
 * Runs `fn` with a connection of its own in one REPEATABLE READ, READ ONLY transaction: the count,
 * the rows and the control totals of an export all see one snapshot. A read-only transaction takes
 * no transaction id, so it never holds back ledger sealing (INVARIANTS.md I9). At most
 * `concurrentMax` exports stream at once per process.
 */
export async function withExportSnapshot<T>(
  db: Db,
  rules: ReportingRules,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  if (exportsRunning >= rules.exports.concurrentMax) {
    throw new DomainError(
      'rate-limited',
      `${rules.exports.concurrentMax} exports are running already; try again shortly or request a background export.`,
    );
  }
  exportsRunning++;
  let client: pg.PoolClient | undefined;
  try {
    client = await pgPoolOf(db).connect();
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query(`SET LOCAL statement_timeout = ${Math.trunc(rules.exports.statementTimeoutMs)}`);
    // COPY takes no parameters: filters are inlined as standard string literals (sql.ts), which
    // treat backslashes as plain characters only with this setting on. It is PostgreSQL's default;
    // it is pinned here so the quoting never depends on a server's configuration.
    await client.query('SET LOCAL standard_conforming_strings = on');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    // The connection may be stuck mid-COPY (the reader went away): a ROLLBACK would wait behind it
    // forever. Closing the connection ends the COPY and rolls the read-only transaction back.
    client?.release(error instanceof Error ? error : true);
    client = undefined;
    throw error;
  } finally {
    client?.release();
    exportsRunning--;
  }
}

/**
 * Fixes the rows of an export and counts them. The boundary is read now, or given: verification
 * passes the manifest's, which selects exactly the rows the file was made from.
 */
export async function prepareExport(
  client: pg.ClientBase,
  register: AnyRegister,
  format: ExportFormat,
  filters: unknown,
  givenBoundary?: string,
): Promise<PreparedExport> {
  const boundary = givenBoundary ?? (await register.boundary(client));
  const query = register.query(filters, boundary);
  const { rows } = await client.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${query.from} WHERE ${whereSql(query)}`);
  return { register, format, filters, boundary, query, rowsTotal: Number(rows[0]!.n) };
}

/**
 * Streams the export's bytes into `sink` with backpressure (COPY TO STDOUT pauses when the sink is
 * full), hashing and counting on the way. Memory stays at a few chunks whatever the size.
 */
export async function streamExport(client: pg.ClientBase, prepared: PreparedExport, sink: Writable): Promise<StreamedFile> {
  const { register, query, format } = prepared;
  const framing = new ExportFraming(format);
  if (format === 'csv') framing.write(csvHeader(register.columns.map((c) => c.name)));
  const copy =
    format === 'csv'
      ? `COPY (${selectSql(register, query)}) TO STDOUT WITH (FORMAT csv)`
      : // One JSON object per line: CSV with a delimiter and quote that JSON text never contains (control
        // characters are escaped in JSON), so PostgreSQL writes each line exactly as json_build_object made it.
        `COPY (${selectJsonSql(register, query)}) TO STDOUT WITH (FORMAT csv, DELIMITER E'\\x02', QUOTE E'\\x01')`;
  const rows: Readable = client.query(pgCopyStreams.to(copy));
  await pipeline(rows, framing, sink);
  const rowCount = framing.records - (format === 'csv' ? 1 : 0);
  assert(rowCount === prepared.rowsTotal, `export streamed ${rowCount} rows, counted ${prepared.rowsTotal}`);
  return { sha256: framing.digest(), byteCount: framing.bytes, rowCount };
}

export interface ExportControls {
  totals: CurrencyTotal[];
  coverage: Coverage;
}

/** Control totals and chain coverage of the same rows, in the same snapshot. */
export async function exportControls(client: pg.ClientBase, prepared: PreparedExport): Promise<ExportControls> {
  const totals = prepared.register.totals ? await prepared.register.totals(client, prepared.query) : [];
  const coverage = await prepared.register.coverage(client, prepared.query);
  return { totals, coverage };
}
