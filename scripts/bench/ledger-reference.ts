/**
 * The ledger's standalone transfers, measured inside another benchmark's run (issue 22): bench:games
 * and bench:webhooks state their targets as a ratio to what `bench:ledger`'s scenario (a) does on the
 * same machine at the same moment, so a busy machine moves both sides and the ratio stays meaningful.
 * Same method as bench:ledger (a) at 8 clients: a scratch copy of the migrated template, funded
 * wallets, two-party transfers between random wallets, each one `ledger_post` statement that is its
 * own transaction. Environment: BENCH_LEDGER_SECONDS (10), BENCH_LEDGER_WALLETS (10000).
 */
import { createDb } from '@casino/db';
import { findInvariantViolations } from '@casino/ledger';
import { setUpAccounts } from './fixture.ts';
import type { Cleanup } from './scratch-db.ts';
import { createScratchFromTemplate, randomBenchName } from './scratch-db.ts';
import { percentile, runClients, scenarios } from './workload.ts';

export interface LedgerReference {
  transfersPerS: number;
  p99Ms: number;
}

export async function measureLedgerTransfers(databaseUrl: string, cleanup: Cleanup): Promise<LedgerReference> {
  const seconds = Number(process.env.BENCH_LEDGER_SECONDS ?? 10);
  const wallets = Number(process.env.BENCH_LEDGER_WALLETS ?? 10_000);
  const clients = 8;
  const url = await createScratchFromTemplate(databaseUrl, randomBenchName(), cleanup);
  const setup = createDb({ databaseUrl: url, poolMax: 6, applicationName: 'casino-bench-ledger-ref' });
  const db = createDb({ databaseUrl: url, poolMax: clients + 2, applicationName: 'casino-bench-ledger-ref' });
  try {
    const accounts = await setUpAccounts(setup, url, wallets, 16);
    const transfer = scenarios.find((s) => s.id === 'a')!;
    const result = await runClients(clients, { warmupS: 1, measureS: seconds }, () => transfer.run(db, accounts));
    const violations = await findInvariantViolations(setup);
    if (violations.length > 0) throw new Error(`ledger reference: invariants violated ${JSON.stringify(violations)}`);
    if (result.errors > 0) throw new Error(`ledger reference: ${result.errors} errors (first: ${result.firstError})`);
    return { transfersPerS: result.ops / result.seconds, p99Ms: percentile(result.latenciesMs, 99) };
  } finally {
    await db.$disconnect();
    await setup.$disconnect();
  }
}
