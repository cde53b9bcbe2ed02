import { rankOf, suitOf, type Card } from '../../cards/index.ts';

/**
 * Stud's order of play from the up-cards (issue 20): who brings in on third street and who opens
 * the later streets. Pure functions of the cards shown, so the rule is testable by itself.
 */

/** Suit strength for the bring-in and board ties: 000-001 VAR-ST-04 and 002 STUD-04 agree ♣ < ♦ < ♥ < ♠. */
export function suitStrength(card: Card): number {
  return suitOf(card);
}

/** The ace is high for the bring-in in stud (002 STUD-04, 000-001 A-14) and low in Razz (002 RAZ-02). */
function rankFor(card: Card, aceLow: boolean): number {
  return aceLow ? (rankOf(card) + 1) % 13 : rankOf(card);
}

/**
 * The bring-in: the lowest up-card by rank (ace high), ties to the lowest suit (2♦ over 2♥, 2♣ the
 * lowest card of all); Razz the highest (king high, ace low), ties to the highest suit. Candidates
 * are player indices with their one up-card.
 */
export function bringInPlayer(upCards: readonly (Card | null)[], bringInCard: 'lowest' | 'highest'): number {
  let chosen = -1;
  let chosenKey = 0;
  upCards.forEach((card, player) => {
    if (card === null) return;
    const key = rankFor(card, bringInCard === 'highest') * 4 + suitStrength(card);
    if (chosen < 0 || (bringInCard === 'lowest' ? key < chosenKey : key > chosenKey)) {
      chosen = player;
      chosenKey = key;
    }
  });
  if (chosen < 0) throw new RangeError('nobody shows an up-card');
  return chosen;
}

/**
 * Strength of a board of one to four up-cards for the order of play: quads > trips > two pair >
 * pair > high cards, then the ranks from the top (straights and flushes do not exist on an
 * incomplete board; 000-001 VAR-ST-13 leaves "highest open hand" open, D-2005). For Razz the best
 * low board: no pair before any pair, then the lowest top card (ace low). Higher is better.
 */
export function boardStrength(up: readonly Card[], board: 'high' | 'low'): number {
  const aceLow = board === 'low';
  const counts = new Map<number, number>();
  for (const card of up) counts.set(rankFor(card, aceLow), (counts.get(rankFor(card, aceLow)) ?? 0) + 1);
  const groups = [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  const [first = 0, second = 0] = groups.map(([, count]) => count);
  let value = first === 4 ? 4 : first === 3 ? 3 : first === 2 && second === 2 ? 2 : first === 2 ? 1 : 0;
  for (let i = 0; i < 4; i++) value = value * 16 + (groups[i] ? groups[i]![0] + 1 : 0);
  return board === 'high' ? value : -value;
}

/**
 * Who opens 4th–7th street: the best board among `boards` (null = folded). Ties: 'position' = the
 * first clockwise from the dealer's left (000-001 VAR-ST-06, PokerKit), 'suit' = the highest suit
 * among the tied boards' highest cards (002 AMB-STUD-FIRST).
 */
export function openerByBoard(
  boards: readonly (readonly Card[] | null)[],
  board: 'high' | 'low',
  tie: 'position' | 'suit',
): number {
  let chosen = -1;
  let chosenValue = 0;
  let chosenSuit = -1;
  boards.forEach((up, player) => {
    if (up === null || up.length === 0) return;
    const value = boardStrength(up, board);
    const suit = Math.max(...up.filter((card) => rankFor(card, board === 'low') === topRankOf(up, board)).map(suitStrength));
    const better = chosen < 0 || value > chosenValue || (value === chosenValue && tie === 'suit' && suit > chosenSuit);
    if (better) {
      chosen = player;
      chosenValue = value;
      chosenSuit = suit;
    }
  });
  if (chosen < 0) throw new RangeError('no board to open');
  return chosen;
}

function topRankOf(up: readonly Card[], board: 'high' | 'low'): number {
  return Math.max(...up.map((card) => rankFor(card, board === 'low')));
}

/** 000-001 BET-12 / 002 STUD-06: any open pair among the players still in on 4th street. */
export function showsOpenPair(boards: readonly (readonly Card[] | null)[]): boolean {
  return boards.some((up) => up !== null && new Set(up.map(rankOf)).size < up.length);
}
