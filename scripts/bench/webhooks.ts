/**
 * `npm run bench:webhooks`: signed payment-provider webhooks through the real payments gateway over
 * HTTP, from 16 concurrent senders, a fifth of the deliveries duplicates of earlier events (sent
 * while the original may still be in flight). Each unique event is a `payment.settled` that credits
 * one deposit with every check of the cashier, in one transaction with its dedupe row. A
 * measurement, not a test; it ends with
 *   bench:webhooks events_per_s=<n> p99_ms=<n> duplicates_posted_twice=<n> ledger_transfers_per_s=<n> ratio=<n>
 * where events_per_s counts every delivery (duplicates included) answered 200 per second, and the
 * last number must be 0 (a deposit credited more than once). Exit 1 if it is not, or if the ledger
 * ends up inconsistent.
 *
 * Since issue 22 the run first measures the ledger's standalone transfers (bench:ledger (a), 8
 * clients, ledger-reference.ts) and the closing line adds them and the ratio:
 *   … ledger_transfers_per_s=<n> ratio=<events_per_s / ledger_transfers_per_s>
 * and a counting proxy gives PostgreSQL round trips per event (20 unique events sent one by one
 * through a second gateway; BENCH_WIRE_LOG=1 prints one event's statements).
 *
 * Environment: DATABASE_URL, REDIS_URL, BENCH_EVENTS (4000 unique), BENCH_SENDERS (16),
 * BENCH_DUPLICATE_SHARE (0.2), BENCH_PLAYERS (400), BENCH_LEDGER_SECONDS (10).
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { batchedCreditCount, czechCashierRules, oneCallCreditCount } from '@casino/cashier';
import { newId, systemClock } from '@casino/core';
import { createDb, createRedis, type Db } from '@casino/db';
import {
  findInvariantViolations,
  openAccount,
  openOperatorAccounts,
  paymentProviderClearingSpec,
  playerWalletSpec,
} from '@casino/ledger';
import { buildPaymentsGateway, loadPaymentsGatewayConfig } from '@casino/payments-gateway';
import { cpuBetween, postgresPids, processCpuMs, sampleCpu } from './cpu.ts';
import { benchHttpClient } from './http-client.ts';
import { measureLedgerTransfers, type LedgerReference } from './ledger-reference.ts';
import { Cleanup, createScratchFromTemplate, randomBenchName } from './scratch-db.ts';
import { formatTable } from './report.ts';
import { startCountingProxy } from './roundtrips.ts';
import { sendDeliveries, type SendersPlan, type SendersResult, type WebhookDelivery } from './webhooks-senders.ts';
import { percentile } from './workload.ts';

const env = process.env;
const databaseUrl = env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/casino';
const redisUrl = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const uniqueEvents = Number(env.BENCH_EVENTS ?? 4_000);
const senders = Number(env.BENCH_SENDERS ?? 16);
const duplicateShare = Number(env.BENCH_DUPLICATE_SHARE ?? 0.2);
const players = Number(env.BENCH_PLAYERS ?? 400);
const provider = 'sandbox-psp';
const secret = `whsec_${randomBytes(32).toString('base64')}`;
const jwtSecret = randomBytes(32).toString('hex');
const piiKey = randomBytes(32).toString('base64');
const piiHashKey = randomBytes(32).toString('base64');

type Delivery = WebhookDelivery;

/** Players with a full account and a verified, active payment method, and one pending deposit per unique event. */
async function setUp(db: Db): Promise<string[]> {
  await openOperatorAccounts(db, ['CZK'], 16);
  await openAccount(db, paymentProviderClearingSpec(provider, 'CZK', 16));
  const now = systemClock.now();
  const methods: Array<{ playerId: string; methodId: string }> = [];
  for (let i = 0; i < players; i++) {
    const playerId = newId<string>();
    const methodId = newId<string>();
    await db.player.create({
      data: {
        id: playerId,
        state: 'REGISTERED',
        email: `bench-${i}-${playerId}@example.cz`,
        phone: '+420600000000',
        passwordHash: 'x',
        firstName: 'Bench',
        surname: `Player${i}`,
        dateOfBirth: new Date('1980-01-01'),
        placeOfBirth: 'Praha',
        citizenship: 'CZ',
        residenceAddress: {},
        identityKeyHash: playerId.replace(/-/g, '').padEnd(64, '0'),
        identityStatus: 'VERIFIED',
        registerStatus: 'NOT_LISTED',
        screeningStatus: 'CLEARED',
        termsVersion: 't',
        termsAcceptedAt: now,
        gamePlanVersion: 'g',
        gamePlanAcceptedAt: now,
        registeredAt: now,
        createdAt: now,
        updatedAt: now,
      },
    });
    await db.paymentMethod.create({
      data: {
        id: methodId,
        playerId,
        kind: 'OTHER',
        instrument: 'other',
        status: 'VERIFIED',
        active: true,
        holderName: `Bench Player${i}`,
        holderNameExact: true,
        country: 'CZ',
        display: 'other b•••h',
        verificationDeadlineAt: now,
        verifiedAt: now,
        createdAt: now,
        updatedAt: now,
      },
    });
    // A registered player's cash wallet exists (registration opens it); the first credit does not open it.
    await openAccount(db, playerWalletSpec(playerId, 'cash', 'CZK'));
    methods.push({ playerId, methodId });
  }
  const depositIds: string[] = [];
  const rows = Array.from({ length: uniqueEvents }, (_, i) => {
    const { playerId, methodId } = methods[i % methods.length]!;
    const id = newId<string>();
    depositIds.push(id);
    return {
      id,
      playerId,
      paymentMethodId: methodId,
      instrument: 'other',
      channel: 'CASHLESS',
      amountMinor: 10_000n + BigInt(i % 100) * 100n,
      currency: 'CZK',
      status: 'PENDING' as const,
      temporaryAccount: false,
      idempotencyKey: `bench-${id}`,
      requestHash: '0'.repeat(64),
      provider,
      providerPaymentId: `pay_${id}`,
      expiresAt: new Date(now.getTime() + 3_600_000),
      createdAt: now,
      updatedAt: now,
    };
  });
  for (let i = 0; i < rows.length; i += 1_000) await db.cashierDeposit.createMany({ data: rows.slice(i, i + 1_000) });
  return depositIds;
}

