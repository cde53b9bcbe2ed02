/** A hand's best total (aces as 11 while that does not bust): shown only, the engine decides. */
export function handTotal(cards: Array<string | null>): { total: number; soft: boolean } {
  let total = 0;
  let aces = 0;
  for (const card of cards) {
    if (!card) continue;
    const rank = card[0]!;
    if (rank === 'A') {
      aces++;
      total += 11;
    } else total += 'TJQK'.includes(rank) ? 10 : Number(rank);
  }
  while (total > 21 && aces > 0) {
    total -= 10;
    aces--;
  }
  return { total, soft: aces > 0 };
}
