import { isDomainError, ManualClock, type AccountId } from '@casino/core';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import * as ledger from '@casino/ledger';
import { czechProfile } from '@casino/limits';
import { SeededRng, type Rng } from '@casino/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, fixtureProfileOf, fundedPlayer, noLimitDefinition, openFunding, type Funding } from '../poker/testing.ts';
import { tournamentDefinitionProblems, twisterPpmTotal, type TwisterMultiplier } from './definition.ts';
import { randomBot } from './director.ts';
import { tournamentState } from './lobby.ts';
import { twisterDraw } from './prizes.ts';
import {
  cancelTournament,
  createTournament,
  definitionFromJson,
  playTournamentAutomatically,
  registerForTournament,
  startTournament,
  type TournamentStoreContext,
} from './store.ts';
import { testDefinition, testRules } from './testing.ts';

/**
 * Twister (000-001:TRN-18, T-74, UI-07; issue 19, D-1970..D-1973): a sit & go whose prize pool is a multiple of the
 * start fee drawn at the start from a published table; above the start fees paid the operator funds it (an
 * expense), below them the rest is the operator's revenue; the expected pool is below what the field pays in.
 */
const published: readonly TwisterMultiplier[] = [
  { multiplier: 2, probabilityPpm: 750_000 },
  { multiplier: 3, probabilityPpm: 180_000 },
  { multiplier: 5, probabilityPpm: 50_000 },
  { multiplier: 10, probabilityPpm: 15_000 },
  { multiplier: 25, probabilityPpm: 4_000 },
  { multiplier: 100, probabilityPpm: 900 },
  { multiplier: 1_000, probabilityPpm: 100 },
];
const twister = (overrides = {}) =>
  testDefinition({
    name: 'Twister',
    entrantsMin: 3,
    entrantsMax: 3,
    seatsPerTable: 3,
    payouts: [{ entrantsMin: 2, placesBps: [10_000] }],
    twister: { multipliers: published },
    ...overrides,
  });
/** A generator whose one draw is `roll` of 1,000,000: picks the row that roll falls in. */
const rolling = (roll: number): Rng => ({ intBelow: () => roll });

describe('Twister draws (000-001:T-74)', () => {
  it('000-001:T-74 000-001:TRN-18 the drawn multipliers occur with the published probabilities (200,000 seeded draws, chi-square below the 0.1 % critical value)', () => {
    // A fixed seed: the same 200,000 draws on every run, so the bound cannot flake; it would fail for a biased draw.
    const rng = new SeededRng(74);
    const draws = 200_000;
    const counts = new Map<number, number>(published.map((row) => [row.multiplier, 0]));
    for (let i = 0; i < draws; i++) {
      const m = twisterDraw(published, rng);
      counts.set(m, counts.get(m)! + 1);
    }
    let chiSquare = 0;
    for (const row of published) {
      const expected = (draws * row.probabilityPpm) / twisterPpmTotal;
      expect(expected).toBeGreaterThanOrEqual(5); // every cell large enough for the test
      chiSquare += (counts.get(row.multiplier)! - expected) ** 2 / expected;
    }
    // 6 degrees of freedom (7 rows): P(χ² > 22.458) = 0.001.
    expect(chiSquare).toBeLessThan(22.458);
    expect([...counts.values()].reduce((s, n) => s + n, 0)).toBe(draws);
  });

  it('000-001:TRN-18 each roll of the generator picks the row its cumulative probability covers', () => {
    expect(twisterDraw(published, rolling(0))).toBe(2);
    expect(twisterDraw(published, rolling(749_999))).toBe(2);
    expect(twisterDraw(published, rolling(750_000))).toBe(3);
    expect(twisterDraw(published, rolling(999_899))).toBe(100);
    expect(twisterDraw(published, rolling(999_999))).toBe(1_000);
  });

  it('000-001:TRN-18 D-1971 a Twister table is valid only as published: ppm adding up to 1,000,000, ascending multipliers, expected pool below the start fees paid, offered by the profile', () => {
    const poker = { ...fixtureProfileOf(noLimitDefinition), id: 'CZ-FO' as const, seats: { min: 2, max: 10 } };
    const fields = (d: ReturnType<typeof twister>, rules = testRules) =>
      tournamentDefinitionProblems(d, rules, poker).map((p) => p.field);
    expect(fields(twister())).toEqual([]);
    // Σ p × m = 2.73 start fees for a field of 3 (91 %); with the 1,000× row at 1,000 ppm more it is 3.63 ≥ 3.
    const generous = [
      ...published.slice(0, 5),
      { multiplier: 100, probabilityPpm: 0 },
      { multiplier: 1_000, probabilityPpm: 1_000 },
    ];
    expect(fields(twister({ twister: { multipliers: generous } }))).toContain('twister.multipliers');
    expect(fields(twister({ twister: { multipliers: [{ multiplier: 2, probabilityPpm: 999_999 }] } }))).toContain(
      'twister.multipliers',
    );
    expect(fields(twister({ twister: { multipliers: [...published].reverse() } }))).toContain('twister.multipliers.1.multiplier');
    expect(fields(twister({ kind: 'scheduled', entrantsMax: 9 }))).toContain('twister');
    expect(fields(twister({ payouts: [{ entrantsMin: 2, placesBps: [7_000, 3_000] }] }))).toContain('payouts');
    expect(fields(twister(), { ...testRules, formats: testRules.formats.filter((f) => f !== 'twister') })).toContain('format');
  });
});

