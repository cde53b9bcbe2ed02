/**
 * Data for `npm start` and `docker compose up`, idempotent (running it again changes nothing):
 * - reference data every environment needs: the operator's chart of accounts per currency and the
 *   payment providers' clearing accounts;
 * - demo data (players, staff per role, tables) only outside production, or with SEED_DEMO_DATA=true.
 * Each seeder returns the lines `npm start` prints about it (demo credentials, for instance).
 */
import { createStaffUser, defaultComplianceRules, staffRoleNames, systemActor } from '@casino/compliance';
import { addDays, Money, pragueDate, startOfPragueDay, systemClock, type CurrencyCode } from '@casino/core';
import { createDb, type Db } from '@casino/db';
import { openAccount, openOperatorAccounts, paymentProviderClearingSpec } from '@casino/ledger';
import { PiiProtector } from '@casino/players';
import {
  demoAnonymousPokerTableNames,
  demoPokerTables,
  demoFlightEvent,
  demoTournaments,
  demoTwister,
  pokerRuleProfiles,
  tournamentRuleProfiles,
} from '@casino/operator';
import {
  createPokerTable,
  createTable,
  integrityRulesOf,
  loadTableForDriving,
  setPokerTableAnonymous,
  tournament,
  type PokerTableDefinition,
  type TableDefinition,
} from '@casino/tables';
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { seedDemoPlayer } from './seed-demo-player.ts';
import { demoPlatynkoTables } from './seed-platynko.ts';

export interface SeedReport {
  lines: string[];
}

type Seeder = (db: Db) => Promise<string[]>;

/**
 * Currencies the operator books: CZK first; stakes in others count at their exchange rate (004:REG-22).
 * GBP and CAD since issue 26: CZ-PS's wallets (002:WAL-02) and poker in GBP (004:BET-05).
 */
export const operatorCurrencies: readonly CurrencyCode[] = ['CZK', 'EUR', 'USD', 'GBP', 'CAD'];
/** The payment provider that apps/sandbox simulates. */
export const sandboxPaymentProvider = 'sandbox-psp';

function hotShardCount(): number {
  const configured = Number(process.env.LEDGER_HOT_SHARD_COUNT ?? 16);
  return Number.isInteger(configured) && configured >= 1 && configured <= 256 ? configured : 16;
}

const referenceSeeders: Seeder[] = [
  async (db) => {
    const accounts = await openOperatorAccounts(db, operatorCurrencies, hotShardCount());
    for (const currency of operatorCurrencies)
      await openAccount(db, paymentProviderClearingSpec(sandboxPaymentProvider, currency, hotShardCount()));
    return [
      `Ledger: ${accounts.length} operator accounts and ${sandboxPaymentProvider} clearing in ${operatorCurrencies.join(', ')}.`,
    ];
  },
];

/**
 * One demo staff user per role (issue 9), with published credentials: password `demo-<role>-password`
 * and a fixed TOTP secret to enter in an authenticator app. Their TOTP secrets are encrypted with the
 * admin API's PII_ENCRYPTION_KEY, so without that key there is nothing to seed.
 */
async function seedDemoStaff(db: Db): Promise<string[]> {
  const encryptionKey = process.env.PII_ENCRYPTION_KEY;
  const hashKey = process.env.PII_HASH_KEY;
  if (!encryptionKey || !hashKey)
    return ['Staff: not seeded (PII_ENCRYPTION_KEY and PII_HASH_KEY are needed to store their TOTP secrets).'];
  const ctx = { db, clock: systemClock, rules: defaultComplianceRules, secrets: new PiiProtector({ encryptionKey, hashKey }) };
  const lines = [
    'Staff (the back-office console, or the admin API: POST /v1/staff/login with e-mail, password and the TOTP code of the secret):',
  ];
  for (const [i, role] of staffRoleNames.entries()) {
    const email = `${role}@staff.casino.example`;
    const password = `demo-${role}-password`;
    // Fixed base32 secrets, so the authenticator entries survive a reseed. Demo only.
    const totpSecret = `DEMOSTAFF${'ABCDEFGHIJKLMNOP'[i]}${'234567'.repeat(4)}`.slice(0, 32);
    if (!(await db.staffUser.findUnique({ where: { email } }))) {
      await createStaffUser(ctx, systemActor('seed'), {
        email,
        displayName: `Demo ${role}`,
        roles: [role],
        password,
        totpSecret,
        reason: 'demo data',
      });
    }
    lines.push(`  ${role.padEnd(18)} ${email} / ${password} / TOTP secret ${totpSecret}`);
  }
  return lines;
}

