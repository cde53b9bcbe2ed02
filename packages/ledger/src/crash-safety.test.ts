/**
 * Crash safety: a process posting to the ledger on several connections is killed with SIGKILL in
 * the middle of its work (no shutdown hook runs, open database transactions are cut off), and the
 * ledger it leaves behind must still be whole. The workload is crash-workload.ts, run with tsx.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { AccountId } from '@casino/core';
import type { Db } from '@casino/db';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findInvariantViolations } from './invariants.ts';
import { czk, ledgerFixture, type LedgerFixture } from './test-support.ts';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const workload = path.join(root, 'packages', 'ledger', 'src', 'crash-workload.ts');
/** The child's connections: fast workers + the slow one; with the test database's pool of 5, 12 in all. */
const workers = 6;
const postedAtLeast = 300;

let testDb: TestDatabase;
let db: Db;
let f: LedgerFixture;
let child: ChildProcessWithoutNullStreams | undefined;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  f = await ledgerFixture(db);
});
afterAll(async () => {
  // The child must never outlive the test: kill its whole process group (tsx runs the script in a grandchild).
  if (child && child.exitCode === null && child.signalCode === null) killGroup(child);
  await testDb?.drop();
});

function killGroup(process_: ChildProcessWithoutNullStreams): void {
  try {
    process.kill(-process_.pid!, 'SIGKILL');
  } catch {
    process_.kill('SIGKILL');
  }
}

async function fundedWallets(count: number, amount: string): Promise<AccountId[]> {
  const wallets: AccountId[] = [];
  for (let i = 0; i < count; i++) {
    const wallet = await f.wallet();
    await f.fund(wallet, czk(amount));
    wallets.push(wallet);
  }
  return wallets;
}

/** Resolves with the first value `test` returns for a line of the child's output, or rejects at the deadline or when the child exits. */
function waitForLine<T>(
  lines: AsyncLineSource,
  test: (line: string) => T | undefined,
  timeoutMs: number,
  what: string,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const done = (fn: () => void) => {
      clearTimeout(timer);
      lines.off(onLine);
      lines.offExit(onExit);
      fn();
    };
    const onLine = (line: string) => {
      const value = test(line);
      if (value !== undefined) done(() => resolve(value));
    };
    const onExit = () =>
      done(() =>
        reject(
          new Error(`the workload exited before ${what}; its last output:\n${lines.recent()}\nits stderr:\n${lines.stderr()}`),
        ),
      );
    const timer = setTimeout(
      () =>
        done(() =>
          reject(
            new Error(
              `timed out waiting for ${what}; the workload's last output:\n${lines.recent()}\nits stderr:\n${lines.stderr()}`,
            ),
          ),
        ),
      timeoutMs,
    );
    lines.on(onLine);
    lines.onExit(onExit);
  });
}

interface AsyncLineSource {
  on(fn: (line: string) => void): void;
  off(fn: (line: string) => void): void;
  onExit(fn: () => void): void;
  offExit(fn: () => void): void;
  stderr(): string;
  /** The last lines of stdout, for failure messages. */
  recent(): string;
}

function lineSource(process_: ChildProcessWithoutNullStreams): AsyncLineSource {
  const listeners = new Set<(line: string) => void>();
  const exitListeners = new Set<() => void>();
  let stderr = '';
  const recent: string[] = [];
  process_.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  createInterface({ input: process_.stdout }).on('line', (line) => {
    recent.push(line);
    if (recent.length > 5) recent.shift();
    for (const fn of [...listeners]) fn(line);
  });
  process_.on('exit', () => {
    for (const fn of [...exitListeners]) fn();
  });
  return {
    on: (fn) => listeners.add(fn),
    off: (fn) => listeners.delete(fn),
    onExit: (fn) => exitListeners.add(fn),
    offExit: (fn) => exitListeners.delete(fn),
    stderr: () => stderr,
    recent: () => recent.join('\n'),
  };
}

