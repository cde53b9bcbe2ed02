import { describe, expect, it } from 'vitest';
import { formatCards, parseCards } from '../cards/index.ts';
import { handValue } from './hand-value.ts';
import {
  blackjackPresets,
  fortunaBlackjack,
  fortunaBlackjackSurrender,
  reelClassicBlackjack,
  reelPremiumBlackjack,
} from './presets.ts';
import { BlackjackRejection } from './rejection.ts';
import { applyBlackjackAction, legalDecisions, openBlackjackRound } from './round.ts';
import type { BlackjackRules } from './rules.ts';
import { commitToSeed, testRoundSeed } from '../rng/index.ts';
import { fortunaBlackjackLimits, reelClassicLimits, reelPremiumLimits } from './limits.ts';
import { act, czk, deal, openTestRound, play, riggedDeal, settlementOf } from './testing/fixtures.ts';
import type { BlackjackState } from './types.ts';

const presets = Object.values(blackjackPresets);
const byName = presets.map((rules) => [rules.id, rules] as const);

function rejection(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof BlackjackRejection) return error.reason;
    throw error;
  }
  return 'accepted';
}

const dealerCards = (state: BlackjackState) => formatCards(state.dealerCards);
const handCards = (state: BlackjackState, hand = 0, seat = 1) =>
  formatCards(state.boxes.find((box) => box.seat === seat)!.hands[hand]!.cards);

describe.each(byName)('%s: payouts', (_, rules) => {
  it('004:T-100 004:GAM-B-09 GAM-BJ-02 002:T-BJ-01 BJ-07 BJ-08 BJ-CL-05 BJ-PR-05 a blackjack against dealer 10+7 pays 3:2: a stake of 100 returns 250', () => {
    const state = deal(rules, { seats: { 1: 'As Kd' }, dealer: 'Th 7c' });
    expect(state.phase).toBe('settled');
    expect(settlementOf(state)).toMatchObject({
      stakedMinor: czk(100),
      returnedMinor: czk(250),
      hands: [{ outcome: 'blackjack' }],
    });
    expect(settlementOf(deal(rules, { seats: { 1: 'Ah Qc' }, dealer: '9h 8c' }, { 1: 4 })).returnedMinor).toBe(czk(10));
  });

  it('004:GAM-B-09 002:T-BJ-01 BJ-05 BJ-08 a winning hand pays 1:1: a stake of 4 returns 8', () => {
    const state = play(deal(rules, { seats: { 1: 'Ts 9d' }, dealer: 'Th 8c' }, { 1: 4 }), '1:stand');
    expect(settlementOf(state)).toMatchObject({ returnedMinor: czk(8), hands: [{ outcome: 'win' }] });
  });

  it('004:T-101 004:GAM-B-10 002:T-BJ-02 BJ-07 BJ-09 blackjack against a dealer blackjack is a push; so is 19 against 19', () => {
    const both = deal(rules, { seats: { 1: 'As Kd' }, dealer: rules.holeCard ? 'Ts Ad' : 'Ts Ad' });
    const settled = both.phase === 'settled' ? both : play(both, '1:insurance-no');
    expect(settlementOf(settled)).toMatchObject({ returnedMinor: czk(100), hands: [{ outcome: 'push' }] });
    const tie = play(deal(rules, { seats: { 1: 'Ts 9d' }, dealer: 'Th 9c' }), '1:stand');
    expect(settlementOf(tie)).toMatchObject({ returnedMinor: czk(100), hands: [{ outcome: 'push' }] });
  });

  it('004:GAM-B-05 002:BJ-05 BJ-09 a hand over 21 loses even when the dealer busts as well', () => {
    const state = play(deal(rules, { seats: { 1: 'Ts 6d' }, dealer: 'Th 6c', playerDraws: 'Kc', dealerDraws: '9s' }), '1:hit');
    expect(settlementOf(state)).toMatchObject({ returnedMinor: 0n, hands: [{ outcome: 'bust' }] });
    expect(handValue(state.dealerCards).total).toBe(16); // nobody awaited the dealer, who took no card
  });
});

