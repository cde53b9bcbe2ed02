/**
 * Issue 26 in a real browser, on a CZ-PS house (rule book 002: USD, EUR, CAD and GBP wallets, bonuses
 * released by VIP points, points on poker commission). A player with USD 100 in cash asks for a quote,
 * sees both amounts, the fee and the rate before committing, and exchanges into the EUR wallet; a
 * staff bonus shows apart from cash, locked, with the part VIP points release; points earned on poker
 * commission become StarsCoins and a commission refund lands in the chosen wallet.
 */
import path from 'node:path';
import { Money, newId, type StaffUserId } from '@casino/core';
import { depositInto, insertActiveBankAccount, insertRakedHand } from '@casino/cashier/testing';
import { accrueCommissionPoints, grantBonusByStaff } from '@casino/cashier';
import { httpRateSource, refreshRates } from '@casino/fx';
import { czPsProfile } from '@casino/operator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loggedInPlayer,
  poll,
  review,
  screenshotDir,
  startWebPlatform,
  textOf,
  type WebPlatform,
} from './browser-test-support.ts';

let p: WebPlatform;
beforeAll(async () => {
  p = await startWebPlatform({ profile: czPsProfile });
  // The worker refreshes the rates on the profile's schedule; here once, from the sandbox's source.
  const source = httpRateSource({ baseUrl: p.h.sandboxUrl, timeoutMs: 5_000, clock: p.h.clock });
  await refreshRates(p.h.platform.fx(), source);
}, 120_000);
afterAll(async () => {
  await p?.close();
});

/** "1 234,56 USD" (the Czech page's money) → "1234.56". */
const amountOf = (text: string) => text.replace(/[^\d,]/g, '').replace(',', '.');

