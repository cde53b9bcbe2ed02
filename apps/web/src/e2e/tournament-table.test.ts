/**
 * Issue 19 in a real browser: a tournament played at the poker table page. Two players register for a
 * two-seat sit & go on its page (each confirming the debit), the second registration starts it (002:SNG-01),
 * each opens "to my table" (`/tables/poker/{tournamentId}`, D-2616) and sees the tournament's table: stacks in
 * tournament chips, not money (002:TRN-07), the level's blinds and the players left, and none of the cash
 * table's controls that do not apply there (buy-in, top-up, sitting out, leaving with the chips). The hand is
 * played with the action buttons to its end; the chips stay in play, none lost (D-2036).
 */
import { Money, newId } from '@casino/core';
import { depositInto } from '@casino/cashier/testing';
import { tournament, type TournamentDefinition } from '@casino/tables';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInPlayer, poll, review, startWebPlatform, textOf, type WebPlatform } from './browser-test-support.ts';

let p: WebPlatform;
beforeAll(async () => {
  p = await startWebPlatform();
}, 120_000);
afterAll(async () => {
  await p?.close();
});

const sitAndGo = (): TournamentDefinition => ({
  name: `Turnaj SNG ${newId().slice(-6)}`,
  profileId: 'CZ-FO',
  variant: 'holdem/no-limit',
  currency: 'CZK',
  kind: 'sit-and-go',
  seatsPerTable: 6,
  entrantsMin: 2,
  entrantsMax: 2,
  entry: { startFeeMinor: 9_000n, feeMinor: 1_000n, chips: 1_500n },
  levels: Array.from({ length: 10 }, (_, i) => ({
    smallBlind: 10n << BigInt(i),
    bigBlind: 20n << BigInt(i),
    ante: 0n,
    durationMs: 600_000,
    breakAfterMs: 0,
  })),
  payouts: [{ entrantsMin: 2, placesBps: [10_000] }],
  ...tournament.freezeOut,
  handForHandAbovePaidMax: 0,
});

/** "Žetony 1 480" → 1480n. */
const stackOf = async (page: Page) =>
  BigInt((await textOf(page.getByTestId('my-seat'))).match(/Žetony ([\d\s]+)/)![1]!.replace(/\s/g, ''));

