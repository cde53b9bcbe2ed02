/**
 * `npm run bench:speed-poker` (issue 18): one speed-poker pool end to end. The real game-service app
 * listens on a local port with its poker room; bots in a separate process (speed-poker-bots.ts) join one
 * CZ-FO pool of six-max No Limit Hold'em tables (600 players by default), buying in over HTTP, and act at
 * once over the pool's WebSocket whenever their pushed hand offers a decision (about a third of the
 * decisions are folds: each sends the bot to its next hand). Measured: hands dealt per second and the
 * time from a fold sent to the push of the bot's next hand (fold → next deal). After the window the
 * room is stopped and the pool's escrow is compared with the sum of its stored stacks, and the
 * ledger's invariants are checked.
 *
 * A measurement, not a test. Environment: DATABASE_URL and REDIS_URL (default local), BENCH_PLAYERS
 * (600), BENCH_SECONDS (20), BENCH_WARMUP_SECONDS (5), BENCH_FILL_WAIT_MS (100: a short table after
 * that long).
 */
import { spawn } from 'node:child_process';
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
  folds: number;
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

/** CPU used between two readings by the processes alive at the second (one that ended in between is not counted). */
function cpuMsBetween(before: Map<string, number>, after: Map<string, number>): number {
  let ms = 0;
  for (const [pid, used] of after) ms += used - (before.get(pid) ?? 0);
  return ms;
}

interface WindowCpu {
  serviceMs: number;
  /** PostgreSQL's and Redis's processes: shared with anything else using those servers in the window. */
  postgresMs: number;
  redisMs: number;
}

async function createPool(db: Db, players: number, fillWaitMs: number): Promise<string> {
  const template = demoPokerTables('CZK').find((t) => t.profileId === 'CZ-FO' && t.speedPool);
  if (!template) throw new Error('no CZ-FO speed-poker demo pool to copy');
  const definition = {
    ...template,
    name: 'Bench Speed',
    seatsMax: Math.max(players, template.seatsMax),
    speedPool: { tableSeats: 6, fillWaitMs },
  };
  return (await createPokerTable(db, { definition, profile: pokerRuleProfiles[definition.profileId], now: new Date() })).id;
}

