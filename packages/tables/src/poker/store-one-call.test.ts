import { isDomainError, ManualClock } from '@casino/core';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import { changeLimit, czechProfile } from '@casino/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneCallPokerTakeCount } from './store-money-one-call.ts';
import { acquireTableLease, buyIn, createPokerTable, escrowAndStacks, topUp, type PokerStoreContext } from './store.ts';
import {
  balanceOf,
  czk,
  fixtureProfileOf,
  fundedPlayer,
  noLimitDefinition,
  openFunding,
  storeContext,
  type Funding,
} from './testing.ts';

/**
 * Issue 22 (D-2284..D-2286): a poker buy-in and top-up in two round trips (poker_take_begin, poker_take_commit)
 * store what the ORM transaction stores, and keep its guarantees under parallel requests: exactly once per key,
 * limits never overshot, the escrow equal to the stacks.
 */
let testDb: TestDatabase;
let funding: Funding;
const clock = new ManualClock(new Date('2026-11-26T10:00:00Z'));
let ctx: PokerStoreContext;
let orm: PokerStoreContext;
const ttlMs = 15_000;

beforeAll(async () => {
  testDb = await createTestDatabase();
  funding = await openFunding(testDb.db);
  ctx = storeContext(testDb.db, clock, 'instance-a');
  orm = { ...ctx, oneCallMoney: false };
});
afterAll(async () => {
  await testDb?.drop();
});

async function leasedTable() {
  const table = await createPokerTable(testDb.db, {
    definition: noLimitDefinition,
    profile: fixtureProfileOf(noLimitDefinition),
    now: clock.now(),
  });
  const lease = await acquireTableLease(testDb.db, { tableId: table.id, instanceId: ctx.instanceId, ttlMs, now: clock.now() });
  return { tableId: table.id, epoch: lease!.epoch };
}

const outcomeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: unknown) => {
      if (isDomainError(error)) return (error.extensions?.reason as string | undefined) ?? error.code;
      throw error;
    },
  );

async function expectInvariant(tableId: string) {
  const { escrowMinor, stacksMinor } = await escrowAndStacks(testDb.db, tableId);
  expect(escrowMinor).toBe(stacksMinor);
  return escrowMinor;
}

/** What a buy-in and a top-up leave behind, without ids and times: the two paths must leave the same. */
async function footprint(playerId: string, tableId: string) {
  const seats = await testDb.db.$queryRaw<unknown[]>`
    SELECT seat, alias, stack_minor::text, status, bought_in_minor::text, top_ups, rate_to_czk::text, funding_currency,
           wallet_account_id IS NOT NULL AS has_wallet,
           (SELECT count(*)::int FROM play_session s WHERE s.id = poker_seat.play_session_id AND s.ended_at IS NULL) AS open_sessions
    FROM poker_seat WHERE player_id = ${playerId}::uuid AND table_id = ${tableId}::uuid`;
  const sessions = await testDb.db.$queryRaw<unknown[]>`
    SELECT stakes_minor::text, ended_at IS NULL AS open FROM play_session WHERE player_id = ${playerId}::uuid`;
  const entries = await testDb.db.$queryRaw<unknown[]>`
    SELECT kind::text, category::text, amount_minor::text, currency, counted_minor::text,
           replace(reference, (SELECT id::text FROM poker_seat WHERE player_id = ${playerId}::uuid AND table_id = ${tableId}::uuid), 'S') AS reference
    FROM self_limit_usage_entry WHERE player_id = ${playerId}::uuid ORDER BY at, reference`;
  const usage = await testDb.db.$queryRaw<unknown[]>`
    SELECT period::text, stakes_minor::text FROM self_limit_usage WHERE player_id = ${playerId}::uuid ORDER BY period`;
  const postings = await testDb.db.$queryRaw<unknown[]>`
    SELECT t.kind::text, replace(t.idempotency_key, s.id::text, 'S') AS key, t.metadata - 'seatingId' AS metadata
    FROM ledger_transaction t JOIN poker_seat s ON t.idempotency_key LIKE 'poker:seating:' || s.id || '%'
    WHERE s.player_id = ${playerId}::uuid AND s.table_id = ${tableId}::uuid ORDER BY t.created_at, key`;
  const monitoring = await testDb.db.$queryRaw<unknown[]>`
    SELECT payload->>'kind' AS kind, payload->'amount' AS amount FROM outbox_message
    WHERE payload->>'playerId' = ${playerId} AND payload->>'gameRoundId' LIKE 'poker-seating:%' ORDER BY created_at`;
  return {
    seats,
    sessions,
    entries,
    usage,
    postings: postings.map((p) => ({ ...(p as object), metadata: undefined })),
    monitoring,
  };
}