/** Unique events in order, each duplicate inserted a little after its original, so some race it. */
function deliveries(db: Db, depositIds: string[]): Promise<Delivery[]> {
  return db.cashierDeposit
    .findMany({ where: { id: { in: depositIds } }, select: { id: true, amountMinor: true } })
    .then((rows) => {
      const list: Delivery[] = rows.map((row) => ({
        id: `evt_${newId<string>().replace(/-/g, '')}`,
        duplicate: false,
        body: JSON.stringify({
          type: 'payment.settled',
          timestamp: new Date().toISOString(),
          data: {
            paymentId: `pay_${row.id}`,
            reference: row.id,
            amount: { amount: (Number(row.amountMinor) / 100).toFixed(2), currency: 'CZK' },
          },
        }),
      }));
      const duplicates = Math.round((list.length * duplicateShare) / (1 - duplicateShare));
      for (let i = 0; i < duplicates; i++) {
        const originalIndex = Math.floor(Math.random() * list.length);
        const original = list[originalIndex]!;
        const at = Math.min(list.length, originalIndex + 1 + Math.floor(Math.random() * senders * 2));
        list.splice(at, 0, { ...original, duplicate: true });
      }
      return list;
    });
}

/** Round trips per unique event: a second gateway whose database connection runs through a counting proxy. */
async function roundTripsPerEvent(
  url: string,
  build: (db: Db) => ReturnType<typeof buildPaymentsGateway>,
  queue: Delivery[],
): Promise<number> {
  const proxy = await startCountingProxy(url);
  const db = createDb({ databaseUrl: proxy.url, poolMax: 2, applicationName: 'bench-webhooks-wire' });
  const gateway = await build(db);
  try {
    const base = await gateway.listen({ host: '127.0.0.1', port: 0 });
    // Unique events only, taken off the front of the queue (their later duplicates still go to the main run).
    const take = (n: number) => {
      const taken: Delivery[] = [];
      for (let i = 0; i < queue.length && taken.length < n; i++) if (!queue[i]!.duplicate) taken.push(...queue.splice(i--, 1));
      return taken;
    };
    const failures: string[] = [];
    await send(base, take(3), [], failures);
    proxy.reset();
    const events = 20;
    await send(base, take(events), [], failures);
    const perEvent = proxy.counts.roundTrips / events;
    if (env.BENCH_WIRE_LOG) {
      proxy.reset();
      await send(base, take(1), [], failures);
      console.log(`statements of one event (${proxy.counts.roundTrips} round trips):`);
      for (const sql of proxy.statements) console.log(`  ${sql.replace(/\s+/g, ' ').slice(0, 160)}`);
    }
    if (failures.length > 0) throw new Error(`wire count: ${failures.join('; ')}`);
    return perEvent;
  } finally {
    await gateway.close();
    await db.$disconnect();
    await proxy.close();
  }
}