describe.each(byName)('%s: splitting and doubling', (_, rules) => {
  it('004:T-102 004:T-103 004:GAM-B-12 GAM-BJ-02 002:T-BJ-06 BJ-07 BJ-CL-05 BJ-PR-05 split aces get one card each, no more decisions, and A+K after a split pays 1:1', () => {
    let state = deal(rules, { seats: { 1: 'As Ad' }, dealer: '9h 8c', playerDraws: 'Kc 5d' });
    state = play(state, '1:split');
    expect(state.boxes[0]!.hands.map((hand) => hand.status)).toEqual(['split-ace', 'split-ace']);
    expect([handCards(state, 0), handCards(state, 1)]).toEqual(['As Kc', 'Ad 5d']);
    expect(settlementOf(state)).toMatchObject({
      stakedMinor: czk(200),
      returnedMinor: czk(200),
      hands: [{ outcome: 'win', returnedMinor: czk(200) }, { outcome: 'lose' }],
    });
  });

  it('002:T-BJ-08 002:BJ-11 BJ-CL-10 BJ-PR-07 004:GAM-BJ-06 ten-value cards of different ranks split (king-jack, queen-ten, jack-ten); nine-ten does not', () => {
    for (const pair of ['Ks Jd', 'Qs Td', 'Js Th'])
      expect(legalDecisions(deal(rules, { seats: { 1: pair }, dealer: '9h 8c' }), 1).split).toBe(true);
    expect(legalDecisions(deal(rules, { seats: { 1: '9s Td' }, dealer: '9h 8c' }), 1).split).toBe(false);
  });

  it('004:T-105 004:GAM-BJ-05 002:T-BJ-12 002:BJ-CL-12 BJ-PR-09 BJ-05 double on 11 after splitting non-aces: one card, then the hand stands', () => {
    let state = deal(rules, { seats: { 1: '8s 8d' }, dealer: '6h Tc', playerDraws: '3c 9d Ts', dealerDraws: '8s' });
    state = play(state, '1:split 1:double');
    expect(state.boxes[0]!.hands[0]).toMatchObject({ status: 'doubled', doubleStakeMinor: czk(100) });
    expect(handCards(state, 0)).toBe('8s 3c 9d');
    state = play(state, '1:stand');
    // Dealer 6 T 8 busts: both hands win; the doubled one returns 400.
    expect(settlementOf(state)).toMatchObject({ stakedMinor: czk(300), returnedMinor: czk(600) });
  });

  it('004:GAM-B-13 GAM-BS-02 002:T-BJ-12 BJ-13 BJ-CL-09 BJ-PR-06 doubling on any first two cards (10+6 too) takes exactly one card', () => {
    const state = play(deal(rules, { seats: { 1: 'Ts 6d' }, dealer: '7h Tc', playerDraws: '2c' }), '1:double');
    expect(handCards(state)).toBe('Ts 6d 2c');
    // 18 against the dealer's 17: the doubled stake wins.
    expect(settlementOf(state)).toMatchObject({ stakedMinor: czk(200), returnedMinor: czk(400) });
    const after = deal(rules, { seats: { 1: 'Ts 6d' }, dealer: '7h Tc', playerDraws: '2c' });
    expect(
      rejection(() =>
        applyBlackjackAction(play(after, '1:hit'), { kind: 'double', seat: 1, reconfirmed: true }, { intBelow: () => 0 }),
      ),
    ).toBe('cannot-double');
  });

  it('004:GAM-B-14 002:T-BJ-14 002:BJ-10 a hand reaching 21 with three cards finishes by itself: no hit is offered', () => {
    const state = deal(rules, { seats: { 1: '5s 6d', 2: 'Ts 7d' }, dealer: '9h 8c', playerDraws: 'Tc' }, { 1: 100, 2: 100 });
    const after = play(state, '1:hit');
    expect(after.boxes[0]!.hands[0]!.status).toBe('twenty-one');
    expect(after.turn).toEqual({ seat: 2, hand: 0 });
    expect(legalDecisions(after, 1).hit).toBe(false);
  });
});

