/**
 * Speed poker over HTTP and the WebSocket (issue 18): a pool instead of a table, a fold followed at
 * once by a new hand at another table, the blinds owed following the player, folding before one's
 * turn (CZ-FO), leaving mid-hand, and the pool's one escrow holding exactly its players' stored
 * stacks, on the real database and Redis with the game service's harness.
 */
import { Money, newId } from '@casino/core';
import { waitFor } from '@casino/core/testing';
import { demoPokerTables, pokerRuleProfiles } from '@casino/operator';
import { createPokerTable, escrowAndStacks, oneCallPoolCommitCount, type PokerRuleProfileId } from '@casino/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdRowLock, startGameHarness, waitForLockWait, type GameHarness, type TestPlayer } from './test-support.ts';

let h: GameHarness;
beforeAll(async () => {
  h = await startGameHarness();
}, 60_000);
afterAll(async () => h?.close());

const czk = (amount: string) => ({ amount, currency: 'CZK' });

interface SpeedView {
  poolSeat: number;
  status: string;
  chipsMinor: string;
  handsSinceBigBlind: number;
  table: {
    number: number;
    handId: string | null;
    seat: number;
    blind: 'small' | 'big' | null;
    view: { toAct: { seat: number; turn: number } | null; seats: Array<{ seat: number; betMinor: string }> };
  } | null;
  movedFrom: number | null;
}
interface Mine {
  seat: number;
  holeCards: string[];
  legal: { check: boolean } | null;
  speed: SpeedView;
}

/** A fresh pool of a profile's demo pool, heads-up tables dealt as soon as two players wait. */
async function pool(profileId: PokerRuleProfileId) {
  const template = demoPokerTables('CZK').find((d) => d.profileId === profileId && d.speedPool)!;
  const created = await createPokerTable(h.connections.db, {
    definition: { ...template, name: `${template.name} ${newId().slice(-6)}`, speedPool: { tableSeats: 2, fillWaitMs: 0 } },
    profile: pokerRuleProfiles[profileId],
    now: h.clock.now(),
  });
  return created.id;
}

