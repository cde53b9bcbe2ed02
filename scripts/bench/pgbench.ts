/**
 * PostgreSQL's own pgbench on the same server in the same run: the ceiling for "small
 * read-write transactions with a commit each" on this machine, which the ledger is compared to.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpuBetween, postgresPids, sampleCpu, type CpuSample, type CpuUse } from './cpu.ts';

export interface PgbenchResult {
  tps: number;
  cpu: CpuUse | null;
  output: string;
}

/** libpq connection arguments from the URL: only the server part matters, the database is ours. */
function connectionArgs(databaseUrl: string): string[] {
  const url = new URL(databaseUrl);
  const args = [
    '-h',
    url.hostname || '127.0.0.1',
    '-p',
    url.port || '5432',
    '-U',
    decodeURIComponent(url.username || 'postgres'),
  ];
  return args;
}

function passwordEnv(databaseUrl: string): NodeJS.ProcessEnv {
  const password = decodeURIComponent(new URL(databaseUrl).password);
  return password ? { ...process.env, PGPASSWORD: password } : process.env;
}

const running = new Set<ChildProcess>();

/** Ends pgbench runs still going (interrupt, error elsewhere) so their connections do not outlive the benchmark. */
export function stopPgbench(): void {
  for (const child of running) child.kill('SIGTERM');
}

/** Runs pgbench to completion; rejects with its stderr on a non-zero exit. */
function runPgbench(databaseUrl: string, args: string[], onStart?: (pid: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('pgbench', [...connectionArgs(databaseUrl), ...args], {
      env: passwordEnv(databaseUrl),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) =>
      reject(new Error(`pgbench could not start (${error.message}); install postgresql-client or put pgbench on PATH`)),
    );
    running.add(child);
    child.on('exit', (code, signal) => {
      running.delete(child);
      if (code === 0) resolve(stdout + stderr);
      else
        reject(
          new Error(`pgbench ${args.join(' ')} ended with ${code ?? signal}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`),
        );
    });
    if (child.pid !== undefined) onStart?.(child.pid);
  });
}

export async function initPgbench(databaseUrl: string, database: string, scale: number): Promise<void> {
  await runPgbench(databaseUrl, ['-i', '-s', String(scale), '-q', database]);
}

/**
 * Built-in tpcb-like (simple protocol unless `prepared`): per transaction BEGIN, 3 UPDATEs, a
 * SELECT, an INSERT, END — 7 statements, 7 round trips. CPU is sampled inside the run, after the
 * connections exist, for the same Node-vs-PostgreSQL split as the ledger scenarios (here the
 * client side is pgbench itself).
 */
export async function runTpcbLike(
  databaseUrl: string,
  database: string,
  clients: number,
  seconds: number,
  prepared: boolean,
): Promise<PgbenchResult> {
  const samples: { before?: CpuSample; after?: CpuSample } = {};
  const samplers: Array<Promise<void>> = [];
  const sampleAt = (ms: number, pgbenchPid: number, key: 'before' | 'after'): void => {
    samplers.push(
      new Promise<void>((resolve) =>
        setTimeout(() => {
          postgresPids(databaseUrl, database)
            .then((pids) => void (samples[key] = sampleCpu(pids, pgbenchPid)))
            .catch(() => undefined)
            .finally(resolve);
        }, ms),
      ),
    );
  };
  const mode = prepared ? ['-M', 'prepared'] : [];
  const output = await runPgbench(
    databaseUrl,
    ['-c', String(clients), '-j', '2', '-T', String(seconds), '-b', 'tpcb-like', ...mode, database],
    (pid) => {
      // Inside the run: after pgbench has connected, and before it stops.
      sampleAt(Math.min(1000, seconds * 200), pid, 'before');
      sampleAt(Math.max(seconds * 1000 - 700, seconds * 600), pid, 'after');
    },
  );
  await Promise.all(samplers);
  const { before, after } = samples;
  const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(output);
  if (!match) throw new Error(`could not find "tps = … (without initial connection time)" in pgbench output:\n${output}`);
  return { tps: Number(match[1]), cpu: before !== undefined && after !== undefined ? cpuBetween(before, after) : null, output };
}
