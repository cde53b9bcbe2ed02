/**
 * The console's browser tests' platform (issue 21): the whole-platform harness (sandbox, payments
 * gateway, worker with the exports' job, player API, real PostgreSQL and Redis), the admin API on a
 * real port, the console in front of it, and headless Chromium (Debian's /usr/bin/chromium) driving
 * the built page. Nothing is mocked. Staff users are made per test with their TOTP secrets sealed by
 * the platform's own key, and log in through the page with the password and a TOTP code.
 */
import { createHash, createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createTestStaff, insertTestPlayer, type TestStaff } from '@casino/compliance/testing';
import { requestWithdrawal } from '@casino/cashier';
import { Money, newId } from '@casino/core';
import { transaction } from '@casino/db';
import type { StaffRoleName } from '@casino/compliance';
import * as ledger from '@casino/ledger';
import { startHarness, type Harness } from '@casino/test-support';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { buildConsole } from '../app.ts';
import { loadConsoleConfig } from '../config.ts';
import type { App } from '@casino/http';
import type { OperatorProfile } from '@casino/operator';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const root = path.resolve(import.meta.dirname, '..', '..', '..', '..');
/** Every page the tests open is photographed here (ignored by git) for a reviewer to look at. */
export const screenshotDir = path.join(root, 'test-output', 'console');

/** Chromium, or a failure that says how to get it (never a skip: CI installs it, .ci/run). */
async function launchChromium(): Promise<Browser> {
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
      '--disable-dev-shm-usage',
      '--no-first-run',
    ],
  });
}

/** RFC 6238 TOTP (SHA-1, 6 digits, 30-second steps) at the harness's clock, as an authenticator app computes it. */
export function totpCode(secretBase32: string, at: Date): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secretBase32.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at.getTime() / 1000 / 30)));
  const hmac = createHmac('sha1', key).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  const value = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

export interface ConsolePlatform {
  h: Harness;
  consoleApp: App;
  url: string;
  browser: Browser;
  newPage(): Promise<{ context: BrowserContext; page: Page; problems: string[] }>;
  /** A staff user of these roles, logged in through the console's login page (password and TOTP). */
  loggedInStaff(page: Page, roles: StaffRoleName[]): Promise<TestStaff>;
  close(): Promise<void>;
}

