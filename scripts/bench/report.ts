/** Formatting of the results: the table, the target checks and the closing line. */
import type { CpuUse } from './cpu.ts';
import type { PgbenchResult } from './pgbench.ts';
import { percentile, type RunResult, type ScenarioId } from './workload.ts';

export interface Measurement {
  scenario: ScenarioId;
  scenarioName: string;
  clients: number;
  result: RunResult;
  cpu: CpuUse | null;
}

export function opsPerSecond(m: Measurement | undefined): number {
  return m ? m.result.ops / m.result.seconds : Number.NaN;
}

const fixed = (n: number, digits: number): string => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
const int = (n: number): string => (Number.isFinite(n) ? String(Math.round(n)) : 'n/a');

/**
 * One row per scenario × clients. CPU columns: ms of CPU per operation in this Node process and in
 * the PostgreSQL processes serving it, and how busy the whole machine was (in brackets: the part
 * that was neither — other tenants, hypervisor steal — which the numbers then competed with).
 */
export function resultsTable(measurements: readonly Measurement[]): string {
  const header = [
    'scenario',
    'clients',
    'ops/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'node cpu ms/op',
    'pg cpu ms/op',
    'machine busy (other)',
  ];
  const rows = measurements.map((m) => {
    const rate = opsPerSecond(m);
    const perOp = (perS: number | undefined): string => (perS === undefined || rate === 0 ? 'n/a' : fixed(perS / rate, 2));
    return [
      `(${m.scenario}) ${m.scenarioName}`,
      String(m.clients),
      int(rate),
      fixed(percentile(m.result.latenciesMs, 50), 2),
      fixed(percentile(m.result.latenciesMs, 99), 2),
      String(m.result.errors),
      perOp(m.cpu?.clientPerS),
      perOp(m.cpu?.postgresPerS),
      m.cpu ? `${Math.round(m.cpu.machineBusyPct)} % (${Math.round(m.cpu.otherLoadPct)} %)` : 'n/a',
    ];
  });
  return formatTable(header, rows);
}

export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  // Text columns left-aligned, numbers right-aligned.
  const line = (cells: readonly string[]): string =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map(line)].join('\n');
}

export interface Summary {
  transfersPerS: number;
  hotPerS: number;
  pgbenchTps: number;
}

export function targetLines(s: Summary): string[] {
  const ratio = s.transfersPerS / s.pgbenchTps;
  const hotRatio = s.hotPerS / s.transfersPerS;
  const verdict = (ok: boolean): string => (ok ? 'MET' : 'NOT MET');
  return [
    `target 1: two-party transfers at 8 clients >= 1.0 x pgbench tpcb-like: ${int(s.transfersPerS)} vs ${int(s.pgbenchTps)} = ${fixed(ratio, 2)} -> ${verdict(ratio >= 1.0)}`,
    `target 2: hot-house case >= 0.8 x two-party case (8 clients): ${int(s.hotPerS)} vs ${int(s.transfersPerS)} = ${fixed(hotRatio, 2)} -> ${verdict(hotRatio >= 0.8)}`,
  ];
}

/** The machine-readable last line. */
export function closingLine(s: Summary): string {
  return `bench:ledger transfers_per_s=${int(s.transfersPerS)} pgbench_tps=${int(s.pgbenchTps)} ratio=${fixed(s.transfersPerS / s.pgbenchTps, 2)} hot_ratio=${fixed(s.hotPerS / s.transfersPerS, 2)}`;
}

/**
 * The same comparison in CPU time per transaction. On a shared 2-core machine ops/s move with
 * other tenants' load; CPU-ms per operation hardly do, so this ratio is the steadier one.
 */
export function cpuComparisonLine(transfers: Measurement | undefined, pgbench: PgbenchResult): string {
  const rate = opsPerSecond(transfers);
  if (!transfers?.cpu || !pgbench.cpu || !(rate > 0)) return 'cpu per transaction: n/a';
  const ledgerMs = (transfers.cpu.clientPerS + transfers.cpu.postgresPerS) / rate;
  const pgbenchMs = (pgbench.cpu.clientPerS + pgbench.cpu.postgresPerS) / pgbench.tps;
  return (
    `cpu per transaction at 8 clients (client + PostgreSQL): transfer ${fixed(ledgerMs, 2)} ms, pgbench tpcb-like ${fixed(pgbenchMs, 2)} ms ` +
    `-> cpu-bound ratio ~${fixed(pgbenchMs / ledgerMs, 2)} (steadier than ops/s when other load shares the cores)`
  );
}
