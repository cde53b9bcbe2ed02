import { isDomainError, ManualClock, type AccountId } from '@casino/core';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import { SeededRng } from '@casino/games';
import * as ledger from '@casino/ledger';
import { czechProfile } from '@casino/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, fixtureProfileOf, fundedPlayer, noLimitDefinition, openFunding, type Funding } from '../poker/testing.ts';
import { tournamentDefinitionProblems, type TournamentDefinition } from './definition.ts';
import { randomBot } from './director.ts';
import {
  cancelTournament,
  createTournament,
  playTournamentAutomatically,
  registerForTournament,
  startTournament,
  tournamentTicketAccountCode,
  unregisterFromTournament,
  type TournamentStoreContext,
} from './store.ts';
import { testDefinition, testRules } from './testing.ts';

/**
 * Issue 19, satellites awarding a seat (003:R-WAL-08, 003:R-PAY-02, 003:S-85, 000-001:TRN-22, 002:SAT-01..03;
 * D-1956..D-1959): a seat satellite's winners get tickets into the named target; a ticket registers its holder
 * without paying (the ticket account pays the target's pool and fee); unregistering gives the ticket back; a
 * ticket unused when the target starts or is cancelled is paid to the wallet; every step one balanced ledger
 * transaction, every pool and ticket account ending at zero.
 */
let testDb: TestDatabase;
let funding: Funding;
const clock = new ManualClock(new Date('2026-11-27T10:00:00Z'));
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
      if (isDomainError(error)) return (error.extensions?.reason as string | undefined) ?? error.message;
      throw error;
    },
  );
const minor = (balance: string) => BigInt(balance.replace('.', ''));

async function poolOf(tournamentId: string): Promise<bigint> {
  const [row] = await testDb.db.$queryRaw<[{ pool_account_id: string }]>`
    SELECT pool_account_id FROM tournament WHERE id = ${tournamentId}::uuid`;
  return (await ledger.balance(testDb.db, row.pool_account_id as AccountId)).toMinor();
}
async function ticketAccountOf(tournamentId: string): Promise<bigint> {
  const account = await ledger.findAccountByCode(testDb.db, tournamentTicketAccountCode(tournamentId, 'CZK'));
  return account ? (await ledger.balance(testDb.db, account.id)).toMinor() : 0n;
}
const feeRevenue = async () => {
  const account = await ledger.findAccountByCode(testDb.db, ledger.operatorAccountCode('fee-revenue', 'CZK'));
  return (await ledger.balance(testDb.db, account!.id)).toMinor();
};
async function ticketsOf(targetId: string) {
  return testDb.db.$queryRaw<{ id: string; player_id: string; value_minor: bigint; status: string; entry_id: string | null }[]>`
    SELECT id, player_id, value_minor, status, entry_id FROM tournament_ticket WHERE target_tournament_id = ${targetId}::uuid
    ORDER BY issued_at, id`;
}
async function players(count: number, balance = '1000.00') {
  const list = [];
  for (let i = 0; i < count; i++) list.push(await fundedPlayer(testDb.db, funding, clock, balance));
  return list;
}

/** The target: a scheduled MTT whose buy-in is 140.00 + 10.00. */
const targetDefinition = (overrides: Partial<TournamentDefinition> = {}) =>
  testDefinition({
    name: 'main event',
    kind: 'scheduled',
    entrantsMin: 2,
    entrantsMax: 20,
    entry: { startFeeMinor: 14_000n, feeMinor: 1_000n, chips: 3_000n },
    ...overrides,
  });
/** The satellite: 9 × (100.00 + 10.00), 5 seats worth 150.00 each; the 15.00 left goes to 6th place (D-1910). */
const satelliteDefinition = (targetTournamentId: string) =>
  testDefinition({ name: 'satellite', satellite: { seats: 5, targetBuyInMinor: 15_000n, targetTournamentId } });

/** Plays a full seat satellite into `targetId` and returns its players, their wallets before the finish and the tickets. */
async function playSatellite(targetId: string, seed: number) {
  const satellite = (await createTournament(ctx, { definition: satelliteDefinition(targetId) })).tournamentId;
  const list = await players(9);
  for (const p of list) await registerForTournament(ctx, { tournamentId: satellite, playerId: p.playerId });
  expect((await startTournament(ctx, satellite)).started).toBe(true);
  const before = new Map(
    await Promise.all(list.map(async (p) => [p.playerId, minor(await balanceOf(testDb.db, p.wallet))] as const)),
  );
  await playTournamentAutomatically(ctx, {
    tournamentId: satellite,
    rng: new SeededRng(seed),
    decide: randomBot(new SeededRng(seed + 1), 40),
    handMs: 20_000,
  });
  return { satellite, list, before, tickets: await ticketsOf(targetId) };
}