describe('wallets in several currencies, bonuses and VIP points in the browser', () => {
  it('002:T-WAL-01 002:WAL-06 002:BON-02 002:BON-04 002:VIP-01 002:VIP-02 issue 26: the quote shows both amounts, the fee and the rate before the exchange; a locked bonus is shown apart from cash and released by VIP points; points become StarsCoins and a commission refund', async () => {
    const { page, problems } = await p.newPage();
    const { playerId } = await loggedInPlayer(p, page);
    const db = p.h.connections.db;
    // Verification of identity and a payment method (what makes the account registered) is the
    // registration tests' subject; here the account is registered directly, as a bonus needs.
    await db.player.update({ where: { id: playerId }, data: { state: 'REGISTERED' } });
    await depositInto(db, playerId, Money.of('100.00', 'USD'), p.h.clock.now());
    const staff = { kind: 'staff' as const, staffUserId: newId<StaffUserId>(), roles: ['finance' as const] };
    await grantBonusByStaff(p.h.cashier, {
      playerId,
      amount: Money.of('40.00', 'USD'),
      reason: 'welcome',
      idempotencyKey: newId(),
      staff,
    });
    // USD 40 of rake a second later: 5.5 points per USD 1 = 220 points, two of the bonus's four parts.
    p.h.clock.advanceMs(1_000);
    await insertRakedHand(db, { playerId, rakeMinor: 40_00n, currency: 'USD', at: p.h.clock.now() });
    await accrueCommissionPoints(p.h.cashier);

    await page.getByRole('link', { name: 'Peněženka' }).click();
    await page.getByRole('heading', { level: 2, name: 'Peněženky podle měn' }).waitFor();
    // The released parts are cash of the same nature as a deposit: USD 100 + 20.
    await poll(() => textOf(page.getByTestId('wallet-USD'))).toBe('120,00 USD');
    await poll(() => textOf(page.getByTestId('wallet-EUR'))).toBe('0,00 EUR');

    // The bonus: locked in its own wallet, half released by the points earned since the grant.
    await poll(() => textOf(page.getByTestId('bonus-parts'))).toBe('Uzamčeno 20,00 USD, uvolněno 20,00 USD (2 z 4 částí).');
    expect(await textOf(page.getByTestId('bonus-next'))).toMatch(/^Další část 10,00 USD se uvolní při 300\.00 VIP bodech/);
    await poll(() => textOf(page.getByTestId('vip-points'))).toBe('220.00');

    // A quote first: nothing moves until the player confirms what it shows.
    const exchange = page.getByRole('region', { name: 'Peněženky podle měn' });
    await exchange.getByLabel('Z peněženky', { exact: true }).selectOption('USD');
    await exchange.getByLabel('Do peněženky', { exact: true }).selectOption('EUR');
    await exchange.getByLabel('Částka', { exact: true }).fill('50');
    await exchange.getByRole('button', { name: 'Zobrazit kurz a poplatek' }).click();
    await page.getByTestId('fx-quote').waitFor();
    expect(await textOf(page.getByTestId('quote-debit'))).toBe('50,00 USD');
    expect(await textOf(page.getByTestId('quote-rate'))).toMatch(/^1 USD = \d+\.\d+ EUR \([a-z-]+, /);
    const credit = await textOf(page.getByTestId('quote-credit'));
    const fee = await textOf(page.getByTestId('quote-fee'));
    expect(credit).toMatch(/^\d+,\d\d EUR$/);
    expect(fee).toMatch(/^\d+,\d\d (USD|EUR) \(\d+(,\d+)? %\)$/);
    expect(await textOf(page.getByTestId('wallet-USD'))).toBe('120,00 USD');
    await review(page, 'wallet-fx-quote');
    // The card alone, for the README.
    await page
      .getByRole('region', { name: 'Peněženky podle měn' })
      .screenshot({ path: path.join(screenshotDir, 'wallet-fx-quote-card.png') });

    await page.getByRole('button', { name: 'Převést', exact: true }).click();
    await poll(() => textOf(page.getByRole('status').filter({ hasText: 'Převedeno' }))).toBe(`Převedeno: 50,00 USD → ${credit}.`);
    await poll(() => textOf(page.getByTestId('wallet-USD'))).toBe('70,00 USD');
    await poll(() => textOf(page.getByTestId('wallet-EUR'))).toBe(credit);
    expect(Number(amountOf(credit))).toBeGreaterThan(0);

    // 200 points → 2 StarsCoins; one of them refunds USD 1 of commission into the USD wallet.
    await page.getByLabel('StarsCoins za body').fill('2');
    await page.getByRole('button', { name: 'Směnit body' }).click();
    await poll(() => textOf(page.getByTestId('vip-starscoins'))).toBe('2.00');
    expect(await textOf(page.getByTestId('vip-points'))).toBe('20.00');
    await page.getByLabel('StarsCoins na vrácení provize').fill('1');
    await page.getByLabel('Vrátit do peněženky').selectOption('USD');
    await page.getByRole('button', { name: 'Vrátit provizi' }).click();
    await poll(() => textOf(page.getByRole('status').filter({ hasText: 'Vrácená provize' }))).toBe(
      'Vrácená provize 1,00 USD je ve vaší peněžence.',
    );
    await poll(() => textOf(page.getByTestId('vip-starscoins'))).toBe('1.00');
    await poll(() => textOf(page.getByTestId('wallet-USD'))).toBe('71,00 USD');
    // The statement names each movement in the player's words.
    for (const kind of ['Směna měn', 'Bonus přidělen', 'Uvolnění bonusu', 'Vrácení provize'])
      await poll(() => page.getByTestId('statement-line').filter({ hasText: kind }).count()).toBeGreaterThan(0);
    await review(page, 'wallet-loyalty');

    // More StarsCoins than the points buy: refused in words, nothing changes.
    await page.getByLabel('StarsCoins za body').fill('5');
    await page.getByRole('button', { name: 'Směnit body' }).click();
    await poll(() => textOf(page.getByRole('alert'))).toContain('Nemáte dostatek prostředků');
    expect(await textOf(page.getByTestId('vip-starscoins'))).toBe('1.00');
    expect(problems).toEqual([]);
  }, 180_000);

  it("002:T-WAL-01 002:WAL-03 002:WAL-06 issue 26: a deposit in crowns into the EUR wallet shows the quote (both amounts and the fee) before the provider's page, and the EUR wallet is credited the quoted amount", async () => {
    const { page, problems } = await p.newPage();
    const { playerId, holder } = await loggedInPlayer(p, page);
    await p.h.connections.db.player.update({ where: { id: playerId }, data: { state: 'REGISTERED' } });
    await page.goto(`${p.url}/wallet`);
    // A registered account pays with its active verified method: a card verified through 3-D Secure.
    await page.getByLabel('Číslo karty').fill('4111111111111111');
    await page.getByLabel('Platnost (MM/RR)').fill('12/30');
    await page.getByLabel('Jméno držitele').first().fill(holder);
    await page.getByRole('button', { name: 'Přidat kartu' }).click();
    await poll(() => textOf(page.getByTestId('payment-method').first())).toContain('přidána, neověřena');
    await page.getByRole('button', { name: 'Ověřit (3-D Secure)' }).click();
    await page.waitForURL(/\/psp\/verifications\/.+\/authentication/);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/\/payment-methods\/.+\/verification-return$/);
    await page.getByRole('link', { name: 'Zpět do peněženky' }).click();
    await poll(() => textOf(page.getByTestId('payment-method').first())).toContain('ověřena');
    const activate = page.getByRole('button', { name: 'Nastavit jako aktivní' });
    if ((await activate.count()) > 0) await activate.click();
    await poll(() => textOf(page.getByTestId('payment-method').first())).toContain('(aktivní)');

    const deposit = page.getByRole('region', { name: 'Vklad' });
    await deposit.getByLabel('Připsat do peněženky').selectOption('EUR');
    await deposit.getByLabel('Částka vkladu (Kč)').fill('2500');
    await deposit.getByRole('button', { name: 'Zobrazit kurz a poplatek' }).click();
    await page.getByTestId('deposit-quote').waitFor();
    expect(await textOf(page.getByTestId('deposit-quote-debit'))).toBe('2 500,00 Kč');
    const credit = await textOf(page.getByTestId('deposit-quote-credit'));
    expect(credit).toMatch(/^\d+,\d\d EUR$/);
    expect(await textOf(page.getByTestId('deposit-quote-fee'))).toMatch(/^\d+,\d\d (Kč|EUR)$/);
    await review(page, 'wallet-deposit-quote');

    await deposit.getByRole('button', { name: 'Vložit' }).click();
    await page.waitForURL(/\/psp\/payments\/.+\/authentication/);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/\/deposits\/.+\/payment-return$/);
    await poll(() => textOf(page.getByRole('status'))).toBe('Vklad 2 500,00 Kč byl připsán.');
    await page.getByRole('link', { name: 'Zpět do peněženky' }).click();
    await poll(() => textOf(page.getByTestId('wallet-EUR'))).toBe(credit);
    expect(problems).toEqual([]);
  }, 180_000);

  it('002:T-WAL-01 002:WAL-06 issue 26: a withdrawal from the USD wallet shows the quote (USD out, crowns paid, the fee) first; the request pays the quoted crowns and takes the dollars from that wallet', async () => {
    const { page, problems } = await p.newPage();
    const { playerId } = await loggedInPlayer(p, page);
    const db = p.h.connections.db;
    await db.player.update({ where: { id: playerId }, data: { state: 'REGISTERED' } });
    // A verified bank account (its verification is the cashier tests' subject) and USD 100 in cash.
    await insertActiveBankAccount(db, playerId, p.h.clock.now());
    await depositInto(db, playerId, Money.of('100.00', 'USD'), p.h.clock.now());
    await page.goto(`${p.url}/wallet`);
    await poll(() => textOf(page.getByTestId('wallet-USD'))).toBe('100,00 USD');

    const withdrawals = page.getByRole('region', { name: 'Výběry' });
    await withdrawals.getByLabel('Vybrat z peněženky').selectOption('USD');
    await withdrawals.getByLabel('Částka k výběru (v měně peněženky)').fill('30');
    await withdrawals.getByRole('button', { name: 'Zobrazit kurz a poplatek' }).click();
    await page.getByTestId('withdrawal-quote').waitFor();
    expect(await textOf(page.getByTestId('withdrawal-quote-debit'))).toBe('30,00 USD');
    const paid = await textOf(page.getByTestId('withdrawal-quote-credit'));
    expect(paid).toMatch(/^[\d ]+,\d\d Kč$/);
    expect(await textOf(page.getByTestId('withdrawal-quote-fee'))).toMatch(/^\d+,\d\d (USD|Kč)$/);
    // Nothing has moved yet.
    expect(await textOf(page.getByTestId('wallet-USD'))).toBe('100,00 USD');
    await review(page, 'wallet-withdrawal-quote');

    await withdrawals.getByRole('button', { name: 'Vybrat', exact: true }).click();
    await poll(() => withdrawals.getByRole('listitem').filter({ hasText: paid }).count()).toBe(1);
    await page.reload();
    await poll(() => textOf(page.getByTestId('wallet-USD'))).toBe('70,00 USD');
    expect(problems).toEqual([]);
  }, 180_000);
});