/** Deliveries one at a time from this process (the round-trip count, before the run). */
async function send(baseUrl: string, queue: Delivery[], latencies: number[], failures: string[]): Promise<void> {
  await sendDeliveries(benchHttpClient(1), { baseUrl, provider, secret, queue }, latencies, failures);
}

/**
 * The run: the senders in their own process (webhooks-senders.ts), CPU sampled around it for the
 * gateway (this process), the senders and the scratch database's PostgreSQL processes.
 */
async function runSenders(
  db: Db,
  baseUrl: string,
  queue: Delivery[],
  url: string,
  database: string,
): Promise<SendersResult & { cpu: { gatewayMs: number; sendersMs: number; postgresMs: number; otherLoadPct: number } }> {
  const child = fork(path.join(import.meta.dirname, 'webhooks-senders.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let before: ReturnType<typeof sampleCpu> | null = null;
  let sendersBefore = 0;
  let sendersAfter = 0;
  // Every connection the gateway's pool may open is open before the first sample: the backends are counted.
  await Promise.all(Array.from({ length: senders + 4 }, () => db.$queryRaw`SELECT pg_sleep(0.05)::text`));
  const pids = await postgresPids(url, database);
  const result = await new Promise<SendersResult>((resolve, reject) => {
    child.on('message', (message: SendersResult | { ready: true }) => {
      if ('ready' in message) {
        before = sampleCpu(pids);
        sendersBefore = processCpuMs(child.pid!) ?? 0;
        child.send({ baseUrl, provider, secret, senders, queue } satisfies SendersPlan);
        return;
      }
      sendersAfter = processCpuMs(child.pid!) ?? sendersBefore;
      resolve(message);
    });
    child.once('exit', (code) => reject(new Error(`the senders' process exited (${code}) without a result`)));
  });
  const use = cpuBetween(before!, sampleCpu(pids));
  const seconds = result.seconds;
  const sendersMs = sendersAfter - sendersBefore;
  const machineMs = (os.availableParallelism() * 1000 * seconds) / 100;
  return {
    ...result,
    cpu: {
      gatewayMs: use.clientPerS * seconds,
      sendersMs,
      postgresMs: use.postgresPerS * seconds,
      otherLoadPct: Math.max(0, use.otherLoadPct - (machineMs > 0 ? sendersMs / machineMs : 0)),
    },
  };
}

async function main(): Promise<number> {
  const cleanup = new Cleanup();
  process.once('SIGINT', () => void cleanup.runAll().then(() => process.exit(130)));
  try {
    const url = await createScratchFromTemplate(databaseUrl, randomBenchName(), cleanup);
    const db = createDb({ databaseUrl: url, poolMax: senders + 4, applicationName: 'bench-webhooks' });
    const redis = createRedis({ redisUrl, connectionName: 'bench-webhooks', lazyConnect: true });
    cleanup.add('close connections', async () => {
      await db.$disconnect();
      redis.disconnect();
    });
    console.log(`bench:webhooks ${new Date().toISOString()}`);
    console.log(
      `machine: ${os.availableParallelism()} CPUs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}, Node ${process.version}`,
    );
    console.log(
      `run: ${uniqueEvents} unique payment.settled events for ${players} players, ${Math.round(duplicateShare * 100)} % of deliveries duplicates, ${senders} concurrent senders; cashier rules ${czechCashierRules.version}\n`,
    );
    const reference = await measureLedgerTransfers(databaseUrl, cleanup);
    console.log(
      `ledger reference (bench:ledger (a), 8 clients): ${reference.transfersPerS.toFixed(0)} transfers/s, p99 ${reference.p99Ms.toFixed(1)} ms\n`,
    );
    const depositIds = await setUp(db);
    const build = (client: Db) =>
      buildPaymentsGateway({
        config: loadPaymentsGatewayConfig({
          ...env,
          NODE_ENV: 'production',
          LOG_LEVEL: 'warn',
          DATABASE_URL: url,
          REDIS_URL: redisUrl,
          JWT_SECRET: jwtSecret,
          PSP_WEBHOOK_SECRETS: secret,
          PII_ENCRYPTION_KEY: piiKey,
          PII_HASH_KEY: piiHashKey,
        }),
        connections: { db: client, redis },
      });
    const gateway = await build(db);
    const baseUrl = await gateway.listen({ host: '127.0.0.1', port: 0 });
    cleanup.add('close gateway', () => gateway.close());
    const queue = await deliveries(db, depositIds);
    const wire = await roundTripsPerEvent(url, build, queue);
    const total = queue.length;
    const duplicates = queue.filter((d) => d.duplicate).length;
    const [oneCallBefore, batchedBefore] = [oneCallCreditCount(), batchedCreditCount()];
    const { latencies, failures, seconds, cpu } = await runSenders(db, baseUrl, queue, url, new URL(url).pathname.slice(1));
    // The gateway runs in this process: of its credits in the run, how many were committed in batches (D-1830).
    const credits = { total: oneCallCreditCount() - oneCallBefore, batched: batchedCreditCount() - batchedBefore };
    return await report(db, { total, duplicates, seconds, latencies, failures, depositIds, wire, reference, cpu, credits });
  } finally {
    await cleanup.runAll();
  }
}

async function report(
  db: Db,
  run: {
    total: number;
    duplicates: number;
    seconds: number;
    latencies: number[];
    failures: string[];
    depositIds: string[];
    wire: number;
    reference: LedgerReference;
    cpu: { gatewayMs: number; sendersMs: number; postgresMs: number; otherLoadPct: number };
    credits: { total: number; batched: number };
  },
): Promise<number> {
  const sorted = Float64Array.from(run.latencies).sort();
  const eventsPerS = Math.round(run.latencies.length / run.seconds);
  const [twice] = await db.$queryRaw<[{ n: bigint }]>`
    SELECT count(*)::bigint AS n FROM (SELECT metadata->>'depositId' FROM ledger_transaction WHERE kind = 'DEPOSIT' GROUP BY 1 HAVING count(*) > 1) t`;
  const credited = await db.cashierDeposit.count({ where: { id: { in: run.depositIds }, creditedAt: { not: null } } });
  const violations = await findInvariantViolations(db);
  console.log(
    formatTable(
      [
        'deliveries',
        'duplicates',
        'answered 200',
        'seconds',
        'events/s',
        'p50 ms',
        'p99 ms',
        'deposits credited',
        'credited twice',
        'round trips/event',
        'ledger transfers/s',
      ],
      [
        [
          String(run.total),
          String(run.duplicates),
          String(run.latencies.length),
          run.seconds.toFixed(2),
          String(eventsPerS),
          percentile(sorted, 50).toFixed(2),
          percentile(sorted, 99).toFixed(2),
          `${credited} of ${run.depositIds.length}`,
          String(twice.n),
          run.wire.toFixed(1),
          run.reference.transfersPerS.toFixed(0),
        ],
      ],
    ),
  );
  const perEvent = (ms: number) => (run.latencies.length > 0 ? (ms / run.latencies.length).toFixed(2) : 'n/a');
  console.log(
    `CPU ms per delivery answered 200: gateway ${perEvent(run.cpu.gatewayMs)} / senders ${perEvent(run.cpu.sendersMs)} / ` +
      `PostgreSQL ${perEvent(run.cpu.postgresMs)}; other tenants ${run.cpu.otherLoadPct.toFixed(0)} % of the machine`,
  );
  console.log(
    `credits by the two-statement path: ${run.credits.total}, of them in batches of several deliveries: ${run.credits.batched}`,
  );
  for (const failure of run.failures) console.log(`failed delivery: ${failure}`);
  for (const violation of violations) console.log(`ledger invariant violated: ${violation}`);
  const ratio = eventsPerS / run.reference.transfersPerS;
  const p99 = percentile(sorted, 99);
  console.log(
    `\ntarget: ratio ${ratio.toFixed(2)} (>= 0.5) with p99 ${p99.toFixed(1)} ms (< 100) and no duplicate posted: ${
      ratio >= 0.5 && p99 < 100 && twice.n === 0n ? 'met' : 'NOT met'
    }`,
  );
  console.log(
    `\nbench:webhooks events_per_s=${eventsPerS} p99_ms=${Math.round(p99)} duplicates_posted_twice=${twice.n} ` +
      `ledger_transfers_per_s=${Math.round(run.reference.transfersPerS)} ratio=${ratio.toFixed(2)}`,
  );
  return twice.n === 0n && violations.length === 0 && credited === run.depositIds.length ? 0 : 1;
}

process.exitCode = await main();
