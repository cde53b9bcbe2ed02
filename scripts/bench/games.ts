/**
 * `npm run bench:games`: the game service end to end, and the roulette engine alone.
 *
 * API: the real game-service app listening on a local port, its scheduler running, 50 concurrent
 * players seated at 13 European roulette tables (4 seats each) with 2-second betting, each in a loop
 * placing and confirming a 1 CZK bet over HTTP (POST /v1/rounds/{id}/actions). Every confirmation is
 * the whole stake path: the round's row lock, the engine, the self-limits check under the player's
 * lock, the ledger posting and the AML event, in one transaction. After the window the rounds are
 * left to settle and every bet accepted in it must have been settled (wins credited): the run fails
 * otherwise, and if the ledger is not consistent. Engine: roulette rounds (four seats, mixed bets,
 * confirmed, spun, settled) with the production round seed and stream, on one core.
 *
 * Issue 22: before all that, the ledger's standalone transfers are measured (ledger-reference.ts) and
 * after the 50-player case comes the hot case, BENCH_HOT_PLAYERS (500) players betting in the same
 * window at full four-seat tables (004:GAM-R-01, D-2250). The closing line gives both and their ratios:
 *   bench:games api_bets_per_s=… p99_ms=… hot_bets_per_s=… hot_p99_ms=… ledger_transfers_per_s=… ratio=… hot_ratio=…
 *
 * The rates are the most the service confirms, each player betting again as soon as answered (closed loop); there
 * the latency is only players ÷ rate (500 players at 1,000 bets/s wait 0.5 s whatever the service does). So each
 * case is run a second time with bets arriving at the rate its target asks (0.5 and 0.3 × the ledger's transfers,
 * open loop, each bet timed from when it was due, D-1859), and that run's p99 is the closing line's p99_ms and
 * hot_p99_ms: the latency at the target rate, which explodes when the service cannot keep that rate.
 *
 * The players run in a process of their own (games-clients.ts, D-2265), so the service's CPU per
 * confirmation is measured apart from the clients'. The hot case's tables bet for the demo roulette
 * tables' 15 s (D-2266).
 *
 * A measurement, not a test. Environment: DATABASE_URL and REDIS_URL (default local), BENCH_SECONDS
 * (10), BENCH_WARMUP_SECONDS (2), BENCH_CLIENTS (50), BENCH_HOT_PLAYERS (500; 0 skips the hot case),
 * BENCH_BETTING_MS (2000, the 50-player case's tables), BENCH_HOT_BETTING_MS (15000, the hot case's),
 * BENCH_ENGINE_SECONDS (3), BENCH_LEDGER_SECONDS (10); BENCH_WIRE_LOG=1 prints the statements of one
 * confirmation, BENCH_WIRE_ONLY=1 stops after the round-trip and CPU count of one player alone.
 */
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildGameService, loadGameServiceConfig, type GameServiceConfig } from '@casino/game-service';
import { type AccountId } from '@casino/core';
import { createDb, createRedis, type Db, type Redis } from '@casino/db';
import {
  applyRouletteAction,
  createRoundSeed,
  openRouletteRound,
  roundRng,
  type RouletteAction,
  type RouletteBetRequest,
  type RouletteTableLimits,
} from '@casino/games';
import * as ledger from '@casino/ledger';
import { createTable } from '@casino/tables';
import { createBenchPlayer } from './bench-players.ts';
import { formatTable } from './report.ts';
import { startCountingProxy } from './roundtrips.ts';
import { Cleanup, createScratchFromTemplate, randomBenchName } from './scratch-db.ts';
import { cpuBetween, postgresPids, processCpuMs, sampleCpu, type CpuSample } from './cpu.ts';
import { betPlacer, type BenchPlayer, type ClientsMessage, type ClientsPlan } from './games-clients.ts';
import { measureLedgerTransfers } from './ledger-reference.ts';
import { tallyStatements } from './statements.ts';
import { percentile, type RunResult } from './workload.ts';

const seatsPerTable = 4;
/**
 * Issue 22's targets: the rates as ratios of the ledger's standalone transfers measured in the same run; the p99s
 * with bets arriving at exactly those rates (open loop, D-1859).
 */
