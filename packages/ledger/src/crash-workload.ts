/**
 * A posting workload that runs until it is killed; crash-safety.test.ts starts it as a child
 * process and kills it with SIGKILL mid-flight. Not a test and not production code.
 *
 *   DATABASE_URL            the test database
 *   CRASH_WALLETS           comma-separated player wallets the fast workers share (funded)
 *   CRASH_SLOW_WALLETS      three wallets only the slow worker uses (funded), so the locks it holds
 *                           for a second never stall the fast workers
 *   CRASH_HOUSE, CRASH_PENDING, CRASH_PSP   game revenue, pending withdrawals, PSP clearing
 *   CRASH_WORKERS           fast workers (default 6); each has its own connection, plus one for the slow worker
 *
 * Prints to stdout:
 *   `posted <n>`      every 50 ms: ledger transactions committed so far (counted after COMMIT returned)
 *   `open <prefix>`   the slow worker has written the first half of a two-post database transaction
 *                     (keys `<prefix>:a` and `<prefix>:b`) and now sleeps for two seconds before the second half
 * Every ledger transaction's idempotency key starts with `crash:`. Two-part database transactions
 * post `<prefix>:a` and `<prefix>:b` together: after a crash, both exist or neither does.
 * Exits when its stdin closes (the test process is gone) or after CRASH_LIFETIME_MS, so it can never
 * outlive the test by much.
 */
import { randomBytes } from 'node:crypto';
import { Money, type AccountId } from '@casino/core';
import { createDb, transaction, type Tx } from '@casino/db';
import { InsufficientFunds } from './errors.ts';
import { HoldAlreadyResolved, release, reserve, settle } from './holds.ts';
import { post } from './post.ts';
import { transfer } from './transfer.ts';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) {
    process.stderr.write(`crash-workload: ${name} is not set\n`);
    process.exit(2);
  }
  return value;
};

const wallets = env('CRASH_WALLETS').split(',') as AccountId[];
const slowWallets = env('CRASH_SLOW_WALLETS').split(',') as AccountId[];
const house = env('CRASH_HOUSE') as AccountId;
const pending = env('CRASH_PENDING') as AccountId;
const psp = env('CRASH_PSP') as AccountId;
const workers = Number(process.env.CRASH_WORKERS ?? '6');
const lifetimeMs = Number(process.env.CRASH_LIFETIME_MS ?? '120000');
const run = randomBytes(4).toString('hex');

const db = createDb({
  databaseUrl: env('DATABASE_URL'),
  poolMax: workers + 1,
  applicationName: 'crash-workload',
  statementTimeoutMs: 30_000,
});

// Never outlive the test: stdin is the test's pipe, which closes when the test process dies.
process.stdin.on('end', () => process.exit(3));
process.stdin.on('error', () => process.exit(3));
process.stdin.resume();
setTimeout(() => process.exit(4), lifetimeMs);

let posted = 0;
setInterval(() => process.stdout.write(`posted ${posted}\n`), 50);

const czk = (minor: number) => Money.fromMinor(BigInt(minor), 'CZK');
const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A transfer split three ways, so a half-written transaction would be unbalanced or partial. */
function splitPost(tx: Tx, key: string, from: AccountId, to: AccountId, amount: number, rest: AccountId = house) {
  const toPart = Math.floor(amount * 0.7) + 1;
  return post(
    tx,
    {
      idempotencyKey: key,
      kind: 'TRANSFER',
      postings: [
        { accountId: from, amount: czk(amount + 1) },
        { accountId: to, amount: czk(-toPart) },
        { accountId: rest, amount: czk(-(amount + 1 - toPart)) },
      ],
    },
    new Date(),
  );
}

async function refusalsIgnored(fn: () => Promise<number>): Promise<void> {
  try {
    const committed = await fn(); // not `posted += await fn()`: that reads `posted` before the await and loses other workers' counts
    posted += committed;
  } catch (error) {
    if (error instanceof InsufficientFunds || error instanceof HoldAlreadyResolved) return;
    throw error;
  }
}

