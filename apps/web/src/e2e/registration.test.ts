/**
 * Issue 17 in a real browser: a newcomer registers through the page, confirms the e-mail with the
 * link it carries, concludes the contract with the SMS code and lands on a temporary account; the
 * session cookie is httpOnly and the page holds the access token in memory only.
 */
import { mailFor, newPerson, smsCodeFor, smsCount } from '@casino/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poll, review, textOf, startWebPlatform, type WebPlatform } from './browser-test-support.ts';

let p: WebPlatform;
beforeAll(async () => {
  p = await startWebPlatform();
}, 120_000);
afterAll(async () => {
  await p?.close();
});

describe('registration in the browser', () => {
  it('004:REG-07 SLM-01 TMP-01 002:RG-01 issue 17: registration to a temporary account through the e-mail link and the SMS code, with a decision on every measure; the refresh token stays in an httpOnly cookie', async () => {
    const person = await newPerson(p.h);
    const email = `web.${process.pid}.${Date.now()}@example.cz`;
    const phone = `+42077${String(process.pid % 1000).padStart(3, '0')}${String(Date.now() % 10_000).padStart(4, '0')}`;
    const { context, page, problems } = await p.newPage();

    const answer = await page.goto(`${p.url}/register`);
    expect(answer!.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(answer!.headers()['x-frame-options']).toBe('DENY');
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Registrace hráče');

    // Live validation: a wrong check digit, then the date the number does not encode, then under age.
    await page.getByLabel('Datum narození').fill(person.dateOfBirth);
    await page.getByLabel('Rodné číslo').fill(`${person.birthNumber.slice(0, 9)}${(Number(person.birthNumber[9]) + 1) % 10}`);
    await page.getByLabel('Rodné číslo').blur();
    await poll(() => page.locator('.error').first().textContent()).toContain('kontrolní číslice');
    await page.getByLabel('Rodné číslo').fill(person.birthNumber);
    await page.getByLabel('Datum narození').fill('2015-01-01');
    await page.getByLabel('Datum narození').blur();
    await poll(() => page.getByText('Hrát mohou jen osoby starší 18 let.').count()).toBe(1);
    await page.getByLabel('Datum narození').fill(person.dateOfBirth);

    await page.getByLabel('Jméno', { exact: true }).fill(person.firstName);
    await page.getByLabel('Příjmení').fill(person.surname);
    await page.getByLabel('Místo narození').fill('Praha');
    await page.getByLabel('Ulice a číslo').fill('Václavské náměstí 1');
    await page.getByLabel('Obec').fill('Praha');
    await page.getByLabel('PSČ').fill('110 00');
    await page.getByLabel('Mobilní telefon').fill(phone);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Heslo').fill('correct horse battery staple');

    // Submitting with the measures undecided is refused at the form: each one asks for a decision.
    await page.getByRole('button', { name: 'Odeslat žádost' }).click();
    await poll(() => page.getByText('Rozhodněte se prosím: nastavit, nebo nenastavovat.').count()).toBe(8);
    await review(page, 'register-errors');

    // Deposits per day set to 1,500 CZK, every other measure declined.
    const depositDay = page.locator('fieldset[data-measure="deposit:day"]');
    await depositDay.getByLabel('Nastavit').check();
    await depositDay.getByLabel('Částka v Kč').fill('1500');
    for (const measure of [
      'deposit:month',
      'stake:day',
      'stake:month',
      'net-loss:day',
      'net-loss:month',
      'playing-time:day',
      'self-exclusion',
    ]) {
      await page.locator(`fieldset[data-measure="${measure}"]`).getByLabel('Nenastavovat').check();
    }
    await page.getByLabel(/obchodními podmínkami/).check();
    await page.getByLabel(/herním plánem/).check();
    await review(page, 'register');
    await page.getByRole('button', { name: 'Odeslat žádost' }).click();
    await poll(() => page.getByRole('status').textContent()).toContain(email);

    // The link in the e-mail opens the web app's landing, which confirms the address.
    const link = await mailFor(p.h, email, /(http\S+\/confirm-email\?token=\S+)/);
    expect(link.startsWith(p.url)).toBe(true);
    await page.goto(link);
    await page.getByRole('button', { name: 'Potvrdit e-mail' }).click();
    await poll(() => page.getByRole('status').textContent()).toContain('e-mail je potvrzen');
    await review(page, 'confirm-email');

    // First login: the SMS code concludes the contract and opens the temporary account.
    await page.getByRole('link', { name: 'Přihlásit se' }).first().click();
    const before = await smsCount(p.h, phone);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Heslo').fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Přihlásit se' }).click();
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Kód z SMS');
    await review(page, 'login-sms');
    await page.getByLabel('Kód z SMS').fill(await smsCodeFor(p.h, phone, before));
    await page.getByRole('button', { name: 'Potvrdit kód' }).click();

    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Hry');
    await poll(() => textOf(page.getByTestId('temporary-cap'))).toBe('Vloženo 0,00 Kč z 3 000,00 Kč');
    await poll(() => textOf(page.getByTestId('temporary-days'))).toMatch(
      /^Zbývá dní: (29|30) \(poslední den \d{1,2}\. \d{1,2}\. \d{4}\)$/,
    );
    await review(page, 'lobby-temporary');

    // The refresh token: an httpOnly, SameSite=Strict cookie for /api/session only; no token in storage.
    const cookies = await context.cookies();
    expect(cookies.map((c) => [c.name, c.httpOnly, c.sameSite, c.path])).toEqual([
      ['casino_refresh', true, 'Strict', '/api/session'],
    ]);
    expect(await page.evaluate('document.cookie')).toBe('');
    expect(await page.evaluate('JSON.stringify({ ...localStorage, ...sessionStorage })')).not.toMatch(/ey[A-Za-z0-9_-]{10,}\./);
    // A reload forgets the access token; the cookie brings a new one and the player stays logged in.
    await page.reload();
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Hry');

    await page.getByRole('link', { name: 'Účet' }).click();
    await poll(() => page.getByTestId('account-state').textContent()).toBe('Dočasný účet');
    await review(page, 'account');

    // Logout revokes the session: the cookie is gone and a reload shows the login.
    await page.getByRole('button', { name: 'Odhlásit se' }).click();
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Přihlášení');
    expect(await context.cookies()).toEqual([]);
    await review(page, 'login');
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);
});
