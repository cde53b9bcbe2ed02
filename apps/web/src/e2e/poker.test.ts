/**
 * Issue 17 in a real browser: a poker cash table (issue 16) at a CZ-FO No Limit Hold'em table made
 * from the demo definition. Two players in two browser profiles (one phone-sized): each buys in
 * through the buy-in dialog (an amount outside the range refused at the field first), the hand is
 * played with the action buttons (a raise sized with the number input inside the legal bounds), the
 * result shows, stacks and the balance follow, the hand downloads as text, and the player leaves.
 */
import { readFile } from 'node:fs/promises';
import { Money, newId } from '@casino/core';
import { demoPokerTables, pokerRuleProfiles } from '@casino/operator';
import { createPokerTable } from '@casino/tables';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
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

/** Minor units as the page writes Czech money: 12345n → "123,45 Kč". */
const czk = (minor: bigint) =>
  `${String(minor / 100n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${String(minor % 100n).padStart(2, '0')} Kč`;
/** The page's Czech money back in minor units. */
const minorOf = (text: string) => BigInt(text.replace(/[^\d]/g, ''));

/** The poker room runs what is due at the platform's (manual) clock: the deal after the pause between hands. */
async function advance(ms: number): Promise<void> {
  p.h.clock.advanceMs(ms);
  await p.games.pokerRoom.runDue();
}

