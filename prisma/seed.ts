/**
 * Data for `npm start` and `docker compose up`, idempotent (running it again changes nothing):
 * - reference data every environment needs: the operator's chart of accounts per currency and the
 *   payment providers' clearing accounts;
 * - demo data (players, staff per role, tables) only outside production, or with SEED_DEMO_DATA=true.
 * Each seeder returns the lines `npm start` prints about it (demo credentials, for instance).
 */
import { createStaffUser, defaultComplianceRules, staffRoleNames, systemActor } from '@casino/compliance';
import { systemClock, type CurrencyCode } from '@casino/core';
import { createDb, type Db } from '@casino/db';
import { openAccount, openOperatorAccounts, paymentProviderClearingSpec } from '@casino/ledger';
import { PiiProtector } from '@casino/players';
import { pathToFileURL } from 'node:url';
import { seedDemoPlayer } from './seed-demo-player.ts';

export interface SeedReport {
  lines: string[];
}

type Seeder = (db: Db) => Promise<string[]>;

/** Currencies the operator books: CZK first; stakes in others count at their exchange rate (004:REG-22). */
export const operatorCurrencies: readonly CurrencyCode[] = ['CZK', 'EUR', 'USD'];
/** The payment provider that apps/sandbox simulates. */
export const sandboxPaymentProvider = 'sandbox-psp';

function hotShardCount(): number {
  const configured = Number(process.env.LEDGER_HOT_SHARD_COUNT ?? 16);
  return Number.isInteger(configured) && configured >= 1 && configured <= 256 ? configured : 16;
}

const referenceSeeders: Seeder[] = [
  async (db) => {
    const accounts = await openOperatorAccounts(db, operatorCurrencies, hotShardCount());
    for (const currency of operatorCurrencies) await openAccount(db, paymentProviderClearingSpec(sandboxPaymentProvider, currency, hotShardCount()));
    return [`Ledger: ${accounts.length} operator accounts and ${sandboxPaymentProvider} clearing in ${operatorCurrencies.join(', ')}.`];
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
  if (!encryptionKey || !hashKey) return ['Staff: not seeded (PII_ENCRYPTION_KEY and PII_HASH_KEY are needed to store their TOTP secrets).'];
  const ctx = { db, clock: systemClock, rules: defaultComplianceRules, secrets: new PiiProtector({ encryptionKey, hashKey }) };
  const lines = ['Staff (admin API, POST /v1/staff/login with email, password and the TOTP code of the secret):'];
  for (const [i, role] of staffRoleNames.entries()) {
    const email = `${role}@staff.casino.example`;
    const password = `demo-${role}-password`;
    // Fixed base32 secrets, so the authenticator entries survive a reseed. Demo only.
    const totpSecret = `DEMOSTAFF${'ABCDEFGHIJKLMNOP'[i]}${'234567'.repeat(4)}`.slice(0, 32);
    if (!(await db.staffUser.findUnique({ where: { email } }))) {
      await createStaffUser(ctx, systemActor('seed'), { email, displayName: `Demo ${role}`, roles: [role], password, totpSecret, reason: 'demo data' });
    }
    lines.push(`  ${role.padEnd(18)} ${email} / ${password} / TOTP secret ${totpSecret}`);
  }
  return lines;
}

/** Demo seeders in dependency order; later issues append theirs (players, staff, tables). */
const demoSeeders: Seeder[] = [seedDemoStaff, (db) => seedDemoPlayer(db, sandboxPaymentProvider)];

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
