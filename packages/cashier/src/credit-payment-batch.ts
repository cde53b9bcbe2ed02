import { assert, DomainError, isDomainError } from '@casino/core';
import { isPoolExhaustedError, pgBatchedTransaction, rollBack, sqlStateOf } from '@casino/db';
import type { ProviderEventDelivery } from './apply-provider-event.ts';
import type { CashierContext } from './context.ts';
import { countOneCallCredit, creditPaymentWithOneCall, decide, readArguments, type Decided } from './credit-payment-one-call.ts';
import type { PaymentEventDataSchema } from './provider-events.ts';
import type { z } from 'zod';

type PaymentData = z.infer<typeof PaymentEventDataSchema>;
type Json = Record<string, unknown>;
type PaymentEvent = { type: 'payment.authorized' | 'payment.settled'; data: PaymentData };
type Credited = { outcome: 'applied' | 'duplicate' } | null;

/**
 * Transactions of credits in flight at once per cashier context in this process (D-1830): a delivery that finds
 * them all busy waits, and the first to be let in takes the others waiting with it into one batch. Two keep both
 * of the machine's cores' worth of PostgreSQL busy (one batch is decided in Node while the other runs) and let
 * batches fill: `bench:webhooks` with 16 senders, 2026-11-27, CPU ms per delivery (gateway / PostgreSQL) 0.74 /
 * 1.04 with two, 0.80–0.91 / 1.28–1.40 with four, 0.68 / 0.91 with one, whose p99 rose to 118 ms.
 */
export const depositCreditLanes = 2;
/** Deliveries in one batch at most: bounds the batch's transaction (the locks it holds) and each one's wait. */
export const depositCreditBatchMax = 8;
/**
 * Deliveries waiting for a lane per context at most; one more answers 503 at once and the provider retries it later
 * (D-1830). Before the queue, a delivery beyond what the pool served waited for a connection and gave up after the
 * pool's connect timeout (503); a queue without a bound would let an overloaded gateway's waits grow without end.
 */
export const depositCreditsWaitingMax = 256;

/** A delivery waiting for a lane; `outcome` once a batch decided it ('alone': it runs on its own). */
interface Waiting {
  readonly delivery: ProviderEventDelivery;
  readonly event: PaymentEvent;
  readonly settle: (outcome: Credited | 'alone') => void;
  readonly fail: (error: unknown) => void;
}

/**
 * The payment events that credit a deposit, queued per cashier context in this process (issue 22, D-1829,
 * D-1830). A delivery that finds a lane free runs at once: alone, by the two-statement path
 * (creditPaymentWithOneCall), so a quiet gateway waits for nothing and sends what it sent before. When the
 * lanes are busy it waits; the one at the front, once a lane frees, takes those waiting behind it (one per
 * deposit, at most `depositCreditBatchMax`) into one transaction (`creditPaymentsInBatch`). Group commit
 * without a timer: batches form only while deliveries already wait.
 *
 * The database stays the guarantee, as for a delivery alone: the event's unique key (exactly once, a
 * parallel delivery of it in another batch, process or path waits on the key and answers duplicate), the
 * deposit's row lock and the player's lock, every rule decided on rows read under them.
 */
class DepositCreditQueue {
  private running = 0;
  private readonly waiting: Waiting[] = [];
  /** Deposits of the deliveries in the lanes' transactions now. */
  private readonly inFlight = new Set<string>();

  constructor(private readonly ctx: CashierContext) {}

  credit(delivery: ProviderEventDelivery, event: PaymentEvent): Promise<Credited> {
    if (this.waiting.length >= depositCreditsWaitingMax) {
      return Promise.reject(
        new DomainError('service-unavailable', 'Too many payment events are waiting to be credited; send it again shortly.'),
      );
    }
    return new Promise<Credited | 'alone'>((settle, fail) => {
      this.waiting.push({ delivery, event, settle, fail });
      waitingCount++;
      this.pump();
    }).then((outcome) => (outcome === 'alone' ? creditPaymentWithOneCall(this.ctx, delivery, event) : outcome));
  }

  private pump(): void {
    while (this.running < depositCreditLanes && this.waiting.length > 0) {
      const batch = this.take();
      // Every waiting delivery's deposit is in a lane now: the lane that holds it lets them in when it is done.
      if (batch.length === 0) return;
      const deposits = batch.map((w) => w.event.data.reference);
      for (const deposit of deposits) this.inFlight.add(deposit);
      this.running++;
      void this.run(batch).finally(() => {
        for (const deposit of deposits) this.inFlight.delete(deposit);
        this.running--;
        this.pump();
      });
    }
  }

