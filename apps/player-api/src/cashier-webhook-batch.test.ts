/**
 * Issue 22 (D-1829..D-1831): payment events that credit deposits, queued in the gateway's process behind
 * the credits in flight, are credited together in one database transaction (packages/cashier,
 * credit-payment-batch.ts), each with its event row. These tests prove that several deliveries were
 * written by one transaction (`xmin`), that an event delivered twice, inside a batch or across batches,
 * is credited once, that a second credit of one player in a batch runs on its own, and that a batch the
 * database refuses as a whole leaves nothing behind and gives every delivery back to run alone.
 */
import {
  batchedCreditCount,
  creditPaymentsInBatch,
  depositCreditLanes,
  depositCreditsWaiting,
  depositCreditsWaitingMax,
  signWebhook,
  type ProviderEventDelivery,
} from '@casino/cashier';
import { newId } from '@casino/core';
import { waitFor } from '@casino/core/testing';
import { pgPoolOf, playerLockKey } from '@casino/db';
import * as ledger from '@casino/ledger';
import { startHarness, type Harness } from '@casino/test-support';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  asPlayer,
  cashBalance,
  czk,
  depositRow,
  key,
  playerWithActiveCard,
  promptProvider,
  pspSettings,
} from './cashier-test-support.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness(new Date('2026-11-02T09:00:00Z'), { guards: 'platform' });
});
beforeEach(async () => {
  await promptProvider(h);
});
afterAll(async () => {
  await h?.close();
});

type Player = Awaited<ReturnType<typeof playerWithActiveCard>>;
/** What the gateway's `inject` answers, as far as these tests read it. */
type Answer = { statusCode: number; body: string; json(): { outcome?: string } };
type Held = { id: string; paymentId: string };

/** A deposit the provider took, its events held back: the test delivers them itself. */
async function heldDeposit(player: Player, amount: string): Promise<Held> {
  await pspSettings(h, { webhooks: { url: null } });
  const response = await asPlayer(
    h,
    player,
    'POST',
    '/v1/deposits',
    { paymentMethodId: player.cardMethodId, amount: czk(amount) },
    key(),
  );
  expect(response.statusCode, response.body).toBe(201);
  const row = await depositRow(h, response.json().id);
  return { id: row.id, paymentId: row.providerPaymentId! };
}

/** A `payment.settled` event of the deposit, with an event id of its own. */
function settledEvent(deposit: Held, amount: string) {
  const body = {
    type: 'payment.settled' as const,
    timestamp: h.clock.now().toISOString(),
    data: { paymentId: deposit.paymentId, reference: deposit.id, amount: czk(amount) },
  };
  return { id: `evt_${newId().replace(/-/g, '')}`, body };
}

/** The event's delivery as the provider signs and sends it. */
function signed(event: ReturnType<typeof settledEvent>) {
  const raw = JSON.stringify(event.body);
  const timestamp = Math.floor(h.clock.now().getTime() / 1000);
  return {
    method: 'POST' as const,
    url: '/v1/webhooks/sandbox-psp',
    headers: {
      'content-type': 'application/json',
      'webhook-id': event.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(h.webhookSecret, event.id, timestamp, raw),
    },
    payload: raw,
  };
}

/** The event as the cashier's batch takes it (the gateway's parse, done by hand). */
function batchItem(event: ReturnType<typeof settledEvent>) {
  const delivery: ProviderEventDelivery = {
    provider: 'sandbox-psp',
    eventId: event.id,
    type: event.body.type,
    payload: event.body,
  };
  const data = { ...event.body.data, amount: { amount: event.body.data.amount.amount, currency: 'CZK' as const } };
  return { delivery, event: { type: event.body.type, data } };
}

const depositPostings = (depositId: string) =>
  h.connections.db.ledgerTransaction.count({ where: { idempotencyKey: `cashier-deposit:${depositId}` } });

