/**
 * `npm run bench:poker-tables` (issue 16): poker cash tables end to end. The real game-service app
 * listens on a local port with its poker room; bots in a separate process (poker-bots.ts) sit 6 players
 * at each of 200 six-max No Limit Hold'em tables, buy in over HTTP and act at once whenever it is their
 * turn, watching their table's WebSocket: the actions go as the socket's `act` message (D-1786), or
 * with BENCH_COMMANDS=rest as `POST …/actions`. After the window every table's escrow invariant
 * (escrow balance = Σ stored stacks) and the ledger's invariants are checked. The CPU time the service
 * (this process) and the bots used in the window is printed per action: on a shared machine that is
 * the steadier measure (docs/performance.md).
 *
 * A measurement, not a test. Environment: DATABASE_URL and REDIS_URL (default local), BENCH_TABLES
 * (200), BENCH_SEATS (6), BENCH_SECONDS (20), BENCH_WARMUP_SECONDS (5), BENCH_COMMANDS (ws | rest),
 * BENCH_INSTANCES (1: game-service instances; the others run as processes of their own, and each table
 * is played through one of them, as a load balancer routing by table would do).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildGameService, loadGameServiceConfig } from '@casino/game-service';
import { createDb, createRedis, type Db } from '@casino/db';
import * as ledger from '@casino/ledger';
import { demoPokerTables, pokerRuleProfiles } from '@casino/operator';
import { createPokerTable, escrowAndStacks } from '@casino/tables';
import { createBenchPlayer } from './bench-players.ts';
import { formatTable } from './report.ts';
import { Cleanup, createScratchFromTemplate, randomBenchName } from './scratch-db.ts';

interface BotResult {
  actions: number;
  errors: number;
  stale: number;
  firstError: string | null;
  hands: number;
  messages: number;
  p50: number;
  p99: number;
  samples: number;
  windowMs: number;
  cpuMs: number;
}

/** CPU milliseconds used so far by each process of these names (PostgreSQL's backends, Redis), by pid, from /proc. */
function cpuMsOfProcesses(names: readonly string[]): Map<string, number> {
  const tick = 100; // USER_HZ on Linux
  const byPid = new Map<string, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (!names.some((n) => name.startsWith(n))) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      byPid.set(entry, ((Number(fields[11]) + Number(fields[12])) * 1000) / tick);
    } catch {
      // The process ended meanwhile.
    }
  }
  return byPid;
}

/** CPU milliseconds used so far by one process (user + system), from /proc. */
function cpuMsOfPid(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** The service's CPU and system calls so far: this process and the other instances (by pid). */
function serviceUsage(instancePids: readonly number[]): { cpuMs: number; reads: number; writes: number } {
  const own = process.cpuUsage();
  const usage = { cpuMs: (own.user + own.system) / 1000, ...syscallsOf('self') };
  for (const pid of instancePids) {
    const io = syscallsOf(pid);
    usage.cpuMs += cpuMsOfPid(pid);
    usage.reads += io.reads;
    usage.writes += io.writes;
  }
  return usage;
}

/** CPU used between two readings by the processes alive at the second (one that ended in between is not counted). */
function cpuMsBetween(before: Map<string, number>, after: Map<string, number>): number {
  let ms = 0;
  for (const [pid, used] of after) ms += used - (before.get(pid) ?? 0);
  return ms;
}

/**
 * Read and write system calls this process has made so far (/proc/self/io: every socket read and
 * write is one). Unlike CPU time they do not depend on how busy the machine is, so they compare two
 * runs on a shared machine; on this kind of machine a socket write costs tens of microseconds.
 */
function syscallsOf(pid: number | 'self'): { reads: number; writes: number } {
  const io = readFileSync(`/proc/${pid}/io`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(io)?.[1] ?? Number.NaN);
  return { reads: field('syscr'), writes: field('syscw') };
}

interface WindowCpu {
  /** Read / write system calls of the service in the window. */
  serviceReads: number;
  serviceWrites: number;
  serviceMs: number;
  /** PostgreSQL's and Redis's processes: shared with anything else using those servers in the window. */
  postgresMs: number;
  redisMs: number;
}

async function createTables(db: Db, count: number, seats: number): Promise<string[]> {
  const template = demoPokerTables('CZK').find((t) => t.profileId === 'CZ-FO' && t.variant === 'holdem/no-limit');
  if (!template) throw new Error('no CZ-FO No Limit Hold’em demo table to copy');
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const definition = { ...template, name: `Bench ${i + 1}`, seatsMax: seats };
    const table = await createPokerTable(db, { definition, profile: pokerRuleProfiles[definition.profileId], now: new Date() });
    ids.push(table.id);
  }
  return ids;
}

