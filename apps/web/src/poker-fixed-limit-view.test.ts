import { describe, expect, it } from 'vitest';
import {
  fixedButtons,
  isStudVariant,
  mixedGameLine,
  seatCards,
  seatMucked,
  stageOf,
  tableStakes,
  toggleDiscard,
  type FixedLegal,
  type FixedPrivate,
  type FixedPublic,
} from '../client/src/pages/poker-fixed-limit-view.ts';

type Seat = FixedPublic['seats'][number];
const seat = (n: number, over: Partial<Seat> = {}): Seat => ({
  seat: n,
  alias: `Player ${n}`,
  stackMinor: '10000',
  betMinor: '0',
  folded: false,
  allIn: false,
  upCards: [],
  downCardCount: 0,
  drawn: [],
  shownCards: null,
  mucked: false,
  ...over,
});
const view = (over: Partial<FixedPublic> = {}): FixedPublic => ({
  handId: 'h',
  gameId: 'stud',
  gameName: 'Seven Card Stud',
  family: 'stud',
  buttonSeat: 1,
  communityCards: [],
  potMinor: '0',
  phase: 'betting',
  street: 0,
  drawsDone: 0,
  seatToAct: 2,
  seats: [seat(1), seat(2)],
  ...over,
});
const legal = (over: Partial<FixedLegal>): FixedLegal => ({
  kind: 'bet',
  fold: false,
  check: false,
  callMinor: null,
  bringInMinor: null,
  raiseToMinMinor: null,
  raiseToMaxMinor: null,
  discardMax: null,
  ...over,
});

