/**
 * `npm run bench:cashier` (issue 22): the player API's deposit and withdrawal requests over HTTP
 * (`POST /v1/deposits`, `POST /v1/withdrawals`), with every check of the cashier, from
 * BENCH_CLIENTS concurrent clients, each request a new Idempotency-Key of a player taken in turn. The
 * payment provider is an in-process stub that accepts every payment (the bench measures this side of
 * the provider's API: the provider's own latency is not ours). A measurement, not a test.
 *
 * First a counting proxy (roundtrips.ts) gives PostgreSQL round trips and statements per request (a
 * second app whose pool runs through the proxy, 20 requests of each kind one at a time; BENCH_WIRE_LOG=1
 * prints one request's statements, BENCH_WIRE_ONLY=1 stops there). It ends with
 *   bench:cashier deposit_requests_per_s=… deposit_p99_ms=… withdrawal_requests_per_s=… withdrawal_p99_ms=… round_trips_deposit=… round_trips_withdrawal=…
 * and exits 1 if a request failed or the ledger is inconsistent afterwards.
 *
 * Environment: DATABASE_URL, REDIS_URL, BENCH_REQUESTS (1000 of each kind), BENCH_CLIENTS (16),
 * BENCH_PLAYERS (200).
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { PaymentProvider } from '@casino/cashier';
import { newId } from '@casino/core';
import { createDb, createRedis, type Db } from '@casino/db';
import { findInvariantViolations, openAccount, openOperatorAccounts, paymentProviderClearingSpec } from '@casino/ledger';
import { buildPlayerApi, loadPlayerApiConfig } from '@casino/player-api';
import { createBenchPlayer } from './bench-players.ts';
import { formatTable } from './report.ts';
import { startCountingProxy } from './roundtrips.ts';
import { Cleanup, createScratchFromTemplate, randomBenchName } from './scratch-db.ts';
import { percentile } from './workload.ts';

const env = process.env;
const databaseUrl = env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/casino';
const redisUrl = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const requests = Number(env.BENCH_REQUESTS ?? 1_000);
const clients = Number(env.BENCH_CLIENTS ?? 16);
const playerCount = Number(env.BENCH_PLAYERS ?? 200);
const provider = 'sandbox-psp';

/** Accepts every payment at once; the cashier's deposit id is the provider's idempotency key. */
const stubProvider: PaymentProvider = {
  name: provider,
  describeCardToken: () => Promise.reject(new Error('the bench registers no cards')),
  createPayment: (request) => Promise.resolve({ providerPaymentId: `pay_${request.reference}`, redirectUrl: null }),
  createCardVerification: () => Promise.reject(new Error('the bench verifies no cards')),
  createPayout: (request) => Promise.resolve({ providerPayoutId: `payout_${request.reference}` }),
  refundPayment: (request) => Promise.resolve({ providerRefundId: `refund_${request.reference}` }),
};

interface BenchPlayer {
  playerId: string;
  methodId: string;
  token: string;
  /** Each player's own address (through the loopback proxy the app trusts): the API's per-address rate limit is per player. */
  address: string;
}

/** Registered players with a funded cash wallet and a verified, active bank account (deposits and withdrawals both). */
async function setUp(db: Db): Promise<Array<Omit<BenchPlayer, 'token' | 'address'>>> {
  await openOperatorAccounts(db, ['CZK'], 16);
  const psp = await openAccount(db, paymentProviderClearingSpec(provider, 'CZK', 16));
  const now = new Date();
  const list: Array<Omit<BenchPlayer, 'token' | 'address'>> = [];
  for (let i = 0; i < playerCount; i++) {
    const { playerId } = await createBenchPlayer(db, { pspAccountId: psp.id, fund: '1000000.00' });
    await db.player.update({
      where: { id: playerId },
      data: { identityStatus: 'VERIFIED', screeningStatus: 'CLEARED', registeredAt: now },
    });
    const methodId = newId<string>();
    await db.paymentMethod.create({
      data: {
        id: methodId,
        playerId,
        kind: 'BANK_ACCOUNT',
        instrument: 'bank-transfer',
        status: 'VERIFIED',
        active: true,
        holderName: 'Bench Player',
        holderNameExact: true,
        country: 'CZ',
        display: `CZ65 •••• ${String(i).padStart(4, '0')}`,
        // Never decrypted here: a withdrawal request reads the method's state, the payout job its number.
        accountNumberEncrypted: 'bench',
        accountNumberHash: randomBytes(32).toString('hex'),
        verificationDeadlineAt: now,
        verifiedAt: now,
        createdAt: now,
        updatedAt: now,
      },
    });
    list.push({ playerId, methodId });
  }
  return list;
}

type Kind = 'deposit' | 'withdrawal';

async function request(base: string, kind: Kind, player: BenchPlayer): Promise<{ status: number; body: string; ms: number }> {
  const t0 = performance.now();
  const body =
    kind === 'deposit'
      ? { paymentMethodId: player.methodId, amount: { amount: '500.00', currency: 'CZK' } }
      : { amount: { amount: '20.00', currency: 'CZK' } };
  const response = await fetch(`${base}/v1/${kind === 'deposit' ? 'deposits' : 'withdrawals'}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${player.token}`,
      'content-type': 'application/json',
      'idempotency-key': `bench-${newId()}`,
      'x-forwarded-for': player.address,
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text, ms: performance.now() - t0 };
}

function buildApp(client: Db, redis: ReturnType<typeof createRedis>, url: string, jwtSecret: string) {
  return buildPlayerApi({
    config: loadPlayerApiConfig({
      ...env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: url,
      REDIS_URL: redisUrl,
      JWT_SECRET: jwtSecret,
      PII_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      PII_HASH_KEY: randomBytes(32).toString('base64'),
    }),
    connections: { db: client, redis },
    paymentProvider: stubProvider,
  });
}

