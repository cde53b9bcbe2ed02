/**
 * `npm run bench:limits`: what enforcing the self-limits costs on the stake and deposit paths. Each
 * operation is the real thing: the limits check under the per-player lock and the ledger posting in
 * one transaction, against a scratch copy of the migrated database. A measurement, not a test: it
 * exits 0 whatever the numbers (1 only if the ledger ends up inconsistent or the benchmark fails).
 *
 * Scenarios: (l) the ledger posting of a stake alone, the baseline; (s) a stake with its limits check,
 * each client its own player; (p) the same, every client staking for ONE player, which the per-player
 * lock serialises by design; (d) a deposit with its limits check.
 *
 * Environment: DATABASE_URL (only the server part is used), BENCH_SECONDS (5), BENCH_WARMUP_SECONDS (1),
 * BENCH_CLIENTS ("1,8").
 */
import os from 'node:os';
import { Money, newId, systemClock, type AccountId } from '@casino/core';
import { createDb, transaction, type Db, type Tx } from '@casino/db';
import * as ledger from '@casino/ledger';
import { authorizeDeposit, authorizeStake, czechProfile, startPlaySession, type EnforcementContext } from '@casino/limits';
import { createBenchPlayer } from './bench-players.ts';
import { formatTable } from './report.ts';
import { startCountingProxy } from './roundtrips.ts';
import { Cleanup, createScratchFromTemplate, randomBenchName } from './scratch-db.ts';
import { percentile, runClients, type RunResult } from './workload.ts';

interface Player {
  playerId: string;
  wallet: AccountId;
  playSessionId: string;
}

interface Fixture {
  players: Player[];
  house: AccountId;
  psp: AccountId;
}

type Operation = (db: Db, player: Player) => Promise<void>;

const ctx: EnforcementContext = { clock: systemClock, profile: czechProfile };
const oneCrown = Money.of('1.00', 'CZK');
const readCommitted = { isolation: 'ReadCommitted' as const };

function scenarios(fixture: Fixture): Array<{ id: string; name: string; hot: boolean; run: Operation }> {
  const postStake = (tx: Tx, player: Player, key: string) =>
    ledger.transfer(
      tx,
      { idempotencyKey: key, kind: 'STAKE', debitAccountId: player.wallet, creditAccountId: fixture.house, amount: oneCrown },
      new Date(),
    );
  const stake: Operation = (db, p) =>
    transaction(
      db,
      async (tx) => {
        const reference = `bench:${newId()}`;
        await authorizeStake(ctx, tx, {
          playerId: p.playerId,
          playSessionId: p.playSessionId,
          reference,
          amount: oneCrown,
          category: 'casino',
        });
        await postStake(tx, p, reference);
      },
      readCommitted,
    );
  const deposit: Operation = (db, p) =>
    transaction(
      db,
      async (tx) => {
        const reference = `bench:${newId()}`;
        await authorizeDeposit(ctx, tx, { playerId: p.playerId, reference, amount: oneCrown });
        await ledger.transfer(
          tx,
          {
            idempotencyKey: reference,
            kind: 'DEPOSIT',
            debitAccountId: fixture.psp,
            creditAccountId: p.wallet,
            amount: oneCrown,
          },
          new Date(),
        );
      },
      readCommitted,
    );
  return [
    {
      id: 'l',
      name: 'ledger posting only (baseline)',
      hot: false,
      run: (db, p) => transaction(db, async (tx) => void (await postStake(tx, p, `bench:${newId()}`)), readCommitted),
    },
    { id: 's', name: 'stake: limits check + posting', hot: false, run: stake },
    { id: 'p', name: 'stake, all clients on one player', hot: true, run: stake },
    { id: 'd', name: 'deposit: limits check + posting', hot: false, run: deposit },
  ];
}