describe('split limits per preset', () => {
  const pairs = (rules: BlackjackRules, splits: number) => {
    let state = deal(rules, { seats: { 1: '8s 8d' }, dealer: '9h 7c', playerDraws: '8c 8h 8s 8d 8c 8h' });
    for (let k = 0; k < splits; k++) state = play(state, '1:split');
    return state;
  };

  describe.each([fortunaBlackjack, fortunaBlackjackSurrender])('$id', (rules) => {
    it('004:T-104 004:GAM-BJ-06 004:AMB-28 a non-ace pair splits once; a third 8 does not split again', () => {
      const state = pairs(rules, 1);
      expect(state.boxes[0]!.hands).toHaveLength(2);
      expect(handCards(state)).toBe('8s 8c');
      expect(rejection(() => applyBlackjackAction(state, { kind: 'split', seat: 1 }, { intBelow: () => 0 }))).toBe(
        'split-limit-reached',
      );
    });
  });

  it('002:T-BJ-07 002:BJ-CL-11 Classic: 8-8 resplits up to four hands; a further split is refused', () => {
    const state = pairs(reelClassicBlackjack, 3);
    expect(state.boxes[0]!.hands).toHaveLength(4);
    expect(rejection(() => applyBlackjackAction(state, { kind: 'split', seat: 1 }, { intBelow: () => 0 }))).toBe(
      'split-limit-reached',
    );
  });

  it('002:T-BJ-07 002:BJ-PR-08 Premium: at most three hands', () => {
    const state = pairs(reelPremiumBlackjack, 2);
    expect(state.boxes[0]!.hands).toHaveLength(3);
    expect(rejection(() => applyBlackjackAction(state, { kind: 'split', seat: 1 }, { intBelow: () => 0 }))).toBe(
      'split-limit-reached',
    );
  });

  describe.each(presets)('$id', (rules) => {
    it('004:GAM-BJ-06 002:BJ-12 BJ-PR-09 aces split once only, and a split ace is never split, hit or doubled', () => {
      const state = deal(rules, { seats: { 1: 'As Ad' }, dealer: '9h 7c', playerDraws: 'Ac Ah' });
      const split = play(state, '1:split');
      expect(split.boxes[0]!.hands.map((hand) => hand.status)).toEqual(['split-ace', 'split-ace']);
      expect(split.phase).toBe('settled');
    });
  });
});

