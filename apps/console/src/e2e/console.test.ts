/**
 * The back-office console in a real browser (issue 21) against the real platform: staff log in with
 * a password and a TOTP code; the navigation follows the roles while the admin API stays the
 * authority; an officer works an alert into a case and holds payouts, which the withdrawal queue
 * then shows; a cashier approves a withdrawal; an auditor exports a register, downloads the file and
 * its manifest, and `npm run verify:export` accepts them; unmasking a birth number is audited.
 * axe-core runs on every page, and every page is photographed into test-output/console/.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { raiseAlert, screeningRuleCode } from '@casino/compliance';
import { Money } from '@casino/core';
import { transaction } from '@casino/db';
import * as ledger from '@casino/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  playerWithWithdrawalInReview,
  poll,
  review,
  root,
  startConsolePlatform,
  type ConsolePlatform,
} from './browser-test-support.ts';

let p: ConsolePlatform;
let downloads: string;

beforeAll(async () => {
  p = await startConsolePlatform();
  downloads = await mkdtemp(path.join(tmpdir(), 'console-downloads-'));
}, 120_000);

afterAll(async () => {
  await p?.close();
  if (downloads) await rm(downloads, { recursive: true, force: true });
});

const db = () => p.h.connections.db;

describe('the back-office console in Chromium', () => {
  it('issue 21: staff log in with password and TOTP; the login page and the overview pass axe', async () => {
    const { page, problems } = await p.newPage();
    await page.goto(p.url);
    await page.getByRole('heading', { level: 1, name: 'Přihlášení zaměstnance' }).waitFor();
    await review(page, 'login');
    // A wrong code is refused with one message whatever was wrong.
    await page.getByLabel('E-mail').fill('nobody@staff.test');
    await page.getByLabel('Heslo').fill('wrong-password');
    await page.getByLabel('Kód z autentizační aplikace').fill('123456');
    await page.getByRole('button', { name: 'Přihlásit se' }).click();
    await page.getByText('E-mail, heslo nebo kód nesouhlasí.').waitFor();
    await p.loggedInStaff(page, ['compliance-officer']);
    await review(page, 'home-officer');
    // After a reload the access token (memory only) is gone; the httpOnly cookie brings a new one.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Přehled' }).waitFor();
    expect(await page.evaluate('document.cookie')).toBe('');
    // English on the switch, remembered in this browser.
    await page.getByRole('button', { name: 'EN' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await review(page, 'home-officer-en');
    await page.getByRole('button', { name: 'CS' }).click();
    expect(problems).toEqual([]);
  }, 180_000);

  it('issue 21: a support user sees no AML pages, is refused on them, and the admin API refuses the call made by hand (403)', async () => {
    const { page, problems } = await p.newPage();
    await p.loggedInStaff(page, ['support']);
    const nav = page.getByRole('navigation', { name: 'Hlavní navigace' });
    await poll(() => nav.getByRole('link').allTextContents()).toContain('Hráči');
    expect(await nav.getByRole('link').allTextContents()).not.toContain('AML upozornění');
    await page.goto(`${p.url}/aml/alerts`);
    await page.getByRole('heading', { level: 1, name: 'Na tuto stránku vaše role nemá přístup.' }).waitFor();
    await review(page, 'support-refused-aml');
    // By hand: a fresh access token from the session cookie, then the alert queue asked directly.
    const status = await page.evaluate(async () => {
      const session = (await (await fetch('/api/session/refresh', { method: 'POST' })).json()) as { accessToken: string };
      const answer = await fetch('/api/admin/v1/alerts', { headers: { authorization: `Bearer ${session.accessToken}` } });
      return { status: answer.status, type: ((await answer.json()) as { type: string }).type };
    });
    expect(status).toEqual({ status: 403, type: 'https://problems.casino.example/forbidden' });
    expect(problems).toEqual([]);
  }, 180_000);

  it("issue 21: unmasking a birth number is a logged action: masked by default, shown after a reason, an audit entry written that the player's audit trail shows an auditor", async () => {
    const { playerId } = await playerWithWithdrawalInReview(p, {
      surname: 'Maskovaná',
      fundedCrowns: '500.00',
      withdrawCrowns: '100.00',
      birthNumber: '9005054321',
    });
    const { page, problems } = await p.newPage();
    const officer = await p.loggedInStaff(page, ['compliance-officer']);
    await page.goto(`${p.url}/players`);
    await page.getByLabel('ID, e-mail nebo začátek příjmení').fill('Maskovan');
    await page.getByRole('button', { name: 'Hledat' }).click();
    await page.getByRole('link', { name: 'Jana Maskovaná' }).click();
    await page.getByRole('heading', { level: 1, name: 'Hráč Jana Maskovaná' }).waitFor();
    await poll(() => page.getByTestId('birth-number').textContent()).toBe('******/****');
    await review(page, 'player-masked');
    await page.getByRole('button', { name: 'Odkrýt osobní údaje' }).click();
    await page.getByRole('dialog').getByLabel('Důvod').fill('ověření totožnosti na žádost hráče');
    await page.getByRole('dialog').getByRole('button', { name: 'Odkrýt osobní údaje' }).click();
    await poll(() => page.getByTestId('birth-number').textContent()).toBe('9005054321');
    await review(page, 'player-unmasked');
    const entry = await db().auditLogEntry.findFirst({
      where: { action: 'player.view-personal-data', subjectId: playerId, actorId: officer.staffUserId },
    });
    expect(entry).toMatchObject({ reason: 'ověření totožnosti na žádost hráče', subjectType: 'player' });
    // Block with a required reason, then unblock.
    await page.getByRole('button', { name: 'Zablokovat' }).click();
    expect(await page.getByRole('dialog').getByRole('button', { name: 'Zablokovat' }).isDisabled()).toBe(true);
    await page.getByRole('dialog').getByLabel('Důvod').fill('podezření na sdílení účtu');
    await page.getByRole('dialog').getByRole('button', { name: 'Zablokovat' }).click();
    await poll(() => page.getByTestId('player-state').textContent()).toBe('BLOCKED');
    await page.getByRole('button', { name: 'Odblokovat' }).click();
    await page.getByRole('dialog').getByLabel('Důvod').fill('prověřeno, účet nesdílí');
    await page.getByRole('dialog').getByRole('button', { name: 'Odblokovat' }).click();
    await poll(() => page.getByTestId('player-state').textContent()).toBe('REGISTERED');
    expect(problems).toEqual([]);
    // The player's audit trail, for the audit log's readers: the unmasking and the block with their reasons.
    const { page: auditorPage, problems: auditorProblems } = await p.newPage();
    await p.loggedInStaff(auditorPage, ['auditor']);
    await auditorPage.goto(`${p.url}/players/${playerId}`);
    await auditorPage.getByRole('heading', { level: 2, name: 'Auditní stopa hráče' }).waitFor();
    await poll(async () => (await auditorPage.getByTestId('player-audit').textContent()) ?? '').toMatch(
      /ověření totožnosti na žádost hráče[\s\S]*podezření na sdílení účtu|podezření na sdílení účtu[\s\S]*ověření totožnosti na žádost hráče/,
    );
    await review(auditorPage, 'player-audit-trail');
    expect(auditorProblems).toEqual([]);
  }, 180_000);

  it('004:AML-04 issue 21: an officer works an alert into a case and holds payouts; the withdrawal queue then shows the hold', async () => {
    const { playerId, withdrawalId } = await playerWithWithdrawalInReview(p, {
      surname: 'Podezřelá',
      fundedCrowns: '3000.00',
      withdrawCrowns: '2000.00',
    });
    const rules = p.h.platform.compliance().rules;
    const { alertId } = await transaction(db(), (tx) =>
      raiseAlert(tx, rules, {
        playerId,
        source: 'MONITORING',
        ruleCode: 'RAPID_CYCLING',
        score: 40,
        details: { note: 'deposits withdrawn without play' },
        at: p.h.clock.now(),
      }),
    );
    const { page, problems } = await p.newPage();
    await p.loggedInStaff(page, ['compliance-officer']);
    await page.getByRole('navigation', { name: 'Hlavní navigace' }).getByRole('link', { name: 'AML upozornění' }).click();
    await page.getByRole('heading', { level: 1, name: 'AML upozornění' }).waitFor();
    const row = page.locator(`[data-alert-id="${alertId}"]`);
    await row.getByRole('button', { name: 'Převzít' }).click();
    await row.getByText('převzato mnou').waitFor();
    await review(page, 'aml-alerts');
    await row.getByRole('checkbox').check();
    await page.getByLabel('Název případu').fill('Rychlé cykly vkladů a výběrů');
    await page.getByRole('button', { name: 'Založit případ z vybraných' }).click();
    await page.getByRole('heading', { level: 1, name: 'Případ: Rychlé cykly vkladů a výběrů' }).waitFor();
    await page.getByLabel('Nová poznámka').fill('Vklady kartou vybírány na účet bez hry.');
    await page.getByRole('button', { name: 'Přidat poznámku' }).click();
    await page.getByText('Vklady kartou vybírány na účet bez hry.').waitFor();
    await page.getByRole('radio', { name: 'Pozastavit výplaty' }).check();
    await page.getByLabel('Důvod', { exact: true }).fill('podezřelý obchod, výplaty pozastaveny do prověření');
    await page.getByRole('button', { name: 'Rozhodnout' }).click();
    await page.getByText(/^Rozhodnuto:/).waitFor();
    await poll(async () => (await page.getByTestId('case-holds').locator('li').count()) > 0).toBe(true);
    await review(page, 'aml-case-hold');
    expect(await db().payoutHold.count({ where: { playerId, releasedAt: null } })).toBe(1);

    await page.getByRole('navigation', { name: 'Hlavní navigace' }).getByRole('link', { name: 'Výběry' }).click();
    const withdrawal = page.locator(`[data-withdrawal-id="${withdrawalId}"]`);
    await withdrawal.getByTestId('payout-hold').waitFor();
    expect(await withdrawal.getByTestId('payout-hold').textContent()).toContain('Výplaty pozastaveny');
    await review(page, 'withdrawals-hold');
    expect(problems).toEqual([]);
  }, 180_000);

  it('002:KYC-01 issue 21: an officer clears a sanctions/PEP screening hit as a false positive, with a reason', async () => {
    const { playerId } = await playerWithWithdrawalInReview(p, { surname: 'Jmenovkyně', fundedCrowns: '100.00' });
    const rules = p.h.platform.compliance().rules;
    const { alertId } = await transaction(db(), (tx) =>
      raiseAlert(tx, rules, {
        playerId,
        source: 'SCREENING',
        ruleCode: screeningRuleCode,
        score: 60,
        details: { matches: [] },
        at: p.h.clock.now(),
      }),
    );
    const { page, problems } = await p.newPage();
    await p.loggedInStaff(page, ['compliance-officer']);
    await page.goto(`${p.url}/aml/alerts`);
    const row = page.locator(`[data-alert-id="${alertId}"]`);
    await row.getByRole('button', { name: 'Falešná shoda' }).click();
    await page.getByRole('dialog').getByLabel('Důvod').fill('jiné datum narození než osoba na seznamu');
    await page.getByRole('dialog').getByRole('button', { name: 'Falešná shoda' }).click();
    await page.getByText('Rozhodnuto; stav účtu hráče: REGISTERED.').waitFor();
    expect(await db().complianceAlert.findUniqueOrThrow({ where: { id: alertId } })).toMatchObject({
      status: 'CLOSED',
      outcome: 'false-positive',
    });
    expect(problems).toEqual([]);
  }, 180_000);

  it('004:WDR-03 issue 21: a cashier sees the 14-day timer and approves a withdrawal in review; the payment-method queue passes axe', async () => {
    const { withdrawalId } = await playerWithWithdrawalInReview(p, {
      surname: 'Výběrová',
      fundedCrowns: '1000.00',
      withdrawCrowns: '400.00',
    });
    const { page, problems } = await p.newPage();
    await p.loggedInStaff(page, ['finance']);
    await page.goto(`${p.url}/cashier/withdrawals`);
    const row = page.locator(`[data-withdrawal-id="${withdrawalId}"]`);
    await row.getByText(/zbývá \d+ d/).waitFor();
    await review(page, 'withdrawals-queue');
    await row.getByRole('button', { name: 'Schválit' }).click();
    await page.getByRole('dialog').getByLabel('Důvod').fill('doklady v pořádku, schváleno');
    await page.getByRole('dialog').getByRole('button', { name: 'Schválit' }).click();
    await page.getByText('Výběr schválen; jde k výplatě.').waitFor();
    await poll(async () => (await db().cashierWithdrawal.findUniqueOrThrow({ where: { id: withdrawalId! } })).status).not.toBe(
      'IN_REVIEW',
    );
    await poll(() => row.count()).toBe(0);
    // Cashiers do not verify payment methods (support and compliance do): their navigation says so.
    expect(await page.getByRole('navigation', { name: 'Hlavní navigace' }).getByRole('link').allTextContents()).not.toContain(
      'Ověření plateb. metod',
    );
    expect(problems).toEqual([]);

    const support = await p.newPage();
    await p.loggedInStaff(support.page, ['support']);
    await support.page.goto(`${p.url}/cashier/payment-methods`);
    await support.page.getByRole('heading', { level: 1, name: 'Ověření platebních metod' }).waitFor();
    await review(support.page, 'payment-methods-queue');
    await support.page.goto(`${p.url}/complaints`);
    await support.page.getByRole('heading', { level: 1, name: 'Stížnosti' }).waitFor();
    await review(support.page, 'complaints');
    expect(support.problems).toEqual([]);
  }, 180_000);

  it('issue 21 / 10: an auditor runs an export, watches it to READY, downloads file and manifest, and `npm run verify:export` accepts them', async () => {
    const { page, problems } = await p.newPage();
    await p.loggedInStaff(page, ['auditor']);
    await page.goto(`${p.url}/audit/exports`);
    await page.getByRole('heading', { level: 1, name: 'Exporty pro auditory' }).waitFor();
    await page.getByLabel('Registr').selectOption('audit-log');
    await page.getByLabel('Formát').selectOption('csv');
    await page.getByRole('button', { name: 'Spustit export' }).click();
    await page.getByText('Export zadán.').waitFor();
    const ready = page.locator('[data-testid="export-row"][data-status="READY"]').first();
    await ready.waitFor({ timeout: 60_000 });
    await review(page, 'exports-ready');
    const [file] = await Promise.all([page.waitForEvent('download'), ready.getByRole('button', { name: 'Stáhnout' }).click()]);
    const filePath = path.join(downloads, 'audit-log.csv');
    await file.saveAs(filePath);
    const [manifest] = await Promise.all([
      page.waitForEvent('download'),
      ready.getByRole('button', { name: 'Manifest' }).click(),
    ]);
    await manifest.saveAs(`${filePath}.manifest.json`);

    // The README's command, against this test's database.
    const verified = spawnSync(
      process.execPath,
      [path.join(root, 'scripts', 'bootstrap.mjs'), 'run', 'scripts/verify-export.ts', filePath],
      {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, DATABASE_URL: p.h.connections.testDatabase.url },
      },
    );
    expect(verified.stdout, verified.stderr).toContain('verify:export ok');
    expect(verified.status).toBe(0);

    await page.goto(`${p.url}/audit/verification`);
    await page.getByRole('button', { name: 'Ověřit' }).click();
    await poll(async () => (await page.getByTestId('audit-verification').textContent()) ?? '').toMatch(/neporušený/);
    await poll(async () => (await page.getByTestId('chain-verification').textContent()) ?? '').toMatch(/neporušený/);
    await review(page, 'audit-verification');
    await page.goto(`${p.url}/audit/reports`);
    await page.getByRole('heading', { level: 2, name: 'Předvaha' }).waitFor();
    await page.locator('table').first().waitFor();
    // The liability to players with its cover, and (for an auditor) the shared-liquidity allocation.
    await page.getByRole('heading', { level: 2, name: 'Vklady a výběry po dnech' }).waitFor();
    await page.getByTestId('payments-per-day').waitFor();
    await page.getByRole('heading', { level: 2, name: 'Závazky vůči hráčům ke konci dne' }).waitFor();
    await page.getByRole('rowheader', { name: 'Přebytek (krytí závazků)' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Sdílená likvidita pokeru (podíl českých hráčů)' }).waitFor();
    await page.getByRole('rowheader', { name: 'Příjem připadající na Českou republiku' }).waitFor();
    await review(page, 'reports');
    expect(problems).toEqual([]);
  }, 180_000);
  it("004:DEP-03 / WIN-04 / WIN-05 / TRM-10 issue 21: on the player view a cashier-officer sets a stricter card cap (a looser one refused with the API detail), takes back a wrong win leaving a debt (a second clawback refused) that the cashiers' debts page lists, and closes the account with a ground and a reason", async () => {
    const { playerId } = await playerWithWithdrawalInReview(p, { surname: 'Vrácená', fundedCrowns: '300.00' });
    const { h } = p;
    const wallet = (await ledger.findAccountByCode(db(), ledger.playerWalletCode(playerId, 'cash', 'CZK')))!.id;
    const house = (await ledger.findAccountByCode(db(), ledger.operatorAccountCode('game-revenue', 'CZK', 'roulette')))!.id;
    // A win credited by mistake, then staked away: the clawback cannot be covered by the balance (004:WIN-05).
    for (const [kind, debit, credit] of [
      ['WIN', house, wallet],
      ['STAKE', wallet, house],
    ] as const)
      await transaction(db(), (tx) =>
        ledger.transfer(
          tx,
          {
            idempotencyKey: `console-test-${kind}:${playerId}`,
            kind,
            amount: Money.of('1000.00', 'CZK'),
            debitAccountId: debit,
            creditAccountId: credit,
            metadata: { game: 'roulette' },
          },
          h.clock.now(),
        ),
      );
    const { page, problems } = await p.newPage();
    await p.loggedInStaff(page, ['finance', 'compliance-officer']);
    await page.goto(`${p.url}/players/${playerId}`);
    await page.getByRole('heading', { level: 1, name: 'Hráč Jana Vrácená' }).waitFor();

    const caps = page.getByRole('form', { name: 'Přísnější limity hráče' });
    await caps.getByLabel('Nejvýše za transakci (CZK)').fill('400000.00');
    await caps.getByLabel('Důvod').fill('hráč požádal o nižší limit vkladu kartou');
    await caps.getByRole('button', { name: 'Nastavit limity' }).click();
    await page.getByRole('alert').filter({ hasText: 'Odmítnuto' }).waitFor();
    expect(await db().cashierCapOverride.count({ where: { playerId } })).toBe(0);
    await caps.getByLabel('Nejvýše za transakci (CZK)').fill('1000.00');
    await caps.getByLabel('Důvod').fill('hráč požádal o nižší limit vkladu kartou');
    await caps.getByRole('button', { name: 'Nastavit limity' }).click();
    await page.getByText('Limity hráče jsou nastaveny.').waitFor();
    await poll(async () =>
      (await db().cashierCapOverride.findMany({ where: { playerId } })).map((o) => [
        o.instrument,
        o.direction,
        o.perTransactionMinorMax,
      ]),
    ).toEqual([['card', 'DEPOSIT', 100_000n]]);

    const clawback = page.getByRole('form', { name: 'Vrácení neoprávněně připsané výhry' });
    await clawback.getByLabel('Důvod').fill('výhra připsána dvakrát chybou vypořádání');
    await clawback.getByRole('button', { name: 'Strhnout výhru' }).click();
    await page.getByRole('status').filter({ hasText: 'dluh' }).waitFor();
    await page.getByTestId('debts').getByText('CLAWBACK').waitFor();
    const debt = await db().playerDebt.findFirstOrThrow({ where: { playerId } });
    expect([debt.cause, debt.outstandingMinor]).toEqual(['CLAWBACK', 70_000n]);
    await review(page, 'player-money-actions');
    await clawback.getByLabel('Důvod').fill('ještě jednou tatáž výhra');
    await clawback.getByRole('button', { name: 'Strhnout výhru' }).click();
    await page.getByRole('alert').filter({ hasText: 'already' }).waitFor();

    // The cashiers' lists: the debt among every player's unpaid debts; the overdue payouts page.
    await page.getByRole('link', { name: 'Dluhy' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dluhy hráčů' }).waitFor();
    await page
      .getByTestId('debts-list')
      .getByRole('link', { name: playerId.slice(0, 8) })
      .waitFor();
    await review(page, 'cashier-debts');
    await page.getByRole('link', { name: 'Výplaty po lhůtě' }).click();
    await page.getByRole('heading', { level: 1, name: 'Výplaty po lhůtě' }).waitFor();
    await page.getByTestId('overdue-payouts').waitFor();
    await review(page, 'cashier-overdue-payouts');
    await page.goto(`${p.url}/players/${playerId}`);
    await page.getByRole('heading', { level: 1, name: 'Hráč Jana Vrácená' }).waitFor();
    await page.getByRole('button', { name: 'Ukončit účet' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Důvod ukončení (bod smlouvy)').selectOption('v');
    await dialog.getByLabel('Důvod', { exact: true }).fill('neoprávněně připsaná výhra nebyla vrácena');
    await dialog.getByRole('button', { name: 'Ukončit účet' }).click();
    await poll(() => page.getByTestId('player-state').textContent()).toBe('CLOSED');
    await review(page, 'player-closed');
    expect(problems).toEqual([]);
  }, 180_000);
});
