/**
 * The browser tests' platform (issue 17): the whole-platform harness (sandbox, payments gateway,
 * worker, player API on a real port, real PostgreSQL and Redis), the game service on its own port
 * with the harness's clock and its scheduler running, the web app in front of them, and headless
 * Chromium (Debian's /usr/bin/chromium) driving the built page. Nothing is mocked.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import type { App } from '@casino/http';
import { testServiceEnv } from '@casino/http/testing';
import { createTable, type TableConfig, type TableDefinition } from '@casino/tables';
import { czFoProfile, type OperatorProfile } from '@casino/operator';
import {
  applicationFor,
  gameServiceRedisPrefix,
  newPerson,
  registerToTemporaryAccount,
  startHarness,
  type Harness,
} from '@casino/test-support';
import { buildGameService, loadGameServiceConfig } from '@casino/test-support/apps';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { buildWeb } from '../app.ts';
import { loadWebConfig } from '../config.ts';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const root = path.resolve(import.meta.dirname, '..', '..', '..', '..');
/** Every page the tests open is photographed here (ignored by git) for a reviewer to look at. */
export const screenshotDir = path.join(root, 'test-output', 'web');

/** Chromium, or a failure that says how to get it (never a skip: CI installs it, .ci/run). */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `The browser tests need Chromium at ${chromiumPath} and it is not there. Install it with ` +
        '`apt-get install -y chromium` (Debian/Ubuntu; .ci/run does this in CI), or point CHROMIUM_PATH at a Chromium or Chrome binary.',
    );
  }
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-default-apps',
      '--disable-sync',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--metrics-recording-only',
    ],
  });
}

/**
 * A free port, held by a listening socket until `release`: the web app's address must be known before the harness
 * starts (its e-mails link to it), and a port only looked up then could be taken by another listener meanwhile
 * (EADDRINUSE in a run on a loaded machine). Released right before the web app listens on it.
 */
async function reservePort(): Promise<{ port: number; release(): Promise<void> }> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ port, release: () => new Promise<void>((done) => server.close(() => done())) });
    });
  });
}

export const rouletteTable = (code: string): TableDefinition => ({
  code,
  name: `Ruleta ${code}`,
  game: 'roulette',
  variant: 'european',
  currency: 'CZK',
  seatsMax: 4,
  bettingTimeMs: 20_000,
  actionTimeMs: 20_000,
  idleRoundsMax: 5,
  limits: {
    unitMinor: 100n,
    insideMinimumMinor: 1_000n,
    outsideMinimumMinor: 1_000n,
    straightMaximumMinor: 100_000n,
    outsideMaximumMinor: 500_000n,
    positionMaximumMinor: 100_000_000n,
  },
});

export const blackjackTable = (code: string): TableDefinition => ({
  code,
  name: `Blackjack ${code}`,
  game: 'blackjack',
  variant: 'fortuna-blackjack',
  currency: 'CZK',
  seatsMax: 5,
  bettingTimeMs: 15_000,
  actionTimeMs: 20_000,
  idleRoundsMax: 5,
  limits: { unitMinor: 100n, stakeMinimumMinor: 1_000n, stakeMaximumMinor: 1_000_000n },
});

export interface WebPlatform {
  h: Harness;
  games: App;
  web: App;
  /** The address the browser opens, e.g. http://127.0.0.1:41234. */
  url: string;
  browser: Browser;
  createTable(definition: TableDefinition): Promise<TableConfig>;
  /** A fresh browser profile (its own cookies and storage) with a phone-sized or desktop window. */
  newPage(options?: { width?: number; height?: number }): Promise<{ context: BrowserContext; page: Page; problems: string[] }>;
  close(): Promise<void>;
}

