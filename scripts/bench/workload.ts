/**
 * The measured part: N clients, each an async loop doing one ledger operation at a time. A transfer
 * or stake that is a movement of its own posts standalone (one statement, its own database
 * transaction); (d) is the same transfer posted the way a domain change posts, inside an
 * interactive `transaction(db, fn)` at READ COMMITTED, to show what that costs.
 */
import { Money, newId, type AccountId } from '@casino/core';
import { transaction, type Db } from '@casino/db';
import { reserve, settle, transfer, transferStandalone } from '@casino/ledger';
import type { BenchAccounts } from './fixture.ts';

export type ScenarioId = 'a' | 'b' | 'c' | 'd';

export interface Scenario {
  id: ScenarioId;
  name: string;
  /** One operation: what a client does per iteration, timed as a whole. */
  run(db: Db, accounts: BenchAccounts): Promise<void>;
}

const readCommitted = { isolation: 'ReadCommitted' } as const;

function randomWallet(accounts: BenchAccounts): AccountId {
  return accounts.wallets[Math.floor(Math.random() * accounts.wallets.length)]!;
}

function twoWallets(accounts: BenchAccounts): [AccountId, AccountId] {
  const payer = randomWallet(accounts);
  let payee = randomWallet(accounts);
  while (payee === payer) payee = randomWallet(accounts);
  return [payer, payee];
}

/** 0.01–100.00 CZK: small next to the funding, so no run ever hits InsufficientFunds. */
function smallAmount(): Money {
  return Money.fromMinor(BigInt(1 + Math.floor(Math.random() * 10_000)), 'CZK');
}

export const scenarios: readonly Scenario[] = [
  {
    id: 'a',
    name: 'two-party transfer (wallet → wallet)',
    async run(db, accounts) {
      const [payer, payee] = twoWallets(accounts);
      // A wallet is a liability: the payer's is debited (goes down), the payee's credited (goes up).
      await transferStandalone(
        db,
        {
          idempotencyKey: `bench:${newId()}`,
          kind: 'TRANSFER',
          debitAccountId: payer,
          creditAccountId: payee,
          amount: smallAmount(),
        },
        new Date(),
      );
    },
  },
  {
    id: 'b',
    name: 'hot house account (wallet → roulette revenue)',
    async run(db, accounts) {
      // Debiting the wallet (a liability) lowers it; crediting revenue raises it: a stake.
      await transferStandalone(
        db,
        {
          idempotencyKey: `bench:${newId()}`,
          kind: 'STAKE',
          debitAccountId: randomWallet(accounts),
          creditAccountId: accounts.roulette,
          amount: smallAmount(),
        },
        new Date(),
      );
    },
  },
  {
    id: 'c',
    name: 'hold + settle (wallet → pending withdrawals → PSP), 2 DB transactions',
    async run(db, accounts) {
      // Two transactions, as a payout does: the hold commits when the player asks, the settle when the PSP confirms.
      const hold = await transaction(
        db,
        (tx) =>
          reserve(
            tx,
            {
              idempotencyKey: `bench:${newId()}`,
              kind: 'WITHDRAWAL_HOLD',
              sourceAccountId: randomWallet(accounts),
              holdAccountId: accounts.pendingWithdrawals,
              amount: smallAmount(),
            },
            new Date(),
          ),
        readCommitted,
      );
      await transaction(
        db,
        (tx) =>
          settle(
            tx,
            {
              idempotencyKey: `bench:${newId()}`,
              kind: 'WITHDRAWAL_SETTLE',
              holdId: hold.id,
              destinationAccountId: accounts.psp,
            },
            new Date(),
          ),
        readCommitted,
      );
    },
  },
  {
    id: 'd',
    name: 'two-party transfer in a domain transaction (BEGIN, post, COMMIT)',
    async run(db, accounts) {
      const [payer, payee] = twoWallets(accounts);
      await transaction(
        db,
        (tx) =>
          transfer(
            tx,
            {
              idempotencyKey: `bench:${newId()}`,
              kind: 'TRANSFER',
              debitAccountId: payer,
              creditAccountId: payee,
              amount: smallAmount(),
            },
            new Date(),
          ),
        readCommitted,
      );
    },
  },
];

export interface RunResult {
  ops: number;
  errors: number;
  firstError: string | null;
  seconds: number;
  latenciesMs: Float64Array;
}

export interface RunTiming {
  warmupS: number;
  measureS: number;
  /** Called when the measured window opens and closes (CPU sampling). */
  onWindowStart?: () => void;
  onWindowEnd?: () => void;
}

