/**
 * `npm run bench:export`: streams 1,000,000 ledger postings through the export path a job or the API
 * uses (REPEATABLE READ snapshot, count, COPY TO STDOUT as CSV, RFC 4180 framing with SHA-256, then
 * the manifest's control totals and block coverage) into a sink that discards the bytes, and prints
 * rows per second and the process's peak RSS. A measurement, not a test: it exits 0 whatever the
 * numbers. Method and results: docs/performance.md, "Exports (issue 10)".
 *
 * Environment: DATABASE_URL (only the server part is used), BENCH_POSTINGS (1000000), BENCH_WALLETS (10000),
 * BENCH_FORMAT (csv | jsonl).
 */
import os from 'node:os';
import { Writable } from 'node:stream';
import { createDb, pgPoolOf } from '@casino/db';
import {
  czechReportingRules,
  exportControls,
  ledgerTransactionsRegister,
  prepareExport,
  streamExport,
  withExportSnapshot,
} from '@casino/reporting';
import pg from 'pg';
import { Cleanup, createScratchFromTemplate, randomBenchName, readServerInfo } from './scratch-db.ts';

const env = process.env;
const databaseUrl = env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/casino';
const postings = Number(env.BENCH_POSTINGS ?? 1_000_000);
const wallets = Number(env.BENCH_WALLETS ?? 10_000);
const format = env.BENCH_FORMAT === 'jsonl' ? 'jsonl' : 'csv';
if (!Number.isInteger(postings) || postings < 2 || postings % 2 !== 0)
  throw new Error('BENCH_POSTINGS must be an even integer ≥ 2');

/**
 * Set-based seeding straight into the ledger tables: `postings / 2` balanced two-line transactions
 * (a stake or a win between a wallet and roulette revenue, a second apart, with a round id in the
 * metadata). It bypasses ledger_post, so the cached balances are not maintained: the benchmark
 * reads postings, nothing else.
 */
async function seed(url: string): Promise<{ from: Date; to: Date }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`INSERT INTO ledger_account (id, code, owner_kind, owner_id, purpose, currency, type, allow_negative, shard_count)
      VALUES (gen_random_uuid(), 'operator:game-revenue:roulette:CZK', 'OPERATOR', NULL, 'game-revenue', 'CZK', 'REVENUE', true, 1)`);
    await client.query(
      `INSERT INTO ledger_account (id, code, owner_kind, owner_id, purpose, currency, type, allow_negative, shard_count)
      SELECT gen_random_uuid(), 'player:' || o.id || ':cash:CZK', 'PLAYER', o.id, 'cash', 'CZK', 'LIABILITY', false, 1
      FROM (SELECT gen_random_uuid()::text AS id FROM generate_series(1, $1)) o`,
      [wallets],
    );
    await client.query('INSERT INTO ledger_account_shard (account_id, shard_no) SELECT id, 0 FROM ledger_account');
    await client.query(
      `CREATE TEMP TABLE wallet AS SELECT row_number() OVER () AS n, id FROM ledger_account WHERE owner_kind = 'PLAYER'`,
    );
    await client.query(
      `INSERT INTO ledger_transaction (id, idempotency_key, request_hash, kind, metadata, effective_at)
      SELECT gen_random_uuid(), 'bench:' || g, repeat('0', 64), CASE WHEN g % 3 = 0 THEN 'WIN' ELSE 'STAKE' END::"LedgerTransactionKind",
             jsonb_build_object('roundId', gen_random_uuid()), timestamptz '2026-01-01T00:00:00Z' + g * interval '1 second'
      FROM generate_series(1, $1) g`,
      [postings / 2],
    );
    await client.query(`INSERT INTO ledger_posting (transaction_id, account_id, shard_no, currency, amount_minor, effective_at)
      SELECT t.id, CASE WHEN s.line = 1 THEN w.id ELSE r.id END, 0, 'CZK',
             (CASE WHEN (t.kind = 'STAKE') = (s.line = 1) THEN 1 ELSE -1 END) * (100 + (abs(hashtext(t.id::text)) % 10000)), t.effective_at
      FROM ledger_transaction t CROSS JOIN (VALUES (1), (2)) s(line)
      JOIN wallet w ON w.n = 1 + abs(hashtext(t.idempotency_key)) % ${wallets}
      CROSS JOIN (SELECT id FROM ledger_account WHERE purpose = 'game-revenue') r
      ORDER BY t.effective_at, s.line`);
    await client.query('VACUUM ANALYZE ledger_posting');
    await client.query('VACUUM ANALYZE ledger_transaction');
    return { from: new Date('2026-01-01T00:00:00Z'), to: new Date(Date.UTC(2026, 0, 1) + (postings / 2 + 1) * 1000) };
  } finally {
    await client.end();
  }
}

