import { InvariantViolation, isDomainError, ManualClock } from '@casino/core';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import * as ledger from '@casino/ledger';
import { changeLimit, czechProfile } from '@casino/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PokerTableDefinition } from './profile.ts';
import {
  acquireTableLease,
  buyIn,
  commitHand,
  createPokerTable,
  EscrowInvariantViolation,
  escrowAndStacks,
  findHand,
  findTablesNeedingDriver,
  LeaseLost,
  listPokerTables,
  loadTableForDriving,
  markHandRunning,
  playerHands,
  pokerCashOutKey,
  releaseSeat,
  releaseTableLease,
  renewTableLeases,
  topUp,
  twoStatementCommitCount,
  voidInterruptedHand,
  type PokerStoreContext,
} from './store.ts';
import {
  balanceOf,
  czk,
  fixtureProfileOf,
  fundedPlayer,
  noLimitDefinition,
  openFunding,
  playHand,
  storeContext,
  type Funding,
} from './testing.ts';

/**
 * Issue 16: the poker table store on a real database: buy-ins through the limits and the ledger,
 * leaving, hands committed with their rake, the escrow invariant, leases that fence a deposed
 * instance out, and the void of a hand whose driver was lost.
 */
let testDb: TestDatabase;
let funding: Funding;
const clock = new ManualClock(new Date('2026-11-26T10:00:00Z'));
let ctx: PokerStoreContext;
const ttlMs = 15_000;

beforeAll(async () => {
  testDb = await createTestDatabase();
  funding = await openFunding(testDb.db);
  ctx = storeContext(testDb.db, clock, 'instance-a');
});
afterAll(async () => {
  await testDb?.drop();
});

async function leasedTable(definition: PokerTableDefinition = noLimitDefinition) {
  const table = await createPokerTable(testDb.db, { definition, profile: fixtureProfileOf(definition), now: clock.now() });
  const lease = await acquireTableLease(testDb.db, { tableId: table.id, instanceId: ctx.instanceId, ttlMs, now: clock.now() });
  return { tableId: table.id, epoch: lease!.epoch, escrowAccountId: table.escrowAccountId };
}

const refusal = (promise: Promise<unknown>) =>
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

