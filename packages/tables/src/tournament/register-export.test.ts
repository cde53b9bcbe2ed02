import { ManualClock } from '@casino/core';
import { waitFor } from '@casino/core/testing';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import { czechProfile } from '@casino/limits';
import { czechReportingRules, findExport, readExportManifest, startDirectExport } from '@casino/reporting';
import { SeededRng } from '@casino/games';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureProfileOf, fundedPlayer, noLimitDefinition, openFunding, type Funding } from '../poker/testing.ts';
import { randomBot, TournamentDirector } from './director.ts';
import {
  cancelTournament,
  createTournament,
  playTournamentAutomatically,
  registerForTournament,
  startTournament,
  unregisterFromTournament,
  type TournamentStoreContext,
} from './store.ts';
import { testDefinition, testRules } from './testing.ts';

/**
 * Issue 19: the tournament register in the auditor exports: a finished tournament with a guarantee's
 * overlay, a cancelled one with its refunds and an unregistration, streamed with its manifest, every
 * entry reconciled with its ledger transactions and every pool with its payouts.
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

async function players(count: number) {
  const list = [];
  for (let i = 0; i < count; i++) list.push(await fundedPlayer(testDb.db, funding, clock, '1000.00'));
  return list;
}

type Row = Record<string, string>;

describe('issue 19: the tournament register for auditors', () => {
  it('000-001:T-66 004:T-150 004:T-145 the register lists every tournament and entry with fees, pool, overlay, places, prizes, cancellations and refunds, reconciled with the ledger, with its manifest', async () => {
    // A guaranteed tournament short of its guarantee: 3 × 100 collected, 500 guaranteed, 200 overlay.
    const guaranteed = testDefinition({ kind: 'sit-and-go', entrantsMin: 3, entrantsMax: 3, guaranteeMinor: 50_000n });
    const finished = (await createTournament(ctx, { definition: guaranteed })).tournamentId;
    for (const p of await players(3)) await registerForTournament(ctx, { tournamentId: finished, playerId: p.playerId });
    await startTournament(ctx, finished);
    await playTournamentAutomatically(ctx, {
      tournamentId: finished,
      rng: new SeededRng(3),
      decide: randomBot(new SeededRng(4), 40),
      handMs: 30_000,
    });

    // A cancelled one: 3 entries, one of them unregistered before the start; the other two cancelled mid-play.
    const def = { kind: 'scheduled' as const, entrantsMin: 2, entrantsMax: 3 };
    const cancelled = (await createTournament(ctx, { definition: testDefinition(def) })).tournamentId;
    const [a, b, c] = await players(3);
    for (const p of [a!, b!, c!]) await registerForTournament(ctx, { tournamentId: cancelled, playerId: p.playerId });
    await unregisterFromTournament(ctx, { tournamentId: cancelled, playerId: c!.playerId });
    const started = await startTournament(ctx, cancelled);
    const director = new TournamentDirector({
      definition: testDefinition(def),
      rules: testRules,
      entries: started.entries,
      rng: new SeededRng(5),
      newHandId: (t, n) => `${t}-${n}`,
    });
    await cancelTournament(ctx, cancelled, { director, lateRegistrationOrRebuyOpen: false });
    const empty = (await createTournament(ctx, { definition: testDefinition({ name: 'nobody came' }) })).tournamentId;

    const reporting = { db: testDb.db, clock, rules: czechReportingRules };
    const exported = await startDirectExport(reporting, {
      registerName: 'tournaments',
      format: 'csv',
      filters: {},
      requestedBy: 'test-auditor',
    });
    const chunks: Buffer[] = [];
    for await (const chunk of exported.body) chunks.push(Buffer.from(chunk as Buffer));
    await waitFor(async () => (await findExport(reporting, exported.exportId)).status === 'READY', {
      what: 'tournaments export READY',
    });
    const rows: Row[] = parse(Buffer.concat(chunks), { columns: true, bom: false, strict: true } as never);
    const of = (id: string) => rows.filter((r) => r.tournament_id === id);

    // The finished one: 3 entries, 3 × 100 start fees + 3 × 10 fees, 200 overlay; the pool paid out whole.
    const won = of(finished);
    expect(won).toHaveLength(3);
    expect(won[0]).toMatchObject({
      status: 'FINISHED',
      entries: '3',
      start_fees_paid_minor: '30000',
      fees_paid_minor: '3000',
      guarantee_minor: '50000',
      overlay_minor: '20000',
    });
    expect(won[0]!.pool_in_minor).toBe('50000');
    expect(won[0]!.pool_out_minor).toBe('50000');
    expect(won.reduce((sum, r) => sum + BigInt(r.prize_minor!) + BigInt(r.bounty_minor!), 0n)).toBe(50_000n);
    expect(won.map((r) => r.place_best).sort()).toEqual(['1', '2', '3']);
    expect(JSON.parse(won[0]!.definition!)).toMatchObject({ name: 'test', kind: 'sit-and-go' });

    // The cancelled one: the unregistered entry and the two cancelled ones, every refund in the ledger; the pool at zero.
    const off = of(cancelled);
    expect(off.map((r) => r.entry_status).sort()).toEqual(['cancelled', 'cancelled', 'unregistered']);
    expect(off[0]).toMatchObject({ status: 'CANCELLED', entries: '2' });
    expect(off[0]!.pool_in_minor).toBe(off[0]!.pool_out_minor);
    expect(off.every((r) => BigInt(r.refund_minor!) > 0n)).toBe(true);

    // Every entry reconciles with its own ledger transactions.
    for (const r of [...won, ...off]) {
      expect(BigInt(r.ledger_paid_minor!)).toBe(BigInt(r.paid_start_minor!) + BigInt(r.paid_fee_minor!));
      expect(BigInt(r.ledger_received_minor!)).toBe(BigInt(r.prize_minor!) + BigInt(r.bounty_minor!) + BigInt(r.refund_minor!));
      expect(r.ledger_transaction_ids!.split(' ').length).toBeGreaterThanOrEqual(1);
    }
    // A tournament nobody entered has its one row, the entry columns empty.
    expect(of(empty)).toEqual([expect.objectContaining({ status: 'REGISTERING', entries: '0', entry_id: '', player_id: '' })]);

    const manifest = await readExportManifest(reporting, exported.exportId);
    expect(manifest.rowCount).toBe(rows.length);
    expect(manifest.coverage).toMatchObject({ kind: 'ledger-blocks' });
    expect((manifest.coverage as { transactionCount: number }).transactionCount).toBeGreaterThan(0);
  });
});
