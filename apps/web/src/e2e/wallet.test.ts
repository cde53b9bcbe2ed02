/**
 * Issue 17 in a real browser: the wallet of a temporary account. The cap is shown before the player
 * types and a deposit over it is refused; a deposit goes through the sandbox provider's 3-D Secure
 * page and comes back credited; a card is registered and verified through 3-D Secure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInPlayer, poll, review, startWebPlatform, textOf, type WebPlatform } from './browser-test-support.ts';

let p: WebPlatform;
beforeAll(async () => {
  p = await startWebPlatform();
}, 120_000);
afterAll(async () => {
  await p?.close();
});

describe('the wallet in the browser', () => {
  it("004:TMP-03 TMP-06 issue 17: a temporary account sees its cap before typing, a deposit over it is refused, and a card deposit through the provider's 3-D Secure page is credited with the balance updated", async () => {
    const { context, page, problems } = await p.newPage();
    const { holder } = await loggedInPlayer(p, page);
    await page.getByRole('link', { name: 'Peněženka' }).click();
    await page.getByRole('heading', { level: 1, name: 'Peněženka' }).waitFor();

    // A card: tokenised at the provider (the number never reaches the platform), registered unverified.
    await page.getByLabel('Číslo karty').fill('4242 4242 4242 4242');
    await page.getByLabel('Platnost (MM/RR)').fill('12/30');
    await page.getByLabel('Jméno držitele').first().fill(holder);
    await page.getByRole('button', { name: 'Přidat kartu' }).click();
    await poll(() => textOf(page.getByTestId('payment-method').first())).toContain('přidána, neověřena');
    await poll(() => textOf(page.getByTestId('deposit-temporary-left'))).toBe(
      'Dočasný účet: můžete vložit ještě 3 000,00 Kč (z 3 000,00 Kč).',
    );
    await poll(() => textOf(page.getByTestId('deposit-caps'))).toMatch(
      /^Tato metoda: vklad nejméně 100,00 Kč, nejvýše 300 000,00 Kč; teď můžete vložit nejvýše [\d ]+,\d\d Kč\.$/,
    );
    await review(page, 'wallet');

    // Over the temporary cap: refused, and the page says why in the player's language.
    await page.getByLabel('Částka vkladu (Kč)').fill('3500');
    await page.getByRole('button', { name: 'Vložit' }).click();
    await poll(() => textOf(page.getByRole('alert'))).toContain('Dočasný účet přijme vklady jen do svého limitu');
    await review(page, 'wallet-deposit-refused');

    // 1,000 CZK: the provider's 3-D Secure page, Approve, back on the page's return, credited by the webhook.
    await page.getByLabel('Částka vkladu (Kč)').fill('1000');
    await page.getByRole('button', { name: 'Vložit' }).click();
    await page.waitForURL(/\/psp\/payments\/.+\/authentication/);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/\/deposits\/.+\/payment-return$/);
    await poll(() => textOf(page.getByRole('status'))).toBe('Vklad 1 000,00 Kč byl připsán.');
    await review(page, 'deposit-return');
    await page.getByRole('link', { name: 'Zpět do peněženky' }).click();
    // The provider's deposit is credited to the cash wallet (the cashier's choice); the temporary cap counts it.
    await poll(() => textOf(page.getByTestId('balance-cash'))).toBe('1 000,00 Kč');
    await poll(() => textOf(page.getByTestId('deposit-temporary-left'))).toBe(
      'Dočasný účet: můžete vložit ještě 2 000,00 Kč (z 3 000,00 Kč).',
    );
    await poll(() => page.getByTestId('statement-line').filter({ hasText: 'Vklad' }).count()).toBeGreaterThan(0);

    await review(page, 'wallet-after-deposit');
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);

  it("004:PAY-04 PAY-09 T-34 issue 17: a card registered through the page is verified through the provider's 3-D Secure page, the outcome read from the API, and is the active method", async () => {
    const { context, page, problems } = await p.newPage({ width: 360, height: 800 });
    const { holder } = await loggedInPlayer(p, page);
    await page.goto(`${p.url}/wallet`);
    // Another card than the first test's: one card belongs to one player.
    await page.getByLabel('Číslo karty').fill('5555555555554444');
    await page.getByLabel('Platnost (MM/RR)').fill('12/30');
    await page.getByLabel('Jméno držitele').first().fill(holder);
    await page.getByRole('button', { name: 'Přidat kartu' }).click();
    await poll(() => textOf(page.getByTestId('payment-method').first())).toContain('přidána, neověřena');
    // The card's 3-D Secure check: the provider's page, Approve, the outcome read from the API.
    await page.getByRole('button', { name: 'Ověřit (3-D Secure)' }).click();
    await page.waitForURL(/\/psp\/verifications\/.+\/authentication/);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/\/payment-methods\/.+\/verification-return$/);
    await poll(() => textOf(page.getByRole('status'))).toBe('Ověření dokončeno.');
    await review(page, 'card-verified-360');
    await page.getByRole('link', { name: 'Zpět do peněženky' }).click();
    await poll(() => textOf(page.getByTestId('payment-method').first())).toContain('ověřena');
    const activate = page.getByRole('button', { name: 'Nastavit jako aktivní' });
    if ((await activate.count()) > 0) await activate.click();
    await poll(() => textOf(page.getByTestId('payment-method').first())).toContain('(aktivní)');
    await review(page, 'wallet-360');
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);

  it("004:PAY-03 002:PM-05 004:PAY-06 issue 17: a bank account is verified by the transfer the page asks for (operator's account, reference, least amount) arriving from it; another by a statement uploaded for review; a document showing a card number is refused and said so", async () => {
    const { context, page, problems } = await p.newPage();
    const { holder } = await loggedInPlayer(p, page);
    await page.goto(`${p.url}/wallet`);
    const addAccount = async (iban: string) => {
      await page.getByLabel('IBAN').fill(iban);
      await page.getByLabel('Jméno držitele').nth(1).fill(holder);
      await page.getByRole('button', { name: 'Přidat účet' }).click();
    };
    const methodOf = (iban: string) => page.getByTestId('payment-method').filter({ hasText: iban.slice(-4) });

    // The transfer path: the page shows where to send what with which reference; the bank (the
    // sandbox provider) then reports the transfer from this account, and the account is verified.
    const first = czIban();
    await addAccount(first);
    await poll(() => textOf(methodOf(first))).toContain('přidána, neověřena');
    const firstMethod = methodOf(first);
    expect(await textOf(firstMethod.getByTestId('verify-method'))).toMatch(/Ověřte ji do .+, jinak bude zablokována/);
    await firstMethod.getByRole('button', { name: 'Ověřit převodem' }).click();
    await poll(() => textOf(firstMethod.getByTestId('transfer-reference'))).toMatch(/^\d{10}$/);
    const reference = await textOf(firstMethod.getByTestId('transfer-reference'));
    expect(await textOf(firstMethod.getByTestId('transfer-account'))).toBe('CZ6508000000192000145399');
    expect(await textOf(firstMethod.getByTestId('verification-transfer'))).toContain('Nejméně100,00 Kč');
    await poll(() => textOf(firstMethod)).toContain('čeká na ověření');
    await review(page, 'wallet-verify-transfer');
    const sent = await fetch(`${p.h.sandboxUrl}/control/psp/bank-transfers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reference, payerAccount: first, payerName: holder, amount: { amount: '100.00', currency: 'CZK' } }),
    });
    expect(sent.status).toBe(202);
    await poll(() => textOf(methodOf(first))).toMatch(/– ověřena/);

    // The document path: a statement of the second account, uploaded for staff to review.
    const second = czIban();
    await addAccount(second);
    await poll(() => textOf(methodOf(second))).toContain('přidána, neověřena');
    const secondMethod = methodOf(second);
    expect(await secondMethod.getByLabel('Druh dokladu').locator('option').allTextContents()).toEqual([
      'Výpis z účtu',
      'Smlouva o účtu',
    ]);
    await secondMethod.getByRole('button', { name: 'Odeslat doklad' }).click();
    await poll(() => textOf(secondMethod.locator('.error'))).toBe('Vyberte soubor.');
    await secondMethod.getByLabel('Soubor').setInputFiles({
      name: 'vypis.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(`Výpis z účtu ${second}, majitel ${holder}`),
    });
    await secondMethod.getByRole('button', { name: 'Odeslat doklad' }).click();
    await poll(() => textOf(methodOf(second))).toContain('Doklad byl odeslán ke kontrole.');
    await poll(() => textOf(methodOf(second))).toContain('čeká na ověření');
    await review(page, 'wallet-verify-document');

    // A document showing a full card number: not stored, the method rejected, and the page says so.
    const third = czIban();
    await addAccount(third);
    await poll(() => textOf(methodOf(third))).toContain('přidána, neověřena');
    await methodOf(third)
      .getByLabel('Soubor')
      .setInputFiles({
        name: 'karta.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('Karta 4242 4242 4242 4242'),
      });
    await methodOf(third).getByRole('button', { name: 'Odeslat doklad' }).click();
    await poll(() => textOf(methodOf(third))).toContain('zamítnuta');
    await poll(() => textOf(page.getByRole('alert'))).toContain('Doklad obsahoval číslo karty');
    await review(page, 'wallet-document-refused');
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);
});

/** A random Czech IBAN with valid check digits (bank 0800): one per registered account. */
function czIban(): string {
  const account = `000000${String(Math.floor(Math.random() * 9e9) + 1e9)}`;
  const bban = `0800${account}`;
  // ISO 13616: the check digits make BBAN + "CZ00" (C=12, Z=35) leave 1 modulo 97.
  const check = 98n - (BigInt(`${bban}123500`) % 97n);
  return `CZ${String(check).padStart(2, '0')}${bban}`;
}
