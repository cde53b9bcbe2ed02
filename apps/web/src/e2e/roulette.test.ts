/**
 * Issue 17 in a real browser: a deposit, then a roulette round played at the table over the game
 * service's WebSocket (chips, undo, confirm), settled when its betting time runs out, with the
 * result, the history and the balance updated on the page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  depositThroughPage,
  loggedInPlayer,
  poll,
  review,
  rouletteTable,
  startWebPlatform,
  textOf,
  type WebPlatform,
} from './browser-test-support.ts';

let p: WebPlatform;
beforeAll(async () => {
  p = await startWebPlatform();
}, 120_000);
afterAll(async () => {
  await p?.close();
});

describe('roulette in the browser', () => {
  it('004:GAM-R-07 002:T-RG-07 issue 17: after a deposit, a roulette round is played (chips, undo, confirm), settled at the end of the betting time, and the page shows the result, the history, the session time and the updated balance', async () => {
    const table = await p.createTable(rouletteTable('web-roulette'));
    const { context, page, problems } = await p.newPage();
    const { holder } = await loggedInPlayer(p, page);
    await depositThroughPage(p, page, holder, '1000');

    await page.goto(`${p.url}/`);
    await page.getByRole('link', { name: `Hrát ${table.name}` }).click();
    await page.getByRole('heading', { level: 1, name: table.name }).waitFor();
    await poll(() => textOf(page.getByTestId('table-balance'))).toBe('1 000,00 Kč');
    await page.getByRole('button', { name: 'Připojit' }).click();
    await poll(() => textOf(page.getByTestId('round-status'))).toMatch(/^Sázky se uzavírají za \d+ s$/);
    await poll(() => textOf(page.getByTestId('session-time'))).toMatch(/^Hrajete \d+ min, výsledek relace/);

    // 50 CZK on red and on black; black once more by mistake, undone; then confirmed.
    await page.getByRole('button', { name: '50 Kč' }).click();
    await page.getByRole('button', { name: 'Červená, Žeton 50 Kč' }).click();
    await page.getByRole('button', { name: 'Černá, Žeton 50 Kč' }).click();
    await page.getByRole('button', { name: 'Černá, Žeton 50 Kč' }).click();
    await poll(() => textOf(page.getByTestId('pending-bets'))).toBe('Nepotvrzené sázky: 150,00 Kč');
    await page.getByRole('button', { name: 'Zpět', exact: true }).click();
    await poll(() => textOf(page.getByTestId('pending-bets'))).toBe('Nepotvrzené sázky: 100,00 Kč');
    await review(page, 'roulette-betting');
    await page.getByRole('button', { name: 'Potvrdit sázky' }).click();
    await poll(() => textOf(page.getByTestId('confirmed-bets'))).toBe('Potvrzené sázky: 100,00 Kč');
    await poll(() => textOf(page.getByTestId('table-balance'))).toBe('900,00 Kč');

    // The betting time runs out on the platform's clock: the scheduler spins and settles the round.
    p.h.clock.advanceMs(table.bettingTimeMs + 1_000);
    await poll(() => textOf(page.getByTestId('roulette-result'))).toMatch(/^Výsledek: \d+ · /);
    const pocket = Number(/^Výsledek: (\d+)/.exec(await textOf(page.getByTestId('roulette-result')))![1]);
    // Red and black pay 1:1, so one of them returns 100 CZK unless the ball lands on zero (European, no la partage).
    await poll(() => textOf(page.getByTestId('table-balance'))).toBe(pocket === 0 ? '900,00 Kč' : '1 000,00 Kč');
    expect(await textOf(page.getByTestId('roulette-history'))).toBe(String(pocket));
    await review(page, 'roulette-result');
    expect(problems).toEqual([]);
    await context.close();
  }, 240_000);
});
