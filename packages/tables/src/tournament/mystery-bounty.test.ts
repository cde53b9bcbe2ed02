import { ManualClock, type AccountId } from '@casino/core';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import { SeededRng } from '@casino/games';
import * as ledger from '@casino/ledger';
import { czechProfile } from '@casino/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, fixtureProfileOf, fundedPlayer, noLimitDefinition, openFunding, type Funding } from '../poker/testing.ts';
import { tournamentDefinitionProblems, type TournamentDefinition } from './definition.ts';
import { mysteryDraw, randomBot, TournamentDirector } from './director.ts';
import {
  createTournament,
  playTournamentAutomatically,
  registerForTournament,
  startTournament,
  type TournamentStoreContext,
} from './store.ts';
import { testDefinition, testRules } from './testing.ts';

/**
 * Issue 19, mystery bounties (004:GAM-P-T-21; D-1960): the number and values of the bounties are published with
 * the definition; each elimination draws one of those not yet drawn, uniformly, from a generator seeded once per
 * tournament (replayable from the seed), paid to the eliminator(s) through the ledger with the prizes.
 */
const poker = { ...fixtureProfileOf(noLimitDefinition), id: 'CZ-FO' as const, seats: { min: 2, max: 10 } };

/** 6 × (100.00 + 10.00), half of each start fee a bounty: 300.00 published as 1 × 150.00, 1 × 75.00, 3 × 25.00. */
const published = [
  { amountMinor: 15_000n, count: 1 },
  { amountMinor: 7_500n, count: 1 },
  { amountMinor: 2_500n, count: 3 },
];
const mysteryDefinition = (overrides: Partial<TournamentDefinition> = {}) =>
  testDefinition({
    entrantsMin: 6,
    entrantsMax: 6,
    bounty: { kind: 'mystery', shareBps: 5_000, paidBps: 10_000, mystery: published },
    ...overrides,
  });

