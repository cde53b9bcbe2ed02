import { describe, expect, it } from 'vitest';
import { formatHandHistoryText } from './history-text.ts';
import {
  exportHandHistory,
  handHistoryFromJsonText,
  handHistoryToJsonText,
  InvalidHandHistory,
  replayHandHistory,
  type HandHistory,
} from './history.ts';
import { variantCatalog } from './presets.ts';
import { defaultTableRules, tableRuleProfiles } from './rules.ts';
import { muckHand, showHand } from './steps.ts';
import { deal, play, testStakes } from './testing/fixtures.ts';
import { allAutomations, type Chips, type HandState } from './types.ts';
import { voidHand } from './void-hand.ts';

/**
 * Hand histories (000-001:REC-01, T-81; 002:PK-SHOW-04): the JSON record, its replay, and the
 * PokerStars-like text with the views of the server, a player and an observer.
 */

const cents = (chips: Chips): string => `${chips / 100n}.${(chips % 100n).toString().padStart(2, '0')}`;

/** Button Alice (1), Bob small blind (2), Cyril big blind (3); 0.50/1.00, 5 % rake capped at 3.00. */
function sampleHand(): HandState {
  const state = deal({
    button: 1,
    seatCount: 6,
    stacks: { 1: 10_000, 2: 10_000, 3: 10_000 },
    stakes: testStakes(50n, 100n, { rake: { rateBps: 500, capPerHand: 300n, noFlopNoDrop: true } }),
    holes: { 1: 'AsAd', 2: 'KsKd', 3: '7c2d' },
    boards: ['3h4h9cJdQs'],
    names: { 1: 'Alice', 2: 'Bob', 3: 'Cyril' },
  });
  return play(state, '1:r300 2:c 3:f 2:x 1:b500 2:c 2:x 1:x 2:x 1:x');
}

const expectedText = `PokerStars Hand #test-hand: Hold'em No Limit (0.50/1.00) - 2026/11/23 14:00:00 CET
Table 'Praha I' 6-max Seat #1 is the button
Seat 1: Alice (100.00 in chips)
Seat 2: Bob (100.00 in chips)
Seat 3: Cyril (100.00 in chips)
Bob: posts small blind 0.50
Cyril: posts big blind 1.00
*** HOLE CARDS ***
Dealt to Bob [Ks Kd]
Dealt to Cyril [7c 2d]
Dealt to Alice [As Ad]
Alice: raises 2.00 to 3.00
Bob: calls 2.50
Cyril: folds
*** FLOP *** [3h 4h 9c]
Bob: checks
Alice: bets 5.00
Bob: calls 5.00
*** TURN *** [3h 4h 9c] [Jd]
Bob: checks
Alice: checks
*** RIVER *** [3h 4h 9c Jd] [Qs]
Bob: checks
Alice: checks
*** SHOW DOWN ***
Bob: shows [Ks Kd] (pair of kings, queen-jack-nine kickers)
Alice: shows [As Ad] (pair of aces, queen-jack-nine kickers)
Alice collected 16.15 from pot
*** SUMMARY ***
Total pot 17.00 | Rake 0.85
Board [3h 4h 9c Jd Qs]
Seat 1: Alice (button) showed [As Ad] and won (16.15) with pair of aces, queen-jack-nine kickers
Seat 2: Bob (small blind) showed [Ks Kd] and lost with pair of kings, queen-jack-nine kickers
Seat 3: Cyril (big blind) folded before Flop
Rake borne: Alice 0.40, Bob 0.40, Cyril 0.05
`;