/** `profile`: the house the apps run as (CZ-FO by default, as OPERATOR_PROFILE's default). */
export async function startWebPlatform(options: { profile?: OperatorProfile } = {}): Promise<WebPlatform> {
  // Chromium first: without it there is nothing to test, and the message says how to get it.
  const browser = await launchChromium();
  const reserved = await reservePort();
  const webPort = reserved.port;
  const url = `http://127.0.0.1:${webPort}`;
  // The real guards (self-limits, compliance) as the apps run them; e-mail links point at the web app.
  const h = await startHarness(new Date(), {
    guards: 'platform',
    env: { PUBLIC_BASE_URL: url },
    ...(options.profile ? { profile: options.profile } : {}),
  });
  const apiUrl = await h.api.listen({ host: '127.0.0.1', port: 0 });
  const games = await buildGameService({
    config: loadGameServiceConfig(
      testServiceEnv({
        GAME_RATE_LIMIT_PER_MINUTE: '100000',
        GAME_SCHEDULER_TICK_MS: '100',
        OPERATOR_PROFILE: h.platform.profile.id,
      }),
    ),
    connections: h.connections,
    redisKeyPrefix: gameServiceRedisPrefix(h.connections),
    clock: h.clock,
  });
  const gamesUrl = await games.listen({ host: '127.0.0.1', port: 0 });
  games.gameScheduler.start();
  const web = await buildWeb({
    config: loadWebConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PLAYER_API_URL: apiUrl,
      GAME_SERVICE_URL: gamesUrl,
      SANDBOX_URL: h.sandboxUrl,
    }),
  });
  await reserved.release();
  await web.listen({ host: '127.0.0.1', port: webPort });
  await mkdir(screenshotDir, { recursive: true });
  return {
    h,
    games,
    web,
    url,
    browser,
    createTable: (definition) => createTable(h.connections.db, definition, h.clock.now()),
    async newPage(options = {}) {
      const context = await browser.newContext({
        viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
        locale: 'cs-CZ',
        timezoneId: 'Europe/Prague',
      });
      const page = await context.newPage();
      // Anything the page's CSP refused, and any error the page threw, fails the test that looks.
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !/status of (4\d\d)/.test(message.text())) problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(String(error)));
      page.setDefaultTimeout(30_000);
      return { context, page, problems };
    },
    async close() {
      await browser.close().catch(() => undefined);
      games.gameScheduler.stop();
      await web.close();
      await games.close();
      await h.close();
    },
  };
}

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core on the page as it is now: no serious or critical violation of WCAG 2.1 A/AA. The script
 * is evaluated through the DevTools protocol rather than added as a <script> tag, which the page's
 * Content-Security-Policy (script-src 'self') rightly refuses (D-1754).
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  await page.evaluate(await axeSource);
  const found = (await page.evaluate(
    `axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }).then((r) => r.violations)`,
  )) as Array<{ id: string; impact: string; help: string; nodes: Array<{ target: unknown }> }>;
  const violations = found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))}`);
  expect(violations, `accessibility of ${what}`).toEqual([]);
}

/** A full-page screenshot into test-output/web/<name>.png. */
export async function snap(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** Photograph and check one page: the two things every page of the tests gets. */
export async function review(page: Page, name: string): Promise<void> {
  await snap(page, name);
  await expectAccessible(page, name);
}

/** `expect.poll` with a budget fit for a busy machine (argon2, the registers, the worker's jobs). */
export const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 30_000, interval: 100 });

/** A locator's text with no-break spaces (money, "Kč") as plain spaces, for readable assertions. */
export const textOf = async (locator: Locator) => ((await locator.textContent()) ?? '').replace(/\u00a0/g, ' ').trim();

/** A player with a temporary account made through the API (registration is the registration test's subject), logged in through the page. */
export async function loggedInPlayer(
  p: WebPlatform,
  page: Page,
  overrides: Record<string, unknown> = {},
): Promise<{ email: string; playerId: string; holder: string }> {
  const person = await newPerson(p.h);
  const application = applicationFor(person, {
    selfLimits: (p.h.platform.profile ?? czFoProfile).limits.registrationMeasures.map((m) => ({
      measure: m.code,
      decision: 'refused',
    })),
    ...overrides,
  });
  const registered = await registerToTemporaryAccount(p.h, application);
  await page.goto(`${p.url}/login`);
  await page.getByLabel('E-mail').fill(registered.email);
  await page.getByLabel('Heslo').fill(application.password as string);
  await page.getByRole('button', { name: 'Přihlásit se' }).click();
  await page.getByRole('heading', { level: 1, name: 'Hry' }).waitFor();
  return { email: registered.email, playerId: registered.playerId, holder: `${person.firstName} ${person.surname}` };
}

/**
 * A card added on the wallet page and a deposit paid through the provider's 3-D Secure page, credited.
 * A card belongs to one player: a second player in the same test brings another (4111… is a Visa, CZ).
 */
export async function depositThroughPage(
  p: WebPlatform,
  page: Page,
  holder: string,
  crowns: string,
  card = '4242424242424242',
): Promise<void> {
  await page.goto(`${p.url}/wallet`);
  await page.getByLabel('Číslo karty').fill(card);
  await page.getByLabel('Platnost (MM/RR)').fill('12/30');
  await page.getByLabel('Jméno držitele').first().fill(holder);
  await page.getByRole('button', { name: 'Přidat kartu' }).click();
  await page.getByTestId('payment-method').first().waitFor();
  await page.getByLabel('Částka vkladu (Kč)').fill(crowns);
  await page.getByRole('button', { name: 'Vložit' }).click();
  await page.waitForURL(/\/psp\/payments\/.+\/authentication/);
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.waitForURL(/\/deposits\/.+\/payment-return$/);
  await page.getByText(/byl připsán/).waitFor();
}
