/**
 * The README's commands after bootstrap.mjs has installed dependencies:
 *   start    find PostgreSQL and Redis, migrate, seed, run every service, print where to go
 *   test     find PostgreSQL and Redis, run the whole suite, end with `N passed, N failed`
 *   migrate  apply the migrations to DATABASE_URL
 *   seed     load reference data and, outside production, demo data (idempotent)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { applyMigrations } from '@casino/db';
import { buildConsolePage, pageIsStale as consolePageIsStale } from '@casino/console';
import { buildWebPage, pageIsStale } from '@casino/web';
import { DiscoveryFailed, discoverServices, type Discovered } from './discover.ts';
import { services } from './services.ts';
import { seedData } from '../prisma/seed.ts';
import { superviseServices } from './supervise.ts';

const root = path.resolve(import.meta.dirname, '..');
const command = process.argv[2];

async function main(): Promise<number> {
  switch (command) {
    case 'test':
      return runTests();
    case 'start':
      return startPlatform();
    case 'migrate':
      return withServices(async (found) => (await migrate(found.databaseUrl), 0), { createDatabase: true });
    case 'seed':
      return withServices(async (found) => (await seedData(found.databaseUrl), 0), { createDatabase: true });
    default:
      console.error(`Unknown command "${command}". Use start, test, migrate or seed.`);
      return 2;
  }
}

async function runTests(): Promise<number> {
  return withServices(async (found) => {
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: found.databaseUrl,
      REDIS_URL: found.redisUrl,
      JWT_SECRET: process.env.JWT_SECRET ?? randomBytes(32).toString('hex'),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    };
    const vitest = path.join(root, 'node_modules', '.bin', 'vitest');
    return waitForExit(spawn(vitest, ['run', ...process.argv.slice(3)], { cwd: root, stdio: 'inherit', env }));
  });
}

async function startPlatform(): Promise<number> {
  return withServices(
    async (found) => {
      await migrate(found.databaseUrl);
      // The seed encrypts demo staff TOTP secrets with the key the services will use.
      for (const [name, value] of Object.entries(await developmentSecrets())) process.env[name] ??= value;
      const seeded = await seedData(found.databaseUrl);
      // The player web app's page (Vite's build into apps/web/dist), when a source is newer than it.
      if (pageIsStale()) {
        console.log('Building the player web app (Vite)…');
        await buildWebPage({ quiet: true });
      }
      // The back-office console's page likewise (apps/console/dist, issue 21).
      if (consolePageIsStale()) {
        console.log('Building the back-office console (Vite)…');
        await buildConsolePage({ quiet: true });
      }
      const sandboxUrl = process.env.SANDBOX_URL ?? `http://127.0.0.1:${process.env.SANDBOX_PORT ?? 3005}`;
      const env = {
        ...(await developmentSecrets()),
        ...process.env,
        DATABASE_URL: found.databaseUrl,
        REDIS_URL: found.redisUrl,
        SANDBOX_URL: sandboxUrl,
        MF_REGISTERS_URL: process.env.MF_REGISTERS_URL ?? sandboxUrl,
        PSP_URL: process.env.PSP_URL ?? sandboxUrl,
        FX_RATES_URL: process.env.FX_RATES_URL ?? sandboxUrl,
        NOTIFICATIONS_URL: process.env.NOTIFICATIONS_URL ?? sandboxUrl,
        // The web app fronts these two, and the e-mail links and 3-D Secure returns point at it.
        PLAYER_API_URL: process.env.PLAYER_API_URL ?? `http://127.0.0.1:${process.env.PLAYER_API_PORT ?? 3001}`,
        GAME_SERVICE_URL: process.env.GAME_SERVICE_URL ?? `http://127.0.0.1:${process.env.GAME_SERVICE_PORT ?? 3003}`,
        PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL ?? `http://127.0.0.1:${process.env.WEB_PORT ?? 3000}`,
        // Quiet unless asked (issue 22): errors and the banner; LOG_LEVEL=info shows every request.
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
        // The console fronts the admin API (issue 21).
        ADMIN_API_URL: process.env.ADMIN_API_URL ?? `http://127.0.0.1:${process.env.ADMIN_API_PORT ?? 3002}`,
      };
      return superviseServices({ root, env, services, seeded });
    },
    { createDatabase: true },
  );
}

/**
 * Secrets for `npm start` when the environment gives none: made once and kept in .tmp/ (ignored by
 * git), because data encrypted with a key must still decrypt after a restart.
 */
async function developmentSecrets(): Promise<Record<string, string>> {
  const file = path.join(root, '.tmp', 'dev-secrets.json');
  const fresh: Record<string, string> = {
    JWT_SECRET: randomBytes(32).toString('hex'),
    PII_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    PII_HASH_KEY: randomBytes(32).toString('base64'),
    // The sandbox signs the payment provider's webhooks with it, the payments gateway verifies them.
    PSP_WEBHOOK_SECRETS: `whsec_${randomBytes(32).toString('base64')}`,
  };
  let kept: Record<string, string> = {};
  try {
    kept = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
  } catch {
    // first start: nothing kept yet
  }
  // Secrets added by later issues join the kept ones; kept ones never change.
  const secrets = { ...fresh, ...kept };
  if (Object.keys(secrets).length !== Object.keys(kept).length) {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}

async function migrate(databaseUrl: string): Promise<void> {
  const result = await applyMigrations(databaseUrl);
  console.log(`Migrations: ${result.applied.length} applied, ${result.alreadyApplied.length} already in place.`);
}

async function withServices(fn: (found: Discovered) => Promise<number>, options = { createDatabase: false }): Promise<number> {
  let found: Discovered;
  try {
    found = await discoverServices(options);
  } catch (error) {
    if (error instanceof DiscoveryFailed) {
      console.error(`\n${error.message}\n`);
      return 1;
    }
    throw error;
  }
  try {
    return await fn(found);
  } finally {
    found.ownedRedis?.kill();
  }
}

function waitForExit(child: ChildProcess): Promise<number> {
  // Ctrl-C reaches vitest directly (same process group); wait for it to finish its report.
  process.on('SIGINT', () => undefined);
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

process.exitCode = await main();
