/**
 * The numbers of exports, reports and retention in one versioned place (ARCHITECTURE idea 9): an
 * operator tunes them here, another jurisdiction is another object.
 */
export interface ReportingRules {
  version: string;
  exports: {
    /** A direct (streamed) export may hold at most this many rows; larger ones run as jobs. */
    directRowsMax: number;
    /** A job's export holds at most this many rows (about 2 GB of CSV). */
    jobRowsMax: number;
    /** A job's file (and every export's manifest) can be downloaded for this long. */
    ttlHours: number;
    /** The COPY of one export may run this long before PostgreSQL cancels it. */
    statementTimeoutMs: number;
    /** Exports streaming at once per process; each holds one database connection. */
    concurrentMax: number;
  };
  retention: {
    /**
     * Records are kept this many years after the later of the end of the business relationship and
     * the player's last ledger transaction (002:REC-02, AML act 253/2008 §16).
     */
    years: number;
  };
}

export const czechReportingRules: ReportingRules = {
  version: 'cz-2026.1',
  exports: {
    directRowsMax: 100_000,
    jobRowsMax: 10_000_000,
    ttlHours: 72,
    statementTimeoutMs: 30 * 60_000,
    concurrentMax: 2,
  },
  retention: { years: 10 },
};

/** Bytes of a job's file per stored chunk (the CHECK on export_chunk allows up to 1 MiB). */
export const exportChunkBytesMax = 1_048_576;
