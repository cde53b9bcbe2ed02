import { isDomainError, ManualClock, type AccountId } from '@casino/core';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import * as ledger from '@casino/ledger';
import { changeLimit, czechProfile, limitsOverview, swedishProfile } from '@casino/limits';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { balanceOf, fixtureProfileOf, fundedPlayer, noLimitDefinition, openFunding, type Funding } from '../poker/testing.ts';
import { createTournament, registerForTournament, unregisterFromTournament, type TournamentStoreContext } from './store.ts';
import { testDefinition, testRules } from './testing.ts';

/**
 * SE's tournament-count limits (003:R-LIM-02, R-TOUR-06, S-73) on a real database: entries per day,
 * calendar week and month, set before the first tournament, counted at registration under the
 * player's lock (parallel registrations never overshoot), changed under the usual rules.
 */
let testDb: TestDatabase;
let funding: Funding;
// Wednesday 2026-11-25, 11:00 in Prague.
const clock = new ManualClock(new Date('2026-11-25T10:00:00Z'));
let ctx: TournamentStoreContext;
const seRules = { ...testRules, profileId: 'SE' as const, tournamentCountLimits: true };

beforeAll(async () => {
  testDb = await createTestDatabase();
  funding = await openFunding(testDb.db);
  const poker = { ...fixtureProfileOf(noLimitDefinition), id: 'CZ-FO' as const, seats: { min: 2, max: 10 } };
  ctx = {
    db: testDb.db,
    clock,
    limits: { clock, profile: swedishProfile },
    rules: { HR: testRules, AT: testRules, 'CZ-PS': testRules, SE: seRules, 'CZ-FO': testRules },
    poker: { HR: poker, AT: poker, 'CZ-PS': poker, SE: { ...poker, id: 'SE' }, 'CZ-FO': poker },
  };
});
beforeEach(() => clock.set(new Date('2026-11-25T10:00:00Z')));
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

const limits = () => ({ db: testDb.db, clock, profile: swedishProfile });
const setCount = (playerId: string, measure: string, count: number) =>
  changeLimit(limits(), { playerId, measure, limit: { count }, actor: 'player' });

async function playerWithCounts(day: number, week: number, month: number) {
  const player = await fundedPlayer(testDb.db, funding, clock, '1000.00');
  await setCount(player.playerId, 'tournament-count:month', month);
  await setCount(player.playerId, 'tournament-count:week', week);
  await setCount(player.playerId, 'tournament-count:day', day);
  return player;
}

const seTournament = async () =>
  (
    await createTournament(ctx, {
      definition: testDefinition({ profileId: 'SE', kind: 'scheduled', entrantsMin: 2, entrantsMax: 50 }),
    })
  ).tournamentId;

async function poolOf(tournamentId: string): Promise<bigint> {
  const [row] = await testDb.db.$queryRaw<[{ pool_account_id: string }]>`
    SELECT pool_account_id FROM tournament WHERE id = ${tournamentId}::uuid`;
  return (await ledger.balance(testDb.db, row.pool_account_id as AccountId)).toMinor();
}

const entriesOf = async (playerId: string) =>
  (
    await testDb.db.$queryRaw<[{ n: bigint }]>`
      SELECT count(*)::bigint AS n FROM tournament_entry WHERE player_id = ${playerId}::uuid AND status = 'registered'`
  )[0].n;

