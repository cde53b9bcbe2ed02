/**
 * Issue 20 in a real browser: the poker table page at CZ-PS's stud, draw and mixed tables (the demo's
 * Olomouc Stud, Ostrava 2-7 Triple Draw and Liberec HORSE definitions). Two players in two browser
 * profiles (one phone-sized) buy in through the dialog and play whole hands with the page's buttons:
 * at the stud table each sees the other's up-cards and one back per down-card and his own down-cards
 * face up, brings in, completes, and follows the streets to the showdown; at the triple draw table they
 * choose cards to exchange and stand pat, and each sees how many cards the other exchanged at each draw;
 * at the HORSE table the top bar names the game being dealt and which hand of it. axe checks each.
 */
import { Money, newId } from '@casino/core';
import { demoPokerTables, pokerRuleProfiles } from '@casino/operator';
import { createPokerTable, pokerHandPauseMsDefault } from '@casino/tables';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  depositThroughPage,
  loggedInPlayer,
  poll,
  review,
  startWebPlatform,
  textOf,
  type WebPlatform,
} from './browser-test-support.ts';

let p: WebPlatform;
type Player = Awaited<ReturnType<WebPlatform['newPage']>>;
let first: Player;
let second: Player;

beforeAll(async () => {
  p = await startWebPlatform();
  first = await p.newPage({ width: 360, height: 800 });
  second = await p.newPage();
  const a = await loggedInPlayer(p, first.page);
  const b = await loggedInPlayer(p, second.page);
  await depositThroughPage(p, first.page, a.holder, '2000');
  await depositThroughPage(p, second.page, b.holder, '2000', '4111111111111111');
}, 240_000);
afterAll(async () => {
  await p?.close();
});

/** The poker room runs what is due at the platform's (manual) clock: the deal after the pause between hands. */
async function advance(ms: number): Promise<void> {
  p.h.clock.advanceMs(ms);
  await p.games.pokerRoom.runDue();
}

/** A new table from the CZ-PS demo definition of `variant`, named uniquely; returns its name and buy-in text. */
async function demoTable(variant: string): Promise<{ name: string; buyIn: string }> {
  const definition = demoPokerTables('CZK').find((d) => d.profileId === 'CZ-PS' && d.variant === variant)!;
  const name = `${definition.name} ${newId().slice(-6)}`;
  await createPokerTable(p.h.connections.db, {
    definition: { ...definition, name },
    profile: pokerRuleProfiles[definition.profileId],
    now: p.h.clock.now(),
  });
  return {
    name,
    buyIn: Money.fromMinor(definition.buyInMinMinor * 2n, 'CZK')
      .toDecimalString()
      .replace('.', ','),
  };
}

