/**
 * `npm run bench:poker-tables` (issue 16): poker cash tables end to end. The real game-service app
 * listens on a local port with its poker room; bots in a separate process (poker-bots.ts) sit 6 players
 * at each of 200 six-max No Limit Hold'em tables and act at once whenever it is their turn, over HTTP,
 * watching their table's WebSocket. After the window every table's escrow invariant (escrow balance =
 * Σ stored stacks) and the ledger's invariants are checked.
 *
 * A measurement, not a test. Environment: DATABASE_URL and REDIS_URL (default local), BENCH_TABLES
 * (200), BENCH_SEATS (6), BENCH_SECONDS (20), BENCH_WARMUP_SECONDS (5).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
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

function runBots(planFile: string): Promise<BotResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'poker-bots.ts'), planFile], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !line.startsWith('{')) reject(new Error(`the bots exited with ${code}: ${out.slice(-500)}`));
      else resolve(JSON.parse(line) as BotResult);
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
  console.log(
    `bench:poker-tables ${new Date().toISOString()}: ${os.availableParallelism()} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, Node ${process.version}`,
  );
  console.log(`run: ${tables} tables × ${seats} bots (zero think time), ${seconds} s measured + ${warmupS} s warm-up`);

  const url = await createScratchFromTemplate(databaseUrl, randomBenchName(), cleanup);
  const db = createDb({ databaseUrl: url, poolMax: 20, applicationName: 'casino-bench-poker' });
  cleanup.add('disconnect the database', () => db.$disconnect());
  const redis = createRedis({ redisUrl, connectionName: 'bench-poker' });
  cleanup.add('disconnect redis', async () => redis.disconnect());
  await ledger.openOperatorAccounts(db, ['CZK'], 16);
  const psp = (await ledger.openAccount(db, ledger.paymentProviderClearingSpec('bench-psp', 'CZK', 16))).id;
  const tableIds = await createTables(db, tables, seats);

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

  const players: Array<{ token: string; tableId: string; seat: number }> = [];
  for (const tableId of tableIds) {
    for (let seat = 1; seat <= seats; seat++) {
      const { playerId } = await createBenchPlayer(db, { pspAccountId: psp, fund: '100000.00' });
      players.push({ token: app.issueAccessToken({ audience: 'player', subject: playerId }), tableId, seat });
    }
  }
  const planFile = path.join(os.tmpdir(), `bench-poker-${randomBytes(4).toString('hex')}.json`);
  // 100 big blinds at the CZ-FO demo table's stakes.
  writeFileSync(planFile, JSON.stringify({ base, warmupS, measureS: seconds, buyIn: '200.00', currency: 'CZK', players }));
  const bots = await runBots(planFile);

  // Stop the room (running hands are voided: every chip back), then check every table's money.
  await app.close();
  const escrow: string[] = [];
  for (const tableId of tableIds) {
    const { escrowMinor, stacksMinor } = await escrowAndStacks(db, tableId);
    if (escrowMinor !== stacksMinor) escrow.push(tableId);
  }
  const violations = await ledger.findInvariantViolations(db);
  const actionsPerS = bots.actions / seconds;
  const handsPerS = bots.hands / seconds;
  console.log(
    `\n${formatTable(
      ['measure', 'value'],
      [
        ['hands per second', handsPerS.toFixed(1)],
        ['actions per second (HTTP, accepted)', actionsPerS.toFixed(1)],
        ['action latency p50 / p99 (ms, request → next pushed state)', `${bots.p50.toFixed(1)} / ${bots.p99.toFixed(1)}`],
        ['WebSocket messages per second (received by the bots)', (bots.messages / seconds).toFixed(0)],
        ['actions refused as stale (409/422: acted on a replaced view)', String(bots.stale)],
        ['errors', String(bots.errors) + (bots.firstError ? ` (first: ${bots.firstError})` : '')],
        ['tables whose escrow ≠ Σ stacks', String(escrow.length)],
      ],
    )}\n`,
  );
  console.log(`ledger invariants: ${violations.length === 0 ? 'all hold' : JSON.stringify(violations)}`);
  console.log(
    `bench:poker-tables hands_per_s=${handsPerS.toFixed(1)} actions_per_s=${Math.round(actionsPerS)} action_p99_ms=${bots.p99.toFixed(1)} escrow_violations=${escrow.length}`,
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