describe('poker table store: buy-in (issue 16)', () => {
  it('000-001:T-01 TBL-06 at NL 0.50/1.00 a buy-in of 24.99 or 100.01 is refused, 25.00 and 100.00 are taken; a fixed-limit table without a maximum takes 500.00', async () => {
    const table = await leasedTable();
    const player = await fundedPlayer(testDb.db, funding, clock, '1000.00');
    const other = await fundedPlayer(testDb.db, funding, clock, '1000.00');
    const sit = (who: { playerId: string }, seat: number, amountMinor: bigint) =>
      refusal(buyIn(ctx, { ...table, playerId: who.playerId, seat, alias: `p${seat}`, amountMinor }));

    expect(await sit(player, 1, 2_499n)).toBe('buy-in-below-minimum');
    expect(await sit(player, 1, 10_001n)).toBe('buy-in-above-maximum');
    expect(await balanceOf(testDb.db, player.wallet)).toBe('1000.00');
    expect(await sit(player, 1, 2_500n)).toBe('accepted');
    expect(await sit(other, 2, 10_000n)).toBe('accepted');
    expect(await balanceOf(testDb.db, player.wallet)).toBe('975.00');
    expect(await balanceOf(testDb.db, other.wallet)).toBe('900.00');
    expect(await expectInvariant(table.tableId)).toBe(12_500n);

    const fixedLimit = await leasedTable({
      ...noLimitDefinition,
      // A fixed-limit table has a minimum buy-in only where the profile says so (000-001:TBL-03, TBL-04: HR).
      profileId: 'HR',
      name: 'FL 0.50/1',
      variant: 'holdem/fixed-limit',
      buyInMaxMinor: null,
    });
    const third = await fundedPlayer(testDb.db, funding, clock, '1000.00');
    expect(
      await refusal(buyIn(ctx, { ...fixedLimit, playerId: third.playerId, seat: 3, alias: 'fl', amountMinor: 50_000n })),
    ).toBe('accepted');
  });

  it('issue 16: a buy-in above the balance is refused insufficient-funds, the seat taken or the player seated already are refused, and nothing moves or counts', async () => {
    const table = await leasedTable();
    const player = await fundedPlayer(testDb.db, funding, clock, '30.00');
    const other = await fundedPlayer(testDb.db, funding, clock, '300.00');
    const error = await buyIn(ctx, { ...table, playerId: player.playerId, seat: 1, alias: 'short', amountMinor: 5_000n }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      code: 'insufficient-funds',
      field: 'body.amount',
      extensions: { balance: { amount: '30.00' } },
    });
    const usage = await testDb.db.selfLimitUsageEntry.count({ where: { playerId: player.playerId } });
    expect(usage).toBe(0);
    expect(await testDb.db.pokerSeat.count({ where: { tableId: table.tableId } })).toBe(0);

    expect(await refusal(buyIn(ctx, { ...table, playerId: player.playerId, seat: 1, alias: 'short', amountMinor: 3_000n }))).toBe(
      'accepted',
    );
    expect(await refusal(buyIn(ctx, { ...table, playerId: other.playerId, seat: 1, alias: 'x', amountMinor: 3_000n }))).toBe(
      'seat-taken',
    );
    expect(await refusal(buyIn(ctx, { ...table, playerId: player.playerId, seat: 2, alias: 'x', amountMinor: 3_000n }))).toBe(
      'already-seated',
    );
    expect(await refusal(buyIn(ctx, { ...table, playerId: other.playerId, seat: 7, alias: 'x', amountMinor: 3_000n }))).toBe(
      'validation-failed',
    );
    expect(await refusal(buyIn(ctx, { ...table, playerId: other.playerId, seat: 2, alias: ' ', amountMinor: 3_000n }))).toBe(
      'validation-failed',
    );
    expect(await balanceOf(testDb.db, other.wallet)).toBe('300.00');
    await expectInvariant(table.tableId);
  });

  it('002:T-RG-06 004:SLM-05 a stake limit reached refuses the buy-in and the top-up whole; what fits is taken', async () => {
    const table = await leasedTable();
    const player = await fundedPlayer(testDb.db, funding, clock, '500.00');
    await changeLimit(
      { db: testDb.db, clock, profile: czechProfile },
      { playerId: player.playerId, measure: 'stake:day', limit: { amount: czk('60.00') }, actor: 'player' },
    );
    const over = await buyIn(ctx, { ...table, playerId: player.playerId, seat: 1, alias: 'lim', amountMinor: 7_000n }).catch(
      (e: unknown) => e,
    );
    expect(over).toMatchObject({ code: 'limit-exceeded', extensions: { measure: 'stake:day' } });
    expect(await balanceOf(testDb.db, player.wallet)).toBe('500.00');

    await buyIn(ctx, { ...table, playerId: player.playerId, seat: 1, alias: 'lim', amountMinor: 5_000n });
    const topUpOver = await topUp(ctx, { ...table, playerId: player.playerId, seat: 1, amountMinor: 1_001n }).catch(
      (e: unknown) => e,
    );
    expect(topUpOver).toMatchObject({
      code: 'limit-exceeded',
      extensions: { measure: 'stake:day', remaining: { amount: '10.00' } },
    });
    const fits = await topUp(ctx, { ...table, playerId: player.playerId, seat: 1, amountMinor: 1_000n });
    expect(fits.stackMinor).toBe(6_000n);
    expect(await balanceOf(testDb.db, player.wallet)).toBe('440.00');
    await expectInvariant(table.tableId);
  });

  it('004:GAM-PC-03 a top-up brings the stack up to the maximum buy-in, not beyond; a retried top-up with its request id moves money once', async () => {
    const table = await leasedTable();
    const player = await fundedPlayer(testDb.db, funding, clock, '500.00');
    await buyIn(ctx, { ...table, playerId: player.playerId, seat: 4, alias: 'top', amountMinor: 6_000n });
    expect(await refusal(topUp(ctx, { ...table, playerId: player.playerId, seat: 4, amountMinor: 4_001n }))).toBe(
      'top-up-above-maximum',
    );
    const first = await topUp(ctx, { ...table, playerId: player.playerId, seat: 4, amountMinor: 4_000n, requestId: 'r-1' });
    const again = await topUp(ctx, { ...table, playerId: player.playerId, seat: 4, amountMinor: 4_000n, requestId: 'r-1' });
    expect(first).toMatchObject({ stackMinor: 10_000n, replayed: false });
    expect(again).toMatchObject({ stackMinor: 10_000n, replayed: true, ledgerTransactionId: first.ledgerTransactionId });
    expect(await balanceOf(testDb.db, player.wallet)).toBe('400.00');
    expect(await expectInvariant(table.tableId)).toBe(10_000n);
  });

  it('issue 16: two buy-ins from one wallet in parallel cannot overdraw it: one is taken, the other refused insufficient-funds', async () => {
    const first = await leasedTable();
    const second = await leasedTable();
    const player = await fundedPlayer(testDb.db, funding, clock, '100.00');
    const outcomes = await Promise.all(
      [first, second].map((table) =>
        refusal(buyIn(ctx, { ...table, playerId: player.playerId, seat: 1, alias: 'twice', amountMinor: 8_000n })),
      ),
    );
    expect(outcomes.sort()).toEqual(['accepted', 'insufficient-funds']);
    expect(await balanceOf(testDb.db, player.wallet)).toBe('20.00');
    expect((await expectInvariant(first.tableId)) + (await expectInvariant(second.tableId))).toBe(8_000n);
  });
});

