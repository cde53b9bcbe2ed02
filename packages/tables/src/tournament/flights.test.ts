import { isDomainError, ManualClock, type AccountId } from '@casino/core';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import * as ledger from '@casino/ledger';
import { czechProfile } from '@casino/limits';
import { SeededRng } from '@casino/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, fixtureProfileOf, fundedPlayer, noLimitDefinition, openFunding, type Funding } from '../poker/testing.ts';
import { tournamentDefinitionProblems, type FlightCarry, type TournamentDefinition } from './definition.ts';
import { randomBot } from './director.ts';
import {
  cancelTournament,
  carriedStacks,
  createFlightEvent,
  createTournament,
  definitionFromJson,
  playTournamentAutomatically,
  registerForTournament,
  startFlightDay2,
  startTournament,
  type TournamentStoreContext,
} from './store.ts';
import { testDefinition, testRules } from './testing.ts';

/**
 * 004:GAM-P-T-17 (issue 19, D-1965..D-1969): a flight event on a real database. Day 1 flights are scheduled
 * freeze-outs whose survivors bag their chips; each Day 1's buy-ins move to the event's pool when it ends; the Day 2
 * seats the qualifiers with the stack the carry rule gives (one stack, the best, or the sum) and pays the whole pool.
 */
let testDb: TestDatabase;
let funding: Funding;
const clock = new ManualClock(new Date('2026-11-26T10:00:00Z'));
let ctx: TournamentStoreContext;
const fo = { ...fixtureProfileOf(noLimitDefinition), id: 'CZ-FO' as const, seats: { min: 2, max: 10 } };

beforeAll(async () => {
  testDb = await createTestDatabase();
  funding = await openFunding(testDb.db);
  ctx = {
    db: testDb.db,
    clock,
    limits: { clock, profile: czechProfile },
    rules: { HR: testRules, AT: testRules, 'CZ-PS': testRules, SE: testRules, 'CZ-FO': testRules },
    poker: { HR: fo, AT: fo, 'CZ-PS': fo, SE: fo, 'CZ-FO': fo },
  };
});
afterAll(async () => {
  await testDb?.drop();
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: unknown) => {
      if (isDomainError(error)) return (error.extensions?.reason as string | undefined) ?? error.code;
      throw error;
    },
  );

const day1Definition = (): Omit<TournamentDefinition, 'flight'> =>
  testDefinition({ name: 'Day 1', kind: 'scheduled', entrantsMin: 3, entrantsMax: 20, payouts: [] });

async function flightEvent(carry: FlightCarry, day1Count: number) {
  const hour = 3_600_000;
  const now = clock.now().getTime();
  return createFlightEvent(ctx, {
    day2: testDefinition({
      name: 'Day 2',
      kind: 'scheduled',
      entrantsMin: 2,
      entrantsMax: 200,
      payouts: [
        { entrantsMin: 2, placesBps: [10_000] },
        { entrantsMin: 4, placesBps: [6_500, 3_500] },
      ],
      flight: { day: 2, carry },
    }),
    day2StartsAt: new Date(now + 48 * hour),
    day1s: Array.from({ length: day1Count }, (_, i) => ({
      definition: day1Definition(),
      qualifiers: 2,
      startsAt: new Date(now + (i + 1) * hour),
    })),
  });
}

async function players(count: number) {
  const list = [];
  for (let i = 0; i < count; i++) list.push(await fundedPlayer(testDb.db, funding, clock, '1000.00'));
  return list;
}

/** Registers in order, a millisecond apart, so the seating drawn from a seeded generator is the same on every run. */
async function register(tournamentId: string, playerIds: readonly string[]) {
  for (const playerId of playerIds) {
    clock.advanceMs(1);
    await registerForTournament(ctx, { tournamentId, playerId });
  }
}

async function playDay(tournamentId: string, seed: number) {
  const started = await startTournament(ctx, tournamentId);
  expect(started.started).toBe(true);
  await playTournamentAutomatically(ctx, {
    tournamentId,
    rng: new SeededRng(seed),
    decide: randomBot(new SeededRng(seed + 1), 35),
    handMs: 20_000,
  });
}