describe('poker buy-in and top-up in two round trips (issue 22)', () => {
  it('issue 22 004:SLM-05 002:RG-08 a buy-in and a top-up on the two-statement path store what the ORM transaction stores: seat, stack, play session, usage, posting, monitoring event, the escrow invariant', async () => {
    const results = [];
    for (const path of [ctx, orm]) {
      const table = await leasedTable();
      const player = await fundedPlayer(testDb.db, funding, clock, '500.00');
      const before = oneCallPokerTakeCount();
      const seated = await buyIn(path, { ...table, playerId: player.playerId, seat: 2, alias: 'same', amountMinor: 5_000n });
      const topped = await topUp(path, { ...table, playerId: player.playerId, seat: 2, amountMinor: 2_500n, requestId: 't-1' });
      expect(oneCallPokerTakeCount() - before).toBe(path === ctx ? 2 : 0);
      expect(seated).toMatchObject({ seat: 2, stackMinor: 5_000n });
      expect(topped).toMatchObject({ stackMinor: 7_500n, replayed: false });
      expect(await balanceOf(testDb.db, player.wallet)).toBe('425.00');
      expect(await expectInvariant(table.tableId)).toBe(7_500n);
      results.push(await footprint(player.playerId, table.tableId));
    }
    expect(results[0]).toEqual(results[1]);
    expect(results[0]).toMatchObject({
      seats: [
        { seat: 2, alias: 'same', stack_minor: '7500', status: 'joining', bought_in_minor: '7500', top_ups: 1, open_sessions: 1 },
      ],
      sessions: [{ stakes_minor: '7500', open: true }],
      usage: [
        { period: 'DAY', stakes_minor: '7500' },
        { period: 'MONTH', stakes_minor: '7500' },
        { period: 'WEEK', stakes_minor: '7500' },
      ],
    });
    expect(results[0]!.entries).toHaveLength(2);
    expect(results[0]!.postings).toHaveLength(2);
    expect(results[0]!.monitoring).toHaveLength(2);
  });

  it('issue 22 002:T-RG-06 004:SLM-05 eight parallel buy-ins of one player at eight tables against a 100.00 daily stake limit: exactly four of 25.00 are taken, the rest refused limit-exceeded; each escrow equals its stacks', async () => {
    const tables = await Promise.all(Array.from({ length: 8 }, () => leasedTable()));
    const player = await fundedPlayer(testDb.db, funding, clock, '1000.00');
    await changeLimit(
      { db: testDb.db, clock, profile: czechProfile },
      { playerId: player.playerId, measure: 'stake:day', limit: { amount: czk('100.00') }, actor: 'player' },
    );
    const before = oneCallPokerTakeCount();
    const outcomes = await Promise.all(
      tables.map((table) =>
        outcomeOf(buyIn(ctx, { ...table, playerId: player.playerId, seat: 1, alias: 'limit', amountMinor: 2_500n })),
      ),
    );
    expect(outcomes.filter((o) => o === 'accepted')).toHaveLength(4);
    expect(outcomes.filter((o) => o === 'limit-exceeded')).toHaveLength(4);
    expect(oneCallPokerTakeCount() - before).toBe(4);
    expect(await balanceOf(testDb.db, player.wallet)).toBe('900.00');
    let escrow = 0n;
    for (const table of tables) escrow += await expectInvariant(table.tableId);
    expect(escrow).toBe(10_000n);
  });

  it('issue 22 002:T-RG-06 parallel top-ups of one seat against a stake limit: each request id posts once, different ids stop exactly at the limit', async () => {
    const table = await leasedTable();
    const player = await fundedPlayer(testDb.db, funding, clock, '1000.00');
    await buyIn(ctx, { ...table, playerId: player.playerId, seat: 3, alias: 'tops', amountMinor: 2_500n });
    await changeLimit(
      { db: testDb.db, clock, profile: czechProfile },
      { playerId: player.playerId, measure: 'stake:day', limit: { amount: czk('55.00') }, actor: 'player' },
    );
    // 25.00 staked already: 30.00 left, room for three top-ups of 10.00 (the stack's maximum is 100.00).
    const same = await Promise.all(
      Array.from({ length: 6 }, () =>
        topUp(ctx, { ...table, playerId: player.playerId, seat: 3, amountMinor: 1_000n, requestId: 'once' }),
      ),
    );
    expect(new Set(same.map((r) => r.ledgerTransactionId)).size).toBe(1);
    expect(same.filter((r) => !r.replayed)).toHaveLength(1);
    const different = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        outcomeOf(topUp(ctx, { ...table, playerId: player.playerId, seat: 3, amountMinor: 1_000n, requestId: `d-${i}` })),
      ),
    );
    expect(different.filter((o) => o === 'accepted')).toHaveLength(2);
    expect(different.filter((o) => o === 'limit-exceeded')).toHaveLength(4);
    expect(await balanceOf(testDb.db, player.wallet)).toBe('945.00');
    expect(await expectInvariant(table.tableId)).toBe(5_500n);
  });

  it('issue 22 D-2284 parallel buy-ins of many players for one seat: one is seated, the others refused seat-taken, and only the seated one paid', async () => {
    const table = await leasedTable();
    const players = await Promise.all(Array.from({ length: 5 }, () => fundedPlayer(testDb.db, funding, clock, '100.00')));
    const outcomes = await Promise.all(
      players.map((p, i) =>
        outcomeOf(buyIn(ctx, { ...table, playerId: p.playerId, seat: 5, alias: `s${i}`, amountMinor: 5_000n })),
      ),
    );
    expect(outcomes.sort()).toEqual(['accepted', 'seat-taken', 'seat-taken', 'seat-taken', 'seat-taken']);
    const balances = await Promise.all(players.map((p) => balanceOf(testDb.db, p.wallet)));
    expect(balances.sort()).toEqual(['100.00', '100.00', '100.00', '100.00', '50.00']);
    expect(await expectInvariant(table.tableId)).toBe(5_000n);
  });
});