describe('the dealer', () => {
  it('004:T-107 004:GAM-B-16 002:T-BJ-10 002:BJ-16 BJ-17 BJ-CL-04 BJ-PR-04 dealer A+6: Fortuna and Premium stand, Classic hits', () => {
    for (const rules of [fortunaBlackjack, fortunaBlackjackSurrender, reelPremiumBlackjack]) {
      const state = play(deal(rules, { seats: { 1: 'Ts 8d' }, dealer: '6h Ac', dealerDraws: '5s' }), '1:stand');
      expect(dealerCards(state)).toBe('6h Ac');
      expect(settlementOf(state).hands[0]!.outcome).toBe('win');
    }
    const classic = play(deal(reelClassicBlackjack, { seats: { 1: 'Ts 8d' }, dealer: '6h Ac', dealerDraws: '5s 8d' }), '1:stand');
    expect(dealerCards(classic)).toBe('6h Ac 5s 8d'); // soft 17 hits, hard 12 hits again: 20
    expect(settlementOf(classic).hands[0]!.outcome).toBe('lose');
  });

  it('002:T-BJ-10 BJ-17 004:GAM-BJ-02 every preset stands on A+6+K (hard 17) and hits 10+6', () => {
    for (const rules of presets) {
      const hard = play(
        deal(rules, { seats: { 1: 'Ts 7d' }, dealer: 'Ah 6c', dealerDraws: 'Ks' }),
        rules.insurance ? '1:insurance-no 1:stand' : '1:stand',
      );
      expect(dealerCards(hard)).toBe(rules.dealerHitsSoft17 ? 'Ah 6c Ks' : 'Ah 6c');
      const sixteen = play(deal(rules, { seats: { 1: 'Ts 7d' }, dealer: 'Th 6c', dealerDraws: '2s' }), '1:stand');
      expect(dealerCards(sixteen)).toBe('Th 6c 2s');
    }
  });

  it('004:GAM-B-04 002:BJ-04 BJ-CL-03 BJ-PR-03 Fortuna deals the dealer a face-down hole card; Reel deals the second card only when the dealer plays', () => {
    const fortuna = deal(fortunaBlackjack, { seats: { 1: 'Ts 7d' }, dealer: '9h 8c' });
    expect(fortuna.dealerCards).toHaveLength(2);
    expect(fortuna.holeCardHidden).toBe(true);
    const reel = deal(reelClassicBlackjack, { seats: { 1: 'Ts 7d' }, dealer: '9h 8c' });
    expect(reel.dealerCards).toHaveLength(1);
  });

  it('002:T-BJ-16 BJ-01 BJ-CL-01 BJ-CL-02 BJ-PR-01 004:GAM-BJ-01 GAM-BS-01 every round shuffles a full shoe: 416 cards (Classic), 208 (Premium), 312 (Fortuna)', () => {
    const sizes = presets.map((rules) => deal(rules, { seats: { 1: 'Ts 7d' }, dealer: '9h 8c' }).shoe!.length);
    expect(sizes).toEqual([312, 312, 416, 208]);
    // Every seat at the table plays from that one shoe (002:BJ-01): more boxes, the same shoe.
    const shared = presets.map(
      (rules) => deal(rules, { seats: { 1: 'Ts 7d', 3: '9s 9d', 5: '2c 3c' }, dealer: '9h 8c' }).shoe!.length,
    );
    expect(shared).toEqual(sizes);
  });
});