describe('satellite seat tickets (issue 19)', () => {
  it('003:R-WAL-08 003:R-PAY-02 003:S-85 002:SAT-02 002:SAT-03 D-1910 the seats are tickets into the target worth its buy-in; the surplus is cash; the pool ends at zero', async () => {
    const target = (await createTournament(ctx, { definition: targetDefinition() })).tournamentId;
    const { satellite, list, before, tickets } = await playSatellite(target, 101);
    expect(await poolOf(satellite)).toBe(0n);
    const entries = await testDb.db.$queryRaw<{ id: string; player_id: string; place_worst: number; prize_minor: bigint }[]>`
      SELECT id, player_id, place_worst, prize_minor FROM tournament_entry WHERE tournament_id = ${satellite}::uuid`;
    const seatWinners = entries.filter((e) => e.place_worst <= 5);
    // Busts in one hand with equal starting stacks share their places (D-1906): a tie across the last seat is paid in cash.
    expect(seatWinners.length).toBeGreaterThanOrEqual(1);
    for (const e of seatWinners) expect(e.prize_minor).toBe(15_000n);
    // Every finish wholly within the seats won exactly one ticket of 150.00, paid nothing to the wallet.
    expect(tickets.map((t) => t.player_id).sort()).toEqual(seatWinners.map((e) => e.player_id).sort());
    for (const ticket of tickets) {
      expect(ticket.value_minor).toBe(15_000n);
      expect(ticket.status).toBe('issued');
      const p = list.find((x) => x.playerId === ticket.player_id)!;
      expect(minor(await balanceOf(testDb.db, p.wallet))).toBe(before.get(p.playerId));
    }
    expect(await ticketAccountOf(target)).toBe(15_000n * BigInt(tickets.length));
    // The rest of the pool (90,000 − the tickets) reached the wallets in cash.
    let cash = 0n;
    for (const p of list) cash += minor(await balanceOf(testDb.db, p.wallet)) - before.get(p.playerId)!;
    expect(cash + 15_000n * BigInt(tickets.length)).toBe(90_000n);
    // Each ticket's ledger transaction moved its value from the satellite's pool to the target's ticket account.
    const [issued] = await testDb.db.$queryRaw<{ n: bigint }[]>`
      SELECT count(*)::bigint AS n FROM ledger_transaction WHERE idempotency_key LIKE 'tournament:ticket:%:issue'
        AND metadata->>'tournamentId' = ${satellite}`;
    expect(Number(issued!.n)).toBe(tickets.length);
  });

  it('003:S-85 000-001:TRN-22 002:SAT-01 a ticket registers its holder without paying: the ticket account pays the pool and the fee; unregistering gives the ticket back', async () => {
    const target = (await createTournament(ctx, { definition: targetDefinition() })).tournamentId;
    const { list, tickets } = await playSatellite(target, 202);
    const [first, second] = tickets;
    const holder = list.find((p) => p.playerId === first!.player_id)!;
    const walletBefore = await balanceOf(testDb.db, holder.wallet);
    const feesBefore = await feeRevenue();
    const registered = await registerForTournament(ctx, { tournamentId: target, playerId: holder.playerId });
    expect(registered.ticketId).toBe(first!.id);
    expect(await balanceOf(testDb.db, holder.wallet)).toBe(walletBefore);
    expect(await poolOf(target)).toBe(14_000n);
    expect((await feeRevenue()) - feesBefore).toBe(1_000n);
    expect(await ticketAccountOf(target)).toBe(15_000n * BigInt(tickets.length - 1));
    const posted = await ledger.findTransaction(testDb.db, registered.ledgerTransactionId as never);
    expect(posted?.postings.reduce((s, line) => s + line.amount.toMinor(), 0n)).toBe(0n);
    expect((await ticketsOf(target)).find((t) => t.id === first!.id)).toMatchObject({
      status: 'used',
      entry_id: registered.entryId,
    });

    // A second holder registers and unregisters: the ticket is back, the wallet untouched, the pool as before.
    const other = list.find((p) => p.playerId === second!.player_id)!;
    const otherBefore = await balanceOf(testDb.db, other.wallet);
    await registerForTournament(ctx, { tournamentId: target, playerId: other.playerId });
    await unregisterFromTournament(ctx, { tournamentId: target, playerId: other.playerId });
    expect(await balanceOf(testDb.db, other.wallet)).toBe(otherBefore);
    expect(await poolOf(target)).toBe(14_000n);
    expect((await ticketsOf(target)).find((t) => t.id === second!.id)).toMatchObject({ status: 'issued', entry_id: null });

    // A player with no ticket pays from the wallet as ever.
    const [payer] = await players(1);
    await registerForTournament(ctx, { tournamentId: target, playerId: payer!.playerId });
    expect(await balanceOf(testDb.db, payer!.wallet)).toBe('850.00');

    // D-1959: at the target's start every unused ticket is paid to its holder's wallet; the ticket account ends at zero.
    const unused = (await ticketsOf(target)).filter((t) => t.status === 'issued');
    const unusedBefore = await Promise.all(
      unused.map(async (t) => minor(await balanceOf(testDb.db, list.find((p) => p.playerId === t.player_id)!.wallet))),
    );
    expect((await startTournament(ctx, target)).started).toBe(true);
    for (const [i, t] of unused.entries())
      expect(minor(await balanceOf(testDb.db, list.find((p) => p.playerId === t.player_id)!.wallet))).toBe(
        unusedBefore[i]! + 15_000n,
      );
    expect((await ticketsOf(target)).filter((t) => t.status === 'issued')).toEqual([]);
    expect(await ticketAccountOf(target)).toBe(0n);
    expect(await poolOf(target)).toBe(28_000n);
  });

  it('004:GAM-P-T-41 004:T-146 D-1959 a target cancelled: its ticket entries are refunded in cash by the formula, unused tickets paid out, every account at zero', async () => {
    const target = (await createTournament(ctx, { definition: targetDefinition() })).tournamentId;
    const { list, tickets } = await playSatellite(target, 303);
    const holders = tickets.map((t) => list.find((p) => p.playerId === t.player_id)!);
    const before = await Promise.all(holders.map(async (h) => minor(await balanceOf(testDb.db, h.wallet))));
    await registerForTournament(ctx, { tournamentId: target, playerId: holders[0]!.playerId });
    const [payer] = await players(1);
    await registerForTournament(ctx, { tournamentId: target, playerId: payer!.playerId });
    await cancelTournament(ctx, target);
    // Before the start both entries are in (heads-up: 004:GAM-P-T-41, each buy-in back): the ticket entry's in cash.
    expect(await balanceOf(testDb.db, payer!.wallet)).toBe('1000.00');
    for (const [i, h] of holders.entries()) expect(minor(await balanceOf(testDb.db, h.wallet))).toBe(before[i]! + 15_000n);
    expect(await poolOf(target)).toBe(0n);
    expect(await ticketAccountOf(target)).toBe(0n);
    expect((await ticketsOf(target)).map((t) => t.status).sort()).toEqual(
      ['used', ...Array.from({ length: tickets.length - 1 }, () => 'cashed')].sort(),
    );
  });

  it('D-1959 a satellite finishing after its target started pays its seats in cash', async () => {
    const target = (await createTournament(ctx, { definition: targetDefinition() })).tournamentId;
    const satellite = (await createTournament(ctx, { definition: satelliteDefinition(target) })).tournamentId;
    const list = await players(9);
    for (const p of list) await registerForTournament(ctx, { tournamentId: satellite, playerId: p.playerId });
    await startTournament(ctx, satellite);
    for (const p of await players(2)) await registerForTournament(ctx, { tournamentId: target, playerId: p.playerId });
    await startTournament(ctx, target);
    await playTournamentAutomatically(ctx, {
      tournamentId: satellite,
      rng: new SeededRng(7),
      decide: randomBot(new SeededRng(8), 40),
      handMs: 20_000,
    });
    expect(await ticketsOf(target)).toEqual([]);
    let total = 0n;
    for (const p of list) total += minor(await balanceOf(testDb.db, p.wallet));
    expect(total).toBe(9n * 100_000n - 9n * 11_000n + 90_000n);
    expect(await poolOf(satellite)).toBe(0n);
  });

  it('003:R-WAL-08 D-1956 the target must exist, still register, use the currency and cost exactly the seat; the seats must be funded', async () => {
    const target = (await createTournament(ctx, { definition: targetDefinition() })).tournamentId;
    const refusedWith = async (d: TournamentDefinition) => refusal(createTournament(ctx, { definition: d }));
    const cheaper = (
      await createTournament(ctx, {
        definition: targetDefinition({ entry: { startFeeMinor: 9_000n, feeMinor: 1_000n, chips: 3_000n } }),
      })
    ).tournamentId;
    expect(await refusedWith(satelliteDefinition(cheaper))).toMatch(/buy-in is 10000/);
    expect(await refusedWith(satelliteDefinition('00000000-0000-4000-8000-000000000000'))).toMatch(/names no tournament/);
    expect(await refusedWith(satelliteDefinition('not-a-uuid'))).toMatch(/not a tournament id/);
    const eur = (await createTournament(ctx, { definition: targetDefinition({ currency: 'EUR' }) })).tournamentId;
    expect(await refusedWith(satelliteDefinition(eur))).toMatch(/another currency/);
    // 9 × 100.00 of start fees cannot buy 7 seats of 150.00.
    const unfunded = testDefinition({ satellite: { seats: 7, targetBuyInMinor: 15_000n, targetTournamentId: target } });
    expect(await refusedWith(unfunded)).toMatch(/pay every seat/);
    // A profile without the satellite-seat format (CZ-FO's cash equal to the target buy-in, 004:GAM-P-T-13) refuses it.
    const cashOnly = { ...testRules, formats: testRules.formats.filter((f) => f !== 'satellite-seat') };
    const problems = tournamentDefinitionProblems(satelliteDefinition(target), cashOnly, ctx.poker['CZ-FO']);
    expect(problems.map((p) => p.message)).toContain('satellite-seat is not offered under CZ-FO');
    for (const p of await players(2)) await registerForTournament(ctx, { tournamentId: target, playerId: p.playerId });
    await startTournament(ctx, target);
    expect(await refusedWith(satelliteDefinition(target))).toMatch(/no longer registering/);
  });
});
