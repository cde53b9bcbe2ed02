import { isDomainError, ManualClock, type AccountId } from '@casino/core';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import * as ledger from '@casino/ledger';
import { changeLimit, czechProfile } from '@casino/limits';
import { SeededRng } from '@casino/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balanceOf,
  czk,
  fixtureProfileOf,
  fundedPlayer,
  noLimitDefinition,
  openFunding,
  type Funding,
} from '../poker/testing.ts';
import type { TournamentDefinition } from './definition.ts';
import { randomBot, TournamentDirector } from './director.ts';
import { listTournaments, playerTournaments, tournamentState } from './lobby.ts';
import {
  buyTournamentChips,
  cancelTournament,
  createTournament,
  finishTournament,
  registerForTournament,
  startTournament,
  unregisterFromTournament,
  type TournamentStoreContext,
} from './store.ts';
import { testDefinition, testRules } from './testing.ts';

/**
 * Issue 19: tournament money on a real database: registration split into pool and fee under the
 * self-limits, unregistration, the start gate, prizes with an overlay, and cancellation by formula;
 * every movement a balanced ledger transaction, every pool ending at zero.
 */
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

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: unknown) => {
      if (isDomainError(error)) return (error.extensions?.reason as string | undefined) ?? error.code;
      throw error;
    },
  );

async function poolOf(tournamentId: string): Promise<bigint> {
  const [row] = await testDb.db.$queryRaw<
    [{ pool_account_id: string }]
  >`SELECT pool_account_id FROM tournament WHERE id = ${tournamentId}::uuid`;
  return (await ledger.balance(testDb.db, row.pool_account_id as AccountId)).toMinor();
}
const feeRevenue = async () => {
  const account = await ledger.findAccountByCode(testDb.db, ledger.operatorAccountCode('fee-revenue', 'CZK'));
  return (await ledger.balance(testDb.db, account!.id)).toMinor();
};

async function players(count: number, balance = '1000.00') {
  const list = [];
  for (let i = 0; i < count; i++) list.push(await fundedPlayer(testDb.db, funding, clock, balance));
  return list;
}

async function tournamentWith(overrides: Partial<TournamentDefinition>, startsAt?: Date) {
  return (await createTournament(ctx, { definition: testDefinition(overrides), ...(startsAt ? { startsAt } : {}) })).tournamentId;
}