/** The measured window's edges, told to `timing` (CPU sampling); `stop` when the run is over. */
function windowEdges(timing: RunTiming): { stop(): void } {
  const timers = [
    setTimeout(() => timing.onWindowStart?.(), timing.warmupS * 1000),
    setTimeout(() => timing.onWindowEnd?.(), timing.warmupS * 1000 + timing.measureS * 1000),
  ];
  return { stop: () => timers.forEach(clearTimeout) };
}

/** What a run counts: each measured operation's latency, and the errors with the first one's message. */
class Tally {
  readonly latencies: number[] = [];
  errors = 0;
  firstError: string | null = null;

  failed(error: unknown): void {
    this.errors++;
    this.firstError ??= (error as Error).message.split('\n')[0] ?? 'error';
  }

  result(seconds: number): RunResult {
    return {
      ops: this.latencies.length,
      errors: this.errors,
      firstError: this.firstError,
      seconds,
      latenciesMs: Float64Array.from(this.latencies).sort(),
    };
  }
}

/**
 * Runs `clients` loops for warm-up + measure seconds. Operations completing inside the measured
 * window count (throughput and latency); those finishing in the warm-up (connection set-up, plan
 * caches) or after the window closes do not. Every loop stops by time; in-flight ones are awaited.
 */
export async function runClients(clients: number, timing: RunTiming, op: () => Promise<void>): Promise<RunResult> {
  const windowStart = performance.now() + timing.warmupS * 1000;
  const windowEnd = windowStart + timing.measureS * 1000;
  const tally = new Tally();
  const edges = windowEdges(timing);
  const loop = async (): Promise<void> => {
    while (performance.now() < windowEnd) {
      const t0 = process.hrtime.bigint();
      try {
        await op();
      } catch (error) {
        tally.failed(error);
        continue;
      }
      const done = performance.now();
      if (done >= windowStart && done <= windowEnd) tally.latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  };
  await Promise.all(Array.from({ length: clients }, loop));
  edges.stop();
  return tally.result(timing.measureS);
}

/**
 * Open loop (issue 22, D-1859): operations arrive at `ratePerS` whatever the answers' speed, each taken by a free
 * client (at most `clients` at once: a player has one bet in flight), and each is timed from when it was due, so
 * an arrival that waits for a free client or a busy service counts its wait (no coordinated omission). This is
 * the latency at a given rate; `runClients`' closed loop gives the most a service does, and its latency is then
 * only clients ÷ rate. Arrivals due in the measured window and still waiting when it closes are not sent; they
 * count with the time they waited, a lower bound.
 */
export async function runPaced(
  clients: number,
  ratePerS: number,
  timing: RunTiming,
  op: () => Promise<void>,
): Promise<RunResult> {
  const start = performance.now();
  const windowStart = start + timing.warmupS * 1000;
  const windowEnd = windowStart + timing.measureS * 1000;
  const intervalMs = 1000 / ratePerS;
  const tally = new Tally();
  let inFlight = 0;
  let due = 0; // arrivals made so far
  const waiting: number[] = []; // when each waiting arrival was due
  const edges = windowEdges(timing);
  const measured = (dueAt: number) => dueAt >= windowStart && dueAt < windowEnd;
  await new Promise<void>((resolve) => {
    let arriving = true;
    const settleIfDone = () => {
      if (!arriving && inFlight === 0) resolve();
    };
    const send = (dueAt: number): void => {
      inFlight++;
      op()
        .then(
          () => {
            if (measured(dueAt)) tally.latencies.push(performance.now() - dueAt);
          },
          (error: unknown) => tally.failed(error),
        )
        .finally(() => {
          inFlight--;
          const next = waiting.shift();
          if (next !== undefined) send(next);
          settleIfDone();
        });
    };
    const arrive = (): void => {
      const now = performance.now();
      for (let dueAt = start + due * intervalMs; dueAt <= now && dueAt < windowEnd; dueAt = start + due * intervalMs) {
        due++;
        if (inFlight < clients) send(dueAt);
        else waiting.push(dueAt);
      }
      if (start + due * intervalMs < windowEnd) {
        setTimeout(arrive, Math.max(0, start + due * intervalMs - performance.now()));
        return;
      }
      arriving = false;
      // The window is over: what still waits is not sent, and counts with the wait it had.
      const closedAt = performance.now();
      for (const dueAt of waiting.splice(0)) if (measured(dueAt)) tally.latencies.push(closedAt - dueAt);
      settleIfDone();
    };
    arrive();
  });
  edges.stop();
  return tally.result(timing.measureS);
}

/** Nearest-rank percentile. */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}