describe('JSON hand history and replay', () => {
  it('000-001:REC-01 DECK-09 the history holds the options, the whole deck order, every operation and the result, amounts as strings', () => {
    const history = exportHandHistory(sampleHand());
    expect(history).toMatchObject({
      format: 'casino-poker-hand-history',
      version: 1,
      handId: 'test-hand',
      variantId: 'holdem/no-limit',
      buttonSeat: 1,
    });
    expect(history.deck).toHaveLength(52);
    expect(history.deck.slice(0, 6)).toEqual(['Ks', '7c', 'As', 'Kd', '2d', 'Ad']);
    expect(history.players).toEqual([
      { seat: 1, name: 'Alice', stack: '10000' },
      { seat: 2, name: 'Bob', stack: '10000' },
      { seat: 3, name: 'Cyril', stack: '10000' },
    ]);
    expect(history.operations.find((op) => op.kind === 'rake-taken')).toEqual({
      kind: 'rake-taken',
      pot: 0,
      amount: '85',
      bySeat: [
        { seat: 2, amount: '40' },
        { seat: 3, amount: '5' },
        { seat: 1, amount: '40' },
      ],
    });
    expect(history.result).toMatchObject({ rake: '85', potTotal: '1700', voided: false });
  });

  it('000-001:T-81 the JSON text round-trips and replaying it reproduces the hand exactly', () => {
    const original = sampleHand();
    const replayed = replayHandHistory(
      handHistoryFromJsonText(handHistoryToJsonText(exportHandHistory(original))),
      variantCatalog,
    );
    expect(replayed.operations).toEqual(original.operations);
    expect(replayed.result).toEqual(original.result);
  });

  it('000-001:DECK-10 FAIL-05 a history that was altered does not replay: a changed amount, a changed card, an unknown variant, not JSON', () => {
    const history = exportHandHistory(sampleHand());
    const altered = (
      change: (
        copy: { -readonly [K in keyof HandHistory]: HandHistory[K] } & { operations: Record<string, unknown>[]; deck: string[] },
      ) => void,
    ): HandHistory => {
      const copy = JSON.parse(JSON.stringify(history));
      change(copy);
      return copy;
    };
    const bet = history.operations.findIndex((op) => op.kind === 'action' && op.action === 'bet');
    expect(() =>
      replayHandHistory(
        altered((copy) => (copy.operations[bet]!.betAfter = '600')),
        variantCatalog,
      ),
    ).toThrow(InvalidHandHistory);
    expect(() =>
      replayHandHistory(
        altered((copy) => ([copy.deck[0], copy.deck[1]] = [copy.deck[1]!, copy.deck[0]!])),
        variantCatalog,
      ),
    ).toThrow(InvalidHandHistory);
    expect(() =>
      replayHandHistory(
        altered((copy) => (copy.deck[0] = copy.deck[1]!)),
        variantCatalog,
      ),
    ).toThrow(InvalidHandHistory);
    expect(() =>
      replayHandHistory(
        altered((copy) => (copy.variantId = 'razz/fixed-limit')),
        variantCatalog,
      ),
    ).toThrow(InvalidHandHistory);
    expect(() => handHistoryFromJsonText('{"format": "something else"}')).toThrow(InvalidHandHistory);
    expect(() => handHistoryFromJsonText('not json')).toThrow(InvalidHandHistory);
  });

  it('001:§8 §15 histories of a hand run twice, of a mucked hand and of a voided hand replay too', () => {
    const twice = play(
      deal({ button: 1, stacks: { 1: 100, 2: 100 }, rules: tableRuleProfiles['at-001'] }),
      '1:a 2:c 1:run2 2:run2',
    );
    const manual = allAutomations.filter((step) => step !== 'hand-showing');
    const shown = play(
      deal({
        button: 1,
        stacks: { 1: 100, 2: 100 },
        rules: { ...defaultTableRules, muckAllowed: true },
        automations: manual,
        holes: { 1: 'AsAd', 2: '7c2d' },
        boards: ['KcQh5d3s9c'],
      }),
      '1:c 2:x 2:x 1:x 2:x 1:x 2:x 1:x',
    );
    const mucked = muckHand(showHand(shown, 2).state, 1).state;
    const voided = voidHand(play(deal({ button: 1, stacks: { 1: 100, 2: 100, 3: 100 } }), '1:r10 2:c')).state;
    for (const state of [twice, mucked, voided]) {
      expect(replayHandHistory(exportHandHistory(state), variantCatalog).operations).toEqual(state.operations);
    }
  });
});