/** Round trips per request: a second app whose pool runs through a counting proxy, one request at a time. */
async function wireCounts(url: string, redis: ReturnType<typeof createRedis>, jwtSecret: string, players: BenchPlayer[]) {
  const proxy = await startCountingProxy(url);
  const db = createDb({ databaseUrl: proxy.url, poolMax: 2, applicationName: 'bench-cashier-wire' });
  const app = await buildApp(db, redis, url, jwtSecret);
  try {
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const counts: Record<Kind, { roundTrips: number; statements: number }> = {
      deposit: { roundTrips: 0, statements: 0 },
      withdrawal: { roundTrips: 0, statements: 0 },
    };
    const perKind = 20;
    for (const kind of ['deposit', 'withdrawal'] as const) {
      await request(base, kind, players[0]!); // warms the process's caches and prepared statements
      proxy.reset();
      for (let i = 0; i < perKind; i++) {
        const answer = await request(base, kind, players[(i + 1) % players.length]!);
        if (answer.status !== 201) throw new Error(`wire count: ${kind} answered ${answer.status} ${answer.body.slice(0, 300)}`);
      }
      counts[kind] = {
        roundTrips: proxy.counts.roundTrips / perKind,
        statements: (proxy.counts.parses + proxy.counts.simpleQueries) / perKind,
      };
      if (env.BENCH_WIRE_LOG) {
        proxy.reset();
        await request(base, kind, players[perKind + 1]!);
        console.log(`statements of one ${kind} request (${proxy.counts.roundTrips} round trips):`);
        for (const sql of proxy.statements) console.log(`  ${sql.replace(/\s+/g, ' ').slice(0, 160)}`);
      }
    }
    return counts;
  } finally {
    await app.close();
    await db.$disconnect();
    await proxy.close();
  }
}

async function run(base: string, kind: Kind, players: BenchPlayer[]) {
  let next = 0;
  const latencies: number[] = [];
  const failures: string[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = next++; i < requests; i = next++) {
        const answer = await request(base, kind, players[i % players.length]!);
        if (answer.status === 201) latencies.push(answer.ms);
        else if (failures.length < 5) failures.push(`${answer.status} ${answer.body.slice(0, 200)}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  return {
    perS: latencies.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    ok: latencies.length,
    failures,
    seconds,
  };
}

async function main(): Promise<number> {
  const cleanup = new Cleanup();
  process.once('SIGINT', () => void cleanup.runAll().then(() => process.exit(130)));
  try {
    const url = await createScratchFromTemplate(databaseUrl, randomBenchName(), cleanup);
    const db = createDb({ databaseUrl: url, poolMax: clients + 4, applicationName: 'bench-cashier' });
    const redis = createRedis({ redisUrl, connectionName: 'bench-cashier', lazyConnect: true });
    cleanup.add('close connections', async () => {
      await db.$disconnect();
      redis.disconnect();
    });
    console.log(`bench:cashier ${new Date().toISOString()}`);
    console.log(
      `machine: ${os.availableParallelism()} CPUs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}, Node ${process.version}`,
    );
    console.log(`run: ${requests} deposit and ${requests} withdrawal requests, ${clients} clients, ${playerCount} players\n`);
    const jwtSecret = randomBytes(32).toString('hex');
    const app = await buildApp(db, redis, url, jwtSecret);
    cleanup.add('close the app', () => app.close());
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const players = (await setUp(db)).map((p, i) => ({
      ...p,
      token: app.issueAccessToken({ audience: 'player', subject: p.playerId }),
      address: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    }));
    const wire = await wireCounts(url, redis, jwtSecret, players);
    console.log(
      `one request alone: deposit ${wire.deposit.roundTrips.toFixed(1)} round trips (${wire.deposit.statements.toFixed(1)} statements), ` +
        `withdrawal ${wire.withdrawal.roundTrips.toFixed(1)} round trips (${wire.withdrawal.statements.toFixed(1)} statements)\n`,
    );
    if (env.BENCH_WIRE_ONLY) return 0;
    const deposits = await run(base, 'deposit', players);
    const withdrawals = await run(base, 'withdrawal', players);
    const violations = await findInvariantViolations(db);
    console.log(
      formatTable(
        ['requests', 'answered 201', 'seconds', 'per second', 'p50 ms', 'p99 ms', 'round trips', 'statements'],
        (
          [
            ['deposit', deposits],
            ['withdrawal', withdrawals],
          ] as const
        ).map(([kind, r]) => [
          kind,
          String(r.ok),
          r.seconds.toFixed(2),
          r.perS.toFixed(1),
          r.p50.toFixed(1),
          r.p99.toFixed(1),
          wire[kind].roundTrips.toFixed(1),
          wire[kind].statements.toFixed(1),
        ]),
      ),
    );
    const failures = [...deposits.failures, ...withdrawals.failures];
    if (failures.length > 0) console.log(`failures (first): ${failures.join('; ')}`);
    console.log(violations.length === 0 ? 'ledger invariants: all hold' : `ledger invariants VIOLATED: ${violations.length}`);
    console.log(
      `bench:cashier deposit_requests_per_s=${deposits.perS.toFixed(0)} deposit_p99_ms=${deposits.p99.toFixed(1)} ` +
        `withdrawal_requests_per_s=${withdrawals.perS.toFixed(0)} withdrawal_p99_ms=${withdrawals.p99.toFixed(1)} ` +
        `round_trips_deposit=${wire.deposit.roundTrips.toFixed(1)} round_trips_withdrawal=${wire.withdrawal.roundTrips.toFixed(1)}`,
    );
    return failures.length > 0 || violations.length > 0 ? 1 : 0;
  } finally {
    await cleanup.runAll();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