  /**
   * The front delivery and those behind it, in their order, one per deposit and none whose deposit is in the other
   * lane's transaction: a second delivery of an event (or another event of its deposit) waits here until that
   * transaction is over and then finds its key at once, instead of holding a batch, its locks and a connection
   * while PostgreSQL makes it wait on the key (D-1830).
   */
  private take(): Waiting[] {
    const batch: Waiting[] = [];
    const deposits = new Set<string>();
    for (let i = 0; i < this.waiting.length && batch.length < depositCreditBatchMax; i++) {
      const waiting = this.waiting[i]!;
      const deposit = waiting.event.data.reference;
      if (deposits.has(deposit) || this.inFlight.has(deposit)) continue;
      deposits.add(deposit);
      batch.push(waiting);
      this.waiting.splice(i--, 1);
      waitingCount--;
    }
    return batch;
  }

  private async run(batch: Waiting[]): Promise<void> {
    if (batch.length === 1) {
      // Alone: the two-statement path, in this lane.
      const only = batch[0]!;
      await creditPaymentWithOneCall(this.ctx, only.delivery, only.event).then(only.settle, only.fail);
      return;
    }
    try {
      const outcomes = await creditPaymentsInBatch(
        this.ctx,
        batch.map((w) => ({ delivery: w.delivery, event: w.event })),
      );
      batch.forEach((w, i) => w.settle(outcomes[i]!));
    } catch (error) {
      // A bug in the batch, not a refusal by the database (those answer 'alone'): every delivery of it answers the error.
      for (const w of batch) w.fail(error);
    }
  }
}

const queues = new WeakMap<CashierContext, DepositCreditQueue>();

/**
 * `creditPaymentWithOneCall` through this process's queue of the context (D-1830): alone when a lane is free,
 * else in a batch with the deliveries waiting beside it. Same answers: applied, duplicate, or null (not its
 * case, nothing written: the caller's ORM transaction handles it).
 */
export function creditPaymentQueued(
  ctx: CashierContext,
  delivery: ProviderEventDelivery,
  event: PaymentEvent,
): Promise<Credited> {
  if (!ctx.guards.oneCall) return Promise.resolve(null);
  let queue = queues.get(ctx);
  if (!queue) queues.set(ctx, (queue = new DepositCreditQueue(ctx)));
  return queue.credit(delivery, event);
}

let waitingCount = 0;

/** Deliveries waiting for a lane in this process, every context's (tests: wait for a batch to form, no sleeps). */
export function depositCreditsWaiting(): number {
  return waitingCount;
}

let batchedCount = 0;

/** Credits this process committed in batches of more than one delivery (tests prove a case took it; not a metric). */
export function batchedCreditCount(): number {
  return batchedCount;
}

/**
 * Several payment events' credits in one database transaction of two round trips (issue 22, D-1829):
 * `BEGIN; cashier_deposit_begin_batch(…)` records every event (its unique key), locks the deposits and
 * the players and reads each deposit's document under those locks; each credit is decided on its document
 * by `decide`, exactly as the two-statement path decides one; `cashier_deposit_commit_batch(…); COMMIT`
 * writes every credit (usage, `ledger_post`, the deposit, the outbox row) and deletes the event rows of the
 * deliveries it gives back.
 *
 * Per delivery: `duplicate` (recorded before, or by a parallel delivery that committed first), `applied`
 * (credited in this transaction with its event row), or `alone` (not this batch's case: another credit of
 * the same player or a second delivery of an event in the batch, or a case the rules do not credit here,
 * a refusal included; nothing of it is left and it runs on its own, as without the batch). A database error
 * for the batch as a whole (a ledger refusal, a pool with no connection free in time) writes nothing and
 * answers `alone` for every delivery.
 */