describe('the stud and draw table page: what it offers and shows (issue 20)', () => {
  it('002:STUD-04 STUD-05 the bring-in decision offers the bring-in and the completion; after the bring-in the next player may fold, call it or complete to the small bet', () => {
    const bringIn = fixedButtons(
      legal({ kind: 'bring-in', bringInMinor: '40', raiseToMinMinor: '100', raiseToMaxMinor: '100' }),
      view(),
      100n,
    );
    expect(bringIn.map((b) => [b.action, b.amountMinor])).toEqual([
      ['bring-in', '40'],
      ['complete', '100'],
    ]);
    const facing = view({ seats: [seat(1, { betMinor: '40' }), seat(2)] });
    const next = fixedButtons(
      legal({ fold: true, callMinor: '40', raiseToMinMinor: '100', raiseToMaxMinor: '100' }),
      facing,
      100n,
    );
    expect(next.map((b) => [b.action, b.amountMinor, b.sendAmount])).toEqual([
      ['fold', null, false],
      ['call', '40', false],
      ['complete', '100', false],
    ]);
    // Once completed, the next raise is a raise (to two small bets).
    const completed = view({ seats: [seat(1, { betMinor: '100' }), seat(2, { betMinor: '40' })] });
    const raise = fixedButtons(
      legal({ fold: true, callMinor: '60', raiseToMinMinor: '200', raiseToMaxMinor: '200' }),
      completed,
      100n,
    );
    expect(raise.at(-1)).toEqual({ action: 'raise', amountMinor: '200', sendAmount: false });
  });

  it('002:STUD-06 an open pair on 4th street offers a bet of either size, each sent with its amount; a check is offered where nothing is owed', () => {
    const buttons = fixedButtons(
      legal({ check: true, raiseToMinMinor: '100', raiseToMaxMinor: '200' }),
      view({ street: 1 }),
      100n,
    );
    expect(buttons).toEqual([
      { action: 'check', amountMinor: null, sendAmount: false },
      { action: 'bet', amountMinor: '100', sendAmount: true },
      { action: 'bet', amountMinor: '200', sendAmount: true },
    ]);
    expect(fixedButtons(legal({ kind: 'draw', discardMax: 5 }), view(), 100n)).toEqual([]);
  });

  it('000-001:DECK-04 a seat shows its up-cards and one back per down-card; the owner sees his down-cards; shown cards at the showdown', () => {
    const other = seat(2, { upCards: ['9s', 'Kd'], downCardCount: 2 });
    expect(seatCards(other, null)).toEqual([
      { card: '9s', up: true },
      { card: 'Kd', up: true },
      { card: null, up: false },
      { card: null, up: false },
    ]);
    const own: FixedPrivate = {
      seat: 2,
      cards: [
        { card: 'Ah', up: false },
        { card: '2c', up: false },
        { card: '9s', up: true },
      ],
      drawnCards: [],
      legal: null,
    };
    expect(seatCards(other, own).map((c) => c.card)).toEqual(['Ah', '2c', '9s']);
    // Another player's private view never opens this seat.
    expect(seatCards(other, { ...own, seat: 3 }).filter((c) => c.card === null)).toHaveLength(2);
    expect(seatCards({ ...other, shownCards: ['Ah', '2c', '9s', 'Kd'] }, null).every((c) => c.card !== null)).toBe(true);
  });

  it('002:TD27-01 002:DRAW5-03 the discard: cards toggle on and off, never more than the draw allows, [] stands pat', () => {
    expect(toggleDiscard([], 3, 5)).toEqual([3]);
    expect(toggleDiscard([3], 0, 5)).toEqual([0, 3]);
    expect(toggleDiscard([0, 3], 3, 5)).toEqual([0]);
    expect(toggleDiscard([0, 1], 2, 2)).toBeNull();
  });

  it('002:STUD-03 STUD-09 TD27-02 the stage: stud streets from 3rd to 7th, draw games their betting rounds and draws', () => {
    expect(stageOf(view({ street: 0 }))).toEqual({ kind: 'street', n: 3 });
    expect(stageOf(view({ street: 4 }))).toEqual({ kind: 'street', n: 7 });
    const draw = view({ gameId: '27td', family: 'draw' });
    expect(stageOf({ ...draw, street: 1 })).toEqual({ kind: 'round', n: 2 });
    expect(stageOf({ ...draw, phase: 'drawing', drawsDone: 3 })).toEqual({ kind: 'draw', n: 3 });
    expect(stageOf({ ...draw, phase: 'complete' })).toEqual({ kind: 'over' });
  });

  it('002:HORSE-02 8GAME-05 a mixed table names the mix, the game being dealt and which hand of it; a single game has no mix line', () => {
    expect(
      mixedGameLine({
        variant: 'mixed/horse',
        name: 'HORSE',
        currentVariant: 'razz/fixed-limit',
        currentName: 'Razz',
        handOfGame: 2,
        handsOfGame: 6,
      }),
    ).toEqual({ mix: 'HORSE', current: 'Razz', hand: 2, hands: 6, next: null });
    // D-2040: a mixed tournament's game lasts a level: no hand counter, the next level's game instead.
    expect(
      mixedGameLine({
        variant: 'mixed/horse',
        name: 'HORSE',
        currentVariant: 'razz/fixed-limit',
        currentName: 'Razz',
        handOfGame: null,
        handsOfGame: null,
        nextVariant: 'stud/fixed-limit',
        nextName: 'Seven Card Stud',
      }),
    ).toEqual({ mix: 'HORSE', current: 'Razz', hand: null, hands: null, next: 'Seven Card Stud' });
    expect(
      mixedGameLine({
        variant: 'stud/fixed-limit',
        name: 'Seven Card Stud',
        currentVariant: 'stud/fixed-limit',
        currentName: 'Seven Card Stud',
        handOfGame: null,
        handsOfGame: null,
      }),
    ).toBeNull();
  });

  it('002:STUD-04 STUD-05 D-2021 issue 20: a stud table states its stakes as ante, bring-in and small bet / big bet (the small blind field is the bring-in, the big blind the small bet, the big bet twice it), not blinds; a draw or flop table states blinds; a mixed table by the game dealt', () => {
    const fields = { smallBlindMinor: 50n, bigBlindMinor: 200n, anteMinor: 25n };
    expect(tableStakes(fields, true)).toEqual({
      kind: 'stud',
      anteMinor: 25n,
      bringInMinor: 50n,
      smallBetMinor: 200n,
      bigBetMinor: 400n,
    });
    expect(tableStakes(fields, false)).toEqual({ kind: 'blinds', smallBlindMinor: 50n, bigBlindMinor: 200n });
    for (const variant of ['stud/fixed-limit', 'stud8/fixed-limit', 'razz/fixed-limit', 'soko/fixed-limit', 'sjukort', 'femkort'])
      expect(isStudVariant(variant)).toBe(true);
    for (const variant of ['27td/fixed-limit', 'draw5/fixed-limit', 'badugi', 'holdem/no-limit', 'mixed/horse', null, undefined])
      expect(isStudVariant(variant)).toBe(false);
  });

  it('002:PK-SHOW-04 AMB-MUCK D-2050 issue 20: a hand mucked at the showdown shows as mucked, not as face-down cards; its owner still sees his cards; a shown hand is shown', () => {
    const mucked = seat(2, { upCards: ['9s', 'Kd', '4c', '7h'], downCardCount: 3, mucked: true });
    expect(seatMucked(mucked)).toBe(true);
    expect(seatCards(mucked, null)).toEqual([]);
    const own: FixedPrivate = {
      seat: 2,
      cards: [
        { card: 'Ah', up: false },
        { card: '2c', up: false },
        { card: '9s', up: true },
      ],
      drawnCards: [],
      legal: null,
    };
    expect(seatCards(mucked, own).map((c) => c.card)).toEqual(['Ah', '2c', '9s']);
    const live = seat(3, { upCards: ['Qs'], downCardCount: 2 });
    expect(seatMucked(live)).toBe(false);
    expect(seatCards(live, null).filter((c) => c.card === null)).toHaveLength(2);
    const shown = seat(4, { shownCards: ['Ac', 'Ad', 'Ah', 'As', 'Kc', 'Kd', 'Kh'] });
    expect(seatMucked(shown)).toBe(false);
    expect(seatCards(shown, null)).toHaveLength(7);
  });
});