describe('text hand history (PokerStars-like)', () => {
  it('000-001:REC-01 the server view: header, posts, every hole card, actions, streets, showdown, collection and summary', () => {
    const text = formatHandHistoryText(sampleHand(), {
      formatAmount: cents,
      tableName: 'Praha I',
      playedAt: '2026/11/23 14:00:00 CET',
    });
    expect(text).toBe(expectedText);
  });

  it('002:PK-SHOW-04 T-SHOW-02 REC-04 PK-SHOW-05 AMB-MUCK a player sees their own cards and the hands that reached the showdown, mucked ones too; an observer only the shown ones', () => {
    const manual = allAutomations.filter((step) => step !== 'hand-showing');
    let state = deal({
      button: 1,
      stacks: { 1: 100, 2: 100, 3: 100 },
      rules: { ...defaultTableRules, muckAllowed: true },
      automations: manual,
      holes: { 1: 'AsAd', 2: '7c2d', 3: 'Jh9h' },
      boards: ['KcQh5d3s8c'],
    });
    state = play(state, '1:c 2:c 3:f 2:x 1:x 2:x 1:x 2:x 1:x');
    state = muckHand(showHand(state, 2).state, 1).state;
    const folder = formatHandHistoryText(state, { viewer: 3 });
    expect(folder).toContain('Dealt to P3 [Jh 9h]');
    expect(folder).not.toContain('Dealt to P1');
    expect(folder).toContain('P2: shows [7c 2d]');
    expect(folder).toContain('Seat 1: P1 (button) mucked [As Ad]');
    const observer = formatHandHistoryText(state, { viewer: 'observer' });
    expect(observer).not.toContain('Dealt to');
    expect(observer).toContain('Seat 1: P1 (button) mucked\n');
    expect(observer).not.toContain('As Ad');
  });

  it('000-001:DECK-04 DECK-05 hole cards are seen only by the player who holds them; the community cards are face up for everyone at the table and watching', () => {
    const state = play(
      deal({ button: 1, stacks: { 1: 100, 2: 100, 3: 100 }, holes: { 1: 'AsAd', 2: '7c2d', 3: 'Jh9h' }, boards: ['KcQh5d3s'] }),
      '1:c 2:c 3:x 2:x 3:x 1:x 2:b10 3:f 1:f',
    );
    const own: Record<number, string> = { 1: 'As Ad', 2: '7c 2d', 3: 'Jh 9h' };
    for (const viewer of [1, 2, 3]) {
      const text = formatHandHistoryText(state, { viewer });
      expect(text).toContain(`Dealt to P${viewer} [${own[viewer]}]`);
      for (const other of [1, 2, 3].filter((seat) => seat !== viewer)) expect(text).not.toContain(own[other]);
      expect(text).toContain('*** TURN *** [Kc Qh 5d] [3s]');
    }
    const observer = formatHandHistoryText(state, { viewer: 'observer' });
    expect(observer).not.toContain('Dealt to');
    expect(observer).toContain('*** TURN *** [Kc Qh 5d] [3s]');
  });

  it('side pots, time-outs, all-ins and a hand run twice read as PokerStars prints them', () => {
    let state = deal({
      button: 1,
      stacks: { 1: 50, 2: 100, 3: 100 },
      rules: tableRuleProfiles['at-001'],
      holes: { 1: 'AsAd', 2: 'KsKd', 3: 'QsQd' },
    });
    state = play(state, '1:a 2:a 3:t');
    const folded = formatHandHistoryText(state);
    expect(folded).toContain('P3 has timed out\nP3: folds');
    expect(folded).toContain('P1: raises 48 to 50 and is all-in');
    state = play(
      deal({ button: 1, stacks: { 1: 50, 2: 100, 3: 100 }, rules: tableRuleProfiles['at-001'] }),
      '1:a 2:a 3:c 2:run2 3:run2 1:run2',
    );
    const text = formatHandHistoryText(state);
    expect(text).toContain('Players agreed to run it twice');
    expect(text).toContain('*** FIRST FLOP ***');
    expect(text).toContain('*** SECOND RIVER ***');
    expect(text).toMatch(/Total pot 250 Main pot 150\. Side pot-1 100\. \| Rake 0/);
    expect(text).toContain('Hand was run twice');
    expect(text).toMatch(/collected \d+ from side pot-1/);
  });
});
