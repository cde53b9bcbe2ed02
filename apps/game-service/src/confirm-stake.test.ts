import { findInvariantViolations } from '@casino/ledger';
import { waitFor } from '@casino/core/testing';
import { confirmationsWaitingFor, oneCallConfirmationCount } from '@casino/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  czk,
  holdRowLock,
  rouletteTable,
  startGameHarness,
  waitForLockWait,
  type GameHarness,
  type TestPlayer,
} from './test-support.ts';

// Issue 22 (D-2260): a bet confirmation's common case runs as two SQL function calls between BEGIN and
// COMMIT (packages/tables/src/confirm-stake.ts). These tests make sure the cases go through that path
// (the tables, the wallet and the revenue account known to the process first) and prove its guarantees
// under parallel requests: exactly once per action id, and no self-limit overshoot.

let h: GameHarness;
beforeAll(async () => {
  h = await startGameHarness();
});
afterAll(async () => {
  await h?.close();
});

const red = (stake: string) => ({
  kind: 'place-bets',
  bets: [{ kind: 'outside', position: 'red', stake: czk(stake) }],
  confirm: true,
});

/** A loaded machine can answer 503 (no pooled connection within the wait, nothing written): a client sends it again. */
async function actRetryingBusy(player: TestPlayer, roundId: string, body: object, actionId?: string) {
  for (let attempt = 1; ; attempt++) {
    const response = await h.act(player, roundId, body, actionId);
    if (response.statusCode !== 503 || attempt === 10) return response;
  }
}

/**
 * Seats the player at `count` new tables; an action that is no confirmation (refused: nothing to clear) loads each
 * round through the ORM path, so the process knows every table.
 */
async function seatAt(player: TestPlayer, count: number, name: string): Promise<string[]> {
  const rounds: string[] = [];
  for (let i = 0; i < count; i++) {
    const table = await h.createTable(rouletteTable(`${name}-${i}`));
    const { roundId } = (
      await h.app.inject({ method: 'POST', url: `/v1/tables/${table.id}/seats`, headers: player.headers, payload: {} })
    ).json();
    expect((await h.act(player, roundId, { kind: 'clear-bets' })).json().reason).toBe('nothing-to-clear');
    rounds.push(roundId);
  }
  return rounds;
}

