/**
 * What the stud and draw table shows, as plain functions of the game service's views (issue 20,
 * docs/poker-tables.md "Stud, draw and mixed games"): the buttons a legal move offers, the street or
 * draw being played, the seat's cards as everyone sees them, the discard selection and the mixed
 * table's game line. No React here, so apps/web/src/poker-fixed-limit-view.test.ts checks it directly.
 */
import type { components } from '../generated/game-service.ts';

export type FixedPublic = components['schemas']['PokerFixedLimitPublicView'];
export type FixedPrivate = components['schemas']['PokerFixedLimitPrivateView'];
export type FixedLegal = NonNullable<FixedPrivate['legal']>;
export type TableGame = NonNullable<components['schemas']['PokerPublicView']['game']>;

/** One button of the betting bar: the action the table is sent and, for a sized one, the street bet after it. */
export interface FixedButton {
  readonly action: 'fold' | 'check' | 'call' | 'bring-in' | 'complete' | 'bet' | 'raise';
  /** The amount the button names: the call, the bring-in, or the street bet after a bet, raise or complete. */
  readonly amountMinor: string | null;
  /** Sent as `amount`: only where two sizes are offered (an open pair on 4th street, 002:STUD-06). */
  readonly sendAmount: boolean;
}

/**
 * The buttons of a betting decision (not a draw): the bring-in decision offers the bring-in and the
 * completion (002:STUD-04/05); a bet offers fold, check or call, and a bet or raise of the fixed size
 * (two sizes with an open pair on 4th street). A raise on 3rd street before anyone completed is the
 * completion to the small bet (`smallBetMinor`: the table's big blind, D-2021).
 */
export function fixedButtons(legal: FixedLegal, view: FixedPublic, smallBetMinor: bigint | null): FixedButton[] {
  if (legal.kind === 'draw') return [];
  if (legal.kind === 'bring-in') {
    const buttons: FixedButton[] = [];
    if (legal.bringInMinor !== null) buttons.push({ action: 'bring-in', amountMinor: legal.bringInMinor, sendAmount: false });
    if (legal.raiseToMinMinor !== null)
      buttons.push({ action: 'complete', amountMinor: legal.raiseToMinMinor, sendAmount: false });
    return buttons;
  }
  const buttons: FixedButton[] = [];
  if (legal.fold) buttons.push({ action: 'fold', amountMinor: null, sendAmount: false });
  if (legal.check) buttons.push({ action: 'check', amountMinor: null, sendAmount: false });
  if (legal.callMinor !== null) buttons.push({ action: 'call', amountMinor: legal.callMinor, sendAmount: false });
  if (legal.raiseToMinMinor !== null) {
    const highest = view.seats.reduce((max, seat) => (BigInt(seat.betMinor) > max ? BigInt(seat.betMinor) : max), 0n);
    const completing =
      view.family === 'stud' && view.street === 0 && !legal.check && smallBetMinor !== null && highest < smallBetMinor;
    const action = legal.check ? 'bet' : completing ? 'complete' : 'raise';
    const two = legal.raiseToMaxMinor !== null && legal.raiseToMaxMinor !== legal.raiseToMinMinor;
    buttons.push({ action, amountMinor: legal.raiseToMinMinor, sendAmount: two });
    if (two) buttons.push({ action, amountMinor: legal.raiseToMaxMinor, sendAmount: true });
  }
  return buttons;
}

/** Which part of the hand is being played, for the page's words. */
export type Stage =
  | { readonly kind: 'street'; readonly n: number }
  | { readonly kind: 'round'; readonly n: number }
  | { readonly kind: 'draw'; readonly n: number }
  | { readonly kind: 'over' };

/** Seven-card stud games name their streets by the cards held (3rd street first); other games count betting rounds and draws. */
const sevenCardStud = new Set(['stud', 'stud8', 'razz', 'sjukort']);

export function stageOf(view: FixedPublic): Stage {
  if (view.phase === 'complete') return { kind: 'over' };
  if (view.phase === 'drawing') return { kind: 'draw', n: view.drawsDone };
  if (view.family === 'stud' && sevenCardStud.has(view.gameId)) return { kind: 'street', n: view.street + 3 };
  return { kind: 'round', n: view.street + 1 };
}