const targets = { ratio: 0.5, p99Ms: 100, hotRatio: 0.3, hotP99Ms: 250 } as const;
const limits: RouletteTableLimits = {
  unitMinor: 10n,
  insideMinimumMinor: 10n,
  outsideMinimumMinor: 10n,
  straightMaximumMinor: 100_000n,
  outsideMaximumMinor: 500_000n,
  positionMaximumMinor: 100_000_000n,
};

type Player = BenchPlayer;

async function openAccounts(db: Db): Promise<AccountId> {
  await ledger.openOperatorAccounts(db, ['CZK'], 16);
  return (await ledger.openAccount(db, ledger.paymentProviderClearingSpec('bench-psp', 'CZK', 16))).id;
}

/**
 * Adds players up to `count`, filling roulette tables 4 to a table (004:GAM-R-01) after those
 * already there: tables are created only for players that exist, since a table runs its rounds
 * whether or not anyone bets (the hot case's tables would otherwise load the first case).
 */
async function addPlayers(
  db: Db,
  psp: AccountId,
  players: Player[],
  count: number,
  issueToken: (playerId: string) => string,
  bettingTimeMs: number,
): Promise<Player[]> {
  const added: Player[] = [];
  const first = players.length;
  for (let i = first; i < count; i++) {
    let tableId = players[i - 1]?.tableId;
    // A call's players sit at tables of their own (betting times differ between the two windows).
    if (i % seatsPerTable === 0 || i === first) {
      const index = i === first && i % seatsPerTable !== 0 ? `${Math.floor(i / seatsPerTable)}b` : String(i / seatsPerTable);
      tableId = (
        await createTable(
          db,
          {
            code: `bench-roulette-${index}`,
            name: `Bench ${index}`,
            game: 'roulette',
            variant: 'european',
            currency: 'CZK',
            seatsMax: seatsPerTable,
            bettingTimeMs,
            actionTimeMs: 2_000,
            idleRoundsMax: 5,
            limits,
          },
          new Date(),
        )
      ).id;
    }
    const { playerId } = await createBenchPlayer(db, { pspAccountId: psp, fund: '1000000.00' });
    const player = { playerId, token: issueToken(playerId), tableId: tableId!, roundId: null };
    players.push(player);
    added.push(player);
  }
  return added;
}

/**
 * Round trips to PostgreSQL per bet confirmation: a second app whose database connection runs through
 * a counting proxy, one player at a table of its own with a long betting time, 100 confirmations, with the CPU they take.
 */
