/**
 * Issue 26 in the console, on a CZ-PS house: the player view shows the player's bonuses (locked,
 * released, forfeited parts) and VIP points, as the player sees them.
 */
import { accrueCommissionPoints, grantBonusByStaff } from '@casino/cashier';
import { depositInto, insertRakedHand } from '@casino/cashier/testing';
import { insertTestPlayer } from '@casino/compliance/testing';
import { Money, newId, type StaffUserId } from '@casino/core';
import * as ledger from '@casino/ledger';
import { czPsProfile } from '@casino/operator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poll, review, startConsolePlatform, type ConsolePlatform } from './browser-test-support.ts';

let p: ConsolePlatform;
beforeAll(async () => {
  p = await startConsolePlatform({ profile: czPsProfile });
}, 120_000);
afterAll(async () => {
  await p?.close();
});

const text = async (locator: import('playwright-core').Locator) =>
  ((await locator.textContent()) ?? '').replace(/\u00a0/g, ' ').trim();

describe('bonuses and VIP points in the console (issue 26)', () => {
  it('002:BON-02 002:BON-04 002:VIP-01 issue 26: support opens a player and sees the bonus with its released part and the VIP points earned on poker commission', async () => {
    const db = p.h.connections.db;
    const playerId = await insertTestPlayer(db, { firstName: 'Petra', surname: 'Bonusová' });
    await db.player.update({ where: { id: playerId }, data: { state: 'REGISTERED' } });
    await ledger.openOperatorAccounts(db, ['USD'], 1);
    await depositInto(db, playerId, Money.of('50.00', 'USD'), p.h.clock.now());
    const cashier = p.h.cashier;
    await grantBonusByStaff(cashier, {
      playerId,
      amount: Money.of('40.00', 'USD'),
      reason: 'welcome',
      idempotencyKey: newId(),
      staff: { kind: 'staff', staffUserId: newId<StaffUserId>(), roles: ['finance'] },
    });
    p.h.clock.advanceMs(1_000);
    // USD 20 of rake: 110 points, the first of four parts released (100 points each).
    await insertRakedHand(db, { playerId, rakeMinor: 20_00n, currency: 'USD', at: p.h.clock.now() });
    await accrueCommissionPoints(cashier);

    const { page, problems } = await p.newPage();
    await p.loggedInStaff(page, ['support']);
    await page.goto(`${p.url}/players/${playerId}`);
    await page.getByRole('heading', { level: 2, name: 'Bonusy a VIP body' }).waitFor();
    await poll(() => text(page.getByTestId('player-vip'))).toBe(
      'VIP body: 110.00, StarsCoins: 0.00, získáno celkem 110.00 bodů, úroveň Basic.',
    );
    const row = page.getByTestId('player-bonus');
    await poll(() => row.count()).toBe(1);
    const cells = await row.locator('td').allTextContents();
    expect(cells.slice(1, 7).map((c) => c.replace(/\u00a0/g, ' '))).toEqual([
      'pracovník',
      'uzamčen (1 z 4 částí uvolněno)',
      '40,00 USD',
      '30,00 USD',
      '10,00 USD',
      '0,00 USD',
    ]);
    // Support reads; the grant is finance's.
    expect(await page.getByRole('button', { name: 'Přidělit bonus' }).count()).toBe(0);
    expect(problems).toEqual([]);

    const finance = await p.newPage();
    await p.loggedInStaff(finance.page, ['finance']);
    await finance.page.goto(`${p.url}/players/${playerId}`);
    await finance.page.getByRole('heading', { level: 2, name: 'Bonusy a VIP body' }).waitFor();
    await finance.page.getByLabel('Částka bonusu').fill('25');
    await finance.page.getByLabel('Měna').selectOption('USD');
    await finance.page.getByLabel('Důvod přidělení').fill('goodwill after a complaint');
    await finance.page.getByRole('button', { name: 'Přidělit bonus' }).click();
    await poll(() => text(finance.page.getByRole('status').filter({ hasText: 'Bonus' }))).toBe(
      'Bonus 25,00 USD přidělen; záznam je v auditním logu.',
    );
    await poll(() => finance.page.getByTestId('player-bonus').count()).toBe(2);
    await review(finance.page, 'console-player-loyalty');
    expect(finance.problems).toEqual([]);
  }, 180_000);
});