/** Runs the bots; the service's CPU (this process) and the servers' are read when the bots open and close their window. */
function runBots(planFile: string): Promise<{ bots: BotResult; cpu: WindowCpu }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'speed-poker-bots.ts'), planFile], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    let atOpen: { service: NodeJS.CpuUsage; postgres: Map<string, number>; redis: Map<string, number> } | null = null;
    const cpu: WindowCpu = { serviceMs: 0, postgresMs: 0, redisMs: 0 };
    child.stdout.on('data', (chunk: Buffer) => {
      const before = out;
      out += chunk.toString();
      if (!before.includes('window-open\n') && out.includes('window-open\n'))
        atOpen = {
          service: process.cpuUsage(),
          postgres: cpuMsOfProcesses(['postgres']),
          redis: cpuMsOfProcesses(['redis-server']),
        };
      if (atOpen && !before.includes('window-closed\n') && out.includes('window-closed\n')) {
        const service = process.cpuUsage(atOpen.service);
        cpu.serviceMs = (service.user + service.system) / 1000;
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
  const playerCount = Number(process.env.BENCH_PLAYERS ?? 600);
  const seconds = Number(process.env.BENCH_SECONDS ?? 20);
  const warmupS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
  const fillWaitMs = Number(process.env.BENCH_FILL_WAIT_MS ?? 100);
  console.log(
    `bench:speed-poker ${new Date().toISOString()}: ${os.availableParallelism()} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, Node ${process.version}`,
  );
  console.log(
    `run: one pool, ${playerCount} bots (zero think time) at six-max tables (a short one after ${fillWaitMs} ms), actions over the WebSocket, ${seconds} s measured + ${warmupS} s warm-up`,
  );

  const url = await createScratchFromTemplate(databaseUrl, randomBenchName(), cleanup);
  const db = createDb({ databaseUrl: url, poolMax: 20, applicationName: 'casino-bench-speed-poker' });
  cleanup.add('disconnect the database', () => db.$disconnect());
  const redis = createRedis({ redisUrl, connectionName: 'bench-speed-poker' });
  cleanup.add('disconnect redis', async () => redis.disconnect());
  await ledger.openOperatorAccounts(db, ['CZK'], 16);
  const psp = (await ledger.openAccount(db, ledger.paymentProviderClearingSpec('bench-psp', 'CZK', 16))).id;
  const poolId = await createPool(db, playerCount, fillWaitMs);

  const config = loadGameServiceConfig({
    DATABASE_URL: url,
    REDIS_URL: redisUrl,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    GAME_RATE_LIMIT_PER_MINUTE: '10000000',
  });
  // No pause between hands: the bots do not need to see the showdown.
  const app = await buildGameService({
    config,
    connections: { db, redis },
    redisKeyPrefix: `bench:${randomBytes(4).toString('hex')}`,
    pokerHandPauseMs: 0,
  });
  cleanup.add('close the app', () => app.close());
  const base = await app.listen({ host: '127.0.0.1', port: 0 });

  const players: Array<{ token: string }> = [];
  // Five at a time: twenty overran Prisma's transaction start timeout on the loaded shared machine (load 20+).
  for (let i = 0; i < playerCount; i += 5) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(5, playerCount - i) }, () => createBenchPlayer(db, { pspAccountId: psp, fund: '100000.00' })),
    );
    for (const { playerId } of batch) players.push({ token: app.issueAccessToken({ audience: 'player', subject: playerId }) });
  }
  const planFile = path.join(os.tmpdir(), `bench-speed-poker-${randomBytes(4).toString('hex')}.json`);
  // 100 big blinds at the CZ-FO demo pool's stakes.
  writeFileSync(
    planFile,
    JSON.stringify({ base, warmupS, measureS: seconds, buyIn: '200.00', currency: 'CZK', poolId, players }),
  );
  const { bots, cpu } = await runBots(planFile);
  const loadAfter = os.loadavg();

  // Stop the room (running hands are voided: every chip back), then check every table's money.
  await app.close();
  const { escrowMinor, stacksMinor } = await escrowAndStacks(db, poolId);
  const escrowViolations = escrowMinor === stacksMinor ? 0 : 1;
  const [stored] = await db.$queryRaw<[{ hands: number; seated: number }]>`
    SELECT (SELECT count(*)::int FROM poker_hand WHERE table_id = ${poolId}::uuid AND status = 'COMPLETED') AS hands,
           (SELECT count(*)::int FROM poker_seat WHERE table_id = ${poolId}::uuid) AS seated`;
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
        ['players in the pool (bots)', String(playerCount)],
        ['hands dealt per second', handsPerS.toFixed(1)],
        ['actions per second (accepted, over the WebSocket)', actionsPerS.toFixed(1)],
        ['folds in the window', String(bots.folds)],
        ['fold → next deal p50 / p99 (ms, fold sent → push of the next hand)', `${ms(bots.p50)} / ${ms(bots.p99)}`],
        ['WebSocket pushes per second (received by the bots)', (bots.messages / windowS).toFixed(0)],
        ['CPU ms per action: game service (this process)', perAction(cpu.serviceMs)],
        ['CPU ms per action: bots (their process)', perAction(bots.cpuMs)],
        [
          'CPU ms per action: PostgreSQL / Redis (whole servers, shared)',
          `${perAction(cpu.postgresMs)} / ${perAction(cpu.redisMs)}`,
        ],
        ['load average at the end (1 min; 2 CPUs)', loadAfter[0]!.toFixed(2)],
        ['actions refused as stale (409/422)', String(bots.stale)],
        ['errors', String(bots.errors) + (bots.firstError ? ` (first: ${bots.firstError})` : '')],
        ['window (s, as the bots timed it)', windowS.toFixed(2)],
        ['hands committed in the whole run / players seated at the end', `${stored.hands} / ${stored.seated}`],
        ['pool escrow / Σ stored stacks (minor)', `${escrowMinor} / ${stacksMinor}`],
      ],
    )}\n`,
  );
  console.log(`ledger invariants: ${violations.length === 0 ? 'all hold' : JSON.stringify(violations)}`);
  console.log(
    `bench:speed-poker players=${playerCount} hands_per_s=${handsPerS.toFixed(1)} fold_to_deal_p99_ms=${ms(bots.p99)} escrow_violations=${escrowViolations}`,
  );
  return escrowViolations === 0 && violations.length === 0 && bots.errors === 0 ? 0 : 1;
}

const cleanup = new Cleanup();
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void cleanup.runAll().finally(() => process.exit(130)));
let exitCode = 1;
try {
  exitCode = await main(cleanup);
} catch (error) {
  console.error(`bench:speed-poker failed: ${(error as Error).stack ?? String(error)}`);
} finally {
  await cleanup.runAll();
}
process.exit(exitCode);
