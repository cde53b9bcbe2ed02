/**
 * Where the CPU goes during a run: this Node process (Prisma, pg driver, the ledger's TypeScript)
 * versus the PostgreSQL processes serving it, read from /proc so no extra tool is needed.
 * With 2 cores, 2,000 CPU-ms per second is the whole machine.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';

const ticksPerSecond = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/** utime+stime of a process, in ms; null when it is gone. */
export function processCpuMs(pid: number | 'self'): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after "(comm)": comm may contain spaces, so split after its closing parenthesis.
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    return ((fields[11]! + fields[12]!) * 1000) / ticksPerSecond;
  } catch {
    return null;
  }
}

/** Busy and total CPU-ms of the whole machine (every tenant, not just this benchmark). */
export function machineCpuMs(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = values[3]! + (values[4] ?? 0);
  const total = values.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: ((total - idle) * 1000) / ticksPerSecond, total: (total * 1000) / ticksPerSecond };
}

/**
 * The PostgreSQL processes working for `database`: its backends plus the shared background
 * processes (WAL writer, checkpointer…), whose work — commits' WAL flushes — belongs to us too.
 */
export async function postgresPids(databaseUrl: string, database: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE (datname = $1 AND pid <> pg_backend_pid()) OR backend_type NOT IN ('client backend', 'autovacuum worker')`,
      [database],
    );
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

export interface CpuSample {
  clientMs: number;
  postgres: Map<number, number>;
  machine: { busy: number; total: number };
  wallMs: number;
}

/** `client` is the process issuing the transactions: this one for the ledger, pgbench for pgbench. */
export function sampleCpu(postgresPidList: readonly number[], client: number | 'self' = 'self'): CpuSample {
  const postgres = new Map<number, number>();
  for (const pid of postgresPidList) {
    const ms = processCpuMs(pid);
    if (ms !== null) postgres.set(pid, ms);
  }
  return { clientMs: processCpuMs(client) ?? 0, postgres, machine: machineCpuMs(), wallMs: performance.now() };
}

export interface CpuUse {
  /** CPU-ms per wall second (1000 = one core busy) of the client process (Node, or pgbench). */
  clientPerS: number;
  postgresPerS: number;
  /** Share of the machine's CPU time that was busy, and the part of it neither the client nor those PostgreSQL processes used (other tenants, hypervisor steal). */
  machineBusyPct: number;
  otherLoadPct: number;
}

/** Only pids present in both samples count: a backend that came or went mid-run is left out rather than guessed. */
export function cpuBetween(a: CpuSample, b: CpuSample): CpuUse {
  const seconds = (b.wallMs - a.wallMs) / 1000;
  let postgresMs = 0;
  for (const [pid, ms] of b.postgres) {
    const before = a.postgres.get(pid);
    if (before !== undefined) postgresMs += ms - before;
  }
  const clientMs = b.clientMs - a.clientMs;
  const machineBusy = b.machine.busy - a.machine.busy;
  const machineTotal = b.machine.total - a.machine.total;
  const pct = (ms: number): number => (machineTotal > 0 ? Math.max(0, (100 * ms) / machineTotal) : 0);
  return {
    clientPerS: clientMs / seconds,
    postgresPerS: postgresMs / seconds,
    machineBusyPct: pct(machineBusy),
    otherLoadPct: pct(machineBusy - clientMs - postgresMs),
  };
}
