/**
 * The console's case file and complaints desk in a real browser (issue 21) against the real
 * platform: an MLRO attaches a document to a case, files a suspicious transaction report, downloads
 * the STR document and records the filing with the FIU's reference; the MLRO tunes a monitoring
 * rule's threshold; support answers a complaint with reasoning under its SLA clock. axe-core runs on
 * every page reviewed, and each is photographed into test-output/console/.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { findComplaint, raiseAlert, receiveComplaint } from '@casino/compliance';
import { createTestStaff } from '@casino/compliance/testing';
import { transaction } from '@casino/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  playerWithWithdrawalInReview,
  poll,
  review,
  startConsolePlatform,
  type ConsolePlatform,
} from './browser-test-support.ts';

let p: ConsolePlatform;

beforeAll(async () => {
  p = await startConsolePlatform();
}, 120_000);

afterAll(async () => {
  await p?.close();
});

const db = () => p.h.connections.db;

describe('the console: case file, STR, monitoring rules and complaints in Chromium', () => {
  it('004:AML-04 002:AML-05 issue 21: an MLRO uploads a case document (SHA-256 kept), files the STR from the case, downloads the STR document and records the filing', async () => {
    const { playerId } = await playerWithWithdrawalInReview(p, { surname: 'Oznámená', fundedCrowns: '1234.50' });
    const { alertId } = await transaction(db(), (tx) =>
      raiseAlert(tx, p.h.platform.compliance().rules, {
        playerId,
        source: 'MONITORING',
        ruleCode: 'RAPID_CYCLING',
        score: 40,
        details: { note: 'deposit withdrawn without play' },
        at: p.h.clock.now(),
      }),
    );
    const { page, problems } = await p.newPage();
    await p.loggedInStaff(page, ['mlro']);
    await page.goto(`${p.url}/aml/alerts`);
    const row = page.locator(`[data-alert-id="${alertId}"]`);
    await row.getByRole('checkbox').check();
    await page.getByLabel('Název případu').fill('Vklad vybraný bez hry');
    await page.getByRole('button', { name: 'Založit případ z vybraných' }).click();
    await page.getByRole('heading', { level: 1, name: 'Případ: Vklad vybraný bez hry' }).waitFor();

    // A document: its bytes reach the case file unchanged, with their SHA-256.
    const content = Buffer.from('%PDF-1.4\nvýpis z účtu hráče, listopad 2026\n%%EOF\n', 'utf8');
    const sha256 = createHash('sha256').update(content).digest('hex');
    await page
      .getByLabel('Dokument k případu')
      .setInputFiles({ name: 'vypis-uctu.pdf', mimeType: 'application/pdf', buffer: content });
    await page.getByRole('button', { name: 'Nahrát dokument' }).click();
    await page.getByText(`Dokument nahrán (SHA-256 ${sha256}).`).waitFor();
    await page
      .getByTestId('case-documents')
      .getByText(/vypis-uctu\.pdf/)
      .waitFor();
    const [saved] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Stáhnout vypis-uctu.pdf' }).click(),
    ]);
    expect(await readFile((await saved.path())!)).toEqual(content);
    const caseId = new URL(page.url()).pathname.split('/').pop()!;
    expect(await db().caseDocument.findMany({ where: { caseId }, select: { filename: true, sha256: true } })).toEqual([
      { filename: 'vypis-uctu.pdf', sha256 },
    ]);
    await review(page, 'aml-case-document');

    // The decision "file a report" (MLRO only) makes the STR; its document and the filing.
    await page.getByRole('radio', { name: 'Podat oznámení (MLRO)' }).check();
    await page.getByLabel('Důvod', { exact: true }).fill('Prostředky prošly účtem bez hry.');
    await page.getByRole('button', { name: 'Rozhodnout' }).click();
    await page.getByText('Oznámení zatím nebylo podáno FAÚ.').waitFor();
    const strOf = async () => {
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Stáhnout oznámení (JSON)' }).click(),
      ]);
      expect(file.suggestedFilename()).toMatch(/^str-[\w-]+\.json$/);
      return JSON.parse(await readFile((await file.path())!, 'utf8')) as Record<string, unknown>;
    };
    expect(await strOf()).toMatchObject({
      reasoning: 'Prostředky prošly účtem bez hry.',
      subject: { id: playerId },
      transactions: [{ kind: 'DEPOSIT', amountMinor: '123450', currency: 'CZK' }],
      filing: null,
    });
    await review(page, 'aml-case-str');
    await page.getByLabel('Číslo jednací FAÚ').fill('FAU-2026-0042');
    await page.getByRole('button', { name: 'Zaznamenat podání' }).click();
    await poll(async () => (await page.getByTestId('report-filing').textContent()) ?? '').toMatch(/číslo jednací FAU-2026-0042/);
    expect(await strOf()).toMatchObject({ filing: { authorityReference: 'FAU-2026-0042' } });
    expect(await db().suspiciousTransactionReport.findFirstOrThrow({ where: { caseId } })).toMatchObject({
      authorityReference: 'FAU-2026-0042',
    });
    await review(page, 'aml-case-str-filed');
    expect(problems).toEqual([]);
  }, 180_000);

  it('issue 21: the MLRO tunes a monitoring rule threshold in EUR with a reason; the rule is versioned, an officer only reads', async () => {
    const before = await db().monitoringRule.findFirstOrThrow({
      where: { thresholdMinor: { not: null } },
      orderBy: { code: 'asc' },
    });
    const { page, problems } = await p.newPage();
    await p.loggedInStaff(page, ['mlro']);
    await page.getByRole('navigation', { name: 'Hlavní navigace' }).getByRole('link', { name: 'Pravidla AML' }).click();
    await page.getByRole('heading', { level: 1, name: 'Pravidla AML monitoringu' }).waitFor();
    const row = page.locator(`[data-rule-code="${before.code}"]`);
    await row.getByRole('button', { name: `Upravit ${before.code}` }).click();
    await row.getByLabel('Práh (EUR, prázdné = bez prahu)').fill('1234.5');
    await row.getByLabel('Důvod', { exact: true }).fill('pilot: nižší práh na měsíc');
    await row.getByRole('button', { name: 'Uložit' }).click();
    await page.getByText(`Pravidlo ${before.code} uloženo (verze ${before.version + 1}).`).waitFor();
    // The table is read again after the save: wait for it rather than for the notice.
    await poll(() => row.getByTestId('rule-threshold').textContent()).toBe('1234.50 EUR');
    expect(await db().monitoringRule.findUniqueOrThrow({ where: { code: before.code } })).toMatchObject({
      thresholdMinor: 123450n,
      version: before.version + 1,
    });
    await review(page, 'aml-rules');
    expect(problems).toEqual([]);

    const officer = await p.newPage();
    await p.loggedInStaff(officer.page, ['compliance-officer']);
    await officer.page.goto(`${p.url}/aml/rules`);
    await officer.page.locator(`[data-rule-code="${before.code}"]`).waitFor();
    expect(await officer.page.getByRole('button', { name: /^Upravit / }).count()).toBe(0);
    expect(officer.problems).toEqual([]);
  }, 180_000);

  it('004:T-70 T-74 CMP-05 CMP-08 issue 21: support opens a complaint from the queue, sees its SLA clock, assesses it and decides it not upheld with reasoning; the decision names ČOI', async () => {
    const { playerId } = await playerWithWithdrawalInReview(p, { surname: 'Stěžující', fundedCrowns: '100.00' });
    // The complaint arrived by e-mail and was recorded by another support user (the intake is issue 23's).
    const desk = await createTestStaff(p.h.platform.compliance(), ['support']);
    const complaint = await receiveComplaint(
      p.h.platform.compliance(),
      { kind: 'staff', staffUserId: desk.staffUserId, roles: desk.roles },
      {
        channel: 'email',
        playerId,
        complainantName: 'Jana Stěžující',
        correspondenceAddress: 'Náměstí Svobody 1, 602 00 Brno',
        game: 'Roulette (European)',
        betClosedAt: new Date(p.h.clock.now().getTime() - 86_400_000),
        eventAt: new Date(p.h.clock.now().getTime() - 86_400_000),
        description: 'Výhra mi nebyla připsána.',
        remedyWanted: 'Připsat výhru.',
      },
    );
    expect(complaint.status).toBe('OPEN');

    const { page, problems } = await p.newPage();
    await p.loggedInStaff(page, ['support']);
    await page.getByRole('navigation', { name: 'Hlavní navigace' }).getByRole('link', { name: 'Stížnosti' }).click();
    await page.getByRole('link', { name: complaint.reference }).click();
    await page.getByRole('heading', { level: 1, name: `Stížnost ${complaint.reference}` }).waitFor();
    expect(await page.getByTestId('complaint-status').textContent()).toBe('OPEN');
    // The next deadline of the SLA clock: assessing is due within the operator's minutes.
    expect(await page.getByTestId('complaint-deadline').textContent()).toMatch(/\d{1,2}:\d{2}/);
    await review(page, 'complaint-open');

    await page.getByLabel('Poznámka').fill('Ověřeno v historii kol; sázka vypořádána podle pravidel.');
    await page.getByRole('button', { name: 'Provést' }).click();
    await page.getByText(/^Hotovo; stav stížnosti:/).waitFor();
    await page.getByRole('radio', { name: 'Rozhodnout s odůvodněním' }).check();
    await page.getByRole('radio', { name: 'Nevyhověno' }).check();
    await page.getByLabel('Důvod nevyhovění').fill('rule-misunderstanding');
    await page.getByRole('textbox', { name: 'Odůvodnění' }).fill('Sázka byla vypořádána podle zveřejněných pravidel hry.');
    await page.getByRole('button', { name: 'Provést' }).click();
    await poll(async () => (await page.getByTestId('complaint-status').textContent()) ?? '').toBe('DECIDED');
    expect(await page.getByTestId('complaint-decision').textContent()).toContain('Nevyhověno (rule-misunderstanding)');
    await page.getByText(/Mimosoudní řešení sporu: .*ČOI/).waitFor();
    await review(page, 'complaint-decided');
    expect(await findComplaint(p.h.platform.compliance(), complaint.complaintId)).toMatchObject({
      status: 'DECIDED',
      decision: 'not-upheld',
      decisionGround: 'rule-misunderstanding',
      reasoning: 'Sázka byla vypořádána podle zveřejněných pravidel hry.',
    });
    expect(problems).toEqual([]);
  }, 180_000);
  it('004:T-56 TRM-10 issue 21: an officer sees the termination grounds the job offered and dismisses one with a reason', async () => {
    const { playerId } = await playerWithWithdrawalInReview(p, { surname: 'Nečinná', fundedCrowns: '100.00' });
    // The nightly job's finding (packages/players), arranged below the page as the job would leave it.
    const candidateId = randomUUID();
    await db().terminationCandidate.create({
      data: {
        id: candidateId,
        playerId,
        ground: 'v',
        since: new Date(p.h.clock.now().getTime() - 400 * 86_400_000),
        detail: 'no bet for 12 months',
        foundAt: p.h.clock.now(),
        status: 'OPEN',
      },
    });
    const { page, problems } = await p.newPage();
    await p.loggedInStaff(page, ['compliance-officer']);
    await page.getByRole('navigation', { name: 'Hlavní navigace' }).getByRole('link', { name: 'Ukončení smluv' }).click();
    const row = page.locator(`[data-candidate-id="${candidateId}"]`);
    await row.getByText('no bet for 12 months').waitFor();
    await review(page, 'lifecycle-terminations');
    await row.getByRole('button', { name: 'Zamítnout důvod' }).click();
    await page.getByRole('dialog').getByLabel('Důvod').fill('hráč se ozval, chce účet ponechat');
    await page.getByRole('dialog').getByRole('button', { name: 'Zamítnout důvod' }).click();
    await page.getByText('Důvod zamítnut.').waitFor();
    await poll(() => row.count()).toBe(0);
    expect(await db().terminationCandidate.findUniqueOrThrow({ where: { id: candidateId } })).toMatchObject({
      status: 'DISMISSED',
    });
    expect(problems).toEqual([]);
  }, 180_000);
  it('004:AML-04 issue 21: an officer escalates a case to the MLRO with a reason; the case file says ESCALATED', async () => {
    const { playerId } = await playerWithWithdrawalInReview(p, { surname: 'Předaná', fundedCrowns: '200.00' });
    const { alertId } = await transaction(db(), (tx) =>
      raiseAlert(tx, p.h.platform.compliance().rules, {
        playerId,
        source: 'MONITORING',
        ruleCode: 'RAPID_CYCLING',
        score: 40,
        details: { note: 'source of funds unclear' },
        at: p.h.clock.now(),
      }),
    );
    const { page, problems } = await p.newPage();
    await p.loggedInStaff(page, ['compliance-officer']);
    await page.goto(`${p.url}/aml/alerts`);
    await page.locator(`[data-alert-id="${alertId}"]`).getByRole('checkbox').check();
    await page.getByLabel('Název případu').fill('Původ prostředků');
    await page.getByRole('button', { name: 'Založit případ z vybraných' }).click();
    await page.getByRole('heading', { level: 1, name: 'Případ: Původ prostředků' }).waitFor();
    await page.getByRole('button', { name: 'Předat pověřené osobě (MLRO)' }).click();
    await page.getByRole('dialog').getByLabel('Důvod').fill('původ prostředků nejasný, k posouzení MLRO');
    await page.getByRole('dialog').getByRole('button', { name: 'Předat pověřené osobě (MLRO)' }).click();
    await page.getByText('Případ předán pověřené osobě.').waitFor();
    await poll(async () => (await page.getByTestId('case-status').textContent()) ?? '').toBe('ESCALATED');
    const caseId = new URL(page.url()).pathname.split('/').pop()!;
    expect((await db().complianceCase.findUniqueOrThrow({ where: { id: caseId } })).status).toBe('ESCALATED');
    expect(problems).toEqual([]);
  }, 180_000);
});