describe('poker table store: leaving (issue 16)', () => {
  it('000-001:T-05 ACC-06 002:PK-CASH-02 PK-CASH-03 WAL-11 004:GAM-PC-02 leaving credits the stack to the wallet in one balanced transfer, counted as the poker-cash settlement; the play session ends', async () => {
    const table = await leasedTable();
    const player = await fundedPlayer(testDb.db, funding, clock, '200.00');
    const seated = await buyIn(ctx, { ...table, playerId: player.playerId, seat: 2, alias: 'leaver', amountMinor: 10_000n });
    expect(await balanceOf(testDb.db, player.wallet)).toBe('100.00');
    await expect(
      releaseSeat(ctx, { ...table, playerId: player.playerId, seat: 2, stackMinor: 9_999n, reason: 'left' }),
    ).rejects.toBeInstanceOf(InvariantViolation);

    const released = await releaseSeat(ctx, {
      ...table,
      playerId: player.playerId,
      seat: 2,
      stackMinor: 10_000n,
      reason: 'left',
    });
    expect(released).toMatchObject({ creditedMinor: 10_000n, playSessionEnded: true });
    const posted = await ledger.findTransaction(testDb.db, released.ledgerTransactionId!);
    expect(posted?.kind).toBe('CASH_OUT');
    expect(posted?.postings.map((p) => [p.account.id, p.amount.toDecimalString()]).sort()).toEqual(
      [
        [table.escrowAccountId, '100.00'],
        [player.wallet, '-100.00'],
      ].sort(),
    );
    expect(await ledger.findTransactionIdByIdempotencyKey(testDb.db, pokerCashOutKey(seated.seatingId))).toBe(
      released.ledgerTransactionId,
    );
    expect(await balanceOf(testDb.db, player.wallet)).toBe('200.00');
    const settlement = await testDb.db.selfLimitUsageEntry.findFirst({
      where: { playerId: player.playerId, kind: 'SETTLEMENT' },
    });
    expect(settlement).toMatchObject({ category: 'POKER_CASH', amountMinor: 10_000n });
    const session = await testDb.db.playSession.findUnique({ where: { id: seated.playSessionId } });
    expect(session?.endedAt).not.toBeNull();
    expect(await testDb.db.pokerSeat.count({ where: { tableId: table.tableId } })).toBe(0);
    expect(await expectInvariant(table.tableId)).toBe(0n);
  });
});

