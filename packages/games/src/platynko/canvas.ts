/**
 * The betting canvas (004:GAM-PL-03): 32 mariáš cards, rows by suit top to bottom (hearts "srdce",
 * bells "kule", leaves "listy", acorns "žaludy"), columns by rank left to right VII … E (ace). The
 * four face ranks are spodek (under-knave), svršek (over-knave), král (king) and eso (ace). A card
 * is named `<suit>-<rank>`, e.g. `hearts-VII`, `acorns-ace`; suit and rank only identify a bet and
 * never change what it wins (GAM-PL-05).
 */
export const platynkoSuits = Object.freeze(['hearts', 'bells', 'leaves', 'acorns'] as const);
export const platynkoRanks = Object.freeze(['VII', 'VIII', 'IX', 'X', 'under', 'over', 'king', 'ace'] as const);

export type PlatynkoSuit = (typeof platynkoSuits)[number];
export type PlatynkoRank = (typeof platynkoRanks)[number];
/** `<suit>-<rank>`: a card of the canvas. */
export type PlatynkoCardId = `${PlatynkoSuit}-${PlatynkoRank}`;

export const cardIdOf = (suit: PlatynkoSuit, rank: PlatynkoRank): PlatynkoCardId => `${suit}-${rank}`;

/** The canvas in reading order: row by row (suits), left to right (ranks). */
export const platynkoCanvas: readonly PlatynkoCardId[] = Object.freeze(
  platynkoSuits.flatMap((suit) => platynkoRanks.map((rank) => cardIdOf(suit, rank))),
);

export const platynkoDeckSize = platynkoCanvas.length;

const canvasSet = new Set<string>(platynkoCanvas);

export function isPlatynkoCard(value: unknown): value is PlatynkoCardId {
  return typeof value === 'string' && canvasSet.has(value);
}

export function isPlatynkoSuit(value: unknown): value is PlatynkoSuit {
  return typeof value === 'string' && (platynkoSuits as readonly string[]).includes(value);
}

export function isPlatynkoRank(value: unknown): value is PlatynkoRank {
  return typeof value === 'string' && (platynkoRanks as readonly string[]).includes(value);
}

/** A row of the canvas: the 8 cards of one suit (the quick "row bet", GAM-PL-09). */
export function rowCards(suit: PlatynkoSuit): PlatynkoCardId[] {
  return platynkoRanks.map((rank) => cardIdOf(suit, rank));
}

/** A column of the canvas: the 4 cards of one rank (the quick "column bet", GAM-PL-09). */
export function columnCards(rank: PlatynkoRank): PlatynkoCardId[] {
  return platynkoSuits.map((suit) => cardIdOf(suit, rank));
}