/**
 * A seat's cards as the table shows them: every up-card face up, each down-card a back (null), unless the owner looks
 * or they were shown. A hand mucked at the showdown (D-2050: `mucked`, no `shownCards`) is gone from the table: no
 * cards, not backs (the page says it was mucked, `seatMucked`); its owner still sees his own.
 */
export function seatCards(
  seat: FixedPublic['seats'][number],
  own: FixedPrivate | null,
): ReadonlyArray<{ card: string | null; up: boolean }> {
  if (seat.shownCards) return seat.shownCards.map((card) => ({ card, up: true }));
  if (own !== null && own.seat === seat.seat) return own.cards.map((c) => ({ card: c.card, up: c.up }));
  if (seat.mucked) return [];
  return [
    ...seat.upCards.map((card) => ({ card, up: true })),
    ...Array.from({ length: seat.downCardCount }, () => ({ card: null, up: false })),
  ];
}

/** Toggles one card of the discard: never more than the draw allows (the extra one is refused: returns null). */
export function toggleDiscard(selected: readonly number[], index: number, max: number): number[] | null {
  if (selected.includes(index)) return selected.filter((k) => k !== index);
  if (selected.length >= max) return null;
  return [...selected, index].sort((a, b) => a - b);
}

/** The mixed table's game line (002:HORSE-02, 8GAME-05): the mix, the game being dealt and which hand of it; null at a single game's table. */
export function mixedGameLine(
  game: TableGame | undefined,
): { mix: string; current: string | null; hand: number | null; hands: number | null; next: string | null } | null {
  if (!game || !game.variant.startsWith('mixed/')) return null;
  // A mixed tournament names the next level's game (D-2040); a cash mix counts hands instead.
  return {
    mix: game.name,
    current: game.currentName,
    hand: game.handOfGame ?? null,
    hands: game.handsOfGame ?? null,
    next: game.nextName ?? null,
  };
}

/** A hand given up unshown at the showdown (D-2050), to be said as "mucked" rather than drawn as hidden cards. */
export const seatMucked = (seat: FixedPublic['seats'][number]): boolean => seat.mucked === true && seat.shownCards === null;

/** The stud games (their tables' small blind field is the bring-in, D-2021); the other fixed-limit games are draw games. */
const studGames = new Set(['stud', 'stud8', 'razz', 'soko', 'femkort', 'sjukort']);

/** Whether a variant (`stud/fixed-limit`, or a bare game id as a mixed table's `currentVariant` may be) is a stud game. */
export const isStudVariant = (variant: string | null | undefined): boolean =>
  variant !== null && variant !== undefined && studGames.has(variant.split('/')[0]!);

/** The table's stakes as its info line says them. */
export type Stakes =
  | { readonly kind: 'blinds'; readonly smallBlindMinor: bigint; readonly bigBlindMinor: bigint }
  | {
      readonly kind: 'stud';
      readonly anteMinor: bigint;
      readonly bringInMinor: bigint;
      readonly smallBetMinor: bigint;
      readonly bigBetMinor: bigint;
    };

/**
 * The stakes from the table's stake fields (D-2021): at a stud hand there are no blinds: the small blind field is the
 * bring-in, the big blind the small bet, the big bet twice it, and the ante every player's; anywhere else the blinds.
 * At a mixed table it is the game being dealt that decides (D-2029: its stud hands use the fields so too).
 */
export function tableStakes(
  fields: { readonly smallBlindMinor: bigint; readonly bigBlindMinor: bigint; readonly anteMinor: bigint },
  stud: boolean,
): Stakes {
  if (!stud) return { kind: 'blinds', smallBlindMinor: fields.smallBlindMinor, bigBlindMinor: fields.bigBlindMinor };
  return {
    kind: 'stud',
    anteMinor: fields.anteMinor,
    bringInMinor: fields.smallBlindMinor,
    smallBetMinor: fields.bigBlindMinor,
    bigBetMinor: fields.bigBlindMinor * 2n,
  };
}