/** Starts another game-service instance (game-service-instance.ts) and waits until it listens. */
function startInstance(plan: {
  databaseUrl: string;
  redisUrl: string;
  jwtSecret: string;
  redisKeyPrefix: string;
  name: string;
}): Promise<{ child: ChildProcess; base: string }> {
  const planFile = path.join(os.tmpdir(), `bench-instance-${randomBytes(4).toString('hex')}.json`);
  writeFileSync(planFile, JSON.stringify(plan));
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'game-service-instance.ts'), planFile],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const listening = /^listening (\S+)$/m.exec(out);
      if (listening) resolve({ child, base: listening[1]! });
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`instance ${plan.name} exited with ${code} before listening`)));
  });
}

/** SIGTERM, as a pod is stopped: its room voids the running hands and lets its leases go. */
async function stopInstance(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}

/** Runs the bots; the service's CPU (this process) and the servers' are read when the bots open and close their window. */
function runBots(planFile: string, instancePids: readonly number[]): Promise<{ bots: BotResult; cpu: WindowCpu }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'poker-bots.ts'), planFile], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    let atOpen: { service: ReturnType<typeof serviceUsage>; postgres: Map<string, number>; redis: Map<string, number> } | null =
      null;
    const cpu: WindowCpu = { serviceReads: 0, serviceWrites: 0, serviceMs: 0, postgresMs: 0, redisMs: 0 };
    child.stdout.on('data', (chunk: Buffer) => {
      const before = out;
      out += chunk.toString();
      if (!before.includes('window-open\n') && out.includes('window-open\n'))
        atOpen = {
          service: serviceUsage(instancePids),
          postgres: cpuMsOfProcesses(['postgres']),
          redis: cpuMsOfProcesses(['redis-server']),
        };
      if (atOpen && !before.includes('window-closed\n') && out.includes('window-closed\n')) {
        const service = serviceUsage(instancePids);
        cpu.serviceMs = service.cpuMs - atOpen.service.cpuMs;
        cpu.serviceReads = service.reads - atOpen.service.reads;
        cpu.serviceWrites = service.writes - atOpen.service.writes;
        cpu.postgresMs = cpuMsBetween(atOpen.postgres, cpuMsOfProcesses(['postgres']));
        cpu.redisMs = cpuMsBetween(atOpen.redis, cpuMsOfProcesses(['redis-server']));
      }
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !line.startsWith('{')) reject(new Error(`the bots exited with ${code}: ${out.slice(-500)}`));
      else resolve({ bots: JSON.parse(line) as BotResult, cpu });
    });
  });
}