/** `profile`: the house the apps run as (CZ-FO by default, as OPERATOR_PROFILE's default). */
export async function startConsolePlatform(options: { profile?: OperatorProfile } = {}): Promise<ConsolePlatform> {
  const browser = await launchChromium();
  const h = await startHarness(new Date(), {
    guards: 'platform',
    reportingJobs: true,
    ...(options.profile ? { profile: options.profile } : {}),
  });
  const adminUrl = await h.admin.listen({ host: '127.0.0.1', port: 0 });
  const consoleApp = await buildConsole({
    config: loadConsoleConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ADMIN_API_URL: adminUrl }),
  });
  // Port 0: the system gives a free port as it binds (a port looked up first could be taken before the bind).
  const url = await consoleApp.listen({ host: '127.0.0.1', port: 0 });
  await mkdir(screenshotDir, { recursive: true });
  let clientNumber = 0;
  return {
    h,
    consoleApp,
    url,
    browser,
    async newPage() {
      const context = await browser.newContext({
        viewport: { width: 1366, height: 900 },
        locale: 'cs-CZ',
        timezoneId: 'Europe/Prague',
        acceptDownloads: true,
        // Each page is another officer's machine (a TEST-NET-2 address the loopback-trusting servers
        // pass on, D-1766): the staff login limit of 10 a minute per address is per person, as in an
        // office, not one shared by every test of the file.
        extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${(clientNumber = (clientNumber % 250) + 1)}` },
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
    async loggedInStaff(page, roles) {
      const staff = await createTestStaff(h.platform.compliance(), roles);
      await page.goto(url);
      await page.getByLabel('E-mail').fill(staff.email);
      await page.getByLabel('Heslo').fill(staff.password);
      await page.getByLabel('Kód z autentizační aplikace').fill(totpCode(staff.totpSecret, h.clock.now()));
      await page.getByRole('button', { name: 'Přihlásit se' }).click();
      await page.getByRole('heading', { level: 1, name: 'Přehled' }).waitFor();
      return staff;
    },
    async close() {
      await browser.close().catch(() => undefined);
      await consoleApp.close();
      await h.close();
    },
  };
}

/**
 * A registered player with a verified, active bank account, a funded cash wallet and, when asked,
 * with `withdrawCrowns` a withdrawal waiting in the review queue (taken by support: 004:ACC-11 makes it wait for review).
 */
export async function playerWithWithdrawalInReview(
  p: ConsolePlatform,
  options: { surname: string; fundedCrowns: string; withdrawCrowns?: string; birthNumber?: string },
): Promise<{ playerId: string; withdrawalId: string | null }> {
  const { h } = p;
  const db = h.connections.db;
  const playerId = await insertTestPlayer(db, { firstName: 'Jana', surname: options.surname });
  if (options.birthNumber)
    await db.player.update({
      where: { id: playerId },
      data: {
        birthNumberEncrypted: h.platform.compliance().secrets.encrypt(options.birthNumber),
        // The identity digest is the players package's (keyed); any unique value keeps the pair constraint here.
        birthNumberHash: createHash('sha256').update(`birth-number:${playerId}`).digest('hex'),
      },
    });
  const now = h.clock.now();
  await db.paymentMethod.create({
    data: {
      id: newId(),
      playerId,
      kind: 'BANK_ACCOUNT',
      instrument: 'bank-transfer',
      status: 'VERIFIED',
      active: true,
      holderName: `Jana ${options.surname}`,
      holderNameExact: true,
      country: 'CZ',
      display: 'CZ65 •••• 1234',
      // Sealed with the platform's key like a registered account; its digest is unique per player.
      accountNumberEncrypted: h.platform.compliance().secrets.encrypt(`CZ6508000000192000145399-${playerId}`),
      accountNumberHash: createHash('sha256').update(playerId).digest('hex'),
      verificationDeadlineAt: now,
      verifiedAt: now,
      createdAt: now,
      updatedAt: now,
    },
  });
  const wallet = await ledger.openAccount(db, ledger.playerWalletSpec(playerId, 'cash', 'CZK'));
  const bank = (await ledger.findAccountByCode(db, ledger.operatorAccountCode('bank', 'CZK')))!.id;
  await transaction(db, (tx) =>
    ledger.transfer(
      tx,
      {
        idempotencyKey: `console-test-funding:${playerId}`,
        kind: 'DEPOSIT',
        amount: Money.of(options.fundedCrowns, 'CZK'),
        debitAccountId: bank,
        creditAccountId: wallet.id,
        metadata: { test: 'console' },
      },
      now,
    ),
  );
  if (!options.withdrawCrowns) return { playerId, withdrawalId: null };
  const withdrawal = await requestWithdrawal(h.cashier, {
    playerId,
    amount: Money.of(options.withdrawCrowns, 'CZK'),
    idempotencyKey: `console-test:${playerId}`,
    channel: 'SUPPORT',
    requestedBy: 'console-test',
  });
  expect(withdrawal.status).toBe('IN_REVIEW');
  return { playerId, withdrawalId: withdrawal.id };
}

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core on the page as it is now: no serious or critical violation of WCAG 2.1 A/AA. The script
 * is evaluated through the DevTools protocol, since the page's CSP (script-src 'self') refuses it as a tag (D-1754).
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

/** Photograph (test-output/console/<name>.png) and check one page: the two things every page of the tests gets. */
export async function review(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
  await expectAccessible(page, name);
}

/** `expect.poll` with a budget fit for a busy machine. */
export const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 30_000, interval: 100 });
