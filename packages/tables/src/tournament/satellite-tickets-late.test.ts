import { ManualClock, newId, type AccountId } from '@casino/core';
import { waitFor } from '@casino/core/testing';
import { createRedis, transaction, type Redis } from '@casino/db';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import { SeededRng } from '@casino/games';
import * as ledger from '@casino/ledger';
import { czechProfile } from '@casino/limits';
import { czechReportingRules, findExport, startDirectExport } from '@casino/reporting';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, fixtureProfileOf, fundedPlayer, noLimitDefinition, openFunding, type Funding } from '../poker/testing.ts';
import type { TournamentDefinition } from './definition.ts';
import { randomBot } from './director.ts';
import { createTournamentRoom } from './live/room-store.ts';
import { staffTournamentView } from './staff.ts';
import {
  cashTicketsAfterLateRegistrationIn,
  createTournament,
  playTournamentAutomatically,
  purchaseAtRunningTournamentIn,
  registerForTournament,
  startTournament,
  tournamentTicketAccountCode,
  type TournamentStoreContext,
} from './store.ts';
import { testDefinition, testRules } from './testing.ts';

/**
 * Issue 19, D-2039: a satellite seat ticket is good wherever a paid entry is: in the target's late
 * registration too (the ticket account pays the pool and the fee, the wallet is untouched); unused tickets
 * of a target with late registration stay good after its start and are cashed when the late registration
 * is over; a satellite finishing during the target's late registration still wins tickets. The ticket
 * entries are in the auditors' tournament register (ticket, satellite, what the ticket account paid) and
 * in the staff view (every ticket and the entry it paid).
 */
let testDb: TestDatabase;
let funding: Funding;
const clock = new ManualClock(new Date('2026-11-27T10:00:00Z'));
let ctx: TournamentStoreContext;

let redis: Redis;