const discard = () => new Writable({ write: (_chunk, _encoding, callback) => callback() });

const cleanup = new Cleanup();
process.on('SIGINT', () => void cleanup.runAll().then(() => process.exit(130)));
try {
  const server = await readServerInfo(databaseUrl);
  console.log(`bench:export ${new Date().toISOString()}`);
  console.log(
    `machine: ${os.availableParallelism()} CPUs (${os.cpus()[0]?.model ?? '?'}), load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, Node ${process.version}, PostgreSQL ${server.version}`,
  );
  const url = await createScratchFromTemplate(databaseUrl, randomBenchName(), cleanup);
  const started = performance.now();
  const period = await seed(url);
  console.log(
    `seeded ${postings} postings (${postings / 2} transactions, ${wallets} wallets) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const db = createDb({ databaseUrl: url, poolMax: 2, applicationName: 'bench-export' });
  pgPoolOf(db).on('error', () => undefined); // the scratch database is dropped with FORCE at the end
  // Only the export's own pg pool is used (no Prisma query runs), so end it explicitly before the drop.
  cleanup.add('disconnect', async () => {
    await db.$disconnect();
    await pgPoolOf(db)
      .end()
      .catch(() => undefined);
  });
  const rssBeforeMb = Math.round(process.memoryUsage().rss / 2 ** 20);
  let rssExportMaxBytes = 0;
  const sampler = setInterval(() => {
    rssExportMaxBytes = Math.max(rssExportMaxBytes, process.memoryUsage().rss);
  }, 10);
  const filters = { from: period.from.toISOString(), to: period.to.toISOString() };
  const timings = await withExportSnapshot(db, czechReportingRules, async (client) => {
    const t0 = performance.now();
    const prepared = await prepareExport(client, ledgerTransactionsRegister, format, filters);
    const t1 = performance.now();
    const file = await streamExport(client, prepared, discard());
    const t2 = performance.now();
    const controls = await exportControls(client, prepared);
    const t3 = performance.now();
    return {
      rows: file.rowCount,
      bytes: file.byteCount,
      countMs: t1 - t0,
      streamMs: t2 - t1,
      manifestMs: t3 - t2,
      totals: controls.totals,
      coverage: controls.coverage,
    };
  });
  clearInterval(sampler);
  const seconds = (timings.countMs + timings.streamMs) / 1000;
  const rowsPerS = Math.round(timings.rows / seconds);
  // The figure is the export's: the process's own peak (maxRSS) comes earlier, while tsx compiles the
  // generated Prisma client at start-up, and is printed beside it.
  const peakRssMb = Math.round(rssExportMaxBytes / 2 ** 20);
  console.log(
    `memory: rss ${rssBeforeMb} MiB before the export, at most ${peakRssMb} MiB during it; the process's maxRSS (start-up included) ${Math.round(process.resourceUsage().maxRSS / 1024)} MiB`,
  );
  console.log(
    `${format}: ${timings.rows} rows, ${(timings.bytes / 2 ** 20).toFixed(1)} MiB; count ${(timings.countMs / 1000).toFixed(2)} s, stream ${(timings.streamMs / 1000).toFixed(2)} s, manifest totals and block coverage ${(timings.manifestMs / 1000).toFixed(2)} s`,
  );
  console.log(`control totals: ${JSON.stringify(timings.totals)}`);
  console.log(
    `targets: rows_per_s >= 100000 (${rowsPerS >= 100_000 ? 'met' : 'not met'}), peak_rss_mb < 200 (${peakRssMb < 200 ? 'met' : 'not met'})`,
  );
  await cleanup.runAll();
  console.log(`bench:export rows_per_s=${rowsPerS} peak_rss_mb=${peakRssMb}`);
} catch (error) {
  console.error(error);
  await cleanup.runAll();
  process.exitCode = 1;
}
