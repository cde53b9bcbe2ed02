/**
 * `npm run bench:ledger`: throughput and latency of the double-entry ledger under concurrent
 * clients, next to PostgreSQL's own pgbench on the same server. A measurement, not a test: it
 * exits 0 whether or not the targets are met (1 only if the ledger ends up inconsistent or the
 * benchmark itself fails). Method and results: docs/performance.md.
 *
 * Environment: DATABASE_URL (only the server part is used), BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (1),
 * BENCH_HOT_SHARDS (16), BENCH_WALLETS (10000), BENCH_CLIENTS ("1,8,32"), BENCH_SCENARIOS ("a,b,c,d"),
 * BENCH_PGBENCH_PREPARED (0; 1 adds a `-M prepared` pgbench run for reference).
 */
import os from 'node:os';
import { createDb, type Db } from '@casino/db';
import { dropDatabase } from '@casino/db/testing';
import { findInvariantViolations } from '@casino/ledger';
import { cpuBetween, postgresPids, sampleCpu, type CpuSample } from './cpu.ts';
import { setUpAccounts, type BenchAccounts } from './fixture.ts';
import { initPgbench, runTpcbLike, stopPgbench, type PgbenchResult } from './pgbench.ts';
import {
  closingLine,
  cpuComparisonLine,
  formatTable,
  opsPerSecond,
  resultsTable,
  targetLines,
  type Measurement,
} from './report.ts';
import { startCountingProxy } from './roundtrips.ts';
import {
  checkpoint,
  Cleanup,
  createEmptyScratch,
  createScratchFromTemplate,
  randomBenchName,
  readServerInfo,
} from './scratch-db.ts';
import { runClients, scenarios, type Scenario, type ScenarioId } from './workload.ts';

interface Config {
  databaseUrl: string;
  seconds: number;
  warmupS: number;
  hotShards: number;
  wallets: number;
  clientCounts: number[];
  scenarios: Scenario[];
  pgbenchPrepared: boolean;
}

function readConfig(): Config {
  const env = process.env;
  const positive = (name: string, fallback: number): number => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${env[name]}"`);
    return value;
  };
  const ids = (env.BENCH_SCENARIOS ?? 'a,b,c,d').split(',').map((s) => s.trim());
  return {
    databaseUrl: env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/casino',
    seconds: positive('BENCH_SECONDS', 10),
    warmupS: Number(env.BENCH_WARMUP_SECONDS ?? 1),
    hotShards: Math.round(positive('BENCH_HOT_SHARDS', 16)),
    wallets: Math.max(2, Math.round(positive('BENCH_WALLETS', 10_000))),
    clientCounts: (env.BENCH_CLIENTS ?? '1,8,32')
      .split(',')
      .map((c) => Math.round(Number(c)))
      .filter((c) => c > 0),
    scenarios: scenarios.filter((s) => ids.includes(s.id)),
    pgbenchPrepared: env.BENCH_PGBENCH_PREPARED === '1',
  };
}