describe('mystery bounties: definition and draws (issue 19)', () => {
  it('004:GAM-P-T-21 D-1960 the published set is one bounty per elimination and adds up to the bounty parts; only CZ-FO offers it', () => {
    expect(tournamentDefinitionProblems(mysteryDefinition(), testRules, poker)).toEqual([]);
    const messages = (d: TournamentDefinition, rules = testRules) =>
      tournamentDefinitionProblems(d, rules, poker).map((p) => `${p.field}: ${p.message}`);
    expect(messages(mysteryDefinition({ entrantsMin: 6, entrantsMax: 7, kind: 'scheduled' }))).toContain(
      'bounty.kind: a mystery bounty needs a fixed field with no re-entry, satellite or double or nothing (D-1960)',
    );
    const short = { kind: 'mystery' as const, shareBps: 5_000, paidBps: 10_000, mystery: published.slice(0, 2) };
    expect(messages(mysteryDefinition({ bounty: short }))).toContain('bounty.mystery: one bounty per elimination: 5, not 2');
    const over = { kind: 'mystery' as const, shareBps: 4_000, paidBps: 10_000, mystery: published };
    expect(messages(mysteryDefinition({ bounty: over }))).toContain(
      'bounty.mystery: the values add up to the bounty parts of the start fees, 24000, not 30000',
    );
    const noMystery = {
      ...testRules,
      profileId: 'SE' as const,
      formats: testRules.formats.filter((f) => f !== 'mystery-bounty'),
    };
    expect(messages(mysteryDefinition({ profileId: 'SE' }), noMystery)).toContain(
      'format: mystery-bounty is not offered under SE',
    );
  });

  it('004:GAM-P-T-21 each draw is uniform over the bounties not yet drawn (the published distribution)', () => {
    // The first draw of 1 × 150.00, 1 × 75.00, 3 × 25.00 over 6,000 seeds: 1/5, 1/5, 3/5.
    const counts = new Map<bigint, number>();
    const set = [15_000n, 7_500n, 2_500n, 2_500n, 2_500n];
    for (let seed = 1; seed <= 6_000; seed++) {
      const v = mysteryDraw(seed, 0, set);
      counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    // Three standard deviations of a binomial(6,000, p) around 6,000 p.
    const within = (value: bigint, p: number) => {
      const sd = Math.sqrt(6_000 * p * (1 - p));
      expect(Math.abs((counts.get(value) ?? 0) - 6_000 * p)).toBeLessThan(3 * sd);
    };
    within(15_000n, 0.2);
    within(7_500n, 0.2);
    within(2_500n, 0.6);
  });

  it('004:GAM-P-T-21 D-1960 a tournament draws every published bounty once, and the draws replay from the seed alone', () => {
    for (const seed of [11, 12, 13]) {
      const rng = new SeededRng(seed);
      const d = new TournamentDirector({
        definition: mysteryDefinition(),
        rules: testRules,
        entries: Array.from({ length: 6 }, (_, i) => ({ entryId: `e${i}`, playerId: `p${i}` })),
        rng,
        newHandId: (t, n) => `${t}-${n}`,
      });
      const bot = randomBot(rng, 40);
      while (!d.isOver()) {
        for (const t of [...d.tables.keys()]) if (d.tables.has(t) && d.canDeal(t)) d.playHand(t, bot);
        d.elapsedMs += 20_000;
      }
      const drawn = d.mysteryDrawn();
      expect(drawn.length + d.mysteryBountiesRemaining().length).toBe(5);
      expect([...drawn, ...d.mysteryBountiesRemaining()].sort((a, b) => (a === b ? 0 : a > b ? -1 : 1))).toEqual([
        15_000n,
        7_500n,
        2_500n,
        2_500n,
        2_500n,
      ]);
      // Replay: the seed of the snapshot and the published set give the same sequence.
      const mysterySeed = d.snapshot().mysterySeed!;
      const left = [15_000n, 7_500n, 2_500n, 2_500n, 2_500n];
      drawn.forEach((value, k) => {
        expect(mysteryDraw(mysterySeed, k, left)).toBe(value);
        left.splice(left.indexOf(value), 1);
      });
      // A director restored from the snapshot (a takeover) knows the same seed and what is left.
      const restored = new TournamentDirector({
        definition: mysteryDefinition(),
        rules: testRules,
        entries: [],
        rng,
        newHandId: (t, n) => `${t}-${n}`,
        restore: d.snapshot(),
      });
      expect(restored.mysteryBountiesRemaining()).toEqual(d.mysteryBountiesRemaining());
      expect(restored.snapshot().mysterySeed).toBe(mysterySeed);
    }
  });
});

describe('mystery bounties: money (issue 19)', () => {
  let testDb: TestDatabase;
  let funding: Funding;
  const clock = new ManualClock(new Date('2026-11-27T12:00:00Z'));
  let ctx: TournamentStoreContext;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    funding = await openFunding(testDb.db);
    ctx = {
      db: testDb.db,
      clock,
      limits: { clock, profile: czechProfile },
      rules: { HR: testRules, AT: testRules, 'CZ-PS': testRules, SE: testRules, 'CZ-FO': testRules },
      poker: { HR: poker, AT: poker, 'CZ-PS': poker, SE: poker, 'CZ-FO': poker },
    };
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it('004:GAM-P-T-21 004:AMB-33 the drawn bounties are credited through the ledger with the prizes; the pool ends at zero', async () => {
    const { tournamentId } = await createTournament(ctx, { definition: mysteryDefinition() });
    const list = [];
    for (let i = 0; i < 6; i++) list.push(await fundedPlayer(testDb.db, funding, clock, '1000.00'));
    for (const p of list) await registerForTournament(ctx, { tournamentId, playerId: p.playerId });
    expect((await startTournament(ctx, tournamentId)).started).toBe(true);
    const director = await playTournamentAutomatically(ctx, {
      tournamentId,
      rng: new SeededRng(31),
      decide: randomBot(new SeededRng(32), 40),
      handMs: 20_000,
    });
    const [row] = await testDb.db.$queryRaw<[{ pool_account_id: string }]>`
      SELECT pool_account_id FROM tournament WHERE id = ${tournamentId}::uuid`;
    expect((await ledger.balance(testDb.db, row.pool_account_id as AccountId)).toMinor()).toBe(0n);
    const entries = await testDb.db.$queryRaw<{ id: string; player_id: string; prize_minor: bigint; bounty_minor: bigint }[]>`
      SELECT id, player_id, prize_minor, bounty_minor FROM tournament_entry WHERE tournament_id = ${tournamentId}::uuid`;
    // Bounties: the published 300.00 in all; prizes: the other half of the start fees, 300.00.
    expect(entries.reduce((s, e) => s + e.bounty_minor, 0n)).toBe(30_000n);
    expect(entries.reduce((s, e) => s + e.prize_minor, 0n)).toBe(30_000n);
    // Each eliminator's bounty is what the knock-outs paid it.
    const paid = new Map<string, bigint>();
    for (const e of director.events)
      if (e.kind === 'knock-out') for (const [id, v] of e.paid) paid.set(id, (paid.get(id) ?? 0n) + v);
    const winner = director.finishes.find((f) => f.placeBest === 1)!.entryIds[0]!;
    const undrawn = director.mysteryBountiesRemaining().reduce((s, v) => s + v, 0n);
    for (const e of entries) expect(e.bounty_minor).toBe((paid.get(e.id) ?? 0n) + (e.id === winner ? undrawn : 0n));
    // Wallets: 6 × 1,000 − 6 × 110 + 600 of prizes and bounties.
    let total = 0n;
    for (const p of list) total += BigInt((await balanceOf(testDb.db, p.wallet)).replace('.', ''));
    expect(total).toBe(600_000n - 66_000n + 60_000n);
  });
});
