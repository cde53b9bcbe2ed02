/**
 * Issues 19 and 20 in a real browser: a HORSE tournament's table. Two players are registered for a CZ-PS HORSE
 * sit & go through the tournament package (the registration the game service's route makes; the second one starts
 * it, 002:SNG-01); the clock is past the first three levels when the tables deal, so the level's game is Seven Card
 * Stud (one game per level, D-2070). Each opens the table from the tournament page and sees the mix, the game dealt
 * and the next level's game (D-2040), the stud cards (his own down-cards face up, the other's as backs beside the
 * up-card), and the bring-in player acts once with the page's buttons. axe checks the page.
 */
import { Money, newId } from '@casino/core';
import { depositInto } from '@casino/cashier/testing';
import { cryptoRng } from '@casino/games';
import { tournament, type TournamentDefinition } from '@casino/tables';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInPlayer, poll, review, startWebPlatform, textOf, type WebPlatform } from './browser-test-support.ts';

let p: WebPlatform;
beforeAll(async () => {
  p = await startWebPlatform();
}, 120_000);
afterAll(async () => {
  await p?.close();
});

const levelMs = 600_000;
const horseSitAndGo = (): TournamentDefinition => ({
  name: `HORSE SNG ${newId().slice(-6)}`,
  profileId: 'CZ-PS',
  variant: 'mixed/horse',
  currency: 'CZK',
  kind: 'sit-and-go',
  seatsPerTable: 4,
  entrantsMin: 2,
  entrantsMax: 2,
  entry: { startFeeMinor: 9_000n, feeMinor: 1_000n, chips: 3_000n },
  // Antes from the first level: the stud games need them (D-2071); the small blind is the bring-in.
  levels: Array.from({ length: 10 }, (_, i) => ({
    smallBlind: 10n << BigInt(i),
    bigBlind: 20n << BigInt(i),
    ante: 2n << BigInt(i),
    durationMs: levelMs,
    breakAfterMs: 0,
  })),
  payouts: [{ entrantsMin: 2, placesBps: [10_000] }],
  ...tournament.freezeOut,
  handForHandAbovePaidMax: 0,
});

const cardLabels = async (seat: Locator): Promise<string[]> =>
  seat
    .getByTestId('seat-cards')
    .getByRole('img')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label') ?? ''));
const back = 'zakrytá karta';
const ownDown = /^(.+) \(zakrytá, vidíte ji jen vy\)$/;

describe('a HORSE tournament at the poker table page (issues 19 and 20)', () => {
  it('002:HORSE-01 002:HORSE-02 002:8GAME-05 002:PK-STR-07 002:STUD-03 D-2040 a HORSE sit & go in the browser: at the fourth level the table deals Seven Card Stud; the page names the mix, the game dealt and the next level`s game, shows the stud cards (own down-cards face up, the other`s as backs) and the bring-in player acts once with the buttons; axe clean', async () => {
    const definition = horseSitAndGo();
    const ctx = p.h.platform.tournaments();
    const { tournamentId } = await tournament.createTournament(ctx, { definition });
    const db = p.h.connections.db;
    const players: Array<{ page: Page; problems: string[] }> = [];
    for (const size of [{ width: 360, height: 800 }, {}]) {
      const opened = await p.newPage(size);
      const { playerId } = await loggedInPlayer(p, opened.page);
      await db.player.update({ where: { id: playerId }, data: { state: 'REGISTERED' } });
      await depositInto(db, playerId, Money.of('500.00', 'CZK'), p.h.clock.now());
      // Registered as the game service's registration route does it; the second fills the sit & go and starts it.
      const registered = await tournament.registerForTournament(ctx, {
        tournamentId,
        playerId,
        startWhenFull: { rng: cryptoRng },
      });
      expect(registered.debit?.toDecimalString()).toBe('100.00');
      players.push(opened);
    }
    expect((await db.tournament.findUniqueOrThrow({ where: { id: tournamentId } })).status).toBe('RUNNING');

    // Three levels go by before the first deal: Hold'em, Omaha Hi/Lo and Razz are behind, Seven Card Stud is dealt.
    p.h.clock.advanceMs(3 * levelMs + 1_000);
    await p.games.tournamentRoom.snapshot(tournamentId, null);
    for (const { page } of players) {
      await page.goto(`${p.url}/tournaments/${tournamentId}`);
      await page.getByRole('heading', { level: 1, name: definition.name }).waitFor();
      // The tournament page: the mix, the level's game and the next one.
      await poll(() => textOf(page.getByTestId('tournament-game'))).toMatch(
        /^Hra: HORSE, teď Seven Card Stud \(Fixed Limit\), další úroveň Seven Card Stud Hi\/Lo/,
      );
      await page.getByRole('link', { name: 'Ke svému stolu' }).click();
      await page.getByRole('heading', { level: 1, name: `Turnaj ${definition.name}` }).waitFor();
      await page.getByTestId('my-seat').waitFor();
    }
    await poll(async () => {
      p.h.clock.advanceMs(1_000);
      await p.games.tournamentRoom.runDue();
      return cardLabels(players[0]!.page.getByTestId('my-seat')).then((cards) => cards.length);
    }).toBe(3);

    for (const { page } of players) {
      // 002:HORSE-02: the top bar names the mix and the game dealt; D-2040: and the next level's game.
      await poll(() => textOf(page.getByTestId('poker-game'))).toMatch(
        /^Hra: HORSE, teď Seven Card Stud \(Fixed Limit\) · další úroveň: Seven Card Stud Hi\/Lo/,
      );
      expect(await textOf(page.getByTestId('poker-stage'))).toBe('Fáze hry: Seven Card Stud · 3. ulice');
      // 002:STUD-03: two down-cards and one up-card; mine face up with the down ones marked, the other's two backs.
      await poll(async () => (await cardLabels(page.getByTestId('my-seat'))).length).toBe(3);
      expect((await cardLabels(page.getByTestId('my-seat'))).filter((label) => ownDown.test(label))).toHaveLength(2);
      const theirs = await cardLabels(page.locator('[data-testid^="poker-seat-"]'));
      expect(theirs.filter((label) => label === back)).toHaveLength(2);
      expect(theirs.filter((label) => label !== back)).toHaveLength(1);
      // Tournament chips, never money.
      expect(await textOf(page.locator('.felt'))).not.toContain('Kč');
    }

    // The bring-in player acts once: the bring-in, with the page's button.
    const found: { actor?: Page } = {};
    await poll(async () => {
      for (const { page } of players) if ((await page.getByRole('group', { name: 'Vaše akce' }).count()) > 0) found.actor = page;
      return found.actor !== undefined;
    }).toBe(true);
    const actor = found.actor!;
    await review(actor, 'tournament-horse-stud');
    const bar = actor.getByRole('group', { name: 'Vaše akce' });
    const turn = await bar.getAttribute('data-turn');
    await bar.getByRole('button', { name: /^Bring-in \d/ }).click();
    await poll(async () => {
      if ((await actor.getByRole('alert').count()) > 0) return textOf(actor.getByRole('alert'));
      if ((await bar.count()) === 0) return 'moved';
      return (await bar.getAttribute('data-turn')) === turn ? 'waiting' : 'moved';
    }).toBe('moved');
    await poll(async () => (await textOf(actor.getByTestId('my-seat'))).includes('sázka')).toBe(true);
    // The other player is now to act.
    const other = players.find(({ page }) => page !== actor)!.page;
    await poll(() => other.getByRole('group', { name: 'Vaše akce' }).count()).toBe(1);
    for (const { problems } of players) expect(problems).toEqual([]);
  }, 240_000);
});