describe('a tournament at the poker table page', () => {
  it('002:SNG-01 003:R-TOUR-03 000-001:TRN-01 002:TRN-07 000-001:ACC-09 issue 19: two players register for a sit & go on its page, the second registration starts it, each opens their table from the tournament page and sees tournament chips (not money), the level and the players left and no buy-in, top-up, sit-out or leave; the hand is played with the buttons to its end and the chips stay in play', async () => {
    const definition = sitAndGo();
    const { tournamentId } = await tournament.createTournament(p.h.platform.tournaments(), { definition });
    const db = p.h.connections.db;
    const players: Array<{ page: Page; problems: string[] }> = [];
    for (const size of [{ width: 360, height: 800 }, {}]) {
      const opened = await p.newPage(size);
      const { playerId } = await loggedInPlayer(p, opened.page);
      await db.player.update({ where: { id: playerId }, data: { state: 'REGISTERED' } });
      await depositInto(db, playerId, Money.of('500.00', 'CZK'), p.h.clock.now());
      players.push(opened);
    }

    // Registration on the tournament's page, the debit confirmed in the dialog.
    for (const { page } of players) {
      await page.goto(`${p.url}/tournaments/${tournamentId}`);
      await page.getByRole('heading', { level: 1, name: definition.name }).waitFor();
      await page.getByRole('button', { name: 'Zaregistrovat se' }).click();
      await page.getByRole('button', { name: /^Ano, zaplatit / }).click();
      await poll(() => textOf(page.getByTestId('my-entry'))).toBe('Jste zaregistrováni.');
    }
    // Full: the second registration started it.
    await poll(async () => (await db.tournament.findUniqueOrThrow({ where: { id: tournamentId } })).status).toBe('RUNNING');

    // Each goes to their table from the tournament page.
    for (const { page } of players) {
      await page.reload();
      await page.getByRole('link', { name: 'Ke svému stolu' }).click();
      await page.getByRole('heading', { level: 1, name: `Turnaj ${definition.name}` }).waitFor();
      await page.getByTestId('my-seat').waitFor();
    }

    // The first hand is dealt on the tournament room's clock.
    await poll(async () => {
      p.h.clock.advanceMs(1_000);
      await p.games.tournamentRoom.runDue();
      return players[0]!.page.getByTestId('my-cards').locator('.card-face').count();
    }).toBe(2);

    for (const { page } of players) {
      await poll(() => page.getByTestId('my-cards').locator('.card-face').count()).toBe(2);
      const info = await textOf(page.getByTestId('poker-tournament-info'));
      expect(info).toContain('Úroveň 1: blindy 10 žetonů / 20 žetonů');
      expect(info).toContain('Zbývá hráčů: 2');
      expect(info).toContain('Stůl 1');
      // Tournament chips, never money: no "Kč" at the table, 3 000 chips between the two (some in the blinds).
      expect(await textOf(page.locator('.felt'))).not.toContain('Kč');
      expect(await textOf(page.getByTestId('my-seat'))).toMatch(/Žetony 1 4[89]0/);
      // Nothing of the cash table that does not apply: no buy-in, top-up, sit-out or leaving with the chips.
      for (const name of ['Připojit', 'Odejít od stolu', 'Vynechat další hry', 'Znovu hrát', 'Dokoupit']) {
        expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);
      }
      expect(await page.getByRole('form', { name: 'Dokoupit žetony' }).count()).toBe(0);
    }
    await review(players[0]!.page, 'tournament-table');

    // The hand, played with each player's own buttons: check or call to the end.
    const [first] = players as [(typeof players)[number]];
    let raised = false;
    for (let step = 0; step < 40 && (await first.page.getByTestId('poker-result').count()) === 0; step++) {
      const found: { actor?: Page } = {};
      await poll(async () => {
        if ((await first.page.getByTestId('poker-result').count()) > 0) return true;
        for (const { page } of players)
          if ((await page.getByRole('group', { name: 'Vaše akce' }).count()) > 0) found.actor = page;
        return found.actor !== undefined;
      }).toBe(true);
      const actor = found.actor;
      if (!actor) break;
      const actions = actor.getByRole('group', { name: 'Vaše akce' });
      const turn = await actions.getAttribute('data-turn');
      const sizing = actions.getByRole('spinbutton');
      if (actor === first.page && !raised && (await sizing.count()) > 0) {
        // A raise is sized in whole chips (the field's bounds are the legal ones), sent at its minimum.
        expect(await actions.getByRole('spinbutton', { name: /^(Výše sázky|Navýšit na) \(žetony\)$/ }).count()).toBe(1);
        const min = (await sizing.getAttribute('min'))!;
        expect(min).toMatch(/^\d+$/);
        await sizing.fill(String(BigInt((await sizing.getAttribute('max'))!) + 1n));
        expect(await actions.getByRole('button', { name: /^(Vsadit|Navýšit na) \d/ }).isDisabled()).toBe(true);
        await sizing.fill(min);
        await actions.getByRole('button', { name: new RegExp(`^(Vsadit|Navýšit na) ${min} žetonů$`) }).click();
        raised = true;
      } else {
        const check = actions.getByRole('button', { name: 'Check', exact: true });
        const call = actions.getByRole('button', { name: /^Dorovnat [\d\s]+ žetonů$/ });
        await ((await check.count()) > 0 ? check : call).click();
      }
      await poll(async () => {
        if ((await actor.getByRole('alert').count()) > 0) return textOf(actor.getByRole('alert'));
        if ((await first.page.getByTestId('poker-result').count()) > 0) return 'moved';
        if ((await actions.count()) === 0) return 'moved';
        return (await actions.getAttribute('data-turn')) === turn ? 'waiting' : 'moved';
      }).toBe('moved');
    }
    expect(raised).toBe(true);
    for (const { page } of players)
      await poll(() => textOf(page.getByTestId('poker-result'))).toMatch(/^Hra č\. 1 skončila.* vyhrává [\d\s]+ žetonů/);
    // No rake and no money: the 3 000 chips are all still at the table.
    await poll(async () => (await stackOf(players[0]!.page)) + (await stackOf(players[1]!.page))).toBe(3_000n);
    await review(players[1]!.page, 'tournament-table-result');

    // The same table in English.
    await first.page.getByRole('button', { name: 'EN' }).click();
    await poll(() => textOf(first.page.getByTestId('poker-tournament-info'))).toContain('Players left: 2');
    expect(await textOf(first.page.getByTestId('poker-tournament-info'))).toContain('Level 1: blinds 10 chips / 20 chips');
    for (const { problems } of players) expect(problems).toEqual([]);
  }, 240_000);
});