async function printEnvironment(config: Config): Promise<void> {
  const server = await readServerInfo(config.databaseUrl);
  const gib = (bytes: number): string => `${(bytes / 2 ** 30).toFixed(1)} GiB`;
  console.log(`bench:ledger ${new Date().toISOString()}`);
  console.log(
    `machine: ${os.availableParallelism()} CPUs (${os.cpus()[0]?.model ?? '?'}), ${gib(os.totalmem())} RAM, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, Node ${process.version}`,
  );
  console.log(
    `PostgreSQL ${server.version}: ${Object.entries(server.settings)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
  );
  console.log(
    `run: ${config.seconds} s measured + ${config.warmupS} s warm-up per run, clients ${config.clientCounts.join('/')}, ${config.wallets} wallets, ${config.hotShards} hot shards\n`,
  );
}

/** pgbench tpcb-like at 8 clients on its own scratch database (scale 10), dropped right after. */
async function measurePgbench(config: Config, cleanup: Cleanup): Promise<PgbenchResult> {
  const name = `${randomBenchName()}_pgbench`;
  const url = await createEmptyScratch(config.databaseUrl, name, cleanup);
  try {
    console.log(`pgbench: initialising ${name} (-i -s 10 -q)…`);
    await initPgbench(config.databaseUrl, name, 10);
    const modes = config.pgbenchPrepared ? [false, true] : [false];
    let plain: PgbenchResult | undefined;
    for (const prepared of modes) {
      await checkpoint(config.databaseUrl);
      const result = await runTpcbLike(url, name, 8, Math.round(config.seconds), prepared);
      if (!prepared) plain = result;
      const cpu = result.cpu;
      const perTxn = (perS: number | undefined): string => (perS === undefined ? 'n/a' : (perS / result.tps).toFixed(2));
      console.log(
        `pgbench -c 8 -j 2 -T ${Math.round(config.seconds)} -b tpcb-like${prepared ? ' -M prepared' : ''}: tps = ${result.tps.toFixed(1)}` +
          ` (pgbench cpu ${perTxn(cpu?.clientPerS)} ms/txn, pg cpu ${perTxn(cpu?.postgresPerS)} ms/txn, machine busy ${cpu ? `${Math.round(cpu.machineBusyPct)} % (other ${Math.round(cpu.otherLoadPct)} %)` : 'n/a'})`,
      );
    }
    return plain!;
  } finally {
    await dropDatabase(config.databaseUrl, name); // now, not at the end: its 150 MB should not sit in shared_buffers during the ledger runs
  }
}

/** Sends `perScenario` operations of each scenario through a counting proxy, one at a time. */
async function countRoundTrips(
  url: string,
  accounts: BenchAccounts,
  chosen: readonly Scenario[],
  perScenario = 50,
): Promise<string> {
  const proxy = await startCountingProxy(url);
  const db = createDb({ databaseUrl: proxy.url, poolMax: 1, applicationName: 'casino-bench-wire' });
  try {
    const rows: string[][] = [];
    for (const scenario of chosen) {
      for (let i = 0; i < 3; i++) await scenario.run(db, accounts); // connect first; startup is not per-operation
      proxy.reset();
      for (let i = 0; i < perScenario; i++) await scenario.run(db, accounts);
      const c = proxy.counts;
      const per = (n: number): string => (n / perScenario).toFixed(1);
      rows.push([
        `(${scenario.id}) ${scenario.name}`,
        per(c.roundTrips),
        per(c.parses + c.simpleQueries),
        per(c.bytesToServer),
        per(c.bytesFromServer),
      ]);
    }
    rows.push(['pgbench tpcb-like (for comparison)', '7.0', '7.0', '', '']);
    return formatTable(['per operation', 'round trips', 'statements parsed', 'bytes sent', 'bytes received'], rows);
  } finally {
    await db.$disconnect();
    await proxy.close();
  }
}

/**
 * One scenario at one client count, on a fresh pool of clients + 2 connections. CPU is sampled at
 * the edges of the measured window, for this process and the PostgreSQL processes serving it.
 */
async function measureOne(
  config: Config,
  url: string,
  database: string,
  accounts: BenchAccounts,
  scenario: Scenario,
  clients: number,
): Promise<Measurement> {
  const db = createDb({ databaseUrl: url, poolMax: clients + 2, applicationName: 'casino-bench' });
  try {
    await checkpoint(config.databaseUrl);
    const samples: { start?: CpuSample; end?: CpuSample } = {};
    let pids: Promise<number[]> = Promise.resolve([]);
    const result = await runClients(
      clients,
      {
        warmupS: config.warmupS,
        measureS: config.seconds,
        // The sample itself is synchronous /proc reads; the pid lookup runs once, at window start.
        onWindowStart: () => void (pids = postgresPids(url, database).then((list) => ((samples.start = sampleCpu(list)), list))),
        onWindowEnd: () => void pids.then((list) => void (samples.end = sampleCpu(list))),
      },
      () => scenario.run(db, accounts),
    );
    await pids;
    const cpu = samples.start && samples.end ? cpuBetween(samples.start, samples.end) : null;
    return { scenario: scenario.id, scenarioName: scenario.name, clients, result, cpu };
  } finally {
    await db.$disconnect();
  }
}

async function measureScenarios(config: Config, url: string, database: string, accounts: BenchAccounts): Promise<Measurement[]> {
  const measurements: Measurement[] = [];
  for (const scenario of config.scenarios) {
    for (const clients of config.clientCounts) {
      const m = await measureOne(config, url, database, accounts, scenario, clients);
      measurements.push(m);
      const error = m.result.firstError ? ` (first error: ${m.result.firstError})` : '';
      console.log(
        `  (${scenario.id}) ${clients} clients: ${Math.round(opsPerSecond(m))} ops/s, ${m.result.errors} errors${error}`,
      );
    }
  }
  return measurements;
}

/** Scratch ledger database: template copy, chart of accounts, funded wallets. */
async function prepareLedger(
  config: Config,
  cleanup: Cleanup,
): Promise<{ url: string; name: string; db: Db; accounts: BenchAccounts }> {
  const name = randomBenchName();
  const started = performance.now();
  const url = await createScratchFromTemplate(config.databaseUrl, name, cleanup);
  const db = createDb({ databaseUrl: url, poolMax: 6, applicationName: 'casino-bench-setup' });
  cleanup.add('disconnect set-up client', () => db.$disconnect());
  const accounts = await setUpAccounts(db, url, config.wallets, config.hotShards);
  console.log(
    `\nledger: ${name} with ${accounts.wallets.length} funded wallets ready in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { url, name, db, accounts };
}

const find = (ms: readonly Measurement[], id: ScenarioId, clients: number): Measurement | undefined =>
  ms.find((m) => m.scenario === id && m.clients === clients);

/** Everything but the closing line, which is printed after the scratch databases are gone so that it really is last. */
async function main(cleanup: Cleanup): Promise<{ exitCode: number; closing: string }> {
  const config = readConfig();
  await printEnvironment(config);
  const pgbench = await measurePgbench(config, cleanup);
  const { url, name, db, accounts } = await prepareLedger(config, cleanup);
  const wire = await countRoundTrips(url, accounts, config.scenarios);
  console.log(`\n${wire}\n`);
  console.log('ledger scenarios:');
  const measurements = await measureScenarios(config, url, name, accounts);
  const violations = await findInvariantViolations(db);
  console.log(
    `\ninvariants (findInvariantViolations): ${violations.length === 0 ? '[] — all hold' : JSON.stringify(violations, null, 2)}`,
  );
  console.log(`\n${resultsTable(measurements)}\n`);
  const transfers8 = find(measurements, 'a', 8);
  const summary = {
    transfersPerS: opsPerSecond(transfers8),
    hotPerS: opsPerSecond(find(measurements, 'b', 8)),
    pgbenchTps: pgbench.tps,
  };
  for (const line of targetLines(summary)) console.log(line);
  console.log(cpuComparisonLine(transfers8, pgbench));
  if (violations.length > 0) console.log('LEDGER INVARIANTS VIOLATED: the numbers above do not count.');
  return { exitCode: violations.length === 0 ? 0 : 1, closing: closingLine(summary) };
}

const cleanup = new Cleanup();
cleanup.add('stop pgbench', async () => stopPgbench());
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: dropping the scratch databases…`);
    void cleanup.runAll().finally(() => process.exit(130));
  });
}
let outcome: { exitCode: number; closing: string | null } = { exitCode: 1, closing: null };
try {
  outcome = await main(cleanup);
} catch (error) {
  console.error(`bench:ledger failed: ${(error as Error).stack ?? String(error)}`);
} finally {
  await cleanup.runAll();
}
if (outcome.closing !== null) console.log(outcome.closing);
process.exit(outcome.exitCode);
