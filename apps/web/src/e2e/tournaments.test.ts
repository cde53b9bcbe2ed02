/**
 * Issues 19 and 26 in a real browser, on a CZ-PS house (rule book 002: USD, EUR, CAD and GBP wallets): the
 * tournament lobby reached from the games lobby and the menu, a tournament's page with the buy-in split into
 * start fee and fee and the prize of each paid place (002:TRN-08, BET-03), and registration paid from the
 * wallet the player picks: the amount debited is shown (converted at the current rate without fee when the
 * wallet is in another currency, 002:WAL-08) and the player confirms it before anything moves (002:WAL-09,
 * BET-04, T-WAL-05); unregistering returns the buy-in to the wallet that paid it (D-2615).
 */
import { Money } from '@casino/core';
import { depositInto } from '@casino/cashier/testing';
import { httpRateSource, refreshRates } from '@casino/fx';
import * as ledger from '@casino/ledger';
import { czPsProfile, demoTournaments } from '@casino/operator';
import { tournament } from '@casino/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInPlayer, poll, review, startWebPlatform, textOf, type WebPlatform } from './browser-test-support.ts';

let p: WebPlatform;
beforeAll(async () => {
  p = await startWebPlatform({ profile: czPsProfile });
  const source = httpRateSource({ baseUrl: p.h.sandboxUrl, timeoutMs: 5_000, clock: p.h.clock });
  await refreshRates(p.h.platform.fx(), source);
}, 120_000);
afterAll(async () => {
  await p?.close();
});

/** "9,26 EUR" (the Czech page's money) → minor units. */
const minorOf = (text: string) => BigInt(text.replace(/[^\d]/g, ''));

describe('poker tournaments in the browser', () => {
  it('002:WAL-09 002:BET-04 002:T-WAL-05 002:WAL-08 002:TRN-08 002:BET-03 issue 19: the tournament lobby lists buy-in, fee, prize pool, players and start; the page shows the prize for each paid place and the buy-in split; registering from the EUR wallet shows the converted debit, asks for confirmation, debits exactly it; unregistering returns it to the EUR wallet', async () => {
    const definition = demoTournaments('USD').find((d) => d.profileId === 'CZ-PS' && d.kind === 'sit-and-go')!;
    const name = `${definition.name} ${Date.now().toString(36)}`;
    const { tournamentId } = await tournament.createTournament(p.h.platform.tournaments(), {
      definition: { ...definition, name },
    });
    const { page, problems } = await p.newPage();
    const { playerId } = await loggedInPlayer(p, page);
    const db = p.h.connections.db;
    await db.player.update({ where: { id: playerId }, data: { state: 'REGISTERED' } });
    await depositInto(db, playerId, Money.of('100.00', 'EUR'), p.h.clock.now());
    const eurWallet = async () =>
      (
        await ledger.balance(db, (await ledger.findAccountByCode(db, ledger.playerWalletSpec(playerId, 'cash', 'EUR').code))!.id)
      ).toMinor();

    // From the games lobby to the tournament lobby.
    await page.getByRole('link', { name: 'Pokerové turnaje: přehled a registrace' }).click();
    await page.getByRole('heading', { level: 1, name: 'Turnaje' }).waitFor();
    const card = page.getByTestId('tournament').filter({ hasText: name });
    await card.waitFor();
    expect(await textOf(card)).toContain('Vklad 5,50 USD (startovné 5,00 USD + poplatek 0,50 USD)');
    expect(await textOf(card)).toContain('Výherní fond 0,00 USD');
    expect(await textOf(card)).toContain('Hráči: 0/6');
    expect(await textOf(card)).toContain('Sit & go: začíná, jakmile se obsadí všechna místa');
    expect(await textOf(card)).toContain('Registrace otevřena');
    await review(page, 'tournaments-lobby');

    await card.getByRole('link', { name: `Podrobnosti ${name}` }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(await textOf(page.getByTestId('start-fee'))).toBe('5,00 USD');
    expect(await textOf(page.getByTestId('fee'))).toBe('0,50 USD');
    expect(await textOf(page.getByTestId('total'))).toBe('5,50 USD');
    await poll(() => page.getByTestId('prize').count()).toBeGreaterThan(0);
    expect(await textOf(page.getByTestId('prize').first())).toMatch(/^1\. místo: \d+,\d\d USD$/);

    // The wallet that pays: USD (the tournament's) by default; EUR shows the converted debit before anything moves.
    await poll(() => textOf(page.getByTestId('buy-in-debit'))).toBe('Z peněženky USD se strhne 5,50 USD.');
    await page.getByLabel('Zaplatit z peněženky').selectOption('EUR');
    await poll(() => textOf(page.getByTestId('buy-in-debit'))).toMatch(/^Z peněženky EUR se strhne \d+,\d\d EUR\.$/);
    const debitText = (await textOf(page.getByTestId('buy-in-debit'))).replace(/^.* strhne /, '').replace(/\.$/, '');
    const debit = minorOf(debitText);
    expect(await textOf(page.getByTestId('buy-in-rate'))).toMatch(
      /^Vklad 5,50 USD přepočten aktuálním kurzem 1 USD = [\d.]+ EUR/,
    );
    await review(page, 'tournament-register');
    expect(await eurWallet()).toBe(10_000n);

    // Confirm: the dialog names the amount and the wallet; Back changes nothing, Yes pays.
    await page.getByRole('button', { name: 'Zaregistrovat se' }).click();
    const dialog = page.getByRole('dialog');
    expect(await textOf(dialog.locator('p'))).toBe(
      `Potvrzujete, že se z vaší peněženky EUR strhne ${debitText} jako vklad do turnaje ${name}?`,
    );
    await dialog.getByRole('button', { name: 'Zpět' }).click();
    expect(await eurWallet()).toBe(10_000n);
    await page.getByRole('button', { name: 'Zaregistrovat se' }).click();
    await page.getByRole('button', { name: `Ano, zaplatit ${debitText}` }).click();
    await poll(() => textOf(page.getByRole('status').filter({ hasText: 'Jste zaregistrováni;' }))).toBe(
      `Jste zaregistrováni; z peněženky se strhlo ${debitText}.`,
    );
    expect(await eurWallet()).toBe(10_000n - debit);
    await poll(() => textOf(page.getByTestId('my-entry'))).toBe('Jste zaregistrováni.');
    expect(await textOf(page.getByTestId('buy-in-split'))).toContain('5,50 USD');
    await review(page, 'tournament-registered');

    await page.getByRole('button', { name: 'Zrušit registraci' }).click();
    await poll(() => textOf(page.getByTestId('my-entry'))).toBe('Registraci jste zrušili; vklad se vrátil.');
    expect(await eurWallet()).toBe(10_000n);

    // The same page in English.
    await page.getByRole('button', { name: 'EN' }).click();
    await page.getByRole('heading', { level: 2, name: 'Prize for each paid place' }).waitFor();
    await poll(() => textOf(page.getByTestId('buy-in-debit'))).toBe('USD 5.50 will be debited from your USD wallet.');
    await page.getByLabel('Pay from the wallet').selectOption('EUR');
    await poll(() => textOf(page.getByTestId('buy-in-debit'))).toMatch(/^EUR \d+\.\d\d will be debited from your EUR wallet\.$/);
    await page.getByRole('link', { name: 'Tournaments', exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Tournaments' }).waitFor();
    await review(page, 'tournaments-lobby-en');
    expect(problems).toEqual([]);
    expect(await db.tournamentEntry.count({ where: { tournamentId, playerId, status: 'unregistered' } })).toBe(1);
  }, 180_000);
});