describe('poker table store: hands (issue 16)', () => {
  async function seatTwo(table: { tableId: string; epoch: number }) {
    const a = await fundedPlayer(testDb.db, funding, clock, '500.00');
    const b = await fundedPlayer(testDb.db, funding, clock, '500.00');
    await buyIn(ctx, { ...table, playerId: a.playerId, seat: 1, alias: 'Alice', amountMinor: 10_000n });
    await buyIn(ctx, { ...table, playerId: b.playerId, seat: 3, alias: 'Bob', amountMinor: 8_000n });
    const players = [
      { seat: 1, playerId: a.playerId, alias: 'Alice', stackMinor: 10_000n },
      { seat: 3, playerId: b.playerId, alias: 'Bob', stackMinor: 8_000n },
    ];
    return { a, b, players };
  }

  it('004:WIN-02 002:PAY-02 PAY-04 a committed hand takes its rake once from the escrow, pays the pot after rake into the winner’s stack, records the hand and keeps the escrow invariant', async () => {
    const table = await leasedTable();
    const { a, players } = await seatTwo(table);
    const hand = playHand({ handNumber: 1, buttonSeat: 1, players, line: 'check-down' });
    expect(hand.rakeMinor).toBe(10n); // 5 % of a 2.00 pot
    await markHandRunning(ctx, { ...table, handId: hand.handId });
    const next = playHand({ handNumber: 2, buttonSeat: 3, players, line: 'fold' }).handId;
    const committed = await commitHand(ctx, {
      ...table,
      hand,
      nextRunningHandId: next,
      seatStatuses: [
        { seat: 1, status: 'playing' },
        { seat: 3, status: 'sitting-out' },
      ],
    });
    expect(committed.replayed).toBe(false);
    // A check-down can end in a tie (a split pot, a few hands in a hundred): the pot after rake is
    // what the players won together, and each stack is its start less the 1.00 put in plus its win.
    const won = (seat: number) => hand.results.find((r) => r.seat === seat)?.wonMinor ?? 0n;
    expect(won(1) + won(3)).toBe(190n);
    for (const p of players)
      expect(committed.stacks.find((s) => s.seat === p.seat)!.stackMinor).toBe(p.stackMinor - 100n + won(p.seat));

    const rake = await ledger.findTransaction(testDb.db, committed.rakeTransactionId!);
    expect(rake?.kind).toBe('RAKE');
    expect(rake?.postings.map((p) => p.amount.toDecimalString()).sort()).toEqual(['-0.10', '0.10']);
    expect(await expectInvariant(table.tableId)).toBe(17_990n);
    // A retry of the same commit writes nothing and takes no second rake.
    expect(await commitHand(ctx, { ...table, hand, nextRunningHandId: next })).toMatchObject({
      replayed: true,
      rakeTransactionId: committed.rakeTransactionId,
    });
    expect(await expectInvariant(table.tableId)).toBe(17_990n);
    expect(await ledger.balance(testDb.db, (await ledger.findAccountByCode(testDb.db, 'operator:rake-revenue:CZK'))!.id)).toEqual(
      czk('0.10'),
    );

    const stored = await findHand(testDb.db, hand.handId);
    expect(stored).toMatchObject({ status: 'COMPLETED', handNumber: 1, potMinor: 200n, rakeMinor: 10n, flopDealt: true });
    expect(stored!.text).toContain(`PokerStars Hand #${hand.handId}`);
    expect(stored!.players.map((p) => p.rakeMinor).reduce((s, r) => s + r, 0n)).toBe(10n);
    const mine = await playerHands(testDb.db, a.playerId, { limit: 10 });
    expect(mine.hands.map((h) => h.handId)).toEqual([hand.handId]);
    const setup = await loadTableForDriving(testDb.db, table.tableId);
    expect(setup).toMatchObject({ handNumber: 1, runningHandId: next, previousPositions: { buttonSeat: 1 } });
    expect(setup!.seats.map((s) => [s.stackMinor, s.status])).toEqual([
      [committed.stacks[0]!.stackMinor, 'playing'],
      [committed.stacks[1]!.stackMinor, 'sitting-out'],
    ]);
  });

  it('issue 16: chips bought while a hand runs stay in the stack the commit stores; the lobby counts the last hour of hands; my hands page newest first', async () => {
    const table = await leasedTable({ ...noLimitDefinition, name: 'Lobby pace' });
    const { b, players } = await seatTwo(table);
    const hand = playHand({ handNumber: 1, buttonSeat: 3, players, line: 'fold' });
    await markHandRunning(ctx, { ...table, handId: hand.handId });
    await topUp(ctx, { ...table, playerId: b.playerId, seat: 3, amountMinor: 1_000n });
    const committed = await commitHand(ctx, { ...table, hand, nextRunningHandId: null });
    const bob = hand.results.find((r) => r.seat === 3)!;
    expect(committed.stacks.find((s) => s.seat === 3)!.stackMinor).toBe(8_000n - bob.putInMinor + bob.wonMinor + 1_000n);
    expect(hand.rakeMinor).toBe(0n);
    expect(committed.rakeTransactionId).toBeNull();
    await expectInvariant(table.tableId);
    const lobby = (await listPokerTables(testDb.db, { now: clock.now() })).find((t) => t.tableId === table.tableId);
    expect(lobby).toMatchObject({ seatsTaken: 2, seatsMax: 6, handsPerHour: 1, averagePotMinor: 100n });

    // A second hand, a minute later: "my hands" pages newest first.
    clock.advanceMs(60_000);
    const stacks = players.map((p) => ({ ...p, stackMinor: committed.stacks.find((s) => s.seat === p.seat)!.stackMinor }));
    const second = playHand({ handNumber: 2, buttonSeat: 1, players: stacks, line: 'fold' });
    await markHandRunning(ctx, { ...table, handId: second.handId });
    await commitHand(ctx, { ...table, hand: second, nextRunningHandId: null, handState: second.state });
    const first = await playerHands(testDb.db, b.playerId, { limit: 1 });
    expect(first.hands.map((h) => h.handNumber)).toEqual([2]);
    const rest = await playerHands(testDb.db, b.playerId, { limit: 1, cursor: first.nextCursor });
    expect(rest).toMatchObject({ hands: [{ handNumber: 1, handId: hand.handId }], nextCursor: null });
    await expectInvariant(table.tableId);
  });

  it('issue 16 D-1793: a raked hand committed in two statements (the fenced read, then poker_commit_hand) stores what the ORM transaction stores: hand, players, stacks, statuses, positions, the rake once, the monitoring events', async () => {
    // The first raked hand of the currency in this process may take the ORM path (it caches the rake account).
    const warm = await leasedTable({ ...noLimitDefinition, name: 'Two statements warm-up' });
    const warmSeats = await seatTwo(warm);
    const warmHand = playHand({ handNumber: 1, buttonSeat: 1, players: warmSeats.players, line: 'check-down' });
    await markHandRunning(ctx, { ...warm, handId: warmHand.handId });
    await commitHand(ctx, { ...warm, hand: warmHand, nextRunningHandId: null });

    const table = await leasedTable({ ...noLimitDefinition, name: 'Two statements' });
    const { players } = await seatTwo(table);
    const hand = playHand({ handNumber: 1, buttonSeat: 1, players, line: 'check-down' });
    expect(hand.rakeMinor).toBe(10n);
    await markHandRunning(ctx, { ...table, handId: hand.handId });
    const before = twoStatementCommitCount();
    const rakeAccount = (await ledger.findAccountByCode(testDb.db, 'operator:rake-revenue:CZK'))!.id;
    const rakeBefore = await ledger.balance(testDb.db, rakeAccount);
    const committed = await commitHand(ctx, {
      ...table,
      hand,
      nextRunningHandId: null,
      seatStatuses: [
        { seat: 1, status: 'playing' },
        { seat: 3, status: 'sitting-out' },
      ],
    });
    expect(twoStatementCommitCount()).toBe(before + 1);
    const won = (seat: number) => hand.results.find((r) => r.seat === seat)?.wonMinor ?? 0n;
    expect(committed.stacks.map((s) => [s.seat, s.stackMinor])).toEqual(
      players.map((p) => [p.seat, p.stackMinor - 100n + won(p.seat)]),
    );
    expect((await ledger.findTransaction(testDb.db, committed.rakeTransactionId!))?.kind).toBe('RAKE');
    expect(await ledger.balance(testDb.db, rakeAccount)).toEqual(rakeBefore.plus(czk('0.10')));
    expect(await expectInvariant(table.tableId)).toBe(17_990n);
    const stored = await findHand(testDb.db, hand.handId);
    expect(stored).toMatchObject({ status: 'COMPLETED', handNumber: 1, potMinor: 200n, rakeMinor: 10n, flopDealt: true });
    expect(stored!.text).toContain(`PokerStars Hand #${hand.handId}`);
    expect(stored!.text).toContain('Two statements');
    expect(stored!.players.map((p) => p.rakeMinor).reduce((s, r) => s + r, 0n)).toBe(10n);
    const setup = await loadTableForDriving(testDb.db, table.tableId);
    expect(setup).toMatchObject({ handNumber: 1, runningHandId: null, previousPositions: { buttonSeat: 1 } });
    expect(setup!.seats.map((s) => s.status)).toEqual(['playing', 'sitting-out']);
    const events = await testDb.db.$queryRaw<Array<{ kind: string; n: bigint }>>`
      SELECT payload->>'kind' AS kind, count(*) AS n FROM outbox_message WHERE payload->>'handId' = ${hand.handId}
      GROUP BY 1 ORDER BY 1`;
    // Two players: one poker-play event each; a chip transfer unless the check-down split the pot.
    const split = won(1) === won(3);
    expect(events.map((e) => [e.kind, Number(e.n)])).toEqual([...(split ? [] : [['chip-transfer', 1]]), ['poker-play', 2]]);
    // The retry of a committed hand is answered as before (by the ORM path): no second rake.
    expect(await commitHand(ctx, { ...table, hand, nextRunningHandId: null })).toMatchObject({
      replayed: true,
      rakeTransactionId: committed.rakeTransactionId,
    });
    expect(await ledger.balance(testDb.db, rakeAccount)).toEqual(rakeBefore.plus(czk('0.10')));
  });

  it('issue 16 D-1793: poker_commit_hand checks the escrow invariant before its COMMIT: a seat whose stored stack disagrees with the escrow refuses the whole hand, nothing written', async () => {
    const table = await leasedTable({ ...noLimitDefinition, name: 'Two statements, broken escrow' });
    const { players } = await seatTwo(table);
    const hand = playHand({ handNumber: 1, buttonSeat: 1, players, line: 'fold' });
    await markHandRunning(ctx, { ...table, handId: hand.handId });
    // A bug that changed a stored stack without the ledger: the next commit must not carry it into the books.
    await testDb.db
      .$executeRaw`UPDATE poker_seat SET stack_minor = stack_minor + 1 WHERE table_id = ${table.tableId}::uuid AND seat = 1`;
    const before = twoStatementCommitCount();
    const refused = await commitHand(ctx, { ...table, hand, nextRunningHandId: null }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(EscrowInvariantViolation);
    expect(refused).toMatchObject({ escrowMinor: 18_000n, stacksMinor: 18_001n });
    expect(twoStatementCommitCount()).toBe(before);
    expect(await findHand(testDb.db, hand.handId)).toBeNull();
    const setup = await loadTableForDriving(testDb.db, table.tableId);
    expect(setup).toMatchObject({ handNumber: 0, runningHandId: hand.handId });
    const events = await testDb.db.$queryRaw<Array<{ n: bigint }>>`
      SELECT count(*) AS n FROM outbox_message WHERE payload->>'handId' = ${hand.handId}`;
    expect(events[0]!.n).toBe(0n);
  });

  it('000-001:FAIL-01 003:R-TECH-01 004:AMB-43 TEC-04 a hand whose driver is lost is voided on takeover: the stacks are those of its start, nothing is raked, and the void is recorded', async () => {
    const table = await leasedTable();
    const { a, b, players } = await seatTwo(table);
    const hand = playHand({ handNumber: 1, buttonSeat: 1, players, line: 'check-down' });
    await markHandRunning(ctx, { ...table, handId: hand.handId });
    // Instance A dies mid-hand; its lease expires and B takes the table over.
    clock.advanceMs(ttlMs + 1);
    expect(await findTablesNeedingDriver(testDb.db, clock.now())).toContain(table.tableId);
    const b2 = storeContext(testDb.db, clock, 'instance-b');
    const lease = await acquireTableLease(testDb.db, {
      tableId: table.tableId,
      instanceId: 'instance-b',
      ttlMs,
      now: clock.now(),
    });
    expect(lease!.epoch).toBe(table.epoch + 1);
    const before = await loadTableForDriving(testDb.db, table.tableId);
    expect(before!.runningHandId).toBe(hand.handId);

    const voided = await voidInterruptedHand(b2, { tableId: table.tableId, epoch: lease!.epoch });
    expect(voided).toMatchObject({ handId: hand.handId, handNumber: 1 });
    expect(voided!.playerIds.sort()).toEqual([a.playerId, b.playerId].sort());
    const after = await loadTableForDriving(testDb.db, table.tableId);
    expect(after).toMatchObject({ runningHandId: null, handNumber: 1 });
    expect(after!.seats.map((s) => [s.seat, s.stackMinor])).toEqual([
      [1, 10_000n],
      [3, 8_000n],
    ]);
    expect(await findHand(testDb.db, hand.handId)).toMatchObject({
      status: 'VOIDED',
      voidReason: 'interrupted',
      rakeMinor: 0n,
      history: null,
    });
    expect(await expectInvariant(table.tableId)).toBe(18_000n);
    // Nothing more to void; the old driver's late commit is fenced out.
    expect(await voidInterruptedHand(b2, { tableId: table.tableId, epoch: lease!.epoch })).toBeNull();
    await expect(commitHand(ctx, { ...table, hand, nextRunningHandId: null })).rejects.toBeInstanceOf(LeaseLost);
  });
});

describe('poker table store: leases (issue 16)', () => {
  it('issue 16: a deposed lease cannot write: after a takeover every write of the old holder is LeaseLost and changes nothing, and its renewal reports the table lost', async () => {
    const table = await leasedTable();
    const player = await fundedPlayer(testDb.db, funding, clock, '300.00');
    await buyIn(ctx, { ...table, playerId: player.playerId, seat: 1, alias: 'fenced', amountMinor: 5_000n });
    // While A's lease lives nobody else gets it; A taking it again keeps the epoch.
    expect(
      await acquireTableLease(testDb.db, { tableId: table.tableId, instanceId: 'instance-c', ttlMs, now: clock.now() }),
    ).toBeNull();
    expect(
      await acquireTableLease(testDb.db, { tableId: table.tableId, instanceId: ctx.instanceId, ttlMs, now: clock.now() }),
    ).toEqual({
      epoch: table.epoch,
    });
    expect(await renewTableLeases(testDb.db, { instanceId: ctx.instanceId, leases: [table], ttlMs, now: clock.now() })).toEqual(
      [],
    );

    clock.advanceMs(ttlMs + 1);
    const taken = await acquireTableLease(testDb.db, {
      tableId: table.tableId,
      instanceId: 'instance-c',
      ttlMs,
      now: clock.now(),
    });
    expect(taken).toEqual({ epoch: table.epoch + 1 });
    const other = await fundedPlayer(testDb.db, funding, clock, '300.00');
    const writes = [
      () => buyIn(ctx, { ...table, playerId: other.playerId, seat: 2, alias: 'late', amountMinor: 5_000n }),
      () => topUp(ctx, { ...table, playerId: player.playerId, seat: 1, amountMinor: 1_000n }),
      () => releaseSeat(ctx, { ...table, playerId: player.playerId, seat: 1, stackMinor: 5_000n, reason: 'left' }),
      () => markHandRunning(ctx, { ...table, handId: '01970000-0000-7000-8000-000000000001' }),
      () => voidInterruptedHand(ctx, table),
    ];
    for (const write of writes) await expect(write()).rejects.toBeInstanceOf(LeaseLost);
    expect(await balanceOf(testDb.db, player.wallet)).toBe('250.00');
    expect(await balanceOf(testDb.db, other.wallet)).toBe('300.00');
    expect(await renewTableLeases(testDb.db, { instanceId: ctx.instanceId, leases: [table], ttlMs, now: clock.now() })).toEqual([
      table.tableId,
    ]);
    expect(await releaseTableLease(ctx, table)).toBe(false);
    // The new holder writes; once it releases the lease, the table needs a driver again.
    const c = storeContext(testDb.db, clock, 'instance-c');
    await topUp(c, { tableId: table.tableId, epoch: taken!.epoch, playerId: player.playerId, seat: 1, amountMinor: 1_000n });
    expect(await releaseTableLease(c, { tableId: table.tableId, epoch: taken!.epoch })).toBe(true);
    expect(await findTablesNeedingDriver(testDb.db, clock.now())).toContain(table.tableId);
    await expectInvariant(table.tableId);
  });
});
