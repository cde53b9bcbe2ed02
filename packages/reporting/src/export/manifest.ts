import type { Coverage, CurrencyTotal, RegisterColumn } from '../registers/register.ts';
import type { ExportFormat } from './export-session.ts';

/**
 * What an export file is, written beside it (`<file>.manifest.json`) and kept in export_job: enough
 * to check the file alone (SHA-256, size, rows, totals) and against the database (register version,
 * filters and boundary produce the same bytes again; the ledger blocks or audit chain it covers).
 */
export interface ExportManifest {
  manifestVersion: 1;
  exportId: string;
  register: string;
  registerVersion: number;
  format: ExportFormat;
  mediaType: string;
  filters: unknown;
  /** The PostgreSQL snapshot (or the audit log's last sequence number) the rows were read in. */
  boundary: string;
  reproducible: boolean;
  requestedBy: string;
  createdAt: string;
  rowCount: number;
  byteCount: number;
  sha256: string;
  totals: CurrencyTotal[];
  coverage: Coverage;
  columns: Array<Omit<RegisterColumn, 'sql'>>;
}

export function manifestFileName(exportFileName: string): string {
  return `${exportFileName}.manifest.json`;
}
