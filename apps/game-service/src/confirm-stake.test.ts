import { findInvariantViolations } from '@casino/ledger';
import { oneCallConfirmationCount } from '@casino/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { czk, rouletteTable, startGameHarness, type GameHarness, type TestPlayer } from './test-support.ts';

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
    const table = await h.createTable(rouletteTable('hot-table', { bettingTimeMs: 600_000, actionTimeMs: 600_000 }));
    const players: TestPlayer[] = [];
    let roundId = '';
    for (let i = 0; i < 4; i++) {
      const player = await h.newPlayer({ stakeDay: '500.00', deposit: '2000.00' });
      const seated = await h.app.inject({
        method: 'POST',
        url: `/v1/tables/${table.id}/seats`,
        headers: player.headers,
        payload: {},
      });
      roundId = seated.json().roundId;
      // Each wallet's first stake in this process looks its account up (the ORM path); the rest take the batched path.
      expect((await actRetryingBusy(player, roundId, red('100.00'))).statusCode).toBe(200);
      players.push(player);
    }
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
});