export async function creditPaymentsInBatch(
  ctx: CashierContext,
  items: ReadonlyArray<{ delivery: ProviderEventDelivery; event: PaymentEvent }>,
): Promise<Array<Credited | 'alone'>> {
  const guards = ctx.guards.oneCall;
  assert(guards !== undefined, 'a batch runs with the platform guards');
  assert(items.length > 1, 'a batch holds more than one delivery');
  assert(
    items.every((item) => item.delivery.provider === ctx.providerName),
    "a batch holds the context's provider's events",
  );
  const at = ctx.clock.now();
  const alone = (): Array<Credited | 'alone'> => items.map(() => 'alone');
  // The windows are every delivery's: one instant for the batch (the event id and deposit are given per event).
  const windows = readArguments(ctx, guards, items[0]!.delivery, items[0]!.event.data.reference, at);
  let outcomes = alone();
  let committed: Decided[] = [];
  let result: 'committed' | typeof rollBack;
  try {
    result = await pgBatchedTransaction(ctx.db, async (tx): Promise<'committed' | typeof rollBack> => {
      // The body runs again after a deadlock or serialization failure: only its last attempt's decisions count.
      outcomes = alone();
      committed = [];
      const events = items.map((item, i) => ({
        i: i + 1,
        event_id: item.delivery.eventId,
        type: item.delivery.type,
        payload: item.delivery.payload,
        deposit: item.event.data.reference,
      }));
      const rows = await tx.begin<{ entries: Array<{ kind: 'alone' | 'duplicate' | 'credit'; state?: Json }> }>(beginSql, [
        ctx.providerName,
        windows[3],
        at,
        ...windows.slice(5),
        JSON.stringify(events),
      ]);
      const entries = rows[0]!.entries;
      assert(entries.length === items.length, 'cashier_deposit_begin_batch answers every delivery');
      const credits: Json[] = [];
      const released: string[] = [];
      outcomes = entries.map((entry, i): Credited | 'alone' => {
        if (entry.kind === 'duplicate') return { outcome: 'duplicate' };
        if (entry.kind === 'alone') return 'alone';
        const item = items[i]!;
        const decided = decide(ctx, guards, item.event, entry.state!, at);
        if (decided === null) {
          // Recorded by the begin statement: the commit deletes the row again, and the delivery runs alone.
          released.push(item.delivery.eventId);
          return 'alone';
        }
        committed.push(decided);
        credits.push(creditRecord(item.event.data.reference, decided));
        return { outcome: 'applied' };
      });
      if (credits.length === 0) return rollBack; // duplicates and deliveries given back write nothing
      const ids = await tx.commit<{ ids: string[] }>(commitSql, [
        ctx.providerName,
        at,
        JSON.stringify(released),
        JSON.stringify(credits),
      ]);
      assert(
        ids[0]!.ids.length === committed.length && ids[0]!.ids.every((id, i) => id === committed[i]!.values[11]),
        'cashier_deposit_commit_batch posts the credits in the order given',
      );
      return 'committed';
    });
  } catch (error) {
    // The database refused the batch (a ledger refusal of one credit, a lock timeout) or no connection was free in
    // time: nothing was written, and each delivery runs on its own, answered by its own path. Anything else is a bug.
    if (isDatabaseError(error) || isPoolExhaustedError(error) || isDomainError(error)) return alone();
    throw error;
  }
  if (result === rollBack) return outcomes;
  batchedCount += committed.length;
  for (const decided of committed) countOneCallCredit(decided);
  return outcomes;
}

/**
 * An error PostgreSQL answered (any SQLSTATE, a PL/pgSQL RAISE's P0001 included, which `sqlStateOf` leaves
 * to Prisma's codes): the statement failed in the database, so the transaction wrote nothing.
 */
function isDatabaseError(error: unknown): boolean {
  if (sqlStateOf(error) !== undefined) return true;
  const code = error !== null && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && 'severity' in (error as object);
}

const beginSql =
  'SELECT cashier_deposit_begin_batch($1, $2, $3::timestamptz, $4::date, $5::date, $6::date, $7::timestamptz, $8::timestamptz, $9::timestamptz, $10::jsonb) AS entries';
const commitSql = 'SELECT cashier_deposit_commit_batch($1, $2::timestamptz, $3::jsonb, $4::jsonb) AS ids';

/**
 * One credit as `cashier_deposit_commit_batch` reads it (jsonb_to_recordset's columns), from `decide`'s values,
 * which are cashier_deposit_credit's arguments after the md5: status, 3-D Secure, payment id, due diligence,
 * limits_deposit_count's seven (player … usage), ledger_post's id, key, hash, metadata and postings, the outbox
 * row's id, topic and payload.
 */
function creditRecord(depositId: string, decided: Decided): Json {
  const v = decided.values;
  assert(v.length === 19, "decide's values are cashier_deposit_credit's last 19 arguments");
  return {
    deposit: depositId,
    status: v[0],
    three_d_secure: v[1],
    provider_payment_id: v[2],
    due_diligence: v[3],
    player: v[4],
    reference: v[5],
    amount_minor: v[6],
    currency: v[7],
    rate_to_czk: v[8],
    counted_minor: v[9],
    usage: JSON.parse(v[10] as string),
    transaction_id: v[11],
    key: v[12],
    request_hash: v[13],
    metadata: JSON.parse(v[14] as string),
    postings: JSON.parse(v[15] as string),
    outbox_id: v[16],
    outbox_topic: v[17],
    outbox_payload: JSON.parse(v[18] as string),
  };
}