beforeAll(async () => {
  testDb = await createTestDatabase();
  redis = createRedis({ redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', connectionName: 'tickets-late-test' });
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
  redis?.disconnect();
  await testDb?.drop();
});

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
async function ticketsOf(targetId: string) {
  return testDb.db.$queryRaw<{ id: string; player_id: string; status: string; entry_id: string | null }[]>`
    SELECT id, player_id, status, entry_id FROM tournament_ticket WHERE target_tournament_id = ${targetId}::uuid ORDER BY issued_at, id`;
}
async function players(count: number) {
  const list = [];
  for (let i = 0; i < count; i++) list.push(await fundedPlayer(testDb.db, funding, clock, '1000.00'));
  return list;
}

/** The target: a scheduled MTT of 140.00 + 10.00 with two levels of late registration. */
const targetDefinition = (overrides: Partial<TournamentDefinition> = {}) =>
  testDefinition({
    name: 'main event',
    kind: 'scheduled',
    entrantsMin: 2,
    entrantsMax: 20,
    entry: { startFeeMinor: 14_000n, feeMinor: 1_000n, chips: 3_000n },
    lateRegistrationLevels: 2,
    ...overrides,
  });
const satelliteDefinition = (targetTournamentId: string) =>
  testDefinition({ name: 'satellite', satellite: { seats: 5, targetBuyInMinor: 15_000n, targetTournamentId } });

async function playSatellite(targetId: string, seed: number) {
  const satellite = (await createTournament(ctx, { definition: satelliteDefinition(targetId) })).tournamentId;
  const list = await players(9);
  for (const p of list) await registerForTournament(ctx, { tournamentId: satellite, playerId: p.playerId });
  expect((await startTournament(ctx, satellite)).started).toBe(true);
  await playTournamentAutomatically(ctx, {
    tournamentId: satellite,
    rng: new SeededRng(seed),
    decide: randomBot(new SeededRng(seed + 1), 40),
    handMs: 20_000,
  });
  return { satellite, list, tickets: await ticketsOf(targetId) };
}

const lateRegistration = (tournamentId: string, playerId: string) =>
  transaction(testDb.db, (tx) =>
    purchaseAtRunningTournamentIn(ctx, tx, {
      tournamentId,
      playerId,
      kind: 'late-registration',
      commandId: newId(),
      plan: () => ({ kind: 'late-registration', entryId: newId(), playerId, table: 1, seat: 5 }),
    }),
  );

describe('satellite seat tickets in the late registration (issue 19, D-2039)', () => {
  it('003:R-WAL-08 003:S-85 000-001:TRN-06 000-001:TRN-22 002:SAT-01 a ticket pays a late registration as it pays a registration; the unused ones are cashed when the late registration ends; the register and the staff view show the ticket entries', async () => {
    const target = (await createTournament(ctx, { definition: targetDefinition() })).tournamentId;
    const { satellite, list, tickets } = await playSatellite(target, 202);
    expect(tickets.length).toBeGreaterThanOrEqual(2);
    const [first] = tickets;
    for (const p of await players(2)) await registerForTournament(ctx, { tournamentId: target, playerId: p.playerId });
    expect((await startTournament(ctx, target)).started).toBe(true);
    // Started with late registration: no ticket was cashed.
    expect((await ticketsOf(target)).every((t) => t.status === 'issued')).toBe(true);
    expect(await ticketAccountOf(target)).toBe(15_000n * BigInt(tickets.length));

    // The holder registers late: the ticket pays (the pool + 140.00, fee revenue + 10.00), the wallet is untouched.
    const holder = list.find((p) => p.playerId === first!.player_id)!;
    const walletBefore = await balanceOf(testDb.db, holder.wallet);
    const { receipt } = await lateRegistration(target, holder.playerId);
    expect(receipt).toMatchObject({ kind: 'late-registration', chips: 3_000n, replayed: false });
    expect(await balanceOf(testDb.db, holder.wallet)).toBe(walletBefore);
    expect(await poolOf(target)).toBe(3n * 14_000n);
    expect(await ticketAccountOf(target)).toBe(15_000n * BigInt(tickets.length - 1));
    const [entry] = await testDb.db.$queryRaw<{ ticket_id: string | null; paid_start_minor: bigint }[]>`
      SELECT ticket_id, paid_start_minor FROM tournament_entry WHERE id = ${receipt.entryId}::uuid`;
    expect(entry).toEqual({ ticket_id: first!.id, paid_start_minor: 14_000n });
    const posted = await ledger.findTransaction(testDb.db, receipt.ledgerTransactionId as never);
    expect(posted?.postings.reduce((s, line) => s + line.amount.toMinor(), 0n)).toBe(0n);
    expect((await ticketsOf(target)).find((t) => t.id === first!.id)).toMatchObject({
      status: 'used',
      entry_id: receipt.entryId,
    });

    // The late registration over (the floor says so at a hand's commit): every unused ticket is cash in its holder's wallet.
    const unused = (await ticketsOf(target)).filter((t) => t.status === 'issued');
    const before = await Promise.all(
      unused.map(async (t) => minor(await balanceOf(testDb.db, list.find((p) => p.playerId === t.player_id)!.wallet))),
    );
    await transaction(testDb.db, (tx) => cashTicketsAfterLateRegistrationIn(ctx, tx, target));
    for (const [i, t] of unused.entries())
      expect(minor(await balanceOf(testDb.db, list.find((p) => p.playerId === t.player_id)!.wallet))).toBe(before[i]! + 15_000n);
    expect(await ticketAccountOf(target)).toBe(0n);

    // The staff view: each ticket with its state, the entry it paid named.
    const staff = await staffTournamentView(testDb.db, target, clock.now());
    expect(staff.tickets.map((t) => t.status).sort()).toEqual(
      ['used', ...Array.from({ length: tickets.length - 1 }, () => 'cashed')].sort(),
    );
    expect(staff.tickets.every((t) => t.satelliteTournamentId === satellite && t.value.toMinor() === 15_000n)).toBe(true);
    expect(staff.entries.find((e) => e.entryId === receipt.entryId)?.ticketId).toBe(first!.id);
    expect(staff.entries.filter((e) => e.ticketId === null)).toHaveLength(2);

    // The auditors' register: the ticket entry names its ticket and satellite, the ticket account paid its buy-in.
    const reporting = { db: testDb.db, clock, rules: czechReportingRules };
    const exported = await startDirectExport(reporting, {
      registerName: 'tournaments',
      format: 'csv',
      filters: { tournamentId: target },
      requestedBy: 'test-auditor',
    });
    const chunks: Buffer[] = [];
    for await (const chunk of exported.body) chunks.push(Buffer.from(chunk as Buffer));
    await waitFor(async () => (await findExport(reporting, exported.exportId)).status === 'READY', {
      what: 'tournaments export READY',
    });
    const rows: Record<string, string>[] = parse(Buffer.concat(chunks), { columns: true, bom: false, strict: true } as never);
    expect(rows).toHaveLength(3);
    const ticketRow = rows.find((r) => r.entry_id === receipt.entryId)!;
    expect(ticketRow).toMatchObject({
      ticket_id: first!.id,
      ticket_satellite_id: satellite,
      ledger_ticket_paid_minor: '15000',
      ledger_paid_minor: '0',
      tickets_issued: String(tickets.length),
      tickets_cashed: String(tickets.length - 1),
    });
    for (const r of rows)
      expect(BigInt(r.ledger_paid_minor!) + BigInt(r.ledger_ticket_paid_minor!)).toBe(
        BigInt(r.paid_start_minor!) + BigInt(r.paid_fee_minor!),
      );
    expect(rows.filter((r) => r.ticket_id === '')).toHaveLength(2);
  });

  it('003:R-WAL-08 D-2039 live: the room cashes the unused tickets at the first hand commit after the late registration closed', async () => {
    // One level of late registration (a minute of clock); two payers play it heads-up on the live room.
    const target = (await createTournament(ctx, { definition: targetDefinition({ lateRegistrationLevels: 1 }) })).tournamentId;
    // The satellite is made while the target registers; it finishes in the target's late registration: tickets, unused.
    const satellite = (await createTournament(ctx, { definition: satelliteDefinition(target) })).tournamentId;
    const list = await players(9);
    for (const p of list) await registerForTournament(ctx, { tournamentId: satellite, playerId: p.playerId });
    await startTournament(ctx, satellite);
    for (const p of await players(2)) await registerForTournament(ctx, { tournamentId: target, playerId: p.playerId });
    expect((await startTournament(ctx, target, { live: { rng: new SeededRng(12) } })).started).toBe(true);
    await playTournamentAutomatically(ctx, {
      tournamentId: satellite,
      rng: new SeededRng(9),
      decide: randomBot(new SeededRng(10), 40),
      handMs: 1,
    });
    const tickets = await ticketsOf(target);
    expect(tickets.length).toBeGreaterThanOrEqual(1);
    const walletsBefore = await Promise.all(
      tickets.map(async (t) => minor(await balanceOf(testDb.db, list.find((p) => p.playerId === t.player_id)!.wallet))),
    );
    const room = createTournamentRoom({
      store: ctx,
      instanceId: `tickets:${newId()}`,
      redis,
      prefix: `tickets-late-test:${newId()}`,
      broadcaster: { toTable: async () => undefined, toPlayer: async () => undefined },
      leaseTtlMs: 30 * 86_400_000,
      forwardTimeoutMs: 2_000,
      claimScanIntervalMs: 600_000,
      log: { info: () => undefined, warn: () => undefined, error: (o: object, m: string) => console.error(m, o) },
      rng: new SeededRng(21),
      handPauseMs: 1_000,
    });
    await room.start();
    try {
      // The room's start-up scan may claim the tournament before this scan does: either way one table is driven here.
      await room.claimTablesNeedingDriver();
      expect(room.drivenTableIds()).toEqual([target]);
      // Hands are played by the clock (every decision times out) while the level runs: the tickets stay good.
      const levelMs = targetDefinition().levels[0]!.durationMs;
      const startedAt = clock.now().getTime();
      while (clock.now().getTime() - startedAt < levelMs - 5_000) {
        clock.advanceMs(5_000);
        await room.runDue();
      }
      expect((await ticketsOf(target)).every((t) => t.status === 'issued')).toBe(true);
      // Past it: the next hand's commit cashes them.
      for (let step = 0; step < 200 && (await ticketsOf(target)).some((t) => t.status === 'issued'); step++) {
        clock.advanceMs(5_000);
        await room.runDue();
      }
      expect((await ticketsOf(target)).map((t) => t.status)).toEqual(tickets.map(() => 'cashed'));
      for (const [i, t] of tickets.entries())
        expect(minor(await balanceOf(testDb.db, list.find((p) => p.playerId === t.player_id)!.wallet))).toBe(
          walletsBefore[i]! + 15_000n,
        );
      expect(await ticketAccountOf(target)).toBe(0n);
    } finally {
      await room.stop();
    }
  });

  it('003:R-WAL-08 D-2039 a satellite finishing while its target is in its late registration still wins tickets, good for a late registration', async () => {
    const target = (await createTournament(ctx, { definition: targetDefinition() })).tournamentId;
    const satellite = (await createTournament(ctx, { definition: satelliteDefinition(target) })).tournamentId;
    const list = await players(9);
    for (const p of list) await registerForTournament(ctx, { tournamentId: satellite, playerId: p.playerId });
    await startTournament(ctx, satellite);
    for (const p of await players(2)) await registerForTournament(ctx, { tournamentId: target, playerId: p.playerId });
    await startTournament(ctx, target);
    await playTournamentAutomatically(ctx, {
      tournamentId: satellite,
      rng: new SeededRng(9),
      decide: randomBot(new SeededRng(10), 40),
      handMs: 1,
    });
    const tickets = await ticketsOf(target);
    expect(tickets.length).toBeGreaterThanOrEqual(1);
    expect(tickets.every((t) => t.status === 'issued')).toBe(true);
    const holder = list.find((p) => p.playerId === tickets[0]!.player_id)!;
    const walletBefore = await balanceOf(testDb.db, holder.wallet);
    await lateRegistration(target, holder.playerId);
    expect(await balanceOf(testDb.db, holder.wallet)).toBe(walletBefore);
    expect((await ticketsOf(target))[0]!.status).toBe('used');
  });
});