async function main(cleanup: Cleanup): Promise<number> {
  const databaseUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/casino';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const tables = Number(process.env.BENCH_TABLES ?? 200);
  const seats = Number(process.env.BENCH_SEATS ?? 6);
  const seconds = Number(process.env.BENCH_SECONDS ?? 20);
  const warmupS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
  const commands = process.env.BENCH_COMMANDS ?? 'ws';
  const instances = Number(process.env.BENCH_INSTANCES ?? 1);
  if (!Number.isInteger(instances) || instances < 1) throw new Error(`BENCH_INSTANCES is a whole number ≥ 1, not ${instances}`);
  if (commands !== 'ws' && commands !== 'rest') throw new Error(`BENCH_COMMANDS is ws or rest, not ${commands}`);
  console.log(
    `bench:poker-tables ${new Date().toISOString()}: ${os.availableParallelism()} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, Node ${process.version}`,
  );
  console.log(
    `run: ${tables} tables × ${seats} bots (zero think time), actions over ${commands === 'ws' ? 'the WebSocket' : 'HTTP'}, ${seconds} s measured + ${warmupS} s warm-up, ${instances} game-service instance(s)`,
  );

  const url = await createScratchFromTemplate(databaseUrl, randomBenchName(), cleanup);
  const db = createDb({ databaseUrl: url, poolMax: 20, applicationName: 'casino-bench-poker' });
  cleanup.add('disconnect the database', () => db.$disconnect());
  const redis = createRedis({ redisUrl, connectionName: 'bench-poker' });
  cleanup.add('disconnect redis', async () => redis.disconnect());
  await ledger.openOperatorAccounts(db, ['CZK'], 16);
  const psp = (await ledger.openAccount(db, ledger.paymentProviderClearingSpec('bench-psp', 'CZK', 16))).id;
  const tableIds = await createTables(db, tables, seats);

  const jwtSecret = randomBytes(32).toString('hex');
  const redisKeyPrefix = `bench:${randomBytes(4).toString('hex')}`;
  const config = loadGameServiceConfig({
    DATABASE_URL: url,
    REDIS_URL: redisUrl,
    JWT_SECRET: jwtSecret,
    LOG_LEVEL: 'warn',
    GAME_RATE_LIMIT_PER_MINUTE: '10000000',
  });
  // No pause between hands: the bots do not need to see the showdown.
  const app = await buildGameService({
    config,
    connections: { db, redis },
    redisKeyPrefix,
    pokerHandPauseMs: 0,
  });
  cleanup.add('close the app', () => app.close());
  const bases = [await app.listen({ host: '127.0.0.1', port: 0 })];
  const others: ChildProcess[] = [];
  for (let i = 2; i <= instances; i++) {
    const other = await startInstance({ databaseUrl: url, redisUrl, jwtSecret, redisKeyPrefix, name: `poker-${i}` });
    cleanup.add(`stop instance ${i}`, () => stopInstance(other.child));
    others.push(other.child);
    bases.push(other.base);
  }

  // Table i is played through instance i mod n, as a load balancer routing by table would send it:
  // the first seat taken there claims the table's lease, so that instance drives it (D-1794).
  const players: Array<{ token: string; tableId: string; seat: number; base: string }> = [];
  for (const [i, tableId] of tableIds.entries()) {
    for (let seat = 1; seat <= seats; seat++) {
      const { playerId } = await createBenchPlayer(db, { pspAccountId: psp, fund: '100000.00' });
      const token = app.issueAccessToken({ audience: 'player', subject: playerId });
      players.push({ token, tableId, seat, base: bases[i % bases.length]! });
    }
  }
  const planFile = path.join(os.tmpdir(), `bench-poker-${randomBytes(4).toString('hex')}.json`);
  // 100 big blinds at the CZ-FO demo table's stakes.
  writeFileSync(
    planFile,
    JSON.stringify({ base: bases[0], warmupS, measureS: seconds, buyIn: '200.00', currency: 'CZK', players, commands }),
  );
  const { bots, cpu } = await runBots(
    planFile,
    others.map((child) => child.pid!),
  );
  const loadAfter = os.loadavg();
  // Which instance drove how many tables (each should drive its share: 1 / BENCH_INSTANCES).
  const drivers = await db.$queryRaw<Array<{ tables: bigint }>>`
    SELECT count(*) AS tables FROM poker_table WHERE id = ANY(${tableIds}::uuid[]) GROUP BY lease_owner ORDER BY 1 DESC`;

  // Stop the rooms (running hands are voided: every chip back), then check every table's money.
  await Promise.all(others.map(stopInstance));
  await app.close();
  const escrow: string[] = [];
  for (const tableId of tableIds) {
    const { escrowMinor, stacksMinor } = await escrowAndStacks(db, tableId);
    if (escrowMinor !== stacksMinor) escrow.push(tableId);
  }
  const violations = await ledger.findInvariantViolations(db);
  // Rates over the window as the bots timed it (the timer may fire late on a saturated machine).
  const windowS = bots.windowMs / 1000;
  const actionsPerS = bots.actions / windowS;
  const handsPerS = bots.hands / windowS;
  // No latency at all (no action in the window) is printed as n/a, never as a number.
  const ms = (value: number | null) => (value === null || !Number.isFinite(value) ? 'n/a' : value.toFixed(1));
  const perAction = (total: number) => (bots.actions === 0 ? 'n/a' : (total / bots.actions).toFixed(3));
  console.log(
    `\n${formatTable(
      ['measure', 'value'],
      [
        ['game-service instances (processes)', String(instances)],
        ['tables driven by each instance', drivers.map((d) => String(d.tables)).join(' / ')],
        ['hands per second', handsPerS.toFixed(1)],
        [`actions per second (accepted, over ${commands === 'ws' ? 'the WebSocket' : 'HTTP'})`, actionsPerS.toFixed(1)],
        ['action latency p50 / p99 (ms, action sent → next pushed state)', `${ms(bots.p50)} / ${ms(bots.p99)}`],
        ['WebSocket pushes per second (received by the bots)', (bots.messages / windowS).toFixed(0)],
        ['WebSocket pushes per action', bots.actions === 0 ? 'n/a' : (bots.messages / bots.actions).toFixed(2)],
        [
          `CPU ms per action: game service (${instances === 1 ? 'this process' : `${instances} processes`})`,
          perAction(cpu.serviceMs),
        ],
        ['CPU ms per action: bots (their process)', perAction(bots.cpuMs)],
        [
          'system calls per action: game service reads / writes',
          `${perAction(cpu.serviceReads)} / ${perAction(cpu.serviceWrites)}`,
        ],
        [
          'CPU ms per action: PostgreSQL / Redis (whole servers, shared)',
          `${perAction(cpu.postgresMs)} / ${perAction(cpu.redisMs)}`,
        ],
        ['load average at the end (1 min; 2 CPUs)', loadAfter[0]!.toFixed(2)],
        ['actions refused as stale (409/422: acted on a replaced view)', String(bots.stale)],
        ['errors', String(bots.errors) + (bots.firstError ? ` (first: ${bots.firstError})` : '')],
        ['window (s, as the bots timed it)', windowS.toFixed(2)],
        ['tables whose escrow ≠ Σ stacks', String(escrow.length)],
      ],
    )}\n`,
  );
  console.log(`ledger invariants: ${violations.length === 0 ? 'all hold' : JSON.stringify(violations)}`);
  console.log(
    `bench:poker-tables hands_per_s=${handsPerS.toFixed(1)} actions_per_s=${Math.round(actionsPerS)} action_p99_ms=${ms(bots.p99)} escrow_violations=${escrow.length}`,
  );
  return escrow.length === 0 && violations.length === 0 && bots.errors === 0 ? 0 : 1;
}

const cleanup = new Cleanup();
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void cleanup.runAll().finally(() => process.exit(130)));
let exitCode = 1;
try {
  exitCode = await main(cleanup);
} catch (error) {
  console.error(`bench:poker-tables failed: ${(error as Error).stack ?? String(error)}`);
} finally {
  await cleanup.runAll();
}
process.exit(exitCode);
