import { formatCard, parseCards, type Card, type Rng } from '@casino/games';

/**
 * A rigged deck for table tests (issue 18): a generator whose draws make the engine's Fisher–Yates
 * shuffle (rng.ts `shuffle`) deal exactly `order` first, then the rest of `deck` in its own order.
 * Any draw before the shuffle (a first hand's button draw) answers 0, so the button is on the lowest
 * seat that wants in. The engine deals the hole cards one per circuit from the first seat left of the
 * button, then the board (no burn cards).
 */
export function riggedRng(deck: readonly Card[], order: string): Rng {
  const wanted = parseCards(order);
  const rest = deck.filter((card) => !wanted.includes(card));
  const target = [...wanted, ...rest];
  const current = deck.slice();
  let shuffling = false;
  return {
    intBelow(bound: number): number {
      if (!shuffling && bound !== deck.length) return 0;
      shuffling = true;
      // The shuffle fills position bound-1 from positions 0..bound-1: pick where its card is now.
      const i = bound - 1;
      const j = current.indexOf(target[i]!);
      if (j < 0 || j > i) throw new Error(`the rigged deck cannot place ${formatCard(target[i]!)} at ${i}`);
      const swap = current[i]!;
      current[i] = current[j]!;
      current[j] = swap;
      return j;
    },
  };
}