async function fastWorker(worker: number): Promise<never> {
  for (let n = 0; ; n++) {
    const key = `crash:${run}:w${worker}:${n}`;
    const a = pick(wallets);
    const b = pick(wallets.filter((w) => w !== a));
    const c = pick(wallets.filter((w) => w !== a && w !== b));
    const choice = Math.random();
    if (choice < 0.35) {
      // Two posts in one database transaction, with a short pause between them. Both lock the
      // same three wallets (the second finds them locked already), so this never deadlocks; a
      // second post to the sharded house account would lock another random shard and could.
      await refusalsIgnored(() =>
        transaction(db, async (tx) => {
          await splitPost(tx, `${key}:a`, a, b, randomInt(1, 5_000), c);
          await sleep(randomInt(0, 3));
          await splitPost(tx, `${key}:b`, b, a, randomInt(1, 5_000), c);
          return 2;
        }),
      );
    } else if (choice < 0.55) {
      await refusalsIgnored(() =>
        transaction(db, async (tx) => {
          await transfer(
            tx,
            { idempotencyKey: key, kind: 'STAKE', debitAccountId: a, creditAccountId: house, amount: czk(randomInt(1, 5_000)) },
            new Date(),
          );
          return 1;
        }),
      );
    } else if (choice < 0.75) {
      await refusalsIgnored(() =>
        transaction(db, async (tx) => {
          await transfer(
            tx,
            { idempotencyKey: key, kind: 'WIN', debitAccountId: house, creditAccountId: a, amount: czk(randomInt(1, 5_000)) },
            new Date(),
          );
          return 1;
        }),
      );
    } else {
      // A hold, then (in its own transaction) its settle or release.
      let holdId: Awaited<ReturnType<typeof reserve>>['id'] | undefined;
      await refusalsIgnored(() =>
        transaction(db, async (tx) => {
          holdId = (
            await reserve(
              tx,
              {
                idempotencyKey: `${key}:hold`,
                sourceAccountId: a,
                holdAccountId: pending,
                amount: czk(randomInt(1, 5_000)),
                kind: 'WITHDRAWAL_HOLD',
              },
              new Date(),
            )
          ).id;
          return 1;
        }),
      );
      const id = holdId;
      if (id === undefined) continue;
      await refusalsIgnored(() =>
        transaction(db, async (tx) => {
          if (Math.random() < 0.5)
            await settle(
              tx,
              { idempotencyKey: `${key}:settle`, holdId: id, destinationAccountId: psp, kind: 'WITHDRAWAL_SETTLE' },
              new Date(),
            );
          else await release(tx, { idempotencyKey: `${key}:release`, holdId: id, kind: 'WITHDRAWAL_RELEASE' }, new Date());
          return 1;
        }),
      );
    }
  }
}

/** Holds a database transaction open for two seconds after its first post, so a kill is sure to land inside one. */
async function slowWorker(): Promise<never> {
  const [a, b, c] = slowWallets as [AccountId, AccountId, AccountId];
  for (let n = 0; ; n++) {
    const prefix = `crash:${run}:slow:${n}`;
    await refusalsIgnored(() =>
      transaction(
        db,
        async (tx) => {
          await splitPost(tx, `${prefix}:a`, a, b, randomInt(1, 1_000), c);
          process.stdout.write(`open ${prefix}\n`);
          await sleep(2_000);
          await splitPost(tx, `${prefix}:b`, b, a, randomInt(1, 1_000), c);
          return 2;
        },
        { timeoutMs: 20_000 },
      ),
    );
  }
}

Promise.all([slowWorker(), ...Array.from({ length: workers }, (_, i) => fastWorker(i))]).catch((error: unknown) => {
  process.stderr.write(
    `crash-workload: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
