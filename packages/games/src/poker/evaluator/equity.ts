import { deckSize, type Card } from '../../cards/index.ts';
import { cardHighBit, cardLowBit } from './core/card-masks.ts';
import { evaluateHighPacked } from './core/evaluate-high.ts';

/**
 * Exact all-in equity of Hold'em hands (003:R-ALLIN-09, R-TOUR-13): every board that can still come
 * is enumerated (no sampling) and each hand's share of the pot counted with the standard high
 * evaluator. A k-way tie shares the board between its hands equally: each gets `unitsPerBoard / k`
 * units (`unitsPerBoard` is divisible by every k up to `equityHandsMax`), so every count stays a whole
 * number and a hand's equity is exactly `shareUnits / (boards × unitsPerBoard)`.
 */
export interface HandEquity {
  /** Boards this hand wins alone. */
  readonly wins: number;
  /** Boards this hand ties with others. */
  readonly ties: number;
  /** Its share of the pot over all boards, in `unitsPerBoard` per board (a k-way tie gives unitsPerBoard / k). */
  readonly shareUnits: number;
}

export interface EquityResult {
  /** How many boards were enumerated (C(cards left, cards to come)). */
  readonly boards: number;
  /** Units of one whole board (divisible by every tie size 1..handsMax). */
  readonly unitsPerBoard: number;
  readonly hands: readonly HandEquity[];
}

/** At most this many hands (a full ring), so the units stay exact in a double. */
export const equityHandsMax = 10;
/** The board of a Hold'em hand. */
export const equityBoardSize = 5;
// lcm(1..10): every tie of up to ten hands divides a board's units exactly.
const unitsPerBoard = 2_520;

/**
 * The exact equity of `holes` (two cards each: Texas Hold'em, best five of seven) with `board` dealt so far (0, 3, 4 or 5 cards);
 * `dead` are cards known to be out of the deck (e.g. folded hands shown), none by default.
 */
export function holdemEquity(
  holes: readonly (readonly Card[])[],
  board: readonly Card[],
  dead: readonly Card[] = [],
): EquityResult {
  if (holes.length < 2 || holes.length > equityHandsMax) throw new RangeError(`equity of 2..${equityHandsMax} hands`);
  if (board.length > equityBoardSize) throw new RangeError('a board has at most five cards');
  const used = new Uint8Array(deckSize);
  const take = (card: Card) => {
    if (!Number.isInteger(card) || card < 0 || card >= deckSize || used[card])
      throw new RangeError(`card ${card} twice or no card`);
    used[card] = 1;
  };
  for (const hole of holes) {
    if (hole.length !== 2) throw new RangeError("a Hold'em hand has two hole cards");
    hole.forEach(take);
  }
  board.forEach(take);
  dead.forEach(take);
  const deck: Card[] = [];
  for (let card = 0; card < deckSize; card++) if (!used[card]) deck.push(card);
  const toCome = equityBoardSize - board.length;
  let boardLow = 0;
  let boardHigh = 0;
  for (const card of board) {
    boardLow |= cardLowBit[card]!;
    boardHigh |= cardHighBit[card]!;
  }
  const holeLow = holes.map((h) => cardLowBit[h[0]!]! | cardLowBit[h[1]!]!);
  const holeHigh = holes.map((h) => cardHighBit[h[0]!]! | cardHighBit[h[1]!]!);
  const count = holes.length;
  const wins = new Array<number>(count).fill(0);
  const ties = new Array<number>(count).fill(0);
  const share = new Array<number>(count).fill(0);
  const values = new Array<number>(count).fill(0);
  let boards = 0;
  const score = (low: number, high: number) => {
    boards++;
    let best = -1;
    let tied = 0;
    for (let i = 0; i < count; i++) {
      const value = evaluateHighPacked(low | holeLow[i]!, high | holeHigh[i]!, 7);
      values[i] = value;
      if (value > best) {
        best = value;
        tied = 1;
      } else if (value === best) tied++;
    }
    for (let i = 0; i < count; i++) {
      if (values[i] !== best) continue;
      if (tied === 1) wins[i]!++;
      else ties[i]!++;
      share[i]! += unitsPerBoard / tied;
    }
  };
  const choose = (from: number, left: number, low: number, high: number): void => {
    if (left === 0) return score(low, high);
    for (let i = from; i <= deck.length - left; i++) {
      const card = deck[i]!;
      choose(i + 1, left - 1, low | cardLowBit[card]!, high | cardHighBit[card]!);
    }
  };
  choose(0, toCome, boardLow, boardHigh);
  return Object.freeze({
    boards,
    unitsPerBoard,
    hands: holes.map((_, i) => Object.freeze({ wins: wins[i]!, ties: ties[i]!, shareUnits: share[i]! })),
  });
}
