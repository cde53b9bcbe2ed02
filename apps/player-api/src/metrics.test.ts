import { newId } from '@casino/core';
import type { App } from '@casino/http';
import { testServiceEnv } from '@casino/http/testing';
import { gameServiceRedisPrefix, startHarness, type Harness } from '@casino/test-support';
import { buildGameService, loadGameServiceConfig } from '@casino/test-support/apps';
import { createTable } from '@casino/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asPlayer, czk, deposit, playerWithActiveCard, pspSettings } from './cashier-test-support.ts';

/**
 * Issue 22: what operators watch moves as the business does. The apps are scraped over HTTP at
 * `/metrics` (Prometheus' text format) before and after each step, and the counters must have
 * moved by exactly what the step did.
 */
let h: Harness;
let games: App;
beforeAll(async () => {
  h = await startHarness(new Date('2026-11-24T09:00:00Z'));
  games = await buildGameService({
    config: loadGameServiceConfig(testServiceEnv({ GAME_RATE_LIMIT_PER_MINUTE: '100000' })),
    connections: h.connections,
    redisKeyPrefix: gameServiceRedisPrefix(h.connections),
    clock: h.clock,
  });
  await games.ready();
});
afterAll(async () => {
  await games?.close();
  await h?.close();
});

type Samples = Array<{ name: string; labels: Record<string, string>; value: number }>;

async function scrape(app: App): Promise<Samples> {
  const response = await app.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The sum of the samples of `name` whose labels include `labels` (0 when none yet). */
function valueOf(samples: Samples, name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

describe('metrics (issue 22)', () => {
  it('issue 22: a credited deposit, its duplicated webhook, a confirmed bet and a refusal by the daily stake limit each move their counter on /metrics, and the routes are counted by pattern', async () => {
    const player = await playerWithActiveCard(h);
    // The provider delivers every webhook of this deposit twice: the second is a duplicate.
    await pspSettings(h, { webhooks: { duplicates: 1 } });
    const before = await scrape(h.gateway);
    const made = await deposit(h, player, player.cardMethodId, '500.00');
    expect(made.statusCode).toBe(201);
    const afterDeposit = await scrape(h.gateway);
    await pspSettings(h, { webhooks: { duplicates: 0 } });
    const moved = (name: string, labels: Record<string, string> = {}) =>
      valueOf(afterDeposit, name, labels) - valueOf(before, name, labels);
    expect(moved('casino_deposits_credited_total', { channel: 'CASHLESS' })).toBe(1);
    expect(moved('casino_ledger_postings_total', { kind: 'DEPOSIT' })).toBe(1);
    expect(moved('casino_webhooks_received_total', { outcome: 'duplicate' })).toBeGreaterThanOrEqual(1);
    expect(moved('casino_webhooks_received_total')).toBeGreaterThanOrEqual(2);
    expect(
      moved('http_request_duration_seconds_count', { route: '/v1/webhooks/:provider', method: 'POST', status_code: '200' }),
    ).toBeGreaterThanOrEqual(2);

    // A daily stake limit of 100 CZK: a 60 CZK bet is confirmed, the next 60 CZK is refused by it.
    const limit = await asPlayer(h, player, 'PUT', '/v1/me/limits/stake:day', { amount: czk('100.00') });
    expect(limit.statusCode).toBe(200);
    const table = await createTable(
      h.connections.db,
      {
        code: `metrics-${newId().slice(0, 8)}`,
        name: 'Roulette metrics',
        game: 'roulette',
        variant: 'european',
        currency: 'CZK',
        seatsMax: 4,
        bettingTimeMs: 20_000,
        actionTimeMs: 20_000,
        idleRoundsMax: 5,
        limits: {
          unitMinor: 10n,
          insideMinimumMinor: 10n,
          outsideMinimumMinor: 10n,
          straightMaximumMinor: 100_000n,
          outsideMaximumMinor: 500_000n,
          positionMaximumMinor: 100_000_000n,
        },
      },
      h.clock.now(),
    );
    const auth = { authorization: `Bearer ${player.accessToken}` };
    expect(
      (await games.inject({ method: 'POST', url: `/v1/tables/${table.id}/seats`, headers: auth, payload: {} })).statusCode,
    ).toBe(201);
    const bet = async () => {
      const round = await h.connections.db.gameRound.findFirstOrThrow({ where: { tableId: table.id, status: 'OPEN' } });
      const response = await games.inject({
        method: 'POST',
        url: `/v1/rounds/${round.id}/actions`,
        headers: { ...auth, 'idempotency-key': newId() },
        payload: { kind: 'place-bets', bets: [{ kind: 'outside', position: 'red', stake: czk('60.00') }], confirm: true },
      });
      h.clock.advanceMs(table.bettingTimeMs);
      await games.gameScheduler.runOnce();
      return response;
    };
    const beforeBets = await scrape(games);
    expect((await bet()).statusCode).toBe(200);
    const afterBet = await scrape(games);
    const refused = await bet();
    expect(refused.statusCode).toBe(422);
    expect(refused.json().type).toBe('https://problems.casino.example/limit-exceeded');
    const afterRefusal = await scrape(games);
    expect(
      valueOf(afterBet, 'casino_bets_confirmed_total', { game: 'roulette' }) -
        valueOf(beforeBets, 'casino_bets_confirmed_total', { game: 'roulette' }),
    ).toBe(1);
    expect(
      valueOf(afterBet, 'casino_ledger_postings_total', { kind: 'STAKE' }) -
        valueOf(beforeBets, 'casino_ledger_postings_total', { kind: 'STAKE' }),
    ).toBe(1);
    // The refused stake is no bet and no posting: it rolled back whole.
    expect(valueOf(afterRefusal, 'casino_bets_confirmed_total')).toBe(valueOf(afterBet, 'casino_bets_confirmed_total'));
    expect(valueOf(afterRefusal, 'casino_ledger_postings_total', { kind: 'STAKE' })).toBe(
      valueOf(afterBet, 'casino_ledger_postings_total', { kind: 'STAKE' }),
    );
    expect(
      valueOf(afterRefusal, 'casino_limit_refusals_total', { measure: 'stake:day' }) -
        valueOf(afterBet, 'casino_limit_refusals_total', { measure: 'stake:day' }),
    ).toBe(1);
    expect(
      valueOf(afterRefusal, 'http_request_duration_seconds_count', {
        route: '/v1/rounds/:roundId/actions',
        method: 'POST',
        status_code: '422',
      }),
    ).toBeGreaterThanOrEqual(1);
    // No raw URL (with its round id) ever becomes a label.
    expect(afterRefusal.some((s) => /[0-9a-f]{8}-[0-9a-f]{4}-/.test(s.labels.route ?? ''))).toBe(false);
    // The pools, the scheduler's lag and the process are there too.
    expect(afterRefusal.some((s) => s.name === 'casino_db_pool_connections' && s.labels.service === 'game-service')).toBe(true);
    expect(afterRefusal.some((s) => s.name === 'casino_round_scheduler_lag_seconds')).toBe(true);
    expect(afterRefusal.some((s) => s.name === 'process_cpu_seconds_total')).toBe(true);
  });
});