async function poolOf(tournamentId: string): Promise<bigint> {
  const [row] = await testDb.db.$queryRaw<[{ pool_account_id: string }]>`
    SELECT pool_account_id FROM tournament WHERE id = ${tournamentId}::uuid`;
  return (await ledger.balance(testDb.db, row.pool_account_id as AccountId)).toMinor();
}

const feeRevenue = async () => {
  const account = await ledger.findAccountByCode(testDb.db, ledger.operatorAccountCode('fee-revenue', 'CZK'));
  return account ? (await ledger.balance(testDb.db, account.id)).toMinor() : 0n;
};

async function bagged(day1Ids: readonly string[]) {
  return testDb.db.$queryRaw<{ player_id: string; bagged_chips: bigint }[]>`
    SELECT player_id, bagged_chips FROM tournament_entry
    WHERE tournament_id = ANY(${day1Ids}::uuid[]) AND bagged_chips IS NOT NULL ORDER BY registered_at, id`;
}

async function day2Entries(eventId: string) {
  return testDb.db.$queryRaw<{ player_id: string; starting_chips: bigint; prize_minor: bigint; paid_start_minor: bigint }[]>`
    SELECT player_id, starting_chips, prize_minor, paid_start_minor FROM tournament_entry WHERE tournament_id = ${eventId}::uuid`;
}

const minorOf = async (wallet: AccountId) => BigInt((await balanceOf(testDb.db, wallet)).replace('.', ''));

