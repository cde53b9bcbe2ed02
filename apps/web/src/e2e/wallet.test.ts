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
});