/** Opens the table from the lobby, buys in through the dialog, and waits for the seat. */
async function sit(page: Page, name: string, amount: string): Promise<void> {
  await page.goto(`${p.url}/`);
  await page.getByRole('link', { name: `Hrát ${name}` }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
  await page.getByRole('button', { name: 'Připojit' }).click();
  await page.getByRole('dialog').waitFor();
  await page.getByLabel('Vstup (CZK)').fill(amount);
  await page.getByRole('button', { name: 'Přisednout' }).click();
  await page.getByTestId('my-seat').waitFor();
}

async function leave(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Odejít od stolu' }).click();
  await poll(() => page.getByTestId('my-seat').count()).toBe(0);
}

/** The names the cards of a seat are read out by (face-down ones: "zakrytá karta"). */
const cardLabels = async (seat: Locator): Promise<string[]> =>
  seat
    .getByTestId('seat-cards')
    .getByRole('img')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label') ?? ''));
const back = 'zakrytá karta';
const ownDown = /^(.+) \(zakrytá, vidíte ji jen vy\)$/;
const other = (page: Page) => page.locator('[data-testid^="poker-seat-"]');

/** Waits for a player's turn (the page showing "Vaše akce") or the hand's end; null when the hand is over. */
async function nextActor(): Promise<Player | null> {
  const found: { actor?: Player | null } = {};
  await poll(async () => {
    if ((await first.page.getByTestId('poker-result').count()) > 0) found.actor = null;
    else
      for (const player of [first, second])
        if ((await player.page.getByRole('group', { name: 'Vaše akce' }).count()) > 0) found.actor = player;
    return found.actor !== undefined;
  }).toBe(true);
  return found.actor ?? null;
}

/** Presses a button of the actor's bar from the keyboard and waits until the turn has moved on (or the page says why not). */
async function press(actor: Player, button: Locator): Promise<void> {
  const actions = actor.page.getByRole('group', { name: 'Vaše akce' });
  const turn = await actions.getAttribute('data-turn');
  await button.focus();
  await actor.page.keyboard.press('Enter');
  await poll(async () => {
    if ((await actor.page.getByRole('alert').count()) > 0) return textOf(actor.page.getByRole('alert'));
    if ((await first.page.getByTestId('poker-result').count()) > 0) return 'moved';
    if ((await actions.count()) === 0) return 'moved';
    return (await actions.getAttribute('data-turn')) === turn ? 'waiting' : 'moved';
  }).toBe('moved');
}

/** The passive move: check, else call. */
const passive = async (actions: Locator): Promise<Locator> => {
  const check = actions.getByRole('button', { name: 'Check', exact: true });
  return (await check.count()) > 0 ? check : actions.getByRole('button', { name: /^Dorovnat / });
};

describe('stud, draw and mixed games in the browser (issue 20)', () => {
  it('002:STUD-03 STUD-04 STUD-05 STUD-09 000-001:DECK-04 a Seven Card Stud hand in the browser: each player sees the other seat’s up-card and two backs and his own down-cards face up, no board; the bring-in player brings in, the next completes, the bring-in calls, the streets follow to 7th street (three backs) and the showdown; axe clean', async () => {
    const { name, buyIn } = await demoTable('stud/fixed-limit');
    await sit(first.page, name, buyIn);
    await sit(second.page, name, buyIn);
    await advance(0);

    for (const { page } of [first, second]) {
      await poll(() => textOf(page.getByTestId('poker-stage'))).toBe('Fáze hry: Seven Card Stud · 3. ulice');
      expect(await textOf(page.getByTestId('poker-game'))).toBe('Hra: Seven Card Stud (Fixed Limit)');
      // The stakes as a stud table has them (D-2021, D-2037): ante, bring-in and the two bets, no blinds.
      const info = await textOf(page.getByTestId('poker-table-info'));
      const stakes = /, ante ([\d\s,]+) Kč, bring-in ([\d\s,]+) Kč, sázky ([\d\s,]+) Kč \/ ([\d\s,]+) Kč, pravidla CZ-PS$/.exec(
        info,
      );
      expect(stakes, info).not.toBeNull();
      const [ante, bringIn, smallBet, bigBet] = stakes!.slice(1).map((t) => BigInt(t.replace(/[^\d]/g, '')));
      expect(bigBet).toBe(2n * smallBet!);
      expect(bringIn! < smallBet!).toBe(true);
      expect(ante! > 0n).toBe(true);
      expect(info).not.toContain('blindy');
      // No board and no dealer button at a stud table.
      expect(await page.getByRole('heading', { name: 'Stůl' }).count()).toBe(0);
      expect(await textOf(page.locator('.poker-seats'))).not.toContain('(dealer)');
      // 002:STUD-03: two down-cards and one up-card; mine all face up, the down ones marked.
      await poll(async () => (await cardLabels(page.getByTestId('my-seat'))).length).toBe(3);
      const mine = await cardLabels(page.getByTestId('my-seat'));
      expect(mine.filter((label) => ownDown.test(label))).toHaveLength(2);
      const theirs = await cardLabels(other(page));
      expect(theirs.filter((label) => label === back)).toHaveLength(2);
      expect(theirs.filter((label) => label !== back)).toHaveLength(1);
    }
    // 000-001:DECK-04: the up-card each shows the other is the one the owner has face up; his down-cards are nowhere on the other page.
    for (const [me, them] of [
      [first, second],
      [second, first],
    ] as const) {
      const own = await cardLabels(me.page.getByTestId('my-seat'));
      const up = own.filter((label) => !ownDown.test(label));
      expect((await cardLabels(other(them.page))).filter((label) => label !== back)).toEqual(up);
      for (const label of own.filter((l) => ownDown.test(l))) {
        const card = ownDown.exec(label)![1]!;
        expect(await them.page.getByRole('img', { name: card, exact: true }).count()).toBe(0);
      }
    }

    // 002:STUD-04: the bring-in player is offered the bring-in and the completion.
    const bringer = (await nextActor())!;
    const bar = bringer.page.getByRole('group', { name: 'Vaše akce' });
    const bringIn = bar.getByRole('button', { name: /^Bring-in \d/ });
    expect(await bringIn.count()).toBe(1);
    expect(await bar.getByRole('button', { name: /^Doplnit na .+ \(complete\)$/ }).count()).toBe(1);
    expect(await bar.getByRole('button', { name: 'Složit', exact: true }).count()).toBe(0);
    await review(bringer.page, 'poker-stud-bring-in');
    await press(bringer, bringIn);
    await poll(async () => (await textOf(bringer.page.getByTestId('my-seat'))).includes('sázka')).toBe(true);

    // 002:STUD-05: the next player may fold, call the bring-in or complete: he completes.
    const completer = (await nextActor())!;
    expect(completer).not.toBe(bringer);
    const next = completer.page.getByRole('group', { name: 'Vaše akce' });
    expect(await next.getByRole('button', { name: /^Dorovnat \d/ }).count()).toBe(1);
    expect(await next.getByRole('button', { name: 'Složit', exact: true }).count()).toBe(1);
    await press(completer, next.getByRole('button', { name: /^Doplnit na .+ \(complete\)$/ }));
    const caller = (await nextActor())!;
    expect(caller).toBe(bringer);
    await press(caller, caller.page.getByRole('group', { name: 'Vaše akce' }).getByRole('button', { name: /^Dorovnat \d/ }));
    await poll(() => textOf(first.page.getByTestId('poker-stage'))).toBe('Fáze hry: Seven Card Stud · 4. ulice');
    // 4th street: two up-cards and two backs at the other seat.
    await poll(async () => (await cardLabels(other(first.page))).filter((l) => l !== back).length).toBe(2);
    await review(first.page, 'poker-stud-fourth-street');

    // Check or call to the end; on 7th street the last card is down (002:STUD-09): three backs.
    let seventh = false;
    for (let step = 0; step < 30; step++) {
      const actor = await nextActor();
      if (actor === null) break;
      if ((await textOf(actor.page.getByTestId('poker-stage'))).endsWith('7. ulice (river)') && !seventh) {
        seventh = true;
        const watcher = actor === first ? second : first;
        await poll(async () => (await cardLabels(other(watcher.page))).filter((l) => l === back).length).toBe(3);
        expect((await cardLabels(other(watcher.page))).filter((l) => l !== back)).toHaveLength(4);
        expect((await cardLabels(actor.page.getByTestId('my-seat'))).filter((l) => ownDown.test(l))).toHaveLength(3);
        await review(actor.page, 'poker-stud-seventh-street');
      }
      await press(actor, await passive(actor.page.getByRole('group', { name: 'Vaše akce' })));
    }
    expect(seventh).toBe(true);
    for (const { page } of [first, second]) {
      await poll(() => textOf(page.getByTestId('poker-result'))).toMatch(/^Hra č\. 1 skončila.* vyhrává \d/);
      await poll(() => textOf(page.getByTestId('poker-stage'))).toBe('Fáze hry: Seven Card Stud · Hra skončila');
      // The showdown: both hands shown, seven cards each, no backs left.
      await poll(async () => (await cardLabels(other(page))).filter((l) => l !== back).length).toBe(7);
    }
    await review(second.page, 'poker-stud-showdown');
    await leave(first.page);
    await leave(second.page);
  }, 300_000);

  it('002:TD27-01 TD27-02 002:DRAW5-03 000-001:DECK-04 a 2-7 Triple Draw hand in the browser: five cards face up for the owner and five backs for the other, cards chosen and exchanged by one player (the other sees "2"), the other stands pat ("0"), three draws and four betting rounds to the showdown; axe clean', async () => {
    const { name, buyIn } = await demoTable('27td/fixed-limit');
    await sit(first.page, name, buyIn);
    await sit(second.page, name, buyIn);
    await advance(0);
    for (const { page } of [first, second]) {
      await poll(() => textOf(page.getByTestId('poker-stage'))).toBe('Fáze hry: 2-7 Triple Draw · 1. sázkové kolo');
      expect(await textOf(page.getByTestId('poker-game'))).toBe('Hra: 2-7 Triple Draw (Fixed Limit)');
      await poll(async () => (await cardLabels(page.getByTestId('my-seat'))).filter((l) => ownDown.test(l)).length).toBe(5);
      expect(await cardLabels(other(page))).toEqual(Array(5).fill(back));
      expect(await textOf(other(page).getByTestId('seat-drawn'))).toBe('Zatím nevyměňoval');
    }

    const draws: Array<{ drawer: Player; count: number }> = [];
    for (let step = 0; step < 40; step++) {
      const actor = await nextActor();
      if (actor === null) break;
      const actions = actor.page.getByRole('group', { name: 'Vaše akce' });
      if ((await actions.getByTestId('draw-cards').count()) === 0) {
        await press(actor, await passive(actions));
        continue;
      }
      // A draw. The first drawer exchanges his second and fourth card; everyone else stands pat.
      const watcher = actor === first ? second : first;
      const drawNumber = Math.floor(draws.length / 2) + 1;
      expect(await textOf(actor.page.getByTestId('poker-stage'))).toBe(`Fáze hry: 2-7 Triple Draw · ${drawNumber}. výměna`);
      if (draws.length === 0) {
        const before = (await cardLabels(actor.page.getByTestId('my-seat'))).map((l) => ownDown.exec(l)![1]!);
        const toggles = actions.getByTestId('draw-cards').getByRole('button');
        expect(await toggles.count()).toBe(5);
        const submit = actions.getByRole('button', { name: /^Vyměnit vybrané/ });
        expect(await submit.isDisabled()).toBe(true);
        await toggles.nth(1).click();
        await toggles.nth(3).click();
        await toggles.nth(0).click();
        await toggles.nth(0).click(); // chosen, then not
        expect(await toggles.nth(1).getAttribute('aria-pressed')).toBe('true');
        expect(await toggles.nth(0).getAttribute('aria-pressed')).toBe('false');
        expect(await textOf(submit)).toBe('Vyměnit vybrané (2)');
        await review(actor.page, 'poker-draw-choose');
        await press(actor, submit);
        // The two cards are gone from my hand, two others in their place; the other page sees "2".
        await poll(async () => textOf(actor.page.getByTestId('my-drawn'))).toMatch(/^Při výměně jste dostali: .+, .+$/);
        const after = (await cardLabels(actor.page.getByTestId('my-seat'))).map((l) => ownDown.exec(l)![1]!);
        expect(after).toHaveLength(5);
        expect(after).not.toContain(before[1]);
        expect(after).not.toContain(before[3]);
        for (const card of (await textOf(actor.page.getByTestId('my-drawn')))
          .replace('Při výměně jste dostali: ', '')
          .split(', '))
          expect(after).toContain(card);
        await poll(() => textOf(other(watcher.page).getByTestId('seat-drawn'))).toBe('Vyměněno karet: 2');
        expect(await cardLabels(other(watcher.page))).toEqual(Array(5).fill(back));
        draws.push({ drawer: actor, count: 2 });
      } else {
        await press(actor, actions.getByRole('button', { name: 'Nevyměňovat (stand pat)' }));
        draws.push({ drawer: actor, count: 0 });
        const seen = draws.filter((d) => d.drawer === actor).map((d) => d.count);
        await poll(() => textOf(other(watcher.page).getByTestId('seat-drawn'))).toBe(`Vyměněno karet: ${seen.join(', ')}`);
      }
    }
    // 002:TD27-02: three draws each.
    expect(draws).toHaveLength(6);
    for (const { page } of [first, second]) {
      await poll(() => textOf(page.getByTestId('poker-result'))).toMatch(/^Hra č\. 1 skončila.* vyhrává \d/);
      await poll(async () => (await cardLabels(other(page))).filter((l) => l !== back).length).toBe(5);
    }
    await review(first.page, 'poker-draw-showdown');
    await leave(first.page);
    await leave(second.page);
  }, 300_000);

  it('002:HORSE-02 8GAME-05 002:HORSE-01 a HORSE table in the browser: the top bar names the mix, the game being dealt and which hand of it, Limit Hold’em for an orbit, then Omaha Hi/Lo, then Razz as a stud hand; axe clean', async () => {
    const { name, buyIn } = await demoTable('mixed/horse');
    await sit(first.page, name, buyIn);
    await sit(second.page, name, buyIn);
    const expected = [
      "Hra: HORSE, teď Hold'em Limit · 1. hra z 2",
      "Hra: HORSE, teď Hold'em Limit · 2. hra z 2",
      'Hra: HORSE, teď Omaha Hi/Lo Limit · 1. hra z 2',
      'Hra: HORSE, teď Omaha Hi/Lo Limit · 2. hra z 2',
    ];
    for (let hand = 1; hand <= expected.length + 1; hand++) {
      await advance(hand === 1 ? 0 : pokerHandPauseMsDefault);
      // The next deal clears the last hand's result.
      await poll(() => first.page.getByTestId('poker-result').count()).toBe(0);
      const actor = (await nextActor())!;
      const game = await textOf(actor.page.getByTestId('poker-game'));
      if (hand <= expected.length) {
        expect(game).toBe(expected[hand - 1]);
        if (hand === 1) await review(actor.page, 'poker-horse-holdem');
        await press(
          actor,
          actor.page.getByRole('group', { name: 'Vaše akce' }).getByRole('button', { name: 'Složit', exact: true }),
        );
      } else {
        // Razz: a stud hand at the mixed table (bring-in first, no fold for the bring-in player).
        expect(game).toMatch(/^Hra: HORSE, teď Razz \(Fixed Limit\) · 1\. hra z 8$/);
        await poll(() => textOf(actor.page.getByTestId('poker-stage'))).toBe('Fáze hry: Razz · 3. ulice');
        await review(actor.page, 'poker-horse-razz');
        await press(actor, actor.page.getByRole('group', { name: 'Vaše akce' }).getByRole('button', { name: /^Bring-in \d/ }));
        const folder = (await nextActor())!;
        await press(
          folder,
          folder.page.getByRole('group', { name: 'Vaše akce' }).getByRole('button', { name: 'Složit', exact: true }),
        );
      }
      await poll(() => textOf(first.page.getByTestId('poker-result'))).toMatch(new RegExp(`^Hra č\\. ${hand} skončila`));
    }
    expect(first.problems).toEqual([]);
    expect(second.problems).toEqual([]);
  }, 300_000);
});