const rouletteLimits = {
  unitMinor: 10n,
  insideMinimumMinor: 10n,
  outsideMinimumMinor: 10n,
  straightMaximumMinor: 2_500n,
  outsideMaximumMinor: 5_000_000n,
  positionMaximumMinor: 100_000_000n,
};
const blackjackLimits = { unitMinor: 10n, stakeMinimumMinor: 10n, stakeMaximumMinor: 100_000_000n };

/** The demo lobby (issue 7): one table of each roulette variant and blackjack preset, in CZK (004:BET-05). */
export const demoTables: readonly TableDefinition[] = [
  {
    code: 'roulette-european-1',
    name: 'European Roulette',
    game: 'roulette',
    variant: 'european',
    currency: 'CZK',
    seatsMax: 4,
    bettingTimeMs: 20_000,
    actionTimeMs: 20_000,
    idleRoundsMax: 5,
    limits: rouletteLimits,
  },
  {
    code: 'roulette-french-1',
    name: 'French Roulette',
    game: 'roulette',
    variant: 'french',
    currency: 'CZK',
    seatsMax: 4,
    bettingTimeMs: 20_000,
    actionTimeMs: 20_000,
    idleRoundsMax: 5,
    limits: rouletteLimits,
  },
  {
    code: 'roulette-double-ball-1',
    name: 'Double-Ball Roulette',
    game: 'roulette',
    variant: 'double-ball',
    currency: 'CZK',
    seatsMax: 4,
    bettingTimeMs: 20_000,
    actionTimeMs: 20_000,
    idleRoundsMax: 5,
    limits: rouletteLimits,
  },
  ...demoPlatynkoTables,
  {
    code: 'blackjack-fortuna-1',
    name: 'Blackjack',
    game: 'blackjack',
    variant: 'fortuna-blackjack',
    currency: 'CZK',
    seatsMax: 5,
    bettingTimeMs: 15_000,
    actionTimeMs: 15_000,
    idleRoundsMax: 5,
    limits: blackjackLimits,
  },
  {
    code: 'blackjack-surrender-1',
    name: 'Blackjack Surrender',
    game: 'blackjack',
    variant: 'fortuna-blackjack-surrender',
    currency: 'CZK',
    seatsMax: 5,
    bettingTimeMs: 15_000,
    actionTimeMs: 15_000,
    idleRoundsMax: 5,
    limits: blackjackLimits,
  },
  {
    code: 'blackjack-classic-1',
    name: 'Classic Blackjack',
    game: 'blackjack',
    variant: 'reel-classic-blackjack',
    currency: 'CZK',
    seatsMax: 5,
    bettingTimeMs: 15_000,
    actionTimeMs: 15_000,
    idleRoundsMax: 5,
    limits: blackjackLimits,
  },
  {
    code: 'blackjack-premium-1',
    name: 'Premium Blackjack',
    game: 'blackjack',
    variant: 'reel-premium-blackjack',
    currency: 'CZK',
    seatsMax: 5,
    bettingTimeMs: 15_000,
    actionTimeMs: 15_000,
    idleRoundsMax: 5,
    limits: blackjackLimits,
  },
];

/**
 * The banner names each table by the id the game service's routes take (`/v1/tables/{tableId}/…`),
 * beside its code, which only the lobby shows (issue 14, newcomer frictions; D-1455).
 */
export async function seedDemoTables(db: Db): Promise<string[]> {
  const tables = [];
  for (const table of demoTables) tables.push(await createTable(db, table, systemClock.now()));
  const width = Math.max(...tables.map((t) => t.code.length));
  return [
    'Tables (game service, GET /v1/tables; the routes take the id):',
    ...tables.map((t) => `  ${t.code.padEnd(width)}  ${t.id}`),
  ];
}