describe('insurance, even money and a dealer blackjack', () => {
  describe.each(presets)('$id', (rules) => {
    it('004:T-106 004:GAM-B-15 GAM-BJ-07 002:T-BJ-04 002:T-BJ-13 BJ-14 BJ-CL-13 BJ-PR-10 insurance is offered only with an ace up, costs half the stake and returns 3× on a dealer blackjack', () => {
      expect(deal(rules, { seats: { 1: 'Ts 7d' }, dealer: 'Kh 8c' }).phase).toBe('player-turns');
      const offered = deal(rules, { seats: { 1: 'Ts 7d' }, dealer: 'Ah Kc' }, { 1: 10 });
      expect(offered.phase).toBe('insurance');
      const insured = play(offered, '1:insurance');
      const settled = insured.phase === 'settled' ? insured : play(insured, '1:stand');
      expect(settlementOf(settled)).toMatchObject({
        stakedMinor: czk(15),
        insuranceReturnedMinor: czk(15),
        returnedMinor: czk(15),
      });
      // No dealer blackjack: the insurance is lost, and 19 beats the dealer's 17 (A+6, or A+6+K where soft 17 hits).
      const lost = play(
        deal(rules, { seats: { 1: 'Ts 9d' }, dealer: 'Ah 6c', dealerDraws: 'Ks' }, { 1: 10 }),
        '1:insurance 1:stand',
      );
      expect(settlementOf(lost)).toMatchObject({ stakedMinor: czk(15), insuranceReturnedMinor: 0n, returnedMinor: czk(20) });
    });
  });

  describe.each([reelClassicBlackjack, reelPremiumBlackjack])('$id', (rules) => {
    it('002:T-BJ-05 002:BJ-15 even money on a blackjack against an ace returns 20 for 10 whatever the dealer has', () => {
      for (const dealer of ['Ah Kc', 'Ah 7c']) {
        const state = play(deal(rules, { seats: { 1: 'As Kd' }, dealer }, { 1: 10 }), '1:even-money');
        expect(settlementOf(state)).toMatchObject({ returnedMinor: czk(20), hands: [{ outcome: 'even-money' }] });
      }
    });
  });

  describe.each([fortunaBlackjack, reelClassicBlackjack, reelPremiumBlackjack])('$id', (rules) => {
    it('004:T-108 004:GAM-BJ-03 002:T-BJ-03 002:BJ-CL-06 BJ-PR-12 against a dealer blackjack found after a split and a double only the initial stake is lost', () => {
      // Bet 10, split 8-8 (+10), double the first hand (+10), stand the second; the dealer turns up blackjack.
      let state = deal(rules, { seats: { 1: '8s 8d' }, dealer: 'Ah Kc', playerDraws: '3c 7d 2h' }, { 1: 10 });
      state = play(state, '1:insurance-no 1:split 1:double 1:stand');
      expect(settlementOf(state)).toMatchObject({ stakedMinor: czk(30), returnedMinor: czk(20) });
    });
  });

  it('004:GAM-BJ-03 a split or double stake on a hand that busted is not returned', () => {
    let state = deal(fortunaBlackjack, { seats: { 1: '8s 8d' }, dealer: 'Th Ac', playerDraws: '3c 9d Ts 7h' }, { 1: 10 });
    // Hand 1: 8 3, doubled, 9: 20. Hand 2: 8 T, hit 7: bust. The dealer has blackjack.
    state = play(state, '1:split 1:double 1:hit');
    expect(settlementOf(state)).toMatchObject({
      stakedMinor: czk(30),
      returnedMinor: czk(10),
      hands: [{ returnedMinor: czk(10) }, { outcome: 'bust', returnedMinor: 0n }],
    });
  });

  it('004:GAM-BS-03 004:AMB-26 Blackjack Surrender: the dealer checks at once; a blackjack under a ten ends the round before anybody acts', () => {
    const state = deal(fortunaBlackjackSurrender, { seats: { 1: '8s 8d', 2: 'As Kh' }, dealer: 'Th Ac' }, { 1: 10, 2: 10 });
    expect(state.events.some((event) => event.kind === 'dealer-checked' && event.blackjack)).toBe(true);
    expect(state.phase).toBe('settled');
    expect(settlementOf(state, 1)).toMatchObject({ stakedMinor: czk(10), returnedMinor: 0n });
    expect(settlementOf(state, 2)).toMatchObject({ returnedMinor: czk(10), hands: [{ outcome: 'push' }] });
  });

  it('004:AMB-27 a pending insurance decision times out as declined', () => {
    const state = act(deal(fortunaBlackjack, { seats: { 1: 'Ts 7d' }, dealer: 'Ah 9c' }), { kind: 'time-out', seat: 1 });
    expect(state.boxes[0]!.insurance).toBe('declined');
    expect(state.phase).toBe('player-turns');
  });
});