/** The transaction ids (`xmin`) that last wrote each deposit's row, its event rows and its ledger transaction. */
async function writers(depositIds: string[]): Promise<Array<{ deposit: string; events: string[]; posting: string | null }>> {
  const rows = await pgPoolOf(h.connections.db).query<{ deposit: string; events: string[]; posting: string | null }>(
    `SELECT d.xmin::text AS deposit,
            ARRAY(SELECT e.xmin::text FROM cashier_provider_event e WHERE e.subject_id = d.id ORDER BY e.received_at) AS events,
            (SELECT t.xmin::text FROM ledger_transaction t WHERE t.id = d.ledger_transaction_id) AS posting
       FROM unnest($1::uuid[]) WITH ORDINALITY AS x(id, n) JOIN cashier_deposit d ON d.id = x.id ORDER BY x.n`,
    [depositIds],
  );
  return rows.rows;
}

/**
 * Runs `queue` while both lanes of the gateway's credit queue are busy: a credit of `blocker` in each, waiting on the
 * player's lock, held here on a connection of its own. `queue` sends what must wait and returns what to check once
 * the lock is let go (the lanes then free and take the waiting deliveries).
 */
async function withLanesHeld(
  blocker: Player,
  laneEvents: Array<ReturnType<typeof settledEvent>>,
  queue: (laneAnswers: Array<Promise<Answer>>) => Promise<() => Promise<void>>,
): Promise<void> {
  expect(laneEvents).toHaveLength(depositCreditLanes);
  const lock = await pgPoolOf(h.connections.db).connect();
  try {
    await lock.query('BEGIN');
    await lock.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [playerLockKey(blocker.playerId)]);
    const laneAnswers = laneEvents.map((event) => h.gateway.inject(signed(event)));
    await waitFor(
      async () => {
        const { rows } = await lock.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
        );
        return rows[0]!.n === depositCreditLanes;
      },
      { what: "the lanes' credits to wait on the player's lock" },
    );
    const check = await queue(laneAnswers);
    await lock.query('COMMIT');
    await check();
  } finally {
    await lock.query('ROLLBACK').catch(() => undefined);
    lock.release();
  }
}