/** A demo poker table's id: the same on every seed, so seeding again finds it (the tables have no code). */
export function demoPokerTableId(definition: PokerTableDefinition): string {
  const hex = createHash('sha256').update(`demo-poker-table:${definition.currency}:${definition.name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The demo poker room (issue 16): `demoPokerTables` opens at least one cash table per rule profile
 * (HR, AT, CZ-PS, SE, CZ-FO), in the operator's currency, which the demo player's wallet holds.
 * Each is validated against its profile when it is created.
 */
export async function seedDemoPokerTables(db: Db): Promise<string[]> {
  const currency = operatorCurrencies[0]!;
  // Issue 18: a foreign-currency table (004:T-60) beside them: CZ-FO's table again in EUR, bought into from
  // the CZK wallet at the current rate once the worker has fetched one.
  const foreign = demoPokerTables('EUR')
    .filter((d) => d.profileId === 'CZ-FO' && !d.speedPool)
    .map((d) => Object.freeze({ ...d, name: `${d.name} EUR` }));
  const definitions = [...demoPokerTables(currency), ...foreign];
  const width = Math.max(...definitions.map((d) => `${d.name}${demoTableFeatures(d)}`.length));
  const lines = [
    `Poker tables (game service, GET /v1/tables?game=poker; /v1/poker/tables/{tableId}/…; ${currency}, one in EUR):`,
  ];
  for (const definition of definitions) {
    const id = demoPokerTableId(definition);
    if (!(await loadTableForDriving(db, id))) {
      await createPokerTable(db, { definition, profile: pokerRuleProfiles[definition.profileId], now: systemClock.now(), id });
      // Issue 18: AT's anonymous demo table (000-001:TBL-08), set while nobody sits there.
      if (demoAnonymousPokerTableNames.includes(definition.name))
        await setPokerTableAnonymous(
          { db, rulesOf: (profileId) => integrityRulesOf(pokerRuleProfiles[profileId]) },
          { tableId: id, anonymous: true },
        );
    }
    const label = `${definition.name}${demoTableFeatures(definition)}`;
    lines.push(`  ${definition.profileId.padEnd(5)} ${label.padEnd(width)}  ${definition.variant.padEnd(24)}  ${id}`);
  }
  return lines;
}

/** What a demo table opts in to (issue 18), for the banner: run it twice, the bad-beat jackpot, anonymous, a speed pool. */
function demoTableFeatures(definition: PokerTableDefinition): string {
  const features = [
    definition.runItTwice ? 'run it twice' : null,
    definition.badBeatJackpot ? 'bad-beat jackpot' : null,
    demoAnonymousPokerTableNames.includes(definition.name) ? 'anonymous' : null,
    definition.speedPool ? 'speed poker' : null,
  ].filter((feature) => feature !== null);
  return features.length === 0 ? '' : ` (${features.join(', ')})`;
}

/**
 * The start of the demo MTT: the next 20:00 in Prague at least an hour away, so it is open for
 * registration when `npm start` prints it (a scheduled tournament refuses registration once its start
 * has passed).
 */
export function demoMttStartsAt(now: Date): Date {
  const eightPm = (day: string) => new Date(startOfPragueDay(day).getTime() + 20 * 3_600_000);
  const today = eightPm(pragueDate(now));
  return today.getTime() - now.getTime() >= 3_600_000 ? today : eightPm(addDays(pragueDate(now), 1));
}

/**
 * The demo tournaments (issue 19, D-1917): a sit & go per profile that offers one in the operator's
 * currency and one scheduled MTT, created through the tournament store (validated against the profile,
 * a prize-pool ledger account each). Idempotent by name: a demo tournament still open for registration
 * (and, when scheduled, not yet due) is kept; once one has started, finished or passed its start, the
 * next seed opens a fresh one, so the lobby always has them.
 */
export async function seedDemoTournaments(db: Db): Promise<string[]> {
  const currency = operatorCurrencies[0]!;
  const definitions = demoTournaments(currency);
  const now = systemClock.now();
  const store = { db, clock: systemClock, rules: tournamentRuleProfiles, poker: pokerRuleProfiles };
  const width = Math.max(...definitions.map((d) => d.name.length));
  const lines = [`Tournaments (game service, GET /v1/poker/tournaments; /v1/poker/tournaments/{tournamentId}/…; ${currency}):`];
  for (const definition of definitions) {
    const open = await db.tournament.findFirst({
      where: { name: definition.name, currency, status: 'REGISTERING', OR: [{ startsAt: null }, { startsAt: { gt: now } }] },
      orderBy: { createdAt: 'desc' },
      select: { id: true, startsAt: true },
    });
    const startsAt = definition.kind === 'scheduled' ? demoMttStartsAt(now) : undefined;
    const { id, startsAt: starts } = open ?? {
      id: (await tournament.createTournament(store, { definition, ...(startsAt ? { startsAt } : {}) })).tournamentId,
      startsAt: startsAt ?? null,
    };
    const amount = (minor: bigint) => Money.fromMinor(minor, currency).toDecimalString();
    const buyIn = `${amount(definition.entry.startFeeMinor)} + ${amount(definition.entry.feeMinor)}`;
    const when = starts ? `starts ${starts.toISOString()}` : `starts when ${definition.entrantsMax} have registered`;
    lines.push(
      `  ${definition.profileId.padEnd(5)} ${definition.name.padEnd(width)}  ${buyIn.padEnd(16)}  ${when.padEnd(36)}  ${id}`,
    );
  }
  const withoutSitAndGo = Object.values(tournamentRuleProfiles)
    .map((rules) => rules.profileId)
    .filter((profileId) => !definitions.some((d) => d.profileId === profileId && d.kind === 'sit-and-go'));
  if (withoutSitAndGo.length > 0)
    lines.push(`  (no sit & go under ${withoutSitAndGo.join(', ')}: its fee caps name no ${currency} amount, D-1917)`);
  lines.push(...(await seedDemoFlightEvent(db, store, currency, now)), ...(await seedDemoTwister(db, store)));
  return lines;
}

/**
 * The demo flight event (004:GAM-P-T-17, D-1965): CZ-FO Best Stack Forward, Day 1A at the demo MTT's start, Day 1B a
 * day later, Day 2 a day after that. Idempotent by the Day 2's name: kept while it and its Day 1s all still register
 * players before their starts; otherwise a fresh event is opened.
 */
async function seedDemoFlightEvent(
  db: Db,
  store: Parameters<typeof tournament.createFlightEvent>[0],
  currency: CurrencyCode,
  now: Date,
): Promise<string[]> {
  const event = demoFlightEvent(currency);
  if (!event) return [];
  const day = 24 * 3_600_000;
  const day1A = demoMttStartsAt(now).getTime();
  const open = await db.tournament.findFirst({
    where: { name: event.day2.name, currency, status: 'REGISTERING', startsAt: { gt: now } },
    orderBy: { createdAt: 'desc' },
    select: { id: true },
  });
  const day1sOpen =
    open &&
    (await db.$queryRaw<{ id: string; name: string; starts_at: Date }[]>`
      SELECT id, name, starts_at FROM tournament WHERE definition->'flight'->>'eventId' = ${open.id}
        AND status = 'REGISTERING' AND starts_at > ${now} ORDER BY starts_at`);
  let eventId = open?.id;
  let day1s = day1sOpen ?? [];
  if (!eventId || day1s.length !== event.day1s.length) {
    const created = await tournament.createFlightEvent(store, {
      day2: event.day2,
      day2StartsAt: new Date(day1A + event.day1s.length * day),
      day1s: event.day1s.map((d, i) => ({ ...d, startsAt: new Date(day1A + i * day) })),
    });
    eventId = created.eventId;
    day1s = created.day1Ids.map((id, i) => ({
      id,
      name: event.day1s[i]!.definition.name,
      starts_at: new Date(day1A + i * day),
    }));
  }
  return [
    `  CZ-FO ${event.day2.name}  (staff start it once its Day 1s end: POST /v1/tournaments/{id}/start-day-2)  ${eventId}`,
    ...day1s.map((d) => `  CZ-FO ${d.name}  starts ${d.starts_at.toISOString()}  ${d.id}`),
  ];
}

/** The demo Twister (000-001:TRN-18, D-1970): AT in EUR; idempotent by name while it still registers players. */
async function seedDemoTwister(db: Db, store: Parameters<typeof tournament.createTournament>[0]): Promise<string[]> {
  const definition = demoTwister();
  if (!definition) return [];
  const open = await db.tournament.findFirst({
    where: { name: definition.name, currency: definition.currency, status: 'REGISTERING' },
    orderBy: { createdAt: 'desc' },
    select: { id: true },
  });
  const id = open?.id ?? (await tournament.createTournament(store, { definition })).tournamentId;
  const amount = (minor: bigint) => Money.fromMinor(minor, definition.currency).toDecimalString();
  return [
    `  AT    ${definition.name}  ${amount(definition.entry.startFeeMinor)} + ${amount(definition.entry.feeMinor)} EUR, prize pool drawn at the start  ${id}`,
  ];
}

/** Demo seeders in dependency order; later issues append theirs (players, staff, tables). */
const demoSeeders: Seeder[] = [
  seedDemoStaff,
  (db) => seedDemoPlayer(db, sandboxPaymentProvider),
  seedDemoTables,
  seedDemoPokerTables,
  seedDemoTournaments,
];

export async function seedData(databaseUrl: string): Promise<SeedReport> {
  const db = createDb({ databaseUrl, applicationName: 'seed' });
  try {
    const lines: string[] = [];
    for (const seed of referenceSeeders) lines.push(...(await seed(db)));
    // Demo accounts have published passwords: never in production unless asked for explicitly.
    if (process.env.NODE_ENV === 'production' && process.env.SEED_DEMO_DATA !== 'true') {
      lines.push('Demo data not seeded: NODE_ENV=production (set SEED_DEMO_DATA=true to seed anyway).');
    } else {
      for (const seed of demoSeeders) lines.push(...(await seed(db)));
    }
    return { lines: ['', 'Data:', ...lines.map((l) => `  ${l}`)] };
  } finally {
    await db.$disconnect();
  }
}

// `npx tsx prisma/seed.ts` (docker compose's migrate service, `prisma db seed`).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const report = await seedData(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/casino');
  console.log(report.lines.join('\n'));
}