describe('Charlie and surrender', () => {
  it('004:T-109 004:GAM-BJ-08 ten cards without busting win at once, unless the dealer has blackjack', () => {
    // 3 2 2 2 3 A A A A 2: ten cards, 18, never 21 on the way.
    const draws = '2d 2h 3c Ac Ad Ah As 2s';
    let state = deal(fortunaBlackjack, { seats: { 1: '3s 2c' }, dealer: '9h 9c', playerDraws: draws });
    for (let k = 0; k < 8; k++) state = play(state, '1:hit');
    expect(state.boxes[0]!.hands[0]!.cards).toHaveLength(10);
    expect(settlementOf(state)).toMatchObject({ returnedMinor: czk(200), hands: [{ outcome: 'charlie' }] });
    let dealerBlackjack = deal(fortunaBlackjack, { seats: { 1: '3s 2c' }, dealer: 'Th Ac', playerDraws: draws });
    for (let k = 0; k < 8; k++) dealerBlackjack = play(dealerBlackjack, '1:hit');
    expect(settlementOf(dealerBlackjack)).toMatchObject({ returnedMinor: 0n });
  });

  it('004:T-109 004:GAM-BS-04 Blackjack Surrender: seven cards without busting win at once', () => {
    let state = deal(fortunaBlackjackSurrender, { seats: { 1: '2s 2c' }, dealer: '9h 9c', playerDraws: '2d 2h 3s 3c 3d' });
    for (let k = 0; k < 5; k++) state = play(state, '1:hit');
    expect(state.boxes[0]!.hands[0]!.status).toBe('charlie');
    expect(settlementOf(state).returnedMinor).toBe(czk(200));
  });

  it("004:T-110 004:GAM-BS-03 surrender after the dealer's check returns half the stake and ends the hand", () => {
    const state = play(deal(fortunaBlackjackSurrender, { seats: { 1: 'Ts 6d' }, dealer: 'Th 9c' }), '1:surrender');
    expect(settlementOf(state)).toMatchObject({
      stakedMinor: czk(100),
      returnedMinor: czk(50),
      hands: [{ outcome: 'surrender' }],
    });
  });

  it('004:GAM-BS-03 surrender is the first decision only, and only at the Surrender table', () => {
    const afterHit = play(
      deal(fortunaBlackjackSurrender, { seats: { 1: 'Ts 2d' }, dealer: 'Th 9c', playerDraws: '2c' }),
      '1:hit',
    );
    expect(legalDecisions(afterHit, 1).surrender).toBe(false);
    expect(legalDecisions(deal(fortunaBlackjack, { seats: { 1: 'Ts 6d' }, dealer: 'Th 9c' }), 1).surrender).toBe(false);
  });
});

describe('warnings (004:GAM-B-17, 002:BJ-UI-01)', () => {
  describe.each(presets)('$id', (rules) => {
    it('004:T-111 002:T-BJ-11 hitting hard 17 and standing on 11 come back unapplied with a warning until reconfirmed', () => {
      const hard17 = deal(rules, { seats: { 1: 'Ts 7d' }, dealer: '9h 8c', playerDraws: '2c' });
      const hit = applyBlackjackAction(hard17, { kind: 'hit', seat: 1 }, { intBelow: () => 0 });
      expect(hit).toMatchObject({ needsReconfirmation: true, warnings: ['hit-on-hard-17-or-more'], events: [] });
      expect(hit.state).toBe(hard17);
      const confirmed = applyBlackjackAction(hard17, { kind: 'hit', seat: 1, reconfirmed: true }, { intBelow: () => 0 });
      expect(confirmed.events[0]).toMatchObject({ kind: 'hit', warnings: ['hit-on-hard-17-or-more'] });
      const soft17 = deal(rules, { seats: { 1: 'As 6d' }, dealer: '9h 8c', playerDraws: '2c' });
      expect(applyBlackjackAction(soft17, { kind: 'hit', seat: 1 }, { intBelow: () => 0 }).warnings).toEqual([]);
      const eleven = deal(rules, { seats: { 1: '6s 5d' }, dealer: '9h 8c' });
      expect(applyBlackjackAction(eleven, { kind: 'stand', seat: 1 }, { intBelow: () => 0 }).warnings).toEqual([
        'stand-on-11-or-less',
      ]);
      const twelve = deal(rules, { seats: { 1: 'Ts 2d' }, dealer: '9h 8c' });
      expect(applyBlackjackAction(twelve, { kind: 'stand', seat: 1 }, { intBelow: () => 0 }).needsReconfirmation).toBe(false);
    });
  });

  it('002:T-BJ-11 BJ-UI-01 Reel also questions a double on hard 12 or more; not on A+2 or 5+6', () => {
    const warn = (cards: string) =>
      applyBlackjackAction(
        deal(reelClassicBlackjack, { seats: { 1: cards }, dealer: '9h 8c', playerDraws: '2c' }),
        { kind: 'double', seat: 1 },
        { intBelow: () => 0 },
      ).warnings;
    expect(warn('7s 5d')).toEqual(['double-on-hard-12-or-more']);
    expect(warn('As 2d')).toEqual([]);
    expect(warn('5s 6d')).toEqual([]);
    expect(
      applyBlackjackAction(
        deal(fortunaBlackjack, { seats: { 1: '7s 5d' }, dealer: '9h 8c', playerDraws: '2c' }),
        { kind: 'double', seat: 1 },
        { intBelow: () => 0 },
      ).warnings,
    ).toEqual([]);
  });

  it('004:GAM-B-17 002:BJ-UI-02 the warnings are switched off only at a warning; then no more prompts', () => {
    const state = deal(fortunaBlackjack, { seats: { 1: '6s 5d', 2: 'Ts 7d' }, dealer: '9h 8c' }, { 1: 10, 2: 10 });
    expect(
      rejection(() =>
        applyBlackjackAction(state, { kind: 'stand', seat: 2, reconfirmed: true, disableWarnings: true }, { intBelow: () => 0 }),
      ),
    ).toBe('not-your-turn');
    const off = applyBlackjackAction(
      state,
      { kind: 'stand', seat: 1, reconfirmed: true, disableWarnings: true },
      { intBelow: () => 0 },
    );
    expect(off.events.map((event) => event.kind).slice(0, 2)).toEqual(['warnings-disabled', 'stood']);
    expect(off.state.boxes[0]!.warningsEnabled).toBe(false);
    expect(
      rejection(() =>
        applyBlackjackAction(
          off.state,
          { kind: 'stand', seat: 2, reconfirmed: true, disableWarnings: true },
          { intBelow: () => 0 },
        ),
      ),
    ).toBe('no-warning-shown');
    const quiet = deal(fortunaBlackjack, { seats: { 1: '6s 5d' }, dealer: '9h 8c' });
    const muted = act(
      act(openTestRound(fortunaBlackjack), { kind: 'place-bet', seat: 1, stakeMinor: czk(10), warningsEnabled: false }),
      { kind: 'confirm-bet', seat: 1 },
    );
    expect(muted.bets[0]!.warningsEnabled).toBe(false);
    expect(quiet.boxes[0]!.warningsEnabled).toBe(true);
  });
});