/** Opens the table from the lobby, buys in through the dialog, and waits for the seat. */
async function buyIn(page: Page, name: string, amount: string): Promise<void> {
  await page.goto(`${p.url}/`);
  await page.getByRole('link', { name: `Hrát ${name}` }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
  await page.getByRole('button', { name: 'Připojit' }).click();
  await page.getByRole('dialog').waitFor();
  await page.getByLabel('Vstup (CZK)').fill(amount);
  await page.getByRole('button', { name: 'Přisednout' }).click();
  await page.getByTestId('my-seat').waitFor();
}

describe('poker in the browser', () => {
  it("issue 17 (000-001:A-25, 000-001:ACC-05): a poker cash table in the browser: two players buy in through the dialog (out-of-range refused at the field), a CZ-FO No Limit Hold'em hand is played with the action buttons and a bounded raise, the result, stacks and balance follow, a top-up within the maximum buy-in is made and one above it refused with the reason (at HR, one during the hand too), the hand downloads as text, leaving returns the chips, at a table whose rules give no hand histories the 403 is said plainly, and sitting out and back in shows on the seat (also for the player who folded the last hand)", async () => {
    const definition = demoPokerTables('CZK').find((d) => d.profileId === 'CZ-FO' && d.variant === 'holdem/no-limit')!;
    const name = `${definition.name} ${newId().slice(-6)}`;
    const created = await createPokerTable(p.h.connections.db, {
      definition: { ...definition, name },
      profile: pokerRuleProfiles[definition.profileId],
      now: p.h.clock.now(),
    });
    const buyInMinor = definition.buyInMinMinor * 2n;
    const buyInText = Money.fromMinor(buyInMinor, 'CZK').toDecimalString().replace('.', ',');

    const first = await p.newPage({ width: 360, height: 800 });
    const second = await p.newPage();
    const a = await loggedInPlayer(p, first.page);
    const b = await loggedInPlayer(p, second.page);
    await depositThroughPage(p, first.page, a.holder, '1000');
    await depositThroughPage(p, second.page, b.holder, '1000', '4111111111111111');

    // The lobby lists the table with its variant, blinds, buy-in range, seats and currency.
    await first.page.goto(`${p.url}/`);
    const entry = first.page.getByTestId('poker-lobby-table').filter({ hasText: name });
    await entry.waitFor();
    const lobbyText = await textOf(entry);
    expect(lobbyText).toContain('CZ-FO');
    expect(lobbyText).toContain(`Blindy ${czk(definition.smallBlindMinor)} / ${czk(definition.bigBlindMinor)}`);
    expect(lobbyText).toContain(`Vstup ${czk(definition.buyInMinMinor)} až ${czk(definition.buyInMaxMinor!)}`);
    expect(lobbyText).toContain(`Místa: 0/${definition.seatsMax}`);
    expect(lobbyText).toContain('Měna: CZK');
    expect(await entry.getByRole('link').getAttribute('href')).toBe(`/tables/poker/${created.id}`);
    await review(first.page, 'poker-lobby');

    // Above the range: refused at the field, nothing sent; then an amount inside it.
    await first.page.getByRole('link', { name: `Hrát ${name}` }).click();
    await first.page.getByRole('heading', { level: 1, name }).waitFor();
    await poll(() => textOf(first.page.getByTestId('table-balance'))).toBe('1 000,00 Kč');
    await first.page.getByRole('button', { name: 'Připojit' }).click();
    await first.page.getByLabel('Vstup (CZK)').fill(Money.fromMinor(definition.buyInMaxMinor! + 100n, 'CZK').toDecimalString());
    await first.page.getByRole('button', { name: 'Přisednout' }).click();
    await poll(() => textOf(first.page.getByRole('dialog').locator('.error'))).toMatch(/^Částka musí být v rozsahu\./);
    expect(await first.page.getByLabel('Vstup (CZK)').getAttribute('aria-invalid')).toBe('true');
    await review(first.page, 'poker-buy-in');
    await first.page.getByLabel('Vstup (CZK)').fill(buyInText);
    await first.page.getByRole('button', { name: 'Přisednout' }).click();
    await first.page.getByTestId('my-seat').waitFor();
    await poll(() => textOf(first.page.getByTestId('table-balance'))).toBe(czk(100_000n - buyInMinor));

    // A top-up, with the rule said before typing: the table's maximum buy-in caps the stack after it.
    // Above it the table refuses and the page says why; ten big blinds are added from the wallet.
    const topUp = first.page.getByRole('form', { name: 'Dokoupit žetony' });
    const room = definition.buyInMaxMinor! - buyInMinor;
    expect(await textOf(topUp)).toContain(`teď tedy dokoupíte nejvýše ${czk(room)}`);
    await topUp.getByLabel('Dokoupit (CZK)').fill(
      Money.fromMinor(room + 100n, 'CZK')
        .toDecimalString()
        .replace('.', ','),
    );
    await topUp.getByRole('button', { name: 'Dokoupit' }).press('Enter');
    await poll(() => textOf(topUp.locator('.error'))).toBe(
      'Po dokoupení byste měli víc žetonů, než je maximální vstup stolu. Zadejte menší částku.',
    );
    expect(await topUp.getByLabel('Dokoupit (CZK)').getAttribute('aria-invalid')).toBe('true');
    await review(first.page, 'poker-top-up-refused');
    const topUpMinor = definition.bigBlindMinor * 10n;
    await topUp.getByLabel('Dokoupit (CZK)').fill(Money.fromMinor(topUpMinor, 'CZK').toDecimalString().replace('.', ','));
    await topUp.getByRole('button', { name: 'Dokoupit' }).press('Enter');
    await poll(() => textOf(first.page.getByTestId('poker-top-up-done'))).toBe(`Dokoupeno ${czk(topUpMinor)}.`);
    await poll(() => textOf(first.page.getByTestId('my-seat'))).toContain(`Žetony ${czk(buyInMinor + topUpMinor)}`);
    await poll(() => textOf(first.page.getByTestId('table-balance'))).toBe(czk(100_000n - buyInMinor - topUpMinor));
    await review(first.page, 'poker-top-up');

    await buyIn(second.page, name, buyInText);
    await advance(0);
    // Both see the hand: their own two cards and whose turn it is, on the profile's clock.
    for (const { page } of [first, second]) await poll(() => page.getByTestId('my-cards').locator('.card-face').count()).toBe(2);
    const clockSeconds = pokerRuleProfiles['CZ-FO'].clock.actionTimeMs / 1_000;
    await poll(() => textOf(first.page.getByTestId('poker-status'))).toMatch(/^(Jste na tahu|Na tahu je .+), zbývá \d+ s$/);
    const seconds = Number(/(\d+) s$/.exec(await textOf(first.page.getByTestId('poker-status')))![1]);
    expect(seconds).toBeLessThanOrEqual(clockSeconds);

    // The hand: the phone-sized player raises once (the number input bounded by the legal amounts),
    // then everyone checks or calls to the end, each from their own page's buttons.
    let raised = false;
    for (let step = 0; step < 40 && (await first.page.getByTestId('poker-result').count()) === 0; step++) {
      const found: { actor?: typeof first } = {};
      await poll(async () => {
        if ((await first.page.getByTestId('poker-result').count()) > 0) return true;
        for (const player of [first, second])
          if ((await player.page.getByRole('group', { name: 'Vaše akce' }).count()) > 0) found.actor = player;
        return found.actor !== undefined;
      }).toBe(true);
      const actor = found.actor;
      if (!actor) break;
      const actions = actor.page.getByRole('group', { name: 'Vaše akce' });
      const turn = await actions.getAttribute('data-turn');
      const sizing = actions.getByRole('spinbutton');
      if (actor === first && !raised && (await sizing.count()) > 0) {
        const min = (await sizing.getAttribute('min'))!;
        const max = (await sizing.getAttribute('max'))!;
        expect(Money.of(min, 'CZK').toMinor()).toBeLessThanOrEqual(Money.of(max, 'CZK').toMinor());
        // Above the maximum the button is off; at the minimum it sends.
        await sizing.fill(Money.fromMinor(Money.of(max, 'CZK').toMinor() + 100n, 'CZK').toDecimalString());
        expect(await actions.getByRole('button', { name: /^(Vsadit|Navýšit na) \d/ }).isDisabled()).toBe(true);
        await sizing.fill(min);
        await snap(actor.page, 'poker-turn');
        await review(actor.page, 'poker-turn');
        await actions.getByRole('button', { name: /^(Vsadit|Navýšit na) \d/ }).focus();
        await actor.page.keyboard.press('Enter');
        raised = true;
      } else {
        const check = actions.getByRole('button', { name: 'Check', exact: true });
        const button = (await check.count()) > 0 ? check : actions.getByRole('button', { name: /^Dorovnat / });
        await button.focus();
        await actor.page.keyboard.press('Enter');
      }
      // The action is applied when its answer arrives: then the turn moves on (to the other player,
      // or to this one again on the next street), or the hand is over.
      await poll(async () => {
        if ((await actor.page.getByRole('alert').count()) > 0) return textOf(actor.page.getByRole('alert'));
        if ((await first.page.getByTestId('poker-result').count()) > 0) return 'moved';
        if ((await actions.count()) === 0) return 'moved';
        return (await actions.getAttribute('data-turn')) === turn ? 'waiting' : 'moved';
      }).toBe('moved');
    }
    expect(raised).toBe(true);
    await poll(() => textOf(first.page.getByTestId('poker-result'))).toMatch(/^Hra č\. 1 skončila.* vyhrává \d/);
    await poll(() => textOf(second.page.getByTestId('poker-result'))).toMatch(/^Hra č\. 1 skončila/);

    // The stacks: together the two buy-ins less the rake; mine changed from the buy-in.
    const stackOf = async (page: Page) => minorOf(/Žetony ([\d\s,]+ Kč)/.exec(await textOf(page.getByTestId('my-seat')))![1]!);
    const result = await textOf(first.page.getByTestId('poker-result'));
    const rakeMinor = /Poplatek \(rake\) ([\d\s,]+ Kč)/.exec(result)?.[1];
    const mine = await stackOf(first.page);
    expect(mine + (await stackOf(second.page))).toBe(2n * buyInMinor + topUpMinor - (rakeMinor ? minorOf(rakeMinor) : 0n));
    expect(mine).not.toBe(buyInMinor + topUpMinor);
    await review(first.page, 'poker-result');

    // CZ-FO gives players their hands: the hand downloads as PokerStars-format text.
    const hands = first.page.getByTestId('poker-hands');
    await poll(() => hands.locator('li').count()).toBe(1);
    const [download] = await Promise.all([
      first.page.waitForEvent('download'),
      hands.getByRole('button', { name: /^Stáhnout \(text\)/ }).click(),
    ]);
    expect(await readFile((await download.path())!, 'utf8')).toMatch(/^PokerStars Hand #/);
    await poll(() => textOf(first.page.getByTestId('poker-hands-notice'))).toBe('Hra č. 1 byla stažena.');

    // Between hands, leaving brings the chips back to the wallet.
    await first.page.getByRole('button', { name: 'Odejít od stolu' }).click();
    await poll(() => first.page.getByTestId('my-seat').count()).toBe(0);
    await poll(() => textOf(first.page.getByTestId('table-balance'))).toBe(czk(100_000n - buyInMinor - topUpMinor + mine));
    await review(first.page, 'poker-left');

    // Where the table's rules give players no hand histories (HR), the download's 403 is said plainly.
    await second.page.getByRole('button', { name: 'Odejít od stolu' }).click();
    await poll(() => second.page.getByTestId('my-seat').count()).toBe(0);
    const zagreb = demoPokerTables('CZK').find((d) => d.profileId === 'HR' && d.variant === 'holdem/no-limit')!;
    const hrName = `${zagreb.name} ${newId().slice(-6)}`;
    await createPokerTable(p.h.connections.db, {
      definition: { ...zagreb, name: hrName },
      profile: pokerRuleProfiles[zagreb.profileId],
      now: p.h.clock.now(),
    });
    const hrBuyIn = Money.fromMinor(zagreb.buyInMinMinor, 'CZK').toDecimalString().replace('.', ',');
    await buyIn(first.page, hrName, hrBuyIn);
    await buyIn(second.page, hrName, hrBuyIn);
    await advance(0);
    const seated = { folder: undefined as typeof first | undefined };
    await poll(async () => {
      for (const player of [first, second])
        if ((await player.page.getByRole('group', { name: 'Vaše akce' }).count()) > 0) seated.folder = player;
      return seated.folder !== undefined;
    }).toBe(true);
    const folder = seated.folder!;
    // HR allows top-ups between hands only: during the hand the refusal names the rule.
    const hrTopUp = first.page.getByRole('form', { name: 'Dokoupit žetony' });
    await hrTopUp.getByLabel('Dokoupit (CZK)').fill('1');
    await hrTopUp.getByRole('button', { name: 'Dokoupit' }).press('Enter');
    await poll(() => textOf(hrTopUp.locator('.error'))).toBe(
      'Podle pravidel stolu (HR) lze dokupovat jen mezi hrami. Zkuste to po skončení této hry.',
    );
    await folder.page.getByRole('button', { name: 'Složit', exact: true }).click();
    await poll(() => textOf(first.page.getByTestId('poker-result'))).toMatch(/^Hra č\. \d+ skončila/);
    const hrHands = first.page.getByTestId('poker-hands');
    await poll(() => hrHands.locator('li').count()).toBe(1);
    await hrHands.getByRole('button', { name: /^Stáhnout \(text\)/ }).click();
    await poll(() => textOf(first.page.getByTestId('poker-hands-notice'))).toBe(
      'Pravidla tohoto stolu historii her hráčům nevydávají (odpověď 403).',
    );
    await snap(first.page, 'poker-hands-not-offered');

    // Sitting out from the next hand and back in, from the keyboard, by both players: the one who
    // folded the last hand too (its seat still shows that hand until the next deal: the seat's own
    // status must show beside it, which it once did not, D-1762).
    for (const player of [folder, folder === first ? second : first]) {
      await player.page.getByRole('button', { name: 'Vynechat další hry' }).press('Enter');
      await poll(() => textOf(player.page.getByTestId('my-seat'))).toContain('Nehraje (sit out)');
      await review(player.page, 'poker-sitting-out');
      await player.page.getByRole('button', { name: 'Znovu hrát' }).press('Enter');
      await poll(() => player.page.getByRole('button', { name: 'Vynechat další hry' }).count()).toBe(1);
      await poll(() => textOf(player.page.getByTestId('my-seat'))).not.toContain('Nehraje (sit out)');
    }
    expect(first.problems).toEqual([]);
    expect(second.problems).toEqual([]);
    await first.context.close();
    await second.context.close();
  }, 300_000);
});
