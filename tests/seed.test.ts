import type { AccountId } from '@casino/core';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import { balance, findInvariantViolations, playerWalletCode } from '@casino/ledger';
import { generatePiiKeys } from '@casino/players';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pokerRuleProfiles, tournamentRuleProfiles } from '@casino/operator';
import { tournament } from '@casino/tables';
import { demoPlayer } from '../prisma/seed-demo-player.ts';
import { demoMttStartsAt, seedData } from '../prisma/seed.ts';

let testDb: TestDatabase;
const savedEnv = { ...process.env };
beforeAll(async () => {
  testDb = await createTestDatabase();
  const keys = generatePiiKeys();
  Object.assign(process.env, { PII_ENCRYPTION_KEY: keys.encryptionKey, PII_HASH_KEY: keys.hashKey, NODE_ENV: 'development' });
});
afterAll(async () => {
  process.env = savedEnv;
  await testDb?.drop();
});

describe('seed (npm start)', () => {
  it('issue 2: seeds the chart of accounts, a staff user per role and a demo player registered through the real channel, and a second run changes nothing', async () => {
    const first = await seedData(testDb.url);
    const counts = async () => ({
      accounts: await testDb.db.ledgerAccount.count(),
      transactions: await testDb.db.ledgerTransaction.count(),
      staff: await testDb.db.staffUser.count(),
      players: await testDb.db.player.count(),
    });
    const afterFirst = await counts();
    const second = await seedData(testDb.url);
    expect(await counts()).toEqual(afterFirst);
    expect(second.lines).toEqual(first.lines);
    expect(afterFirst.staff).toBe(6);

    const player = await testDb.db.player.findFirstOrThrow({ where: { email: demoPlayer.email } });
    expect(player.state).toBe('TEMPORARY');
    const wallet = await testDb.db.ledgerAccount.findUniqueOrThrow({
      where: { code: playerWalletCode(player.id, 'temporary', 'CZK') },
    });
    expect((await balance(testDb.db, wallet.id as AccountId)).toDecimalString()).toBe(demoPlayer.depositCzk);
    expect(first.lines.join('\n')).toContain(demoPlayer.password);
    expect(await findInvariantViolations(testDb.db)).toEqual([]);
  });

  it("issue 14 (newcomer frictions): the start banner names every demo table by the id the game service's routes take (a UUID), beside its code", async () => {
    const { lines } = await seedData(testDb.url);
    const heading = lines.findIndex((line) => line.includes('Tables (game service'));
    expect(heading).toBeGreaterThan(-1);
    const tables = await testDb.db.gameTable.findMany({ select: { id: true, code: true } });
    expect(tables.length).toBeGreaterThan(0);
    for (const table of tables) {
      const line = lines.slice(heading + 1).find((l) => l.trim().startsWith(`${table.code} `));
      expect(line, table.code).toBeDefined();
      const printed = line!.trim().split(/\s+/)[1];
      expect(printed).toBe(table.id);
      expect(printed).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });

  it('issue 16 000-001:GEN-12 003:R-TBL-01 004:GAM-PT-04: the demo poker room has a table of every rule profile, named in the banner by its id; seeding again opens no other', async () => {
    const { lines } = await seedData(testDb.url);
    const heading = lines.findIndex((line) => line.includes('Poker tables (game service'));
    expect(heading).toBeGreaterThan(-1);
    const tables = await testDb.db.pokerTable.findMany({ select: { id: true, profileId: true, currency: true } });
    expect(new Set(tables.map((t) => t.profileId))).toEqual(new Set(['HR', 'AT', 'CZ-PS', 'SE', 'CZ-FO']));
    // CZK tables, and CZ-FO's foreign-currency demo table in EUR (004:T-60, issue 26).
    const foreign = tables.filter((t) => t.currency !== 'CZK');
    expect(foreign.length).toBeGreaterThan(0);
    expect(foreign.every((t) => t.profileId === 'CZ-FO' && t.currency === 'EUR')).toBe(true);
    for (const table of tables)
      expect(
        lines.slice(heading + 1).some((line) => line.trim().endsWith(table.id)),
        table.id,
      ).toBe(true);
    await seedData(testDb.url);
    expect(await testDb.db.pokerTable.count()).toBe(tables.length);
  });

  it('issue 19 000-001:A-51 002:SNG-01 002:MTT-04: the demo lobby has a sit & go under every profile that can price one in CZK, a CZ-PS HORSE sit & go (002:HORSE-01) and one scheduled MTT, each valid under its profile, open for registration and named in the banner by its id; seeding again opens no other', async () => {
    const { lines } = await seedData(testDb.url);
    const heading = lines.findIndex((line) => line.includes('Tournaments (game service'));
    expect(heading).toBeGreaterThan(-1);
    const rows = await testDb.db.tournament.findMany({
      select: { id: true, profileId: true, kind: true, currency: true, status: true, definition: true, startsAt: true },
    });
    const twisters = rows.filter((t) => tournament.definitionFromJson(t.definition).twister);
    const sitAndGoes = rows.filter((t) => t.kind === 'sit-and-go' && !twisters.includes(t)).map((t) => t.profileId);
    // AT's fee caps are published in EUR only (000-001:TRN-03): no CZK tournament there rather than a guessed rate.
    expect(new Set(sitAndGoes)).toEqual(new Set(['HR', 'CZ-PS', 'SE', 'CZ-FO']));
    // CZ-PS has two: Hold'em and HORSE (issue 20, D-2074).
    expect(sitAndGoes).toHaveLength(5);
    // 000-001:TRN-18: AT's Twister, in EUR (its caps' currency, D-1917, D-1970).
    expect(twisters.map((t) => [t.profileId, t.kind, t.currency])).toEqual([['AT', 'sit-and-go', 'EUR']]);
    const variants = rows.map((t) => tournament.definitionFromJson(t.definition).variant);
    expect(variants.filter((v) => v === 'mixed/horse')).toHaveLength(1);
    expect(rows.find((t) => tournament.definitionFromJson(t.definition).variant === 'mixed/horse')!.profileId).toBe('CZ-PS');
    expect(lines.slice(heading + 1).some((line) => line.includes('no sit & go under AT'))).toBe(true);
    const flights = rows.filter((t) => tournament.definitionFromJson(t.definition).flight);
    const scheduled = rows.filter((t) => t.kind === 'scheduled' && !flights.includes(t));
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0]!.startsAt!.getTime()).toBeGreaterThan(Date.now());
    // 004:GAM-P-T-17: one CZ-FO flight event, its Day 2 and two Day 1s naming it, every day in the future.
    const days = flights.map((t) => tournament.definitionFromJson(t.definition).flight!);
    expect(days.map((d) => d.day).sort()).toEqual([1, 1, 2]);
    const day2 = flights[days.findIndex((d) => d.day === 2)]!;
    expect(days.filter((d) => d.day === 1).every((d) => d.day === 1 && d.eventId === day2.id)).toBe(true);
    expect(flights.every((t) => t.profileId === 'CZ-FO' && t.startsAt!.getTime() > Date.now())).toBe(true);
    for (const row of rows) {
      const definition = tournament.definitionFromJson(row.definition);
      const profileId = row.profileId as keyof typeof tournamentRuleProfiles;
      expect(
        tournament.tournamentDefinitionProblems(definition, tournamentRuleProfiles[profileId], pokerRuleProfiles[profileId]),
        row.id,
      ).toEqual([]);
      expect(row.currency).toBe(twisters.includes(row) ? 'EUR' : 'CZK');
      expect(row.status).toBe('REGISTERING');
      expect(
        lines.slice(heading + 1).some((line) => line.trim().endsWith(row.id)),
        row.id,
      ).toBe(true);
    }
    await seedData(testDb.url);
    expect(await testDb.db.tournament.count()).toBe(rows.length);
  });

  it('issue 19: the demo MTT starts at the next 20:00 in Prague at least an hour away', () => {
    expect(demoMttStartsAt(new Date('2026-11-26T12:00:00Z')).toISOString()).toBe('2026-11-26T19:00:00.000Z');
    expect(demoMttStartsAt(new Date('2026-11-26T18:30:00Z')).toISOString()).toBe('2026-11-27T19:00:00.000Z');
    expect(demoMttStartsAt(new Date('2026-07-01T12:00:00Z')).toISOString()).toBe('2026-07-01T18:00:00.000Z');
  });
});