describe('webhooks: credits queued behind others are credited together (issue 22, D-1829)', () => {
  it('D-1829 / D-1830: deliveries that wait for a busy gateway are credited by one transaction, each with its event row; a duplicate delivered meanwhile is credited once', async () => {
    // Players first: registering one needs the provider's webhooks, which the held deposits switch off.
    const blocker = await playerWithActiveCard(h);
    const players: Player[] = [];
    for (let i = 0; i < 4; i++) players.push(await playerWithActiveCard(h));
    const blocked = [];
    for (let i = 0; i < depositCreditLanes; i++) blocked.push(await heldDeposit(blocker, '300.00'));
    const others: Array<{ player: Player; deposit: Held }> = [];
    for (const player of players) others.push({ player, deposit: await heldDeposit(player, '250.00') });
    const batchedBefore = batchedCreditCount();
    await withLanesHeld(
      blocker,
      blocked.map((d) => settledEvent(d, '300.00')),
      async (blockedAnswers) => {
        // Four players' deliveries and a second delivery of the first one's event queue behind them.
        const events = others.map((o) => settledEvent(o.deposit, '250.00'));
        const queuedAnswers = [...events, events[0]!].map((event) => h.gateway.inject(signed(event)));
        await waitFor(() => depositCreditsWaiting() === 5, { what: 'five deliveries waiting for a lane' });
        return async () => {
          const answers = await Promise.all([...blockedAnswers, ...queuedAnswers]);
          expect(
            answers.map((a) => a.statusCode),
            answers.find((a) => a.statusCode !== 200)?.body,
          ).toEqual(Array(answers.length).fill(200));
          expect(answers.map((a) => a.json().outcome)).toEqual([
            ...Array(depositCreditLanes).fill('applied'),
            'applied',
            'applied',
            'applied',
            'applied',
            'duplicate',
          ]);
        };
      },
    );
    expect(batchedCreditCount() - batchedBefore).toBe(4);
    const batch = await writers(others.map((o) => o.deposit.id));
    const xid = batch[0]!.deposit;
    // One transaction wrote the four deposits, their event rows (one each: the duplicate left none) and postings.
    expect(batch).toEqual(Array(4).fill({ deposit: xid, events: [xid], posting: xid }));
    const alone = await writers(blocked.map((d) => d.id));
    expect(new Set([xid, ...alone.map((w) => w.deposit)]).size).toBe(1 + depositCreditLanes);
    for (const { player, deposit } of others) {
      expect(await depositPostings(deposit.id)).toBe(1);
      expect(await depositRow(h, deposit.id)).toMatchObject({ status: 'SETTLED', temporaryAccount: false });
      expect(await cashBalance(h, player.playerId)).toBe('350.00');
    }
    expect(await cashBalance(h, blocker.playerId)).toBe('700.00');
    expect(await ledger.findInvariantViolations(h.connections.db)).toEqual([]);
  });

  it('D-1829: in one batch an event recorded before answers duplicate, a second delivery of an event and a second credit of one player are given back; each is credited once', async () => {
    const first = await playerWithActiveCard(h);
    const second = await playerWithActiveCard(h);
    const earlier = await heldDeposit(first, '200.00');
    const recorded = settledEvent(earlier, '200.00');
    expect((await h.gateway.inject(signed(recorded))).json().outcome).toBe('applied');
    const fresh = settledEvent(await heldDeposit(second, '400.00'), '400.00');
    const sameFirstPlayer = settledEvent(await heldDeposit(first, '300.00'), '300.00');

    const items = [recorded, fresh, fresh, sameFirstPlayer].map(batchItem);
    const outcomes = await creditPaymentsInBatch(h.cashier, items);
    expect(outcomes).toEqual([{ outcome: 'duplicate' }, { outcome: 'applied' }, 'alone', 'alone']);
    // Given back, nothing of them was written: no event row of the player's second credit.
    expect(await h.connections.db.cashierProviderEvent.count({ where: { eventId: sameFirstPlayer.id } })).toBe(0);
    // They run on their own, as the gateway runs them: the event again is a duplicate, the player's second credit applies.
    expect((await h.gateway.inject(signed(fresh))).json().outcome).toBe('duplicate');
    expect((await h.gateway.inject(signed(sameFirstPlayer))).json().outcome).toBe('applied');
    expect(await depositPostings(earlier.id)).toBe(1);
    expect(await depositPostings(fresh.body.data.reference)).toBe(1);
    expect(await depositPostings(sameFirstPlayer.body.data.reference)).toBe(1);
    expect(await cashBalance(h, first.playerId)).toBe('600.00');
    expect(await cashBalance(h, second.playerId)).toBe('500.00');
    expect(await ledger.findInvariantViolations(h.connections.db)).toEqual([]);
  });

  it('D-1831: a batch the database refuses as a whole writes nothing and gives every delivery back; each then runs alone as without the batch', async () => {
    const healthy = await playerWithActiveCard(h);
    const poisoned = await playerWithActiveCard(h);
    const good = settledEvent(await heldDeposit(healthy, '150.00'), '150.00');
    const bad = settledEvent(await heldDeposit(poisoned, '150.00'), '150.00');
    // The poisoned deposit's usage entry exists already: limits_deposit_count refuses it (a bug's symptom), so the
    // batch's commit statement fails for the batch as a whole.
    await pgPoolOf(h.connections.db).query(
      `INSERT INTO self_limit_usage_entry (player_id, kind, reference, category, amount_minor, currency, rate_to_czk, counted_minor, play_session_id, at)
       VALUES ($1, 'DEPOSIT', $2, NULL, 15000, 'CZK', NULL, 15000, NULL, now())`,
      [poisoned.playerId, bad.body.data.reference],
    );
    const batchedBefore = batchedCreditCount();
    const outcomes = await creditPaymentsInBatch(h.cashier, [good, bad].map(batchItem));
    expect(outcomes).toEqual(['alone', 'alone']);
    expect(batchedCreditCount()).toBe(batchedBefore);
    expect(await h.connections.db.cashierProviderEvent.count({ where: { eventId: { in: [good.id, bad.id] } } })).toBe(0);
    expect(await depositRow(h, good.body.data.reference)).toMatchObject({ status: 'PENDING', ledgerTransactionId: null });
    // Alone, the healthy one is credited; the poisoned one fails on its own (the provider retries it), as before the batch.
    expect((await h.gateway.inject(signed(good))).json().outcome).toBe('applied');
    expect((await h.gateway.inject(signed(bad))).statusCode).toBe(500);
    expect(await depositPostings(good.body.data.reference)).toBe(1);
    expect(await depositPostings(bad.body.data.reference)).toBe(0);
    expect(await cashBalance(h, healthy.playerId)).toBe('250.00');
    expect(await ledger.findInvariantViolations(h.connections.db)).toEqual([]);
  });
  it('D-1830: with the most deliveries a gateway lets wait already waiting, one more answers 503 at once and writes nothing; the waiting ones are answered, the event credited once', async () => {
    const blocker = await playerWithActiveCard(h);
    const player = await playerWithActiveCard(h);
    const blocked = [];
    for (let i = 0; i < depositCreditLanes; i++) blocked.push(await heldDeposit(blocker, '100.00'));
    const deposit = await heldDeposit(player, '120.00');
    const event = settledEvent(deposit, '120.00');
    await withLanesHeld(
      blocker,
      blocked.map((d) => settledEvent(d, '100.00')),
      async (laneAnswers) => {
        const waiting = Array.from({ length: depositCreditsWaitingMax }, () => h.gateway.inject(signed(event)));
        await waitFor(() => depositCreditsWaiting() === depositCreditsWaitingMax, { what: 'the queue to be full' });
        const refused = await h.gateway.inject(signed(settledEvent(deposit, '120.00')));
        expect(refused.statusCode, refused.body).toBe(503);
        expect(depositCreditsWaiting()).toBe(depositCreditsWaitingMax);
        return async () => {
          const answers = await Promise.all([...laneAnswers, ...waiting]);
          expect(answers.every((a) => a.statusCode === 200)).toBe(true);
          const outcomes = answers.slice(depositCreditLanes).map((a) => a.json().outcome as string);
          expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
          expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(depositCreditsWaitingMax - 1);
        };
      },
    );
    expect(await depositPostings(deposit.id)).toBe(1);
    expect(await h.connections.db.cashierProviderEvent.count({ where: { subjectId: deposit.id } })).toBe(1);
    expect(await cashBalance(h, player.playerId)).toBe('220.00');
  });
  it("D-1830: a second delivery of an event whose credit is in a lane's transaction waits in the gateway, not on the event's key in PostgreSQL, and then answers duplicate", async () => {
    const blocker = await playerWithActiveCard(h);
    const first = await playerWithActiveCard(h);
    const second = await playerWithActiveCard(h);
    const blocked = [];
    for (let i = 0; i < depositCreditLanes; i++) blocked.push(await heldDeposit(blocker, '100.00'));
    const event = settledEvent(await heldDeposit(first, '130.00'), '130.00');
    const other = settledEvent(await heldDeposit(second, '140.00'), '140.00');
    // The second player's lock, held here too: the batch of both events waits on it, in flight, after its first locks.
    const held = await pgPoolOf(h.connections.db).connect();
    const waitingLocks = async () => {
      const { rows } = await held.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())',
      );
      return rows[0]!.n;
    };
    try {
      await held.query('BEGIN');
      await held.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [playerLockKey(second.playerId)]);
      await withLanesHeld(
        blocker,
        blocked.map((d) => settledEvent(d, '100.00')),
        async (laneAnswers) => {
          const queued = [event, other, event].map((e) => h.gateway.inject(signed(e)));
          await waitFor(() => depositCreditsWaiting() === 3, { what: 'three deliveries waiting for a lane' });
          return async () => {
            expect((await Promise.all(laneAnswers)).map((a) => a.json().outcome)).toEqual(
              Array(depositCreditLanes).fill('applied'),
            );
            // Both lanes are free of the blocker's credits: one runs the batch of both events, waiting on the second
            // player's lock; the event's second delivery stays in the gateway although the other lane is free.
            await waitFor(async () => (await waitingLocks()) === 1, { what: "the batch to wait on the second player's lock" });
            expect(depositCreditsWaiting()).toBe(1);
            expect(await waitingLocks()).toBe(1);
            await held.query('COMMIT');
            const answers = await Promise.all(queued);
            expect(answers.map((a) => a.json().outcome)).toEqual(['applied', 'applied', 'duplicate']);
          };
        },
      );
    } finally {
      await held.query('ROLLBACK').catch(() => undefined);
      held.release();
    }
    expect(await depositPostings(event.body.data.reference)).toBe(1);
    expect(await h.connections.db.cashierProviderEvent.count({ where: { eventId: event.id } })).toBe(1);
    expect(await cashBalance(h, first.playerId)).toBe('230.00');
    expect(await cashBalance(h, second.playerId)).toBe('240.00');
  });
});