let testDb: TestDatabase;
let funding: Funding;
const clock = new ManualClock(new Date('2026-11-26T10:00:00Z'));
let ctx: TournamentStoreContext;

beforeAll(async () => {
  testDb = await createTestDatabase();
  funding = await openFunding(testDb.db);
  const poker = { ...fixtureProfileOf(noLimitDefinition), id: 'CZ-FO' as const, seats: { min: 2, max: 10 } };
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

async function operatorBalance(purpose: 'fee-revenue' | 'tournament-overlay'): Promise<bigint> {
  const account = await ledger.findAccountByCode(testDb.db, ledger.operatorAccountCode(purpose, 'CZK'));
  return account ? (await ledger.balance(testDb.db, account.id)).toMinor() : 0n;
}

async function poolOf(tournamentId: string): Promise<bigint> {
  const [row] = await testDb.db.$queryRaw<[{ pool_account_id: string }]>`
    SELECT pool_account_id FROM tournament WHERE id = ${tournamentId}::uuid`;
  return (await ledger.balance(testDb.db, row.pool_account_id as AccountId)).toMinor();
}

async function fullTwister() {
  const { tournamentId } = await createTournament(ctx, { definition: twister() });
  const list = [];
  for (let i = 0; i < 3; i++) {
    const p = await fundedPlayer(testDb.db, funding, clock, '1000.00');
    await registerForTournament(ctx, { tournamentId, playerId: p.playerId });
    list.push(p);
  }
  return { tournamentId, list };
}

const minorOf = async (wallet: AccountId) => BigInt((await balanceOf(testDb.db, wallet)).replace('.', ''));

describe('Twister money (000-001:TRN-18, issue 19)', () => {
  it('000-001:TRN-18 000-001:UI-07 a Twister drawn at 10×: the operator funds the pool above the start fees (an expense), the winner is paid it all, the ledger balanced', async () => {
    const before = { fees: await operatorBalance('fee-revenue'), overlay: await operatorBalance('tournament-overlay') };
    const { tournamentId, list } = await fullTwister();
    const lobby = await tournamentState(testDb.db, tournamentId, clock.now());
    expect(lobby.twister?.multipliers.map((row) => [row.multiplier, row.probabilityPpm, row.prizePool.toMinor()])).toEqual(
      published.map((row) => [row.multiplier, row.probabilityPpm, BigInt(row.multiplier) * 10_000n]),
    );
    expect(lobby.twister?.drawnMultiplier).toBeNull();
    await startTournament(ctx, tournamentId, { rng: rolling(985_000) }); // 980,000 ≤ roll < 995,000: the 10× row
    expect((await tournamentState(testDb.db, tournamentId, clock.now())).twister?.drawnMultiplier).toBe(10);
    await playTournamentAutomatically(ctx, {
      tournamentId,
      rng: new SeededRng(3),
      decide: randomBot(new SeededRng(4), 40),
      handMs: 20_000,
    });
    const wallets = await Promise.all(list.map((p) => minorOf(p.wallet)));
    expect(wallets.reduce((s, w) => s + w, 0n)).toBe(3n * 89_000n + 100_000n); // 3 × (1,000 − 110) + the 1,000 pool
    expect(wallets.filter((w) => w === 89_000n + 100_000n)).toHaveLength(1);
    expect((await operatorBalance('tournament-overlay')) - before.overlay).toBe(70_000n); // 1,000 − 300 paid in
    expect((await operatorBalance('fee-revenue')) - before.fees).toBe(3_000n);
    expect(await poolOf(tournamentId)).toBe(0n);
    expect((await ledger.trialBalance(testDb.db, 'CZK')).balanced).toBe(true);
    expect(await ledger.findInvariantViolations(testDb.db)).toEqual([]);
  });

  it('000-001:TRN-18 D-1972 a Twister drawn at 2×: the winner gets 200, the 100 of start fees the prize does not use is operator revenue', async () => {
    const before = { fees: await operatorBalance('fee-revenue'), overlay: await operatorBalance('tournament-overlay') };
    const { tournamentId, list } = await fullTwister();
    await startTournament(ctx, tournamentId, { rng: rolling(0) });
    await playTournamentAutomatically(ctx, {
      tournamentId,
      rng: new SeededRng(5),
      decide: randomBot(new SeededRng(6), 40),
      handMs: 20_000,
    });
    const wallets = await Promise.all(list.map((p) => minorOf(p.wallet)));
    expect(wallets.reduce((s, w) => s + w, 0n)).toBe(3n * 89_000n + 20_000n);
    expect((await operatorBalance('fee-revenue')) - before.fees).toBe(3_000n + 10_000n);
    expect((await operatorBalance('tournament-overlay')) - before.overlay).toBe(0n);
    expect(await poolOf(tournamentId)).toBe(0n);
    expect((await ledger.trialBalance(testDb.db, 'CZK')).balanced).toBe(true);
  });

  it('000-001:TRN-20 000-001:A-33 D-1973 a Twister aborted after its draw: every entry gets all it paid back, the draw void, nothing funded', async () => {
    const { tournamentId, list } = await fullTwister();
    const overlayBefore = await operatorBalance('tournament-overlay');
    await startTournament(ctx, tournamentId, { rng: rolling(999_950) }); // 1,000×
    await cancelTournament(ctx, tournamentId);
    for (const p of list) expect(await balanceOf(testDb.db, p.wallet)).toBe('1000.00');
    expect((await operatorBalance('tournament-overlay')) - overlayBefore).toBe(0n);
    expect(await poolOf(tournamentId)).toBe(0n);
  });

  it('000-001:TRN-18 a live Twister draws its pool when the last seat is taken: the multiplier stored and the pool in the live state', async () => {
    const { tournamentId } = await createTournament(ctx, { definition: twister() });
    let started = false;
    for (let i = 0; i < 3; i++) {
      const p = await fundedPlayer(testDb.db, funding, clock, '1000.00');
      started = (
        await registerForTournament(ctx, { tournamentId, playerId: p.playerId, startWhenFull: { rng: new SeededRng(18) } })
      ).started;
    }
    expect(started).toBe(true);
    const [row] = await testDb.db.$queryRaw<
      [{ twister_multiplier: number; prize_pool_fixed_minor: bigint; live_state: unknown }]
    >`
      SELECT twister_multiplier, prize_pool_fixed_minor, live_state FROM tournament WHERE id = ${tournamentId}::uuid`;
    expect(published.map((r) => r.multiplier)).toContain(row.twister_multiplier);
    expect(row.prize_pool_fixed_minor).toBe(BigInt(row.twister_multiplier) * 10_000n);
    const live = definitionFromJson(row.live_state) as unknown as { director: { prizePoolMinor?: bigint } };
    expect(live.director.prizePoolMinor).toBe(row.prize_pool_fixed_minor);
  });

  it('000-001:TRN-18 a Twister registration is refused as any sit & go once full', async () => {
    const { tournamentId } = await fullTwister();
    const late = await fundedPlayer(testDb.db, funding, clock, '1000.00');
    const refused = await registerForTournament(ctx, { tournamentId, playerId: late.playerId }).catch((error: unknown) =>
      isDomainError(error) ? error.extensions?.reason : error,
    );
    expect(refused).toBe('no-seats-left');
  });
});
