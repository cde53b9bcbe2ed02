/**
 * Issue 17 in a real browser: a deposit, then a roulette round played at the table over the game
 * service's WebSocket (chips, undo, confirm), settled when its betting time runs out, with the
 * result, the history and the balance updated on the page.
 */
import type { Page } from 'playwright-core';
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

/** From the lobby to a seat at the table, its betting time running (the balance shown first, when given). */
async function sitAtTable(page: Page, name: string, balance?: string): Promise<void> {
  await page.goto(`${p.url}/`);
  await page.getByRole('link', { name: `Hrát ${name}` }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
  if (balance) await poll(() => textOf(page.getByTestId('table-balance'))).toBe(balance);
  await page.getByRole('button', { name: 'Připojit' }).click();
  await poll(() => textOf(page.getByTestId('round-status'))).toMatch(/^Sázky se uzavírají za \d+ s$/);
}

describe('roulette in the browser', () => {
  it('004:GAM-R-07 002:T-RG-07 issue 17: after a deposit, a roulette round is played (chips, undo, confirm), settled at the end of the betting time, and the page shows the result, the history, the session time and the updated balance', async () => {
    const table = await p.createTable(rouletteTable('web-roulette'));
    const { context, page, problems } = await p.newPage();
    const { holder } = await loggedInPlayer(p, page);
    await depositThroughPage(p, page, holder, '1000');

    await sitAtTable(page, table.name, '1 000,00 Kč');
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

  it("004:GAM-RE-02 004:GAM-RE-03 issue 17: the layout takes a split (between two numbers, from the keyboard), a street (at the row's edge), a corner (where four numbers meet) and a six-line; the game service accepts them and settles each at its own ratio", async () => {
    const table = await p.createTable(rouletteTable('web-roulette-inside'));
    const { context, page, problems } = await p.newPage();
    const { holder } = await loggedInPlayer(p, page);
    // Another card than the first test's: a card is one player's.
    await depositThroughPage(p, page, holder, '1000', '4000056655665556');

    await sitAtTable(page, table.name, '1 000,00 Kč');

    // The split 8/11 from the keyboard: on 8, the arrow to the right is the line between 8 and 11.
    const layout = page.getByRole('group', { name: 'Čísla' });
    await layout.getByRole('button', { name: '8, Žeton 10 Kč', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await poll(() => page.evaluate<string | null>("document.activeElement?.getAttribute('aria-label') ?? null")).toBe(
      'Dvojice (split) 8, 11, Žeton 10 Kč',
    );
    await page.keyboard.press('Enter');
    // The street 7/8/9 at the row's edge, the corner 8/9/11/12 where they meet, the six-line 7–12 at the edge between rows.
    await layout.getByRole('button', { name: 'Trojice (street) 7, 8, 9, Žeton 10 Kč' }).click();
    await layout.getByRole('button', { name: 'Čtveřice (corner) 8, 9, 11, 12, Žeton 10 Kč' }).click();
    await layout.getByRole('button', { name: 'Šestice (six line) 7, 8, 9, 10, 11, 12, Žeton 10 Kč' }).click();
    await poll(() => textOf(page.getByTestId('pending-bets'))).toBe('Nepotvrzené sázky: 40,00 Kč');
    expect(await layout.locator('[data-staked]').count()).toBe(4);
    await review(page, 'roulette-inside-bets');
    await page.getByRole('button', { name: 'Potvrdit sázky' }).click();
    await poll(() => textOf(page.getByTestId('confirmed-bets'))).toBe('Potvrzené sázky: 40,00 Kč');
    await poll(() => textOf(page.getByTestId('table-balance'))).toBe('960,00 Kč');

    p.h.clock.advanceMs(table.bettingTimeMs + 1_000);
    await poll(() => textOf(page.getByTestId('roulette-result'))).toMatch(/^Výsledek: \d+ · /);
    const pocket = Number(/^Výsledek: (\d+)/.exec(await textOf(page.getByTestId('roulette-result')))![1]);
    // Each bet returns its stake times (ratio + 1) when it covers the pocket: split 17, street 11, corner 8, six-line 5.
    const bets: Array<[number[], number]> = [
      [[8, 11], 17],
      [[7, 8, 9], 11],
      [[8, 9, 11, 12], 8],
      [[7, 8, 9, 10, 11, 12], 5],
    ];
    const returned = bets.reduce((sum, [numbers, ratio]) => sum + (numbers.includes(pocket) ? 10 * (ratio + 1) : 0), 0);
    const balance = `${(960 + returned).toLocaleString('cs-CZ').replace(/\u00a0/g, ' ')},00 Kč`;
    await poll(() => textOf(page.getByTestId('table-balance'))).toBe(balance);
    expect(await textOf(page.getByTestId('roulette-result'))).toContain(returned > 0 ? `Výhra ${returned},00 Kč` : 'Bez výhry');
    await review(page, 'roulette-inside-result');
    expect(problems).toEqual([]);
    await context.close();
  }, 240_000);

  it('004:GAM-RE-02 issue 17: the standing layout of a phone (360 px) still takes a corner from the keyboard, the arrows following the layout as drawn', async () => {
    const table = await p.createTable(rouletteTable('web-roulette-phone'));
    const { context, page, problems } = await p.newPage({ width: 360, height: 800 });
    await loggedInPlayer(p, page);
    await sitAtTable(page, table.name);
    const layout = page.getByRole('group', { name: 'Čísla' });
    // Standing up, 1 2 3 run left to right and 4 is below 1: down then right from 1 is the corner 1/2/4/5.
    const one = await layout.getByRole('button', { name: '1, Žeton 10 Kč', exact: true }).boundingBox();
    const four = await layout.getByRole('button', { name: '4, Žeton 10 Kč', exact: true }).boundingBox();
    const two = await layout.getByRole('button', { name: '2, Žeton 10 Kč', exact: true }).boundingBox();
    expect(four!.y).toBeGreaterThan(one!.y);
    expect(two!.x).toBeGreaterThan(one!.x);
    await layout.getByRole('button', { name: '1, Žeton 10 Kč', exact: true }).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await poll(() => page.evaluate<string | null>("document.activeElement?.getAttribute('aria-label') ?? null")).toBe(
      'Čtveřice (corner) 1, 2, 4, 5, Žeton 10 Kč',
    );
    await review(page, 'roulette-layout-phone');
    expect(problems).toEqual([]);
    await context.close();
  }, 240_000);
});