describe("SE's tournament-count limits (003:R-LIM-02)", () => {
  it('003:S-73 003:R-LIM-02 003:R-TOUR-06 a limit of 2 per day: the 3rd registration the same day is refused, nothing written; the next day it is accepted', async () => {
    const player = await playerWithCounts(2, 5, 10);
    const [first, second, third] = [await seTournament(), await seTournament(), await seTournament()];
    await registerForTournament(ctx, { tournamentId: first, playerId: player.playerId });
    await registerForTournament(ctx, { tournamentId: second, playerId: player.playerId });
    const refused = await registerForTournament(ctx, { tournamentId: third, playerId: player.playerId }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'limit-exceeded', extensions: { measure: 'tournament-count:day', remainingCount: 0 } });
    // 003:R-LIM-05: the player is told how long the bar lasts: until the next Prague day.
    expect((refused as { extensions: { resetsAt: string } }).extensions.resetsAt).toBe('2026-11-25T23:00:00.000Z');
    expect(await poolOf(third)).toBe(0n);
    expect(await balanceOf(testDb.db, player.wallet)).toBe('780.00');
    // 003:R-LIM-06: the entries made before stay; the player plays them out.
    expect(await entriesOf(player.playerId)).toBe(2n);
    clock.advanceMs(13 * 3_600_000); // Thursday, 00:00 in Prague
    expect(await refusal(registerForTournament(ctx, { tournamentId: third, playerId: player.playerId }))).toBe('accepted');
  });

  it('003:R-LIM-02 the week and month counts bind too: a week limit of 3 refuses the 4th entry of the week on another day', async () => {
    clock.set(new Date('2026-11-23T10:00:00Z')); // Monday
    const player = await playerWithCounts(2, 3, 10);
    for (const _ of [1, 2]) await registerForTournament(ctx, { tournamentId: await seTournament(), playerId: player.playerId });
    clock.set(new Date('2026-11-24T10:00:00Z')); // Tuesday
    await registerForTournament(ctx, { tournamentId: await seTournament(), playerId: player.playerId });
    const refused = await registerForTournament(ctx, { tournamentId: await seTournament(), playerId: player.playerId }).catch(
      (e: unknown) => e,
    );
    expect(refused).toMatchObject({ code: 'limit-exceeded', extensions: { measure: 'tournament-count:week' } });
  });

  it('003:R-PART-04 003:R-LIM-02 before the first tournament the player must set the count limits; without them the registration is refused', async () => {
    const player = await fundedPlayer(testDb.db, funding, clock, '1000.00');
    const id = await seTournament();
    const refused = await registerForTournament(ctx, { tournamentId: id, playerId: player.playerId }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'tournament-limits-not-set' });
    expect((refused as { extensions: { measures: string[] } }).extensions.measures).toEqual([
      'tournament-count:day',
      'tournament-count:week',
      'tournament-count:month',
    ]);
    expect(await balanceOf(testDb.db, player.wallet)).toBe('1000.00');
    await setCount(player.playerId, 'tournament-count:month', 10);
    await setCount(player.playerId, 'tournament-count:week', 5);
    await setCount(player.playerId, 'tournament-count:day', 1);
    expect(await refusal(registerForTournament(ctx, { tournamentId: id, playerId: player.playerId }))).toBe('accepted');
  });

  it('003:R-LIM-02 parallel registrations against one limit never overshoot: 6 at once with 3 left, exactly 3 accepted', async () => {
    const player = await playerWithCounts(3, 5, 10);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await seTournament());
    const outcomes = await Promise.all(
      ids.map((tournamentId) => refusal(registerForTournament(ctx, { tournamentId, playerId: player.playerId }))),
    );
    expect(outcomes.filter((o) => o === 'accepted')).toHaveLength(3);
    expect(outcomes.filter((o) => o === 'limit-exceeded')).toHaveLength(3);
    expect(await entriesOf(player.playerId)).toBe(3n);
    expect(await balanceOf(testDb.db, player.wallet)).toBe('670.00');
    const overview = await limitsOverview(limits(), player.playerId);
    expect(overview.measures.find((m) => m.definition.code === 'tournament-count:day')?.usage).toMatchObject({
      used: 3n,
      remaining: 0n,
    });
  });

  it('003:R-LIM-02 (D-1951) unregistering does not give the entry back: the count is of entries made', async () => {
    const player = await playerWithCounts(1, 5, 10);
    const id = await seTournament();
    await registerForTournament(ctx, { tournamentId: id, playerId: player.playerId });
    await unregisterFromTournament(ctx, { tournamentId: id, playerId: player.playerId });
    expect(await refusal(registerForTournament(ctx, { tournamentId: id, playerId: player.playerId }))).toBe('limit-exceeded');
  });

  it('003:R-LIM-03 003:R-LIM-04 count limits follow the change rules: day ≤ week ≤ month; lowering at once, raising from the next period', async () => {
    const player = await playerWithCounts(2, 5, 10);
    expect(await refusal(setCount(player.playerId, 'tournament-count:day', 6))).toBe('self-limits-inconsistent');
    expect(await refusal(setCount(player.playerId, 'tournament-count:week', 11))).toBe('self-limits-inconsistent');
    expect(await setCount(player.playerId, 'tournament-count:day', 1)).toMatchObject({ direction: 'tighten', pending: false });
    expect(await setCount(player.playerId, 'tournament-count:day', 3)).toMatchObject({
      direction: 'loosen',
      pending: true,
      effectiveFrom: new Date('2026-11-25T23:00:00.000Z'),
    });
    expect(await setCount(player.playerId, 'tournament-count:week', 6)).toMatchObject({
      direction: 'loosen',
      effectiveFrom: new Date('2026-11-29T23:00:00.000Z'),
    });
  });

  it('003:R-LIM-02 the count measures are profile data: the Swedish profile shows them, the Czech one has none and counts nothing', async () => {
    const player = await fundedPlayer(testDb.db, funding, clock, '1000.00');
    const swedish = await limitsOverview(limits(), player.playerId);
    expect(swedish.measures.filter((m) => m.definition.kind === 'count').map((m) => m.definition.code)).toEqual([
      'tournament-count:day',
      'tournament-count:week',
      'tournament-count:month',
    ]);
    const czech = await limitsOverview({ db: testDb.db, clock, profile: czechProfile }, player.playerId);
    expect(czech.measures.some((m) => m.definition.kind === 'count')).toBe(false);
    expect(
      await refusal(
        changeLimit(
          { db: testDb.db, clock, profile: czechProfile },
          {
            playerId: player.playerId,
            measure: 'tournament-count:day',
            limit: { count: 2 },
            actor: 'player',
          },
        ),
      ),
    ).toBe('not-found');
  });
});