async function roundTripsPerBet(
  url: string,
  databaseName: string,
  redis: Redis,
  config: GameServiceConfig,
  players: Player[],
): Promise<{
  roundTrips: number;
  roundTripsPerTurn: number;
  turnWins: number;
  turns: number;
  nodeCpuMs: number;
  postgresCpuMs: number;
}> {
  const proxy = await startCountingProxy(url);
  const db = createDb({ databaseUrl: proxy.url, poolMax: 2, applicationName: 'casino-bench-wire' });
  const app = await buildGameService({
    config,
    connections: { db, redis },
    redisKeyPrefix: `bench:wire:${randomBytes(4).toString('hex')}`,
  });
  try {
    const table = await createTable(
      db,
      {
        code: 'bench-roulette-wire',
        name: 'Bench wire',
        game: 'roulette',
        variant: 'european',
        currency: 'CZK',
        seatsMax: 1,
        bettingTimeMs: 600_000,
        actionTimeMs: 600_000,
        idleRoundsMax: 5,
        limits,
      },
      new Date(),
    );
    const player = { ...players[0]!, tableId: table.id, roundId: null };
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    await fetch(`${base}/v1/tables/${table.id}/seats`, {
      method: 'POST',
      headers: { authorization: `Bearer ${player.token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const placeBet = betPlacer(base, 1);
    for (let i = 0; i < 3; i++) await placeBet(player);
    proxy.reset();
    // One player, one bet at a time, nothing else running yet (the main app's scheduler starts later):
    // CPU per confirmation without queueing, Node (the app, its HTTP client and this proxy) and PostgreSQL.
    const bets = 100;
    const pids = await postgresPids(url, databaseName);
    const before = sampleCpu(pids);
    for (let i = 0; i < bets; i++) await placeBet(player);
    const after = sampleCpu(pids);
    const perBet = proxy.counts.roundTrips / bets;
    let postgresMs = 0;
    for (const [pid, ms] of after.postgres) postgresMs += ms - (before.postgres.get(pid) ?? ms);
    const cpu = { nodeCpuMs: (after.clientMs - before.clientMs) / bets, postgresCpuMs: postgresMs / bets };
    if (process.env.BENCH_WIRE_LOG) {
      // Where one confirmation's round trips go: the statements it sends, in order.
      proxy.reset();
      await placeBet(player);
      console.log(`statements of one confirmation (${proxy.counts.roundTrips} round trips):`);
      for (const sql of proxy.statements) console.log(`  ${sql.replace(/\s+/g, ' ').slice(0, 160)}`);
    }
    // A round's turn by the scheduler (issue 22): betting closed, spun, settled (a win posted when red
    // comes up), the next round opened, for a round with one confirmed bet, over ten rounds.
    const turns = 10;
    let turnRoundTrips = 0;
    let turned = 0;
    let turnWins = 0;
    const turnStatements = new Map<string, number>();
    for (let i = 0; i < turns; i++) {
      await placeBet(player);
      await db.gameRound.updateMany({ where: { tableId: table.id, status: 'OPEN' }, data: { deadlineAt: new Date() } });
      proxy.reset();
      turned += await app.gameScheduler.runOnce();
      turnRoundTrips += proxy.counts.roundTrips;
      for (const sql of proxy.statements) {
        // Inlined values folded, so the one-call turn's statements count as one text each (D-2291).
        const key = sql
          .replace(/\s+/g, ' ')
          .replace(/'[^']*'/g, "'…'")
          .slice(0, 100);
        turnStatements.set(key, (turnStatements.get(key) ?? 0) + 1);
      }
    }
    // A win adds its posting (limits, ledger, monitoring, round record, payout-hold check): say how many rounds paid one.
    const [paid] = await db.$queryRaw<Array<{ wins: bigint }>>`
      SELECT count(*)::bigint AS wins FROM game_round_posting p JOIN game_round r ON r.id = p.round_id
      WHERE r.table_id = ${table.id}::uuid AND p.kind = 'WIN'`;
    turnWins = Number(paid!.wins);
    if (process.env.BENCH_WIRE_LOG) {
      console.log(`statements of ${turns} scheduler passes that each turned one round (count):`);
      for (const [sql, count] of [...turnStatements].sort((a, b) => b[1] - a[1]))
        console.log(`  ${String(count).padStart(4)}  ${sql}`);
    }
    // Leave, and let the main app's scheduler settle this round now (its bets count among the settled).
    await fetch(`${base}/v1/tables/${table.id}/seats/me`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${player.token}` },
    });
    await db.gameRound.updateMany({ where: { tableId: table.id, status: 'OPEN' }, data: { deadlineAt: new Date() } });
    return { roundTrips: perBet, roundTripsPerTurn: turnRoundTrips / turned, turnWins, turns: turned, ...cpu };
  } finally {
    await app.close();
    await db.$disconnect();
    await proxy.close();
  }
}

/** Roulette rounds through the engine alone: what one core does without the database. */
function engineRoundsPerSecond(seconds: number): number {
  const bets: RouletteBetRequest[] = [
    { kind: 'inside', numbers: [17], stakeMinor: 1_000n },
    { kind: 'outside', position: 'red', stakeMinor: 5_000n },
    { kind: 'neighbours', centre: 0, perSide: 2, chipMinor: 100n },
    { kind: 'announced', name: 'voisins-du-zero', chipMinor: 100n },
  ];
  const end = performance.now() + seconds * 1000;
  let rounds = 0;
  while (performance.now() < end) {
    const { seed, commitment } = createRoundSeed();
    let state = openRouletteRound({ roundId: 'bench', variant: 'european', limits, seedCommitment: commitment }).state;
    const actions: RouletteAction[] = [];
    for (let seat = 1; seat <= 4; seat++) actions.push({ kind: 'place-bets', seat, bets }, { kind: 'confirm-bets', seat });
    actions.push({ kind: 'close-betting' }, { kind: 'spin' });
    for (const action of actions) state = applyRouletteAction(state, action, roundRng(seed)).state;
    rounds++;
  }
  return rounds / seconds;
}