describe('bets and turns', () => {
  describe.each([fortunaBlackjack, fortunaBlackjackSurrender])('$id', (rules) => {
    it('004:T-114 004:GAM-BJ-04 GAM-BS-02 002:T-BJ-09 stakes run from 0.10 to 1,000,000 CZK in whole units; the largest single-bet return is 2,500,000 CZK', () => {
      const open = openBlackjackRound({
        roundId: 'r',
        rules,
        limits: fortunaBlackjackLimits,
        seedCommitment: commitToSeed(testRoundSeed('limits')),
      }).state;
      const place = (amount: bigint) =>
        rejection(() => applyBlackjackAction(open, { kind: 'place-bet', seat: 1, stakeMinor: amount }, { intBelow: () => 0 }));
      expect(place(czk(0.09))).toBe('stake-not-multiple-of-unit');
      expect(place(czk(0.1))).toBe('accepted');
      expect(place(czk(1_000_000))).toBe('accepted');
      expect(place(czk(1_000_000.1))).toBe('stake-above-maximum');
      let state = act(act(open, { kind: 'place-bet', seat: 1, stakeMinor: czk(1_000_000) }), { kind: 'confirm-bet', seat: 1 });
      state = act(state, { kind: 'close-betting' }, riggedDeal(rules, { seats: { 1: 'As Kd' }, dealer: '9h 8c' }));
      expect(settlementOf(state).returnedMinor).toBe(czk(2_500_000));
    });
  });

  it('002:T-BJ-09 002:BJ-03 BJ-CL-07 002:BJ-CL-08 002:BJ-PR-02 Reel: Classic takes 0.10 to 100 USD, Premium up to 2,500; the largest single-bet returns are 250 and 6,250', () => {
    const tables = [
      [reelClassicBlackjack, reelClassicLimits, 100, 250],
      [reelPremiumBlackjack, reelPremiumLimits, 2_500, 6_250],
    ] as const;
    for (const [rules, limits, maximum, largestReturn] of tables) {
      const open = openBlackjackRound({
        roundId: 'r',
        rules,
        limits,
        seedCommitment: commitToSeed(testRoundSeed('limits')),
      }).state;
      const place = (amount: number) => rejection(() => act(open, { kind: 'place-bet', seat: 1, stakeMinor: czk(amount) }));
      expect([place(0.09), place(0.1), place(maximum), place(maximum + 0.1)]).toEqual([
        'stake-not-multiple-of-unit',
        'accepted',
        'accepted',
        'stake-above-maximum',
      ]);
      let state = act(act(open, { kind: 'place-bet', seat: 1, stakeMinor: czk(maximum) }), { kind: 'confirm-bet', seat: 1 });
      state = act(state, { kind: 'close-betting' }, riggedDeal(rules, { seats: { 1: 'As Kd' }, dealer: '9h 8c' }));
      expect(settlementOf(state).returnedMinor).toBe(czk(largestReturn));
    }
  });

  it('004:GAM-B-03 004:BET-04 unconfirmed bets are removed when betting closes; a confirmed bet cannot be changed', () => {
    let state = act(openTestRound(fortunaBlackjack), { kind: 'place-bet', seat: 1, stakeMinor: czk(10) });
    state = act(state, { kind: 'confirm-bet', seat: 1 });
    expect(rejection(() => act(state, { kind: 'place-bet', seat: 1, stakeMinor: czk(20) }))).toBe('bet-already-confirmed');
    state = act(state, { kind: 'place-bet', seat: 2, stakeMinor: czk(10) });
    const closed = applyBlackjackAction(state, { kind: 'close-betting' }, { intBelow: (bound) => bound - 1 });
    expect(closed.events[0]).toEqual({ kind: 'betting-closed', dropped: [2] });
    expect(closed.state.boxes.map((box) => box.seat)).toEqual([1]);
  });

  it('004:GAM-B-01 seats are 1 to 5; decisions come in seat order and out-of-turn decisions are refused', () => {
    expect(rejection(() => act(openTestRound(fortunaBlackjack), { kind: 'place-bet', seat: 6, stakeMinor: czk(10) }))).toBe(
      'unknown-seat',
    );
    const state = deal(
      fortunaBlackjack,
      { seats: { 2: 'Ts 5d', 4: '9s 7d' }, dealer: '9h 8c', playerDraws: '2c' },
      { 2: 10, 4: 10 },
    );
    expect(state.turn).toEqual({ seat: 2, hand: 0 });
    expect(rejection(() => act(state, { kind: 'stand', seat: 4, reconfirmed: true }))).toBe('not-your-turn');
    expect(play(state, '2:hit').turn).toEqual({ seat: 2, hand: 0 });
  });

  it('004:T-113 004:AMB-27 a player whose timer runs out stands', () => {
    const state = act(deal(fortunaBlackjack, { seats: { 1: '6s 5d' }, dealer: '9h 8c' }), { kind: 'time-out', seat: 1 });
    expect(state.events.find((event) => event.kind === 'stood')).toMatchObject({ timedOut: true, warnings: [] });
    expect(settlementOf(state).hands[0]!.outcome).toBe('lose');
  });

  it('the round with no confirmed bet ends at the close with nothing to settle', () => {
    const state = act(act(openTestRound(fortunaBlackjack), { kind: 'place-bet', seat: 1, stakeMinor: czk(10) }), {
      kind: 'close-betting',
    });
    expect(state.phase).toBe('settled');
    expect(state.settlements).toEqual([]);
    expect(state.shoe).toBeNull();
  });
});

describe('cards', () => {
  it('004:GAM-B-08 002:BJ-06 face cards count 10, an ace 1 or 11, and a total with an ace as 11 is soft', () => {
    expect(handValue(parseCards('As 5d'))).toEqual({ total: 16, soft: true });
    expect(handValue(parseCards('As 5d Kc'))).toEqual({ total: 16, soft: false });
    expect(handValue(parseCards('As Ad'))).toEqual({ total: 12, soft: true });
    expect(handValue(parseCards('Ks Qd'))).toEqual({ total: 20, soft: false });
  });
});