async function join(player: TestPlayer, poolId: string, amount: string): Promise<Mine> {
  const response = await h.app.inject({
    method: 'POST',
    url: `/v1/poker/tables/${poolId}/seats`,
    headers: { ...player.headers, 'idempotency-key': newId() },
    payload: { buyIn: czk(amount) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ mine: Mine }>().mine;
}

async function mine(player: TestPlayer, poolId: string): Promise<Mine> {
  const response = await h.app.inject({ method: 'GET', url: `/v1/poker/tables/${poolId}`, headers: player.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ mine: Mine }>().mine;
}

async function act(player: TestPlayer, poolId: string, action: string, turn?: number) {
  const view = await mine(player, poolId);
  return h.app.inject({
    method: 'POST',
    url: `/v1/poker/tables/${poolId}/actions`,
    headers: { ...player.headers, 'idempotency-key': newId() },
    payload: { action, turn: turn ?? view.speed.table?.view.toAct?.turn ?? 0 },
  });
}

async function poolHands(poolId: string) {
  return h.connections.db.$queryRaw<Array<{ id: string; rake_minor: bigint }>>`
    SELECT id, rake_minor FROM poker_hand WHERE table_id = ${poolId}::uuid AND status = 'COMPLETED'`;
}

describe('speed poker (issue 18)', () => {
  it('000-001:TBL-10 BTN-12 T-14 004:GAM-PT-06 a fold deals the player at once into a new hand at another table (pushed on the table socket), and the big blind they owe follows them', async () => {
    const poolId = await pool('AT');
    const [a, b, c, d] = [
      await h.newPlayer({ deposit: '500.00' }),
      await h.newPlayer({ deposit: '500.00' }),
      await h.newPlayer({ deposit: '500.00' }),
      await h.newPlayer({ deposit: '500.00' }),
    ] as [TestPlayer, TestPlayer, TestPlayer, TestPlayer];
    await join(a, poolId, '100.00');
    const bJoined = await join(b, poolId, '100.00');
    // Newcomers owe the big blind; between equals the one who waited longest posts it.
    expect(bJoined.speed).toMatchObject({ status: 'playing', table: { number: 1, blind: 'small' } });
    expect((await mine(a, poolId)).speed.table).toMatchObject({ number: 1, blind: 'big' });
    await join(c, poolId, '100.00');
    await join(d, poolId, '100.00');
    expect((await mine(d, poolId)).speed.table).toMatchObject({ number: 2, blind: 'small' });

    // The lobby shows the pool as one (always indicated before entry, 004:GAM-PT-06).
    const lobby = await h.app.inject({ method: 'GET', url: '/v1/tables?game=poker', headers: a.headers });
    expect(lobby.json<{ tables: Array<Record<string, unknown>> }>().tables.find((t) => t.tableId === poolId)).toMatchObject({
      profile: 'AT',
      seatsTaken: 4,
      speedPool: { tableSeats: 2, foldBeforeTurn: false },
    });

    // AT moves a player after the fold only: folding before one's turn is refused, nothing changes.
    const early = await act(a, poolId, 'fold');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ type: 'https://problems.casino.example/poker-not-your-turn' });

    // b (button, small blind, first to act) folds over the socket: a wins the blinds, and both are
    // dealt at a new table at once; b, who has not posted the big blind since joining, posts it there.
    const socket = await h.connect(b, poolId);
    const before = await mine(b, poolId);
    const commandId = newId();
    socket.send({ type: 'act', commandId, action: { action: 'fold', turn: before.speed.table!.view.toAct!.turn } });
    const moved = await socket.next(
      (m) => m.type === 'poker-seat' && ((m.view as Mine | null)?.speed.table?.number ?? 0) === 3,
      'the push of the new hand',
    );
    const pushed = (moved.view as Mine).speed;
    expect(pushed).toMatchObject({ status: 'playing', movedFrom: 1, table: { number: 3, blind: 'big' } });
    expect(pushed.table!.handId).not.toBe(before.speed.table!.handId);
    expect((moved.view as Mine).holeCards).toHaveLength(2);
    const bigBlindMinor = demoPokerTables('CZK').find((t) => t.profileId === 'AT' && t.speedPool)!.bigBlindMinor;
    expect(pushed.table!.view.seats.find((s) => s.seat === pushed.table!.seat)!.betMinor).toBe(String(bigBlindMinor));
    expect((await mine(a, poolId)).speed.table).toMatchObject({ number: 3, blind: 'small' });
    await socket.close();

    // A turn of the hand b left is not taken for the new one.
    const stale = await act(b, poolId, 'check', before.speed.table!.view.toAct!.turn);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ reason: 'turn-mismatch' });

    const { escrowMinor, stacksMinor } = await escrowAndStacks(h.connections.db, poolId);
    expect(escrowMinor).toBe(stacksMinor);
    const rakeMinor = (await poolHands(poolId)).reduce((sum, hand) => sum + hand.rake_minor, 0n);
    expect(escrowMinor).toBe(4n * 10_000n - rakeMinor);
  });

  it("004:T-141 GAM-PT-06 004:T-140 CZ-FO: a fold before one's turn moves the player at once; a player leaving mid-hand is credited when the hand is committed; the pool's escrow equals its stored stacks", async () => {
    const poolId = await pool('CZ-FO');
    const oneCallCommitsBefore = oneCallPoolCommitCount();
    const players = [
      await h.newPlayer({ deposit: '500.00' }),
      await h.newPlayer({ deposit: '500.00' }),
      await h.newPlayer({ deposit: '500.00' }),
      await h.newPlayer({ deposit: '500.00' }),
    ] as [TestPlayer, TestPlayer, TestPlayer, TestPlayer];
    const [a, b, c, d] = players;
    for (const player of players) await join(player, poolId, '100.00');
    expect((await mine(a, poolId)).speed.table).toMatchObject({ number: 1, blind: 'big' });

    // a, the big blind, folds before b (to act) has acted: out of the hand at once, waiting for the next.
    const early = await act(a, poolId, 'fold');
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json<{ mine: Mine }>().mine.speed).toMatchObject({ status: 'waiting', table: null, movedFrom: 1 });

    // d (small blind at table 2, to act) leaves mid-hand: the hand is folded, c wins it, and d's
    // chips (the buy-in less the small blind) go back to the wallet once the hand is committed.
    const left = await h.app.inject({ method: 'DELETE', url: `/v1/poker/tables/${poolId}/seats/me`, headers: d.headers });
    expect(left.statusCode, left.body).toBeLessThan(300);
    const smallBlind = Money.fromMinor(
      demoPokerTables('CZK').find((t) => t.profileId === 'CZ-FO' && t.speedPool)!.smallBlindMinor,
      'CZK',
    );
    await waitFor(
      async () => ((await h.balance(d)) === Money.of('500.00', 'CZK').minus(smallBlind).toDecimalString() ? true : null),
      {
        what: "d's chips credited",
      },
    );
    // c is back in the pool and dealt with a, who waited: a new table.
    expect((await mine(c, poolId)).speed.table).toMatchObject({ number: 3 });
    expect((await mine(a, poolId)).speed.table).toMatchObject({ number: 3 });

    // At table 1 b calls; the table folds a's hand at its turn: b wins the blinds.
    const call = await act(b, poolId, 'call');
    expect(call.statusCode, call.body).toBe(200);
    await waitFor(async () => ((await poolHands(poolId)).length === 2 ? true : null), { what: 'both first hands committed' });
    expect((await mine(b, poolId)).speed.status).toBe('waiting');

    const { escrowMinor, stacksMinor } = await escrowAndStacks(h.connections.db, poolId);
    expect(escrowMinor).toBe(stacksMinor);
    const rakeMinor = (await poolHands(poolId)).reduce((sum, hand) => sum + hand.rake_minor, 0n);
    expect(escrowMinor).toBe(4n * 10_000n - (10_000n - smallBlind.toMinor()) - rakeMinor);
    // Both hands ended before a flop (no rake): each was committed by poker_commit_pool_hand in one call (D-1793).
    expect(rakeMinor).toBe(0n);
    expect(oneCallPoolCommitCount()).toBe(oneCallCommitsBefore + 2);
  });

  it('issue 18 D-1870 000-001:TBL-10 the hands that end while the pool commits are committed next together, in one transaction, in the order they ended; the escrow equals the stored stacks', async () => {
    const poolId = await pool('AT');
    const [a, b] = [await h.newPlayer({ deposit: '500.00' }), await h.newPlayer({ deposit: '500.00' })] as [
      TestPlayer,
      TestPlayer,
    ];
    await join(a, poolId, '100.00');
    await join(b, poolId, '100.00');
    /** The player to act at the heads-up table folds: the hand ends and both are dealt the next at once. */
    const endHand = async () => {
      const toAct = (await mine(a, poolId)).legal ? a : b;
      const folded = await act(toAct, poolId, 'fold');
      expect(folded.statusCode, folded.body).toBe(200);
    };
    // Another connection holds the pool's row: the first hand's commit waits for it in the database.
    const release = await holdRowLock(h.connections.db, 'poker_table', poolId);
    await endHand();
    await waitForLockWait(h.connections.db, 'poker_commit_pool_hands', "the first hand's commit waiting for the pool's row");
    // Two more hands end meanwhile: they wait for the running commit, together.
    await endHand();
    await endHand();
    expect(await poolHands(poolId)).toHaveLength(0);
    await release();
    await waitFor(async () => ((await poolHands(poolId)).length === 3 ? true : null), { what: 'the three hands committed' });

    // PostgreSQL stamps each row with the transaction that wrote it: the second and third hands share one.
    const stored = await h.connections.db.$queryRaw<Array<{ hand_number: number; xmin: string }>>`
      SELECT hand_number, xmin::text AS xmin FROM poker_hand WHERE table_id = ${poolId}::uuid ORDER BY hand_number`;
    expect(stored).toHaveLength(3);
    expect(stored[1]!.xmin).toBe(stored[2]!.xmin);
    expect(stored[0]!.xmin).not.toBe(stored[1]!.xmin);
    const { escrowMinor, stacksMinor } = await escrowAndStacks(h.connections.db, poolId);
    expect(escrowMinor).toBe(stacksMinor);
    expect(escrowMinor).toBe(2n * 10_000n);
  });
});