describe('ledger: crash safety', () => {
  it('ledger: after the posting process is killed with SIGKILL mid-flight, the ledger is balanced and no transaction is partial', async () => {
    const wallets = await fundedWallets(6, '100000.00');
    const slowWallets = await fundedWallets(3, '100000.00');
    child = spawn(tsx, [workload], {
      cwd: root,
      detached: true, // its own process group, so one kill reaches tsx and the script it runs
      stdio: ['pipe', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        DATABASE_URL: testDb.url,
        CRASH_WALLETS: wallets.join(','),
        CRASH_SLOW_WALLETS: slowWallets.join(','),
        CRASH_HOUSE: f.house,
        CRASH_PENDING: f.pendingWithdrawals,
        CRASH_PSP: f.psp,
        CRASH_WORKERS: String(workers),
        CRASH_LIFETIME_MS: '90000',
      },
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child!.on('exit', (code, signal) => resolve({ code, signal })),
    );
    const lines = lineSource(child);
    let reported = 0;
    lines.on((line) => {
      const match = /^posted (\d+)$/.exec(line);
      if (match) reported = Math.max(reported, Number(match[1]));
    });

    await waitForLine(
      lines,
      (line) => {
        const match = /^posted (\d+)$/.exec(line);
        return match && Number(match[1]) >= postedAtLeast ? true : undefined;
      },
      45_000,
      `${postedAtLeast} posted transactions`,
    );
    // Kill the moment the slow worker has written half of a transaction and is sleeping inside it.
    const openPrefix = await waitForLine(lines, (line) => /^open (\S+)$/.exec(line)?.[1], 10_000, 'an open two-part transaction');
    killGroup(child);
    const reportedAtKill = reported;
    const exit = await exited;
    expect(exit.signal).toBe('SIGKILL');

    // PostgreSQL notices the dead connections and rolls their open transactions back.
    let sessions = -1;
    for (let attempt = 0; attempt < 100 && sessions !== 0; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      const [row] = await db.$queryRaw<[{ n: bigint }]>`
        SELECT count(*)::bigint AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'crash-workload'`;
      sessions = Number(row.n);
    }
    expect(sessions, "the killed process's database sessions are gone").toBe(0);

    expect(await findInvariantViolations(db)).toEqual([]);
    const [{ n: written }] = await db.$queryRaw<[{ n: bigint }]>`
      SELECT count(*)::bigint AS n FROM ledger_transaction WHERE idempotency_key LIKE 'crash:%'`;
    expect(Number(written), `the child reported ${reportedAtKill} committed transactions`).toBeGreaterThanOrEqual(reportedAtKill);
    expect(reportedAtKill).toBeGreaterThanOrEqual(postedAtLeast);
    console.log(
      `[crash-safety] killed with ${reportedAtKill} reported committed, ${written} crash: ledger transactions found, ${openPrefix} open at the kill`,
    );

    // The transaction the kill cut off is gone entirely, its first half included.
    expect(await db.ledgerTransaction.count({ where: { idempotencyKey: { in: [`${openPrefix}:a`, `${openPrefix}:b`] } } })).toBe(
      0,
    );
    // Every two-part database transaction is all there or not at all.
    const halves = await db.$queryRaw<Array<{ prefix: string; n: bigint }>>`
      SELECT regexp_replace(idempotency_key, ':[ab]$', '') AS prefix, count(*)::bigint AS n FROM ledger_transaction
      WHERE idempotency_key ~ '^crash:.*:[ab]$' GROUP BY 1 HAVING count(*) <> 2`;
    expect(halves).toEqual([]);
    // A hold whose reserve committed is pending or resolved by exactly its own transaction.
    const [{ n: adrift }] = await db.$queryRaw<[{ n: bigint }]>`
      SELECT count(*)::bigint AS n FROM ledger_hold h LEFT JOIN ledger_transaction t ON t.id = h.resolve_transaction_id
      WHERE h.status <> 'PENDING' AND (t.id IS NULL OR t.metadata->>'holdId' <> h.id::text)`;
    expect(adrift).toBe(0n);
  }, 90_000);
});