/** Players with every Czech registration measure set high enough never to refuse, funded wallets and open play sessions. */
async function setUp(db: Db, count: number): Promise<Fixture> {
  await ledger.openOperatorAccounts(db, ['CZK'], 16);
  const house = (await ledger.findAccountByCode(db, ledger.operatorAccountCode('game-revenue', 'CZK', 'roulette')))!.id;
  const psp = (await ledger.openAccount(db, ledger.paymentProviderClearingSpec('bench-psp', 'CZK', 16))).id;
  const players: Player[] = [];
  for (let i = 0; i < count; i++) {
    const { playerId, wallet } = await createBenchPlayer(db, { pspAccountId: psp, fund: '10000000.00' });
    const { playSessionId } = await transaction(db, (tx) => startPlaySession(ctx, tx, { playerId }));
    players.push({ playerId, wallet, playSessionId });
  }
  return { players, house, psp };
}

async function roundTrips(url: string, fixture: Fixture): Promise<string> {
  const proxy = await startCountingProxy(url);
  const db = createDb({ databaseUrl: proxy.url, poolMax: 1, applicationName: 'casino-bench-wire' });
  try {
    const rows: string[][] = [];
    for (const scenario of scenarios(fixture).filter((s) => !s.hot)) {
      for (let i = 0; i < 3; i++) await scenario.run(db, fixture.players[0]!);
      proxy.reset();
      const count = 30;
      for (let i = 0; i < count; i++) await scenario.run(db, fixture.players[0]!);
      rows.push([
        `(${scenario.id}) ${scenario.name}`,
        (proxy.counts.roundTrips / count).toFixed(1),
        ((proxy.counts.parses + proxy.counts.simpleQueries) / count).toFixed(1),
      ]);
    }
    return formatTable(['per operation', 'round trips', 'statements'], rows);
  } finally {
    await db.$disconnect();
    await proxy.close();
  }
}

async function main(cleanup: Cleanup): Promise<number> {
  const databaseUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/casino';
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const warmupS = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
  const clientCounts = (process.env.BENCH_CLIENTS ?? '1,8')
    .split(',')
    .map(Number)
    .filter((c) => c > 0);
  console.log(
    `bench:limits ${new Date().toISOString()}: ${os.availableParallelism()} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, Node ${process.version}`,
  );
  console.log(`run: ${seconds} s measured + ${warmupS} s warm-up per run, clients ${clientCounts.join('/')}`);

  const name = randomBenchName();
  const url = await createScratchFromTemplate(databaseUrl, name, cleanup);
  const db = createDb({ databaseUrl: url, poolMax: 4, applicationName: 'casino-bench-setup' });
  cleanup.add('disconnect set-up client', () => db.$disconnect());
  const fixture = await setUp(db, Math.max(...clientCounts));
  console.log(`\n${await roundTrips(url, fixture)}\n`);

  const rows: string[][] = [];
  for (const scenario of scenarios(fixture)) {
    for (const clients of clientCounts) {
      const pool = createDb({ databaseUrl: url, poolMax: clients + 2, applicationName: 'casino-bench' });
      let next = 0;
      const result: RunResult = await runClients(clients, { warmupS, measureS: seconds }, () =>
        scenario.run(pool, fixture.players[scenario.hot ? 0 : next++ % clients]!),
      );
      await pool.$disconnect();
      const rate = result.ops / result.seconds;
      rows.push([
        `(${scenario.id}) ${scenario.name}`,
        String(clients),
        String(Math.round(rate)),
        percentile(result.latenciesMs, 50).toFixed(2),
        percentile(result.latenciesMs, 99).toFixed(2),
        String(result.errors),
      ]);
      console.log(
        `  (${scenario.id}) ${clients} clients: ${Math.round(rate)} ops/s${result.firstError ? ` (first error: ${result.firstError})` : ''}`,
      );
    }
  }
  const violations = await ledger.findInvariantViolations(db);
  console.log(`\n${formatTable(['scenario', 'clients', 'ops/s', 'p50 ms', 'p99 ms', 'errors'], rows)}\n`);
  console.log(`ledger invariants: ${violations.length === 0 ? 'all hold' : JSON.stringify(violations)}`);
  return violations.length === 0 ? 0 : 1;
}

const cleanup = new Cleanup();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanup.runAll().finally(() => process.exit(130)));
}
let exitCode = 1;
try {
  exitCode = await main(cleanup);
} catch (error) {
  console.error(`bench:limits failed: ${(error as Error).stack ?? String(error)}`);
} finally {
  await cleanup.runAll();
}
process.exit(exitCode);