/** CPU-ms per wall second over a measured window (1000 = one core busy). */
interface WindowCpu {
  servicePerS: number;
  clientsPerS: number;
  postgresPerS: number;
  machineBusyPct: number;
  otherLoadPct: number;
}

/** The statements the service sent in a window (statements.ts) and the rounds it turned meanwhile. */
interface WindowStatements {
  list: Array<{ text: string; count: number }>;
  roundsSettled: number;
  roundsOpened: number;
}

/** Waits until no stake sits in an open round: every bet of the window has been settled. */
async function waitForSettlement(db: Db, timeoutMs: number): Promise<void> {
  for (let waited = 0; waited < timeoutMs; waited += 200) {
    const [row] = await db.$queryRaw<Array<{ n: bigint }>>`
      SELECT count(*)::bigint AS n FROM game_round_posting p JOIN game_round r ON r.id = p.round_id WHERE p.kind = 'STAKE' AND r.status = 'OPEN'`;
    if (row!.n === 0n) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function main(cleanup: Cleanup): Promise<number> {
  const databaseUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/casino';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const warmupS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
  const clients = Number(process.env.BENCH_CLIENTS ?? 50);
  const engineSeconds = Number(process.env.BENCH_ENGINE_SECONDS ?? 3);
  const hotPlayers = Number(process.env.BENCH_HOT_PLAYERS ?? 500);
  const bettingMs = Number(process.env.BENCH_BETTING_MS ?? 2_000);
  const hotBettingMs = Number(process.env.BENCH_HOT_BETTING_MS ?? 15_000);
  console.log(
    `bench:games ${new Date().toISOString()}: ${os.availableParallelism()} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, Node ${process.version}`,
  );
  console.log(
    `run: ${clients} players at ${Math.ceil(clients / seatsPerTable)} roulette tables (${bettingMs} ms betting), then ${hotPlayers} at ${Math.ceil(hotPlayers / seatsPerTable)} (hot case, ${hotBettingMs} ms betting), ` +
      `${seconds} s measured + ${warmupS} s warm-up each; engine ${engineSeconds} s`,
  );

  // The reference first, on a quiet scratch database of its own: the ledger's standalone transfers now.
  const reference = process.env.BENCH_WIRE_ONLY
    ? { transfersPerS: Number.NaN, p99Ms: Number.NaN }
    : await measureLedgerTransfers(databaseUrl, cleanup);
  console.log(
    `ledger reference (bench:ledger (a), 8 clients): ${reference.transfersPerS.toFixed(0)} transfers/s, p99 ${reference.p99Ms.toFixed(1)} ms`,
  );

  const databaseName = randomBenchName();
  const url = await createScratchFromTemplate(databaseUrl, databaseName, cleanup);
  const db = createDb({ databaseUrl: url, poolMax: 20, applicationName: 'casino-bench-games' });
  cleanup.add('disconnect the database', () => db.$disconnect());
  const redis = createRedis({ redisUrl, connectionName: 'bench-games' });
  cleanup.add('disconnect redis', async () => redis.disconnect());
  const config = loadGameServiceConfig({
    DATABASE_URL: url,
    REDIS_URL: redisUrl,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    GAME_RATE_LIMIT_PER_MINUTE: '10000000',
    GAME_SCHEDULER_TICK_MS: '50',
  });
  const app = await buildGameService({
    config,
    connections: { db, redis },
    redisKeyPrefix: `bench:${randomBytes(4).toString('hex')}`,
  });
  cleanup.add('close the app', () => app.close());
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const issueToken = (playerId: string) => app.issueAccessToken({ audience: 'player', subject: playerId });
  const psp = await openAccounts(db);
  const everyone: Player[] = [];
  await addPlayers(db, psp, everyone, clients, issueToken, bettingMs);
  const players = [...everyone];
  const seat = async (list: readonly Player[]) => {
    for (const p of list) {
      const response = await fetch(`${base}/v1/tables/${p.tableId}/seats`, {
        method: 'POST',
        headers: { authorization: `Bearer ${p.token}`, 'content-type': 'application/json' },
        body: '{}',
      });
      if (response.status !== 201) throw new Error(`seat refused: ${await response.text()}`);
    }
  };
  // Measured before the players sit, so the wire app's scheduler passes find only its own table's round due.
  const wire = await roundTripsPerBet(url, databaseName, redis, config, players);
  await seat(players);
  console.log(
    `one player, 100 bets one at a time: ${wire.roundTrips.toFixed(1)} round trips, CPU ms ${wire.nodeCpuMs.toFixed(2)} Node / ${wire.postgresCpuMs.toFixed(2)} PostgreSQL per confirmation; ` +
      `a scheduler pass turning a round with one bet: ${wire.roundTripsPerTurn.toFixed(1)} round trips (${wire.turnWins} of ${wire.turns} rounds paid a win)`,
  );
  if (process.env.BENCH_WIRE_ONLY) return 0;
  app.gameScheduler.start();

  // The players run in a process of their own (games-clients.ts, D-2265): the service's event loop and
  // CPU are its own, and CPU per confirmation is sampled at the window's edges for the service (this
  // process), the clients (theirs) and the PostgreSQL backends of the scratch database. On a shared
  // machine CPU time per operation moves far less than throughput does.
  // Every statement the service sends in a window, by text (statements.ts): what a confirmation and a round cost.
  const tally = tallyStatements();
  const bettingLoop = async (
    list: readonly Player[],
    ratePerS?: number,
  ): Promise<{ run: RunResult; cpu: WindowCpu | null; statements: WindowStatements }> => {
    const edges: { start?: Date; end?: Date; statements?: Array<{ text: string; count: number }> } = {};
    const child = fork(path.join(import.meta.dirname, 'games-clients.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const samples: { start?: CpuSample; end?: CpuSample; clientsStart?: number; clientsEnd?: number } = {};
    let pids: Promise<number[]> = Promise.resolve([]);
    const result = await new Promise<Extract<ClientsMessage, { kind: 'result' }>>((resolve, reject) => {
      child.on('message', (message: ClientsMessage) => {
        if (message.kind === 'result') resolve(message);
        else if (message.edge === 'start') {
          tally.start();
          edges.start = new Date();
          samples.clientsStart = processCpuMs(child.pid!) ?? 0;
          pids = postgresPids(url, databaseName).then((found) => ((samples.start = sampleCpu(found)), found));
        } else {
          edges.statements = tally.stop();
          edges.end = new Date();
          samples.clientsEnd = processCpuMs(child.pid!) ?? 0;
          void pids.then((found) => void (samples.end = sampleCpu(found)));
        }
      });
      child.once('exit', (code) => reject(new Error(`the clients' process exited (${code}) without a result`)));
      child.send({ base, players: [...list], warmupS, measureS: seconds, ratePerS } satisfies ClientsPlan);
    });
    await pids;
    const run: RunResult = { ...result, latenciesMs: Float64Array.from(result.latenciesMs).sort() };
    const [turned] = await db.$queryRaw<Array<{ settled: bigint; opened: bigint }>>`
      SELECT count(*) FILTER (WHERE settled_at BETWEEN ${edges.start ?? new Date(0)} AND ${edges.end ?? new Date(0)})::bigint AS settled,
             count(*) FILTER (WHERE opened_at BETWEEN ${edges.start ?? new Date(0)} AND ${edges.end ?? new Date(0)})::bigint AS opened
      FROM game_round`;
    const statements = {
      list: edges.statements ?? [],
      roundsSettled: Number(turned!.settled),
      roundsOpened: Number(turned!.opened),
    };
    if (!samples.start || !samples.end) return { run, cpu: null, statements };
    const use = cpuBetween(samples.start, samples.end);
    const windowS = (samples.end.wallMs - samples.start.wallMs) / 1000;
    const clientsPerS = (samples.clientsEnd! - samples.clientsStart!) / windowS;
    const machineMsPerS = (samples.end.machine.total - samples.start.machine.total) / windowS;
    return {
      run,
      cpu: {
        servicePerS: use.clientPerS,
        clientsPerS,
        postgresPerS: use.postgresPerS,
        machineBusyPct: use.machineBusyPct,
        otherLoadPct: Math.max(0, use.otherLoadPct - (machineMsPerS > 0 ? (100 * clientsPerS) / machineMsPerS : 0)),
      },
      statements,
    };
  };
  const printStatements = (label: string, run: RunResult, statements: WindowStatements) => {
    const total = statements.list.reduce((sum, s) => sum + s.count, 0);
    const perBet = (n: number) => (run.ops > 0 ? (n / run.ops).toFixed(2) : 'n/a');
    console.log(
      `statements sent by the service in the ${label} window: ${total} for ${run.ops} confirmations (${perBet(total)} each), ` +
        `${statements.roundsSettled} rounds settled and ${statements.roundsOpened} opened; the most frequent (count, per confirmation):`,
    );
    for (const { text, count } of statements.list.slice(0, 25))
      console.log(`  ${String(count).padStart(7)} ${perBet(count).padStart(6)}  ${text}`);
  };
  const perConfirmation = (run: RunResult, cpu: WindowCpu | null): string =>
    cpu && run.ops > 0
      ? [cpu.servicePerS, cpu.clientsPerS, cpu.postgresPerS]
          .map((perS) => ((perS * run.seconds) / run.ops).toFixed(2))
          .join(' / ')
      : 'n/a';
  const { run: result, cpu, statements } = await bettingLoop(players);
  printStatements(`${clients}-player`, result, statements);
  // Then the latency at the rate the target asks (D-1859): bets arriving at 0.5 × the ledger's transfers, open loop.
  const pacedRate = targets.ratio * reference.transfersPerS;
  const paced = (await bettingLoop(players, pacedRate)).run;
  // The hot case: every player betting in the same window, 4 to a round (the most a roulette table
  // seats), so each round's lock is shared by its 4 seats and the service by them all (D-2250), at
  // tables with the demo roulette tables' betting time (BENCH_HOT_BETTING_MS, D-2266).
  // Seated only now: seated players who do not bet are stood up after idle rounds.
  let hot: { run: RunResult; cpu: WindowCpu | null; statements: WindowStatements } | null = null;
  let hotPaced: RunResult | null = null;
  if (hotPlayers > 0) {
    // Players of their own: the 50-player window's are not seated any more (they stopped betting, their
    // 2-second tables turned idle rounds while these were seated, and idle seats are freed).
    const hotList = await addPlayers(db, psp, everyone, clients + hotPlayers, issueToken, hotBettingMs);
    await seat(hotList);
    hot = await bettingLoop(hotList);
    printStatements('hot', hot.run, hot.statements);
    hotPaced = (await bettingLoop(hotList, targets.hotRatio * reference.transfersPerS)).run;
  }

  // Let every round with bets of the window settle, then check every bet was settled.
  await waitForSettlement(db, 30_000);
  await app.gameScheduler.stop();
  const [counts] = await db.$queryRaw<Array<{ settled: bigint; open: bigint }>>`
    SELECT count(*) FILTER (WHERE r.status = 'SETTLED')::bigint AS settled, count(*) FILTER (WHERE r.status = 'OPEN')::bigint AS open
    FROM game_round_posting p JOIN game_round r ON r.id = p.round_id WHERE p.kind = 'STAKE'`;
  const { settled, open } = counts!;
  const rounds = await db.gameRound.count({ where: { status: 'SETTLED' } });
  const violations = await ledger.findInvariantViolations(db);
  const engine = engineRoundsPerSecond(engineSeconds);

  const rate = result.ops / result.seconds;
  const p50 = percentile(result.latenciesMs, 50);
  const p99 = percentile(paced.latenciesMs, 99);
  const hotRate = hot ? hot.run.ops / hot.run.seconds : Number.NaN;
  const hotP50 = hot ? percentile(hot.run.latenciesMs, 50) : Number.NaN;
  const hotP99 = hotPaced ? percentile(hotPaced.latenciesMs, 99) : Number.NaN;
  const hotPacedRate = targets.hotRatio * reference.transfersPerS;
  const errors = result.errors + paced.errors + (hot?.run.errors ?? 0) + (hotPaced?.errors ?? 0);
  const firstError = result.firstError ?? paced.firstError ?? hot?.run.firstError ?? hotPaced?.firstError ?? null;
  const pacedRow = (run: RunResult | null, arrivingPerS: number) =>
    run
      ? `${percentile(run.latenciesMs, 50).toFixed(1)} / ${percentile(run.latenciesMs, 99).toFixed(1)} (${arrivingPerS.toFixed(0)}/s arriving)`
      : 'n/a';
  const ratio = rate / reference.transfersPerS;
  const hotRatio = hotRate / reference.transfersPerS;
  console.log(
    `\n${formatTable(
      ['measure', 'value'],
      [
        [`bets confirmed over HTTP per second (${clients} players)`, rate.toFixed(1)],
        [
          'latency p50 / p99 at that rate, each player betting again at once (ms)',
          `${p50.toFixed(1)} / ${percentile(result.latenciesMs, 99).toFixed(1)}`,
        ],
        [`latency p50 / p99 with bets arriving at ${targets.ratio} × the ledger's rate (ms)`, pacedRow(paced, pacedRate)],
        [
          `hot case: bets per second (${hotPlayers} players, ${Math.ceil(hotPlayers / seatsPerTable)} tables)`,
          hotRate.toFixed(1),
        ],
        [
          'hot case: latency p50 / p99 at that rate, each player betting again at once (ms)',
          hot ? `${hotP50.toFixed(1)} / ${percentile(hot.run.latenciesMs, 99).toFixed(1)}` : 'n/a',
        ],
        [
          `hot case: latency p50 / p99 with bets arriving at ${targets.hotRatio} × the ledger's rate (ms)`,
          pacedRow(hotPaced, hotPacedRate),
        ],
        ['ledger standalone transfers per second (same run)', reference.transfersPerS.toFixed(1)],
        ['PostgreSQL round trips per confirmation', wire.roundTrips.toFixed(1)],
        ['PostgreSQL round trips per round turned by the scheduler (one bet)', wire.roundTripsPerTurn.toFixed(1)],
        [
          'CPU ms per confirmation, one player alone: Node / PostgreSQL',
          `${wire.nodeCpuMs.toFixed(2)} / ${wire.postgresCpuMs.toFixed(2)}`,
        ],
        [`CPU ms per confirmation, ${clients} players: service / clients / PostgreSQL`, perConfirmation(result, cpu)],
        [
          'machine busy / of it other tenants (%)',
          cpu ? `${cpu.machineBusyPct.toFixed(0)} / ${cpu.otherLoadPct.toFixed(0)}` : 'n/a',
        ],
        [`CPU ms per confirmation, hot case: service / clients / PostgreSQL`, hot ? perConfirmation(hot.run, hot.cpu) : 'n/a'],
        [
          'hot case: machine busy / of it other tenants (%)',
          hot?.cpu ? `${hot.cpu.machineBusyPct.toFixed(0)} / ${hot.cpu.otherLoadPct.toFixed(0)}` : 'n/a',
        ],
        ['errors', String(errors) + (firstError ? ` (first: ${firstError})` : '')],
        ['stakes in settled rounds / still open', `${settled} / ${open}`],
        ['rounds settled', String(rounds)],
        ['engine roulette rounds per second (one core)', engine.toFixed(0)],
      ],
    )}\n`,
  );
  console.log(`ledger invariants: ${violations.length === 0 ? 'all hold' : JSON.stringify(violations)}`);
  console.log(
    `targets: ratio ${ratio.toFixed(2)} (>= ${targets.ratio}) with p99 ${p99.toFixed(1)} ms (< ${targets.p99Ms}): ` +
      `${ratio >= targets.ratio && p99 < targets.p99Ms ? 'met' : 'NOT met'}; ` +
      `hot ratio ${hotRatio.toFixed(2)} (>= ${targets.hotRatio}) with p99 ${hotP99.toFixed(1)} ms (< ${targets.hotP99Ms}): ` +
      `${hotRatio >= targets.hotRatio && hotP99 < targets.hotP99Ms ? 'met' : 'NOT met'}`,
  );
  console.log(
    `bench:games api_bets_per_s=${Math.round(rate)} p99_ms=${p99.toFixed(1)} hot_bets_per_s=${Math.round(hotRate)} hot_p99_ms=${hotP99.toFixed(1)} ` +
      `ledger_transfers_per_s=${Math.round(reference.transfersPerS)} ratio=${ratio.toFixed(2)} hot_ratio=${hotRatio.toFixed(2)}`,
  );
  return violations.length === 0 && open === 0n && errors === 0 ? 0 : 1;
}

const cleanup = new Cleanup();
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void cleanup.runAll().finally(() => process.exit(130)));
let exitCode = 1;
try {
  exitCode = await main(cleanup);
} catch (error) {
  console.error(`bench:games failed: ${(error as Error).stack ?? String(error)}`);
} finally {
  await cleanup.runAll();
}
process.exit(exitCode);
