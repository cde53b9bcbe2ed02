/**
 * Issue 17 in a real browser: a blackjack round at the table over the game service's WebSocket: a
 * stake, the deal when betting time runs out, insurance declined when offered, decisions until the
 * round settles; a decision the rule book questions (004:GAM-B-17) shows its warning and applies only
 * when reconfirmed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handTotal } from '../../client/src/pages/blackjack-total.ts';
import {
  blackjackTable,
  depositThroughPage,
  loggedInPlayer,
  poll,
  review,
  snap,
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

describe('blackjack in the browser', () => {
  it('issue 17: a blackjack round is played to its settlement: stake, deal, insurance declined when offered, stand (a warned decision reconfirmed), and the balance updated', async () => {
    const table = await p.createTable(blackjackTable('web-blackjack'));
    const { context, page, problems } = await p.newPage({ width: 360, height: 800 });
    const { holder } = await loggedInPlayer(p, page);
    await depositThroughPage(p, page, holder, '1000');
    await page.goto(`${p.url}/tables/blackjack/${table.id}`);
    await page.getByRole('heading', { level: 1, name: table.name }).waitFor();
    await page.getByRole('button', { name: 'Připojit' }).click();
    await page.getByLabel('Sázka (Kč)').fill('100');
    await page.getByRole('button', { name: 'Vsadit a potvrdit' }).click();
    await poll(() => textOf(page.getByTestId('table-balance'))).toBe('900,00 Kč');
    await review(page, 'blackjack-betting');

    p.h.clock.advanceMs(table.bettingTimeMs + 1_000);
    for (let step = 0; step < 20 && (await page.getByTestId('blackjack-result').count()) === 0; step++) {
      await poll(
        async () =>
          (await page.getByTestId('blackjack-result').count()) +
          (await page.getByRole('button', { name: 'Stát' }).count()) +
          (await page.getByRole('button', { name: 'Nepojišťovat' }).count()),
      ).toBeGreaterThan(0);
      if ((await page.getByRole('button', { name: 'Nepojišťovat' }).count()) > 0) {
        await page.getByRole('button', { name: 'Nepojišťovat' }).focus();
        await page.keyboard.press('Enter');
        continue;
      }
      if ((await page.getByRole('button', { name: 'Stát' }).count()) === 0) continue;
      const cards = await page.getByTestId('my-box').locator('.card-face').allTextContents();
      const { total } = handTotal(cards.map((c) => c.replace('10', 'T').replace(/[♠♥♦♣]/, 's')));
      // A photograph only while the decision is due (the accessibility check runs on the settled table).
      if (step === 0) await snap(page, 'blackjack-turn');
      // From the keyboard (the table is keyboard operable).
      await page.getByRole('button', { name: 'Stát' }).focus();
      await page.keyboard.press('Enter');
      if (total <= 11) {
        // Standing on 11 or less: the warning, and nothing happens until it is reconfirmed.
        await page.getByRole('dialog').waitFor();
        expect(await textOf(page.getByRole('dialog'))).toContain('stojíte na 11 a méně');
        await review(page, 'blackjack-warning');
        await page.getByRole('button', { name: 'Ano, opravdu' }).focus();
        await page.keyboard.press('Enter');
      }
      // The decision is applied when its push arrives: only then look at the table again.
      await poll(
        async () =>
          (await page.getByTestId('blackjack-result').count()) > 0 ||
          (await page.getByRole('button', { name: 'Stát' }).count()) === 0,
      ).toBe(true);
    }
    await poll(() => textOf(page.getByTestId('blackjack-result'))).toMatch(/^(Výhra [\d ]+,\d\d Kč|Bez výhry)$/);
    const result = await textOf(page.getByTestId('blackjack-result'));
    // In minor units: 900 CZK left after the stake, plus what the box got back.
    const returnedMinor = result.startsWith('Výhra') ? BigInt(result.replace(/\D/g, '')) : 0n;
    const balanceMinor = 90_000n + returnedMinor;
    const crowns = String(balanceMinor / 100n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
    await poll(() => textOf(page.getByTestId('table-balance'))).toBe(
      `${crowns},${String(balanceMinor % 100n).padStart(2, '0')} Kč`,
    );
    await review(page, 'blackjack-result');
    expect(problems).toEqual([]);
    await context.close();
  }, 240_000);
});