describe('flight events (004:GAM-P-T-17, issue 19)', () => {
  it('004:GAM-P-T-17 a Flight seats each Day 1 survivor in Day 2 with the stack bagged; the Day 1 buy-ins are the pool, paid out whole, the ledger balanced', async () => {
    const { eventId, day1Ids } = await flightEvent('flight', 2);
    const [a, b] = day1Ids as [string, string];
    const list = await players(8);
    const ids = list.map((p) => p.playerId);
    const feesBefore = await feeRevenue();
    await register(a, ids.slice(0, 4));
    // One Day 1 at a time under the plain flight (D-1968), and Day 2 takes no registration.
    expect(await refusal(registerForTournament(ctx, { tournamentId: b, playerId: ids[0]! }))).toBe('flight-entered');
    expect(await refusal(registerForTournament(ctx, { tournamentId: eventId, playerId: ids[7]! }))).toBe('flight-day-2');
    await register(b, ids.slice(4, 8));
    await playDay(a, 31);
    // The Day 1 ended with 2 qualifiers or fewer (busts of one hand tie); its pool moved to the event's pool.
    expect(await poolOf(a)).toBe(0n);
    expect(await poolOf(eventId)).toBe(4n * 10_000n);
    const fromA = await bagged([a]);
    expect(fromA.length).toBeGreaterThanOrEqual(1);
    expect(fromA.length).toBeLessThanOrEqual(2);
    expect(fromA.reduce((s, r) => s + r.bagged_chips, 0n)).toBe(4n * 1_500n); // every chip of the flight is bagged
    expect(await refusal(registerForTournament(ctx, { tournamentId: b, playerId: fromA[0]!.player_id }))).toBe(
      'flight-qualified',
    );
    expect(await refusal(startFlightDay2(ctx, eventId))).toBe('flight-day-1-not-over');

    await playDay(b, 41);
    expect(await poolOf(eventId)).toBe(8n * 10_000n);
    expect((await feeRevenue()) - feesBefore).toBe(8n * 1_000n);
    const qualified = await bagged(day1Ids);
    const day2 = await startFlightDay2(ctx, eventId);
    expect(day2.started).toBe(true);
    const seated = await day2Entries(eventId);
    expect(seated.map((e) => [e.player_id, e.starting_chips, e.paid_start_minor]).sort()).toEqual(
      qualified.map((q) => [q.player_id, q.bagged_chips, 0n]).sort(),
    );

    await playTournamentAutomatically(ctx, {
      tournamentId: eventId,
      rng: new SeededRng(51),
      decide: randomBot(new SeededRng(52), 35),
      handMs: 20_000,
    });
    const paid = await day2Entries(eventId);
    expect(paid.reduce((s, e) => s + e.prize_minor, 0n)).toBe(8n * 10_000n); // prize pool = payouts
    expect(await poolOf(eventId)).toBe(0n);
    // Eliminated on Day 1: the buy-in spent, nothing back (D-1967).
    const qualifiers = new Set(qualified.map((q) => q.player_id));
    for (const p of list.filter((p) => !qualifiers.has(p.playerId))) expect(await balanceOf(testDb.db, p.wallet)).toBe('890.00');
    const wallets = await Promise.all(list.map((p) => minorOf(p.wallet)));
    expect(wallets.reduce((s, w) => s + w, 0n)).toBe(8n * 100_000n - 8n * 11_000n + 8n * 10_000n);
    expect((await ledger.trialBalance(testDb.db, 'CZK')).balanced).toBe(true);
    expect(await ledger.findInvariantViolations(testDb.db)).toEqual([]);
  });

  it('004:GAM-P-T-17 Best Stack Forward: a player who survives several Day 1s carries only the best of their stacks', async () => {
    const { eventId, day1Ids } = await flightEvent('best-stack-forward', 2);
    const list = await players(5);
    const [x, ...others] = list.map((p) => p.playerId) as [string, ...string[]];
    await register(day1Ids[0]!, [x, others[0]!, others[1]!]);
    await register(day1Ids[1]!, [x, others[2]!, others[3]!]); // several Day 1s are allowed here
    await playDay(day1Ids[0]!, 9);
    await playDay(day1Ids[1]!, 27);
    const stacks = await bagged(day1Ids);
    const mine = stacks.filter((s) => s.player_id === x).map((s) => s.bagged_chips);
    expect(mine).toHaveLength(2); // the seeds above make x survive both flights: the rule has two stacks to choose from
    expect(mine[0]).not.toBe(mine[1]);
    // Live play: the seating and the carried stacks and pool are stored for the room that will claim the Day 2.
    await startFlightDay2(ctx, eventId, { live: { rng: new SeededRng(7) } });
    const seated = await day2Entries(eventId);
    const best = mine[0]! > mine[1]! ? mine[0]! : mine[1]!;
    expect(seated.find((e) => e.player_id === x)!.starting_chips).toBe(best);
    expect(seated.filter((e) => e.player_id === x)).toHaveLength(1);
    expect(await poolOf(eventId)).toBe(6n * 10_000n); // both of x's buy-ins are in the pool
    const [row] = await testDb.db.$queryRaw<
      [{ live_state: unknown }]
    >`SELECT live_state FROM tournament WHERE id = ${eventId}::uuid`;
    const live = definitionFromJson(row.live_state) as unknown as {
      director: { entries: { playerId: string; chips: bigint }[]; prizePoolMinor?: bigint };
    };
    expect(live.director.prizePoolMinor).toBe(6n * 10_000n);
    expect(live.director.entries.find((e) => e.playerId === x)!.chips).toBe(best);
    // D-1969: a started Day 2 cancelled shares the carried pool by the multi-table formula; nothing is left or created.
    const before = await Promise.all(list.map((p) => minorOf(p.wallet)));
    await cancelTournament(ctx, eventId);
    const after = await Promise.all(list.map((p) => minorOf(p.wallet)));
    expect(after.reduce((s, w) => s + w, 0n) - before.reduce((s, w) => s + w, 0n)).toBe(6n * 10_000n);
    expect(await poolOf(eventId)).toBe(0n);
    expect((await ledger.trialBalance(testDb.db, 'CZK')).balanced).toBe(true);
  });

  it('004:GAM-P-T-17 Stack Builder: a player who survives several Day 1s carries the sum of their stacks', async () => {
    const { eventId, day1Ids } = await flightEvent('stack-builder', 2);
    const list = await players(5);
    const [x, ...others] = list.map((p) => p.playerId) as [string, ...string[]];
    await register(day1Ids[0]!, [x, others[0]!, others[1]!]);
    await register(day1Ids[1]!, [x, others[2]!, others[3]!]);
    await playDay(day1Ids[0]!, 9);
    await playDay(day1Ids[1]!, 27);
    const mine = (await bagged(day1Ids)).filter((s) => s.player_id === x).map((s) => s.bagged_chips);
    expect(mine).toHaveLength(2);
    const day2 = await startFlightDay2(ctx, eventId);
    expect(day2.entries.find((e) => e.playerId === x)!.chips).toBe(mine[0]! + mine[1]!);
    await playTournamentAutomatically(ctx, {
      tournamentId: eventId,
      rng: new SeededRng(61),
      decide: randomBot(new SeededRng(62), 35),
      handMs: 20_000,
    });
    expect((await day2Entries(eventId)).reduce((s, e) => s + e.prize_minor, 0n)).toBe(6n * 10_000n);
    expect(await poolOf(eventId)).toBe(0n);
    expect((await ledger.trialBalance(testDb.db, 'CZK')).balanced).toBe(true);
  });

  it('004:GAM-P-T-17 the carry rules on given stacks: one stack, the best, the sum', () => {
    const stacks = [
      { playerId: 'x', chips: 2_000n },
      { playerId: 'y', chips: 4_500n },
      { playerId: 'x', chips: 3_100n },
    ];
    expect(carriedStacks('best-stack-forward', stacks)).toEqual([
      { playerId: 'x', chips: 3_100n },
      { playerId: 'y', chips: 4_500n },
    ]);
    expect(carriedStacks('stack-builder', stacks)).toEqual([
      { playerId: 'x', chips: 5_100n },
      { playerId: 'y', chips: 4_500n },
    ]);
    expect(carriedStacks('flight', stacks.slice(0, 2))).toEqual(stacks.slice(0, 2));
  });

  it('004:GAM-P-T-17 D-1966 a flight is offered only where the profile lists its format, as a scheduled freeze-out with qualifiers', async () => {
    const noFlights = { ...testRules, formats: testRules.formats.filter((f) => f !== 'flight') };
    const day1 = {
      ...day1Definition(),
      flight: { day: 1 as const, eventId: '00000000-0000-0000-0000-000000000000', carry: 'flight' as const, qualifiers: 2 },
    };
    expect(tournamentDefinitionProblems(day1, testRules, fo)).toEqual([]);
    expect(tournamentDefinitionProblems(day1, noFlights, fo).map((p) => p.field)).toContain('format');
    expect(
      tournamentDefinitionProblems({ ...day1, flight: { ...day1.flight, qualifiers: 3 } }, testRules, fo).map((p) => p.field),
    ).toContain('flight.qualifiers');
    expect(
      tournamentDefinitionProblems(
        {
          ...day1,
          rebuy: { startFeeMinor: 10_000n, feeMinor: 0n, chips: 1_500n, periodLevels: 2, countMax: 1, chipsAtMost: 1_500n },
        },
        testRules,
        fo,
      ).map((p) => p.field),
    ).toContain('flight');
    // A flight's day is created with its event, never alone.
    expect(await refusal(createTournament(ctx, { definition: day1 }))).toBe('tournament-invalid');
  });

  it('004:GAM-P-T-17 D-1969 a Day 1 cancelled refunds its buy-ins; the event is not cancelled before its Day 2 starts', async () => {
    const { eventId, day1Ids } = await flightEvent('flight', 1);
    const list = await players(3);
    await register(
      day1Ids[0]!,
      list.map((p) => p.playerId),
    );
    expect(await refusal(cancelTournament(ctx, eventId))).toBe('flight-day-2-not-started');
    await cancelTournament(ctx, day1Ids[0]!);
    for (const p of list) expect(await balanceOf(testDb.db, p.wallet)).toBe('1000.00');
    // Every Day 1 cancelled: nobody qualified, the Day 2 is cancelled at its start with an empty pool.
    expect((await startFlightDay2(ctx, eventId)).started).toBe(false);
    expect(await poolOf(eventId)).toBe(0n);
  });
});