describe('game-service: the one-call stake path (issue 22)', () => {
  it('issue 22 / 004:GAM-R-07 / 002:RG-08: through the one-call path, parallel retries of one action id debit once, and parallel confirmations at four tables never overshoot a 1,000 CZK daily stake limit', async () => {
    const player = await h.newPlayer({ stakeDay: '1000.00', deposit: '3000.00' });
    const rounds = await seatAt(player, 4, 'one-call');
    // The first stake of a wallet in this process looks its account up (the ORM path); every later one takes the one-call path.
    expect((await actRetryingBusy(player, rounds[0]!, red('100.00'))).statusCode).toBe(200);
    const before = oneCallConfirmationCount();

    const retries = await Promise.all(
      Array.from({ length: 8 }, () => actRetryingBusy(player, rounds[1]!, red('100.00'), 'one-call-retry')),
    );
    expect(retries.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(retries.filter((r) => r.json().replayed === false)).toHaveLength(1);
    expect(new Set(retries.map((r) => r.json().stakes[0].ledgerTransactionId)).size).toBe(1);
    const reused = await actRetryingBusy(player, rounds[1]!, red('50.00'), 'one-call-retry');
    expect(reused.json().type).toBe('https://problems.casino.example/idempotency-key-reused');
    expect(await h.balance(player)).toBe('2800.00');

    // 800 CZK of the limit are left: of 20 parallel 100 CZK confirmations at four tables exactly 8 pass.
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => actRetryingBusy(player, rounds[i % 4]!, red('100.00'))),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(8);
    expect(
      responses
        .filter((r) => r.statusCode !== 200)
        .every((r) => r.json().type === 'https://problems.casino.example/limit-exceeded'),
    ).toBe(true);
    expect(await h.balance(player)).toBe('2000.00');
    // Nine stakes committed, all through the one-call path (the retry's first attempt and the eight).
    expect(oneCallConfirmationCount() - before).toBe(9);

    // The audit of each stake: the round's record, the usage entry counted once, the monitoring event.
    const postings = await h.connections.db.gameRoundPosting.findMany({ where: { playerId: player.playerId, kind: 'STAKE' } });
    expect(postings).toHaveLength(10);
    const entries = await h.connections.db.selfLimitUsageEntry.count({ where: { playerId: player.playerId, kind: 'STAKE' } });
    expect(entries).toBe(10);
    const events = await h.connections.db.$queryRaw<Array<{ n: bigint }>>`
      SELECT count(*)::bigint AS n FROM outbox_message
      WHERE topic = 'compliance.monitoring-event' AND payload->>'playerId' = ${player.playerId} AND payload->>'kind' = 'stake'`;
    expect(events[0]!.n).toBe(10n);
    expect(await findInvariantViolations(h.connections.db)).toEqual([]);
  });

  it('issue 22 / 004:GAM-R-01 / 002:RG-08: at a hot table four players confirm in parallel on one round row: no bet is lost, each stops exactly at its own limit (D-2264, D-2267)', async () => {
    const players = await Promise.all(Array.from({ length: 4 }, () => h.newPlayer({ stakeDay: '500.00', deposit: '2000.00' })));
    const roundId = await hotRound('hot-table', players);
    const versionBefore = (await h.connections.db.gameRound.findUniqueOrThrow({ where: { id: roundId } })).version;
    const before = oneCallConfirmationCount();

    // 400 CZK of each limit are left: of 8 parallel 100 CZK confirmations per player, 32 on one round row, exactly 4 each pass.
    const responses = await Promise.all(
      Array.from({ length: 32 }, (_, i) => actRetryingBusy(players[i % 4]!, roundId, red('100.00')).then((r) => ({ i, r }))),
    );
    for (let p = 0; p < 4; p++) {
      const mine = responses.filter(({ i }) => i % 4 === p).map(({ r }) => r);
      expect(mine.filter((r) => r.statusCode === 200)).toHaveLength(4);
      expect(
        mine.filter((r) => r.statusCode !== 200).every((r) => r.json().type === 'https://problems.casino.example/limit-exceeded'),
      ).toBe(true);
      expect(await h.balance(players[p]!)).toBe('1500.00');
    }
    expect(oneCallConfirmationCount() - before).toBe(16);
    // Every confirmation moved the row by exactly one version and left its stake in the round: none overwrote another's.
    const round = await h.connections.db.gameRound.findUniqueOrThrow({ where: { id: roundId } });
    expect(round.version - versionBefore).toBe(16);
    const stakes = await h.connections.db.gameRoundPosting.findMany({ where: { roundId, kind: 'STAKE' } });
    expect(stakes).toHaveLength(20);
    expect(new Set(stakes.map((s) => s.eventIndex)).size).toBe(20);
    expect(await findInvariantViolations(h.connections.db)).toEqual([]);
  });

  it("issue 22 (D-1857): a confirmation reads the round's state only when this process does not hold it at the row's version", async () => {
    const player = await h.newPlayer({ deposit: '1000.00' });
    const roundId = await hotRound('known-state', [player]);
    const before = oneCallConfirmationCount();
    const firstBet = (r: Awaited<ReturnType<typeof h.act>>) => r.json().view.seats[0].confirmed[0].request.position as string;
    // The round's row as another writer would leave it: its first bet shown on black (the engine never reads it back).
    const overwrite = (moveVersion: number) => h.connections.db.$executeRaw`
      UPDATE game_round SET state = replace(state, '"position":"red"', '"position":"black"'), version = version + ${moveVersion}
      WHERE id = ${roundId}::uuid`;

    const second = await h.act(player, roundId, red('10.00')); // read from the row (the first bet took the ORM path)
    const third = await h.act(player, roundId, red('10.00'));
    expect([firstBet(second), firstBet(third)]).toEqual(['red', 'red']);
    const { version } = await h.connections.db.gameRound.findUniqueOrThrow({ where: { id: roundId } });

    // The row still at the version this process wrote last: its state is not read, so the change is not seen.
    await overwrite(0);
    const fourth = await h.act(player, roundId, red('10.00'));
    expect(fourth.statusCode).toBe(200);
    expect(firstBet(fourth)).toBe('red');
    expect(fourth.json().version).toBe(version + 1);

    // Another writer moved the version (a second instance, the scheduler): the next confirmation reads the row's state.
    await overwrite(1);
    const fifth = await h.act(player, roundId, red('10.00'));
    expect(fifth.statusCode).toBe(200);
    expect(firstBet(fifth)).toBe('black');
    expect(fifth.json().version).toBe(version + 3);
    expect(oneCallConfirmationCount() - before).toBe(4);
    expect(await findInvariantViolations(h.connections.db)).toEqual([]);
  });

  /**
   * Seats `players` at a new table whose betting runs long, each with a first bet (a wallet's first stake in the
   * process looks its account up on the ORM path), and returns the round.
   */
  async function hotRound(name: string, players: TestPlayer[]): Promise<string> {
    const table = await h.createTable(rouletteTable(name, { bettingTimeMs: 600_000, actionTimeMs: 600_000 }));
    let roundId = '';
    for (const player of players) {
      const seated = await h.app.inject({
        method: 'POST',
        url: `/v1/tables/${table.id}/seats`,
        headers: player.headers,
        payload: {},
      });
      roundId = seated.json().roundId;
      expect((await actRetryingBusy(player, roundId, red('100.00'))).statusCode).toBe(200);
    }
    return roundId;
  }

  /**
   * Holds the round's row from another connection while `first` confirms (it waits on the row in PostgreSQL) and
   * `rest` confirm after it (they wait in the process behind it), then lets go: the first runs alone, the rest
   * are taken together by the next at the front of the round's queue.
   */
  async function queuedBehindALock(roundId: string, first: () => Promise<unknown>, rest: Array<() => Promise<unknown>>) {
    const release = await holdRowLock(h.connections.db, 'game_round', roundId);
    // Promise.resolve starts an injected request (light-my-request sends it when it is awaited).
    const firstDone = Promise.resolve(first());
    await waitForLockWait(h.connections.db, 'table_stake_begin(', "the first confirmation waiting for the round's row");
    const restDone = rest.map((r) => Promise.resolve(r()));
    await waitFor(() => confirmationsWaitingFor(roundId) === rest.length, { what: 'the other confirmations queued behind it' });
    await release();
    return { first: await firstDone, rest: await Promise.all(restDone) };
  }

  /** The transaction (xmin) that wrote each action's stored answer, 'missing' for an action that stored none. */
  async function writtenBy(roundId: string, actionIds: string[]): Promise<string[]> {
    const rows = await h.connections.db.$queryRaw<Array<{ action_id: string; xmin: string }>>`
      SELECT action_id, xmin::text AS xmin FROM game_action WHERE round_id = ${roundId}::uuid`;
    return actionIds.map((id) => rows.find((r) => r.action_id === id)?.xmin ?? 'missing');
  }

  it('issue 22 (D-1855) / 004:GAM-R-01: confirmations that queue on one round are confirmed together in one transaction: each posted once, each answer one version after the one before, no bet lost', async () => {
    const players = await Promise.all(Array.from({ length: 4 }, () => h.newPlayer({ deposit: '1000.00' })));
    const roundId = await hotRound('batch', players);
    const { version: versionBefore, tableId } = await h.connections.db.gameRound.findUniqueOrThrow({ where: { id: roundId } });
    const before = oneCallConfirmationCount();
    const ids = players.map((_, i) => `batch-action-${i}`);
    const watcher = await h.connect(players[0]!, tableId);

    const { first, rest } = await queuedBehindALock(
      roundId,
      () => h.act(players[0]!, roundId, red('10.00'), ids[0]),
      players.slice(1).map((p, i) => () => h.act(p, roundId, red(`${20 + 10 * i}.00`), ids[i + 1])),
    );
    const answers = [first, ...rest] as Awaited<ReturnType<typeof h.act>>[];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);

    // The first ran alone; the three behind it share one transaction (PostgreSQL stamps each row with its writer).
    const writers = await writtenBy(roundId, ids);
    expect(new Set(writers.slice(1)).size).toBe(1);
    expect(writers[0]).not.toBe(writers[1]);
    expect(writers).not.toContain('missing');
    // Each answer carries the version after its own action, one apart, and the row ends at the last.
    expect(answers.map((r) => r.json().version)).toEqual([1, 2, 3, 4].map((n) => versionBefore + n));
    const round = await h.connections.db.gameRound.findUniqueOrThrow({ where: { id: roundId } });
    expect(round.version).toBe(versionBefore + 4);
    expect(oneCallConfirmationCount() - before).toBe(4);
    // Every stake posted once, to its own player, and kept in the round's state (the last answer's view holds all eight bets).
    expect(await Promise.all(players.map((p) => h.balance(p)))).toEqual(['890.00', '880.00', '870.00', '860.00']);
    const stakes = await h.connections.db.gameRoundPosting.findMany({ where: { roundId, kind: 'STAKE' } });
    expect(stakes).toHaveLength(8);
    expect(new Set(stakes.map((s) => s.ledgerTransactionId)).size).toBe(8);
    const seats = answers[3]!.json().view.seats as Array<{ confirmed: unknown[] }>;
    expect(seats.map((seat) => seat.confirmed.length)).toEqual([2, 2, 2, 2]);
    // The table got one push for the first and one for the batch: the round at its last version, the three bets' events.
    const pushed = await watcher.next((m) => m.type === 'round' && m.version === versionBefore + 4, "the batch's push");
    const events = pushed.events as Array<{ kind: string; seat: number }>;
    expect(events.filter((e) => e.kind === 'bets-confirmed').map((e) => e.seat)).toEqual([2, 3, 4]);
    const versions = watcher.messages.filter((m) => m.type === 'round').map((m) => m.version);
    expect(versions).toEqual([versionBefore + 1, versionBefore + 4]);
    await watcher.close();
    // A retry of a batched action id is answered from its stored answer, debiting nothing.
    const retried = await h.act(players[2]!, roundId, red('30.00'), ids[2]);
    expect(retried.json()).toMatchObject({ replayed: true, version: versionBefore + 3 });
    expect(await h.balance(players[2]!)).toBe('870.00');
    expect(await findInvariantViolations(h.connections.db)).toEqual([]);
  });

  it("issue 22 (D-1855) / 002:RG-08: in a batch, a stake over its player's limit is refused and changes nothing; the others are confirmed together", async () => {
    const limited = await h.newPlayer({ stakeDay: '150.00', deposit: '1000.00' });
    const others = await Promise.all(Array.from({ length: 3 }, () => h.newPlayer({ deposit: '1000.00' })));
    const roundId = await hotRound('batch-limit', [...others, limited]);
    const ids = ['limit-action-a', 'limit-action-b', 'limit-action-over', 'limit-action-c'];

    const { rest } = await queuedBehindALock(roundId, () => h.act(others[0]!, roundId, red('10.00'), ids[0]), [
      () => h.act(others[1]!, roundId, red('10.00'), ids[1]),
      () => h.act(limited, roundId, red('100.00'), ids[2]), // 100 + 100 > 150: refused
      () => h.act(others[2]!, roundId, red('10.00'), ids[3]),
    ]);
    const [b, over, c] = rest as Array<Awaited<ReturnType<typeof h.act>>>;
    expect(over!.statusCode).toBe(422);
    expect(over!.json().type).toBe('https://problems.casino.example/limit-exceeded');
    expect([b!.statusCode, c!.statusCode]).toEqual([200, 200]);
    expect(c!.json().version).toBe(b!.json().version + 1); // the refused action took no version
    const writers = await writtenBy(roundId, ids);
    expect(writers[2]).toBe('missing');
    expect(writers[1]).toBe(writers[3]);
    expect(await h.balance(limited)).toBe('900.00');
    expect(await findInvariantViolations(h.connections.db)).toEqual([]);
  });

  it("issue 22 (D-1855): a batch whose posting the ledger refuses (one player's insufficient funds) writes nothing; each action then runs alone and only that one is refused", async () => {
    const poor = await h.newPlayer({ deposit: '150.00' });
    const others = await Promise.all(Array.from({ length: 3 }, () => h.newPlayer({ deposit: '1000.00' })));
    const roundId = await hotRound('batch-funds', [...others, poor]);
    const ids = ['funds-action-a', 'funds-action-b', 'funds-action-poor', 'funds-action-c'];

    const { rest } = await queuedBehindALock(roundId, () => h.act(others[0]!, roundId, red('10.00'), ids[0]), [
      () => h.act(others[1]!, roundId, red('10.00'), ids[1]),
      () => h.act(poor, roundId, red('100.00'), ids[2]), // 50.00 left
      () => h.act(others[2]!, roundId, red('10.00'), ids[3]),
    ]);
    const [b, refused, c] = rest as Array<Awaited<ReturnType<typeof h.act>>>;
    expect(refused!.json().type).toBe('https://problems.casino.example/insufficient-funds');
    expect([b!.statusCode, c!.statusCode]).toEqual([200, 200]);
    // The batch's transaction rolled back whole, so the two confirmed afterwards, each in a transaction of its own.
    const writers = await writtenBy(roundId, ids);
    expect(writers[2]).toBe('missing');
    expect(writers[1]).not.toBe(writers[3]);
    expect(await h.balance(poor)).toBe('50.00');
    expect(await Promise.all(others.map((p) => h.balance(p)))).toEqual(['890.00', '890.00', '890.00']);
    expect(await findInvariantViolations(h.connections.db)).toEqual([]);
  });
});