describe('tournament money (issue 19)', () => {
  it('000-001:T-66 000-001:TRN-05 000-001:ACC-10 003:R-TOUR-02 004:GAM-P-T-03 002:TRN-05 a "20 + 2" buy-in: wallet −22, pool +20, fee revenue +2', async () => {
    const id = await tournamentWith({ entry: { startFeeMinor: 2_000n, feeMinor: 200n, chips: 1_500n } });
    const [p] = await players(1);
    const feesBefore = await feeRevenue();
    const result = await registerForTournament(ctx, { tournamentId: id, playerId: p!.playerId });
    expect(await balanceOf(testDb.db, p!.wallet)).toBe('978.00');
    expect(await poolOf(id)).toBe(2_000n);
    expect((await feeRevenue()) - feesBefore).toBe(200n);
    const posted = await ledger.findTransaction(testDb.db, result.ledgerTransactionId as never);
    expect(posted?.postings.reduce((s, line) => s + line.amount.toMinor(), 0n)).toBe(0n);
  });

  it('003:S-76 003:R-RAKE-03 n × (100 + 10): the pool is n × 100, the operator n × 10 (100 entrants: 10,000 and 1,000; run with 20)', async () => {
    // The split per entry is what S-76 proves; 20 entrants keep the test quick on a busy machine.
    const id = await tournamentWith({ kind: 'scheduled', entrantsMin: 2, entrantsMax: 200 });
    const feesBefore = await feeRevenue();
    for (const p of await players(20, '200.00')) await registerForTournament(ctx, { tournamentId: id, playerId: p.playerId });
    expect(await poolOf(id)).toBe(20n * 10_000n);
    expect((await feeRevenue()) - feesBefore).toBe(20n * 1_000n);
  });

  it('000-001:T-67 000-001:TRN-06 003:R-TOUR-05 003:R-TOUR-04 registration after the deadline or with no seat left is refused; once per player', async () => {
    const late = await tournamentWith({ kind: 'scheduled', entrantsMin: 2, entrantsMax: 10 }, new Date('2026-11-26T09:00:00Z'));
    const [a, b, c] = await players(3);
    expect(await refusal(registerForTournament(ctx, { tournamentId: late, playerId: a!.playerId }))).toBe('registration-closed');
    const small = await tournamentWith({ entrantsMin: 2, entrantsMax: 2 });
    await registerForTournament(ctx, { tournamentId: small, playerId: a!.playerId });
    expect(await refusal(registerForTournament(ctx, { tournamentId: small, playerId: a!.playerId }))).toBe('already-registered');
    const second = await registerForTournament(ctx, { tournamentId: small, playerId: b!.playerId });
    expect(second.full).toBe(true);
    expect(await refusal(registerForTournament(ctx, { tournamentId: small, playerId: c!.playerId }))).toBe('no-seats-left');
    expect(await balanceOf(testDb.db, c!.wallet)).toBe('1000.00');
  });

  it('003:S-72 003:R-LIM-06 000-001:RG-03 002:BET-04 a buy-in is a stake: over a self-limit the registration is refused, nothing written', async () => {
    const [p] = await players(1);
    await changeLimit(
      { db: testDb.db, clock, profile: czechProfile },
      { playerId: p!.playerId, measure: 'stake:day', limit: { amount: czk('150.00') }, actor: 'player' },
    );
    const first = await tournamentWith({});
    const second = await tournamentWith({});
    await registerForTournament(ctx, { tournamentId: first, playerId: p!.playerId }); // 110 of 150
    expect(await refusal(registerForTournament(ctx, { tournamentId: second, playerId: p!.playerId }))).toBe('limit-exceeded');
    expect(await poolOf(second)).toBe(0n);
    expect(await balanceOf(testDb.db, p!.wallet)).toBe('890.00');
  });

  it('issue 19: unregistering before the start gives the whole buy-in back; after the start it is refused', async () => {
    const id = await tournamentWith({ kind: 'scheduled', entrantsMin: 2, entrantsMax: 3 });
    const [a, b] = await players(2);
    await registerForTournament(ctx, { tournamentId: id, playerId: a!.playerId });
    await unregisterFromTournament(ctx, { tournamentId: id, playerId: a!.playerId });
    expect(await balanceOf(testDb.db, a!.wallet)).toBe('1000.00');
    expect(await poolOf(id)).toBe(0n);
    expect(await refusal(unregisterFromTournament(ctx, { tournamentId: id, playerId: b!.playerId }))).toBe('not-registered');
    await registerForTournament(ctx, { tournamentId: id, playerId: a!.playerId });
    await registerForTournament(ctx, { tournamentId: id, playerId: b!.playerId });
    expect((await startTournament(ctx, id)).started).toBe(true);
    expect(await refusal(unregisterFromTournament(ctx, { tournamentId: id, playerId: b!.playerId }))).toBe('registration-closed');
  });

  it('002:SNG-01 004:T-150 004:GAM-P-T-18 004:AMB-33 a guaranteed sit & go plays to the end: overlay from operator funds, prizes credited at the end, pool at zero', async () => {
    const id = await tournamentWith({ guaranteeMinor: 120_000n });
    const list = await players(9);
    let full = false;
    for (const p of list) full = (await registerForTournament(ctx, { tournamentId: id, playerId: p.playerId })).full;
    expect(full).toBe(true);
    const started = await startTournament(ctx, id);
    expect(started.started).toBe(true);
    const director = new TournamentDirector({
      definition: testDefinition({ guaranteeMinor: 120_000n }),
      rules: testRules,
      entries: started.entries,
      rng: new SeededRng(21),
      newHandId: (t, n) => `${id}-${t}-${n}`,
    });
    const bot = randomBot(new SeededRng(22), 35);
    while (!director.isOver()) {
      for (const t of [...director.tables.keys()]) if (director.tables.has(t) && director.canDeal(t)) director.playHand(t, bot);
      director.elapsedMs += 20_000;
    }
    await finishTournament(ctx, id, director);
    expect(await poolOf(id)).toBe(0n);
    const wallets = await Promise.all(list.map((p) => balanceOf(testDb.db, p.wallet)));
    const total = wallets.reduce((s, w) => s + BigInt(w.replace('.', '')), 0n);
    // 9 × 1,000 − 9 × 110 + 1,200 of prizes (900 collected + 300 overlay)
    expect(total).toBe(900_000n - 99_000n + 120_000n);
    const state = await tournamentState(testDb.db, id, clock.now());
    expect(state.status).toBe('FINISHED');
    expect(state.standings.map((s) => s.prize.toMinor()).reduce((s, p) => s + p, 0n)).toBe(120_000n);
    expect((await playerTournaments(testDb.db, list[0]!.playerId)).map((t) => t.id)).toContain(id);
    expect((await listTournaments(testDb.db, { status: 'FINISHED' })).map((t) => t.id)).toContain(id);
    expect(await ledger.findInvariantViolations(testDb.db)).toEqual([]);
  });

  it('002:T-GTD-01 002:AMB-GTD-CANCEL a guarantee not reached to its start share: cancelled at the start, every buy-in back with its fee', async () => {
    const rules = { ...testRules, guarantee: { ...testRules.guarantee, collectedOfGuaranteeBpsToStartMin: 5_000 } };
    const gated = { ...ctx, rules: { ...ctx.rules, 'CZ-FO': rules } };
    const id = (
      await createTournament(gated, {
        definition: testDefinition({ kind: 'scheduled', entrantsMin: 2, entrantsMax: 9, guaranteeMinor: 1_000_000n }),
      })
    ).tournamentId;
    const list = await players(3);
    for (const p of list) await registerForTournament(gated, { tournamentId: id, playerId: p.playerId });
    expect((await startTournament(gated, id)).started).toBe(false);
    expect(await Promise.all(list.map((p) => balanceOf(testDb.db, p.wallet)))).toEqual(['1000.00', '1000.00', '1000.00']);
    expect(await poolOf(id)).toBe(0n);
  });

  it('004:T-145 004:GAM-P-T-45 004:AMB-41 a sit & go cancelled with 3 of 6 left: buy-in back + the eliminated pool parts equally, in the ledger', async () => {
    const def = { entrantsMin: 6, entrantsMax: 6, entry: { startFeeMinor: 9_000n, feeMinor: 1_000n, chips: 1_500n } };
    const id = await tournamentWith(def);
    const list = await players(6);
    for (const p of list) await registerForTournament(ctx, { tournamentId: id, playerId: p.playerId });
    const started = await startTournament(ctx, id);
    const director = new TournamentDirector({
      definition: testDefinition(def),
      rules: testRules,
      entries: started.entries,
      rng: new SeededRng(5),
      newHandId: (t, n) => `${t}-${n}`,
    });
    const bot = randomBot(new SeededRng(6), 40);
    while (director.activeEntries().length > 3) director.playHand(1, bot);
    await cancelTournament(ctx, id, { director, lateRegistrationOrRebuyOpen: false });
    expect(await poolOf(id)).toBe(0n);
    const byPlayer = new Map(started.entries.map((e) => [e.playerId, director.entries.get(e.entryId)!.active]));
    const left = BigInt(director.activeEntries().length); // 3, or 2 when two went out in the same hand
    const survivorMinor = 90_000n + 10_000n + ((6n - left) * 9_000n) / left;
    for (const p of list) {
      const expected = byPlayer.get(p.playerId) ? survivorMinor : 90_000n;
      expect(BigInt((await balanceOf(testDb.db, p.wallet)).replace('.', ''))).toBe(expected);
    }
    expect(await ledger.findInvariantViolations(testDb.db)).toEqual([]);
  });

  it('002:T-TRN-04 004:T-149 000-001:A-32 002:BET-04 a rebuy is paid first (start fee to the pool, fee to the operator, a stake), then its chips play; over the count refused; the pool pays out whole', async () => {
    const rebuy = { startFeeMinor: 10_000n, feeMinor: 1_000n, chips: 1_500n, periodLevels: 2, countMax: 1, chipsAtMost: 0n };
    const def = { kind: 'scheduled' as const, entrantsMin: 3, entrantsMax: 3, rebuy };
    const id = await tournamentWith(def);
    const list = await players(3);
    for (const p of list) await registerForTournament(ctx, { tournamentId: id, playerId: p.playerId });
    const started = await startTournament(ctx, id);
    const director = new TournamentDirector({
      definition: testDefinition(def),
      rules: testRules,
      entries: started.entries,
      rng: new SeededRng(8),
      newHandId: (t, n) => `${t}-${n}`,
    });
    const [first] = started.entries;
    const entry = director.entries.get(first!.entryId)!;
    const others = [...director.entries.values()].filter((e) => e !== entry);
    others[0]!.chips += entry.chips; // as if the entry lost every chip to another in a hand
    entry.chips = 0n;
    expect(director.mayRebuy(entry.entryId)).toBe(true);
    await buyTournamentChips(ctx, { tournamentId: id, entryId: entry.entryId, purchase: 'rebuy' });
    director.rebuy(entry.entryId);
    expect(await poolOf(id)).toBe(40_000n);
    expect(await refusal(buyTournamentChips(ctx, { tournamentId: id, entryId: entry.entryId, purchase: 'rebuy' }))).toBe(
      'rebuy-count-used',
    );
    expect(await refusal(buyTournamentChips(ctx, { tournamentId: id, entryId: entry.entryId, purchase: 'add-on' }))).toBe(
      'no-add-on',
    );
    const player = list.find((p) => p.playerId === first!.playerId)!;
    expect(await balanceOf(testDb.db, player.wallet)).toBe('780.00');
    const bot = randomBot(new SeededRng(9), 35);
    while (!director.isOver()) {
      if (director.canDeal(1)) director.playHand(1, bot);
      director.elapsedMs += 20_000;
    }
    await finishTournament(ctx, id, director);
    expect(await poolOf(id)).toBe(0n);
    expect(await ledger.findInvariantViolations(testDb.db)).toEqual([]);
  });
});
